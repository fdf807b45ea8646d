"""What the account routes call, and the background round of pairing and rating.

:class:`Accounts` holds the engine, the hub (to start paired games and read finished ones) and the
password hasher.  Its methods that hash a password block (they run on the routes' worker threads,
never on the event loop); :meth:`Accounts.run` is the background round, on the event loop: pair the
seekers who can be paired, then settle the ratings of rated games that ended.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import unicodedata

from sqlalchemy import text
from sqlalchemy.engine import Engine

from ...core.match import Match
from ...core.sources import ReplayDice
from . import book, rated
from . import ratings as R
from .logins import AccountError, Doors
from .passwords import Passwords
from .seeks import Seeking

log = logging.getLogger("brawl.server")
USERNAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{1,19}$")
PAIRING_LOCK = 0x6272_6178  # PostgreSQL advisory lock: one process pairs at a time


class Accounts(Seeking):
    def __init__(self, engine: Engine, hub, settings) -> None:
        self.engine = engine
        self.hub = hub
        self.settings = settings
        self.passwords = Passwords(settings.argon2_profile, settings.hashes_at_once, settings.hash_queue,
                                   settings.hash_priority)
        self.doors = Doors(self)
        self.bots: dict[str, dict[str, int]] = {}

    # --- sign up, log in --------------------------------------------------------------------
    def check_new(self, username: str, password: str) -> str:
        username = unicodedata.normalize("NFC", username or "")
        if not USERNAME.match(username):
            raise AccountError("a username is 2 to 20 letters, digits, _ or -, starting with a letter or digit", 422)
        if not 8 <= len(password or "") <= 200:
            raise AccountError("a password is 8 to 200 characters", 422)
        return username

    async def sign_up(self, username: str, password: str, address: str = "?",
                      device: str | None = None) -> tuple[dict, str, str]:
        """A new account and its session: (answer, session cookie, device cookie); see :mod:`.logins`."""
        return await self.doors.sign_up(username, password, address, device)

    async def log_in(self, username: str, password: str, address: str,
                     device: str | None = None) -> tuple[dict, str, str]:
        """A session for the right password, within the limits of :mod:`.logins`."""
        return await self.doors.log_in(username, password, address, device)

    def open_session(self, account: dict) -> tuple[dict, str, str]:
        """A new session of ``account``: what the API answers (username and CSRF token), the cookie
        token and the CSRF token."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        book.open_session(self.engine, account["id"], token, csrf, self.settings.session_days * 86_400)
        return {"username": account["username"], "csrf": csrf}, token, csrf

    def change_password(self, account_id: int, old: str, new: str) -> None:
        account = book.account_by_id(self.engine, account_id)
        if not account or not self.passwords.check(account["password_hash"], old or ""):
            raise AccountError("wrong password", 401)
        self.check_new(account["username"], new)
        book.set_password(self.engine, account_id, self.passwords.hash(new))

    def bot_ratings(self, game: str) -> dict[str, int]:
        """Each bot level's rating on the players' scale, measured by the bot ladder
        (``bot_ratings.json`` in the game's package, written by ``scripts/bot_ratings.py``)."""
        if game not in self.bots:
            self.bots[game] = read_bot_ratings(game)
        return self.bots[game]

    # --- seeks: see seeks.py (the Seeking part) ------------------------------------------------

    # --- ratings ----------------------------------------------------------------------------
    def settle(self) -> int:
        """Update the ratings of every rated game that ended and is not yet counted.  A game the
        server aborted, or one with a person's seat no account played, or one account in two
        seats, changes no rating; a bot level's seat counts with its ladder rating, fixed."""
        done = 0
        for room_id in book.rated_rooms_to_settle(self.engine):
            room = self.hub.get(room_id)
            seats = book.seat_accounts(self.engine, room_id)
            accounts: list[int | None] = []
            fixed: dict[int, tuple[float, float]] = {}
            for s in room.seats:
                if s.kind == "bot":
                    ladder = rated.bot_rating(room.game.name, s.bot or "", room.game)
                    if ladder is not None:
                        fixed[s.seat] = (R.rating_of(ladder), rated.BOT_DEVIATION / R.SCALE)
                accounts.append(seats.get(s.seat))
            people = [a for a in accounts if a is not None]
            aborted = room.ending is not None and room.ending.reason == rated.ABORTED
            if aborted or not people or len(set(people)) != len(people) or \
                    any(a is None and s not in fixed for s, a in enumerate(accounts)):
                book.settle(self.engine, room_id, room.game.name, [], [])  # unrated
                continue
            places = R.ranks(len(room.seats), list(room.winners or ()), fall_order(room))
            done += book.settle(self.engine, room_id, room.game.name, accounts, places, fixed)
        return done

    async def run(self, every: float = 0.5) -> None:
        """The background round: pair, then settle ratings; on PostgreSQL one process pairs at a time."""
        while True:
            try:
                await asyncio.sleep(every)
                await self.round_async()
            except asyncio.CancelledError:
                raise
            except Exception:  # a store that is down now: the next round tries again
                log.exception("accounts round failed")

    def round(self) -> None:
        """One round on this thread (tests, tools): :meth:`round_async` without a loop."""
        rated.watch(self.hub)  # rated games this process runs: aborted, or lost on time
        lock = self._lock()
        if lock is None:
            return
        try:
            self.abort_late()
            self.pair()
            self.settle()
        finally:
            self._unlock(lock)

    async def round_async(self) -> None:
        """One round: pairing worked out on a thread (the store's reads and the tables), the games
        found started on the event loop, then ratings settled."""
        loop = asyncio.get_running_loop()
        rated.watch(self.hub)  # rated games this process runs: aborted, or lost on time
        turns = self.__dict__.setdefault("_turns", {})  # one round at a time on a loop (the route's and the background's)
        async with turns.setdefault(loop, asyncio.Lock()):
            lock = await loop.run_in_executor(None, self._lock)
            if lock is None:
                return
            try:
                self.abort_late()
                await self.start_async(await loop.run_in_executor(None, self.plan))
                self.settle()
            finally:
                await loop.run_in_executor(None, self._unlock, lock)

    def _lock(self):
        """PostgreSQL: the connection holding the pairing lock (None: another process pairs now)."""
        if self.engine.dialect.name != "postgresql":
            return False
        conn = self.engine.connect()
        if not conn.execute(text("select pg_try_advisory_lock(:k)"), {"k": PAIRING_LOCK}).scalar():
            conn.close()
            return None
        return conn

    @staticmethod
    def _unlock(conn) -> None:
        if conn is False:
            return
        try:
            conn.execute(text("select pg_advisory_unlock(:k)"), {"k": PAIRING_LOCK})
            conn.commit()
        finally:
            conn.close()


def read_bot_ratings(game: str) -> dict[str, int]:
    from importlib import resources

    from ...games import game_class

    package = game_class(game).__module__.rsplit(".", 1)[0]
    path = resources.files(package).joinpath("bot_ratings.json")
    if not path.is_file():
        return {}
    return {bot: int(r) for bot, r in json.loads(path.read_text())["ratings"].items()}


def fall_order(room) -> list[list[int]] | None:
    """The seats in the order they fell (groups that fell at one moment), for games where players
    fall one after another (``Game.standing``); None for the others."""
    game = room.game
    standing = game.standing(game.initial_state())
    if standing is None:
        return None
    record = room.match.record
    match = Match(game, ReplayDice(record.rolls()))
    fell, still = [], set(game.standing(match.state))
    for step in record.steps():  # decisions and forfeits (a seat out of time falls)
        match.take(step)
        now = set(game.standing(match.state))
        if still - now:
            fell.append(sorted(still - now))
        still = now
    return fell
