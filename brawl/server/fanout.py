"""Several server processes on one PostgreSQL database: news of every change, and who runs what.

- **News**: a process stores an event and sends ``NOTIFY brawl, '<holder>|<room>|events|<the
  events>'`` in the same transaction; every process LISTENs on a connection of its own, whose
  socket its event loop watches like any other (no thread; whatever news arrived together is read
  in one go, straight from libpq), and catches its copy of that room up with the events
  the news carries (from the store when they do not follow on from what it has, or did not fit in
  the news), then wakes its own WebSockets.  No new service to run: PostgreSQL carries the news.
  Whenever the news connection starts listening (at start-up, and again after it was lost),
  every room already in memory catches up from the store: news sent before this process listened
  never reaches it, and a room may have been loaded before then (start-up waits for the first
  ``LISTEN`` before it serves or resumes anything, :meth:`Fanout.ready`, but not forever: a
  database that is down then is waited for while the server serves).
- **Leases**: each room's bots and clocks run in exactly one process, the holder of the room's row
  in ``leases``; the holder renews its leases every second for ``LEASE`` seconds, and when a holder
  dies its rooms are taken over by another process within that time.
- **Presence**: the same round writes this process's presence rows (its connections and requests
  per seat), refreshes those with open connections and reads the other processes' rows
  (see :mod:`~brawl.server.sharing`): a seat is present while any process holds its socket.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy import text

from .sharing import LEASE  # noqa: F401  (seconds a lease lasts; fanout.LEASE as before)
from .store import CHANNEL

if TYPE_CHECKING:  # pragma: no cover
    from sqlalchemy.engine import Engine

    from .hub import Hub
    from .room import Room

log = logging.getLogger("brawl.server")
LISTEN_WAIT = 5.0  # seconds start-up waits for the news connection to listen before serving anyway


class Fanout:
    def __init__(self, engine: "Engine", hub: "Hub", loop: asyncio.AbstractEventLoop) -> None:
        self.engine = engine
        self.hub = hub
        self.loop = loop
        self.tasks: list[asyncio.Task] = []
        self.listening = asyncio.Event()  # set while the news connection listens

    def start(self) -> None:
        self.hub.leased = set()
        self.hub.share_presence()
        self.hub.notifier.on_change = self.announce
        self.tasks = [self.loop.create_task(self._listen()), self.loop.create_task(self._leases())]

    async def ready(self, timeout: float = LISTEN_WAIT) -> bool:
        """Wait until the news connection listens (True), or ``timeout`` seconds (False: the rooms
        loaded meanwhile catch up once it does)."""
        try:
            await asyncio.wait_for(self.listening.wait(), timeout)
        except asyncio.TimeoutError:
            log.warning("the database's news connection is not listening yet; serving meanwhile")
            return False
        return True

    def stop(self) -> None:
        for task in self.tasks:
            task.cancel()

    # -- news --------------------------------------------------------------------------------------
    def announce(self, room: "Room", reload: bool = False) -> None:
        payload = self.hub.news(room.id, reload)
        try:
            with self.engine.begin() as conn:
                conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})
        except Exception:  # the others catch up on their next read of the room
            log.warning("could not announce a change of room %s", room.id)

    async def _listen(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self.catch_up_all()
                    await self._hear(conn.pgconn)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("lost the database's news connection; reconnecting")
                await asyncio.sleep(0.5)
            finally:
                self.listening.clear()

    def catch_up_all(self) -> None:
        """Every room in memory catches up from the store: news sent before the connection
        listened (at start-up, or while it was lost) never reaches this process."""
        for room_id in list(self.hub.rooms):
            try:
                self.hub.catch_up(room_id)
            except Exception:  # one room's failure: the others still catch up
                log.exception("room %s could not catch up", room_id)

    async def _hear(self, pgconn) -> None:
        """Read the news whenever the connection's socket is readable, every notification that
        has arrived at once; returns only by raising, when the connection is lost.  (psycopg's
        own ``notifies()`` generator costs about 2.5 times as much CPU per notification: it
        waits on the socket afresh for each one.)"""
        gone = self.loop.create_future()

        def readable() -> None:
            try:
                pgconn.consume_input()  # raises once the connection is lost
                while (note := pgconn.notifies()) is not None:
                    try:
                        self._heard(note.extra.decode())
                    except Exception:  # one bad piece of news: the rest still count
                        log.exception("handling news from another process failed")
            except Exception as exc:
                if not gone.done():
                    gone.set_exception(exc)

        fd = pgconn.socket
        self.loop.add_reader(fd, readable)
        try:
            await gone
        finally:
            self.loop.remove_reader(fd)

    def _heard(self, payload: str) -> None:
        """News from another process: catch this process's copy of the room up (or read it afresh)."""
        holder, _, rest = payload.partition("|")
        room_id, _, rest = rest.partition("|")
        kind, _, data = rest.partition("|")
        if holder == self.hub.holder or not room_id:
            return  # our own news
        if kind == "reload":
            self.hub.reload(room_id)
            return
        if room_id not in self.hub.rooms:
            return  # not in memory here: a later use reads it from the store, this event included
        events = None
        if data:  # the new events themselves
            try:
                events = json.loads(data)
            except ValueError:
                events = None
        self.hub.catch_up(room_id, events)

    # -- leases ------------------------------------------------------------------------------------
    async def _leases(self) -> None:
        hub = self.hub
        loop = asyncio.get_running_loop()

        def offered() -> tuple[float, list[str]]:  # the database's part, on a thread: the loop serves on
            now = time.time()
            hub.store.renew_leases(hub.holder, now, LEASE)
            return now, [r for r in hub.store.unheld(hub.holder, now) if r not in hub.leased
                         and hub.store.take_lease(r, hub.holder, now, LEASE)]

        while True:
            try:
                now, taken = await loop.run_in_executor(None, offered)
                for room_id in taken:
                    hub.leased.add(room_id)
                    room = hub.rooms.get(room_id)
                    if room is not None and not room.pending:
                        hub.forget(room_id)  # read it fresh: the last holder may have moved on
                    room = hub.get(room_id)
                    hub.clocks.arm(room)
                    hub.bots.kick(room)
                for room_id in list(hub.leased):
                    room = hub.rooms.get(room_id)
                    if room is not None and room.over:
                        hub.leased.discard(room_id)
                        hub.store.drop_lease(room_id, hub.holder)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease round failed")
            try:  # presence: this process's rows written and refreshed, the others' read
                read_at, batch = time.time(), hub.presence_batch()
                try:
                    rows = await loop.run_in_executor(None, hub.exchange_presence, batch, hub.presence_since)
                except Exception:
                    for key, value in batch.items():  # written with the next exchange
                        hub.presence_out.setdefault(key, value)
                    raise
                hub.presence_heard(rows, read_at)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("presence exchange failed; trying again in a second")
            await asyncio.sleep(1.0)
