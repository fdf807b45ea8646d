"""The store's statements, made once per database and run straight on the driver's cursor (the hot
paths: storing decisions, loading a room), and the refusals a write can meet: :class:`Conflict`
(another process took the event number) and :class:`Unavailable` (the database cannot be reached).
:class:`~brawl.server.store.Store` runs them; nothing else needs this module.
"""

from __future__ import annotations

import contextlib
import json
from datetime import datetime
from typing import Any, Callable

from sqlalchemy import DateTime, bindparam, func, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from .db import CHAT, EVENTS, ROOMS, SEATS, SNAPSHOTS
from .room import RoomError

CHANNEL = "brawl"  # the PostgreSQL channel of news between processes
EVENT_COLUMNS = [EVENTS.c[k] for k in ("n", "kind", "seat", "action", "event", "outcome", "sealed", "client_id")]
WAKE = ROOMS.update().where(ROOMS.c.id == bindparam("room")).values(wake=bindparam("awake"))


class Conflict(RoomError):
    def __init__(self, message: str = "another decision was accepted first; refresh and decide again") -> None:
        super().__init__(message, 409)


class Unavailable(RoomError):
    def __init__(self, message: str = "the game store is unavailable right now; nothing was changed, try again shortly") -> None:
        super().__init__(message, 503)


class Prepared:
    """A statement compiled once for a database and run straight on the driver's cursor, with the
    same conversion of each value SQLAlchemy would make (dates, JSON, booleans), both ways: the
    hot paths' statements (storing decisions, loading a room), without SQLAlchemy building,
    caching and wrapping them on every execution.  ``columns``: the parameters that need converting."""

    def __init__(self, statement, dialect, columns: dict[str, Any] | None = None) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        self.order = list(compiled.positiontup) if compiled.positional else None
        self.fixed = {k: v for k, v in compiled.params.items() if v is not None}  # literals in the statement
        self.results = [(c.name, c.type.dialect_impl(dialect).result_processor(dialect, None))
                        for c in getattr(statement, "selected_columns", ())]
        self.convert = {}
        for name, column in (columns or {}).items():
            process = column.type.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                self.convert[name] = _same_time(process) if isinstance(column.type, DateTime) else process
        # positional parameters: each column's name and conversion (None: none), in order
        self.steps = [(k, self.convert.get(k)) for k in self.order] if self.order is not None else None

    def params(self, row: dict) -> Any:
        if self.fixed:
            row = {**self.fixed, **row}
        if self.steps is not None:
            return tuple([row[k] if process is None else process(row[k]) for k, process in self.steps])
        convert = self.convert
        return {k: convert[k](v) if k in convert else v for k, v in row.items()}

    def run(self, cursor, rows: list[dict]) -> None:
        cursor.executemany(self.sql, [self.params(r) for r in rows])

    def execute(self, cursor, values: dict) -> None:
        cursor.execute(self.sql, self.params(values))

    def inline(self, values: dict, quote: Callable[[Any], str]) -> str:
        """The statement with its parameters written in as literals, each quoted by ``quote`` (the
        driver's own quoting): several statements then go to the database as one query."""
        return self.sql % {k: quote(v) for k, v in self.params(values).items()}

    def rows(self, cursor) -> list[dict]:
        """The rows of the last :meth:`execute` on ``cursor`` (a query), as dictionaries."""
        results = self.results
        return [{name: value if process is None or value is None else process(value)
                 for (name, process), value in zip(results, raw)} for raw in cursor.fetchall()]


def _same_time(process: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A time column's conversion that remembers the last time it converted: the rows of one
    decision share one time (see :func:`event_row`), converted once (a time is immutable)."""
    last: tuple[Any, Any] = (_NOTHING, None)

    def convert(value: Any) -> Any:
        nonlocal last
        seen = last  # one read: another thread may replace it meanwhile, never half of it
        if seen[0] is value:
            return seen[1]
        out = process(value)
        last = (value, out)
        return out
    return convert


_NOTHING = object()


def _room_readings() -> dict[str, Any]:
    """What :meth:`Store.load` reads, each query with the room (and the code of a usable snapshot)
    as parameters: none depends on another's answer, so all go to the database at once."""
    room, code = bindparam("room"), bindparam("code")
    snapshot_n = select(SNAPSHOTS.c.n).where(SNAPSHOTS.c.room_id == room, SNAPSHOTS.c.code == code).scalar_subquery()
    return {
        "row": select(ROOMS).where(ROOMS.c.id == room),
        "snapshot": select(SNAPSHOTS.c.n, SNAPSHOTS.c.code, SNAPSHOTS.c.data)
        .where(SNAPSHOTS.c.room_id == room, SNAPSHOTS.c.code == code),
        "events": select(*EVENT_COLUMNS).where(EVENTS.c.room_id == room, EVENTS.c.n > func.coalesce(snapshot_n, -1))
        .order_by(EVENTS.c.n),
        "chat": select(CHAT.c.n, CHAT.c.seat, CHAT.c.text, CHAT.c.created_at).where(CHAT.c.room_id == room).order_by(CHAT.c.n),
        "seats": select(SEATS).where(SEATS.c.room_id == room).order_by(SEATS.c.seat),
    }


class GroupStatement:
    """PostgreSQL: a whole group commit in one statement with three parameters.

    The new event rows travel as one JSON array, which PostgreSQL turns back into rows of the
    event table (``json_populate_recordset``); the rooms' wake flags and the news to other
    processes likewise, and the news goes out from the same statement.  Python's JSON encoder
    is written in C: this costs the writer far less than a statement per row (the driver's work
    per statement) or an array parameter per column (the driver builds arrays in Python); see
    benchmarks/web_writer.py.  The statement is made from the tables' own columns."""

    def __init__(self) -> None:
        names, rooms = ", ".join(c.name for c in EVENTS.columns), ROOMS.name
        self.sql = (f"WITH new AS (INSERT INTO {EVENTS.name} ({names}) "
                    f"SELECT {names} FROM json_populate_recordset(NULL::{EVENTS.name}, %s)), "
                    f"woke AS (UPDATE {rooms} SET {ROOMS.c.wake.name} = w.awake "
                    f"FROM json_to_recordset(%s) AS w(id text, awake boolean) WHERE {rooms}.{ROOMS.c.id.name} = w.id) "
                    "SELECT pg_notify(%s, p) FROM json_array_elements_text(%s) AS p")

    def params(self, rows: list[dict], wake: list[tuple[str, bool]], news: list[str]) -> tuple:
        dump = _GROUP_JSON.encode
        return (dump(rows), dump([{"id": room, "awake": awake} for room, awake in wake]), CHANNEL, dump(news))


def _iso(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not stored as JSON")


_GROUP_JSON = json.JSONEncoder(separators=(",", ":"), default=_iso)


@contextlib.contextmanager
def _driver_errors(conn: Connection, what: str):
    """Statements run on the driver's own cursor: its errors become SQLAlchemy's, as if SQLAlchemy
    had run them (a taken key is :class:`Conflict`; a lost connection is dropped from the pool, so
    :meth:`Store._run` tries once more on a fresh one or answers 503)."""
    dbapi = conn.dialect.loaded_dbapi
    try:
        yield
    except dbapi.IntegrityError:
        raise Conflict() from None
    except dbapi.Error as exc:
        lost = conn.dialect.is_disconnect(exc, conn.connection, None)
        if lost:  # as SQLAlchemy does on a disconnect: every pooled connection as old is renewed too
            conn.engine.pool._invalidate(conn.connection, exc)
            conn.invalidate(exc)
        raise DBAPIError(what, None, exc, connection_invalidated=lost) from exc
