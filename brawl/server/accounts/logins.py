"""Log-ins and sign-ups, limited so that guessing is slow, nobody locks the owner out, and hashing
never starves the server.

**Counted before the hash.**  Each attempt is counted in the database (``attempts``, shared by
every process) *before* its password is hashed, in one transaction holding the keys' locks
(:func:`~brawl.server.limits.reserve`): of thirty log-ins sent at once, only as many as the limit
allows reach the hash, the rest get 429 at once.  A log-in that succeeds takes its rows back
(a success is not a failure); a wrong one leaves them counted for ``login_window`` seconds.

**Limits, and why the owner still gets in.**  A failed log-in counts against three keys:

- the account *and* the address (``login_failures_per_account``, 5 a window): one guesser
  is stopped after a few tries, and only from where it guesses;
- the address (``login_failures_per_address``, 20 a window): one guesser trying many accounts;
- the account from anywhere (``login_failures_per_account_total``, 30 a window): many addresses
  guessing one account.  Past it the account is *protected*, not locked: a log-in still goes
  through when it comes from a browser that logged in to this account before (the ``brawl_device``
  cookie, set at every successful log-in and sign-up, random, kept as a hash) or from an address
  the account logged in from before (both remembered ``session_days``).  Only a stranger's
  browser at a stranger's address waits for the window to pass.

So 5 wrong passwords from somewhere no longer keep the owner out: the owner's own address and
browser are different keys, and the account-wide limit lets the owner's known browser through.

**Sign-ups** are limited per address (``signups_per_hour``), counted the same way before their
hash; a sign-up refused for a taken name takes its count back.

**Hashes** run on their own bounded pool and queue (:mod:`.passwords`): a full queue answers 503
with ``Retry-After`` before anything is counted, and these routes never hold a thread of the pool
the other routes use while a hash waits or runs.  Their few database writes go two at a time per
process (:meth:`Doors.desk`), so a storm of log-ins never queues dozens of transactions for the
database's write lock ahead of the games' decisions; a successful log-in writes once.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import weakref

from fastapi.concurrency import run_in_threadpool

from .. import metrics
from ..limits import release, reserve
from ..room import RoomError
from . import book
from .passwords import Busy

class AccountError(RoomError):
    """A refusal of the account routes (a 4xx with ``{"error": ...}``, like every refusal)."""


DEVICE = "brawl_device"  # the cookie of a browser that logged in before
SIGNUP_WINDOW = 3600.0


class Doors:
    """Sign-up and log-in for :class:`~brawl.server.accounts.service.Accounts` (its ``doors``)."""

    def __init__(self, accounts) -> None:
        self.accounts = accounts
        self.engine = accounts.engine
        self.settings = accounts.settings
        self.passwords = accounts.passwords
        self._desks: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def desk(self) -> asyncio.Semaphore:
        """Two log-in or sign-up transactions at a time in this process (one per event loop)."""
        loop = asyncio.get_running_loop()
        if loop not in self._desks:
            self._desks[loop] = asyncio.Semaphore(2)
        return self._desks[loop]

    async def _db(self, work, *args):
        async with self.desk():
            return await run_in_threadpool(work, *args)

    def _refuse(self, message: str, status: int) -> "AccountError":
        return AccountError(message, status)

    def _room_for_a_hash(self, counter) -> None:
        """503 with Retry-After, before anything is counted, while the hash queue is full."""
        busy = self.passwords.full()
        if busy is not None:
            counter.labels("busy").inc()
            raise busy

    # -- log in ----------------------------------------------------------------------------------
    def _known(self, name: str, address: str, device: str | None) -> bool:
        keys = [f"known:{name}|{address}"]
        if device:
            keys.append(f"device:{name}|{book.digest(device)}")
        return book.remembered(self.engine, keys, self.settings.session_days * 86_400)

    def _reserve_login(self, username: str, address: str, device: str | None) -> tuple[list[int] | str, dict | None]:
        s = self.settings
        name = book.fold(username)[:64]
        known = self._known(name, address, device)
        checks = [(f"pair:{name}|{address}", s.login_failures_per_account),
                  (f"addr:{address}", s.login_failures_per_address),
                  (f"name:{name}", None if known else s.login_failures_per_account_total)]
        held = reserve(self.engine, checks, s.login_window)
        account = book.account_by_name(self.engine, username) if not isinstance(held, str) else None
        return held, account

    async def log_in(self, username: str, password: str, address: str, device: str | None) -> tuple[dict, str, str]:
        """A session for the right password: (answer, session cookie, device cookie)."""
        username, password = username or "", password or ""
        self._room_for_a_hash(metrics.LOGINS)
        held, account = await self._db(self._reserve_login, username, address, device)
        minutes = max(1, int(self.settings.login_window // 60))
        if isinstance(held, str):
            metrics.LOGINS.labels("limited").inc()
            if held.startswith("name:"):
                raise self._refuse("this account is protected after many failed log-ins from elsewhere: log in from a "
                                   f"browser or network that logged in to it before, or wait {minutes} minutes", 429)
            raise self._refuse(f"too many failed log-ins: wait {minutes} minutes and try again", 429)
        try:
            right = await self.passwords.check_async(account["password_hash"] if account else None, password)
        except BaseException as exc:
            if isinstance(exc, Busy):
                metrics.LOGINS.labels("busy").inc()
            await self._db(release, self.engine, held)  # never judged: not a failure
            raise
        if not right:
            metrics.LOGINS.labels("wrong").inc()
            if random.random() < 0.05:  # now and then, forget what is past its window
                await self._db(book.sweep, self.engine, max(self.settings.login_window, SIGNUP_WINDOW),
                                        self.settings.session_days * 86_400)
            raise self._refuse("wrong username or password", 401)
        metrics.LOGINS.labels("ok").inc()
        return await self._db(self._welcome, account, address, device, held)

    def _welcome(self, account: dict, address: str, device: str | None, held: list[int] | None) -> tuple[dict, str, str]:
        """A session; the address and the browser remembered for the account; the attempt's rows back."""
        device = device or secrets.token_urlsafe(24)
        name = book.fold(account["username"])[:64]
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        book.welcome(self.engine, account["id"], token, csrf, self.settings.session_days * 86_400,
                     [f"known:{name}|{address}", f"device:{name}|{book.digest(device)}"], held or [])
        return {"username": account["username"], "csrf": csrf}, token, device

    # -- sign up ---------------------------------------------------------------------------------
    def _reserve_signup(self, username: str, address: str) -> list[int] | str:
        if book.account_by_name(self.engine, username) is not None:
            metrics.SIGNUPS.labels("taken").inc()
            raise self._refuse("that username is taken", 409)
        return reserve(self.engine, [(f"signup:{address}", self.settings.signups_per_hour)], SIGNUP_WINDOW)

    async def sign_up(self, username: str, password: str, address: str, device: str | None) -> tuple[dict, str, str]:
        username = self.accounts.check_new(username, password)
        self._room_for_a_hash(metrics.SIGNUPS)
        held = await self._db(self._reserve_signup, username, address)
        if isinstance(held, str):
            metrics.SIGNUPS.labels("limited").inc()
            raise self._refuse(f"too many sign-ups from your address: at most {self.settings.signups_per_hour} "
                               "an hour; try again later", 429)
        try:
            hashed = await self.passwords.hash_async(password)
        except BaseException as exc:
            if isinstance(exc, Busy):
                metrics.SIGNUPS.labels("busy").inc()
            await self._db(release, self.engine, held)
            raise
        account_id = await self._db(book.create_account, self.engine, username, hashed)
        if account_id is None:
            await self._db(release, self.engine, held)
            metrics.SIGNUPS.labels("taken").inc()
            raise self._refuse("that username is taken", 409)
        metrics.SIGNUPS.labels("ok").inc()
        return await self._db(self._welcome, {"id": account_id, "username": username}, address, device, None)
