"""KtOG's numbers and formulas, each written once, with where it comes from.

Every other piece of KtOG (the rules module, its bots and hints, the exact duel solver, the batch
simulator, the odds) takes its numbers from here.  The functions are plain functions of ints and
bools that call nothing else, so the compiled code wraps them as they stand
(``numba.njit(mechanics.hit_threshold)``).

Sources: "rule N", "Spells N", "More rules N" and "FAQ N" are the numbered sections of the KtOG
rule text; "ruling" is a point of the rules page's last section (``rules.md``, *What the text leaves
open*), which settles what the text leaves open and holds where the two differ.
"""

from __future__ import annotations

# -- set-up ---------------------------------------------------------------------------------------
#: ruling: ``players`` 2 to 8 ("a simple dice-based combat game for 2 or more players")
MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: rule 5: "usually 15 to 25"; ruling: ``hp`` 20 by default
STARTING_HP = 20
#: rule 3: "A 14 or higher is necessary to hit"; ruling: ``to_hit`` 14 by default
TO_HIT = 14
#: rule 1: initiative on a d6, "a 10 sided die (d10) may be used as well" (option ``initiative_die``)
INITIATIVE_SIDES = {"d6": 6, "d10": 10}

# -- the dice -------------------------------------------------------------------------------------
#: rule 2: "A 20 sided die (d20) is rolled to hit"
D20 = 20
#: rule 4: "roll d6 for damage"
DAMAGE_SIDES = 6
#: More rules 1: a critical hit "does 2d6 of damage (not one d6 times 2!)"
CRITICAL_DAMAGE_DICE = 2
#: rule 5: "a percentile roll of 50% or under to remain standing at zero hit points"
PERCENTILE = 100
STAND_MAX = 50

# -- spells (Spells 1; ruling Spells: each player starts with these, a spent spell is gone) --------
HASTE_SPELLS = 2
#: Spells 1.1: "Haste allows a player to roll twice 'to hit' that round"
HASTE_SWINGS = 2
#: Spells 1.2: Cure "heals 2-10 points": a d10 with 1s re-rolled
CURE_SIDES = 10
CURE_REROLLED = 1
CURE_MIN = CURE_REROLLED + 1
CURE_FACES = CURE_SIDES - CURE_REROLLED
#: Spells 1.3: Bless "reducing the number required to hit by 2" and "the number required to
#: disarm by 1"
BLESS_TO_HIT = 2
BLESS_DISARM = 1
#: Spells 1.4: Mighty Blow "multiplies the damage rolled ... by 2"
MIGHTY_MULTIPLIER = 2

# -- more rules -----------------------------------------------------------------------------------
#: More rules 1: "if a 20 is rolled it is called a critical hit"; "if a 1 is rolled it is called a
#: critical miss"
NATURAL_CRITICAL = 20
NATURAL_MISS = 1
#: More rules 1: after a critical miss "a 17 or higher indicates you did [hit yourself]", then "a 17
#: or higher indicates you do [lose your weapon]"
FUMBLE_TARGET = 17
#: More rules 2: "Players are always disarmed for at least two full rounds"; ruling Disarmed: 2
#: scramble turns
SCRAMBLE_TURNS = 2
#: FAQ 2 (option ``fumble_flying``): a 1 on the drop roll, "It now takes three full turns"
FLYING_TURNS = 3
#: More rules 2: attacks on a disarmed player "do so at a +2 ... they only need a 12"
DISARMED_TARGET_BONUS = 2
#: More rules 2.2.2: bare-handed "with a -1 penalty 'to hit' and -2 to damage"
BARE_HANDED_TO_HIT = 1
BARE_HANDED_DAMAGE = 2
#: More rules 2.1: "rolls a 17 or higher (or a 16 when using a Bless)"
DISARM_TARGET = 17
#: rule 3 (option ``classes``; ruling): a fighter "would have a better 'to hit' roll and higher 'hit
#: points'": threshold -2, +5 hit points, no spells
FIGHTER_TO_HIT = 2
FIGHTER_HP = 5


def hit_threshold(to_hit: int, blessed: bool, target_disarmed: bool, bare_handed: bool, fighter: bool) -> int:
    """What the d20 must reach to hit (ruling Attack): ``to_hit``, -2 with Bless (Spells 1.3), -2
    against a disarmed target (More rules 2), +1 bare-handed (More rules 2.2.2), -2 for a fighter
    (rule 3, ``classes``)."""
    t = to_hit
    if blessed:
        t -= BLESS_TO_HIT
    if target_disarmed:
        t -= DISARMED_TARGET_BONUS
    if bare_handed:
        t += BARE_HANDED_TO_HIT
    if fighter:
        t -= FIGHTER_TO_HIT
    return t


