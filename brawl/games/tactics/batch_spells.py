"""Spells in the compiled Tactics battles, as :mod:`.spells` plays them: which ``cast:`` decisions
are legal, what casting does once its attacks of opportunity and Concentration checks are over,
and the dice of cures, magic missiles and fireballs.  Spell numbers come from the spell array of
:mod:`.batch_tables` (the rules' ``SPELLS``); the fireball's squares from :func:`.grid.burst`."""

from __future__ import annotations

from numba import njit

from ...sim.kernel import below
from . import data as D
from . import batch_rules as R
from .batch_rules import borrowing
from .batch_tables import (BLUR, CASTS, DEAD, HASTE, HP, HIDDEN, MAXHP, NONLETHAL, O_HEIGHT, O_UNITS, REF, RESIST, SIDE,
                           SP_COUNT, SP_CONST, SP_EFFECT, SP_RANGE, SP_SIDES, SP_TARGET, SPELL_DC, STABLE, WILL,
                           X, Y)

T_SELF, T_ALLY, T_RAY, T_TOUCH, T_ENEMY, T_AREA = range(6)
E_DAMAGE, E_HEAL, E_RESISTANCE, E_BLUR, E_HASTE = range(5)


@borrowing
def save_bonus(U, P, S_round, i, column):
    """saves.save_bonus: the save, +1 under resistance."""
    return P[i, column] + (D.RESISTANCE_BONUS if U[i, RESIST] >= S_round else 0)


@borrowing
def hostile(SPT, spell):
    t = SPT[spell, SP_TARGET]
    return t != T_SELF and t != T_ALLY


@borrowing
def cast_options(U, P, O, LOE, SPT, rnd, i, L, n, V_CAST):
    """spells.cast_options for every spell with casts left, in the sheet's order."""
    h = O[O_HEIGHT]
    for s in range(SPT.shape[0]):
        if U[i, CASTS + s] <= 0:
            continue
        target, effect = SPT[s, SP_TARGET], SPT[s, SP_EFFECT]
        if target == T_SELF:
            if (effect == E_BLUR and U[i, BLUR] == 0) or (effect == E_HASTE and U[i, HASTE] == 0):
                L[n, 0], L[n, 1], L[n, 2] = V_CAST, s, -1
                n += 1
        elif target == T_ALLY:
            for m in range(-1, O[O_UNITS]):
                j = i if m < 0 else m
                if m >= 0 and (j == i or R.is_enemy(P, i, j) or U[j, DEAD] == 1 or not R.near(U, i, j)):
                    continue
                if effect == E_HEAL and (U[j, HP] < P[j, MAXHP] or U[j, NONLETHAL] > 0):
                    ok = True
                elif effect == E_RESISTANCE and R.conscious(U, j) and U[j, RESIST] < rnd:
                    ok = True
                else:
                    ok = False
                if ok:
                    L[n, 0], L[n, 1], L[n, 2] = V_CAST, s, j
                    n += 1
        elif target == T_TOUCH:
            for j in range(O[O_UNITS]):
                if R.is_enemy(P, i, j) and U[j, DEAD] == 0 and R.near(U, i, j) and U[j, HIDDEN] == 0:
                    L[n, 0], L[n, 1], L[n, 2] = V_CAST, s, j
                    n += 1
        elif target == T_RAY or target == T_ENEMY:
            for j in range(O[O_UNITS]):
                if R.is_enemy(P, i, j) and U[j, DEAD] == 0 and U[j, HIDDEN] == 0:
                    feet = R.distance_feet(R.pos(U, i), R.pos(U, j))
                    if feet <= SPT[s, SP_RANGE] and LOE[R.square(U, O, i), R.square(U, O, j)] == 1:
                        L[n, 0], L[n, 1], L[n, 2] = V_CAST, s, j
                        n += 1
        else:  # the fireball: at every occupied square in range and in line of effect
            for j in range(O[O_UNITS]):
                if U[j, DEAD] == 1:
                    continue
                seen = False
                for m in range(j):
                    if U[m, DEAD] == 0 and U[m, X] == U[j, X] and U[m, Y] == U[j, Y]:
                        seen = True
                if seen:
                    continue
                feet = R.distance_feet(R.pos(U, i), R.pos(U, j))
                if feet <= SPT[s, SP_RANGE] and LOE[R.square(U, O, i), R.square(U, O, j)] == 1:
                    L[n, 0], L[n, 1], L[n, 2] = V_CAST, s, U[j, X] * h + U[j, Y]
                    n += 1
    return n


@borrowing
def heal(U, P, t, amount):
    """effects.heal: up to the maximum; any healing stabilizes the incapacitated and cures as much
    nonlethal damage."""
    old = U[t, HP]
    hp = min(P[t, MAXHP], old + amount)
    U[t, HP] = hp
    U[t, NONLETHAL] = max(0, U[t, NONLETHAL] - amount)
    if not R.is_up(old):
        U[t, STABLE] = 1
    if R.is_up(hp):
        U[t, STABLE] = 0


@njit(cache=True)
def roll_dice(src, count, sides, const):
    total = const
    for _ in range(count):
        src, r = below(src, sides)
        total += r + 1
    return src, total


@borrowing
def burst_members(U, O, BURST, centre):
    """(savers, helpless) as bit masks: the living characters inside a fireball's burst."""
    savers, helpless = 0, 0
    for j in range(O[O_UNITS]):
        if U[j, DEAD] == 0 and BURST[centre, R.square(U, O, j)] == 1:
            if R.conscious(U, j):
                savers |= 1 << j
            else:
                helpless |= 1 << j
    return savers, helpless


@borrowing
def reflex_fails(U, P, rnd, j, roll, dc, cover):
    """spells.roll_fireball's Reflex save, ``cover`` its bonus from cover (option cover)."""
    return not R.save_result(roll, save_bonus(U, P, rnd, j, REF) + cover, dc, True)


@borrowing
def will_saves(U, P, rnd, j, roll, dc):
    return R.save_result(roll, save_bonus(U, P, rnd, j, WILL), dc, True)


@borrowing
def spell_dc(P, i, spell):
    return P[i, SPELL_DC + spell]


@borrowing
def side_of(P, i):
    return P[i, SIDE]
