"""Per-address limits counted across every server process (PostgreSQL).

With one process (SQLite) the hub counts the rooms each address created in the last minute
(:class:`~brawl.server.people.RateLimit`) and the notifier counts each address's open WebSockets,
in memory.  Under ``brawl serve --workers N``, or several ``brawl serve`` on one PostgreSQL
database, each process counting alone would let N times the limits through.  So on PostgreSQL
both counts are kept in the database's ``attempts`` table (a key and a time per row), which every
process shares:

- **rooms**: a row ``room:<address>`` per room created, at its time; a creation is refused (429)
  once the address has ``rooms_per_minute`` rows in the last 60 seconds;
- **WebSockets**: a row ``socket:<address>`` per open socket, whose time its process renews every
  ``RENEW`` seconds while the socket is open, deleted when it closes; a socket is refused (close
  4429) once the address has ``sockets_per_client`` rows renewed within ``STALE`` seconds (the
  rows of a process killed without closing its sockets stop counting then).

Counting and adding a row happen in one transaction that holds an advisory lock on the key, so two
processes admitting the same address at once are counted one after the other.  Rows past their
window are deleted as the key is counted again (and by the log-in limit's own clean-up).

On PostgreSQL the per-seat limits are counted there too (:meth:`SharedLimits.rate`): chat lines
(``chat:<room>:<seat>``), takeback requests (``takeback:...``) and decisions (``decide:...``), so
a seat that sends through two processes gets no more than the settings allow in all.

:func:`reserve` is the same count for several keys at once on either database (SQLite: the
transaction takes the database's write lock first, ``BEGIN IMMEDIATE``), used by the log-in and
sign-up limits: an attempt is counted *before* its password is hashed, so that thirty log-ins sent
at once are counted one after the other and no more than the limit reach the hash.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, insert, select, text, update
from sqlalchemy.exc import SQLAlchemyError

from .db import ATTEMPTS
from .room import RoomError

if TYPE_CHECKING:  # pragma: no cover
    from sqlalchemy.engine import Engine

    from .settings import Settings

log = logging.getLogger("brawl.server")
RENEW = 2.0  # seconds between renewals of this process's open sockets' rows
STALE = 8.0  # seconds after which a socket's row no longer counts (its process died)
LOCKS = 29_001  # the advisory locks' first key: this module's locks, apart from any other use
NOT_COUNTED = -1  # a socket admitted while the database could not be asked (the local limit holds)


def lock_key(key: str) -> int:
    """The advisory lock's second key for ``key`` (32 bits, signed, as PostgreSQL takes it)."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big", signed=True)


def _lock(db: Any, keys: list[str]) -> None:
    """Take the write lock (SQLite) or each key's advisory lock in one order (PostgreSQL)."""
    if db.dialect.name == "postgresql":
        for k in sorted({lock_key(k) for k in keys}):
            db.execute(text("SELECT pg_advisory_xact_lock(:space, :key)"), {"space": LOCKS, "key": k})
    elif db.dialect.name == "sqlite":
        db.exec_driver_sql("BEGIN IMMEDIATE")


def reserve(engine: "Engine", checks: list[tuple[str, int | None]], window: float) -> list[int] | str:
    """Count each key of ``checks`` (key, limit; a None limit is counted but never refuses) over
    the last ``window`` seconds and, when every key is under its limit, add a row for each, in one
    transaction that holds the keys' locks: the new rows' ids, or the first key at its limit
    (nothing added).  Raises SQLAlchemyError when the database cannot be asked."""
    now = time.time()
    keys = [k[:200] for k, _ in checks]
    with engine.connect() as db:
        _lock(db, keys)
        db.execute(delete(ATTEMPTS).where(ATTEMPTS.c.key.in_(keys), ATTEMPTS.c.at < now - window))
        held = dict(db.execute(select(ATTEMPTS.c.key, func.count()).where(ATTEMPTS.c.key.in_(keys))
                               .group_by(ATTEMPTS.c.key)).all())
        for key, (_, limit) in zip(keys, checks):
            if limit is not None and held.get(key, 0) >= limit:
                db.rollback()
                return key
        ids = [db.execute(insert(ATTEMPTS).values(key=key, at=now)).inserted_primary_key[0] for key in keys]
        db.commit()
        return ids


def release(engine: "Engine", ids: list[int]) -> None:
    """Rows of :func:`reserve` that no longer count (the log-in succeeded, the hash never ran)."""
    if ids:
        with engine.begin() as db:
            db.execute(delete(ATTEMPTS).where(ATTEMPTS.c.id.in_(ids)))


