"""Issue 41, point 1: correspondence time controls (days for each decision).

Every test runs on a wall clock it holds (``clocks.time`` replaced), so days pass at once and no
test waits for real time; a wait is a poll for a condition."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from brawl.server import clocks as clocks_module
from brawl.server import correspondence as corr
from brawl.server.accounts import rated
from brawl.server.app import create_app
from brawl.server.clocks import TimeControl

from .conftest import decide, tokens, view, wait_for

DAY = 86_400.0


class Clock:
    """The server's wall clock, moved by the test."""

    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(clocks_module, "time", c)
    return c


def create(client, game="krig", seats=("human", "human"), options=None, **control):
    r = client.post("/api/rooms", json={"game": game, "options": options or {}, "seats": list(seats),
                                        "time_control": {"mode": "correspondence", **control}})
    return r


def test_correspondence_controls_are_accepted_and_bad_ones_refused(client, clock):
    """Issue 41, point 1: {"mode": "correspondence", "days": D} for D in 1, 2, 3, 7, 14, or a bank of
    days with an increment; anything else is a 422 with its reason."""
    for days in corr.DAYS:
        r = create(client, days=days)
        assert r.status_code == 201, r.text
        clocks = view(client, r.json(), None)["clocks"]
        assert clocks["mode"] == "correspondence" and clocks["seconds"] == days * DAY
        seat = view(client, r.json(), None)["node"]["seats"][0]
        assert clocks["seats"][str(seat)]["left"] == pytest.approx(days * DAY)
    banked = create(client, bank_days=7, increment_days=1)
    assert banked.status_code == 201, banked.text
    assert view(client, banked.json(), None)["clocks"]["increment"] == DAY
    for bad in ({"days": 5}, {}, {"days": 1, "bank_days": 3}, {"days": "2"}, {"bank_days": 7, "increment_days": 9},
                {"days": 1, "increment_days": 1}):
        r = create(client, **bad)
        assert r.status_code == 422, (bad, r.text)
        assert "time_control" in r.json()["error"]
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                        "time_control": {"mode": "move", "seconds": 30, "days": 1}})
    assert r.status_code == 422


def test_each_decision_gets_its_days_and_the_seat_out_of_time_loses(client, clock):
    """Issue 41, point 1: each decision has its own deadline of D days; a seat that lets it pass
    loses at once (no claim needed) and the record says so."""
    room = create(client, days=2).json()
    hub = client.app.state.hub
    seat = view(client, room, None)["node"]["seats"][0]
    clock.now += 1.5 * DAY
    hub.clocks.flag(hub.get(room["room"]))
    assert not view(client, room, None)["over"]
    assert decide(client, room, seat, view(client, room, seat)["legal"][0]["action"]).status_code == 200
    v = view(client, room, None)
    nxt = v["node"]["seats"][0]
    if not v["over"]:
        assert v["clocks"]["seats"][str(nxt)]["left"] == pytest.approx(2 * DAY)  # a fresh period for the next decision
        clock.now += 2 * DAY + 1
        assert corr.sweep(hub) >= 1
        v = view(client, room, None)
        assert v["over"] and nxt not in v["winners"] and v["winners"]
        assert "ran out of time" in v["ended"]
        assert decide(client, room, nxt, "attack").status_code == 409


def test_no_claims_in_a_correspondence_game(client, clock):
    """Issue 41, point 1: there is no away limit; nobody may claim against a person days away."""
    room = create(client, days=3).json()
    seat = view(client, room, None)["node"]["seats"][0]
    clock.now += 2.9 * DAY
    r = client.post(f"/api/rooms/{room['room']}/claim", json={"token": tokens(room)[1 - seat]})
    assert r.status_code == 409
    assert view(client, room, 1 - seat)["claim"]["against"] == []


def test_sealed_choices_each_have_the_deadline(client, clock):
    """Issue 41, point 1: at a sealed simultaneous choice (rock-paper-scissors) the seat that has not
    chosen by the deadline loses; the one that chose wins."""
    room = create(client, game="rps", days=1).json()
    assert decide(client, room, 0, "rock").status_code == 200
    clock.now += DAY + 1
    corr.sweep(client.app.state.hub)
    v = view(client, room, None)
    assert v["over"] and v["winners"] == [0]


def test_ktog_three_players_one_runs_out(client, clock):
    """Issue 41, point 1: in a three-player KtOG the seat whose time runs out falls and the two others
    play on (tests/server/test_correspondence_forfeit.py follows the game to its end)."""
    room = create(client, game="ktog", seats=("human",) * 3, options={"players": 3}, days=1)
    assert room.status_code == 201, room.text
    room = room.json()
    v = view(client, room, None)
    waiting = v["node"]["seats"]
    assert waiting, v["node"]
    clock.now += DAY + 1
    corr.sweep(client.app.state.hub)
    v = view(client, room, None)
    assert not v["over"] and v["state"]["up"] == [s not in waiting for s in range(3)]
    assert v["node"]["seats"] and not set(v["node"]["seats"]) & set(waiting)


