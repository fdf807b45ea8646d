"""Several server processes on one PostgreSQL database: news of every change, and who runs what.

- **News**: a process stores an event and sends ``NOTIFY brawl, '<holder>|<room>|events|<the
  events>'`` in the same transaction; every process LISTENs on a connection of its own (a thread
  here, so the event loop never waits on it) and catches its copy of that room up with the events
  the news carries (from the store when they do not follow on from what it has, or did not fit in
  the news), then wakes its own WebSockets.  No new service to run: PostgreSQL carries the news.
- **Leases**: each room's bots and clocks run in exactly one process, the holder of the room's row
  in ``leases``; the holder renews its leases every second for ``LEASE`` seconds, and when a holder
  dies its rooms are taken over by another process within that time.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from typing import TYPE_CHECKING

from sqlalchemy import text

from .store import CHANNEL

if TYPE_CHECKING:  # pragma: no cover
    from sqlalchemy.engine import Engine

    from .hub import Hub
    from .room import Room

log = logging.getLogger("brawl.server")
LEASE = 4.0  # seconds a lease lasts without renewal: a dead holder's rooms move within this


class Fanout:
    def __init__(self, engine: "Engine", hub: "Hub", loop: asyncio.AbstractEventLoop) -> None:
        self.engine = engine
        self.hub = hub
        self.loop = loop
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._listen, name="brawl-listen", daemon=True)
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.hub.leased = set()
        self.hub.notifier.on_change = self.announce
        self.thread.start()
        self.task = self.loop.create_task(self._leases())

    def stop(self) -> None:
        self.stopping.set()
        if self.task is not None:
            self.task.cancel()

    # -- news --------------------------------------------------------------------------------------
    def announce(self, room: "Room", reload: bool = False) -> None:
        payload = self.hub.news(room.id, reload)
        try:
            with self.engine.begin() as conn:
                conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})
        except Exception:  # the others catch up on their next read of the room
            log.warning("could not announce a change of room %s", room.id)

    def _listen(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self.stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5, stop_after=64):
                            self._heard(note.payload)
            except Exception:
                if not self.stopping.is_set():
                    log.warning("lost the database's news connection; reconnecting")
                    time.sleep(0.5)

    def _heard(self, payload: str) -> None:
        holder, _, rest = payload.partition("|")
        room_id, _, rest = rest.partition("|")
        kind, _, data = rest.partition("|")
        if holder == self.hub.holder or not room_id:
            return  # our own news
        if kind == "reload":
            self.loop.call_soon_threadsafe(self.hub.reload, room_id)
            return
        events = None
        if data:  # the new events themselves (parsed here, off the event loop)
            try:
                events = json.loads(data)
            except ValueError:
                events = None
        self.loop.call_soon_threadsafe(self.hub.catch_up, room_id, events)

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
            await asyncio.sleep(1.0)
