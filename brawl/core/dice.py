"""Dice as chance events.

A :class:`ChanceEvent` is a roll that the rules ask for but never make themselves: it names the
dice, lists every outcome with its exact probability, and leaves the choice of outcome to the
caller.  Live play samples it from a :mod:`brawl.core.sources` dice source, a replay feeds back the
recorded outcome, an exact solver walks every outcome with its weight, and a batch simulator draws
millions at once from its own generator.

Dice notation (:func:`parse`) covers what the four games need::

    d20        one twenty-sided die
    2d6+3      two six-sided dice plus three
    4d6kh3     four six-sided dice, keep the highest three
    2d20kl1    two twenty-sided dice, keep the lowest one
    d10r1      a ten-sided die, ones re-rolled (KtOG's Cure: "re-roll a 1 cause 1s suck")
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Hashable


@dataclass(frozen=True)
class ChanceEvent:
    """A roll waiting to happen: a name, a label for people, and outcomes with probabilities.

    ``outcomes`` and ``probabilities`` are parallel tuples; probabilities are exact fractions that
    sum to one.  Outcomes are JSON-friendly values (ints for single dice).
    """

    name: str
    outcomes: tuple[Hashable, ...]
    probabilities: tuple[Fraction, ...]
    label: str = ""

    def __post_init__(self) -> None:
        if len(self.outcomes) != len(self.probabilities) or not self.outcomes:
            raise ValueError("a chance event needs as many probabilities as outcomes, and at least one")
        if sum(self.probabilities) != 1:
            raise ValueError(f"probabilities of {self.name!r} sum to {sum(self.probabilities)}, not 1")
        # worked out once, as every roll asks for them: the common denominator, and where each
        # outcome's share of the draws below it ends (not fields: not compared, hashed or written)
        d = 1
        for p in self.probabilities:
            d = d * p.denominator // _gcd(d, p.denominator)
        ends, acc = [], 0
        for p in self.probabilities:
            acc += p.numerator * (d // p.denominator)
            ends.append(acc)
        object.__setattr__(self, "_denominator", d)
        object.__setattr__(self, "_ends", tuple(ends))

    def items(self):
        """Pairs of (outcome, probability), for solvers that enumerate."""
        return zip(self.outcomes, self.probabilities)

    def probability(self, outcome) -> Fraction:
        try:
            return self.probabilities[self.outcomes.index(outcome)]
        except ValueError:
            return Fraction(0)

    def denominator(self) -> int:
        """The least common denominator: a source draws one integer below it per roll."""
        return self._denominator

    def pick(self, r: int):
        """The outcome for a uniform integer ``0 <= r < denominator()``; exact and deterministic:
        the outcomes share the draws in their order, each as many as its probability gives it."""
        d = self._denominator
        if not 0 <= r < d:
            raise ValueError(f"draw {r} outside 0..{d - 1}")
        return self.outcomes[bisect_right(self._ends, r)]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


@lru_cache(maxsize=None)
def die(sides: int, name: str | None = None, label: str = "") -> ChanceEvent:
    """One fair die with faces 1..sides."""
    if sides < 1:
        raise ValueError("a die has at least one side")
    p = Fraction(1, sides)
    return ChanceEvent(name or f"d{sides}", tuple(range(1, sides + 1)), (p,) * sides, label)


# ----------------------------------------------------------------------------------------------
# Dice notation

_TERM = re.compile(
    r"""^(?P<count>\d*)d(?P<sides>\d+)
        (?:(?P<keep>k[hl])(?P<kept>\d+))?
        (?:r(?P<reroll>\d+))?$""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class DiceTerm:
    count: int
    sides: int
    keep: str | None = None  # "kh" or "kl"
    kept: int = 0
    reroll_below: int = 0  # faces <= this are re-rolled once and for all (d10r1: faces 2..10)

    def faces(self) -> range:
        return range(self.reroll_below + 1, self.sides + 1)

    def distribution(self) -> dict[int, Fraction]:
        faces = list(self.faces())
        p = Fraction(1, len(faces))
        if self.keep is None:
            dist = {0: Fraction(1)}
            for _ in range(self.count):
                nxt: dict[int, Fraction] = {}
                for total, q in dist.items():
                    for f in faces:
                        nxt[total + f] = nxt.get(total + f, 0) + q * p
                dist = nxt
            return dist
        dist = {}
        for roll in itertools.product(faces, repeat=self.count):
            s = sorted(roll, reverse=self.keep == "kh")[: self.kept]
            dist[sum(s)] = dist.get(sum(s), 0) + p**self.count
        return dist

    def __str__(self) -> str:
        s = f"{self.count if self.count != 1 else ''}d{self.sides}"
        if self.keep:
            s += f"{self.keep}{self.kept}"
        if self.reroll_below:
            s += f"r{self.reroll_below}"
        return s


