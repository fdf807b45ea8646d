"""One Tactics battle in compiled code: the state, the pending steps and the turn, as the engine's
``rules._settle`` and the modules it hands steps to (:mod:`.turns`, :mod:`.actions`,
:mod:`.movement`, :mod:`.strikes`, :mod:`.saves`, :mod:`.effects`) play it, over integer arrays.

Every die and every ``random`` decision is drawn through :func:`brawl.sim.kernel.below` (one value
per die on a tape, as the engine's tape walk of :mod:`.batch_tape` rolls each die of a dice
expression), and each decision is logged through :func:`brawl.sim.kernel.note` with the places and
hit points of every character before it.

The work arrays ``W`` = (units, turn, stack, path, scratch...): ``S`` holds the turn (:data:`S_ROUND`
...), the stack one row per step (kind, actor, target, arg, stage, crit, unseen, extra; an attack's
``extra`` is which attack of a full attack it is).  The optional d20 rules: a full attack's
:data:`ST_GOON` (go on, or move instead: a decision), the punch's nonlethal damage (:func:`hurt`),
knocked-out and staggered characters' turns, the surprise round's rollers and single action
(:func:`rolls`, :func:`actions_allowed`).
"""

from __future__ import annotations

from ...sim.kernel import below, counting, note
from . import data as D
from . import batch_rules as R
from .batch_rules import borrowing
from .batch_tables import (ACTED, AMMO, DEAD, DEX, GRIPTWO, HIDDEN, HP, MAIN, NONLETHAL, O_AWARE, O_HEIGHT, O_MAX_ROUNDS,
                           O_UNITS, OFF, PRONE, SHEATH, SIDE, STABLE, TWO, X, Y, BLUR, HASTE, RESIST, SP_EFFECT,
                           SP_TARGET)
from .batch_rules import K_HAMSTRING, K_MAIN, K_MAIN_TW, K_RAY, K_SHOOT, K_THROW, K_TOUCH, K_TRIP, K_UNARMED
from .batch_spells import E_BLUR, E_HASTE, E_HEAL, E_RESISTANCE, T_AREA, T_ENEMY, T_RAY, burst_members, spell_dc

# the turn: entries of S
(S_ROUND, S_POS, S_MOVED, S_ACTSTD, S_HITS, S_TURNS, S_FIRST, S_OVER, S_WINNER, S_SP, S_PLEN, S_NORDER,
 S_NINIT, S_GROUPED, S_SPOILED) = range(15)
#: 8 slots each: the order, the d20s rolled, group starts, the damage of each hit taken while a
#: standard action waits (``hits``: the Concentration checks of a spell)
S_ORDER, S_INIT, S_GSTART, S_HIT = 16, 24, 32, 40
S_SIZE = 48
# steps: kinds and the columns of a stack row
ST_OFFER, ST_MOVE, ST_DO, ST_ATTACK, ST_SAVE, ST_HEAL, ST_HIDE, ST_BLEED, ST_CONC, ST_CURE, ST_SPELLDMG, \
    ST_FIREBALL, ST_GOON = range(1, 14)
C_KIND, C_ACTOR, C_TARGET, C_ARG, C_STAGE, C_CRIT, C_UNSEEN, C_EXTRA, C_DAMAGE, C_SPELL = range(10)
STACK_WIDTH = 10
ROLL, CONCEALMENT, DAMAGE = 0, 1, 2
# decisions (``VERBS`` their names)
(V_MOVE, V_ATTACK, V_TWO, V_HAM, V_TRIP, V_SHOOT, V_THROW, V_STAND, V_DRAW, V_HIDE, V_HEAL, V_END, V_AOO,
 V_PASS, V_DROP, V_CAST, V_FULL, V_PUNCH) = range(18)
VERBS = ("move", "attack", "twoweapon", "hamstring", "trip", "shoot", "throw", "stand", "draw", "hide", "heal",
         "end_turn", "aoo", "pass", "drop_main", "cast", "fullattack", "punch")
LOG_WIDTH = 4 + 3 * 8


@borrowing
def push(STK, S, kind, actor, target, arg, stage, crit, unseen, extra):
    r = STK[S[S_SP]]
    r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7] = kind, actor, target, arg, stage, crit, unseen, extra
    r[8], r[9] = 0, 0
    S[S_SP] += 1


