"""Telling: the connections watching each room, who is present at each seat, and news of changes.

A :class:`Connection` is one client's WebSocket (its seat and what it has been sent); the
:class:`Notifier` wakes every connection of a room when the room changes, and keeps presence: a
seat is "online" while one of its connections is open and for ``away_after`` seconds after the
last one closes or its last request with its token (the HTTP API: a seat played without a socket is
present too; a reload is not an absence; a room whose away limit is shorter uses that), then
"away"; "offline" before it ever connected or asked.

With several server processes on one PostgreSQL database, each accepted change is also announced
with ``NOTIFY`` (see :mod:`brawl.server.fanout`), and every process wakes its own connections;
presence is shared through the database (``presence``, see :mod:`brawl.server.sharing`): a seat is
present while any process holds a connection of it, and its last time anywhere counts.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # pragma: no cover
    from .room import Room


@dataclass(eq=False)
class Connection:
    """A client watching a room: its seat, the last event and chat line it has been sent."""

    room_id: str
    seat: int | None
    client: str = ""
    last_sent: int = -1
    chat_sent: int = -1
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dirty: bool = True  # the view changed since it was last sent
    outbox: list[dict] = field(default_factory=list)  # direct answers, sent after any pending update

    def tell(self, message: dict) -> None:
        self.outbox.append(message)
        self.wake.set()


@dataclass
class Presence:
    open: int = 0
    left_at: float | None = None  # when its last connection here closed
    seen: bool = False  # connected or asked here at least once
    asked_at: float | None = None  # its last request here with its token (the HTTP API counts)
    looked_at: float | None = None  # never seen here: when this process first asked about it

    def last(self) -> float | None:
        """When the seat was last here (connected or asking); None: never."""
        times = [t for t in (self.left_at, self.asked_at) if t is not None]
        return max(times) if times else None


class Notifier:
    def __init__(self, away_after: float) -> None:
        self.away_after = away_after
        self.connections: dict[str, set[Connection]] = {}
        self.presence: dict[tuple[str, int], Presence] = {}
        self.per_client: dict[str, int] = {}
        self.versions: dict[str, int] = {}
        self._shared: dict[str, tuple[tuple, str]] = {}
        self.on_change: Callable[["Room", bool], None] | None = None  # e.g. announce to other processes
        self.on_presence: Callable[[str], None] | None = None
        self.grace_of: Callable[[str], float] = lambda room_id: self.away_after  # a room's own grace (the hub's)
        # several processes (set by the sharing part): when a seat was last present in another
        # process (``now`` while a connection there is open; None: never), and when a room began
        # (a seat never present anywhere is away from then, the same in every process; None: unknown)
        self.elsewhere: Callable[[str, int], float | None] = lambda room_id, seat: None
        self.born: Callable[[str], float | None] = lambda room_id: None
        self.on_local: Callable[[str, int, Presence], None] | None = None  # a seat's presence here changed

    # -- connections -----------------------------------------------------------------------------
    def count(self, room_id: str) -> int:
        return len(self.connections.get(room_id, ()))

    def watching(self, room_id: str) -> bool:
        return bool(self.connections.get(room_id))

    def add(self, conn: Connection) -> None:
        self.connections.setdefault(conn.room_id, set()).add(conn)
        self.per_client[conn.client] = self.per_client.get(conn.client, 0) + 1
        if conn.seat is not None:
            p = self.presence.setdefault((conn.room_id, conn.seat), Presence())
            p.open += 1
            p.seen = True
            if self.on_local:
                self.on_local(conn.room_id, conn.seat, p)
            self._presence_changed(conn.room_id)

    def remove(self, conn: Connection) -> None:
        conns = self.connections.get(conn.room_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                self.connections.pop(conn.room_id, None)
                self.drop_shared(conn.room_id)
        left = self.per_client.get(conn.client, 1) - 1
        if left > 0:
            self.per_client[conn.client] = left
        else:
            self.per_client.pop(conn.client, None)
        if conn.seat is not None:
            p = self.presence.get((conn.room_id, conn.seat))
            if p is not None:
                p.open = max(0, p.open - 1)
                if p.open == 0:
                    p.left_at = time.time()
                    self._later_presence(conn.room_id)
                if self.on_local:
                    self.on_local(conn.room_id, conn.seat, p)
            self._presence_changed(conn.room_id)

    def touch(self, room_id: str, seat: int) -> None:
        """``seat`` made a request with its token (the HTTP API): it is present now, as if a
        connection had just closed; the room is told when that changes what it shows."""
        p = self.presence.setdefault((room_id, seat), Presence())
        now = time.time()
        was = self.status(room_id, seat)
        p.asked_at, p.seen = now, True
        if self.on_local:
            self.on_local(room_id, seat, p)
        if was != "online":
            self._presence_changed(room_id)
            self._until_away(room_id, seat)

    def _until_away(self, room_id: str, seat: int) -> None:
        """Tell the room once ``seat`` (present by its requests) shows "away"; until then, look
        again when its grace since the last request is over."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def due() -> None:
            last = self.last_seen(room_id, seat)
            left = (last or 0.0) + self.grace_of(room_id) - time.time()
            if left > 0:
                loop.call_later(left + 0.05, due)
            else:
                self._presence_changed(room_id)
        loop.call_later(self.grace_of(room_id) + 0.05, due)

    def _later_presence(self, room_id: str) -> None:
        """Tell the room again once a seat's grace period is over (it then shows "away")."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(self.grace_of(room_id) + 0.05, self._presence_changed, room_id)

    def _presence_changed(self, room_id: str) -> None:
        self.wake(room_id)
        if self.on_presence:
            self.on_presence(room_id)

    def last_seen(self, room_id: str, seat: int) -> float | None:
        """When ``seat`` was last present in any process (``now`` while connected anywhere; None:
        never): a connection open, closed, or a request with its token."""
        p = self.presence.get((room_id, seat))
        now = time.time()
        if p is not None and p.open > 0:
            return now
        times = [t for t in (p.last() if p is not None else None, self.elsewhere(room_id, seat)) if t is not None]
        return min(now, max(times)) if times else None

    def status(self, room_id: str, seat: int) -> str:
        last = self.last_seen(room_id, seat)
        if last is None:
            return "offline"
        return "online" if time.time() - last < self.grace_of(room_id) else "away"

    def away_for(self, room_id: str, seat: int) -> float:
        """Seconds since ``seat`` was last present in any process (0 while connected anywhere).
        Never present anywhere: since the room began when that is known (several processes: the
        same for all), else since this process first asked (one process: from the first look)."""
        now = time.time()
        last = self.last_seen(room_id, seat)
        if last is None:
            last = self.born(room_id)
        if last is None:
            p = self.presence.setdefault((room_id, seat), Presence())
            if p.looked_at is None:
                p.looked_at = now
            last = p.looked_at
        return max(0.0, now - last)

    # -- news ------------------------------------------------------------------------------------
    def changed(self, room: "Room", reload: bool = False, announce: bool = True) -> None:
        """``room`` changed: wake its connections here and, with ``announce``, tell other
        processes (``reload``: more than new events changed, such as a name, chat or a claim)."""
        self.wake(room.id)
        if announce and self.on_change:
            self.on_change(room, reload)

    def wake(self, room_id: str) -> None:
        self.versions[room_id] = self.versions.get(room_id, 0) + 1
        for conn in self.connections.get(room_id, ()):
            conn.dirty = True
            conn.wake.set()

    def version(self, room_id: str) -> int:
        """A number that changes whenever anything a connection of ``room_id`` shows may have changed."""
        return self.versions.get(room_id, 0)

    def shared(self, key: tuple, make: Callable[[], str]) -> str:
        """One message text for every connection that would be sent the same (spectators of a room
        at the same point): built once, not once per connection."""
        hit = self._shared.get(key[0])
        if hit is not None and hit[0] == key:
            return hit[1]
        text = make()
        self._shared[key[0]] = (key, text)
        return text

    def drop_shared(self, room_id: str) -> None:
        self._shared.pop(room_id, None)

    def broadcast(self, room_id: str, message: dict) -> None:
        for conn in self.connections.get(room_id, ()):
            conn.tell(message)
