"""Issue 29, points 3 and 7: bad time controls, sealed choices raced by two processes, true as a
number, a decision's answer holding only its own events, the WebSocket origin's scheme, oversized
headers and takeback requests without end."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from brawl.games import make_game
from brawl.core.game import OptionsError
from brawl.server.app import create_app
from brawl.server.db import make_engine, make_sessions
from brawl.server.hub import Hub
from brawl.server.settings import Settings
from brawl.server.store import Store

from .conftest import decide, make_room, tokens, view


# -- point 3: a bad time control is a 422 with its reason ------------------------------------------
@pytest.mark.parametrize("control, where", [
    ({"mode": "x"}, "mode"), ({"mode": "game", "seconds": -1}, "seconds"), ({"mode": "game", "seconds": 0}, "seconds"),
    ({"mode": "game", "seconds": 1e9}, "seconds"), ({"mode": "game", "seconds": "NaN"}, "seconds"),
    ({"mode": "move", "seconds": "60"}, "seconds"), ({"mode": "game", "increment": -5}, "increment"),
    ({"mode": "game", "away_limit": 0}, "away_limit"), ({"mode": "game", "away_limit": True}, "away_limit"),
    ({"mode": "game", "extra": 1}, "extra"),
])
def test_a_bad_time_control_is_refused_with_its_reason(client, control, where):
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"], "time_control": control})
    assert r.status_code == 422, r.text
    assert where in r.json()["error"]


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_a_time_control_that_is_not_a_finite_number_is_refused(client, number):
    """JSON as Python reads it: NaN and Infinity literals, and a number too large for a float."""
    body = '{"game": "krig", "seats": ["human", "human"], "time_control": {"mode": "move", "seconds": %s}}' % number
    r = client.post("/api/rooms", content=body, headers={"content-type": "application/json"})
    assert r.status_code in (400, 422), r.text
    assert "error" in r.json()


def test_a_bad_stored_time_control_is_a_422_not_a_crash(client):
    """The hub's own check (a rematch hands it what was stored) answers the same way."""
    from brawl.server.room import RoomError
    with pytest.raises(RoomError) as refused:
        client.app.state.hub.create("krig", {}, ["human", "human"], time_control={"mode": "game", "seconds": 0})
    assert refused.value.status == 422 and "seconds" in str(refused.value)


def test_a_good_time_control_is_kept(client):
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                        "time_control": {"mode": "game", "seconds": 90, "increment": 2, "away_limit": 30}})
    assert r.status_code == 201, r.text
    clocks = view(client, r.json(), None)["clocks"]
    assert (clocks["mode"], clocks["seconds"], clocks["increment"], clocks["away_limit"]) == ("game", 90, 2, 30)


# -- point 7: true is not a number -----------------------------------------------------------------
def test_true_is_not_an_event_number(client):
    room = make_room(client, options={"hp": 20})
    seat = view(client, room, None)["node"]["seats"][0]
    r = decide(client, room, seat, "attack", expect=True)
    assert r.status_code == 422 and "expect" in r.json()["error"]
    assert view(client, room, None)["last"] == view(client, room, seat)["last"]


@pytest.mark.parametrize("game, option", [("krig", "hp"), ("rps", "wins_needed"), ("ktog", "players"),
                                          ("kniggits", "table")])
def test_true_is_not_a_number_option(client, game, option):
    for value in (True, False):
        with pytest.raises(OptionsError, match="not true or false"):
            make_game(game, {option: value})
    r = client.post("/api/rooms", json={"game": game, "options": {option: True}, "seats": ["human", "human"]})
    assert r.status_code == 422 and option in r.json()["error"]


def test_true_and_false_still_set_switches(client):
    assert make_game("ktog", {"classes": True}).options.classes is True
    assert make_game("kniggits", {"horses": False}).options.horses is False


# -- point 7: sealed choices raced by two processes ------------------------------------------------
def test_a_sealed_choice_beaten_to_the_store_by_another_is_still_accepted(db_url):
    """Two hubs on one database (two processes): each holds a copy of an rps room; one seals its
    choice, then the other, whose copy has not heard of it, seals the other seat's.  The second
    is stored after the first, not refused with "another decision was accepted first"."""
    settings = Settings(db_url=db_url, bot_delay=0)
    a = Hub(Store(make_sessions(make_engine(db_url))), settings)
    b = Hub(Store(make_sessions(make_engine(db_url))), settings)
    room, _ = a.create("rps", {}, ["human", "human"])
    copy = b.get(room.id)
    assert set(copy.waiting()) == {0, 1}

    async def both() -> tuple[tuple[int, int], tuple[int, int]]:
        first = await a.decide(room, 0, "rock")
        second = await b.decide(copy, 1, "paper")
        return first, second

    first, second = asyncio.run(both())
    assert first == (0, 0) and second == (1, 1)
    fresh = Hub(Store(make_sessions(make_engine(db_url))), settings).get(room.id)
    actions = [(e["seat"], e["action"]) for e in fresh.match.record.entries if "seat" in e]
    assert actions == [(0, "rock"), (1, "paper")]
    assert fresh.match.state.wins == (0, 1)


