"""Password hashes: Argon2id through argon2-cffi, with a bound on the hashes computed at once.

A log-in costs the server one Argon2id hash (about 64 MiB and a fifth of a second with the library's
default parameters) and never more: at most ``concurrency`` hashes run at the same moment, the rest
wait their turn, so a burst of log-ins cannot take all the memory.  An unknown username is checked
against a dummy hash, so a refusal takes as long whether the username exists or not.
"""

from __future__ import annotations

import threading

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError


class Passwords:
    def __init__(self, profile: str = "RFC_9106_LOW_MEMORY", concurrency: int = 2) -> None:
        params = getattr(profiles, profile)
        self.hasher = PasswordHasher.from_parameters(params)
        self.gate = threading.BoundedSemaphore(concurrency)
        self.busy = 0  # hashes running now (for the benchmark and tests)
        self.most = 0  # the most that ever ran at once
        self._count = threading.Lock()
        self._dummy: str | None = None  # made at the first refusal of an unknown username

    def _run(self, work):
        with self.gate:
            with self._count:
                self.busy += 1
                self.most = max(self.most, self.busy)
            try:
                return work()
            finally:
                with self._count:
                    self.busy -= 1

    def hash(self, password: str) -> str:
        return self._run(lambda: self.hasher.hash(password))

    def check(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (None: no such account; the time spent is the same)."""
        def work() -> bool:
            if stored is None and self._dummy is None:
                self._dummy = self.hasher.hash("not a password of anyone")
            try:
                return self.hasher.verify(stored or self._dummy, password) and stored is not None
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False
        return self._run(work)
