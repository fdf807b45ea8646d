"""Issue 41, point 1: deadlines across several processes on one PostgreSQL database.  The process
that holds a correspondence room's lease enforces its deadline; when that process dies while the
deadline passes, the process that takes the lease over enforces it, counting from the start the
first one stored.  Two hubs in this process stand for the two server processes (their stores, their
leases), a throwaway cluster as in test_postgres.py; the clocks' wall clock is the test's."""

from __future__ import annotations

import time

import pytest

from brawl.server import correspondence as corr

from .test_correspondence import Clock, clock  # noqa: F401  (the fixture)
from .test_postgres import cluster, db_url  # noqa: F401  (fixtures)

DAY = 86_400.0


def hub_on(url: str, holder: str):
    from brawl.server.db import make_engine, make_sessions
    from brawl.server.hub import Hub
    from brawl.server.settings import Settings
    from brawl.server.store import Store

    engine = make_engine(url)
    hub = Hub(Store(make_sessions(engine)), Settings(db_url=url, bot_delay=0), holder=holder)
    hub.leased = set()  # one of several processes
    return hub, engine


def test_the_lease_holder_enforces_and_a_successor_enforces_after_the_holder_dies(db_url, clock):  # noqa: F811
    """Issue 41, point 1: a deadline that passes while the owning process is dead is enforced by
    the process that takes the room over, and never by a process without the lease."""
    first, e1 = hub_on(db_url, "first")
    second, e2 = hub_on(db_url, "second")
    try:
        room, _ = first.create("krig", {}, ["human", "human"], time_control={"mode": "correspondence", "days": 1})
        assert room.id in first.leased  # the creator runs its clocks
        seat = room.waiting()[0]
        first.decide_now(room, seat, room.match.legal_actions(seat)[0])
        nxt = room.waiting()[0]
        clock.now += 0.5 * DAY
        copy = second.get(room.id)  # the other process's copy: same start, not its clocks to run
        assert second.clocks.left(copy, nxt) == pytest.approx(0.5 * DAY, abs=5)
        assert not second.lease(room.id)
        # the first process dies (its lease is no longer renewed) while the deadline passes
        del first
        clock.now += 0.5 * DAY + 10
        corr.sweep(second)
        assert not second.get(room.id).over  # not its room yet: nothing enforced twice or early
        deadline = time.monotonic() + 30
        while not second.lease(room.id):
            assert time.monotonic() < deadline, "the lease never came over"
            second.lease_asked.clear()
            time.sleep(0.2)
        corr.sweep(second)
        live = second.get(room.id)
        assert live.over and nxt not in live.winners and "ran out of time" in live.ending.reason
        third, e3 = hub_on(db_url, "third")  # what is stored: the same ending
        try:
            stored = third.get(room.id)
            assert stored.over and stored.winners == live.winners
        finally:
            e3.dispose()
    finally:
        e1.dispose()
        e2.dispose()
