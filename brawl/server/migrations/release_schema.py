"""The schema of brawl 0.1.0, the release before migrations: the tables the first migration makes.

Kept here as it was, apart from ``brawl/server/db.py`` (which changes with every migration), so that
the first migration and the upgrade of a database older than the migrations never move.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (JSON, Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, LargeBinary, MetaData,
                        String, Table, Text)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def tables() -> MetaData:
    """A fresh MetaData holding the 0.1.0 tables."""
    md = MetaData()
    rooms = Table(
        "rooms", md,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("options", JSON, nullable=False),
        Column("dice_kind", String(32), nullable=False),
        Column("seed_hex", String(128), nullable=False),
        Column("commitment", String(64), nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False, default=_now),
        Column("finished_at", DateTime(timezone=True), nullable=True),
        Column("parent_id", String(32), nullable=True),
        Column("rematch_id", String(32), nullable=True),
        Column("public", Boolean, nullable=False, default=False),
        Column("time_control", JSON, nullable=True),
        Column("wake", Boolean, nullable=False, default=False),
        Column("ended", Text, nullable=True),
    )
    Table(
        "seats", md,
        Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("kind", String(16), nullable=False),
        Column("bot", String(64), nullable=True),
        Column("token_hash", String(64), nullable=True),
        Column("player", String(200), nullable=True),
    )
    Table(
        "events", md,
        Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
        Column("n", Integer, primary_key=True),
        Column("kind", String(16), nullable=False),
        Column("seat", Integer, nullable=True),
        Column("action", Text, nullable=True),
        Column("event", Text, nullable=True),
        Column("outcome", JSON, nullable=True),
        Column("sealed", Boolean, nullable=False, default=False),
        Column("client_id", String(64), nullable=True),
        Column("created_at", DateTime(timezone=True), nullable=False, default=_now),
    )
    Table(
        "chat", md,
        Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
        Column("n", Integer, primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("text", Text, nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False, default=_now),
    )
    Table(
        "snapshots", md,
        Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
        Column("n", Integer, nullable=False),
        Column("code", String(64), nullable=False),
        Column("data", LargeBinary, nullable=False),
    )
    Table(
        "leases", md,
        Column("room_id", String(32), primary_key=True),
        Column("holder", String(64), nullable=False),
        Column("until", Float, nullable=False),
    )
    waking = rooms.c.wake.is_(True) & rooms.c.finished_at.is_(None)
    Index("ix_rooms_waking", rooms.c.wake, sqlite_where=waking, postgresql_where=waking)
    return md
