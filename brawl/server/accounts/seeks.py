"""Seeks: a player asking for a game, from asking to the game's start.

- **Alive only while asked for.**  A waiting seek lives while its page (or API client) asks for it
  (``GET /api/seeks/ID`` or ``GET /api/seeks``, which the lobby does every second): one not asked
  for in :data:`LAPSE` seconds is gone, and never paired.
- **Idempotent.**  A seek carries its sender's ``client_id`` (as decisions do): the same one sent
  again is the same seek, whatever happened to the first answer.  An account has one waiting seek
  per game (a new one replaces it) and at most :data:`PER_ACCOUNT` waiting in all.
- **A room and its seeks in one transaction.**  A paired game's room, seats and the seeks filled
  with it are stored together (:meth:`~brawl.server.creating.Creating.create`'s ``also``), or none
  of them: a seek cancelled or lapsed meanwhile stores nothing.
- **Arrival.**  Each paired player's page fetches its pairing (the room, seat and token); the
  answer says ``ready`` once every player of the room fetched theirs, and the page opens the game
  then.  Where someone has not within :data:`ARRIVE` seconds, the game is aborted (never rated)
  and the others' seeks wait again, as they were: back in the pool.
- **The round off the event loop.**  Reading the waiting seeks and working out the tables
  (:mod:`.pairing`, O(n log n)) runs on a thread; only starting the games found runs on the loop.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from typing import Any

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.exc import IntegrityError

from ...games import make_game
from ..db import ROOMS, SEATS, SEEKS
from ..room import RoomError
from . import book, pairing
from . import rated as rated_rules
from . import ratings as R

LAPSE = 10.0  # seconds a waiting seek lives after its page last asked for it
ARRIVE = 15.0  # seconds every paired player has to fetch its pairing before the game is aborted
PER_ACCOUNT = 3  # waiting seeks an account may have (one per game)
ABORTED = "aborted: {who} did not come for the game"
log = logging.getLogger("brawl.server")


class SeekError(RoomError):
    """A refusal of a seek (4xx)."""


# --- the table ------------------------------------------------------------------------------

_ADDING = threading.Lock()  # one process's seeks are added one at a time (SQLite: no lock upgrade races)


def add(engine, row: dict) -> tuple[dict, bool]:
    """Store a seek (``row``), or find the one its ``client_id`` made before: (the seek, new?).
    It replaces the account's waiting seek of the same game; more than :data:`PER_ACCOUNT`
    waiting in all is refused (429).  Several processes at once: the database's unique indexes
    let one in, and the other looks again."""
    for attempt in (1, 2):
        try:
            with _ADDING, engine.begin() as conn:
                if row.get("client_id"):
                    same = conn.execute(select(SEEKS).where(SEEKS.c.account_id == row["account_id"],
                                                            SEEKS.c.client_id == row["client_id"])).mappings().first()
                    if same is not None:
                        return dict(same), False
                conn.execute(delete(SEEKS).where(SEEKS.c.account_id == row["account_id"], SEEKS.c.game == row["game"],
                                                 SEEKS.c.room_id.is_(None)))
                others = conn.execute(select(func.count()).select_from(SEEKS).where(
                    SEEKS.c.account_id == row["account_id"], SEEKS.c.room_id.is_(None))).scalar()
                if others >= PER_ACCOUNT:
                    raise SeekError(f"you have {others} seeks waiting already (at most {PER_ACCOUNT}, one per game); "
                                    "cancel one first", 429)
                conn.execute(SEEKS.insert().values(**row))
            return row, True
        except IntegrityError:  # the same client_id, or the same game, at the same moment: look again
            if attempt == 2:
                raise SeekError("another seek of yours was being stored at the same moment; try again", 409) from None
    raise AssertionError("unreachable")


def get(engine, seek_id: str) -> dict | None:
    with engine.connect() as conn:
        row = conn.execute(select(SEEKS).where(SEEKS.c.id == seek_id)).mappings().first()
    return dict(row) if row else None


def of_account(engine, account_id: int, since: float) -> list[dict]:
    """The account's seeks waiting, and those paired since ``since``, newest first."""
    with engine.connect() as conn:
        rows = conn.execute(select(SEEKS).where(SEEKS.c.account_id == account_id,
                                                SEEKS.c.room_id.is_(None) | (SEEKS.c.paired_at >= since))
                            .order_by(SEEKS.c.created_at.desc())).mappings().all()
    return [dict(r) for r in rows]


def asked(engine, ids: list[str], now: float) -> None:
    """These waiting seeks' pages asked for them now (they stay alive)."""
    if ids:
        with engine.begin() as conn:
            conn.execute(update(SEEKS).where(SEEKS.c.id.in_(ids), SEEKS.c.room_id.is_(None)).values(seen_at=now))


def arrived(engine, seek_id: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(SEEKS).where(SEEKS.c.id == seek_id, SEEKS.c.room_id.is_not(None)).values(arrived=True))


