"""Issue 41, point 1: in a correspondence KtOG a seat whose time runs out falls and the others play
on, through the server: stored as an event of the record, told in the log, judged again after a
restart, replayed and verified, and ranked by the order the seats fell.  The server's wall clock is
the test's (``clocks.time`` replaced): days pass at once, nothing sleeps."""

from __future__ import annotations

import pytest

from brawl.core.record import Record
from brawl.core.replay import verify
from brawl.games import make_game
from brawl.server import correspondence as corr
from brawl.server.accounts import ratings
from brawl.server.accounts.service import fall_order

from .conftest import decide, view, wait_for
from .test_correspondence import Clock, clock  # noqa: F401  (the fixture)

DAY = 86_400.0


def ktog(client, days=1, players=3):
    r = client.post("/api/rooms", json={"game": "ktog", "options": {"players": players}, "seats": ["human"] * players,
                                        "time_control": {"mode": "correspondence", "days": days}})
    assert r.status_code == 201, r.text
    return r.json()


def first_action(client, room, seat):
    legal = [d["action"] for d in view(client, room, seat)["legal"]]
    return next((a for a in legal if a.startswith("attack")), legal[0])


def test_the_seat_out_of_time_falls_and_the_others_play_on_to_the_end(client, clock):  # noqa: F811
    """Issue 41, point 1: the seat whose days pass falls (a forfeit event, "ran out of time and is
    out" in everyone's log), the next seat's days start, the others play on; when the last but one
    runs out the last one wins; the record replays and verifies; the ratings rank the seats by the
    order they fell."""
    room = ktog(client, days=2)
    hub = client.app.state.hub
    first = view(client, room, None)["node"]["seats"][0]
    clock.now += DAY
    corr.sweep(hub)
    assert view(client, room, None)["state"]["up"][first]  # a day of two: still in
    clock.now += DAY + 1
    corr.sweep(hub)
    v = view(client, room, None)
    assert not v["over"] and not v["state"]["up"][first]
    second = v["node"]["seats"][0]
    assert second != first and v["clocks"]["seats"][str(second)]["left"] == pytest.approx(2 * DAY)
    assert [v["clocks"]["seats"][str(s)].get("out", False) for s in range(3)] == [s == first for s in range(3)]
    events = client.get(f"/api/rooms/{room['room']}/events", params={"since": -1}).json()["events"]
    assert [(e["seat"], e["forfeit"]) for e in events if e["type"] == "forfeit"] == [(first, "time")]
    lines = [line["text"] for e in events for line in e["log"] if line["kind"] == "forfeit"]
    assert lines == [f"Player {first + 1} ran out of time and is out"]  # everyone's log, a spectator's too
    assert decide(client, room, first, f"attack:{second + 1}").status_code == 409  # out of the game
    # the others play on: a few decisions, an hour apart
    for _ in range(3):
        v = view(client, room, None)
        if v["over"]:
            break
        seat = v["node"]["seats"][0]
        assert decide(client, room, seat, first_action(client, room, seat)).status_code == 200
        clock.now += 3600
    v = view(client, room, None)
    if not v["over"]:  # the one waiting now lets its days pass: the last one standing wins
        late = v["node"]["seats"][0]
        clock.now += 2 * DAY + 1
        corr.sweep(hub)
        v = view(client, room, None)
        assert v["over"] and v["winners"] == [next(s for s in range(3) if s not in (first, late))]
        assert v["ended"] is None  # the rules ended it, not the server
    record = Record.from_json(client.get(f"/api/rooms/{room['room']}/record").json())
    assert [e["seat"] for e in record.entries if "forfeit" in e][0] == first
    assert verify(record, make_game).ok
    # the replay viewer: the fall is a step of its own, and the last step is the end
    k = next(i for i, step in enumerate(record.steps()) if "forfeit" in step)
    before, after = (client.get(f"/api/rooms/{room['room']}/replay", params={"step": n}).json() for n in (k, k + 1))
    assert before["state"]["up"][first] and not after["state"]["up"][first]
    fell = [line["text"] for line in after["log"] if line["kind"] == "forfeit"]
    assert fell == [f"Player {first + 1} ran out of time and is out"]
    assert not any(line["kind"] == "forfeit" for line in before["log"])
    last = client.get(f"/api/rooms/{room['room']}/replay", params={"step": 10_000}).json()
    assert last["steps"] == len(record.steps()) and last["over"]
    live = hub.get(room["room"])
    fell = fall_order(live)
    assert fell[0] == [first]
    places = ratings.ranks(3, list(live.winners), fell)
    assert places[first] == 3 and sorted(places) == [1, 2, 3]


