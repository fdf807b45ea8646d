"""Dice sources: where the outcome of a chance event comes from.

Rules never roll.  A match asks a source for each :class:`~brawl.core.dice.ChanceEvent`; the source
draws one uniform integer below the event's common denominator and the event maps it to an
outcome, so every source is exact for any probability table.

- :class:`SeededDice`: a reproducible generator from an integer seed (bots, tests, simulation).
- :class:`CommittedDice`: HMAC-SHA256 of a secret server seed and a roll counter.  Publishing the
  seed's hash at the start and the seed at the end lets anyone recompute every roll (fair dice).
- :class:`CryptoDice`: the operating system's cryptographic generator, nothing to replay.
- :class:`ReplayDice`: hands back recorded outcomes in order and refuses anything else.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from abc import ABC, abstractmethod
from typing import Any, Iterable

from .dice import ChanceEvent


class DiceSource(ABC):
    kind = "abstract"

    @abstractmethod
    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 <= r < n``."""

    def roll(self, event: ChanceEvent) -> Any:
        return event.pick(self.randbelow(event.denominator()))


class SeededDice(DiceSource):
    """Mersenne Twister seeded by an integer: the same seed gives the same rolls."""

    kind = "seeded"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self._rng.randrange(n)


def canonical(value: Any) -> bytes:
    """``value`` as canonical JSON bytes (sorted keys, no spaces): what a commitment hashes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def commitment_of(seed_hex: str, covers: dict | None = None) -> str:
    """SHA-256 of the seed's bytes, followed by the canonical JSON of ``covers`` when given (the
    game, its options and its seats), so neither the seed nor what was agreed can change later."""
    data = bytes.fromhex(seed_hex) + (canonical(covers) if covers is not None else b"")
    return hashlib.sha256(data).hexdigest()


class CommittedDice(DiceSource):
    """Rolls derived from a secret seed: draw *k* is HMAC-SHA256(seed, "k:j") read as an integer,
    with rejection (j = 0, 1, ...) so each draw is exactly uniform.

    ``covers`` (optional) is what the commitment binds beside the seed: a server passes the game,
    its options and its seats, so a record whose options or seats were altered fails to verify."""

    kind = "hmac-sha256"

    def __init__(self, seed_hex: str | None = None, start: int = 0, covers: dict | None = None) -> None:
        self.seed_hex = seed_hex or secrets.token_hex(32)
        self._key = bytes.fromhex(self.seed_hex)
        self.counter = start
        self.covers = covers

    @property
    def commitment(self) -> str:
        """Shown at the start, checked against the seed revealed at the end."""
        return commitment_of(self.seed_hex, self.covers)

    @staticmethod
    def draw(key: bytes, counter: int, n: int) -> int:
        limit = (1 << 256) - ((1 << 256) % n)
        j = 0
        while True:
            digest = hmac.new(key, f"{counter}:{j}".encode(), hashlib.sha256).digest()
            value = int.from_bytes(digest, "big")
            if value < limit:
                return value % n
            j += 1

    def randbelow(self, n: int) -> int:
        r = self.draw(self._key, self.counter, n)
        self.counter += 1
        return r


class CryptoDice(DiceSource):
    kind = "crypto"

    def randbelow(self, n: int) -> int:
        return secrets.randbelow(n)


class ReplayMismatch(ValueError):
    pass


class ReplayDice(DiceSource):
    """Feeds back recorded outcomes; an event whose outcome set lacks the recorded value is an error."""

    kind = "replay"

    def __init__(self, outcomes: Iterable[Any]) -> None:
        self._outcomes = list(outcomes)
        self._i = 0

    def randbelow(self, n: int) -> int:
        raise ReplayMismatch("a replay hands back recorded outcomes; it makes no fresh draws")

    def roll(self, event: ChanceEvent) -> Any:
        if self._i >= len(self._outcomes):
            raise ReplayMismatch(f"record has no outcome left for {event.name}")
        value = self._outcomes[self._i]
        self._i += 1
        if isinstance(value, list):
            value = tuple(value)
        if value not in event.outcomes:
            raise ReplayMismatch(f"recorded outcome {value!r} is impossible for {event.name}")
        return value


def make_source(kind: str, seed: Any) -> DiceSource:
    if kind == SeededDice.kind:
        return SeededDice(int(seed))
    if kind == CommittedDice.kind:
        return CommittedDice(str(seed))
    raise ValueError(f"unknown dice source {kind!r}")
