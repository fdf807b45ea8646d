"""The store: every read and write of rooms, seats, events and chat goes through here.

The database orders a room's events: an event row is accepted only under the next free number of
its room (the primary key is room and number), so of two processes that try to add event N to the
same room, exactly one succeeds and the other gets :class:`Conflict`.  A database that cannot be
reached raises :class:`Unavailable` (the HTTP answer is 503 and nothing changed).  The statements
of the hot paths, made once per database, are in :mod:`~brawl.server.sql`.
"""

from __future__ import annotations

import contextlib
import json
import threading
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Callable, Iterable

from sqlalchemy import func, or_, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from .db import CHAT, EVENTS, LEASES, ROOMS, SEATS, SNAPSHOTS, WAKING, utcnow
from .room import Ending, RoomError
from .sql import (CHANNEL, EVENT_COLUMNS, WAKE, Conflict, GroupStatement, Prepared, Unavailable, _driver_errors,
                  _room_readings)

if TYPE_CHECKING:  # pragma: no cover
    from .room import Room


@dataclass
class Stored:
    """A room as stored: its row's values, its seats, its events in order and its chat."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    events: list[dict[str, Any]]  # after the snapshot, when there is one
    chat: list[dict[str, Any]]
    snapshot: tuple[int, str, bytes] | None = None  # (last event in it, code, data)


FORFEIT = "forfeit"  # an event kind: a seat left a game the others play on (its time ran out); in the record
END = "end"  # an event kind: the server ended the game (a claim), numbered after the last decision or roll


def end_row(room_id: str, n: int, reason: str, winners: Iterable[int], seat: int | None = None) -> dict:
    """The event that ends a room's game by the server's judgement (a claim), as event ``n``: it
    takes the number the next decision would take, so the database lets exactly one of them in."""
    return {"room_id": room_id, "n": n, "kind": END, "seat": seat, "action": reason, "event": None,
            "outcome": list(winners), "sealed": False, "client_id": None, "created_at": utcnow()}


def entry_of(event: dict) -> dict:
    """A stored event as a record entry (kind ``entered``: a roll entered at the table)."""
    if event["kind"] == "roll":
        return {"roll": event["event"], "outcome": event["outcome"]}
    if event["kind"] == "entered":
        return {"roll": event["event"], "outcome": event["outcome"], "table": True}
    if event["kind"] == FORFEIT:
        return {"seat": event["seat"], "forfeit": event["action"]}
    return {"seat": event["seat"], "action": event["action"]}


def event_row(room: "Room", n: int, client_id: str | None = None, at: datetime | None = None) -> dict:
    """Event ``n`` of ``room`` as a row of the event table (``client_id``: its sender's id; ``at``:
    when it was made, by default now; the events of one decision share one time)."""
    entry = room.match.record.entries[n]
    row = {"room_id": room.id, "n": n, "kind": "roll", "seat": None, "action": None, "event": None,
           "outcome": None, "sealed": False, "client_id": client_id, "created_at": at or utcnow()}
    if "roll" in entry:
        row.update(event=entry["roll"], outcome=entry["outcome"], kind="entered" if entry.get("table") else "roll")
    elif "forfeit" in entry:
        row.update(kind=FORFEIT, seat=entry["seat"], action=entry["forfeit"])
    else:
        row.update(kind="decision", seat=entry["seat"], action=entry["action"], sealed=n in room.sealed)
    return row


def replay_stored(room: "Room", events: list[dict]) -> None:
    """Apply stored events (numbered from the room's first or from after what it has) to
    ``room`` and check that every roll comes out as stored."""
    if not events:
        return
    ends = [ev for ev in events if ev["kind"] == END]
    if ends:  # the server ended the game there (a claim): ordered with the decisions, never in the record
        replay_stored(room, [ev for ev in events if ev["kind"] != END])
        room.ending = Ending(ends[-1]["action"], tuple(ends[-1]["outcome"] or ()))
        return
    start = events[0]["n"]
    for ev in events:
        if ev["n"] <= room.last:
            continue  # made already: a roll the server's dice made after the decision before it
        if ev["kind"] == "decision":
            start_n = room.last + 1
            room.decide(ev["seat"], ev["action"])
            if ev.get("client_id"):
                room.client_ids[ev["client_id"]] = (start_n, room.last)
        elif ev["kind"] == FORFEIT:
            room.forfeit(ev["seat"], ev["action"])
        elif room.match.awaiting is not None:  # dice rolled at the table: entered, or drawn for the table
            room.roll(ev["outcome"] if ev["kind"] == "entered" else None)
    stored = [entry_of(ev) for ev in events]
    got = room.match.record.entries[start:]
    if stored != got:
        first = next((i for i, (a, b) in enumerate(zip(stored, got)) if a != b), min(len(stored), len(got)))
        raise RoomError(f"room {room.id}: replaying its events disagrees with the store at event {start + first}", 500)


class Store:
    def __init__(self, sessions: Callable[[], Connection]) -> None:
        self.sessions = sessions  # opens a connection for one transaction (``db.make_sessions``)
        self._prepared: dict[str, tuple[Prepared, Prepared]] = {}  # dialect -> the writer's statements
        self._group: GroupStatement | None = None  # PostgreSQL's
        self._readings: dict[str, dict[str, Prepared]] = {}  # dialect -> what loading a room reads
        self._dialect: str | None = None  # the database's kind (asked at the first group commit)
        self._alone: Connection | None = None  # PostgreSQL: the writer's own autocommit connection
        self._alone_lock = threading.Lock()

    def _run(self, work, *, reading: bool = False, kept: bool = False):
        """Run ``work(connection)`` in one transaction (``reading``: queries only, each its own, in
        autocommit: no ``BEGIN`` and ``COMMIT`` round trips; ``kept``: one statement, in autocommit
        on the connection the writer keeps, see :meth:`_append_alone`).  A connection found dead
        (the database restarted since it was last used) is dropped and the work tried once more on
        a fresh one, so no connection is checked before every use (that would cost a round trip)."""
        for attempt in (1, 2):
            try:
                if kept:
                    return work(self._kept())
                with self.sessions() as db:
                    if reading:
                        db.execution_options(isolation_level="AUTOCOMMIT")
                        return work(db)
                    db.begin()  # begun here, not on the first statement: the writer uses the driver's cursor
                    result = work(db)
                    db.commit()
                    return result
            except IntegrityError:
                raise Conflict() from None
            except RoomError:
                raise
            except DBAPIError as exc:
                if kept:
                    self.release()
                if attempt == 1 and exc.connection_invalidated:
                    continue  # a stale connection: the pool has dropped it; once more on a new one
                raise Unavailable() from exc
            except (SQLAlchemyError, OSError, RuntimeError) as exc:
                if kept:
                    self.release()
                raise Unavailable() from exc

    def _kept(self) -> Connection:
        """The connection the writer keeps for itself, in autocommit (opened when first needed)."""
        if self._alone is None:
            self._alone = self.sessions()
            self._alone.execution_options(isolation_level="AUTOCOMMIT")
        return self._alone

    # -- rooms ---------------------------------------------------------------------------------
    def create(self, row: dict, seats: list[dict], events: list[dict], parent_id: str | None = None,
               also: Callable[[Connection], None] | None = None) -> None:
        """Store a new room; ``also(connection)``: more of the same transaction (a paired room's
        seeks), whose failure stores nothing."""
        def work(db):
            db.execute(ROOMS.insert(), row)  # the room row first: seats and events refer to it
            if seats:
                db.execute(SEATS.insert(), [{**s, "room_id": row["id"]} for s in seats])
            if events:
                db.execute(EVENTS.insert(), events)
            if parent_id is not None:
                db.execute(ROOMS.update().where(ROOMS.c.id == parent_id).values(rematch_id=row["id"]))
            if also is not None:
                also(db)
        self._run(work)

    def load(self, room_id: str, code: str | None = None) -> Stored:
        """A room as stored; with ``code``, its snapshot made by that code (if any) and only the
        events after it.  Five queries compiled once (:class:`Prepared`), outside a transaction
        (none is needed to read); on PostgreSQL they go as one query, their parameters quoted by
        the driver (one round trip, and far less of the driver's work than a pipeline of five)."""
        if "\x00" in room_id:  # no room's id holds one (PostgreSQL's text cannot): no such room
            raise RoomError(f"no room {room_id!r}", 404)

        def work(db):
            dialect = db.dialect
            readings = self._readings.get(dialect.name)
            if readings is None:
                readings = self._readings[dialect.name] = {k: Prepared(q, dialect) for k, q in _room_readings().items()}
            values = {"room": room_id, "code": code}
            got: dict[str, list[dict]] = {}
            with _driver_errors(db, "loading a room"):
                if dialect.name == "postgresql":  # one query of five statements: one round trip
                    from psycopg.sql import Literal

                    driver = db.connection.driver_connection
                    cursor = driver.cursor()
                    try:
                        cursor.execute(";\n".join(r.inline(values, lambda v: Literal(v).as_string(driver))
                                                   for r in readings.values()))
                        for k, reading in readings.items():
                            got[k] = reading.rows(cursor)
                            cursor.nextset()
                    finally:
                        cursor.close()
                else:
                    cursor = db.connection.cursor()
                    try:
                        for k, reading in readings.items():
                            reading.execute(cursor, values)
                            got[k] = reading.rows(cursor)
                    finally:
                        cursor.close()
            if not got["row"]:
                raise RoomError(f"no room {room_id!r}", 404)
            snap = got["snapshot"][0] if got["snapshot"] else None
            return Stored(got["row"][0], got["seats"], got["events"], got["chat"],
                          (snap["n"], snap["code"], snap["data"]) if snap else None)
        return self._run(work, reading=True)

    def save_snapshot(self, room_id: str, n: int, code: str, data: bytes) -> None:
        def work(db):
            db.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.room_id == room_id))
            db.execute(SNAPSHOTS.insert(), {"room_id": room_id, "n": n, "code": code, "data": data})
        self._run(work)

    def events_after(self, room_id: str, n: int) -> list[dict]:
        """Events stored after number ``n`` (another process added them)."""
        def work(db):
            rows = db.execute(select(*EVENT_COLUMNS).where(EVENTS.c.room_id == room_id, EVENTS.c.n > n)
                              .order_by(EVENTS.c.n)).mappings().all()
            return [dict(r) for r in rows]
        return self._run(work)

    def append(self, room_id: str, events: list[dict], *, finished: bool, wake: bool,
               time_control: dict | None = None, news: str | None = None) -> None:
        """Add events (numbered by the caller as the room's next ones) in one transaction; another
        process's event under the same number makes it :class:`Conflict`, changing nothing.
        ``news`` (PostgreSQL) is announced to the other processes when, and only if, it commits.
        The hot path of every decision: plain table statements, no ORM bookkeeping."""
        def work(db):
            db.execute(EVENTS.insert(), events)
            values: dict[str, Any] = {"wake": wake}
            if finished:
                values["finished_at"] = utcnow()
            if time_control is not None:
                values["time_control"] = time_control
            db.execute(ROOMS.update().where(ROOMS.c.id == room_id).values(**values))
            if news is not None:
                db.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": news})
        self._run(work)

    def append_many(self, writes: list) -> None:
        """Several rooms' :meth:`append` in one transaction (the writer's group commit): all of them
        are stored, or none (:class:`Conflict` if any event number was taken).  The hot path of
        every decision: statements made once, run on the driver's cursor (on PostgreSQL one
        statement for the whole group, :class:`GroupStatement`, which is a transaction of its own
        when the group has nothing else to store: see :meth:`_append_alone`)."""
        if self._dialect is None:
            with self.sessions() as db:
                self._dialect = db.dialect.name
        if self._dialect == "postgresql" and all(not w.finished and w.time_control is None for w in writes):
            return self._append_alone(writes)

        def work(conn):
            dialect = conn.dialect
            rows = [row for w in writes for row in w.rows]
            plain = [(w.room.id, w.wake) for w in writes if not w.finished and w.time_control is None]
            cursor = conn.connection.cursor()
            try:
                with _driver_errors(conn, "storing decisions"):
                    if dialect.name == "postgresql":
                        group = self._group = self._group or GroupStatement()
                        cursor.execute(group.sql, group.params(rows, plain, [w.news for w in writes if w.news is not None]))
                    else:
                        fast = self._prepared.get(dialect.name)
                        if fast is None:
                            fast = self._prepared[dialect.name] = (
                                Prepared(EVENTS.insert(), dialect, {c.name: c for c in EVENTS.columns}),
                                Prepared(WAKE, dialect, {"room": ROOMS.c.id, "awake": ROOMS.c.wake}))
                        fast[0].run(cursor, rows)
                        if plain:
                            fast[1].run(cursor, [{"room": room, "awake": awake} for room, awake in plain])
            finally:
                cursor.close()
            for w in writes:
                if w.finished or w.time_control is not None:
                    values: dict[str, Any] = {"wake": w.wake}
                    if w.finished:
                        values["finished_at"] = utcnow()
                    if w.time_control is not None:
                        values["time_control"] = w.time_control
                    conn.execute(ROOMS.update().where(ROOMS.c.id == w.room.id).values(**values))
        self._run(work)

    def _append_alone(self, writes: list) -> None:
        """PostgreSQL, a group of nothing but new events and wake flags: its one statement runs on
        a connection of the writer's own in autocommit, a transaction by itself (PostgreSQL makes a
        statement atomic, its news included), so the commit costs one round trip to the database
        instead of three (``BEGIN``, the statement, ``COMMIT``)."""
        group = self._group = self._group or GroupStatement()
        params = group.params([row for w in writes for row in w.rows], [(w.room.id, w.wake) for w in writes],
                              [w.news for w in writes if w.news is not None])

        def work(conn):
            cursor = conn.connection.cursor()
            try:
                with _driver_errors(conn, "storing decisions"):
                    cursor.execute(group.sql, params)
            finally:
                cursor.close()
        with self._alone_lock:
            self._run(work, kept=True)

    def release(self) -> None:
        """Give back the writer's own connection (the writer stops; or it failed)."""
        conn, self._alone = self._alone, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def truncate(self, room_id: str, from_n: int, *, wake: bool) -> None:
        """Drop events from number ``from_n`` on (a takeback): the record keeps only what stood."""
        def work(db):
            db.execute(EVENTS.delete().where(EVENTS.c.room_id == room_id, EVENTS.c.n >= from_n))
            db.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.room_id == room_id, SNAPSHOTS.c.n >= from_n))
            db.execute(ROOMS.update().where(ROOMS.c.id == room_id).values(wake=wake, finished_at=None))
        self._run(work)

    def end(self, room_id: str, reason: str, winners: Iterable[int]) -> None:
        def work(db):
            db.execute(ROOMS.update().where(ROOMS.c.id == room_id).values(
                ended=json.dumps({"reason": reason, "winners": list(winners)}), finished_at=utcnow(), wake=False))
        self._run(work)

    def end_at(self, row: dict) -> None:
        """End a room with its :func:`end_row` event and its ``ended`` column in one transaction;
        :class:`Conflict` (changing nothing) when a decision or roll took that number first."""
        def work(db):
            db.execute(EVENTS.insert(), row)
            db.execute(ROOMS.update().where(ROOMS.c.id == row["room_id"]).values(
                ended=json.dumps({"reason": row["action"], "winners": row["outcome"]}), finished_at=utcnow(), wake=False))
        self._run(work)

    def set_player(self, room_id: str, seat: int, name: str) -> None:
        def work(db):
            db.execute(SEATS.update().where(SEATS.c.room_id == room_id, SEATS.c.seat == seat).values(player=name))
        self._run(work)

    def take_seat(self, room_id: str, seat: int, token_hash: str, name: str) -> bool:
        """A stranger takes a free seat of a public room: True unless someone named it first."""
        def work(db):
            done = db.execute(SEATS.update().where(SEATS.c.room_id == room_id, SEATS.c.seat == seat,
                                                   SEATS.c.player.is_(None))
                              .values(token_hash=token_hash, player=name))
            return done.rowcount == 1
        return self._run(work)

    def add_chat(self, room_id: str, n: int, seat: int, text: str) -> None:
        def work(db):
            db.execute(CHAT.insert(), {"room_id": room_id, "n": n, "seat": seat, "text": text})
        self._run(work)

    def set_time_control(self, room_id: str, time_control: dict | None) -> None:
        def work(db):
            db.execute(ROOMS.update().where(ROOMS.c.id == room_id).values(time_control=time_control))
        self._run(work)

    # -- lists ---------------------------------------------------------------------------------
    def waking(self) -> list[str]:
        """Unfinished rooms whose open decision is a bot's or runs a clock: the server acts there."""
        return self._run(lambda db: list(db.scalars(select(ROOMS.c.id).where(WAKING))))

    def unheld(self, holder: str, now: float) -> list[str]:
        """:meth:`waking` rooms whose lease nobody else holds now (free, run out, or ``holder``'s)."""
        return self._run(lambda db: list(db.scalars(
            select(ROOMS.c.id).select_from(ROOMS.outerjoin(LEASES, LEASES.c.room_id == ROOMS.c.id))
            .where(WAKING, or_(LEASES.c.room_id.is_(None), LEASES.c.until < now, LEASES.c.holder == holder)))))

    def public_rooms(self, limit: int = 50) -> list[dict]:
        """Unfinished public rooms with a seat nobody has named yet, newest first."""
        def work(db):
            free = (select(SEATS.c.room_id).where(SEATS.c.kind == "human", SEATS.c.player.is_(None))
                    .group_by(SEATS.c.room_id))
            rows = db.execute(select(ROOMS.c.id, ROOMS.c.game, ROOMS.c.options, ROOMS.c.created_at)
                              .where(ROOMS.c.public.is_(True), ROOMS.c.finished_at.is_(None),
                                     ROOMS.c.id.in_(free))
                              .order_by(ROOMS.c.created_at.desc()).limit(limit)).mappings().all()
            return [dict(r) for r in rows]
        return self._run(work)

    def count_rooms(self) -> int:
        return self._run(lambda db: db.scalar(select(func.count()).select_from(ROOMS)))

    # -- leases (several processes on one database) ---------------------------------------------
    def take_lease(self, room_id: str, holder: str, now: float, seconds: float) -> bool:
        """Hold ``room_id`` until ``now + seconds`` if nobody else holds it now; True if held."""
        def work(db):
            lease = db.execute(select(LEASES).where(LEASES.c.room_id == room_id).with_for_update()).first()
            if lease is None:
                db.execute(LEASES.insert(), {"room_id": room_id, "holder": holder, "until": now + seconds})
                return True
            if lease.holder == holder or lease.until < now:
                db.execute(LEASES.update().where(LEASES.c.room_id == room_id).values(holder=holder, until=now + seconds))
                return True
            return False
        try:
            return self._run(work)
        except Conflict:
            return False  # another process created the lease at the same moment

    def renew_leases(self, holder: str, now: float, seconds: float) -> None:
        self._run(lambda db: db.execute(LEASES.update().where(LEASES.c.holder == holder).values(until=now + seconds)))

    def drop_lease(self, room_id: str, holder: str) -> None:
        self._run(lambda db: db.execute(LEASES.delete().where(LEASES.c.room_id == room_id, LEASES.c.holder == holder)))