def test_a_forfeit_is_stored_and_a_restart_rebuilds_it(client, clock):  # noqa: F811
    """Issue 41, point 1: the forfeit is an event of the store: a room loaded again from the store
    has the seat out, the same state and the same log line."""
    room = ktog(client, days=1)
    hub = client.app.state.hub
    first = view(client, room, None)["node"]["seats"][0]
    clock.now += DAY + 1
    corr.sweep(hub)
    before = hub.get(room["room"])
    state, log = before.match.state, [line.text for line in before.match.log]
    hub.forget(room["room"])
    again = hub.get(room["room"])
    assert again is not before and again.match.state == state and [line.text for line in again.match.log] == log
    assert not again.match.state.up[first]
    assert first not in hub.clocks.of(again).flagged  # the seat that fell is no longer out of time


def test_a_seat_flagged_while_a_decision_was_being_stored_falls_at_the_next_look(client, clock):  # noqa: F811
    """Issue 41, point 1: a seat marked out of time whose fall could not be stored at once (a
    decision of the room being stored) falls at the clocks' next look, not never."""
    room = ktog(client, days=1)
    hub = client.app.state.hub
    live = hub.get(room["room"])
    first = live.waiting()[0]
    clock.now += DAY + 1
    live.pending += 1  # a write in flight
    hub.clocks.flag(live)
    assert live.match.state.up[first] and first in hub.clocks.of(live).flagged
    live.pending -= 1
    hub.clocks.flag(live)
    assert not live.match.state.up[first] and not live.over


def test_a_game_without_falling_still_ends_on_time(client, clock):  # noqa: F811
    """Issue 41, point 1: a game whose players do not fall one by one (Krig) ends when a seat runs out."""
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                        "time_control": {"mode": "correspondence", "days": 1}})
    room = r.json()
    seat = view(client, room, None)["node"]["seats"][0]
    clock.now += DAY + 1
    corr.sweep(client.app.state.hub)
    v = view(client, room, None)
    assert v["over"] and v["winners"] == [1 - seat] and "ran out of time" in v["ended"]


def test_where_only_bots_are_left_the_person_out_of_time_falls_and_the_bots_play_on(client, clock):  # noqa: F811
    """Issue 41, point 1: a person's real-time clock runs out at a table where only bots could claim:
    in KtOG the person falls (no claim, no end by the server) and the bots play the game to its end."""
    r = client.post("/api/rooms", json={"game": "ktog", "options": {"players": 3},
                                        "seats": ["human", "bot:random", "bot:random"],
                                        "time_control": {"mode": "move", "seconds": 60}})
    assert r.status_code == 201, r.text
    room = r.json()
    hub = client.app.state.hub
    wait_for(lambda: 0 in view(client, room, None)["node"]["seats"] or view(client, room, None)["over"])
    v = view(client, room, None)
    if v["over"]:
        pytest.skip("the bots ended the game before the person's first turn")
    clock.now += 61
    client.portal.call(hub.clocks.flag, hub.get(room["room"]))  # on the server's loop, as its timer does
    wait_for(lambda: view(client, room, None)["over"])
    v = view(client, room, None)
    assert v["ended"] is None and v["winners"] and 0 not in v["winners"] and not v["state"]["up"][0]
    record = client.get(f"/api/rooms/{room['room']}/record").json()
    assert {"seat": 0, "forfeit": "time"} in record["entries"]
