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
