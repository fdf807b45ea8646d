"""Issue 41, point 3: notification choices and Web Push, with a real push endpoint on this machine
that decrypts each message (RFC 8291, aes128gcm) with the browser's keys and counts them."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient

from .conftest import person


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class Browser:
    """A browser's push keys: its P-256 key pair and auth secret (what PushManager makes)."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def keys(self) -> dict:
        raw = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"p256dh": b64(raw), "auth": b64(self.auth)}

    def read(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


class PushService:
    """A push service on a free port: each path's messages kept; ``answers[path]`` a list of what to
    do with the next messages ("gone": 410, "slow": answer after the sender gave up), 201 after."""

    def __init__(self) -> None:
        self.got: dict[str, list[tuple[dict, bytes]]] = {}
        self.answers: dict[str, list[str]] = {}
        self.stall = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                todo = service.answers.get(self.path, [])
                what = todo.pop(0) if todo else "ok"
                if what == "slow":
                    service.stall.wait(5)  # held until the sender has timed out (the test lets it go)
                    return
                if what == "gone":
                    self.send_response(410)
                    self.end_headers()
                    return
                service.got.setdefault(self.path, []).append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.stall.set()
        self.server.shutdown()


@pytest.fixture
def service():
    s = PushService()
    yield s
    s.close()


def wait_for(predicate, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.02)


def subscribe(c: TestClient, service: PushService, path: str) -> Browser:
    browser = Browser()
    r = c.post("/api/me/push", json={"endpoint": service.url + path, "keys": browser.keys()})
    assert r.status_code == 201, r.text
    r = c.put("/api/me/notifications", json={"push": True})
    assert r.status_code == 200 and r.json()["push"] and r.json()["subscriptions"] == 1
    return browser


def ktog(people: list[TestClient]) -> tuple[str, dict[int, str]]:
    r = people[0].post("/api/rooms", json={"game": "ktog", "options": {"players": len(people)},
                                            "seats": ["human"] * len(people),
                                            "time_control": {"mode": "correspondence", "days": 2}})
    room = r.json()
    tokens = {s["seat"]: s["token"] for s in room["seats"]}
    for seat, c in enumerate(people):
        assert c.post(f"/api/rooms/{room['room']}/account", json={"token": tokens[seat]}).status_code == 200
    return room["room"], tokens


def test_settings_are_kept_and_bad_ones_refused(app, client):
    """Issue 41, point 3: GET/PUT /api/me/notifications keep each choice; a bad one and a malformed
    push subscription are 422 and change nothing; the VAPID key is the same after a restart."""
    ann = person(app, "Ann")
    first = ann.get("/api/me/notifications").json()
    assert first["push"] is False and first["in_page"] is True and len(base64.urlsafe_b64decode(first["vapid_public_key"] + "==")) == 65
    assert ann.put("/api/me/notifications", json={"system": True, "sound": True}).json()["system"] is True
    assert ann.put("/api/me/notifications", json={"email": "not an address"}).status_code == 422
    assert ann.put("/api/me/notifications", json={"loud": True}).status_code == 422
    assert ann.get("/api/me/notifications").json()["system"] is True
    for bad in ({"endpoint": "https://push.example/x"}, {"endpoint": "https://push.example/x", "keys": {"p256dh": "AAAA", "auth": "BBBB"}},
                {"endpoint": "ftp://x", "keys": Browser().keys()}, {"keys": Browser().keys()}, []):
        assert ann.post("/api/me/push", json=bad).status_code == 422, bad
    assert ann.get("/api/me/notifications").json()["subscriptions"] == 0
    assert TestClient(app).get("/api/me/notifications").status_code == 401
    from brawl.server.notifications.push import public_key, vapid_key
    assert public_key(vapid_key(app.state.engine)) == first["vapid_public_key"]  # made once, kept


def test_a_turn_is_pushed_once_decrypted_with_its_words_and_no_token(app, client, service):
    """Issue 41, point 3: when a correspondence decision opens, the player's browser is told once,
    with "Your turn in KtOG with ... (2 days left)" and no seat token; asking again sends nothing."""
    people = [person(app, n) for n in ("Ann", "Bob", "Cy")]
    browsers = [subscribe(c, service, f"/sub/{i}") for i, c in enumerate(people)]
    room, tokens = ktog(people)
    hub = app.state.hub
    seat = client.get(f"/api/rooms/{room}").json()["node"]["seats"][0]
    legal = people[seat].get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
    assert people[seat].post(f"/api/rooms/{room}/decisions", json={"token": tokens[seat], "action": legal[0]["action"]}).status_code == 200
    nxt = client.get(f"/api/rooms/{room}").json()["node"]["seats"][0]
    assert nxt != seat
    wait_for(lambda: f"/sub/{nxt}" in service.got)
    headers, body = service.got[f"/sub/{nxt}"][0]
    assert headers.get("content-encoding") == "aes128gcm" and "vapid" in headers.get("authorization", "").lower()
    message = browsers[nxt].read(body)
    names = [n for i, n in enumerate(("Ann", "Bob", "Cy")) if i != nxt]
    assert message["body"] == f"Your turn in KtOG with {names[0]} and {names[1]} (2 days left)"
    assert not any(t in json.dumps(message) for t in tokens.values())
    live = hub.get(room)
    hub.clocks.arm(live)  # looked at again, and after a restart of its memory
    hub.turns.told.clear()
    hub.clocks.arm(live)
    people[seat].get(f"/api/rooms/{room}")  # something else happens meanwhile
    wait_for(app.state.pusher.idle)
    assert len(service.got[f"/sub/{nxt}"]) == 1  # told once
    assert f"/sub/{seat}" not in service.got


def test_a_gone_endpoint_is_dropped_and_a_timeout_tried_again(app, client, service):
    """Issue 41, point 3: an endpoint answering 410 is dropped; one that times out is tried again
    with backoff and its message comes once; neither holds the game."""
    pusher = app.state.pusher
    pusher.timeout, pusher.backoff = 0.5, 0.05
    people = [person(app, n) for n in ("Ann", "Bob")]
    browsers = [subscribe(c, service, f"/p/{i}") for i, c in enumerate(people)]
    for i in range(2):
        service.answers[f"/p/{i}"] = ["gone"] if i == 0 else ["slow"]
    sub0 = {"endpoint": service.url + "/p/0", "keys": browsers[0].keys()}
    sub1 = {"endpoint": service.url + "/p/1", "keys": browsers[1].keys()}
    pusher.push(sub0, "Your turn in Krig with Bob (1 day left)")
    pusher.push(sub1, "Your turn in Krig with Ann (1 day left)")
    wait_for(lambda: people[0].get("/api/me/notifications").json()["subscriptions"] == 0)  # dropped
    assert people[1].get("/api/me/notifications").json()["subscriptions"] == 1
    wait_for(lambda: "/p/1" in service.got)
    assert pusher.retried >= 1
    assert browsers[1].read(service.got["/p/1"][0][1])["body"] == "Your turn in Krig with Ann (1 day left)"
    service.stall.set()
    wait_for(pusher.idle)
    assert len(service.got["/p/1"]) == 1


def test_nothing_is_pushed_for_a_game_open_in_front_of_the_player(app, client, service):
    """Issue 41, point 3: a player whose game page is open (its live connection) is told nothing."""
    from tests.server.test_live import hello

    people = [person(app, n) for n in ("Ann", "Bob", "Cy")]
    for i, c in enumerate(people):
        subscribe(c, service, f"/open/{i}")
    room, tokens = ktog(people)
    seat = client.get(f"/api/rooms/{room}").json()["node"]["seats"][0]
    others = [s for s in range(3) if s != seat]
    with client.websocket_connect(f"/api/rooms/{room}/ws") as a, client.websocket_connect(f"/api/rooms/{room}/ws") as b:
        hello(a, tokens[others[0]])
        hello(b, tokens[others[1]])
        legal = people[seat].get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
        r = people[seat].post(f"/api/rooms/{room}/decisions", json={"token": tokens[seat], "action": legal[0]["action"]})
        assert r.status_code == 200
        assert client.get(f"/api/rooms/{room}").json()["node"]["seats"][0] in others
        wait_for(app.state.pusher.idle)
    assert service.got == {}