@borrowing
def side_up(U, P, O, side):
    for j in range(O[O_UNITS]):
        if P[j, SIDE] == side and R.conscious(U, j):
            return True
    return False


@borrowing
def occupied_by_other(U, O, i, x, y):
    for j in range(O[O_UNITS]):
        if j != i and U[j, DEAD] == 0 and U[j, X] == x and U[j, Y] == y:
            return True
    return False


@borrowing
def fall_back(U, O, PATH, S, i):
    """movement.fall_back: a mover dropped in someone's square falls in the last free one behind."""
    if U[i, DEAD] == 1 or not occupied_by_other(U, O, i, U[i, X], U[i, Y]):
        return
    h = O[O_HEIGHT]
    here = 0
    while PATH[here] != U[i, X] * h + U[i, Y]:
        here += 1
    for k in range(here - 1, -1, -1):
        x, y = PATH[k] // h, PATH[k] % h
        if not occupied_by_other(U, O, i, x, y):
            U[i, X], U[i, Y] = x, y
            return


@borrowing
def damage(U, P, S, STK, t, amount):
    """effects.damage (lethal damage)."""
    hurt(U, P, S, STK, t, amount, False)


@borrowing
def hurt(U, P, S, STK, t, amount, nonlethal):
    """effects.damage: lethal damage, or nonlethal damage counted apart (option unarmed_strikes)."""
    old = U[t, HP]
    hp = old if nonlethal else old - amount
    if nonlethal:
        U[t, NONLETHAL] += amount
    U[t, HP] = hp
    U[t, DEAD] = 1 if R.is_dead(hp) else 0
    U[t, STABLE] = 1 if U[t, STABLE] == 1 and not R.is_up(hp) and not R.is_up(old) else 0
    if amount > 0:
        U[t, HIDDEN] = 0
    if R.down(U, t):
        U[t, PRONE] = 1
    if S[S_POS] >= 0 and t == S[S_ORDER + S[S_POS]] and amount > 0:
        for k in range(S[S_SP]):
            if STK[k, C_KIND] == ST_DO:
                S[S_HIT + S[S_HITS]] = amount
                S[S_HITS] += 1
                break


@borrowing
def start_turn(U, P, O, S, STK):
    """turns.start_turn for the character at the turn's position (never a dead one here)."""
    S[S_MOVED] = 0
    S[S_ACTSTD] = 0
    S[S_HITS] = 0
    S[S_SPOILED] = 0
    S[S_TURNS] += 1
    i = S[S_ORDER + S[S_POS]]
    if R.conscious(U, i):
        if U[i, ACTED] == 0 and S[S_ROUND] > 0:
            U[i, ACTED] = 1
        return
    # effects.fallen_turn
    S[S_MOVED] = 1
    S[S_ACTSTD] = 1
    if R.knocked_out(U, i):
        return
    if U[i, STABLE] == 1:
        hp = U[i, HP] + D.RECOVERY
        U[i, HP] = hp
        U[i, STABLE] = 0 if R.is_up(hp) else 1
        U[i, ACTED] = 1
        if R.is_up(hp):
            S[S_MOVED] = 0
            S[S_ACTSTD] = 0
        return
    push(STK, S, ST_BLEED, i, -1, 0, 0, 0, 0, 0)


@borrowing
def end_turn(U, P, O, S, STK):
    """turns.end_turn: the next living character's turn, else a new round or the draw."""
    p = S[S_POS] + 1
    while p < S[S_NORDER] and U[S[S_ORDER + p], DEAD] == 1:
        p += 1
    if p < S[S_NORDER]:
        S[S_POS] = p
        start_turn(U, P, O, S, STK)
        return
    S[S_ROUND] += 1
    S[S_POS] = -1
    if S[S_ROUND] > O[O_MAX_ROUNDS]:
        S[S_OVER] = 1
        S[S_WINNER] = -1
        S[S_SP] = 0
        return
    S[S_NINIT] = 0
    S[S_GROUPED] = 0
    S[S_MOVED] = 0
    S[S_ACTSTD] = 0


