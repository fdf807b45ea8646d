"""The state of a Tactics battle: one :class:`Unit` per character and the round, the turn and the
pending steps (:mod:`.steps`).  Immutable values; the rules return new ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable

from ...core import values
from .grid import Square
from .mechanics import is_up

_UNKNOWN = object()  # a memo's mark for "not worked out yet" (None may be an answer)


def replace(value: Any, /, **changes: Any) -> Any:
    """``value`` with ``changes``: :func:`brawl.core.values.replace` (the quick copy of a frozen
    value, the same value as :func:`dataclasses.replace`), leaving a memo behind
    (:meth:`Remembers.remembered`: what was worked out from the old value is not true of the new
    one).  Every rules module of this package copies its states, units and steps with it."""
    copy = values.replace(value, **changes)
    if isinstance(copy, Remembers):
        copy.__dict__.pop("_memo", None)
    return copy


class Remembers:
    """What the frozen values of a battle (a :class:`Unit`, a :class:`TacticsState`) share: a
    memo of what is read off them.

    A value never changes, so what is worked out from it (whose decision it is, where the
    character on turn may move, the legal decisions, a character's part of an observation) is the
    same every time, and one decision asks it several times: listing the choices, checking the one
    made, carrying it out.  The memo lives beside the fields, never among them: it is not
    compared, hashed, shown, pickled or written to JSON, and a new value (``replace``) starts
    without one."""

    def remembered(self, owner: object, question: Hashable, work: Callable[[], Any]) -> Any:
        """``work()``, the answer of ``owner`` (a game or an encoding) to ``question`` about this
        value, worked out the first time it is asked and kept with the value.  Every later asker
        gets the very same answer object, so answers are tuples and frozen values, or dictionaries
        no one changes; they are kept per owner, so a game with other options gets its own."""
        memo = self.__dict__.get("_memo")
        if memo is None:
            # a frozen dataclass refuses attribute assignment; the memo is not a field, so it goes
            # into the instance dictionary directly (as functools.cached_property does)
            memo = self.__dict__["_memo"] = {}
        key = (owner, question)
        answer = memo.get(key, _UNKNOWN)
        if answer is _UNKNOWN:
            answer = memo[key] = work()
        return answer

    def recalled(self, owner: object, question: Hashable) -> Any:
        """The answer :meth:`remembered` keeps for ``owner`` and ``question``, or None when it has
        not been worked out (so that a cheaper question can be answered from a dearer one)."""
        memo = self.__dict__.get("_memo")
        return None if memo is None else memo.get((owner, question))

    def __getstate__(self) -> dict:
        """Pickled (and copied) without the memo of :meth:`remembered`."""
        fields = dict(self.__dict__)
        fields.pop("_memo", None)
        return fields


@dataclass(frozen=True)
class Unit(Remembers):
    """What changes about one character during a battle."""

    x: int
    y: int
    hp: int
    prone: bool = False
    stable: bool = False
    dead: bool = False
    acted: bool = False  # has had a turn (no longer flat-footed)
    main: str = ""
    off: str = ""
    two_handed: bool = False
    sheath: str = ""
    ammo: int = 0
    spells: tuple = ()  # ((spell, casts left), ...)
    hamstrung: bool = False
    blur: bool = False
    haste: bool = False
    resist_until: int = 0  # resistance lasts through this round
    hidden: bool = False  # a successful Hide check; enemies cannot single it out
    nonlethal: int = 0  # nonlethal damage taken (option unarmed_strikes; SRD)

    @property
    def pos(self) -> Square:
        return (self.x, self.y)

    @property
    def conscious(self) -> bool:
        """Seed (Conditions): 1 or more hit points; SRD: and no more nonlethal damage than that."""
        return not self.dead and is_up(self.hp) and self.nonlethal <= self.hp

    @property
    def knocked_out(self) -> bool:
        """SRD (Nonlethal Damage): more nonlethal damage than hit points knocks a character out."""
        return not self.dead and is_up(self.hp) and self.nonlethal > self.hp

    @property
    def staggered(self) -> bool:
        """SRD (Nonlethal Damage): nonlethal damage equal to the hit points staggers: one action a turn."""
        return not self.dead and is_up(self.hp) and self.nonlethal == self.hp

    @property
    def down(self) -> bool:
        """Alive but not conscious: incapacitated (0 to -9 hit points) or knocked out."""
        return not self.dead and not self.conscious

    @property
    def incapacitated(self) -> bool:
        return not self.dead and not is_up(self.hp)

    def casts(self, spell: str) -> int:
        for k, n in self.spells:
            if k == spell:
                return n
        return 0


@dataclass(frozen=True)
class TacticsState(Remembers):
    units: tuple
    round: int = 1
    order: tuple = ()  # this round's initiative order (unit indices)
    pos: int = -1  # index in ``order`` of the character on turn; -1 while rolling initiative
    init: tuple = ()  # ((unit, d20), ...) rolled so far this round
    groups: tuple = ()  # initiative order as groups of equal totals awaiting tie-breaks
    moved: bool = False  # the move action is used
    acted_std: bool = False  # the standard action is used
    stack: tuple = ()  # pending steps (:mod:`.steps`), the top last
    hits: tuple = ()  # damage from attacks of opportunity during the current provoking action
    spoiled: bool = False  # a Concentration save failed: the spell is lost
    turns: int = 0
    first_mover: int = -1
    over: bool = False
    winners: tuple = ()
    last: str = ""

    @property
    def actor(self) -> int:
        return self.order[self.pos] if self.pos >= 0 else -1


def set_unit(state: TacticsState, i: int, unit: Unit) -> TacticsState:
    """The state with character ``i`` replaced by ``unit``."""
    return replace(state, units=state.units[:i] + (unit,) + state.units[i + 1:])


def say(state: TacticsState, text: str) -> TacticsState:
    """The state with ``text`` added to its ``last`` line ("A hits B; B takes 4")."""
    return replace(state, last=f"{state.last}; {text}".lstrip("; "))
