"""The database: rooms, their seats, and every event (decision or roll) in order.

The event table is the truth.  A room's match is rebuilt by replaying its decisions through the
rules with the room's committed dice and checking that every roll comes out as stored.  SQLite is
the default (a file, nothing to install); any SQLAlchemy URL works.  PostgreSQL is tested with
psycopg 3 (the ``postgres`` extra): ``postgresql://user:password@host/brawl`` uses it by itself.

The tables are SQLAlchemy core tables, and the store writes plain statements: the server never
imports the ORM (about a tenth of a second of start-up).  The schema is made and changed by Alembic
migrations (``brawl/server/migrations/``), applied when an engine is made: the tables here say what
the newest migration gives, and a test checks that the two agree.
"""

from __future__ import annotations

from datetime import datetime, timezone
from importlib.util import find_spec
from typing import Any, Callable

from sqlalchemy import (JSON, Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, LargeBinary, MetaData, String,
                        Table, Text, create_engine, event, false)
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

from . import migrations


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


METADATA = MetaData()

ROOMS = Table(
    "rooms", METADATA,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("dice_kind", String(32), nullable=False),
    Column("seed_hex", String(128), nullable=False),  # secret until the game ends
    Column("commitment", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("parent_id", String(32), nullable=True),
    Column("rematch_id", String(32), nullable=True),
    Column("public", Boolean, nullable=False, default=False),  # free seats listed in the lobby
    Column("time_control", JSON, nullable=True),  # room option: see clocks.py
    Column("wake", Boolean, nullable=False, default=False),  # a bot or a clock must act: load at start-up
    Column("ended", Text, nullable=True),  # why the server ended it (claim, event limit)
    Column("rated", Boolean, nullable=False, default=False),  # a rated game between accounts (migration 0002)
    Column("rated_at", DateTime(timezone=True), nullable=True),  # when its ratings were updated
)

SEATS = Table(
    "seats", METADATA,
    Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # "human" | "bot"
    Column("bot", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),  # SHA-256 of the seat token
    Column("player", String(200), nullable=True),  # the name its player chose
    Column("account_id", Integer, nullable=True, index=True),  # the account playing it, if any (0002)
)

EVENTS = Table(
    "events", METADATA,
    Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, 2, ... within the room
    Column("kind", String(16), nullable=False),  # "decision" | "roll" | "entered" (a roll entered at the table)
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=True),
    Column("event", Text, nullable=True),  # the chance event's name (any length: PostgreSQL enforces lengths)
    Column("outcome", JSON, nullable=True),
    Column("sealed", Boolean, nullable=False, default=False),  # a choice at a simultaneous decision
    Column("client_id", String(64), nullable=True),  # the sender's id: a resend is not applied twice
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
)

# A chat line of a room: kept with the room, never in the dice record.
CHAT = Table(
    "chat", METADATA,
    Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
)

# A room's match as it stood after event ``n`` (pickled by this very code, named by ``code``):
# loading the room reads it and replays only the events after it.
SNAPSHOTS = Table(
    "snapshots", METADATA,
    Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("n", Integer, nullable=False),
    Column("code", String(64), nullable=False),
    Column("data", LargeBinary, nullable=False),
)

# Accounts (migration 0002): a username and an Argon2id hash; a deleted account keeps its row (its
# games stay) with no password and the name "deleted player" shown.
ACCOUNTS = Table(
    "accounts", METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),  # the username folded: unique whatever the case
    Column("password_hash", Text, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
    Column("deleted_at", DateTime(timezone=True), nullable=True),
)

# A logged-in browser: the SHA-256 of its session cookie, and the CSRF token its page sends back.
SESSIONS = Table(
    "sessions", METADATA,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("expires_at", Float, nullable=False),
)

