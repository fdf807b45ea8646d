"""The numbers of an attack in the compiled Tactics battles, as :func:`.attacks.attack_profile` and
:func:`.attacks.armor_class` work them out (:mod:`.modifiers`: two weapons, prone, shooting into
melee, iterative attacks; :mod:`.cover` with the option cover), over the arrays of
:mod:`.batch_tables`.

Cover reads the options array's tail (:func:`.batch_tables.cover_tables`): for a pair of squares,
the attacker's corners with a wall across a line to the target, cover from a burst and line of
effect; and, for a creature standing between, the attacker's corners from which it crosses a line
to the target (:func:`.batch_tables.corner_lines`, by the target's and the creature's offsets,
mirrored into the first quadrant).
"""

from __future__ import annotations

from numba import njit

from . import batch_rules as R
from .batch_rules import borrowing
from . import data as D
from .batch_tables import (ARMOR, BAB, BURST_COVER, CRITLO, DC1, DC2, DEAD, DEX, DS1, DS2, GRIPTWO, ISWEAPON, LIGHT,
                           LINE, MAIN, MAXDEX, MELEE, MULT, O_CORNERS, O_COVER, O_FIST_COUNT, O_FIST_SIDES, O_HEIGHT,
                           O_INTO_MELEE, O_ITER, O_PRONE_ALL, O_UNITS, O_WIDTH, O_WIELDING, OFF, PRONE, RANGED,
                           SHIELD_AC, SNEAK, SP_CONST, SP_COUNT, SP_SIDES, STR, STRDMG, THROWN, TWO, WALL_CORNERS,
                           X, Y)
from .batch_rules import (K_AOO, K_HAMSTRING, K_MAIN, K_MAIN_TW, K_OFF_TW, K_RAY, K_SHOOT, K_THROW, K_TOUCH, K_TRIP,
                          K_UNARMED)


@borrowing
def wields_two(U, IT, i):
    return U[i, MAIN] != 0 and IT[U[i, MAIN], MELEE] == 1 and IT[U[i, OFF], ISWEAPON] == 1


@borrowing
def _two_weapon(U, IT, O, i, kind):
    """modifiers.two_weapon_modifier."""
    main_kinds = kind == K_MAIN or kind == K_MAIN_TW or kind == K_AOO or kind == K_HAMSTRING or kind == K_THROW
    off_kind = kind == K_OFF_TW
    if kind == K_MAIN_TW or kind == K_OFF_TW:
        pass
    elif O[O_WIELDING] == 1 and wields_two(U, IT, i) and (main_kinds or off_kind):
        pass
    else:
        return 0
    off = U[i, OFF]
    if IT[off, ISWEAPON] == 0:
        return 0
    if IT[off, LIGHT] == 1:
        return D.TWO_WEAPON_LIGHT_PENALTY[1 if off_kind else 0]
    return D.TWO_WEAPON_PENALTY[1 if off_kind else 0]


@borrowing
def engaged_with_friend(U, P, IT, O, a, t):
    """modifiers.engaged_with_friend: a conscious friend of the attacker stands next to the conscious
    target and one of the two threatens the other."""
    if not R.conscious(U, t):
        return False
    for j in range(O[O_UNITS]):
        if j == a or R.is_enemy(P, a, j) or U[j, DEAD] == 1:
            continue
        if R.conscious(U, j) and R.near(U, j, t) and (R.can_threaten(U, IT, j) or R.can_threaten(U, IT, t)):
            return True
    return False


@borrowing
def pair(O, p, q):
    """The cover tables' entry of squares ``p`` and ``q`` (0 without the option cover)."""
    if O[O_COVER] == 0:
        return 0
    n = O[O_WIDTH] * O[O_HEIGHT]
    return O[O_CORNERS + p * n + q]


@borrowing
def cover_ac(U, O, a, t, ranged):
    """attacks.cover_notes: the armor class cover gives ``t`` against ``a`` (option cover): walls
    across a line from every corner of the attacker's square (any corner in melee), or for a ranged
    attack creatures standing in the way of the rest (soft cover)."""
    if O[O_COVER] == 0:
        return 0
    walls = pair(O, R.square(U, O, a), R.square(U, O, t)) & WALL_CORNERS
    if not ranged:
        return D.COVER_AC if walls != 0 else 0
    if walls == WALL_CORNERS:
        return D.COVER_AC
    w, h = O[O_WIDTH], O[O_HEIGHT]
    dx, dy = U[t, X] - U[a, X], U[t, Y] - U[a, Y]
    mx, my = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
    dx, dy = dx * mx, dy * my
    crowd = 0  # in the mirrored frame
    for j in range(O[O_UNITS]):  # attacks.standing: alive, on their feet and conscious
        if j == a or j == t or U[j, DEAD] == 1 or U[j, PRONE] == 1 or not R.conscious(U, j):
            continue
        sx, sy = (U[j, X] - U[a, X]) * mx, (U[j, Y] - U[a, Y]) * my
        if 0 <= sx <= dx and 0 <= sy <= dy:
            crowd |= O[O_CORNERS + w * h * w * h + ((dx * h + dy) * w + sx) * h + sy]
    flip = (2 if mx < 0 else 0) | (1 if my < 0 else 0)
    for k in range(4):
        if (walls >> (k ^ flip)) & 1 == 0 and (crowd >> k) & 1 == 0:
            return 0
    return D.SOFT_COVER_AC


