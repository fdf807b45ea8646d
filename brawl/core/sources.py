"""Dice sources: where the outcome of a chance event comes from.

Rules never roll.  A match asks a source for each :class:`~brawl.core.dice.ChanceEvent`; the source
draws one uniform integer below the event's common denominator and the event maps it to an
outcome, so every source is exact for any probability table.

- :class:`SeededDice`: a reproducible generator from an integer seed (bots, tests, simulation).
- :class:`CommittedDice`: HMAC-SHA256 of a secret server seed and a roll counter.  Publishing the
  seed's hash at the start and the seed at the end lets anyone recompute every roll (fair dice).
- :class:`CryptoDice`: the operating system's cryptographic generator, nothing to replay.
- :class:`ReplayDice`: hands back recorded outcomes in order and refuses anything else.
- :class:`TableDice`: dice rolled at a real table.  A player enters each face; the match waits for
  it (:class:`AwaitRoll`).  A roll a player leaves to the server ("roll for me") is committed dice:
  the roll number *k* of the game is draw *k* of the seed, so it is checked like any committed roll,
  and an entered roll is taken as given.
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


class AwaitRoll(Exception):
    """The table has not rolled this die yet: the match waits at the chance event."""

    def __init__(self, event: ChanceEvent) -> None:
        super().__init__(f"waiting for the table's roll of {event.name}")
        self.event = event


class TableDice(CommittedDice):
    """Dice rolled at the table.  Before each roll the match is told what came up
    (:meth:`enter`) or asked to draw it (:meth:`draw_next`); otherwise :meth:`roll` raises
    :class:`AwaitRoll` and the match waits.  A drawn roll is roll number *k* of the game drawn as
    committed draw *k*, so it does not depend on how many rolls were entered before it.

    ``given`` replays a record: its roll entries in order, each entered (``"table": true``, taken
    as it is) or drawn (drawn again from the seed, to be compared with the record)."""

    kind = "table"

    def __init__(self, seed_hex: str | None = None, covers: dict | None = None,
                 given: Iterable[dict] | None = None) -> None:
        super().__init__(seed_hex, covers=covers)
        self.rolls = 0  # rolls made so far in the game
        self.entered = False  # whether the last roll was entered at the table
        self._next: tuple[str, Any] | None = None
        self._given = list(given) if given is not None else None

    def enter(self, outcome: Any) -> None:
        self._next = ("entered", outcome)

    def draw_next(self) -> None:
        self._next = ("drawn", None)

    def roll(self, event: ChanceEvent) -> Any:
        if self._given is not None and self.rolls < len(self._given):
            entry = self._given[self.rolls]
            self._next = ("entered", entry.get("outcome")) if entry.get("table") else ("drawn", None)
        if self._next is None:
            raise AwaitRoll(event)
        how, value = self._next
        self._next = None
        if how == "drawn":
            self.counter = self.rolls
            value = super().roll(event)
        else:
            value = tuple(value) if isinstance(value, list) else value
            if value not in event.outcomes:
                raise ReplayMismatch(f"{value!r} is not a face of {event.name}")
        self.rolls += 1
        self.entered = how == "entered"
        return value


def make_source(kind: str, seed: Any, given: Iterable[dict] | None = None) -> DiceSource:
    """The source that replays a record's dice; ``given``: the record's roll entries (table dice)."""
    if kind == SeededDice.kind:
        return SeededDice(int(seed))
    if kind == CommittedDice.kind:
        return CommittedDice(str(seed))
    if kind == TableDice.kind:
        return TableDice(str(seed), given=given or [])
    raise ValueError(f"unknown dice source {kind!r}")