@borrowing
def actions_allowed(U, S, i):
    """turns.actions_allowed: one action in the surprise round or when staggered, else two."""
    if S[S_ROUND] == 0:
        return D.SURPRISE_ACTIONS
    if R.staggered(U, i):
        return D.STAGGERED_ACTIONS
    return D.TURN_ACTIONS


@borrowing
def attack_possible(U, STK, k):
    a, t, kind = STK[k, C_ACTOR], STK[k, C_TARGET], STK[k, C_ARG]
    if not R.conscious(U, a) or U[t, DEAD] == 1:
        return False
    melee = kind != K_SHOOT and kind != K_THROW and kind != K_RAY  # strikes.MELEE_KINDS
    if melee and not R.near(U, a, t):
        return False
    needs_main = kind == K_MAIN or kind == K_MAIN_TW or kind == K_HAMSTRING or kind == K_SHOOT or kind == K_THROW
    if needs_main and U[a, MAIN] == 0:
        return False
    return True


@borrowing
def offer_stands(U, P, IT, O, STK, k):
    j, t = STK[k, C_ACTOR], STK[k, C_TARGET]
    return R.makes_aoo(U, P, IT, O, j) and R.conscious(U, t) and U[t, HIDDEN] == 0 and R.near(U, j, t)


@borrowing
def may_stay_hidden(U, P, O, LOE, NW, i):
    """saves.may_stay_hidden: out of combat and in cover (by a wall, or out of every conscious
    enemy's line of effect)."""
    if R.in_combat(U, P, O, i, -1):
        return False
    sq = R.square(U, O, i)
    if NW[sq] == 1:
        return True
    for j in range(O[O_UNITS]):
        if R.is_enemy(P, i, j) and R.conscious(U, j) and LOE[R.square(U, O, j), sq] == 1:
            return False
    return True


@borrowing
def move_step(U, P, IT, O, LOE, NW, S, STK, PATH):
    """movement.move_step: half-steps until an attack of opportunity is offered or the path ends."""
    k = S[S_SP] - 1
    i = STK[k, C_ACTOR]
    stage = STK[k, C_STAGE]
    h = O[O_HEIGHT]
    watchers, known = 0, False  # the watchers: a bit mask of units
    while True:
        idx, phase = stage // 2, stage % 2
        if idx >= S[S_PLEN] - 1 or not R.conscious(U, i):
            fall_back(U, O, PATH, S, i)
            S[S_SP] -= 1
            return
        ax, ay, bx, by = PATH[idx] // h, PATH[idx] % h, PATH[idx + 1] // h, PATH[idx + 1] % h
        if phase == 0:
            hx, hy, tx, ty, why = ax, ay, bx, by, 0
        else:
            U[i, X], U[i, Y] = bx, by
            if U[i, HIDDEN] == 1 and not may_stay_hidden(U, P, O, LOE, NW, i):
                U[i, HIDDEN] = 0
            hx, hy, tx, ty, why = bx, by, ax, ay, 1
            known = False
        if not known:
            watchers, known = R.provokers(U, P, IT, O, i), True
        stage += 1
        found = False
        for j in range(O[O_UNITS] - 1, -1, -1):
            if watchers >> j & 1 == 0:
                continue
            wp = (U[j, X], U[j, Y])
            if R.adjacent(wp, (hx, hy)) and not R.adjacent(wp, (tx, ty)):
                if not found:
                    STK[k, C_STAGE] = stage
                    found = True
                push(STK, S, ST_OFFER, j, i, why, 0, 0, 0, 0)
        if found:
            return


