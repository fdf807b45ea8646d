"""A whole compiled Tactics battle: the legal decisions (in the engine's order, so a ``random`` seat
picks the same one from the same value), deciding one, rolling the dice of the step on top, and the
loop that plays a battle to its end (:func:`play_game`).  The state's rules are in
:mod:`.batch_game`, the geometry and numbers in :mod:`.batch_rules`."""

from __future__ import annotations

import numpy as np
from numba import njit

from ...sim.kernel import below, counting, note
from . import data as D
from . import batch_attacks as A
from . import batch_rules as R
from .batch_rules import borrowing
from . import batch_spells as SP
from . import mechanics as _M
from .batch_game import (C_ACTOR, C_ARG, C_CRIT, C_DAMAGE, C_EXTRA, C_KIND, C_SPELL, C_STAGE, C_TARGET, C_UNSEEN,
                         CONCEALMENT, DAMAGE, LOG_WIDTH, S_SPOILED, ST_CONC, ST_CURE, ST_FIREBALL, ST_GOON, ST_SPELLDMG,
                         V_CAST, V_FULL, V_PUNCH, actions_allowed, hurt,
                         ROLL, S_ACTSTD, S_FIRST, S_GROUPED, S_HITS, S_MOVED, S_NINIT, S_NORDER, S_ORDER, S_OVER,
                         S_PLEN, S_POS, S_ROUND, S_SIZE, S_SP, S_TURNS, S_WINNER, ST_ATTACK, ST_BLEED, ST_DO,
                         ST_HEAL, ST_HIDE, ST_MOVE, ST_OFFER, ST_SAVE, V_AOO, V_ATTACK, V_DRAW, V_END, V_HAM,
                         V_HEAL, V_HIDE, V_MOVE, V_PASS, V_SHOOT, V_STAND, V_THROW, V_TRIP, V_TWO, damage, end_turn,
                         initiative, may_stay_hidden, push, settle)
from .batch_tables import (AMMO, DEAD, HAMSTRUNG, HEAL, HIDDEN, HIDE, HP, ISWEAPON, MAIN, MELEE, NATT, O_HEIGHT,
                           O_UNARMED, O_UNITS, OFF, PRONE, SHEATH, SIDE, STABLE, STR, DEX, X, Y, BLUR, CASTS, CONC,
                           RESIST, SP_CONST, SP_COUNT, SP_SAVE, SP_SIDES)
from .batch_rules import K_AOO, K_HAMSTRING, K_MAIN, K_MAIN_TW, K_OFF_TW, K_RAY, K_TOUCH, K_TRIP, K_UNARMED

MAX_LEGAL = 512
_half = R.jit_of(_M.half)


@borrowing
def _add(L, n, verb, a, b):
    L[n, 0], L[n, 1], L[n, 2] = verb, a, b
    return n + 1


