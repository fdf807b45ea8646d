"""Telling: the connections watching each room, who is present at each seat, and news of changes.

A :class:`Connection` is one client's WebSocket (its seat and what it has been sent); the
:class:`Notifier` wakes every connection of a room when the room changes, and keeps presence: a
seat is "online" while one of its connections is open and for ``away_after`` seconds after the
last one closes (a reload is not an absence; a room whose away limit is shorter uses that), then
"away"; "offline" before it ever connected.

With several server processes on one PostgreSQL database, each accepted change is also announced
with ``NOTIFY`` (see :mod:`brawl.server.fanout`), and every process wakes its own connections.
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
    left_at: float | None = None
    seen: bool = False


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
            self._presence_changed(conn.room_id)

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

    def status(self, room_id: str, seat: int) -> str:
        p = self.presence.get((room_id, seat))
        if p is None or not p.seen:
            return "offline"
        if p.open > 0 or (p.left_at is not None and time.time() - p.left_at < self.grace_of(room_id)):
            return "online"
        return "away"

    def away_for(self, room_id: str, seat: int) -> float:
        """Seconds since ``seat`` was last connected (0 while connected; never connected: since
        this process started watching, i.e. unknown, counted from the first question)."""
        p = self.presence.get((room_id, seat))
        if p is None:
            p = self.presence[(room_id, seat)] = Presence(left_at=time.time())
        if p.open > 0 or p.left_at is None:
            return 0.0
        return time.time() - p.left_at

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
