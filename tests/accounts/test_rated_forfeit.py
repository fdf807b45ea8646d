"""Issue 41, point 1, with real-time rated clocks: in a rated KtOG of three a player whose clock runs
out falls and the two others play on (the server's watch over rated games applies it); the
ratings rank the three by the order they fell.  The clocks run on a clock the test holds."""

from __future__ import annotations

import time

import pytest

from brawl.server import clocks as clocks_module
from brawl.server.accounts import rated

from .conftest import person
from .test_rated_rules import join, rated_room


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(clocks_module, "time", c)
    return c


def test_a_rated_ktog_player_out_of_time_falls_and_the_others_play_on(app, clock, monkeypatch):
    monkeypatch.setattr(rated, "TIME_CONTROLS", [{"name": "quick", "mode": "move", "seconds": 30.0, "increment": 0.0}])
    names = ("Ana", "Ben", "Cy")
    people = [person(app, n) for n in names]
    room = rated_room(people[0], game="ktog", seats=["human"] * 3, options={"players": 3, "hp": 3})
    rid = room["room"]
    for i in (1, 2):
        join(people[i], rid, i)
    hub = app.state.hub
    fell = []
    for _ in range(2):  # the one waiting lets the clock run out, twice
        live = hub.get(rid)
        late = live.waiting()[0]
        clock.now += 31
        hub.clocks.flag(live)  # its clock ran out: flagged (a real-time game waits for the watch)
        assert late in hub.clocks.of(live).flagged
        rated.watch(hub, now=time.monotonic())
        v = people[0].get(f"/api/rooms/{rid}").json()
        assert not v["state"]["up"][late] and late not in hub.clocks.of(live).flagged
        fell.append(late)
        if v["over"]:
            break
        assert late not in v["node"]["seats"]  # the others play on
    v = people[0].get(f"/api/rooms/{rid}").json()
    assert v["over"] and v["ended"] is None and len(fell) == 2
    winner = next(s for s in range(3) if s not in fell)
    assert v["winners"] == [winner]
    app.state.accounts.round()
    rating = {n: people[0].get(f"/api/players/{n}").json()["ratings"]["ktog"]["rating"] for n in names}
    assert rating[names[winner]] > rating[names[fell[1]]] > rating[names[fell[0]]]  # by the order they fell
