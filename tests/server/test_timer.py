"""Decision clocks kept by the server: a Kniggits fight with a short ``fight_timer``.

Rules page, Kniggits, rule 19: "A hand not chosen when a fight's timer runs out shows nothing", and a
hand that shows nothing has no effect; issue 7: the fight as two sealed hand choices with a visible timer, revealed together.
The tests wait by polling; they never assert how fast anything happened."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from brawl.core.record import Record
from brawl.games import replay
from brawl.games import make_game
from brawl.server import clocks as rooms_module
from brawl.server.app import create_app

from .conftest import make_room, tokens, view, wait_for

# A 12-inch table: the armies start in combat, so Red's first turn is one fight, A1 against B1.
OPTIONS = {"terrain": "open", "table": 12, "points": 20, "turn_limit": 2, "fight_timer": 0.3}
RED_ARMY, BLUE_ARMY = "army:3/3/3@6.25,5.25", "army:3/3/3@6.25,6.75"


class Clock:
    """The server's wall clock, held still while a test sets up what must happen before the time
    runs out (so no test depends on how fast the machine is), then let go."""

    def __init__(self) -> None:
        self.still: float | None = time.time()

    def time(self) -> float:
        return time.time() if self.still is None else self.still

    def release(self) -> None:
        self.still = None


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(rooms_module, "time", c)
    return c


def post(client, room, seat, action, **extra):
    return client.post(f"/api/rooms/{room['room']}/decisions",
                       json={"token": tokens(room)[seat], "action": action, **extra})


def to_the_fight(client, options=None) -> dict:
    """A room of two people brought to Red's fight A1-B1 (armies, rock-paper-scissors, Red moves)."""
    room = make_room(client, game="kniggits", options=options or OPTIONS)
    steps = [(0, RED_ARMY), (1, BLUE_ARMY), (0, "rock"), (1, "scissors"), (0, "rock"), (1, "scissors"), (0, "end_move")]
    for seat, action in steps:
        assert view(client, room, None)["timer"] is None  # no clock before the fight (ruling, rule 19)
        r = post(client, room, seat, action)
        assert r.status_code == 200, r.text
    v = view(client, room, None)
    assert v["state"]["phase"] == "fight" and v["node"]["seats"] == [0, 1]
    return room


def hello(ws, token=None) -> dict:
    ws.send_json({"type": "hello", "token": token, "since": -1})
    assert ws.receive_json()["type"] == "welcome"
    update = ws.receive_json()
    assert update["type"] == "update"
    return update


def until_revealed(ws) -> list[dict]:
    """Updates a connection receives until the one that reveals the fight."""
    out = []
    while True:
        msg = ws.receive_json()
        out.append(msg)
        if msg["type"] == "update" and msg["view"]["state"]["revealed"]:
            return out


def test_missing_hands_become_none_and_both_are_revealed_together(client, clock):
    """Rules page, Kniggits, rule 19 (fumble): Blue never chooses; when the fight's timer runs out the
    server shows none for both of Blue's hands, reveals both sides in one step, and before that
    neither Blue nor a spectator received anything of Red's hands."""
    room = to_the_fight(client)
    t = tokens(room)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as blue, \
            client.websocket_connect(f"/api/rooms/{room['room']}/ws") as spectator:
        for ws, token in ((blue, t[1]), (spectator, None)):
            shown = hello(ws, token)["view"]["timer"]
            assert shown == {"ends_at": clock.still + 0.3, "seconds": 0.3, "left": pytest.approx(0.3)}
        r = post(client, room, 0, "fight:A1-B1:low:middle")
        assert r.status_code == 200, r.text
        assert r.json()["view"]["timer"]["ends_at"] == shown["ends_at"]  # sealing does not restart the clock
        clock.release()
        for ws in (blue, spectator):
            seen = until_revealed(ws)
            before, reveal = seen[:-1], seen[-1]
            for msg in before:
                msg["view"].pop("legal")  # Blue's own menu names every pair of hands
                text = json.dumps(msg)
                assert "low:middle" not in text and "low/middle" not in text, msg
            lines = [line["text"] for e in reveal["events"] for line in e["log"]]
            revealed = [t for t in lines if t.startswith("Revealed:")]
            assert len(revealed) == 1 and "Red" in revealed[0] and "Blue" in revealed[0]
            assert "sword low and shield middle" in revealed[0] and "no sword and no shield" in revealed[0]
            stand_in = [e for e in reveal["events"] if e["type"] == "decision" and e["seat"] == 1]
            assert len(stand_in) == 1 and stand_in[0]["sealed"]
            if ws is blue:  # a sealed event names its action to its own seat; to others the reveal line does
                assert stand_in[0]["action"] == "fight:A1-B1:none:none"
    v = view(client, room, None)
    assert v["state"]["revealed"][1:3] == ["low/middle", "none/none"]
    a1, b1 = (next(k for k in v["state"]["kniggits"] if k["id"] == kid) for kid in ("A1", "B1"))
    assert (a1["move"], a1["attack"], a1["defense"]) == (3, 3, 3)  # Blue's sword did nothing
    assert (b1["move"], b1["attack"], b1["defense"]) == (2, 3, 3)  # Blue's shield did not stop the low blow