def test_a_table_roll_left_past_its_deadline_is_rolled_by_the_server(client, clock):
    """Issue 41, point 1: a roll of table dice has its deadline too: past it, the server rolls (as
    "Roll for me"), and nobody loses over a die."""
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"], "dice": "table",
                                        "time_control": {"mode": "correspondence", "days": 1}})
    room = r.json()
    hub = client.app.state.hub
    for _ in range(6):  # decide until a roll is awaited
        v = view(client, room, None)
        if v["roll"] is not None:
            break
        seat = v["node"]["seats"][0]
        assert decide(client, room, seat, view(client, room, seat)["legal"][0]["action"]).status_code == 200
    v = view(client, room, None)
    assert v["roll"] is not None
    last = v["last"]
    stored = hub.store.load(room["room"]).row["time_control"]
    assert corr.ROLL in stored["started"]  # stored with the decision that opened the roll
    clock.now += 0.5 * DAY
    hub.clocks.flag(hub.get(room["room"]))
    assert view(client, room, None)["last"] == last
    clock.now += 0.5 * DAY + 1
    corr.sweep(hub)
    v = view(client, room, None)
    assert v["last"] > last  # rolled by the server
    assert not v["over"] or v["ended"] is None  # and nobody lost on time over it


def test_a_restart_counts_on_from_the_stored_start_and_enforces_a_deadline_passed_while_down(db_url, clock):
    """Issue 41, point 1: the start of the open decision is stored; a process started later counts
    from it (not a full new period), and a deadline that passed while no process ran is enforced
    when the room is resumed."""
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        room = create(c, days=1).json()
        seat = view(c, room, None)["node"]["seats"][0]
        assert decide(c, room, seat, view(c, room, seat)["legal"][0]["action"]).status_code == 200
        nxt = view(c, room, None)["node"]["seats"][0]
        fresh = create(c, days=1).json()  # no decision yet: its first decision's start is stored too
        first = view(c, fresh, None)["node"]["seats"][0]
    clock.now += 0.5 * DAY
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        left = view(c, room, None)["clocks"]["seats"][str(nxt)]["left"]
        assert left == pytest.approx(0.5 * DAY, abs=5)
        assert view(c, fresh, None)["clocks"]["seats"][str(first)]["left"] == pytest.approx(0.5 * DAY, abs=5)
    clock.now += 0.5 * DAY + 10  # the deadline passes with no process running
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        wait_for(lambda: view(c, room, None)["over"], timeout=20)
        v = view(c, room, None)
        assert nxt not in v["winners"] and "ran out of time" in v["ended"]


def test_the_rated_list_has_correspondence_and_no_abort(client, clock):
    """Issue 41, point 1: rated games take the correspondence entries of the server's list (asked by
    days or by name), and a rated correspondence game is never aborted after seconds."""
    names = [c["name"] for c in rated.time_controls("krig")]
    assert "2 days a decision" in names
    fixed = rated.fixed_time_control("krig", {"mode": "correspondence", "days": 2})
    control = TimeControl.model_validate(fixed)
    assert control.mode == "correspondence" and control.days == 2 and control.seconds == 2 * DAY
    assert rated.control_name("krig", control.model_dump()) == "2 days a decision"
    with pytest.raises(Exception):
        rated.fixed_time_control("krig", {"mode": "correspondence", "days": 5})
    room = create(client, days=2).json()
    live = client.app.state.hub.get(room["room"])
    assert rated.stalled(live, time.monotonic() + 10 * rated.ABORT_AFTER) == []


def test_a_seek_takes_a_correspondence_control():
    """Issue 41, point 1: pairing and challenges validate the control as rooms do."""
    made = TimeControl.model_validate({"mode": "correspondence", "bank_days": 14, "increment_days": 1}).model_dump()
    again = TimeControl.model_validate(made)  # as stored and read back
    assert again.banked and again.seconds == 14 * DAY and again.increment == DAY


def test_the_sweep_looks_at_the_games_due_only(client, clock):
    """Issue 41, points 1 and 6: between the minute's walks the sweep pops the deadlines due (a heap),
    so its cost is what is due: of two games a day apart, only the one past its deadline is looked
    at and ends."""
    hub = client.app.state.hub
    early = create(client, days=1).json()
    clock.now += 0.5 * DAY
    late = create(client, days=1).json()
    assert corr.sweep(hub, walk=False) == 0  # nothing due yet
    clock.now += 0.5 * DAY + 1
    assert corr.sweep(hub, walk=False) == 1
    assert view(client, early, None)["over"] and not view(client, late, None)["over"]
    assert corr.sweep(hub, walk=False) == 0
    assert corr.sweep(hub) == 1  # the walk looks at the other in turn (nothing due there)
    assert not view(client, late, None)["over"]


def test_a_ktog_off_turn_reaction_has_its_deadline(client, clock):
    """Issue 41, point 1: KtOG's off-turn reactions (Dodge, Mighty Blow) have their deadline too:
    the reacting seat's days run from when its reaction opened, and it falls when they pass."""
    room = create(client, game="ktog", seats=("human",) * 3, options={"players": 3}, days=1).json()
    hub = client.app.state.hub
    for _ in range(300):
        v = view(client, room, None)
        if v["node"].get("kind") == "reaction" or v["over"]:
            break
        seat = v["node"]["seats"][0]
        legal = view(client, room, seat)["legal"]
        attack = next((d["action"] for d in legal if "attack" in d["action"]), legal[0]["action"])
        assert decide(client, room, seat, attack).status_code == 200
        clock.now += 3600  # an hour between decisions
    assert v["node"].get("kind") == "reaction", "no reaction came up"
    reacting = v["node"]["seats"][0]
    # its own day, from the decision that opened it (an hour ago)
    assert v["clocks"]["seats"][str(reacting)]["left"] == pytest.approx(DAY - 3600)
    clock.now += DAY + 1
    corr.sweep(hub)
    v = view(client, room, None)
    assert not v["state"]["up"][reacting] and reacting not in v["node"]["seats"]
    assert v["over"] or v["node"]["kind"] != "reaction"