def test_a_decision_after_the_race_is_lost_is_still_refused(db_url):
    """A turn decision (not sealed) that another process's decision beat is refused as before."""
    settings = Settings(db_url=db_url, bot_delay=0)
    a = Hub(Store(make_sessions(make_engine(db_url))), settings)
    b = Hub(Store(make_sessions(make_engine(db_url))), settings)
    room, _ = a.create("krig", {"hp": 20}, ["human", "human"])
    copy = b.get(room.id)
    seat = room.waiting()[0]
    from brawl.server.room import RoomError

    async def both() -> None:
        await a.decide(room, seat, "attack")
        await b.decide(copy, seat, "attack")

    with pytest.raises(RoomError) as refused:
        asyncio.run(both())
    assert refused.value.status == 409


# -- point 7: a decision's answer holds its own events only ----------------------------------------
def test_accepted_holds_only_the_deciders_events(client, monkeypatch):
    """Another seat's choice lands between the decision and its answer (news from another process,
    say): the answer lists the decision's own events, not the other seat's."""
    room = make_room(client, game="rps")
    hub = client.app.state.hub
    real = hub.decide

    async def and_the_other(r, seat, action, expect=None, client_id=None):
        done = await real(r, seat, action, expect, client_id)
        hub.decide_now(hub.get(r.id), 1 - seat, "paper")
        return done

    monkeypatch.setattr(hub, "decide", and_the_other)
    r = decide(client, room, 0, "rock")
    assert r.status_code == 200, r.text
    accepted = r.json()["accepted"]
    assert [e["n"] for e in accepted] == [0] and accepted[0]["seat"] == 0 and accepted[0]["action"] == "rock"
    assert r.json()["view"]["last"] >= 1  # the other choice is in the view, not among what was accepted


# -- point 7: the WebSocket origin's scheme ---------------------------------------------------------
def test_an_origin_with_another_scheme_cannot_open_the_websocket(client):
    room = make_room(client)
    url = f"/api/rooms/{room['room']}/ws"
    for origin in ("https://testserver", "ftp://testserver"):
        with client.websocket_connect(url, headers={"Origin": origin}) as ws:
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": None, "since": -1})
        assert ws.receive_json()["type"] == "welcome"


# -- point 7: oversized headers -----------------------------------------------------------------------
def test_oversized_request_headers_are_refused_with_431(client):
    big = {"X-Padding": "a" * 200_000}
    r = client.get("/api/games", headers=big)
    assert r.status_code == 431 and "headers too large" in r.json()["error"]
    assert r.headers["x-content-type-options"] == "nosniff"
    room = make_room(client)
    before = view(client, room, None)["last"]
    seat = view(client, room, None)["node"]["seats"][0]
    r = client.post(f"/api/rooms/{room['room']}/decisions", headers=big,
                    json={"token": tokens(room)[seat], "action": "attack"})
    assert r.status_code == 431
    assert view(client, room, None)["last"] == before  # nothing applied
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/api/rooms/{room['room']}/ws", headers=big) as ws:
            ws.receive_json()
    assert client.get("/api/games", headers={"X-Padding": "a" * 4_000}).status_code == 200


def test_the_header_limit_is_a_setting(db_url):
    with TestClient(create_app(settings=Settings(db_url=db_url, bot_delay=0, max_header_bytes=2048))) as client:
        assert client.get("/api/games", headers={"X-Padding": "a" * 3_000}).status_code == 431
        assert client.get("/api/games", headers={"X-Padding": "a" * 1_000}).status_code == 200


# -- point 7: takeback requests are rate-limited -----------------------------------------------------
def test_takeback_requests_are_rate_limited(db_url):
    with TestClient(create_app(settings=Settings(db_url=db_url, bot_delay=0, takebacks_per_minute=3))) as client:
        room = make_room(client)
        url = f"/api/rooms/{room['room']}/takeback"
        answers = [client.post(url, json={"token": tokens(room)[0]}).status_code for _ in range(5)]
        assert answers[:3] == [409, 409, 409] and answers[3:] == [429, 429]
        # per seat: the other seat may still ask
        assert client.post(url, json={"token": tokens(room)[1]}).status_code == 409
