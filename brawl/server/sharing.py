"""The hub's part for several server processes on one database (see :mod:`~brawl.server.fanout`):
which process runs a room's bots and clocks (its lease), what the others hear of a change (the
news), and how this process's copy of a room catches up with what another process stored.

:class:`Sharing` is a base class of :class:`~brawl.server.hub.Hub`; it uses the hub's rooms,
store, notifier, clocks and bots, named below, and never imports the hub.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import TYPE_CHECKING, Callable

from .room import Room, RoomError
from .store import replay_stored

if TYPE_CHECKING:  # pragma: no cover
    from .botrunner import BotRunner
    from .clocks import Clocks
    from .notify import Notifier
    from .store import Store

LEASE = 4.0  # seconds a lease lasts without renewal: a dead holder's rooms move within this
NEWS_KEYS = ("n", "kind", "seat", "action", "event", "outcome", "sealed", "client_id")  # an event as news carries it
NEWS_LIMIT = 7_000  # bytes of news (PostgreSQL takes at most 8,000 in a NOTIFY)
UNHEARD_KEPT = 64  # pieces of news kept for a copy nobody here uses; beyond, it leaves memory
PRESENCE_STALE = LEASE + 1.0  # a row with open connections not refreshed for this long: its process died then
PRESENCE_HORIZON = 3_600.0  # seconds of the others' presence a starting process reads (claims read afresh)
PRESENCE_OVERLAP = 3.0  # seconds each read of the others' rows goes back before the last (clocks, commits)


class Sharing:
    """Leases, news and catching up (the hub's; see :class:`~brawl.server.hub.Hub`)."""

    store: "Store"
    notifier: "Notifier"
    clocks: "Clocks"
    bots: "BotRunner"
    rooms: dict[str, Room]
    holder: str  # this process, for leases
    leased: set[str] | None  # several processes: the rooms whose bots and clocks run here
    lease_asked: dict[str, float]  # room id -> when this process may next ask for its lease
    forget: Callable[[str], None]  # the hub's
    get: Callable[[str], Room]  # the hub's

    def lease(self, room_id: str) -> bool:
        """Several processes: try to become the one that runs ``room_id``'s bots and clocks.

        Asked at most once a second per room, and not again while another process holds the
        lease (it renews it every second; if it dies, the lease round, which asks for every room
        nobody holds, takes the room over within the lease's length)."""
        now = time.monotonic()
        if now < self.lease_asked.get(room_id, 0.0):
            return False
        self.lease_asked[room_id] = now + 1.0
        if len(self.lease_asked) > 10_000:
            self.lease_asked = {k: t for k, t in self.lease_asked.items() if t > now}
        try:
            held = self.store.take_lease(room_id, self.holder, time.time(), LEASE)
        except RoomError:
            return False
        if held and self.leased is not None:
            self.leased.add(room_id)
        elif not held:
            self.lease_asked[room_id] = now + LEASE  # another process holds it
        return held

    # -- presence shared by the processes ---------------------------------------------------------
    # Each process writes its own row per seat in ``presence`` (open connections there, and the last
    # time the seat was present there: refreshed every second while a connection is open), and
    # reads the others' rows: a seat is present while any process holds its socket, and its last
    # time anywhere counts, so no process judges "away" from its own first look.  What this process
    # heard is kept for views and the page's dots; before anyone may claim, the room's rows are
    # read afresh (:meth:`fresh_presence`).

    def share_presence(self) -> None:
        """Several processes: keep presence in the database (called by the fanout at start)."""
        self.presence_out: dict[tuple[str, int], tuple[int, float]] = {}  # this process's rows to write
        self.presence_written: dict[tuple[str, int], tuple[int, float]] = {}  # key -> (open, when) last queued
        self.presence_seen: dict[tuple[str, int], dict[str, tuple[int, float]]] = {}  # others' rows
        self.presence_read: dict[str, float] = {}  # room -> when its rows were last read in full
        self.rooms_born: dict[str, float] = {}
        self.presence_since = time.time() - PRESENCE_HORIZON
        self._presence_task: asyncio.Task | None = None
        self.notifier.on_local = self._present_here
        self.notifier.elsewhere = self._present_elsewhere
        self.notifier.born = self.rooms_born.get

    def _present_here(self, room_id: str, seat: int, p) -> None:
        """A seat's presence here changed (a connection, a request): written soon; a request
        within a second of the last write with the same connections is left to the heartbeat."""
        key, now = (room_id, seat), time.time()
        last = self.presence_written.get(key)
        if last is not None and last[0] == p.open and now - last[1] < 1.0:
            return
        self.presence_written[key] = (p.open, now)
        if len(self.presence_written) > 50_000:
            self.presence_written = {k: v for k, v in self.presence_written.items() if now - v[1] < 60}
        self.presence_out[key] = (p.open, now)
        if self._presence_task is None or self._presence_task.done():
            try:
                self._presence_task = asyncio.get_running_loop().create_task(self._write_presence())
            except RuntimeError:
                pass  # no loop: the next exchange writes it

    async def _write_presence(self) -> None:
        loop = asyncio.get_running_loop()
        while self.presence_out:
            batch, self.presence_out = self.presence_out, {}
            try:
                await loop.run_in_executor(None, self.exchange_presence, batch, None)
            except RoomError:
                for key, value in batch.items():  # the store is down: written with the next exchange
                    self.presence_out.setdefault(key, value)
                return

    def presence_batch(self) -> dict:
        """This process's rows not written yet (taken on the event loop; see exchange_presence)."""
        batch, self.presence_out = self.presence_out, {}
        return batch

    def exchange_presence(self, batch: dict, since: float | None) -> list[dict]:
        """On a thread (the database's part): write this process's rows of ``batch``, refresh its
        rows with open connections (the heartbeat) and, with ``since``, read the other processes'
        rows that changed since then.  One transaction."""
        from sqlalchemy import select
        from sqlalchemy.dialects.postgresql import insert

        from .db import PRESENCE
        now = time.time()
        rows = [{"room_id": r, "seat": s, "holder": self.holder, "open": o, "seen": t} for (r, s), (o, t) in batch.items()]

        def work(db):
            if rows:
                fresh = insert(PRESENCE).values(rows)
                db.execute(fresh.on_conflict_do_update(index_elements=[PRESENCE.c.room_id, PRESENCE.c.seat, PRESENCE.c.holder],
                                                       set_={"open": fresh.excluded.open, "seen": fresh.excluded.seen}))
            if since is None:
                return []
            db.execute(PRESENCE.update().where(PRESENCE.c.holder == self.holder, PRESENCE.c.open > 0).values(seen=now))
            if int(now) % 300 == 0:  # now and then: rows nobody has refreshed for two days
                db.execute(PRESENCE.delete().where(PRESENCE.c.seen < now - 2 * 86_400))
            got = db.execute(select(PRESENCE).where(PRESENCE.c.holder != self.holder, PRESENCE.c.seen > since))
            return [dict(r) for r in got.mappings()]
        return self.store._run(work)

    def presence_heard(self, rows: list[dict], read_at: float) -> None:
        """The other processes' rows (on the event loop): kept, and each room whose dots changed told."""
        changed = set()
        for r in rows:
            key = (r["room_id"], r["seat"])
            was = self.notifier.status(*key)
            self.presence_seen.setdefault(key, {})[r["holder"]] = (r["open"], r["seen"])
            if self.notifier.status(*key) != was:
                changed.add(r["room_id"])
        self.presence_since = read_at - PRESENCE_OVERLAP
        if len(self.presence_seen) > 50_000:  # forget seats nobody anywhere has been at for a day
            self.presence_seen = {k: rows for k, rows in self.presence_seen.items()
                                  if max(seen for _, seen in rows.values()) > read_at - 86_400}
        for room_id in changed:
            self.notifier.wake(room_id)

    def fresh_presence(self, room_id: str, max_age: float = 0.0) -> None:
        """Read the room's presence rows of every process (and when it began) afresh, unless read
        within ``max_age`` seconds: what a claim is judged on (nothing to read where presence is
        not shared: :meth:`share_presence` was never called)."""
        if getattr(self, "presence_read", None) is None:
            return
        now = time.time()
        if now - self.presence_read.get(room_id, 0.0) <= max_age:
            return
        from sqlalchemy import select

        from .db import PRESENCE, ROOMS

        def work(db):
            rows = db.execute(select(PRESENCE).where(PRESENCE.c.room_id == room_id, PRESENCE.c.holder != self.holder))
            return [dict(r) for r in rows.mappings()], db.execute(select(ROOMS.c.created_at).where(ROOMS.c.id == room_id)).scalar()
        rows, born = self.store._run(work, reading=True)
        if born is not None:
            self.rooms_born[room_id] = born.timestamp() if hasattr(born, "timestamp") else float(born)
        for r in rows:
            self.presence_seen.setdefault((r["room_id"], r["seat"]), {})[r["holder"]] = (r["open"], r["seen"])
        self.presence_read[room_id] = now
        if len(self.presence_read) > 10_000:
            self.presence_read = {k: t for k, t in self.presence_read.items() if now - t < 60}

    def _present_elsewhere(self, room_id: str, seat: int) -> float | None:
        """When ``seat`` was last present in another process (now: a connection open there, whose
        process still refreshes its rows); None: never, as far as this process heard."""
        rows = self.presence_seen.get((room_id, seat))
        if not rows:
            return None
        now, last = time.time(), None
        for open_, seen in rows.values():
            if open_ > 0 and now - seen < PRESENCE_STALE:
                return now
            last = seen if last is None else max(last, seen)
        return last

    def runs(self, room: Room) -> bool:
        """Whether this process runs the room's bots and clocks (always, with one process)."""
        return self.leased is None or room.id in self.leased

    def news(self, room_id: str, reload: bool = False, rows: list[dict] | None = None) -> str:
        """What other processes hear of a change of ``room_id`` (see fanout.py): with ``rows``, the
        new events themselves when they fit, so the others apply them without reading the store."""
        head = f"{self.holder}|{room_id}|{'reload' if reload else 'events'}"
        if rows and not reload:
            body = json.dumps([{k: r[k] for k in NEWS_KEYS} for r in rows], separators=(",", ":"))
            if len(head) + len(body.encode()) < NEWS_LIMIT:
                return f"{head}|{body}"
        return head

    def reload(self, room_id: str) -> None:
        """Another process changed more than events (a name, chat, a claim, a takeback): read the
        room afresh on its next use, and tell this process's connections."""
        if room_id in self.rooms:
            self.forget(room_id)
            try:
                self.get(room_id)
            except RoomError:
                pass
        self.notifier.wake(room_id)

    def catch_up(self, room_id: str, events: list[dict] | None = None) -> None:
        """Another process changed a room: apply the events stored since (``events``: those the news
        carried, when they follow on from what this copy has), then tell (several processes).

        A copy that nobody watches here and whose bots and clocks run elsewhere (the process that
        created a room whose seats are on others, say) only keeps the news, and applies it on its
        next use (:meth:`get`): most such copies are never used again before they leave memory."""
        room = self.rooms.get(room_id)
        if room is None:
            return
        if room.pending:  # our own decision is being stored: hear the news once it is settled
            asyncio.get_running_loop().call_later(0.005, self.catch_up, room_id)
            return
        room.unheard.append(events)
        if self.notifier.watching(room_id) or self.runs(room):
            self._hear(room)
        elif len(room.unheard) > UNHEARD_KEPT:
            self.forget(room_id)  # read afresh on its next use

    def _hear(self, room: Room) -> None:
        """Apply the news kept in ``room.unheard`` (the events themselves when they follow on from
        what this copy has, else whatever the store has after it), then tell this process's
        connections, clocks and bots.  A store that cannot be read drops the copy."""
        batches, room.unheard = room.unheard, []
        events = None if any(b is None for b in batches) else [e for b in batches for e in b]
        if events is not None:
            events = [e for e in events if e["n"] > room.last]
            if not events:
                return  # nothing this copy lacks
            if any(e["n"] != room.last + 1 + i for i, e in enumerate(events)):
                events = None  # news missed on the way: read what is stored
        try:
            fresh = events if events is not None else self.store.events_after(room.id, room.last)
            if fresh:
                replay_stored(room, fresh)
        except RoomError:
            self.forget(room.id)
            return
        self.clocks.arm(room)
        self.notifier.wake(room.id)
        self.bots.kick(room)