def waiting(engine, now: float) -> list[dict]:
    """The waiting seeks still alive (those whose page stopped asking are deleted first)."""
    with engine.begin() as conn:
        conn.execute(delete(SEEKS).where(SEEKS.c.room_id.is_(None),
                                         func.coalesce(SEEKS.c.seen_at, SEEKS.c.created_at) < now - LAPSE))
        return [dict(r) for r in conn.execute(select(SEEKS).where(SEEKS.c.room_id.is_(None))
                                              .order_by(SEEKS.c.created_at)).mappings()]


def waiting_count(engine, game: str) -> int:
    with engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(SEEKS).where(SEEKS.c.game == game,
                                                                          SEEKS.c.room_id.is_(None))).scalar()


def cancel(engine, account_id: int) -> int:
    with engine.begin() as conn:
        return conn.execute(delete(SEEKS).where(SEEKS.c.account_id == account_id, SEEKS.c.room_id.is_(None))).rowcount


def fill(conn, room_id: str, rated: bool, table: list[dict], tokens: dict[int, str], now: float) -> None:
    """In the transaction that stores the room: each seek of ``table`` paired into it (refused,
    storing nothing, when one is no longer waiting), each seat bound to its account."""
    for seat, s in enumerate(table):
        done = conn.execute(update(SEEKS).where(SEEKS.c.id == s["id"], SEEKS.c.room_id.is_(None))
                            .values(room_id=room_id, seat=seat, token=tokens[seat], paired_at=now, arrived=False))
        if done.rowcount != 1:
            raise SeekError("a seek of this table was cancelled or lapsed meanwhile", 409)
    conn.execute(update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == bindparam("k"))
                 .values(account_id=bindparam("a")), [{"k": seat, "a": s["account_id"]} for seat, s in enumerate(table)])
    if rated:  # (the room row says so already when the hub made it rated; said again for an older hub)
        conn.execute(update(ROOMS).where(ROOMS.c.id == room_id, ROOMS.c.rated.is_(False)).values(rated=True))


def late(engine, now: float) -> dict[str, list[dict]]:
    """Rooms paired over :data:`ARRIVE` seconds ago where someone has not fetched the pairing: room
    -> its seeks."""
    with engine.connect() as conn:
        rooms = select(SEEKS.c.room_id).where(SEEKS.c.room_id.is_not(None), SEEKS.c.paired_at < now - ARRIVE,
                                              SEEKS.c.arrived.is_(False))
        rows = conn.execute(select(SEEKS).where(SEEKS.c.room_id.in_(rooms)).order_by(SEEKS.c.seat)).mappings().all()
    out: dict[str, list[dict]] = {}
    for r in rows:
        out.setdefault(r["room_id"], []).append(dict(r))
    return out


def back_to_the_pool(engine, room_id: str, seeks: list[dict], now: float) -> None:
    """An aborted pairing: the room unrated, the seeks that came wait again (as they were, their
    waiting time kept), those that did not are gone."""
    with engine.begin() as conn:
        conn.execute(update(ROOMS).where(ROOMS.c.id == room_id).values(rated=False))
        conn.execute(delete(SEEKS).where(SEEKS.c.room_id == room_id, SEEKS.c.arrived.is_(False)))
    for s in seeks:
        if not s["arrived"]:
            continue
        try:
            with engine.begin() as conn:
                conn.execute(update(SEEKS).where(SEEKS.c.id == s["id"]).values(
                    room_id=None, seat=None, token=None, paired_at=None, arrived=False, seen_at=now))
        except IntegrityError:  # the account seeks this game anew meanwhile: that one waits
            with engine.begin() as conn:
                conn.execute(delete(SEEKS).where(SEEKS.c.id == s["id"]))


# --- the service's part ---------------------------------------------------------------------