@borrowing
def strikes_back(U, P, IT, O, j, i):
    """movement.strikes_back: ``j`` makes attacks of opportunity and (option cover) no wall's corner
    lies between it and ``i``."""
    if not R.makes_aoo(U, P, IT, O, j):
        return False
    return pair(O, R.square(U, O, j), R.square(U, O, i)) & WALL_CORNERS == 0


@borrowing
def reflex_cover(U, O, centre, j):
    """attacks.reflex_cover: the Reflex bonus of ``j`` against a burst at square ``centre``."""
    return D.COVER_REFLEX if pair(O, centre, R.square(U, O, j)) & BURST_COVER else 0


@borrowing
def in_line(O, p, q):
    """Line of effect between squares ``p`` and ``q`` (option cover's table)."""
    return pair(O, p, q) & LINE != 0


@borrowing
def profile(U, P, IT, O, FL, SPT, a, t, kind, unseen, spell, it):
    """attacks.attack_profile: (bonus, armor class, critical range, multiplier, dice count, dice
    sides, damage constant, sneak attack dice); no dice for a trip, the spell's for a touch or ray.
    ``it``: which attack of a full attack."""
    ranged = kind == K_SHOOT or kind == K_THROW or kind == K_RAY
    touch = kind == K_TRIP or kind == K_TOUCH or kind == K_RAY
    bonus = P[a, BAB] + (P[a, DEX] if ranged else P[a, STR])
    if kind == K_MAIN or kind == K_MAIN_TW or kind == K_HAMSTRING or kind == K_SHOOT or kind == K_THROW:
        w = U[a, MAIN]
    elif kind == K_OFF_TW:
        w = U[a, OFF]
    elif kind == K_AOO:
        w = R.melee_weapon(U, IT, a)
    else:
        w = 0
    bonus += O[O_ITER + it] + _two_weapon(U, IT, O, a, kind)
    if U[a, PRONE] == 1 and not ranged:
        bonus -= D.PRONE_PENALTY
    if O[O_INTO_MELEE] == 1 and ranged and engaged_with_friend(U, P, IT, O, a, t):
        bonus += D.SHOOTING_INTO_MELEE_PENALTY
    flanked = R.is_flanked(U, P, O, FL, a, t)
    if flanked:
        bonus += D.FLANK_BONUS
    if unseen:
        bonus += D.UNSEEN_BONUS
    feet = R.distance_feet(R.pos(U, a), R.pos(U, t))
    if kind == K_SHOOT:
        bonus += R.range_penalty(feet, IT[w, RANGED])
    elif kind == K_THROW:
        incr = IT[w, THROWN]
        if incr == 0:
            incr = D.IMPROVISED_THROW_RANGE
            bonus += D.IMPROVISED_THROW_PENALTY
        bonus += R.range_penalty(feet, incr)
    # armor class (attacks.armor_class)
    dex = min(P[t, DEX], P[t, MAXDEX])
    if dex > 0 and (unseen or flanked or R.flat_footed(U, P, t)):
        dex = 0
    ac = R.base_armor_class(dex)
    if not touch:
        ac += P[t, ARMOR] + IT[U[t, OFF], SHIELD_AC]
    if U[t, PRONE] == 1 or R.down(U, t):
        ac -= D.PRONE_PENALTY
    ac += cover_ac(U, O, a, t, ranged)
    # damage
    strength = P[a, STR]
    count, sides, const, crit_lo, mult = 0, 0, 0, D.CRIT_LO, D.CRIT_MULT
    if kind == K_TOUCH or kind == K_RAY:
        count, sides, const = SPT[spell, SP_COUNT], SPT[spell, SP_SIDES], SPT[spell, SP_CONST]
    elif kind != K_TRIP:
        if kind == K_UNARMED:
            count, sides = O[O_FIST_COUNT], O[O_FIST_SIDES]
            const = R.strength_to_damage(strength, "main")
        elif kind == K_OFF_TW or (kind == K_AOO and w != U[a, MAIN]):
            count, sides = IT[w, DC1], IT[w, DS1]
            const = R.strength_to_damage(strength, "off")
        elif kind == K_SHOOT:
            two = IT[w, GRIPTWO] == 1
            count, sides = (IT[w, DC2], IT[w, DS2]) if two else (IT[w, DC1], IT[w, DS1])
            const = R.strength_to_damage(strength, "main") if IT[w, STRDMG] == 1 else R.strength_to_damage(strength, "bow")
        elif kind == K_THROW:
            count, sides = IT[w, DC1], IT[w, DS1]
            const = R.strength_to_damage(strength, "main")
        else:
            two = U[a, TWO] == 1
            count, sides = (IT[w, DC2], IT[w, DS2]) if two else (IT[w, DC1], IT[w, DS1])
            const = R.strength_to_damage(strength, "two") if two else R.strength_to_damage(strength, "main")
        if kind != K_UNARMED:
            crit_lo, mult = IT[w, CRITLO], IT[w, MULT]
        if U[a, PRONE] == 1 and (not ranged or O[O_PRONE_ALL] == 1):
            const -= D.PRONE_PENALTY
    sneak = 0
    if P[a, SNEAK] > 0 and kind != K_TRIP and (not ranged or feet <= D.SNEAK_RANGE):
        if flanked or unseen or R.flat_footed(U, P, t):
            sneak = P[a, SNEAK]
    return bonus, ac, crit_lo, mult, count, sides, const, sneak
