"""The account tables, read and written with plain SQLAlchemy core statements.

Every function takes the engine; each is one short transaction.  Usernames are unique whatever
their case (``name_key`` is the folded name).  Session cookies and seat tokens are kept only as
SHA-256 hashes, except a paired seek's seat token, kept for its owner to fetch.
"""

from __future__ import annotations

import hashlib
import json
import time
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine

from ..db import ACCOUNTS, ATTEMPTS, EVENTS, RATING_HISTORY, RATINGS, ROOMS, SEATS, SEEKS, SESSIONS
from . import ratings as R

DELETED = "deleted player"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def fold(username: str) -> str:
    return username.casefold()


# --- accounts -------------------------------------------------------------------------------

def create_account(engine: Engine, username: str, password_hash: str) -> int | None:
    """A new account's id, or None when the username is taken."""
    with engine.begin() as conn:
        if conn.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.name_key == fold(username))).first():
            return None
        return conn.execute(insert(ACCOUNTS).values(username=username, name_key=fold(username),
                                                    password_hash=password_hash,
                                                    created_at=datetime.now(timezone.utc))).inserted_primary_key[0]


def account_by_name(engine: Engine, username: str) -> dict | None:
    with engine.connect() as conn:
        row = conn.execute(select(ACCOUNTS).where(ACCOUNTS.c.name_key == fold(username),
                                                  ACCOUNTS.c.deleted_at.is_(None))).mappings().first()
    return dict(row) if row else None


def account_by_id(engine: Engine, account_id: int) -> dict | None:
    with engine.connect() as conn:
        row = conn.execute(select(ACCOUNTS).where(ACCOUNTS.c.id == account_id)).mappings().first()
    return dict(row) if row else None


def set_password(engine: Engine, account_id: int, password_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(password_hash=password_hash))
        conn.execute(delete(SESSIONS).where(SESSIONS.c.account_id == account_id))


def delete_account(engine: Engine, account_id: int) -> None:
    """The account can no longer log in and its name is free again; its games and their seats stay,
    shown under "deleted player"."""
    with engine.begin() as conn:
        conn.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(
            password_hash=None, deleted_at=datetime.now(timezone.utc), username=DELETED,
            name_key=f"~deleted~{account_id}"))
        conn.execute(update(SEATS).where(SEATS.c.account_id == account_id).values(player=DELETED))
        conn.execute(delete(SESSIONS).where(SESSIONS.c.account_id == account_id))
        conn.execute(delete(SEEKS).where(SEEKS.c.account_id == account_id, SEEKS.c.room_id.is_(None)))
        conn.execute(delete(RATINGS).where(RATINGS.c.account_id == account_id))


# --- sessions -------------------------------------------------------------------------------

def open_session(engine: Engine, account_id: int, token: str, csrf: str, lifetime: float) -> None:
    with engine.begin() as conn:
        conn.execute(delete(SESSIONS).where(SESSIONS.c.expires_at < time.time()))
        conn.execute(insert(SESSIONS).values(token_hash=digest(token), account_id=account_id, csrf=csrf,
                                             expires_at=time.time() + lifetime))


def session(engine: Engine, token: str) -> dict | None:
    """The live session of a cookie with its account (None: no such session, or it expired)."""
    with engine.connect() as conn:
        row = conn.execute(
            select(SESSIONS.c.account_id, SESSIONS.c.csrf, ACCOUNTS.c.username)
            .join(ACCOUNTS, ACCOUNTS.c.id == SESSIONS.c.account_id)
            .where(SESSIONS.c.token_hash == digest(token), SESSIONS.c.expires_at > time.time(),
                   ACCOUNTS.c.deleted_at.is_(None))).mappings().first()
    return dict(row) if row else None


def close_session(engine: Engine, token: str) -> None:
    with engine.begin() as conn:
        conn.execute(delete(SESSIONS).where(SESSIONS.c.token_hash == digest(token)))


# --- log-in attempts ------------------------------------------------------------------------
# Kept in ``attempts`` (key, time): a failed log-in per (account, address), per address and per
# account; a sign-up per address; and, for the owner's way past an account under attack, each
# address an account logged in from (``known:``) and each browser that did (``device:``), at the
# time of its last success.  Counting and adding are :func:`..limits.reserve` (one transaction
# with the keys' locks, before the hash).
REMEMBERED = ("known:", "device:")


def remember(engine: Engine, keys: list[str]) -> None:
    """A log-in succeeded: these ``known:``/``device:`` keys hold its time (one row each)."""
    now = time.time()
    keys = [k[:200] for k in keys]
    with engine.begin() as conn:
        conn.execute(delete(ATTEMPTS).where(ATTEMPTS.c.key.in_(keys)))
        conn.execute(insert(ATTEMPTS), [{"key": k, "at": now} for k in keys])


