"""Leave: an account pauses all its correspondence clocks, up to :data:`DAYS_A_YEAR` days in any
365 days (as correspondence servers offer), and the others see it.

A leave is kept as an interval (``leaves``: account, starts, ends); ending it early shortens it,
and only the days taken count.  The clocks ask :meth:`Leaves.paused` for the seconds of a seat's
open decision that fell in its account's leaves and do not count them (``Clocks.left``), so a
leave needs no change to any stored start, and every process reads the same intervals (kept here
for :data:`FRESH` seconds)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine

from .correspondence import DAY
from .db import LEAVES, SEATS
from .room import RoomError

if TYPE_CHECKING:  # pragma: no cover
    from .room import Room

DAYS_A_YEAR = 30
YEAR = 365 * DAY
FRESH = 30.0  # seconds the leaves and a room's accounts are kept before they are read again


class Leaves:
    def __init__(self, engine: Engine, now=time.time) -> None:
        self.engine, self.now = engine, now
        self._all: tuple[float, list[tuple[int, float, float]]] | None = None  # (read at, every leave)
        self._owners: dict[str, tuple[float, dict[int, int | None]]] = {}  # room -> (read at, seat -> account)

    def _leaves(self) -> list[tuple[int, float, float]]:
        at = time.monotonic()
        if self._all is None or at - self._all[0] > FRESH:
            with self.engine.connect() as conn:
                rows = conn.execute(select(LEAVES.c.account_id, LEAVES.c.starts, LEAVES.c.ends)
                                    .where(LEAVES.c.ends > self.now() - YEAR)).all()
            self._all = (at, [tuple(r) for r in rows])
        return self._all[1]

    def _owner(self, room_id: str, seat: int) -> int | None:
        at = time.monotonic()
        known = self._owners.get(room_id)
        if known is None or at - known[0] > FRESH:
            with self.engine.connect() as conn:
                owners = dict(conn.execute(select(SEATS.c.seat, SEATS.c.account_id).where(SEATS.c.room_id == room_id)).all())
            known = self._owners[room_id] = (at, owners)
        return known[1].get(seat)

    def paused(self, room: "Room", seat: int, start: float, end: float) -> float:
        """Seconds between ``start`` and ``end`` that the seat's account was on leave."""
        leaves = self._leaves()
        if not leaves or not any(e > start and s < end for _, s, e in leaves):
            return 0.0  # nobody on leave then: no question about the room's accounts
        account = self._owner(room.id, seat)
        return sum(max(0.0, min(e, end) - max(s, start)) for a, s, e in leaves if a == account)

    def on_leave(self, room: "Room", seat: int) -> float | None:
        """Until when the seat's account is on leave now (None: it is not)."""
        now = self.now()
        leaves = [e for _, s, e in self._leaves() if s <= now < e]
        if not leaves:
            return None
        account = self._owner(room.id, seat)
        ends = [e for a, s, e in self._leaves() if a == account and s <= now < e]
        return max(ends) if ends else None

    # -- an account's own leave ------------------------------------------------------------------
    def of(self, account: int) -> dict:
        now = self.now()
        with self.engine.connect() as conn:
            rows = conn.execute(select(LEAVES.c.starts, LEAVES.c.ends).where(
                LEAVES.c.account_id == account, LEAVES.c.ends > now - YEAR)).all()
        used = sum(min(e, now) - max(s, now - YEAR) for s, e in rows if s < now) / DAY
        current = [e for s, e in rows if s <= now < e]
        booked = sum(max(0.0, e - max(s, now)) for s, e in rows) / DAY
        return {"on_leave": bool(current), "until": max(current) if current else None,
                "used_days": round(used, 3), "left_days": round(max(0.0, DAYS_A_YEAR - used - booked), 3)}

    def take(self, account: int, days: int) -> dict:
        """Start a leave of ``days`` now (refused past the year's allowance, or while on leave)."""
        mine = self.of(account)
        if mine["on_leave"]:
            raise RoomError("you are on leave already; end it first", 409)
        if days > mine["left_days"] + 1e-9:
            raise RoomError(f"a leave is at most {DAYS_A_YEAR} days in a year: {mine['left_days']:g} days are left", 409)
        now = self.now()
        with self.engine.begin() as conn:
            conn.execute(insert(LEAVES).values(account_id=account, starts=now, ends=now + days * DAY))
        self._all = None
        return self.of(account)

    def end(self, account: int) -> dict:
        """End the account's leave now (only the days taken count)."""
        now = self.now()
        with self.engine.begin() as conn:
            conn.execute(update(LEAVES).where(LEAVES.c.account_id == account, LEAVES.c.starts <= now,
                                              LEAVES.c.ends > now).values(ends=now))
        self._all = None
        return self.of(account)
