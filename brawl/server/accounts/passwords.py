"""Password hashes: Argon2id through argon2-cffi, on threads of their own with a bounded queue.

A log-in costs the server one Argon2id hash (about 64 MiB and a fifth of a second with the library's
default parameters) and never more.  The hashes run on a pool of their own, ``concurrency``
threads, never on the threads the other routes use, so a burst of log-ins and sign-ups cannot
starve them: a route waits for its hash without holding a thread.  At most ``queue`` hashes wait
for a thread; one more is refused at once with 503 and a ``Retry-After`` header (the seconds the
queue ahead of it needs at the hashes' recent pace), so a storm costs the memory and time of a
bounded number of hashes.  The hash threads run in Linux's idle scheduling class (which Argon2's
own lane threads inherit): they take the processor only when the event loop and the other
threads leave it, so a storm of log-ins slows log-ins, not the games in play.

An unknown username is checked against a dummy hash, so a refusal takes as long whether the
username exists or not.
"""

from __future__ import annotations

import asyncio
import math
import os
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from .. import metrics
from ..room import RoomError


class Busy(RoomError):
    """Too many hashes wait already: 503 with ``Retry-After``."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many log-ins and sign-ups at once; try again in {retry_after} s", 503)
        self.headers = {"Retry-After": str(retry_after)}


def _gentle(priority: str) -> None:
    """A hash thread yields the processor to the event loop and the other routes (Linux), which
    Argon2's own lane threads inherit: ``idle``, the idle scheduling class, takes only what the
    machine's other threads leave (nice 19 where that class is refused); ``low``, nice 19;
    ``normal``, as the rest (for a machine shared with other busy work, such as a test run)."""
    tid = threading.get_native_id()
    if priority == "idle":
        try:
            os.sched_setscheduler(tid, os.SCHED_IDLE, os.sched_param(0))
            return
        except (AttributeError, OSError):
            pass
    if priority in ("idle", "low"):
        try:
            os.setpriority(os.PRIO_PROCESS, tid, 19)
        except (AttributeError, OSError):  # another system, or not allowed: the same priority as the rest
            pass


class Passwords:
    def __init__(self, profile: str = "RFC_9106_LOW_MEMORY", concurrency: int = 2, queue: int = 16,
                 priority: str = "idle") -> None:
        params = getattr(profiles, profile)
        self.hasher = PasswordHasher.from_parameters(params)
        self.concurrency, self.queue = concurrency, queue
        self.pool = ThreadPoolExecutor(concurrency, thread_name_prefix="brawl-hash", initializer=_gentle,
                                       initargs=(priority,))
        self.waiting = 0  # hashes asked and not finished (queued or running)
        self.busy = 0  # hashes running now (for the benchmark and tests)
        self.most = 0  # the most that ever ran at once
        self.pace = 0.25  # seconds a hash took lately (a moving average), for Retry-After
        self._count = threading.Lock()
        self._dummy: str | None = None  # made at the first refusal of an unknown username

    # -- the queue -------------------------------------------------------------------------------
    def full(self) -> Busy | None:
        """The refusal a hash asked now would get (the queue is full), or None."""
        if self.waiting < self.concurrency + self.queue:
            return None
        return Busy(max(1, math.ceil(self.waiting / self.concurrency * self.pace)))

    def _enter(self) -> None:
        with self._count:
            busy = self.full()
            if busy is not None:
                raise busy
            self.waiting += 1
            metrics.HASH_QUEUE.set(self.waiting)

    def _leave(self) -> None:
        with self._count:
            self.waiting -= 1
            metrics.HASH_QUEUE.set(self.waiting)

    def _run(self, work):
        with self._count:
            self.busy += 1
            self.most = max(self.most, self.busy)
        start = time.perf_counter()
        try:
            return work()
        finally:
            took = time.perf_counter() - start
            metrics.HASH_SECONDS.observe(took)
            with self._count:
                self.busy -= 1
                self.pace = 0.8 * self.pace + 0.2 * took

    def _submit(self, work) -> Future:
        self._enter()
        try:
            future = self.pool.submit(self._run, work)
        except BaseException:
            self._leave()
            raise
        future.add_done_callback(lambda _: self._leave())
        return future

    # -- hashing ---------------------------------------------------------------------------------
    def _hash_work(self, password: str):
        return lambda: self.hasher.hash(password)

    def _check_work(self, stored: str | None, password: str):
        def work() -> bool:
            if stored is None and self._dummy is None:
                self._dummy = self.hasher.hash("not a password of anyone")
            try:
                return self.hasher.verify(stored or self._dummy, password) and stored is not None
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False
        return work

    def hash(self, password: str) -> str:
        """The hash of ``password`` (blocks this thread; :class:`Busy` when the queue is full)."""
        return self._submit(self._hash_work(password)).result()

    def check(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (None: no such account; the time spent is the same)."""
        return self._submit(self._check_work(stored, password)).result()

    async def hash_async(self, password: str) -> str:
        """:meth:`hash` for a route on the event loop: it waits without holding any thread."""
        return await asyncio.wrap_future(self._submit(self._hash_work(password)))

    async def check_async(self, stored: str | None, password: str) -> bool:
        return await asyncio.wrap_future(self._submit(self._check_work(stored, password)))