class SharedLimits:
    """Rooms created and sockets open per address, counted in PostgreSQL for every process."""

    def __init__(self, engine: "Engine", settings: "Settings") -> None:
        self.engine = engine
        self.settings = settings
        self.open: set[int] = set()  # the rows of this process's open sockets
        self.task: asyncio.Task | None = None

    # -- counting ----------------------------------------------------------------------------------
    def admit(self, key: str, limit: int, window: float) -> int | None:
        """Add a row for ``key`` unless it has ``limit`` rows newer than ``window`` seconds: the
        new row's id, or None (refused).  Raises RoomError 503 when the database cannot be asked."""
        now = time.time()
        try:
            with self.engine.begin() as db:
                db.execute(text("SELECT pg_advisory_xact_lock(:space, :key)"), {"space": LOCKS, "key": lock_key(key)})
                db.execute(delete(ATTEMPTS).where(ATTEMPTS.c.key == key, ATTEMPTS.c.at < now - window))
                held = db.scalar(select(func.count()).select_from(ATTEMPTS).where(ATTEMPTS.c.key == key))
                if held >= limit:
                    return None
                return db.scalar(insert(ATTEMPTS).values(key=key, at=now).returning(ATTEMPTS.c.id))
        except SQLAlchemyError as exc:
            raise RoomError("the game store is unavailable right now; nothing was changed, try again shortly", 503) from exc

    def rooms(self) -> "SharedRate":
        """The limit on rooms created per address, in the hub's :class:`RateLimit`'s place."""
        return SharedRate(self, self.settings.rooms_per_minute, 60.0, "room")

    def rate(self, count: int, per: float, prefix: str) -> "SharedRate":
        """Any other :class:`~brawl.server.people.RateLimit` of the hub, counted for every process."""
        return SharedRate(self, count, per, prefix)

    def share(self, hub: Any) -> None:
        """Put the hub's per-address and per-seat limits in the database (every process counts)."""
        s = self.settings
        hub.creations = self.rooms()
        hub.chats = self.rate(s.chat_per_minute, 60.0, "chat")
        hub.takeback_asks = self.rate(s.takebacks_per_minute, 60.0, "takeback")
        hub.decisions = self.rate(s.decisions_per_second, 1.0, "decide")

    async def open_socket(self, address: str) -> int | None:
        """Count a new socket from ``address``: its row's id, or None when the address holds its
        limit already (``NOT_COUNTED`` when the database cannot be asked: the process's own
        count still limits it)."""
        loop = asyncio.get_running_loop()
        try:
            row = await loop.run_in_executor(None, self.admit, f"socket:{address}"[:200],
                                             self.settings.sockets_per_client, STALE)
        except RoomError:
            log.warning("could not count a live connection across processes; counted here only")
            return NOT_COUNTED
        if row is not None:
            self.open.add(row)
        return row

    def close_socket(self, row: int) -> None:
        """A counted socket closed: its row goes (in the background; if that fails, it goes stale)."""
        if row == NOT_COUNTED or row not in self.open:
            return
        self.open.discard(row)
        asyncio.get_running_loop().run_in_executor(None, self._run, delete(ATTEMPTS).where(ATTEMPTS.c.id == row))

    # -- renewal -----------------------------------------------------------------------------------
    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.task = loop.create_task(self._renew())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def _renew(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(RENEW)
            if self.open:
                rows = list(self.open)
                await loop.run_in_executor(None, self._run, update(ATTEMPTS).where(ATTEMPTS.c.id.in_(rows))
                                           .values(at=time.time()))

    def _run(self, statement: Any) -> None:
        try:
            with self.engine.begin() as db:
                db.execute(statement)
        except SQLAlchemyError:
            log.warning("could not update the live connections counted across processes")


class SharedRate:
    """:class:`~brawl.server.people.RateLimit`'s ``hit``, counted in the database for every process."""

    def __init__(self, limits: SharedLimits, count: int, per: float, prefix: str) -> None:
        self.limits, self.count, self.per, self.prefix = limits, count, per, prefix

    def hit(self, key: Any, what: str) -> None:
        if isinstance(key, tuple):
            key = ":".join(map(str, key))
        if self.limits.admit(f"{self.prefix}:{key}"[:200], self.count, self.per) is None:
            raise RoomError(f"too many {what}: at most {self.count} per {self.per:g} s; wait a moment", 429)