@borrowing
def perform(U, P, IT, O, HD, SPT, BURST, S, STK, i, verb, j, unseen, spell):
    """actions.perform: a standard action takes place once its attacks of opportunity are over."""
    if verb == V_CAST:
        cast(U, P, O, SPT, BURST, S, STK, i, spell, j, unseen)
    elif verb == V_HIDE:
        mask = 0
        for m in range(O[O_UNITS]):
            if R.conscious(U, m):
                mask |= 1 << m
        push(STK, S, ST_HIDE, i, -1, 0, 0, 0, 0, HD[P[i, SIDE], mask])
    elif verb == V_STAND:
        U[i, PRONE] = 0
    elif verb == V_DRAW:
        drawn = U[i, SHEATH]
        two = IT[drawn, GRIPTWO]
        off = U[i, OFF]
        if two == 1 and off != 0:
            off = 0
        U[i, SHEATH] = U[i, MAIN]
        U[i, MAIN] = drawn
        U[i, OFF] = off
        U[i, TWO] = two
    elif verb == V_DROP:
        U[i, MAIN] = 0
        U[i, TWO] = 0
    elif verb == V_HEAL:
        if S[S_HITS] == 0:
            push(STK, S, ST_HEAL, i, j, 0, 0, 0, 0, 0)
    elif U[j, DEAD] == 0:  # shoot, throw, trip, hamstring, punch
        if verb == V_SHOOT:
            U[i, AMMO] -= 1
            push(STK, S, ST_ATTACK, i, j, K_SHOOT, ROLL, 0, unseen, 0)
        elif verb == V_THROW:
            push(STK, S, ST_DO, i, -1, V_DROP, 0, 0, 0, 0)
            push(STK, S, ST_ATTACK, i, j, K_THROW, ROLL, 0, unseen, 0)
        elif verb == V_TRIP:
            push(STK, S, ST_ATTACK, i, j, K_TRIP, ROLL, 0, unseen, 0)
        elif verb == V_PUNCH:
            push(STK, S, ST_ATTACK, i, j, K_UNARMED, ROLL, 0, unseen, 0)
        else:
            push(STK, S, ST_ATTACK, i, j, K_HAMSTRING, ROLL, 0, unseen, 0)


@borrowing
def cast(U, P, O, SPT, BURST, S, STK, i, spell, target, unseen):
    """spells.cast: unless a Concentration check failed, self spells and resistance now, the others
    by their steps."""
    if S[S_SPOILED] == 1:
        return
    effect, kind = SPT[spell, SP_EFFECT], SPT[spell, SP_TARGET]
    if effect == E_BLUR:
        U[i, BLUR] = 1
        return
    if effect == E_HASTE:
        U[i, HASTE] = 1
        return
    if kind == T_AREA:
        savers, helpless = burst_members(U, O, BURST, target)
        push(STK, S, ST_FIREBALL, i, target, savers, 0, 0, helpless, spell_dc(P, i, spell))
        STK[S[S_SP] - 1, C_SPELL] = spell
        return
    if U[target, DEAD] == 1:
        return
    if effect == E_RESISTANCE:
        U[target, RESIST] = S[S_ROUND] + D.RESISTANCE_ROUNDS - 1
        return
    if effect == E_HEAL:
        push(STK, S, ST_CURE, i, target, 0, 0, 0, 0, 0)
    elif kind == T_ENEMY:
        push(STK, S, ST_SPELLDMG, i, target, 0, 0, 0, 0, 0)
    else:
        push(STK, S, ST_ATTACK, i, target, K_RAY if kind == T_RAY else K_TOUCH, ROLL, 0, unseen, 0)
    STK[S[S_SP] - 1, C_SPELL] = spell


