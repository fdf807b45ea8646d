"""The WebSocket, sealed simultaneous choices, and restarts (event sourcing)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from brawl.core.record import Record
from brawl.games import replay
from brawl.server.app import create_app

from .conftest import decide, make_room, play_krig_step, tokens, view, wait_for


def ws_url(room: dict) -> str:
    return f"/api/rooms/{room['room']}/ws"


def hello(ws, token=None, since=-1) -> dict:
    ws.send_json({"type": "hello", "token": token, "since": since})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    update = ws.receive_json()
    assert update["type"] == "update", update
    return update


def receive_until(ws, kind: str) -> list[dict]:
    out = []
    while True:
        msg = ws.receive_json()
        out.append(msg)
        if msg["type"] == kind:
            return out


def answer(ws) -> dict:
    """The next message that is not an update (presence changes push updates at any time)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] != "update":
            return msg


def next_update_with_events(ws) -> dict:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "update" and msg["events"]:
            return msg


def test_websocket_catch_up_by_event_number(client):
    """Issue 4: a reconnecting client sends its last event number and gets exactly what it missed."""
    # 13 hit points: two criticals deal at most 12, so the game is still on after three decisions
    # and the fourth reaches the socket
    room = make_room(client, options={"hp": 13})
    for _ in range(3):
        play_krig_step(client, room)
    everything = client.get(f"/api/rooms/{room['room']}/events", headers={"X-Seat-Token": tokens(room)[0]}).json()
    k = len(everything["events"]) // 2
    with client.websocket_connect(ws_url(room)) as ws:
        update = hello(ws, tokens(room)[0], since=k)
        assert update["events"] == everything["events"][k + 1:]
        assert update["last"] == everything["last"] and update["view"]["seat"] == 0
        play_krig_step(client, room)  # a decision made elsewhere reaches this client as new events only
        pushed = ws.receive_json()
        assert pushed["type"] == "update"
        assert pushed["events"][0]["n"] == everything["last"] + 1
        ws.send_json({"type": "sync", "since": -1})
        full = ws.receive_json()
        assert [e["n"] for e in full["events"]] == list(range(full["last"] + 1))


def test_websocket_decisions_and_refusals(client):
    """Issue 4: over the WebSocket too, a decision out of turn, an illegal or malformed one, or one by
    a spectator is refused with an error message and nothing changes; a legal one reaches everyone."""
    room = make_room(client, options={"hp": 8})
    v = view(client, room, None)
    me = v["node"]["seats"][0]
    other = 1 - me
    before = client.get(f"/api/rooms/{room['room']}/events").json()
    with client.websocket_connect(ws_url(room)) as mine, client.websocket_connect(ws_url(room)) as theirs, \
            client.websocket_connect(ws_url(room)) as watcher:
        hello(mine, tokens(room)[me])
        hello(theirs, tokens(room)[other])
        hello(watcher)
        bad = [
            (theirs, {"type": "decide", "action": "attack", "ref": 1}, "not"),
            (mine, {"type": "decide", "action": "fly", "ref": 2}, "legal"),
            (mine, {"type": "decide", "ref": 3}, "malformed"),
            (mine, {"type": "decide", "action": "attack", "expect": "x", "ref": 4}, "malformed"),
            (mine, {"type": "dance", "ref": 5}, "malformed"),
            (watcher, {"type": "decide", "action": "attack", "ref": 6}, "spectators"),
        ]
        for ws, msg, words in bad:
            ws.send_json(msg)
            got = answer(ws)
            assert got["type"] == "error" and got["ref"] == msg["ref"] and words in got["message"], got
        mine.send_text("{not json")
        assert answer(mine)["type"] == "error"
        mine.send_bytes(b"\x00\x01")
        assert "malformed" in answer(mine)["message"]
        mine.send_json(["decide", "attack"])
        assert "malformed" in answer(mine)["message"]
        assert client.get(f"/api/rooms/{room['room']}/events").json() == before
        mine.send_json({"type": "decide", "action": "attack", "ref": 7, "expect": before["last"]})
        got = [m for m in receive_until(mine, "ok") if m["type"] != "update" or m["events"]]
        assert got[0]["type"] == "update" and got[-1]["ref"] == 7
        assert got[0]["events"][0] == {**got[0]["events"][0], "type": "decision", "seat": me, "action": "attack"}
        for ws in (theirs, watcher):
            update = next_update_with_events(ws)
            assert update["events"][0]["action"] == "attack"
        mine.send_json({"type": "ping", "ref": 8})
        assert answer(mine) == {"type": "pong", "ref": 8}


@pytest.mark.parametrize("first, code", [
    ({"type": "hello", "token": "forged", "since": -1}, 4403),
    ({"type": "hi"}, 4400),
    ({"type": "hello", "since": "x"}, 4400),
])
def test_websocket_refuses_bad_hello(client, first, code):
    room = make_room(client)
    with client.websocket_connect(ws_url(room)) as ws:
        ws.send_json(first)
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["message"]
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == code


def test_websocket_unknown_room(client):
    with client.websocket_connect("/api/rooms/nowhere/ws") as ws:
        ws.send_json({"type": "hello", "since": -1})
        assert "no room" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4404


def public_part(message: dict) -> str:
    """A message as text, minus the menus that name every move (legal list, prompt, game title)."""
    data = json.loads(json.dumps(message))
    views = [data] if "state" in data else [data.get("view")] if data.get("view") else []
    for v in views:
        v.pop("legal", None)
        v.pop("title", None)
        v["node"].pop("prompt", None)
    return json.dumps(data)


