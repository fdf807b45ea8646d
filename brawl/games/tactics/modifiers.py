"""Attack and damage modifiers: two weapons, prone, shooting into melee, iterative attacks and
unarmed strikes.

Each function returns the modifiers it applies as ``(what, value)`` pairs in a player's words, so
the rules, the log's roll cards, the odds command and the bots all show the same numbers.  The
numbers live in :mod:`.data`; the readings are chosen by options (:mod:`.options`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import (ITERATIVE_STEP, PRONE_PENALTY, SHOOTING_INTO_MELEE_PENALTY, TWO_WEAPON_LIGHT_PENALTY,
                   TWO_WEAPON_PENALTY, WEAPONS, attacks_per_full_attack)
from .grid import adjacent

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics
    from .state import TacticsState, Unit

Note = tuple[str, int]

#: attack kinds made with the main-hand weapon, and with the off-hand one
MAIN_HAND_KINDS = ("main", "main_tw", "aoo", "hamstring", "throw")
OFF_HAND_KINDS = ("off", "off_tw")
#: attack kinds made with both weapons in one action (a two-weapon attack or a full attack with both)
BOTH_WEAPON_KINDS = ("main_tw", "off_tw")


def wields_two_weapons(unit: "Unit") -> bool:
    """Seed (Attack Bonus) "wielding two weapons": a melee weapon in the main hand and a weapon in
    the other (a shield is not a weapon)."""
    return bool(unit.main) and WEAPONS[unit.main].melee and unit.off in WEAPONS


def two_weapon_modifier(reading: str, unit: "Unit", kind: str) -> list[Note]:
    """Seed (Attack Bonus): "If a character is wielding two weapons, both weapons take a penalty to
    hit.  If the offhand weapon is light, these penalties are reduced but not eliminated."

    ``reading`` ``"wielding"`` (the seed's words, the default): every attack with either weapon of a
    character holding two weapons takes the penalty, a main-hand attack alone or an attack of
    opportunity included.  ``"both_attacks"``: only attacks made with both weapons in one action.
    Numbers (ruling, SRD two-weapon fighting without the feat): -6 main hand and -10 off hand, -4
    and -8 with a light off-hand weapon."""
    if kind in BOTH_WEAPON_KINDS:
        pass
    elif reading == "wielding" and wields_two_weapons(unit) and kind in MAIN_HAND_KINDS + OFF_HAND_KINDS:
        pass
    else:
        return []
    if unit.off not in WEAPONS:
        return []
    light = WEAPONS[unit.off].light
    penalty = (TWO_WEAPON_LIGHT_PENALTY if light else TWO_WEAPON_PENALTY)[1 if kind in OFF_HAND_KINDS else 0]
    return [("two weapons" + (" (light off-hand)" if light else ""), penalty)]


def prone_attack_modifier(unit: "Unit", ranged: bool) -> list[Note]:
    """Seed (Conditions): -5 to a prone character's melee attack bonus (its ranged attacks keep
    theirs: the seed names melee only)."""
    return [("prone", -PRONE_PENALTY)] if unit.prone and not ranged else []


def prone_damage_modifier(reading: str, unit: "Unit", ranged: bool) -> list[Note]:
    """Seed (Conditions): -5 to a prone character's "damage".  ``reading`` ``"all"`` (the seed's
    words, the default): every weapon attack, a shot or a throw included; ``"melee"``: melee
    attacks only.  Spells deal the spell's damage either way (the seed's Damage section is about
    weapons)."""
    if unit.prone and (not ranged or reading == "all"):
        return [("prone", -PRONE_PENALTY)]
    return []


def engaged_with_friend(game: "Tactics", state: "TacticsState", attacker: int, target: int) -> bool:
    """SRD, Shooting or Throwing into a Melee: the target is engaged in melee with one of the
    attacker's friends: a conscious friend stands next to it and one of the two threatens the
    other (a fallen target is not engaged)."""
    t = state.units[target]
    if not t.conscious:
        return False
    for j in game.allies(state, attacker):
        f = state.units[j]
        if f.conscious and adjacent(f.pos, t.pos) and (game.can_threaten(state, j) or game.can_threaten(state, target)):
            return True
    return False


def shooting_into_melee_modifier(game: "Tactics", state: "TacticsState", attacker: int, target: int,
                                 ranged: bool) -> list[Note]:
    """Option (SRD): -4 on a ranged attack (a shot, a throw or a ray) at a target engaged in melee
    with a friend of the attacker.  Nobody in this game has the Precise Shot feat that waives it."""
    if game.options.shooting_into_melee and ranged and engaged_with_friend(game, state, attacker, target):
        return [("shooting into melee", SHOOTING_INTO_MELEE_PENALTY)]
    return []


def iterative_modifier(index: int) -> list[Note]:
    """Option (SRD): the second attack of a full attack is at -5, the third at -10, the fourth at -15."""
    return [("iterative attack", ITERATIVE_STEP * index)] if index else []


def full_attack_count(base_attack_bonus: int) -> int:
    """How many main-hand attacks a full attack has (SRD: from base attack +6, +11, +16)."""
    return attacks_per_full_attack(base_attack_bonus)

