"""Issue 12: limits, bad input, hardening and constant cost per decision.

Every limit is a setting with a clear refusal (413, 429, 400, a WebSocket close code), every
refusal changes nothing, and a decision's work and bytes do not grow with the game's length."""

from __future__ import annotations

import json
import logging

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from brawl.server import projection
from brawl.server.app import create_app
from brawl.server.settings import Settings

from .conftest import decide, make_room, tokens, view


@pytest.fixture
def tight(db_url):
    settings = Settings(db_url=db_url, bot_delay=0, max_body_bytes=2048, rooms_per_minute=3, decisions_per_second=2,
                        sockets_per_room=2, sockets_per_client=3, chat_per_minute=2)
    with TestClient(create_app(settings=settings)) as c:
        yield c


def events(client, room):
    return client.get(f"/api/rooms/{room['room']}/events").json()


def test_a_body_over_the_limit_is_413(tight):
    r = tight.post("/api/rooms", content=json.dumps({"game": "krig", "seats": ["human", "human"],
                                                     "options": {"x": "y" * 5000}}),
                   headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["error"]


def test_rooms_per_client_per_minute_is_429(tight):
    for _ in range(3):
        make_room(tight)
    r = tight.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"]})
    assert r.status_code == 429 and "too many" in r.json()["error"]


def test_decisions_per_seat_per_second_is_429_and_changes_nothing(tight):
    room = make_room(tight, options={"hp": 20})
    seat = view(tight, room, None)["node"]["seats"][0]
    codes = [decide(tight, room, seat, "attack").status_code]  # accepted; the next two are out of turn
    codes += [decide(tight, room, seat, "attack").status_code]
    other = view(tight, room, None)["node"]["seats"][0]
    assert other != seat
    r = decide(tight, room, other, view(tight, room, other)["legal"][0]["action"])  # its own allowance
    assert r.status_code == 200
    before = events(tight, room)
    r = decide(tight, room, seat, "attack")
    assert codes == [200, 409] and r.status_code == 429 and "too many decisions" in r.json()["error"]
    assert events(tight, room) == before


@pytest.mark.parametrize("body", [
    '{"token": "\\ud800", "action": "attack"}',
    '{"token": "x", "action": "\\ud800"}',
])
def test_a_lone_surrogate_is_400_not_a_crash(client, body):
    room = make_room(client)
    before = events(client, room)
    r = client.post(f"/api/rooms/{room['room']}/decisions", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "Unicode" in r.json()["error"]
    r = client.post("/api/rooms", content='{"game": "\\ud800", "seats": []}', headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert events(client, room) == before


def test_deep_nesting_is_400(client):
    deep = "[" * 5000 + "]" * 5000
    r = client.post("/api/rooms", content='{"game": "krig", "seats": ' + deep + '}', headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "nested" in r.json()["error"]


def test_websocket_bad_input_gets_answers_not_a_dropped_socket(client):
    room = make_room(client)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        ws.send_json({"type": "hello", "token": 5, "since": -1})
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        ws.send_json({"type": "hello", "token": tokens(room)[0], "since": -1})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_text("[" * 5000 + "]" * 5000)
        msg = ws.receive_json()
        while msg["type"] == "update":
            msg = ws.receive_json()
        assert msg["type"] == "error"
        ws.send_text('{"type": "ping", "ref": "\\ud800"}')
        msg = ws.receive_json()
        assert msg["type"] == "error" and "Unicode" in msg["message"]
        ws.send_json({"type": "ping", "ref": 1})
        msg = ws.receive_json()
        while msg["type"] == "update":
            msg = ws.receive_json()
        assert msg == {"type": "pong", "ref": 1}  # the connection's writer is alive
        ws.send_text("x" * 20_000)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1009


def test_websockets_per_room_are_capped(tight):
    room = make_room(tight)
    url = f"/api/rooms/{room['room']}/ws"
    with tight.websocket_connect(url) as a, tight.websocket_connect(url) as b:
        for ws in (a, b):
            ws.send_json({"type": "hello", "token": None, "since": -1})
            assert ws.receive_json()["type"] == "welcome"
        with tight.websocket_connect(url) as c:
            c.send_json({"type": "hello", "token": None, "since": -1})
            assert "live connections" in c.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                c.receive_json()
            assert closed.value.code == 4429


def test_a_foreign_origin_cannot_open_the_websocket(client):
    room = make_room(client)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws", headers={"Origin": "http://evil.example"}) as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws", headers={"Origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": None, "since": -1})
        assert ws.receive_json()["type"] == "welcome"


def test_security_headers_on_pages_and_api(client):
    for path in ("/", "/api/games", "/rules/krig"):
        h = client.get(path).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer"


def test_a_resent_decision_is_applied_once(client):
    room = make_room(client, options={"hp": 20})
    seat = view(client, room, None)["node"]["seats"][0]
    first = decide(client, room, seat, "attack", client_id="abc-1")
    assert first.status_code == 200
    after = events(client, room)
    again = decide(client, room, seat, "attack", client_id="abc-1")
    assert again.status_code == 200 and again.json()["accepted"] == first.json()["accepted"]
    assert events(client, room) == after
    client.app.state.hub.forget(room["room"])  # after a restart the id is still known (it is stored)
    assert decide(client, room, seat, "attack", client_id="abc-1").json()["accepted"] == first.json()["accepted"]
    assert events(client, room) == after


def test_tokens_are_not_accepted_in_the_url_and_never_logged(client, caplog):
    room = make_room(client)
    token = tokens(room)[0]
    v = client.get(f"/api/rooms/{room['room']}?token={token}").json()
    assert v["seat"] is None  # a token in the URL opens nothing: headers or the body only
    from brawl.server.security import TokenFilter
    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s "%s %s"', ("1.2.3.4", "GET", f"/x?token={token}"), None)
    TokenFilter().filter(record)
    assert token not in record.getMessage()


def test_database_outage_is_503_and_changes_nothing(client, monkeypatch):
    room = make_room(client)
    seat = view(client, room, None)["node"]["seats"][0]
    store = client.app.state.hub.store
    from sqlalchemy.exc import OperationalError

    def down():
        raise OperationalError("connect", {}, Exception("server closed the connection"))

    monkeypatch.setattr(store, "sessions", down)
    r = decide(client, room, seat, "attack")
    assert r.status_code == 503 and "error" in r.json()
    monkeypatch.undo()
    assert decide(client, room, seat, "attack").status_code == 200


def test_catch_up_costs_what_is_sent(client):
    """Constant cost: the events after N are built from the events after N (the projection reads
    only those), whatever came before."""
    room = make_room(client, game="rps", seats=["human", "human"], options={})
    hub = client.app.state.hub
    hub.decisions.count = 10**6
    r = hub.get(room["room"])
    for _ in range(60):
        for seat in (0, 1):
            hub.decide_now(r, seat, "rock")  # ties: the game never ends
    calls = []
    real = projection.event
    try:
        projection.event = lambda *a: (calls.append(a[2]), real(*a))[1]
        out = projection.events(r, 0, r.last - 2)
    finally:
        projection.event = real
    assert [e["n"] for e in out] == [r.last - 1, r.last] and calls == [r.last - 1, r.last]


def test_start_up_loads_only_rooms_where_the_server_acts(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        idle = make_room(c)  # two people: the server has nothing to do there
    app = create_app(db_url, bot_delay=0)
    with TestClient(app):
        assert idle["room"] not in app.state.hub.rooms


def test_connections_catch_up_after_a_database_outage(client, monkeypatch):
    """Issue 12: a WebSocket opened before an outage hears the decisions made after it."""
    room = make_room(client, options={"hp": 20})
    seat = view(client, room, None)["node"]["seats"][0]
    store = client.app.state.hub.store
    from sqlalchemy.exc import OperationalError

    def down():
        raise OperationalError("connect", {}, Exception("server closed the connection"))

    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        ws.send_json({"type": "hello", "token": None, "since": -1})
        assert ws.receive_json()["type"] == "welcome"
        monkeypatch.setattr(store, "sessions", down)
        client.app.state.hub.forget(room["room"])  # the room must be read again, during the outage
        assert decide(client, room, seat, "attack").status_code == 503
        monkeypatch.undo()
        assert decide(client, room, seat, "attack").status_code == 200
        while True:
            msg = ws.receive_json()
            if msg["type"] == "update" and any(e["type"] == "decision" for e in msg["events"]):
                break
        assert [e["action"] for e in msg["events"] if e["type"] == "decision"] == ["attack"]


def test_a_long_room_loads_from_its_snapshot_and_the_events_after_it(db_url):
    """Issue 12: rooms load from a snapshot plus the events after it; the result is the same room."""
    settings = Settings(db_url=db_url, bot_delay=0, snapshot_every=10, decisions_per_second=10**6)
    with TestClient(create_app(settings=settings)) as client:
        room = make_room(client, game="rps")
        hub = client.app.state.hub
        r = hub.get(room["room"])
        for _ in range(13):
            for seat in (0, 1):
                hub.decide_now(r, seat, "paper")  # ties: 26 events, a snapshot after event 19
        before = (view(client, room, 0), events(client, room))
        stored = hub.store.load(room["room"], __import__("brawl.server.room", fromlist=["x"]).code_version())
        assert stored.snapshot is not None and stored.snapshot[0] == 19 and [e["n"] for e in stored.events] == list(range(20, 26))
        hub.forget(room["room"])
        assert (view(client, room, 0), events(client, room)) == before
        assert decide(client, room, 0, "rock").status_code == 200