# An account's rating in one game (OpenSkill's mu and sigma) with its tallies.
RATINGS = Table(
    "ratings", METADATA,
    Column("account_id", Integer, primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("losses", Integer, nullable=False, default=0),
    Column("draws", Integer, nullable=False, default=0),
)
Index("ix_ratings_board", RATINGS.c.game, RATINGS.c.mu)

# Each rated game's rating after it, for the graph on a profile.
RATING_HISTORY = Table(
    "rating_history", METADATA,
    Column("account_id", Integer, primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("room_id", String(32), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("at", Float, nullable=False),
    Column("change", Float, nullable=True),  # the rating it moved by in that game (migration 0003)
    Column("result", String(16), nullable=True),  # "won", "lost" or "drawn" (migration 0003)
)

# A player asking for a game (quick pairing), until paired (room, seat and its token filled in).
SEEKS = Table(
    "seeks", METADATA,
    Column("id", String(32), primary_key=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("time_control", JSON, nullable=True),
    Column("players", Integer, nullable=False),
    Column("rating", Float, nullable=False),
    Column("opponent_id", Integer, nullable=True),  # a challenge: only this account may pair with it
    Column("created_at", Float, nullable=False),
    Column("room_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("token", String(64), nullable=True),  # the seat's token, for its owner only
    Column("client_id", String(64), nullable=True),  # the sender's id: a resend is the same seek (0004)
    Column("seen_at", Float, nullable=True),  # its page last asked: a seek whose page is gone lapses (0004)
    Column("paired_at", Float, nullable=True),  # when it was paired into its room (0004)
    Column("arrived", Boolean, nullable=False, default=False, server_default=false()),  # its owner came for the game (0004)
)
Index("ix_seeks_client", SEEKS.c.account_id, SEEKS.c.client_id, unique=True)
Index("ix_seeks_waiting", SEEKS.c.account_id, SEEKS.c.game, unique=True,  # one waiting seek per account and game
      sqlite_where=SEEKS.c.room_id.is_(None), postgresql_where=SEEKS.c.room_id.is_(None))

# Who is present at each seat, per server process (migration 0004): its open connections there and
# the last time it was present there (refreshed every second while a connection is open), so a
# seat is present while any process holds its socket and its last time anywhere counts.
PRESENCE = Table(
    "presence", METADATA,
    Column("room_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("holder", String(64), primary_key=True),
    Column("open", Integer, nullable=False),
    Column("seen", Float, nullable=False, index=True),
)

# Failed log-ins, counted per account and per address over a window (shared by every process);
# on PostgreSQL also the rooms each address created and the WebSockets it holds open (limits.py).
ATTEMPTS = Table(
    "attempts", METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(200), nullable=False, index=True),
    Column("at", Float, nullable=False),
)

# Which server process runs a room's bots and clocks, until when (several processes on one
# database): another process takes the room over once the lease has run out.
LEASES = Table(
    "leases", METADATA,
    Column("room_id", String(32), primary_key=True),
    Column("holder", String(64), nullable=False),
    Column("until", Float, nullable=False),
)

# Notifications (issue 41): an account's choices (``settings``, see notifications/settings.py) and
# the secret of its one-click unsubscribe link; each browser's Web Push subscription; keys the
# server makes once and keeps (VAPID); and each notice sent, once per decision and way.
NOTIFY_SETTINGS = Table(
    "notify_settings", METADATA,
    Column("account_id", Integer, primary_key=True),
    Column("settings", JSON, nullable=False),
    Column("unsubscribe", String(64), nullable=False, unique=True),
)
PUSH_SUBSCRIPTIONS = Table(
    "push_subscriptions", METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("endpoint", String(1000), nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created_at", Float, nullable=False),
)
SERVER_KEYS = Table(
    "server_keys", METADATA,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)
LEAVES = Table(  # an account's leave: its correspondence clocks stand still from starts to ends
    "leaves", METADATA,
    Column("account_id", Integer, primary_key=True),
    Column("starts", Float, primary_key=True),
    Column("ends", Float, nullable=False),
)
NOTICES = Table(
    "notices", METADATA,
    Column("account_id", Integer, primary_key=True),
    Column("room_id", String(32), primary_key=True),
    Column("opened", Integer, primary_key=True),  # the event number that opened the decision
    Column("channel", String(8), primary_key=True),  # push or mail
    Column("at", Float, nullable=False),
)

# The rooms start-up loads (``Store.waking``): an index of those rooms alone, so finding them reads a
# few rows whatever the number of rooms stored (a full scan took 8 to 40 ms at 10,000 rooms).
WAKING = ROOMS.c.wake.is_(True) & ROOMS.c.finished_at.is_(None)
Index("ix_rooms_waking", ROOMS.c.wake, sqlite_where=WAKING, postgresql_where=WAKING)


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
    migrations.upgrade(engine)
    return engine


def make_sessions(engine: Engine) -> Callable[[], Connection]:
    """What the store opens for each transaction: a connection of the engine's pool (a context
    manager; it begins a transaction on first use and rolls back whatever was not committed)."""
    return engine.connect