def test_a_late_choice_is_refused_and_changes_nothing(client, clock):
    """Rule 19: once the time is up, a choice for that fight is refused with a clear error (HTTP and
    WebSocket), and the stand-in stays."""
    room = to_the_fight(client)
    assert post(client, room, 0, "fight:A1-B1:high:high").status_code == 200
    clock.release()
    v = wait_for(lambda: (lambda x: x if x["state"]["revealed"] else None)(view(client, room, None)))
    events = client.get(f"/api/rooms/{room['room']}/events").json()
    late = post(client, room, 1, "fight:A1-B1:low:low", expect=v["last"] - 2)
    assert late.status_code == 409 and "too late" in late.json()["error"], late.text
    game = make_game("kniggits", OPTIONS)
    said = game.describe_action(game.state_from_json(v["state"]), 1, "fight:A1-B1:none:none")
    assert "Blue" in late.json()["error"] and said in late.json()["error"]
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        hello(ws, tokens(room)[1])
        ws.send_json({"type": "decide", "action": "fight:A1-B1:middle:low", "ref": 1})
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["status"] == 409 and "too late" in answer["message"]
    assert client.get(f"/api/rooms/{room['room']}/events").json() == events
    after = view(client, room, None)
    assert [dict(s, presence=None) for s in after.pop("seats")] == [dict(s, presence=None) for s in v.pop("seats")]
    assert after == v  # nothing changed but who is connected


def test_nobody_chooses_then_the_game_goes_on_and_the_record_verifies(client):
    """Rules page, Kniggits, rule 19 (fumble): with neither side choosing, both show none; the next fight gets its
    own clock, and the stand-ins are ordinary decisions: the record replays and verifies."""
    room = to_the_fight(client)
    wait_for(lambda: view(client, room, None)["state"]["revealed"])
    v = view(client, room, None)
    assert v["state"]["revealed"][1:3] == ["none/none", "none/none"] and v["timer"] is None
    assert v["state"]["phase"] == "move" and v["node"]["seats"] == [1]  # Blue's turn: no clock to move
    assert post(client, room, 1, "end_move").status_code == 200
    first = v["state"]["revealed"]
    wait_for(lambda: view(client, room, None)["over"])
    assert first[0] == "A1-B1"
    record = Record.from_json(client.get(f"/api/rooms/{room['room']}/record").json())
    fights = [(e["seat"], e["action"]) for e in record.entries if "fight" in e.get("action", "")]
    assert fights == [(0, "fight:A1-B1:none:none"), (1, "fight:A1-B1:none:none"),
                      (0, "fight:B1-A1:none:none"), (1, "fight:B1-A1:none:none")]
    match = replay(record, verify=True)
    assert match.over and list(match.game.winners(match.state)) == view(client, room, None)["winners"]


def test_without_a_timer_nothing_is_decided_for_anyone(client):
    """Option fight_timer 0: no clock, so a fight waits for both players (and other games have no
    clock unless their rules set one)."""
    room = to_the_fight(client, dict(OPTIONS, fight_timer=0))
    assert post(client, room, 0, "fight:A1-B1:low:low").status_code == 200
    v = view(client, room, None)
    assert v["timer"] is None and v["node"]["seats"] == [1]
    krig = make_room(client)
    assert view(client, krig, None)["timer"] is None


def test_a_bad_timer_is_refused_and_creates_nothing(client):
    r = client.post("/api/rooms", json={"game": "kniggits", "options": dict(OPTIONS, fight_timer=-1), "seats": ["human", "human"]})
    assert r.status_code == 422 and "fight_timer" in r.json()["error"]


def test_an_open_clock_starts_again_after_a_restart(db_url, clock):
    """Issue 4, restarts; rule 19: a fight open when the server stopped gets a full new period from
    the restart (Red's sealed hands kept), and when that runs out Blue's stand-in is submitted."""
    with TestClient(create_app(db_url, bot_delay=0)) as c1:
        room = to_the_fight(c1)
        assert post(c1, room, 0, "fight:A1-B1:middle:high").status_code == 200
        before = view(c1, room, 0)
        assert before["timer"]["ends_at"] == clock.still + 0.3 and before["state"]["sealed"] == ["middle/high", None]
    clock.release()  # the first server stopped before its clock ran out
    with TestClient(create_app(db_url, bot_delay=0)) as c2:
        after = view(c2, room, 0)
        assert after["state"]["sealed"] == ["middle/high", None] and after["node"]["seats"] == [1]
        assert after["timer"]["seconds"] == 0.3 and after["timer"]["ends_at"] > before["timer"]["ends_at"]
        wait_for(lambda: view(c2, room, None)["state"]["revealed"])
        assert view(c2, room, None)["state"]["revealed"][1:3] == ["middle/high", "none/none"]
