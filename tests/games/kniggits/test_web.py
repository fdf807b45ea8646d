"""Kniggits through the web app: sealed armies and sword-and-shield hands never reach the other seat
or a spectator (view, events, WebSocket) before the reveal."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from brawl.server.app import create_app

# A 12-inch table: the two deployment zones meet, so the armies can start in combat.
OPTIONS = {"terrain": "open", "table": 12, "points": 20}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'kniggits.sqlite3'}", bot_delay=0)) as c:
        yield c


def room_with_two_people(client) -> tuple[str, dict[int, str]]:
    r = client.post("/api/rooms", json={"game": "kniggits", "options": OPTIONS, "seats": ["human", "human"]})
    assert r.status_code == 201, r.text
    room = r.json()
    return room["room"], {s["seat"]: s["token"] for s in room["seats"]}


def hello(ws, token=None):
    ws.send_json({"type": "hello", "token": token, "since": -1})
    assert ws.receive_json()["type"] == "welcome"
    assert ws.receive_json()["type"] == "update"


def public(msg: dict) -> str:
    """A message without the seat's own legal decisions (which name what it could choose)."""
    msg = json.loads(json.dumps(msg))
    for v in [msg] if "state" in msg else [msg.get("view")] if msg.get("view") else []:
        v.pop("legal", None)
    return json.dumps(msg)


def others_see(client, rid, t, ws1, spec) -> list[dict]:
    return [ws1.receive_json(), spec.receive_json(),
            client.get(f"/api/rooms/{rid}", headers={"X-Seat-Token": t[1]}).json(),
            client.get(f"/api/rooms/{rid}").json(),
            client.get(f"/api/rooms/{rid}/events", headers={"X-Seat-Token": t[1]}).json(),
            client.get(f"/api/rooms/{rid}/events").json()]


def test_sealed_army_and_hands_reach_no_one_before_the_reveal(client):
    """Rules page, Kniggits (rule 18: fights are simultaneous hidden choices; rule 8: armies sealed);
    DEVELOPERS (views per seat): through the server, in every channel."""
    rid, t = room_with_two_people(client)

    def post(seat, action):
        r = client.post(f"/api/rooms/{rid}/decisions", json={"token": t[seat], "action": action})
        assert r.status_code == 200, r.text
        return r.json()

    def watch_while(seat, action):
        """Seat ``seat`` decides; returns what the other seat and a spectator receive."""
        with client.websocket_connect(f"/api/rooms/{rid}/ws") as ws1, \
                client.websocket_connect(f"/api/rooms/{rid}/ws") as spec:
            hello(ws1, t[1 - seat])
            hello(spec)
            mine = post(seat, action)
            return mine, others_see(client, rid, {1: t[1 - seat]}, ws1, spec)

    army = "3/3/3@6.25,5.25"
    mine, seen = watch_while(0, f"army:{army}")
    assert army in json.dumps(mine)
    for msg in seen:
        assert army not in public(msg) and "6.25" not in public(msg), msg
    revealed = post(1, "army:3/3/3@6.25,6.75")
    assert army in json.dumps(revealed)  # revealed together
    for _ in range(2):
        post(0, "rock")
        post(1, "scissors")
    post(0, "end_move")
    state = client.get(f"/api/rooms/{rid}").json()["state"]
    assert state["phase"] == "fight" and state["fights"][0][:2] == ["A1", "B1"]
    mine, seen = watch_while(0, "fight:A1-B1:low:middle")
    assert "low:middle" in json.dumps(mine)
    for msg in seen:
        text = public(msg)
        assert "low:middle" not in text and "low/middle" not in text, msg
    assert client.get(f"/api/rooms/{rid}").json()["state"]["sealed"] == ["chosen", None]
    after = post(1, "fight:A1-B1:high:high")
    assert "fight:A1-B1:low:middle" in json.dumps(after)
    assert "low/middle" in json.dumps(client.get(f"/api/rooms/{rid}").json()["state"]["revealed"])


def test_game_info_announces_the_renderer(client):
    """The web plug-in point: Kniggits ships its own renderer."""
    info = client.get("/api/games/kniggits").json()
    assert info["renderer"] is True
    assert client.get("/static/games/kniggits.js").status_code == 200


def test_heuristic_bot_plays_in_a_room(client):
    """A person can play against the heuristic bot: the bot's army, hands and moves are accepted."""
    r = client.post("/api/rooms", json={"game": "kniggits", "options": dict(OPTIONS, turn_limit=4),
                                        "seats": ["bot:heuristic", "bot:random"]})
    assert r.status_code == 201, r.text
    rid = r.json()["room"]
    deadline = time.monotonic() + 20
    while not client.get(f"/api/rooms/{rid}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