@borrowing
def legal(U, P, IT, O, LOE, NW, ONE, TWO, SPT, S, STK, L, scratch, cost):
    """actions.turn_actions (or the reaction's ``aoo``, ``pass``): rows (verb, a, b) of ``L``."""
    if S[S_SP] > 0 and STK[S[S_SP] - 1, C_KIND] == ST_OFFER:
        L[0, 0], L[1, 0] = V_AOO, V_PASS
        return 2
    i = S[S_ORDER + S[S_POS]]
    n = 0
    h = O[O_HEIGHT]
    going_on = S[S_SP] > 0 and STK[S[S_SP] - 1, C_KIND] == ST_GOON
    if going_on:  # after a full attack's first attack: go on, or move instead (actions.go_on)
        n = _add(L, n, V_FULL, STK[S[S_SP] - 1, C_TARGET], 0)
    if S[S_MOVED] == 0 or going_on:
        barred, ends, out = scratch[0], scratch[1], scratch[2]
        k = R.reachable(U, P, O, ONE, TWO, i, barred, ends, cost, out)
        for m in range(k):
            n = _add(L, n, V_MOVE, out[m] // h, out[m] % h)
    if going_on:
        return n
    if S[S_ACTSTD] == 0:
        if U[i, PRONE] == 1:
            n = _add(L, n, V_STAND, 0, 0)
        melee = R.melee_weapon(U, IT, i) != 0
        main_melee = U[i, MAIN] != 0 and IT[U[i, MAIN], MELEE] == 1
        for j in range(O[O_UNITS]):
            if not R.is_enemy(P, i, j) or U[j, DEAD] == 1 or U[j, HIDDEN] == 1:
                continue
            near = R.near(U, i, j)
            if near and melee:
                n = _add(L, n, V_ATTACK, j, 0)
            if near and main_melee:
                if IT[U[i, OFF], ISWEAPON] == 1:
                    n = _add(L, n, V_TWO, j, 0)
                n = _add(L, n, V_HAM, j, 0)
            if near and R.conscious(U, j) and U[j, PRONE] == 0:
                n = _add(L, n, V_TRIP, j, 0)
            if near and O[O_UNARMED] == 1:
                n = _add(L, n, V_PUNCH, j, 0)
            if U[i, MAIN] != 0 and IT[U[i, MAIN], MELEE] == 0 and U[i, AMMO] > 0 and R.in_range(U, IT, O, LOE, i, j, True):
                n = _add(L, n, V_SHOOT, j, 0)
            if main_melee and R.in_range(U, IT, O, LOE, i, j, False):
                n = _add(L, n, V_THROW, j, 0)
        if U[i, SHEATH] != 0:
            n = _add(L, n, V_DRAW, 0, 0)
        if R.conscious(U, i) and U[i, HIDDEN] == 0 and may_stay_hidden(U, P, O, LOE, NW, i):
            n = _add(L, n, V_HIDE, 0, 0)
        n = SP.cast_options(U, P, O, LOE, SPT, S[S_ROUND], i, L, n, V_CAST)
        for j in range(O[O_UNITS]):
            if j == i or R.is_enemy(P, i, j) or U[j, DEAD] == 1:
                continue
            if not R.is_up(U[j, HP]) and U[j, STABLE] == 0 and R.near(U, i, j):
                n = _add(L, n, V_HEAL, j, 0)
        # attacks.full_attacks (option iterative_attacks): the whole turn, so only with both actions left
        if S[S_MOVED] == 0 and actions_allowed(U, S, i) >= D.TURN_ACTIONS and P[i, NATT] >= 2 and main_melee:
            for j in range(O[O_UNITS]):
                if R.is_enemy(P, i, j) and U[j, DEAD] == 0 and U[j, HIDDEN] == 0 and R.near(U, i, j):
                    n = _add(L, n, V_FULL, j, 0)
    n = _add(L, n, V_END, 0, 0)
    return n


@borrowing
def decide(U, P, IT, O, ONE, TWO, SPT, S, STK, PATH, scratch, R5, verb, a, b):
    """actions.decide (and movement.answer_offer for a reaction)."""
    if verb == V_AOO or verb == V_PASS:
        k = S[S_SP] - 1
        j, t = STK[k, C_ACTOR], STK[k, C_TARGET]
        S[S_SP] -= 1
        if verb == V_AOO:
            unseen = U[j, HIDDEN]
            U[j, HIDDEN] = 0
            push(STK, S, ST_ATTACK, j, t, K_AOO, ROLL, 0, unseen, 0)
        return
    i = S[S_ORDER + S[S_POS]]
    if S[S_SP] > 0 and STK[S[S_SP] - 1, C_KIND] == ST_GOON:  # actions.go_on
        S[S_SP] -= 1
        if verb == V_FULL:
            return
        while S[S_SP] > 0 and STK[S[S_SP] - 1, C_KIND] == ST_ATTACK and STK[S[S_SP] - 1, C_ACTOR] == i \
                and STK[S[S_SP] - 1, C_STAGE] == ROLL:
            S[S_SP] -= 1
    if verb == V_END:
        end_turn(U, P, O, S, STK)
        return
    if verb == V_MOVE:
        goal = a * O[O_HEIGHT] + b
        if U[i, HIDDEN] == 0 and R.provokers(U, P, IT, O, i) == 0:
            # nobody may strike at the mover on the way (the watchers stay none as he walks) and no
            # step can give him away: of the route only its end matters (move_step), so it is not
            # searched (the move ends where the route would: a square some walk reaches)
            PATH[0], PATH[1] = R.square(U, O, i), goal
            S[S_PLEN] = 2
        else:
            S[S_PLEN] = R.route(U, P, IT, O, ONE, TWO, i, goal, scratch[0], scratch[1], R5, PATH)
        push(STK, S, ST_MOVE, i, -1, 0, 0, 0, 0, 0)
        S[S_MOVED] = 1
        return
    S[S_ACTSTD] = 1
    S[S_HITS] = 0
    S[S_SPOILED] = 0
    hostile = (verb == V_ATTACK or verb == V_TWO or verb == V_HAM or verb == V_TRIP or verb == V_SHOOT
               or verb == V_THROW or verb == V_FULL or verb == V_PUNCH)
    if verb == V_CAST:
        hostile = SP.hostile(SPT, a)
    unseen = 1 if U[i, HIDDEN] == 1 and hostile else 0
    if unseen:
        U[i, HIDDEN] = 0
    if verb == V_ATTACK:
        kind = K_MAIN if U[i, MAIN] != 0 and IT[U[i, MAIN], MELEE] == 1 else K_AOO
        push(STK, S, ST_ATTACK, i, a, kind, ROLL, 0, unseen, 0)
        return
    if verb == V_TWO:
        push(STK, S, ST_ATTACK, i, a, K_OFF_TW, ROLL, 0, 0, 0)
        push(STK, S, ST_ATTACK, i, a, K_MAIN_TW, ROLL, 0, unseen, 0)
        return
    if verb == V_FULL:  # attacks.full_attack_steps: the first attack on top, the choice below it
        S[S_MOVED] = 1
        two = A.wields_two(U, IT, i)
        if two:
            push(STK, S, ST_ATTACK, i, a, K_OFF_TW, ROLL, 0, 0, 0)
        for k in range(P[i, NATT] - 1, -1, -1):
            if k == 0:
                push(STK, S, ST_GOON, i, a, 0, 0, 0, 0, 0)
            push(STK, S, ST_ATTACK, i, a, K_MAIN_TW if two else K_MAIN, ROLL, 0, unseen if k == 0 else 0, k)
        return
    if verb == V_PUNCH:  # the punch provokes from its target alone
        push(STK, S, ST_DO, i, a, verb, 0, 0, unseen, 0)
        if A.strikes_back(U, P, IT, O, a, i):
            push(STK, S, ST_OFFER, a, i, verb, 0, 0, 0, 0)
        return
    if verb == V_CAST:
        U[i, CASTS + a] -= 1
        push(STK, S, ST_DO, i, b, verb, 0, 0, unseen, 0)
        STK[S[S_SP] - 1, C_SPELL] = a
    else:
        push(STK, S, ST_DO, i, a, verb, 0, 0, unseen, 0)
    # movement.action_offers: in combat and not hidden, every adjacent enemy that strikes back
    if U[i, HIDDEN] == 1 or not R.in_combat(U, P, O, i, -1):
        return
    for j in range(O[O_UNITS] - 1, -1, -1):
        if R.is_enemy(P, i, j) and U[j, DEAD] == 0 and R.near(U, i, j) and A.strikes_back(U, P, IT, O, j, i):
            push(STK, S, ST_OFFER, j, i, verb, 0, 0, 0, 0)


@counting  # counted even when called from the uncounted fast loop (batch._play_fast)
def roll(src, U, P, IT, O, FL, SPT, S, STK):
    """The dice of the step on top (or of initiative), and what they do."""
    if S[S_SP] == 0:
        return initiative(src, U, P, O, S)
    k = S[S_SP] - 1
    kind, i, t = STK[k, C_KIND], STK[k, C_ACTOR], STK[k, C_TARGET]
    spell = STK[k, C_SPELL]
    if kind == ST_ATTACK:
        akind, unseen = STK[k, C_ARG], STK[k, C_UNSEEN] == 1
        bonus, ac, crit_lo, mult, count, sides, const, sneak = A.profile(U, P, IT, O, FL, SPT, i, t, akind, unseen,
                                                                         spell, STK[k, C_EXTRA])
        if STK[k, C_STAGE] == ROLL or STK[k, C_STAGE] == CONCEALMENT:
            if STK[k, C_STAGE] == ROLL:
                src, r = below(src, D.D20)
                result = R.d20_result(r + 1, bonus, ac, crit_lo)
                if result == "miss":
                    S[S_SP] -= 1
                    return src
                STK[k, C_CRIT] = 1 if result == "crit" else 0
                if U[t, BLUR] == 1:
                    STK[k, C_STAGE] = CONCEALMENT
                    return src
            else:  # the blur's miss chance: one value, a miss below its numerator
                src, r = below(src, D.BLUR_MISS[1])
                if r < D.BLUR_MISS[0]:
                    S[S_SP] -= 1
                    return src
            if akind == K_TRIP:
                STK[k, C_KIND], STK[k, C_ACTOR], STK[k, C_TARGET] = ST_SAVE, t, i
                STK[k, C_EXTRA] = R.trip_dc(P[i, STR])
                STK[k, C_ARG] = 0
            else:
                STK[k, C_STAGE] = DAMAGE
            return src
        times = mult if STK[k, C_CRIT] == 1 else 1
        total = const * times
        for _ in range(count * times):
            src, r = below(src, sides)
            total += r + 1
        for _ in range(sneak):
            src, r = below(src, D.SNEAK_DIE)
            total += r + 1
        spelled = akind == K_TOUCH or akind == K_RAY
        total = max(0, total) if spelled else max(D.MIN_WEAPON_DAMAGE, total)
        S[S_SP] -= 1
        if akind == K_TOUCH and SPT[spell, SP_SAVE] == 2:  # Will half: the target saves first
            push(STK, S, ST_SAVE, t, i, 1, 0, 0, 0, SP.spell_dc(P, i, spell))
            STK[S[S_SP] - 1, C_SPELL] = spell
            STK[S[S_SP] - 1, C_DAMAGE] = total
            return src
        hurt(U, P, S, STK, t, total, akind == K_UNARMED)
        if akind == K_HAMSTRING and U[t, DEAD] == 0:
            U[t, HAMSTRUNG] = 1
        return src
    if kind == ST_BLEED:
        src, r = below(src, D.BLEED_DIE)
        S[S_SP] -= 1
        stabilized, hp = R.bleeding(U[i, HP], r + 1)
        if stabilized:
            U[i, STABLE] = 1
        else:
            U[i, HP] = hp
            U[i, DEAD] = 1 if R.is_dead(hp) else 0
        return src
    if kind == ST_CURE or kind == ST_SPELLDMG:
        src, total = SP.roll_dice(src, SPT[spell, SP_COUNT], SPT[spell, SP_SIDES], SPT[spell, SP_CONST])
        S[S_SP] -= 1
        if kind == ST_CURE:
            SP.heal(U, P, t, total)
        else:
            damage(U, P, S, STK, t, total)
        return src
    if kind == ST_FIREBALL:
        return fireball(src, U, P, O, SPT, S, STK, k)
    src, r = below(src, D.D20)
    S[S_SP] -= 1
    if kind == ST_SAVE and STK[k, C_ARG] == 1:  # Will half against an inflict spell
        total = STK[k, C_DAMAGE]
        if SP.will_saves(U, P, S[S_ROUND], i, r + 1, STK[k, C_EXTRA]):
            total = _half(total)
        damage(U, P, S, STK, i, total)
    elif kind == ST_SAVE:  # the trip: the better of the Strength and Dexterity saves
        res = D.RESISTANCE_BONUS if U[i, RESIST] >= S[S_ROUND] else 0
        bonus = max(P[i, STR] + res, P[i, DEX] + res)
        if not R.save_result(r + 1, bonus, STK[k, C_EXTRA], False):
            U[i, PRONE] = 1
    elif kind == ST_CONC:
        if not R.check_passes(r + 1, P[i, CONC], STK[k, C_EXTRA]):
            S[S_SPOILED] = 1
    elif kind == ST_HEAL:
        if R.check_passes(r + 1, P[i, HEAL], D.HEAL_DC):
            U[t, STABLE] = 1
    elif kind == ST_HIDE:
        if R.check_passes(r + 1, P[i, HIDE], STK[k, C_EXTRA]):
            U[i, HIDDEN] = 1
    return src


@njit(cache=True)
def fireball(src, U, P, O, SPT, S, STK, k):
    """spells.roll_fireball: the damage once, then a Reflex save for each conscious one inside, in
    order; then the helpless and those who failed burn, in order.  Row: target the square, arg the
    savers, stage the saves made, crit those failed, unseen the helpless (bit masks)."""
    spell = STK[k, C_SPELL]
    savers = STK[k, C_ARG]
    if STK[k, C_DAMAGE] == 0:
        src, total = SP.roll_dice(src, SPT[spell, SP_COUNT], SPT[spell, SP_SIDES], SPT[spell, SP_CONST])
        STK[k, C_DAMAGE] = total
        if savers != 0:
            return src
    else:
        done = STK[k, C_STAGE]
        j = 0
        seen = -1
        while True:  # the saver whose save this is: the (done + 1)th of the mask
            if savers >> j & 1:
                seen += 1
                if seen == done:
                    break
            j += 1
        src, r = below(src, D.D20)
        if SP.reflex_fails(U, P, S[S_ROUND], j, r + 1, STK[k, C_EXTRA], A.reflex_cover(U, O, STK[k, C_TARGET], j)):
            STK[k, C_CRIT] |= 1 << j
        STK[k, C_STAGE] = done + 1
        left = 0
        for m in range(O[O_UNITS]):
            if savers >> m & 1:
                left += 1
        if done + 1 < left:
            return src
    burned = STK[k, C_CRIT] | STK[k, C_UNSEEN]
    total = STK[k, C_DAMAGE]
    S[S_SP] -= 1
    for j in range(O[O_UNITS]):
        if burned >> j & 1:
            damage(U, P, S, STK, j, total)
    return src
