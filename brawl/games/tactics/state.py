"""The state of a Tactics battle: one :class:`Unit` per character and the round, the turn and the
pending steps (:mod:`.steps`).  Immutable values; the rules return new ones."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import values
from ...core.values import Remembers
from .grid import Square
from .mechanics import is_up

# Every rules module of this package copies its states, units and steps with this: the quick copy
# of a frozen value, which leaves a memo (:class:`Remembers`) behind with the old value.
replace = values.replace


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
