"""Issue 41, point 2: ``/games`` and ``GET /api/me/games``: an account's games in progress, those
waiting for its decision first, each with its time left and a way to its seat whose token reaches
only the seat's account."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from brawl.server.settings import Settings

DAY = 86_400.0


@pytest.fixture
def app(tmp_path):
    return create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'g.sqlite3'}", bot_delay=0,
                                        argon2_profile="CHEAPEST", hash_priority="normal", decisions_per_second=100_000,
                                        signups_per_hour=10_000))


def person(app, name: str) -> TestClient:
    c = TestClient(app)
    r = c.post("/api/accounts", json={"username": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    c.headers["X-CSRF-Token"] = r.json()["csrf"]
    return c


def ktog_of(app, people: list[TestClient], days: int = 1) -> tuple[str, dict[int, str]]:
    """A casual correspondence KtOG whose seats the people bind to their accounts, in order."""
    r = people[0].post("/api/rooms", json={"game": "ktog", "options": {"players": len(people)},
                                            "seats": ["human"] * len(people),
                                            "time_control": {"mode": "correspondence", "days": days}})
    assert r.status_code == 201, r.text
    room = r.json()
    tokens = {s["seat"]: s["token"] for s in room["seats"]}
    for seat, c in enumerate(people):
        assert c.post(f"/api/rooms/{room['room']}/account", json={"token": tokens[seat]}).status_code == 200
    return room["room"], tokens


def test_the_list_puts_the_games_waiting_for_you_first_with_their_time_and_no_token(app):
    """Issue 41, point 2: each account's list holds its games in progress; those waiting for its
    decision come first with the days left; the answer carries no seat token."""
    with TestClient(app):
        ann, bob, cy = person(app, "Ann"), person(app, "Bob"), person(app, "Cy")
        first, tokens = ktog_of(app, [ann, bob, cy], days=2)
        second, tokens2 = ktog_of(app, [bob, cy, ann], days=7)
        waiting = ann.get(f"/api/rooms/{first}").json()["node"]["seats"]
        lists = {name: c.get("/api/me/games") for name, c in (("Ann", ann), ("Bob", bob), ("Cy", cy))}
        for name, r in lists.items():
            assert r.status_code == 200, r.text
            body = r.text
            assert not any(tok in body for tok in [*tokens.values(), *tokens2.values()])
            games = r.json()["games"]
            assert {g["room"] for g in games} == {first, second}
            flags = [g["your_turn"] for g in games]
            assert flags == sorted(flags, reverse=True)  # those waiting for you first
            assert r.json()["waiting"] == sum(flags)
            for g in games:
                assert g["correspondence"] and g["open"] == f"/api/me/games/{g['room']}/seat"
                if g["your_turn"]:
                    assert g["left"] == pytest.approx((2 if g["room"] == first else 7) * DAY, abs=60)
                else:
                    assert g["left"] is None
        seat_of = {"Ann": 0, "Bob": 1, "Cy": 2}
        for name, r in lists.items():
            mine = next(g for g in r.json()["games"] if g["room"] == first)
            assert mine["seat"] == seat_of[name] and mine["your_turn"] == (seat_of[name] in waiting)
            assert len(mine["others"]) == 2
        assert TestClient(app).get("/api/me/games").status_code == 401  # a guest has no account list
        page = ann.get("/games")
        assert page.status_code == 200 and "games-list.js" in page.text
        worker = ann.get("/sw.js")  # the service worker for push messages, at the root
        assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
        assert "showNotification" in worker.text


def test_opening_a_seat_gives_only_its_account_a_fresh_token(app):
    """Issue 41, point 2: "Open" gives the seat's own account a fresh token that plays that seat
    (the old one stops working); no other account, no request without the CSRF token, and no guest
    gets one."""
    with TestClient(app):
        ann, bob, cy, dee = person(app, "Ann"), person(app, "Bob"), person(app, "Cy"), person(app, "Dee")
        room, tokens = ktog_of(app, [ann, bob, cy])
        r = bob.post(f"/api/me/games/{room}/seat")
        assert r.status_code == 200, r.text
        opened = r.json()
        assert opened["seat"] == 1 and opened["invite"] == f"/play/{room}#t={opened['token']}"
        assert bob.get(f"/api/rooms/{room}", headers={"X-Seat-Token": opened["token"]}).json()["seat"] == 1
        assert bob.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[1]}).status_code == 403
        assert dee.post(f"/api/me/games/{room}/seat").status_code == 404  # no seat of Dee's there
        no_csrf = TestClient(app, cookies=cy.cookies)
        assert no_csrf.post(f"/api/me/games/{room}/seat").status_code == 403
        assert TestClient(app).post(f"/api/me/games/{room}/seat").status_code == 401
        assert cy.post(f"/api/me/games/{room}/seat").json()["seat"] == 2
