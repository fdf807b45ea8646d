"""Issue 41, point 1, across processes on one PostgreSQL database: a KtOG seat that falls on time in
the process holding the room's lease is a stored event; another process's copy takes it from the
store (the seat out, the same state), and a decision of a seat that fell is refused there too.  Two
hubs in this process stand for two server processes; the clocks' wall clock is the test's."""

from __future__ import annotations

import pytest

from brawl.server import correspondence as corr
from brawl.server.room import RoomError

from .test_correspondence import Clock, clock  # noqa: F401  (the fixture)
from .test_correspondence_workers import hub_on
from .test_postgres import cluster, db_url  # noqa: F401  (fixtures)

DAY = 86_400.0


def test_a_fall_on_time_reaches_the_other_process_through_the_store(db_url, clock):  # noqa: F811
    first, e1 = hub_on(db_url, "first")
    second, e2 = hub_on(db_url, "second")
    try:
        room, _ = first.create("ktog", {"players": 3}, ["human"] * 3, time_control={"mode": "correspondence", "days": 1})
        late = room.waiting()[0]
        copy = second.get(room.id)  # the other process has it in memory before the fall
        assert copy.match.state.up[late]
        clock.now += DAY + 1
        corr.sweep(second)  # not its room: nothing happens there
        assert second.get(room.id).match.state.up[late]
        corr.sweep(first)
        assert not room.over and not room.match.state.up[late]
        second.catch_up(room.id)
        there = second.get(room.id)
        assert there.match.state == room.match.state and there.match.record.entries == room.match.record.entries
        assert {"seat": late, "forfeit": "time"} in there.match.record.entries
        with pytest.raises(RoomError):
            second.decide_now(there, late, f"attack:{room.waiting()[0] + 1}")
        nxt = there.waiting()[0]
        assert nxt != late
        second.decide_now(there, nxt, there.match.legal_actions(nxt)[0])  # the others play on, anywhere
    finally:
        e1.dispose()
        e2.dispose()