def remembered(engine: Engine, keys: list[str], lifetime: float) -> bool:
    """Whether any of these ``known:``/``device:`` keys had a successful log-in within ``lifetime`` s."""
    keys = [k[:200] for k in keys]
    with engine.connect() as conn:
        return conn.execute(select(ATTEMPTS.c.id).where(ATTEMPTS.c.key.in_(keys),
                                                        ATTEMPTS.c.at > time.time() - lifetime).limit(1)).first() is not None


def welcome(engine: Engine, account_id: int, token: str, csrf: str, lifetime: float, keys: list[str],
            release: list[int]) -> None:
    """A successful log-in in one transaction: its attempt's rows back (``release``), the address and
    browser remembered (``keys``, as :func:`remember`) and the new session."""
    now = time.time()
    keys = [k[:200] for k in keys]
    with engine.begin() as conn:
        if release:
            conn.execute(delete(ATTEMPTS).where(ATTEMPTS.c.id.in_(release)))
        conn.execute(delete(ATTEMPTS).where(ATTEMPTS.c.key.in_(keys)))
        conn.execute(insert(ATTEMPTS), [{"key": k, "at": now} for k in keys])
        conn.execute(delete(SESSIONS).where(SESSIONS.c.expires_at < now))
        conn.execute(insert(SESSIONS).values(token_hash=digest(token), account_id=account_id, csrf=csrf,
                                             expires_at=now + lifetime))


def sweep(engine: Engine, window: float, lifetime: float) -> None:
    """Forget attempts older than ``window`` seconds (remembered log-ins: older than ``lifetime``)."""
    now = time.time()
    kept = ATTEMPTS.c.key.like("known:%") | ATTEMPTS.c.key.like("device:%")
    with engine.begin() as conn:
        conn.execute(delete(ATTEMPTS).where(~kept, ATTEMPTS.c.at < now - window))
        conn.execute(delete(ATTEMPTS).where(kept, ATTEMPTS.c.at < now - lifetime))


# --- ratings --------------------------------------------------------------------------------

def ratings_of(engine: Engine, account_ids: list[int], game: str) -> dict[int, tuple[float, float]]:
    with engine.connect() as conn:
        rows = conn.execute(select(RATINGS.c.account_id, RATINGS.c.mu, RATINGS.c.sigma)
                            .where(RATINGS.c.account_id.in_(account_ids), RATINGS.c.game == game)).all()
    found = {a: (mu, sigma) for a, mu, sigma in rows}
    return {a: found.get(a, (R.MU, R.SIGMA)) for a in account_ids}


def rated_rooms_to_settle(engine: Engine) -> list[str]:
    with engine.connect() as conn:
        return list(conn.execute(select(ROOMS.c.id).where(ROOMS.c.rated.is_(True), ROOMS.c.finished_at.is_not(None),
                                                          ROOMS.c.rated_at.is_(None))).scalars())


def seat_accounts(engine: Engine, room_id: str) -> dict[int, int | None]:
    with engine.connect() as conn:
        return dict(conn.execute(select(SEATS.c.seat, SEATS.c.account_id).where(SEATS.c.room_id == room_id)).all())