def test_sealed_choice_never_reaches_the_other_seat_before_the_reveal(client):
    """DEVELOPERS Views per seat / issue 4: at rps's simultaneous decision the first choice stays on
    the server (view, events, log, WebSocket, record, hints) until the second is in."""
    room = make_room(client, game="rps")
    rid = room["room"]
    t = tokens(room)
    with client.websocket_connect(ws_url(room)) as ws0, client.websocket_connect(ws_url(room)) as ws1, \
            client.websocket_connect(ws_url(room)) as spec:
        hello(ws0, t[0])
        hello(ws1, t[1])
        hello(spec)
        ws0.send_json({"type": "decide", "action": "scissors", "ref": 1})
        mine = receive_until(ws0, "ok")
        assert "You chose: Player 1 shows scissors" in json.dumps(mine)  # the chooser sees it
        seen = [next_update_with_events(ws1), next_update_with_events(spec)]
        seen += [client.get(f"/api/rooms/{rid}", headers={"X-Seat-Token": t[1]}).json(),
                 client.get(f"/api/rooms/{rid}").json(),
                 client.get(f"/api/rooms/{rid}/events", headers={"X-Seat-Token": t[1]}).json(),
                 client.get(f"/api/rooms/{rid}/events").json(),
                 client.get(f"/api/rooms/{rid}/hints", headers={"X-Seat-Token": t[1]}).json(),
                 client.get(f"/api/rooms/{rid}/record").json()]
        for msg in seen:
            assert "scissors" not in public_part(msg), msg
        assert seen[0]["view"]["state"]["sealed"] == ["chosen", None]
        assert "Player 1 has chosen" in json.dumps(seen[0]["events"])
        ws1.send_json({"type": "decide", "action": "paper", "ref": 2})
        theirs = receive_until(ws1, "ok")
        reveal = json.dumps(theirs)
        assert "Revealed: Player 1 shows scissors; Player 2 shows paper" in reveal
        assert "Revealed: Player 1 shows scissors; Player 2 shows paper" in json.dumps(next_update_with_events(spec))


def test_restart_mid_game_loses_nothing(db_url):
    """Issue 4, event sourcing: stop the server mid-game, build a new app on the same database, and
    the game continues exactly where it was, every seat's view and event intact, to a record that
    verifies."""
    with TestClient(create_app(db_url, bot_delay=0)) as c1:
        room = make_room(c1, options={"hp": 6})
        for _ in range(5):
            play_krig_step(c1, room)
        before = {s: view(c1, room, s) for s in (0, 1, None)}
        events_before = c1.get(f"/api/rooms/{room['room']}/events").json()
    with TestClient(create_app(db_url, bot_delay=0)) as c2:
        after = {s: view(c2, room, s) for s in (0, 1, None)}

        def kept(v: dict) -> dict:  # presence is who is here now (the requests above count), not the game
            return {**v, "seats": [{k: x for k, x in seat.items() if k != "presence"} for seat in v["seats"]]}
        assert {s: kept(v) for s, v in after.items()} == {s: kept(v) for s, v in before.items()}
        assert c2.get(f"/api/rooms/{room['room']}/events").json() == events_before
        while play_krig_step(c2, room):
            pass
        record = Record.from_json(c2.get(f"/api/rooms/{room['room']}/record").json())
        assert record.entries[:len(events_before["events"])] == [
            ({"roll": e["event"], "outcome": e["outcome"]} if e["type"] == "roll" else {"seat": e["seat"], "action": e["action"]})
            for e in events_before["events"]]
        assert replay(record, verify=True).over


def test_restart_resumes_a_waiting_bot(db_url):
    """After a restart the server moves the bots whose turn it was."""
    with TestClient(create_app(db_url, bot_delay=60)) as c1:  # the bot would wait a minute
        room = make_room(c1, seats=["bot:attacker", "bot:attacker"], options={"hp": 4})
        last = view(c1, room, None)["last"]
    with TestClient(create_app(db_url, bot_delay=0)) as c2:
        v = wait_for(lambda: (lambda x: x if x["over"] else None)(view(c2, room, None)))
        assert v["last"] > last and v["winners"]


def test_failed_store_refuses_the_decision_and_changes_nothing(client, monkeypatch):
    """Issue 4: an event is committed before anyone is told; if the store fails the decision is
    refused and the room is as it was."""
    room = make_room(client)
    v = view(client, room, None)
    seat = v["node"]["seats"][0]
    store = client.app.state.hub.store
    real = store.sessions

    class Failing:
        def __call__(self):
            session = real()
            def boom(*args, **kwargs):
                raise RuntimeError("disk full")
            session.commit = boom  # a transaction fails as it commits
            session.execution_options = boom  # and so does the writer's own connection on PostgreSQL
            return session

    monkeypatch.setattr(store, "sessions", Failing())
    r = decide(client, room, seat, "attack")
    assert r.status_code == 503 and "nothing" in r.json()["error"] and "changed" in r.json()["error"]
    monkeypatch.setattr(store, "sessions", real)
    now = view(client, room, None)
    assert now["seats"][seat]["presence"] == "online"  # the refused request still showed its seat present
    assert {**now, "seats": v["seats"]} == v
    assert decide(client, room, seat, "attack").status_code == 200


def test_a_failing_bot_does_not_stall_the_game(client, monkeypatch):
    """Bots move on the server: a bot that raises is replaced by a random legal decision."""
    from brawl.games.krig.bots import HeuristicBot

    def broken(self, game, state, seat):
        raise RuntimeError("bot bug")

    monkeypatch.setattr(HeuristicBot, "choose", broken)
    room = make_room(client, options={"hp": 3}, seats=["bot:heuristic", "bot:heuristic"])
    v = wait_for(lambda: (lambda x: x if x["over"] else None)(view(client, room, None)))
    assert v["winners"]