@dataclass(frozen=True)
class DiceExpr:
    """A sum of dice terms and a constant, such as ``2d6+3`` or ``d8-1``."""

    terms: tuple[tuple[int, DiceTerm], ...]  # (sign, term)
    constant: int = 0
    text: str = ""

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of the total: {total: probability}, sorted by total."""
        dist = {self.constant: Fraction(1)}
        for sign, term in self.terms:
            nxt: dict[int, Fraction] = {}
            for a, p in dist.items():
                for b, q in term.distribution().items():
                    nxt[a + sign * b] = nxt.get(a + sign * b, 0) + p * q
            dist = nxt
        return dict(sorted(dist.items()))

    def event(self, name: str | None = None, label: str = "") -> ChanceEvent:
        dist = self.distribution()
        return ChanceEvent(name or self.text, tuple(dist), tuple(dist.values()), label)

    def mean(self) -> Fraction:
        return sum((k * p for k, p in self.distribution().items()), Fraction(0))

    def minimum(self) -> int:
        return min(self.distribution())

    def maximum(self) -> int:
        return max(self.distribution())

    def __str__(self) -> str:
        return self.text


class DiceNotationError(ValueError):
    pass


@lru_cache(maxsize=256)
def parse(text: str) -> DiceExpr:
    """Parse dice notation into a :class:`DiceExpr` (see the module docstring for the forms)."""
    src = text.replace(" ", "").lower()
    if not src:
        raise DiceNotationError("empty dice expression")
    parts = re.findall(r"[+-]?[^+-]+", src)
    if "".join(parts) != src:
        raise DiceNotationError(f"cannot read dice expression {text!r}")
    terms: list[tuple[int, DiceTerm]] = []
    constant = 0
    for part in parts:
        sign = -1 if part.startswith("-") else 1
        body = part.lstrip("+-")
        if body.isdigit():
            constant += sign * int(body)
            continue
        m = _TERM.match(body)
        if not m:
            raise DiceNotationError(f"cannot read {part!r} in {text!r}; expected forms like d20, 2d6+3, 4d6kh3")
        count = int(m["count"] or 1)
        sides = int(m["sides"])
        if count < 1 or sides < 1:
            raise DiceNotationError(f"{part!r}: need at least one die with at least one side")
        if count > 100:
            raise DiceNotationError(f"{part!r}: at most 100 dice in one term")
        kept = int(m["kept"]) if m["kept"] else 0
        if m["keep"] and not 1 <= kept <= count:
            raise DiceNotationError(f"{part!r}: can keep 1 to {count} dice")
        reroll = int(m["reroll"]) if m["reroll"] else 0
        if reroll >= sides:
            raise DiceNotationError(f"{part!r}: re-rolling every face never ends")
        if m["keep"] and count**(sides) > 10**7 and count > 8:
            raise DiceNotationError(f"{part!r}: too many dice to keep exactly")
        terms.append((sign, DiceTerm(count, sides, m["keep"], kept, reroll)))
    return DiceExpr(tuple(terms), constant, text)


def roll_event(text: str, name: str | None = None, label: str = "") -> ChanceEvent:
    """The chance event for a dice expression: ``roll_event("2d6")`` has outcomes 2..12."""
    return parse(text).event(name, label)