def settle(engine: Engine, room_id: str, game: str, accounts: list[int | None], places: list[int],
           fixed: dict[int, tuple[float, float]] | None = None) -> bool:
    """Update the ratings of a rated room's accounts once (False: another process already did).

    ``accounts`` names each seat's account; a seat with None is a bot level whose (mu, sigma) is
    ``fixed[seat]``: it counts for the people and never moves.  The game changes no rating when an
    account was deleted, or when two of its accounts have already played :data:`rated.DAILY_CAP`
    rated games together in the last day (no list of accounts: unrated)."""
    from . import rated

    fixed = fixed or {}
    now = datetime.now(timezone.utc)
    with engine.begin() as conn:
        done = conn.execute(update(ROOMS).where(ROOMS.c.id == room_id, ROOMS.c.rated_at.is_(None)).values(rated_at=now))
        if done.rowcount != 1:
            return False
        people = [a for a in accounts if a is not None]
        if not people:
            return True
        if conn.execute(select(func.count()).select_from(ACCOUNTS).where(ACCOUNTS.c.id.in_(people),
                                                                          ACCOUNTS.c.deleted_at.is_not(None))).scalar():
            return True  # a player's account was deleted: unrated
        since = time.time() - rated.DAY
        for i, a in enumerate(people):
            for b in people[i + 1:]:
                theirs = select(RATING_HISTORY.c.room_id).where(RATING_HISTORY.c.account_id == b, RATING_HISTORY.c.at > since)
                together = conn.execute(select(func.count()).select_from(RATING_HISTORY).where(
                    RATING_HISTORY.c.account_id == a, RATING_HISTORY.c.at > since,
                    RATING_HISTORY.c.room_id.in_(theirs))).scalar()
                if together >= rated.DAILY_CAP:
                    return True  # the same two accounts: enough rated games for a day
        rows = conn.execute(select(RATINGS).where(RATINGS.c.account_id.in_(people), RATINGS.c.game == game)).mappings().all()
        have = {r["account_id"]: dict(r) for r in rows}
        before = [fixed[seat] if a is None else (have[a]["mu"], have[a]["sigma"]) if a in have else (R.MU, R.SIGMA)
                  for seat, a in enumerate(accounts)]
        after = R.update(before, places)
        best = min(places)
        for a, old, (mu, sigma), place in zip(accounts, before, after, places):
            if a is None:
                continue  # a bot level's rating is the ladder's
            won, drew = place == best and places.count(best) < len(places), places.count(best) == len(places)
            tally = {"wins": int(won), "draws": int(drew), "losses": int(not won and not drew)}
            if a in have:
                conn.execute(update(RATINGS).where(RATINGS.c.account_id == a, RATINGS.c.game == game).values(
                    mu=mu, sigma=sigma, games=RATINGS.c.games + 1,
                    **{k: getattr(RATINGS.c, k) + v for k, v in tally.items()}))
            else:
                conn.execute(insert(RATINGS).values(account_id=a, game=game, mu=mu, sigma=sigma, games=1, **tally))
            show = R.shown(mu, sigma)
            conn.execute(insert(RATING_HISTORY).values(account_id=a, game=game, room_id=room_id,
                                                       rating=show["rating"], deviation=show["deviation"],
                                                       at=time.time(), change=show["rating"] - R.shown(*old)["rating"],
                                                       result="won" if won else "drawn" if drew else "lost"))
        return True


# --- profiles and leaderboards ----------------------------------------------------------------

def profile(engine: Engine, account_id: int, games: int = 30) -> dict[str, Any]:
    with engine.connect() as conn:
        rated = conn.execute(select(RATINGS).where(RATINGS.c.account_id == account_id)).mappings().all()
        history = conn.execute(select(RATING_HISTORY.c.game, RATING_HISTORY.c.rating, RATING_HISTORY.c.at)
                               .where(RATING_HISTORY.c.account_id == account_id)
                               .order_by(RATING_HISTORY.c.at)).all()
        mine = (select(SEATS.c.room_id, SEATS.c.seat).where(SEATS.c.account_id == account_id)).subquery()
        recent = conn.execute(
            select(ROOMS.c.id, ROOMS.c.game, ROOMS.c.rated, ROOMS.c.created_at, ROOMS.c.finished_at, ROOMS.c.ended,
                   ROOMS.c.rated_at, mine.c.seat)
            .join(mine, mine.c.room_id == ROOMS.c.id).order_by(ROOMS.c.created_at.desc()).limit(games)).mappings().all()
        total = conn.execute(select(func.count()).select_from(SEATS).where(SEATS.c.account_id == account_id)).scalar()
        ids = [r["id"] for r in recent]
        others = conn.execute(select(SEATS.c.room_id, SEATS.c.seat, SEATS.c.player, SEATS.c.kind, SEATS.c.bot)
                              .where(SEATS.c.room_id.in_(ids))).all() if ids else []
        changes = {room: (change, result) for room, change, result in conn.execute(
            select(RATING_HISTORY.c.room_id, RATING_HISTORY.c.change, RATING_HISTORY.c.result)
            .where(RATING_HISTORY.c.account_id == account_id, RATING_HISTORY.c.room_id.in_(ids))).all()} if ids else {}
        open_ids = [r["id"] for r in recent if r["finished_at"] is None]
        active = dict(conn.execute(select(EVENTS.c.room_id, func.max(EVENTS.c.created_at))
                                   .where(EVENTS.c.room_id.in_(open_ids)).group_by(EVENTS.c.room_id)).all()) if open_ids else {}
    out: dict[str, Any] = {"ratings": {}, "games": [], "total_games": total}
    for r in rated:
        out["ratings"][r["game"]] = {**R.shown(r["mu"], r["sigma"]), "games": r["games"], "wins": r["wins"],
                                     "losses": r["losses"], "draws": r["draws"],
                                     "history": [{"rating": h.rating, "at": h.at} for h in history if h.game == r["game"]]}
    seats: dict[str, list] = {}
    for room_id, seat, player, kind, bot in others:
        seats.setdefault(room_id, []).append((seat, player if kind == "human" else f"bot ({bot})"))
    for r in recent:
        change, result = changes.get(r["id"], (None, None))
        out["games"].append({"room": r["id"], "game": r["game"], "rated": bool(r["rated"]), "seat": r["seat"],
                             "over": r["finished_at"] is not None, "at": r["created_at"].isoformat() if r["created_at"] else None,
                             "players": [name for _, name in sorted(seats.get(r["id"], []))],
                             "replay": f"/replay/{r['id']}", "change": change,
                             "result": result or outcome(r, active.get(r["id"]))})
    return out