@borrowing
def settle(U, P, IT, O, LOE, NW, HD, SPT, BURST, S, STK, PATH):
    """rules._settle: everything that needs neither a decision nor dice."""
    while True:
        if S[S_OVER] == 1:
            return
        up0, up1 = side_up(U, P, O, 0), side_up(U, P, O, 1)
        if not (up0 and up1):
            for k in range(S[S_SP]):
                if STK[k, C_KIND] == ST_MOVE:
                    fall_back(U, O, PATH, S, STK[k, C_ACTOR])
            S[S_OVER] = 1
            S[S_WINNER] = 0 if up0 else 1 if up1 else -1
            S[S_SP] = 0
            return
        if S[S_SP] > 0:
            k = S[S_SP] - 1
            kind = STK[k, C_KIND]
            if kind == ST_OFFER:
                if offer_stands(U, P, IT, O, STK, k):
                    return
                S[S_SP] -= 1
            elif kind == ST_GOON:  # a full attack's choice, put to its side while the attacker stands
                if R.conscious(U, STK[k, C_ACTOR]):
                    return
                S[S_SP] -= 1
            elif kind == ST_MOVE:
                move_step(U, P, IT, O, LOE, NW, S, STK, PATH)
            elif kind == ST_DO:
                i, verb, j, unseen = STK[k, C_ACTOR], STK[k, C_ARG], STK[k, C_TARGET], STK[k, C_UNSEEN]
                spell = STK[k, C_SPELL]
                if STK[k, C_EXTRA] == 0:  # not checked yet (actions.settle_do)
                    if not R.conscious(U, i):
                        S[S_SP] -= 1
                        continue
                    if verb == V_CAST and S[S_HITS] > 0:
                        STK[k, C_EXTRA] = 1
                        for m in range(S[S_HITS] - 1, -1, -1):
                            push(STK, S, ST_CONC, i, -1, 0, 0, 0, 0, S[S_HIT + m])
                        continue
                S[S_SP] -= 1
                perform(U, P, IT, O, HD, SPT, BURST, S, STK, i, verb, j, unseen, spell)
            elif kind == ST_ATTACK and STK[k, C_STAGE] == ROLL and not attack_possible(U, STK, k):
                S[S_SP] -= 1
            else:
                return
            continue
        if S[S_POS] < 0:
            if S[S_GROUPED] == 0:
                return
            for p in range(1, S[S_NORDER]):
                if S[S_GSTART + p] == 0:
                    return  # a tie still to break
            if S[S_FIRST] < 0:
                S[S_FIRST] = P[S[S_ORDER], SIDE]
            S[S_POS] = 0
            start_turn(U, P, O, S, STK)
            continue
        i = S[S_ORDER + S[S_POS]]
        if R.conscious(U, i) and S[S_MOVED] + S[S_ACTSTD] < actions_allowed(U, S, i):
            return
        end_turn(U, P, O, S, STK)


@borrowing
def rolls(U, P, O, S, j):
    """turns.rollers: every living character, in the surprise round only the aware side's."""
    return U[j, DEAD] == 0 and (S[S_ROUND] > 0 or O[O_AWARE] < 0 or P[j, SIDE] == O[O_AWARE])


@borrowing
def next_roller(U, P, O, S):
    for j in range(O[O_UNITS]):
        if rolls(U, P, O, S, j):
            rolled = False
            for m in range(S[S_NINIT]):
                if S[S_ORDER + m] == j:
                    rolled = True
            if not rolled:
                return j
    return -1


@counting  # counted even when called from the uncounted fast loop (batch._play_fast)
def initiative(src, U, P, O, S):
    """turns.roll_initiative: a d20 for the next character, or the die that breaks the first tie."""
    n = S[S_NINIT]
    if S[S_GROUPED] == 1:
        s = 1
        while S[S_GSTART + s] == 1:
            s += 1
        s -= 1  # the first group of two or more starts at s
        e = s + 1
        while e < S[S_NORDER] and S[S_GSTART + e] == 0:
            e += 1
        src, r = below(src, e - s)
        first = S[S_ORDER + s + r]
        for m in range(s + r, s, -1):
            S[S_ORDER + m] = S[S_ORDER + m - 1]
        S[S_ORDER + s] = first
        S[S_GSTART + s + 1] = 1
        return src
    j = next_roller(U, P, O, S)
    src, r = below(src, D.D20)
    S[S_ORDER + n] = j
    S[S_INIT + n] = r + 1 + P[j, DEX]
    n += 1
    S[S_NINIT] = n
    living = 0
    for m in range(O[O_UNITS]):
        if rolls(U, P, O, S, m):
            living += 1
    if n < living:
        return src
    # the order by total, highest first, equal totals in groups in the order rolled
    for a in range(1, n):
        for b in range(a, 0, -1):
            if S[S_INIT + b] > S[S_INIT + b - 1]:
                S[S_INIT + b], S[S_INIT + b - 1] = S[S_INIT + b - 1], S[S_INIT + b]
                S[S_ORDER + b], S[S_ORDER + b - 1] = S[S_ORDER + b - 1], S[S_ORDER + b]
            else:
                break
    for m in range(n):
        S[S_GSTART + m] = 1 if m == 0 or S[S_INIT + m] != S[S_INIT + m - 1] else 0
    S[S_NORDER] = n
    S[S_GROUPED] = 1
    return src