class Seeking:
    """The seeks' part of :class:`~brawl.server.accounts.service.Accounts` (a base class of it)."""

    engine: Any
    hub: Any

    def seek(self, account: dict, game: str, options: dict, rated: bool, time_control: dict | None,
             opponent: str | None = None, client_id: str | None = None) -> tuple[dict, bool]:
        """A new seek (or the one ``client_id`` made before): (the seek, new?)."""
        made = make_game(game, options or {})  # unknown games and options are refused here
        if rated:  # a rated game's clock is one of the server's list
            time_control = {k: v for k, v in rated_rules.fixed_time_control(game, time_control).items() if k != "away_limit"}
        elif time_control:
            from ..clocks import TimeControl
            try:
                time_control = TimeControl.model_validate(time_control).model_dump()
            except Exception as exc:
                raise SeekError(f"bad time_control: {exc}", 422) from None
        opponent_id = None
        if opponent is not None:
            other = book.account_by_name(self.engine, opponent)
            if other is None or other["id"] == account["account_id"]:
                raise SeekError("no such player to challenge", 404)
            if made.num_players != 2:
                raise SeekError("a challenge is a game of two", 422)
            opponent_id = other["id"]
        rating = R.shown(*book.ratings_of(self.engine, [account["account_id"]], game)[account["account_id"]])["rating"]
        now = time.time()
        row = {"id": secrets.token_urlsafe(12), "account_id": account["account_id"], "game": game,
               "options": made.options_json(), "rated": bool(rated), "time_control": time_control or None,
               "players": made.num_players, "rating": float(rating), "opponent_id": opponent_id,
               "created_at": now, "seen_at": now, "client_id": client_id}
        return add(self.engine, row)

    def seek_state(self, account: dict, seek_id: str) -> dict:
        """A seek as its owner sees it; asking keeps a waiting seek alive, and fetching a pairing
        is the owner's arrival."""
        row = get(self.engine, seek_id)
        if row is None or row["account_id"] != account["account_id"]:
            raise SeekError("no such seek (a seek whose page stopped asking for it lapses)", 404)
        if row["room_id"] is None:
            asked(self.engine, [seek_id], time.time())
        elif not row["arrived"]:
            arrived(self.engine, seek_id)
            row["arrived"] = True
        return self.described(row)

    def described(self, row: dict) -> dict:
        if row["room_id"] is None:
            waited = time.time() - row["created_at"]
            return {"seek": row["id"], "game": row["game"], "paired": False,
                    "waiting": waiting_count(self.engine, row["game"]),
                    "window": round(pairing.window(waited)), "waited": round(waited, 1)}
        with self.engine.connect() as conn:
            came = conn.execute(select(func.count()).select_from(SEEKS).where(
                SEEKS.c.room_id == row["room_id"], SEEKS.c.arrived.is_(False))).scalar()
        return {"seek": row["id"], "game": row["game"], "paired": True, "ready": came == 0, "room": row["room_id"],
                "seat": row["seat"], "token": row["token"], "invite": f"/play/{row['room_id']}#t={row['token']}"}

    def my_seeks(self, account: dict) -> list[dict]:
        """The account's seeks: waiting (asking keeps them alive) and paired within the hour."""
        now = time.time()
        rows = of_account(self.engine, account["account_id"], now - 3_600)
        asked(self.engine, [r["id"] for r in rows if r["room_id"] is None], now)
        return [self.described(r) for r in rows]

    def plan(self) -> list[list[dict]]:
        """The tables to start now (on a thread: reads the store and works them out)."""
        return pairing.tables(waiting(self.engine, time.time()), time.time())

    def start(self, tables: list[list[dict]]) -> int:
        """Start the games of ``tables`` (the hub makes the rooms, on its thread), each room stored
        with its seeks in one transaction; the number started."""
        names = book.usernames(self.engine, [s["account_id"] for table in tables for s in table]) if tables else {}
        return sum(self._start_one(table, names) for table in tables)

    async def start_async(self, tables: list[list[dict]]) -> int:
        """:meth:`start` on the event loop, which serves others between one room and the next."""
        import asyncio

        loop = asyncio.get_running_loop()
        names = await loop.run_in_executor(None, book.usernames, self.engine,
                                           [s["account_id"] for table in tables for s in table]) if tables else {}
        started = 0
        for table in tables:
            started += self._start_one(table, names)
            await asyncio.sleep(0)
        return started

    def _start_one(self, table: list[dict], names: dict[int, str]) -> int:
        first, now, is_rated = table[0], time.time(), bool(table[0]["rated"])
        try:
            self.hub.create(first["game"], first["options"], ["human"] * len(table),
                            time_control=first["time_control"], rated=is_rated,
                            names={i: names[s["account_id"]] for i, s in enumerate(table)},
                            also=lambda conn, room, tokens: fill(conn, room.id, is_rated, table, tokens, now))
        except SeekError:
            return 0  # a seek of it went meanwhile: the others wait for the next round
        except Exception:  # a seek that cannot start (options no longer valid) stays out of it
            log.exception("a paired game could not start")
            return 0
        return 1

    def pair(self) -> int:
        """Start every game that can start now (on one thread); the number started."""
        return self.start(self.plan())

    def abort_late(self) -> int:
        """Abort the paired games where someone has not come for theirs within :data:`ARRIVE`
        seconds, the others back in the pool (on the event loop); the number aborted."""
        done = 0
        now = time.time()
        for room_id, seeks in late(self.engine, now).items():
            names = book.usernames(self.engine, [s["account_id"] for s in seeks if not s["arrived"]])
            back_to_the_pool(self.engine, room_id, seeks, now)
            try:
                room = self.hub.get(room_id)
                if not room.over:
                    self.hub.abort(room, ABORTED.format(who=", ".join(sorted(names.values())) or "a player"))
            except RoomError:
                pass  # it moved on meanwhile (or cannot be read now): it stays unrated
            done += 1
        return done