def is_critical_hit(d20: int) -> bool:
    """More rules 1: a natural 20 is a critical hit (2d6 damage)."""
    return d20 == NATURAL_CRITICAL


def is_critical_miss(d20: int) -> bool:
    """More rules 1: a natural 1 is a critical miss, on an attack or a disarm attempt (ruling)."""
    return d20 == NATURAL_MISS


def attack_hits(d20: int, threshold: int) -> bool:
    """A natural 20 always hits, a natural 1 never; otherwise the roll must reach the threshold."""
    if d20 == NATURAL_CRITICAL:
        return True
    if d20 == NATURAL_MISS:
        return False
    return d20 >= threshold


def attack_faces(threshold: int) -> int:
    """Faces of the d20 that hit (see :func:`attack_hits`)."""
    lowest = max(threshold, NATURAL_MISS + 1)
    return 1 + max(0, NATURAL_CRITICAL - lowest)


def disarm_target(blessed: bool) -> int:
    """More rules 2.1: 17 or higher, 16 with Bless (Spells 1.3)."""
    return DISARM_TARGET - BLESS_DISARM if blessed else DISARM_TARGET


def disarm_succeeds(d20: int, target: int) -> bool:
    """A disarm attempt reaching the target disarms; a natural 1 is a critical miss (ruling)."""
    return d20 != NATURAL_MISS and d20 >= target


def disarm_faces(target: int) -> int:
    """Faces of the d20 that disarm (see :func:`disarm_succeeds`)."""
    return max(0, D20 - max(target, NATURAL_MISS + 1) + 1)


def damage_dice(critical: bool) -> int:
    """rule 4 and More rules 1: d6 damage, 2d6 on a critical hit."""
    return CRITICAL_DAMAGE_DICE if critical else 1


def damage(roll: int, bare_handed: bool, mighty: bool) -> int:
    """Ruling After a hit, step 3: the damage dice, bare-handed -2 (not below 0; More rules 2.2.2),
    then Mighty Blow x2 (Spells 1.4)."""
    d = max(0, roll - BARE_HANDED_DAMAGE) if bare_handed else roll
    return MIGHTY_MULTIPLIER * d if mighty else d


def fumble_self_hit(d20: int) -> bool:
    """More rules 1: after a critical miss, 17 or higher hits himself for d6 (FAQ 2: a 1 does not)."""
    return d20 >= FUMBLE_TARGET


def fumble_self_faces() -> int:
    """Faces of the d20 that hit himself after a critical miss."""
    return D20 - FUMBLE_TARGET + 1


def fumble_drop_turns(d20: int, flying: bool) -> int:
    """Scramble turns from the drop roll after a critical miss that missed himself (More rules 1):
    17 or higher drops the weapon for 2; with ``fumble_flying`` a 1 sends it flying for 3 (FAQ 2);
    otherwise 0, the weapon is kept."""
    if d20 >= FUMBLE_TARGET:
        return SCRAMBLE_TURNS
    if flying and d20 == NATURAL_MISS:
        return FLYING_TURNS
    return 0


def scramble_left(count: int, steps: int) -> int:
    """Ruling Disarmed: a scramble turn takes one off the count (Haste, two); 0 is armed again."""
    return max(0, count - steps)


def may_haste_scramble(count: int) -> bool:
    """Ruling Disarmed: Haste scrambles twice, so it is cast only with two or more turns to go."""
    return count >= HASTE_SWINGS


def cured(hp: int, heal: int, max_hp: int, cap: bool) -> int:
    """Spells 1.2 and ruling Cure: hit points after a Cure of ``heal``, capped at the starting hit
    points with ``cure_cap``."""
    h = hp + heal
    if cap and h > max_hp:
        return max_hp
    return h


def touch_succeeds(d20: int, threshold: int) -> bool:
    """FAQ 1 (option ``cure_touch_roll``): curing someone else first needs a roll to hit them."""
    return d20 >= threshold


def knocked_out(hp: int) -> bool:
    """rule 5: "When a player is reduced to 0 'Hit Points', the player is unconscious"."""
    return hp <= 0


def stands_at_zero(d100: int) -> bool:
    """rule 5 (option ``stand_at_zero``): a percentile roll of 50 or under keeps him standing."""
    return d100 <= STAND_MAX
