"""KtOG's options, its state, its dice and the small rules every other part reads (who can cast,
who is still in, what an attack needs): the pieces the rules module (:mod:`.rules`), its words for
people (:mod:`.words`) and the bots share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from ...core.dice import die, roll_event
from ...core.game import GameOptions
from . import mechanics as M

_D20 = f"d{M.D20}"
_D6 = f"d{M.DAMAGE_SIDES}"
_CRIT_DICE = f"{M.CRITICAL_DAMAGE_DICE}d{M.DAMAGE_SIDES}"
_BARE = f"{_D6}-{M.BARE_HANDED_DAMAGE}"
_CURE_DICE = f"d{M.CURE_SIDES}r{M.CURE_REROLLED}"
D20_HIT = die(M.D20, _D20, "to hit")
D20_DISARM = die(M.D20, _D20, "disarm")
D20_SELF = die(M.D20, _D20, f"critical miss: hits themselves on {M.FUMBLE_TARGET}+")
D20_DROP = die(M.D20, _D20, f"critical miss: drops the weapon on {M.FUMBLE_TARGET}+")
D20_TOUCH = die(M.D20, _D20, "touch to cure")
D6_DAMAGE = die(M.DAMAGE_SIDES, _D6, "damage")
D6_SELF = die(M.DAMAGE_SIDES, _D6, "damage to themselves")
TWO_D6 = roll_event(_CRIT_DICE, _CRIT_DICE, "critical damage")
CURE = roll_event(_CURE_DICE, _CURE_DICE, "cure")
D100 = die(M.PERCENTILE, f"d{M.PERCENTILE}", f"stays standing on {M.STAND_MAX} or less")
INITIATIVE = {name: die(sides, name, "initiative") for name, sides in M.INITIATIVE_SIDES.items()}

STANDARD, FIGHTER, MAGIC_USER = "standard", "fighter", "magic_user"


class KtogOptions(GameOptions):
    players: int = Field(M.MIN_PLAYERS, ge=M.MIN_PLAYERS, le=M.MAX_PLAYERS, title="Players",
                         description=f"Number of players, {M.MIN_PLAYERS} to {M.MAX_PLAYERS}.")
    hp: int = Field(M.STARTING_HP, ge=1, le=99, title="Hit points",
                    description="Hit points each player starts with (the rules suggest 15 to 25).")
    to_hit: int = Field(M.TO_HIT, ge=2, le=M.D20, title="To hit", description="What the d20 must show to hit.")
    initiative: Literal["once", "every_round"] = Field(
        "once", title="Initiative",
        description="Once: roll for who goes first once, then keep the seat order. Again every round: roll again "
                    "at the start of every round.")
    initiative_die: Literal["d6", "d10"] = Field("d6", title="Initiative die", description="The die rolled for initiative.")
    stand_at_zero: bool = Field(False, title="Stand at zero",
                                description=f"At 0 hit points, a d{M.PERCENTILE} of {M.STAND_MAX} or less keeps a player in "
                                            "the fight.")
    fumble_flying: bool = Field(False, title="Fumble flying",
                                description=f"After a critical miss, a {M.NATURAL_MISS} on the drop roll also disarms, "
                                            f"for {M.FLYING_TURNS} turns: the weapon flies across the room.")
    cure_touch_roll: bool = Field(False, title="Cure touch roll",
                                  description="Curing someone else first needs a d20 roll to touch them.")
    classes: bool = Field(False, title="Classes",
                          description=f"Each player picks fighter (better to hit, {M.FIGHTER_HP} more hit points, "
                                      "no spells) or magic-user at the start.")
    cure_cap: bool = Field(True, title="Cure cap", description="Cure never heals above the starting hit points.")


@dataclass(frozen=True)
class KtogState:
    hp: tuple[int, ...]
    max_hp: tuple[int, ...]  # starting hit points (fighters +5): the Cure cap
    up: tuple[bool, ...]  # conscious (still in the game)
    role: tuple[str, ...]  # "standard", "fighter", "magic_user"; "" while still to pick
    haste: tuple[int, ...]  # Haste spells left (0 to mechanics.HASTE_SPELLS)
    cure: tuple[bool, ...]  # spell still there
    bless: tuple[bool, ...]
    mighty: tuple[bool, ...]
    dodge: tuple[bool, ...]
    cast: tuple[bool, ...]  # has cast a spell this round
    disarmed: tuple[int, ...]  # scramble turns still to go (0: armed)
    phase: str = "init"  # see Ktog.node
    leader: int = -1  # the player who goes first this round
    to_act: int = 0  # the player on turn (the attacker during an attack)
    rollers: tuple[int, ...] = ()  # initiative: the players rolling in this pass
    rolls: tuple[int, ...] = ()  # initiative: their rolls so far
    swings: int = 0  # attacks or disarm attempts left this turn, the current one included
    blessed: bool = False  # Bless cast this turn
    target: int = -1  # of the current attack, disarm attempt or Cure
    action: str = ""  # "attack", "disarm", "fight" or "cure" in progress
    critical: bool = False  # the current hit is a natural 20
    mighty_on: bool = False  # Mighty Blow cast on the current hit
    pending: int = -1  # the player rolling d100 to stay standing at 0
    first_mover: int = -1
    winner: int = -1
    turns: int = field(default=0, compare=False)
    rounds: int = field(default=0, compare=False)
    last: str = field(default="", compare=False)  # what just happened, for people


# -- pure rules ----------------------------------------------------------------------------------

def _set(values: tuple, seat: int, value) -> tuple:
    return values[:seat] + (value,) + values[seat + 1:]


def hit_threshold(state: KtogState, to_hit: int, attacker: int, target: int, blessed: bool) -> int:
    """The d20 roll an attack of ``attacker`` on ``target`` needs (:func:`mechanics.hit_threshold`)."""
    return M.hit_threshold(to_hit, blessed, state.disarmed[target] > 0, state.disarmed[attacker] > 0,
                           state.role[attacker] == FIGHTER)


disarm_threshold = M.disarm_target
attack_faces = M.attack_faces
disarm_faces = M.disarm_faces
damage_of = M.damage


def can_cast(state: KtogState, seat: int) -> bool:
    """No spells for fighters; at most one spell per player per round (rules page, KtOG, Spells)."""
    return state.role[seat] != FIGHTER and not state.cast[seat] and state.up[seat]


def conscious(state: KtogState) -> list[int]:
    return [s for s, u in enumerate(state.up) if u]


def opponents(state: KtogState, seat: int) -> list[int]:
    return [s for s, u in enumerate(state.up) if u and s != seat]
