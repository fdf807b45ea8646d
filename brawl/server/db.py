"""The database: rooms, their seats, and every event (decision or roll) in order.

The event table is the truth.  A room's match is rebuilt by replaying its decisions through the
rules with the room's committed dice and checking that every roll comes out as stored.  SQLite is
the default (a file, nothing to install); any SQLAlchemy URL works.  PostgreSQL is tested with
psycopg 3 (the ``postgres`` extra): ``postgresql://user:password@host/brawl`` uses it by itself.
"""

from __future__ import annotations

from datetime import datetime, timezone
from importlib.util import find_spec
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, LargeBinary, String, Text, create_engine, event, inspect, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.pool import StaticPool
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    dice_kind: Mapped[str] = mapped_column(String(32))
    seed_hex: Mapped[str] = mapped_column(String(128))  # secret until the game ends
    commitment: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    parent_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    public: Mapped[bool] = mapped_column(Boolean, default=False)  # free seats listed in the lobby
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # room option: see clocks.py
    wake: Mapped[bool] = mapped_column(Boolean, default=False)  # a bot or a clock must act: load at start-up
    ended: Mapped[str | None] = mapped_column(Text, nullable=True)  # why the server ended it (claim, event limit)

    seats: Mapped[list["SeatRow"]] = relationship(back_populates="room", order_by="SeatRow.seat",
                                                  cascade="all, delete-orphan")


class SeatRow(Base):
    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # "human" | "bot"
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # SHA-256 of the seat token
    player: Mapped[str | None] = mapped_column(String(200), nullable=True)  # the name its player chose

    room: Mapped[RoomRow] = relationship(back_populates="seats")


class EventRow(Base):
    __tablename__ = "events"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0, 1, 2, ... within the room
    kind: Mapped[str] = mapped_column(String(16))  # "decision" | "roll"
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[str | None] = mapped_column(Text, nullable=True)
    event: Mapped[str | None] = mapped_column(Text, nullable=True)  # the chance event's name (any length: PostgreSQL enforces lengths)
    outcome: Mapped[Any] = mapped_column(JSON, nullable=True)
    sealed: Mapped[bool] = mapped_column(Boolean, default=False)  # a choice at a simultaneous decision
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the sender's id: a resend is not applied twice
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """A chat line of a room: kept with the room, never in the dice record."""

    __tablename__ = "chat"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SnapshotRow(Base):
    """A room's match as it stood after event ``n`` (pickled by this very code, named by ``code``):
    loading the room reads it and replays only the events after it."""

    __tablename__ = "snapshots"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(64))
    data: Mapped[bytes] = mapped_column(LargeBinary)


class LeaseRow(Base):
    """Which server process runs a room's bots and clocks, until when (several processes on one
    database): another process takes the room over once the lease has run out."""

    __tablename__ = "leases"

    room_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    until: Mapped[float] = mapped_column(Float)


def database_url(url: str) -> URL:
    """``url`` as SQLAlchemy reads it.  A PostgreSQL URL that names no driver (``postgresql://``, or
    the common ``postgres://``) gets psycopg 3, the driver the ``postgres`` extra installs, when it
    is there (SQLAlchemy would otherwise look for psycopg2).  A bad URL raises ArgumentError."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        if find_spec("psycopg") is not None or find_spec("psycopg2") is None:
            parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def shown_url(url: str) -> str:
    """``url`` fit to print: any password replaced by stars."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: nothing to hide
        return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get write-ahead logging so readers never block the writer.
    A pooled connection is not checked before each use (a round trip per transaction): the store
    tries a transaction once more when its connection turns out dead, so a database server that
    restarted under a running brawl server costs no decision."""
    kwargs: dict[str, Any] = {}
    target: str | URL = url
    if not url.startswith("sqlite"):
        target = database_url(url)
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if ":memory:" in url or url in ("sqlite://", "sqlite+pysqlite://"):
            kwargs["poolclass"] = StaticPool  # one shared connection, or each would see its own empty database
    engine = create_engine(target, **kwargs)
    if url.startswith("sqlite"):
        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # pragma: no cover - exercised whenever SQLite is used
            cur = dbapi_conn.cursor()
            if ":memory:" not in url:
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
    Base.metadata.create_all(engine)
    _add_new_columns(engine)
    return engine


def _add_new_columns(engine: Engine) -> None:
    """A database made by an older brawl lacks the newer nullable columns: add them in place, so an
    existing ``brawl.sqlite3`` keeps its games."""
    found = inspect(engine)
    with engine.begin() as conn:
        for table in Base.metadata.sorted_tables:
            have = {c["name"] for c in found.get_columns(table.name)}
            for column in table.columns:
                if column.name not in have:
                    kind = column.type.compile(dialect=engine.dialect)
                    default = " DEFAULT FALSE" if isinstance(column.type, Boolean) else ""
                    conn.execute(text(f'ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}{default}'))


def make_sessions(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
