"""The arithmetic of the Tactics rules, once: attack rolls, saves and checks, damage dice, the
Strength bonus to damage, speed, dying and their exact chances.

Plain functions of numbers (no state, no game), named as a rulebook reader knows them.  The rules
engine calls them, and so do the odds, the words beside a decision and the bots, so a rule's
number or formula is written here or in :mod:`.data` and nowhere else.  This module imports no
other part of the game but :mod:`.data` and :mod:`.grid`'s square size.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...core.dice import ChanceEvent, die, parse
from .data import (BASE_AC, BLEED_LOSS, BLUR_MISS, CONSCIOUS_HP, D20, DEAD_HP, HIDE_BASE_DC, NATURAL_HIT,
                   MIN_WEAPON_DAMAGE, NATURAL_MISS, OFF_HAND_STRENGTH, RANGE_PENALTY, SNEAK_DIE, STABILIZE_ROLL, TRIP_DC_BASE,
                   TWO_HANDED_STRENGTH)
from .grid import SQUARE_FEET

# ----------------------------------------------------------------------------------------------
# d20 resolution


def d20_result(roll: int, bonus: int, ac: int, crit_lo: int = NATURAL_HIT) -> str:
    """Seed (Armor Class): a hit when d20 + bonus >= AC; a natural 20 always hits and is a critical;
    a natural 1 always misses; a hit in the weapon's critical range is a critical.
    Returns "miss", "hit" or "crit"."""
    if roll == NATURAL_MISS:
        return "miss"
    if roll == NATURAL_HIT:
        return "crit"
    if roll + bonus < ac:
        return "miss"
    return "crit" if roll >= crit_lo else "hit"


def save_result(roll: int, bonus: int, dc: int, natural: bool) -> bool:
    """Seed (Difficulty Check): saved when d20 + save >= DC.  Ruling (SRD): on Fortitude, Reflex
    and Will saves a natural 1 always fails and a natural 20 always succeeds (``natural``)."""
    if natural and roll == NATURAL_MISS:
        return False
    if natural and roll == NATURAL_HIT:
        return True
    return check_passes(roll, bonus, dc)


def check_passes(roll: int, bonus: int, dc: int) -> bool:
    """Seed (Difficulty Check): a skill check (Concentration, Heal, Hide) succeeds when d20 +
    skill >= DC, with no automatic result on a natural 1 or 20."""
    return roll + bonus >= dc


def hit_chance(profile) -> Fraction:
    """P(the d20 hits) for an attack profile, natural 1 and natural 20 included (seed: Armor Class)."""
    return Fraction(sum(1 for r in range(1, D20 + 1)
                        if d20_result(r, profile.bonus, profile.ac, profile.crit_lo) != "miss"), D20)


def crit_chance(profile) -> Fraction:
    """P(the d20 is a critical) for an attack profile."""
    return Fraction(sum(1 for r in range(1, D20 + 1)
                        if d20_result(r, profile.bonus, profile.ac, profile.crit_lo) == "crit"), D20)


def save_chance(bonus: int, dc: int, natural: bool) -> Fraction:
    """P(d20 + bonus >= dc), with natural 1/20 automatic when ``natural`` (seed: Difficulty Check)."""
    return Fraction(sum(1 for r in range(1, D20 + 1) if save_result(r, bonus, dc, natural)), D20)


def trip_dc(strength_mod: int) -> int:
    """Ruling (seed's trip example: Jeff "only generates a 9 DC"): 10 + the tripper's Str modifier."""
    return TRIP_DC_BASE + strength_mod


def hide_dc(wisdom_mods) -> int:
    """Ruling: the enemies take 10 on a Spot check of their Wisdom modifier alone: 10 + the best
    Wisdom modifier among them (0 when there is none)."""
    return HIDE_BASE_DC + max(wisdom_mods, default=0)


def base_armor_class(dex: int) -> int:
    """Seed (Armor Class): 10 plus the Dexterity bonus that counts."""
    return BASE_AC + dex


def half(amount: int) -> int:
    """A successful Will save against a "Will half" spell halves its damage, rounded down (SRD)."""
    return amount // 2


# ----------------------------------------------------------------------------------------------
# Damage


def strength_to_damage(strength: int, grip: str) -> int:
    """Seed (Damage): the Strength bonus in the main hand, half of it in the off hand, one and a
    half times two-handed (``grip`` ``"main"``, ``"off"``, ``"two"``); a penalty counts in full.
    ``"bow"`` (ruling, SRD: a bow adds no Strength bonus): the penalty alone."""
    if grip == "bow":
        return min(0, strength)
    if strength <= 0 or grip == "main":
        return strength
    num, den = OFF_HAND_STRENGTH if grip == "off" else TWO_HANDED_STRENGTH
    return strength * num // den


def range_penalty(feet: int, increment: int) -> int:
    """Seed Appendix A, ruling (SRD): -2 for each full range increment beyond the first."""
    return RANGE_PENALTY * max(0, (feet - 1) // increment)


def scale_dice(expr: str, mult: int) -> str:
    """``1d8+3`` times 2 is ``2d8+6``: a critical rolls the damage ``mult`` times (seed: Damage)."""
    e = parse(expr)
    parts = []
    for sign, term in e.terms:
        parts.append(("-" if sign < 0 else "+") + f"{term.count * mult}d{term.sides}")
    const = e.constant * mult
    text = "".join(parts).lstrip("+")
    if const:
        text += f"{const:+d}"
    return text


def add_dice(expr: str, extra: str) -> str:
    return expr if not extra else f"{expr}+{extra}" if expr else extra


def sneak_dice(count: int) -> str:
    """Sneak attack damage (ruling, SRD rogue): ``count`` d6, never multiplied by a critical."""
    return f"{count}d{SNEAK_DIE}" if count else ""


def damage_expr(profile, crit: bool) -> str:
    """The damage an attack profile rolls: its dice (times the multiplier on a critical) plus the
    sneak attack dice."""
    expr = scale_dice(profile.dice, profile.mult) if crit else profile.dice
    return add_dice(expr, sneak_dice(profile.sneak))


@lru_cache(maxsize=1024)
def mean_damage(expr: str) -> float:
    """The average of a dice expression ("" is 0)."""
    return float(parse(expr).mean()) if expr else 0.0


def expected_damage(profile) -> float:
    """The damage one attack does on average: each d20 result's chance times the mean of what it
    rolls (a critical multiplies the weapon dice, never the sneak attack dice; a miss does none),
    each roll counted as the rules count it (weapon damage at least 1, no damage below 0).  A
    blur's miss chance is not in it, as it is not in the chance to hit."""
    crit = crit_chance(profile)
    plain = hit_chance(profile) - crit
    return float(plain) * _mean_dealt(profile, False) + float(crit) * _mean_dealt(profile, True)


def _mean_dealt(profile, crit: bool) -> float:
    expr = damage_expr(profile, crit)
    if not expr:
        return 0.0
    least = MIN_WEAPON_DAMAGE if profile.min_one else 0
    return float(sum(p * max(least, total) for total, p in parse(expr).distribution().items()))


# ----------------------------------------------------------------------------------------------
# Speed and dying


def hamstrung_speed(feet: int) -> int:
    """Ruling: a hamstrung character moves half its speed, rounded down to whole squares, at least
    one square."""
    return max(SQUARE_FEET, feet // 2 // SQUARE_FEET * SQUARE_FEET)


def is_dead(hp: int) -> bool:
    """Seed (Conditions): dead at -10 or fewer hit points."""
    return hp <= DEAD_HP


def is_up(hp: int) -> bool:
    """Seed (Conditions): conscious (as far as hit points go) at 1 or more."""
    return hp >= CONSCIOUS_HP


def bleeding(hp: int, roll: int) -> tuple[bool, int]:
    """Seed (Conditions): an incapacitated character that is not stabilized rolls d10 at its turn:
    a 10 stabilizes it, anything else costs 1 hit point.  (stabilized, hit points after)."""
    if roll == STABILIZE_ROLL:
        return True, hp
    return False, hp - BLEED_LOSS


# ----------------------------------------------------------------------------------------------
# Chance events


@lru_cache(maxsize=8192)
def labelled_die(sides: int, label: str) -> ChanceEvent:
    """A die whose label says whose roll it is and what for ("Steve's attack roll against Jeff"):
    the log's roll line reads as the character who rolls."""
    return die(sides, f"d{sides}", label)


BLUR_CHANCE = Fraction(*BLUR_MISS)


@lru_cache(maxsize=4096)
def concealment(label: str) -> ChanceEvent:
    """Seed (blur): the attack that hit still misses with the blur's chance."""
    return ChanceEvent("concealment", ("miss", "hit"), (BLUR_CHANCE, 1 - BLUR_CHANCE), label)


def concealment_words() -> str:
    return f"{BLUR_CHANCE.numerator * 100 // BLUR_CHANCE.denominator}% miss"


@lru_cache(maxsize=4096)
def dice_event(expr: str, label: str = "damage") -> ChanceEvent:
    return parse(expr).event(expr, label)