def outcome(room: Any, last_event: datetime | None) -> str:
    """A recent game's result without a rating change: "aborted", "won", "lost" or "drawn" when
    the server ended it (a claim, time), "unrated" (a rated game that changed no rating), "over",
    "abandoned" (unfinished and untouched for :data:`rated.ABANDONED_AFTER`) or "in progress"."""
    from . import rated

    if room["finished_at"] is None:
        last = last_event or room["created_at"]
        if last is not None and last.tzinfo is None:
            last = last.replace(tzinfo=timezone.utc)
        idle = (datetime.now(timezone.utc) - last).total_seconds() if last is not None else 0.0
        return "abandoned" if idle > rated.ABANDONED_AFTER else "in progress"
    ended = json.loads(room["ended"]) if room["ended"] else None
    if ended and ended["reason"].startswith("aborted"):
        return "aborted"
    if room["rated"] and room["rated_at"] is not None:
        return "unrated"
    if ended:
        winners = ended["winners"]
        return "drawn" if not winners else "won" if room["seat"] in winners else "lost"
    return "over"


def leaderboard(engine: Engine, game: str, size: int = 50) -> list[dict]:
    """The best settled ratings of ``game`` (a provisional rating is not listed: a new account
    cannot reach the top by beating throwaway accounts before its rating settles)."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(ACCOUNTS.c.username, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games)
            .join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account_id)
            .where(RATINGS.c.game == game, ACCOUNTS.c.deleted_at.is_(None),
                   RATINGS.c.sigma <= R.PROVISIONAL / R.SCALE)  # settled ratings only
            .order_by(RATINGS.c.mu.desc()).limit(size)).all()
    return [{"rank": i + 1, "username": name, **R.shown(mu, sigma), "games": games}
            for i, (name, mu, sigma, games) in enumerate(rows)]


# --- seeks: see seeks.py ------------------------------------------------------------------

def usernames(engine: Engine, account_ids: list[int]) -> dict[int, str]:
    with engine.connect() as conn:
        return dict(conn.execute(select(ACCOUNTS.c.id, ACCOUNTS.c.username).where(ACCOUNTS.c.id.in_(account_ids))).all())


def set_rated(engine: Engine, room_id: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(ROOMS).where(ROOMS.c.id == room_id).values(rated=True))


def record_accounts(engine: Engine, room_id: str) -> tuple[list[str | None], bool]:
    """The username that played each seat of a room (None: a guest or a bot), and whether it is rated."""
    with engine.connect() as conn:
        rows = conn.execute(select(SEATS.c.seat, ACCOUNTS.c.username)
                            .join(ACCOUNTS, ACCOUNTS.c.id == SEATS.c.account_id, isouter=True)
                            .where(SEATS.c.room_id == room_id).order_by(SEATS.c.seat)).all()
        rated = conn.execute(select(ROOMS.c.rated).where(ROOMS.c.id == room_id)).scalar()
    return [name for _, name in rows], bool(rated)


def bind_seat(engine: Engine, room_id: str, seat: int, account_id: int) -> None:
    with engine.begin() as conn:
        conn.execute(update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == seat).values(account_id=account_id))


def copy_accounts(engine: Engine, from_room: str, to_room: str) -> None:
    """The seats of ``to_room`` (a rematch) belong to the accounts of ``from_room``'s seats."""
    with engine.begin() as conn:
        for seat, account_id in conn.execute(select(SEATS.c.seat, SEATS.c.account_id).where(
                SEATS.c.room_id == from_room, SEATS.c.account_id.is_not(None))).all():
            conn.execute(update(SEATS).where(SEATS.c.room_id == to_room, SEATS.c.seat == seat).values(account_id=account_id))


def live_seats(engine: Engine, account_id: int) -> list[tuple[str, int]]:
    """(room, seat) of each unfinished game ``account_id`` plays."""
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(select(SEATS.c.room_id, SEATS.c.seat).join(ROOMS, ROOMS.c.id == SEATS.c.room_id)
                                               .where(SEATS.c.account_id == account_id, ROOMS.c.finished_at.is_(None))).all()]
