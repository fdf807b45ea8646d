"""Accounts: sign up, log in and out, wrong passwords and their limits, foreign pages and CSRF,
password change and deletion, seats taken as oneself (issue 32)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import text

from .conftest import person


def test_sign_up_sets_an_http_only_session_and_keeps_only_an_argon2id_hash(app, client):
    r = client.post("/api/accounts", json={"username": "Ana", "password": "correct horse"})
    assert r.status_code == 201 and r.json()["username"] == "Ana" and r.json()["csrf"]
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie  # plain http here
    me = client.get("/api/me").json()
    assert me == {"username": "Ana", "csrf": r.json()["csrf"]}
    with app.state.engine.connect() as conn:
        stored = conn.execute(text("select password_hash from accounts")).scalar()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored


def test_the_cookie_is_secure_when_served_over_https(app):
    c = TestClient(app, base_url="https://testserver")
    r = c.post("/api/accounts", json={"username": "Sec", "password": "correct horse"})
    assert r.status_code == 201 and "secure" in r.headers["set-cookie"].lower()


def test_usernames_are_unique_whatever_their_case_and_bad_ones_are_refused(client):
    assert client.post("/api/accounts", json={"username": "Moon", "password": "correct horse"}).status_code == 201
    r = client.post("/api/accounts", json={"username": "moon", "password": "correct horse"})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    for bad in ({"username": "x", "password": "correct horse"}, {"username": "a b", "password": "correct horse"},
                {"username": "Okay", "password": "short"}, {"username": "Okay"}):
        r = client.post("/api/accounts", json=bad)
        assert 400 <= r.status_code < 500 and "error" in r.json()


def test_log_in_and_out(app):
    person(app, "Sun")
    c = TestClient(app)
    assert c.get("/api/me").status_code == 401
    r = c.post("/api/session", json={"username": "sun", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["username"] == "Sun"
    c.headers["X-CSRF-Token"] = r.json()["csrf"]
    assert c.get("/api/me").json()["username"] == "Sun"
    assert c.delete("/api/session").status_code == 200
    assert c.get("/api/me").status_code == 401


def test_a_wrong_password_and_an_unknown_name_get_the_same_refusal(app):
    person(app, "Sun")
    c = TestClient(app)
    wrong = c.post("/api/session", json={"username": "Sun", "password": "not the one"})
    nobody = c.post("/api/session", json={"username": "Nobody", "password": "not the one"})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json() == {"error": "wrong username or password"}


def test_repeated_failures_are_limited_per_account_and_per_address(app):
    person(app, "Sun")
    c = TestClient(app)
    limit = app.state.settings.login_failures_per_account
    codes = [c.post("/api/session", json={"username": "Sun", "password": "guess"}).status_code for _ in range(limit + 1)]
    assert codes == [401] * limit + [429]
    # the right password is refused too while the account is limited
    assert c.post("/api/session", json={"username": "Sun", "password": "correct horse"}).status_code == 429
    # another username from the same address: limited once the address reaches its own limit
    per_address = app.state.settings.login_failures_per_address
    codes = [c.post("/api/session", json={"username": f"user{i}", "password": "guess"}).status_code
             for i in range(per_address)]
    assert codes[-1] == 429 and 401 in codes


def test_changes_from_a_foreign_page_or_without_the_csrf_token_are_refused(app):
    c = person(app, "Ana")
    foreign = {"Origin": "http://evil.example"}
    assert c.delete("/api/session", headers=foreign).status_code == 403
    assert c.post("/api/seeks", json={"game": "krig"}, headers=foreign).status_code == 403
    assert c.post("/api/session", json={"username": "Ana", "password": "correct horse"}, headers=foreign).status_code == 403
    token = c.headers.pop("X-CSRF-Token")
    r = c.post("/api/seeks", json={"game": "krig"})
    assert r.status_code == 403 and "CSRF" in r.json()["error"]
    assert c.delete("/api/session", headers={"X-CSRF-Token": "forged"}).status_code == 403
    assert c.get("/api/me").status_code == 200  # still logged in: nothing changed
    assert c.delete("/api/session", headers={"X-CSRF-Token": token, "Origin": "http://testserver"}).status_code == 200


def test_a_password_change_ends_other_sessions(app):
    c = person(app, "Ana")
    other = TestClient(app)
    other.post("/api/session", json={"username": "Ana", "password": "correct horse"})
    r = c.post("/api/me/password", json={"old": "correct horse", "new": "battery staple"})
    assert r.status_code == 200
    c.headers["X-CSRF-Token"] = r.json()["csrf"]
    assert c.get("/api/me").status_code == 200 and other.get("/api/me").status_code == 401
    assert TestClient(app).post("/api/session", json={"username": "Ana", "password": "battery staple"}).status_code == 200
    assert c.post("/api/me/password", json={"old": "wrong one", "new": "battery staple 2"}).status_code == 401


def test_a_deleted_account_cannot_log_in_and_its_games_stay_under_deleted_player(app):
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = ana.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"]}).json()
    for c, seat in ((ana, room["seats"][0]), (sun, room["seats"][1])):
        assert c.post(f"/api/rooms/{room['room']}/account", json={"token": seat["token"]}).status_code == 200
    names = [s["player"] for s in ana.get(f"/api/rooms/{room['room']}").json()["seats"]]
    assert names == ["Ana", "Sun"]
    assert ana.request("DELETE", "/api/me", json={"password": "wrong"}).status_code == 401
    assert ana.request("DELETE", "/api/me", json={"password": "correct horse"}).status_code == 200
    assert ana.get("/api/me").status_code == 401
    assert TestClient(app).post("/api/session", json={"username": "Ana", "password": "correct horse"}).status_code == 401
    assert sun.get(f"/api/rooms/{room['room']}").status_code == 200
    assert sun.get("/api/players/Ana").status_code == 404
    # the name is free again
    assert person(app, "Ana").get("/api/me").json()["username"] == "Ana"


def test_a_seat_taken_as_oneself_belongs_to_that_account(app):
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = ana.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"]}).json()
    seat0 = room["seats"][0]["token"]
    assert ana.post(f"/api/rooms/{room['room']}/account", json={"token": seat0}).json() == {"seat": 0, "username": "Ana"}
    r = sun.post(f"/api/rooms/{room['room']}/account", json={"token": seat0})
    assert r.status_code == 409
    guest = TestClient(app)
    assert guest.post(f"/api/rooms/{room['room']}/account", json={"token": seat0}).status_code == 401
    assert [g["room"] for g in ana.get("/api/players/Ana").json()["games"]] == [room["room"]]
