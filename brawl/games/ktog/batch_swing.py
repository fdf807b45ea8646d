"""The compiled KtOG game, part one: the decision codes, the player table ``P[row, seat]``, the
options record, set-up (classes), initiative and one attack, bare-handed blow or disarm attempt
(the critical miss, the Dodge and Mighty Blow windows, damage, standing at zero).  The turn and the
game are in :mod:`.batch_turn`, the runs in :mod:`.batch` (whose docstring describes the whole)."""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit
from numba.extending import overload

from ...sim.kernel import INLINE, _is_tape, below, note
from . import duel as K
from . import mechanics as M

POLICIES = {"brute": 0, "random": 1, "optimal": 2}
BRUTE, RANDOM, OPTIMAL = 0, 1, 2
#: a seat whose decisions come from outside (the vectorised environment, :mod:`.vector`): queued in
#: the work's agent slot, read in order; with none left the game stops where that seat is asked
AGENT = 3
# decision codes (with a target where the engine's decision names one)
ATTACK, DISARM, CURE, HASTE, BLESS, SCRAMBLE, FIGHT = 0, 1, 2, 3, 4, 5, 6
DODGE, NO_DODGE, MIGHTY, NO_MIGHTY, PICK_FIGHTER, PICK_MAGIC_USER = 7, 8, 9, 10, 11, 12
DECISIONS = ("attack:{}", "disarm:{}", "cure:{}", "haste", "bless", "scramble", "fight:{}", "dodge", "none",
             "mighty_blow", "none", "fighter", "magic_user")
# rows of the player table ``P[row, seat]``
HP, MAXHP, UP, FIGHTER, HASTE_LEFT, CURE_LEFT, BLESS_LEFT, MIGHTY_LEFT, DODGE_LEFT, CAST, DIS = range(11)
NROWS = 11
LOG_WIDTH = 3 + M.MAX_PLAYERS  # seat, decision, target, then every seat's hit points before it
# the agent slot ``work[6]``: paused, decisions queued, decisions read, then the question asked (its
# kind, the seat asked, the seat on turn, the target, the attack or fight in progress, critical, swings
# left this turn with the current one, Bless on), then the queue as (decision, target) pairs
ASKS = ("class", "turn", "action", "dodge?", "mighty?")  # the kinds of question, named as the rules' phases
ASK_CLASS, ASK_TURN, ASK_ACTION, ASK_DODGE, ASK_MIGHTY = range(5)
PAUSED, QUEUED, READ, ASKED, ASKED_SEAT, ON_TURN, TARGET, KIND, CRITICAL, SWINGS, BLESSED = range(11)
QUEUE = 11
QUEUE_SIZE = 8  # room for one turn's answers: at most 5 (opening, 2 swings after Haste, 2 Mighty Blows)
AGENT_WIDTH = QUEUE + 2 * QUEUE_SIZE

_hit_threshold = njit(cache=True)(M.hit_threshold)
_is_critical_hit = njit(cache=True)(M.is_critical_hit)
_is_critical_miss = njit(cache=True)(M.is_critical_miss)
_attack_hits = njit(cache=True)(M.attack_hits)
_disarm_target = njit(cache=True)(M.disarm_target)
_disarm_succeeds = njit(cache=True)(M.disarm_succeeds)
_damage_dice = njit(cache=True)(M.damage_dice)
_damage = njit(cache=True)(M.damage)
_fumble_self_hit = njit(cache=True)(M.fumble_self_hit)
_fumble_drop_turns = njit(cache=True)(M.fumble_drop_turns)
_scramble_left = njit(cache=True)(M.scramble_left)
_may_haste_scramble = njit(cache=True)(M.may_haste_scramble)
_cured = njit(cache=True)(M.cured)
_touch_succeeds = njit(cache=True)(M.touch_succeeds)
_knocked_out = njit(cache=True)(M.knocked_out)
_stands_at_zero = njit(cache=True)(M.stands_at_zero)

#: the game's options as the compiled code reads them (built by :func:`rules_record`)
Rules = namedtuple("Rules", "players hp to_hit every_round init_sides stand flying touch classes cure_cap")


def rules_record(options) -> Rules:
    """The compiled games' options record from a game's validated options."""
    return Rules(int(options.players), int(options.hp), int(options.to_hit), options.initiative == "every_round",
                 int(M.INITIATIVE_SIDES[options.initiative_die]), bool(options.stand_at_zero),
                 bool(options.fumble_flying), bool(options.cure_touch_roll), bool(options.classes),
                 bool(options.cure_cap))


@njit(cache=True)
def new_work(n):
    """Scratch arrays of one game: decision lists (kinds, targets), initiative (rolls, rollers), a
    log row, the optimal policy's action values and the agent slot (unused without an agent)."""
    return (np.zeros(4 * n + 4, np.int64), np.zeros(4 * n + 4, np.int64), np.zeros(n, np.int64),
            np.zeros(n, np.int64), np.zeros(LOG_WIDTH, np.int64), np.empty(K.NA), np.zeros(AGENT_WIDTH, np.int64))


@njit(cache=True, inline=INLINE)
def _ask(work, ask, seat, me, target, kind, critical, swings, blessed):
    """An agent seat's next queued decision: (decision, target).  With none queued the seat is asked:
    the slot records the question, the game is paused and (-1, -1) comes back; every caller then
    returns at once, and the game is played again from the start of the turn with the answer queued."""
    A = work[6]
    i = A[READ]
    if i < A[QUEUED]:
        A[READ] = i + 1
        return A[QUEUE + 2 * i], A[QUEUE + 2 * i + 1]
    A[PAUSED] = 1
    A[ASKED] = ask
    A[ASKED_SEAT] = seat
    A[ON_TURN] = me
    A[TARGET] = target
    A[KIND] = kind
    A[CRITICAL] = critical
    A[SWINGS] = swings
    A[BLESSED] = blessed
    return -1, -1


def _decide(src, work, P, seat, code, target):
    raise NotImplementedError("compiled code only")


@overload(_decide)
def _decide_impl(src, work, P, seat, code, target):
    """On a tape, log a decision: seat, decision, target, every seat's hit points; nothing otherwise."""
    if not _is_tape(src):
        return lambda src, work, P, seat, code, target: None

    def write(src, work, P, seat, code, target):
        row = work[4]
        row[0] = seat
        row[1] = code
        row[2] = target
        for s in range(P.shape[1]):
            row[3 + s] = P[HP, s]
        note(src, row)
    return write


# -- players --------------------------------------------------------------------------------------

@njit(cache=True, inline=INLINE)
def _can_cast(P, s):
    """Rules page, KtOG, Spells: no spells for fighters, one per player per round, conscious only."""
    return P[FIGHTER, s] == 0 and P[CAST, s] == 0 and P[UP, s] == 1


@njit(cache=True, inline=INLINE)
def _standing(P):
    n = 0
    last = -1
    for s in range(P.shape[1]):
        if P[UP, s]:
            n += 1
            last = s
    return n, last


@njit(cache=True, inline=INLINE)
def _cfg(P, s, R):
    return K.cfg_of(R, P[HP, s], P[HASTE_LEFT, s], P[CURE_LEFT, s], P[BLESS_LEFT, s], P[MIGHTY_LEFT, s],
                    P[DODGE_LEFT, s], P[FIGHTER, s] == 1)


@njit(cache=True, inline=INLINE)
def _weakest(P, me):
    """The brute's target: the conscious opponent with the fewest hit points, ties to the first after
    itself in seat order."""
    n = P.shape[1]
    best = -1
    for k in range(1, n):
        s = (me + k) % n
        if P[UP, s] and (best < 0 or P[HP, s] < P[HP, best]):
            best = s
    return best


@njit(cache=True, inline=INLINE)
def _hurt(src, o, P, victim, dmg):
    """Damage to ``victim``; at 0 he is out, unless ``stand_at_zero`` and the d100 keeps him in."""
    if dmg <= 0:
        return src
    P[HP, victim] -= dmg
    if not _knocked_out(P[HP, victim]):
        return src
    P[HP, victim] = 0
    if o.stand:
        src, r = below(src, M.PERCENTILE)
        if _stands_at_zero(r + 1):
            return src
    P[UP, victim] = 0
    return src


@njit(cache=True, inline=INLINE)
def _set_up(src, o, pols, P, work, tabs):
    """Every player fresh; with ``classes`` each picks fighter or magic-user in seat order."""
    for s in range(o.players):
        P[HP, s] = o.hp
        P[MAXHP, s] = o.hp
        P[UP, s] = 1
        P[FIGHTER, s] = 0
        P[HASTE_LEFT, s] = M.HASTE_SPELLS
        P[CURE_LEFT, s] = 1
        P[BLESS_LEFT, s] = 1
        P[MIGHTY_LEFT, s] = 1
        P[DODGE_LEFT, s] = 1
        P[CAST, s] = 0
        P[DIS, s] = 0
    if o.classes:
        for s in range(o.players):
            pick_fighter = False
            if pols[s] == RANDOM:
                src, c = below(src, 2)
                pick_fighter = c == 0
            elif pols[s] == OPTIMAL:
                f, m = K.class_values(tabs[0], tabs[2], s, P[FIGHTER, 0] == 1, K.start_cfg(tabs[2], False))
                pick_fighter = f >= m
            elif pols[s] == AGENT:
                code, _ = _ask(work, ASK_CLASS, s, s, -1, -1, False, 0, False)
                if code < 0:
                    return src
                pick_fighter = code == PICK_FIGHTER
            _decide(src, work, P, s, PICK_FIGHTER if pick_fighter else PICK_MAGIC_USER, -1)
            if pick_fighter:
                P[FIGHTER, s] = 1
                P[HP, s] = o.hp + M.FIGHTER_HP
                P[MAXHP, s] = o.hp + M.FIGHTER_HP
                P[HASTE_LEFT, s] = 0
                P[CURE_LEFT, s] = 0
                P[BLESS_LEFT, s] = 0
                P[MIGHTY_LEFT, s] = 0
                P[DODGE_LEFT, s] = 0
    return src


@njit(cache=True, inline=INLINE)
def _initiative(src, o, P, work):
    """Rules page, KtOG, Initiative: every conscious player rolls; only those tied for highest re-roll."""
    rolls, rollers = work[2], work[3]
    m = 0
    for s in range(o.players):
        if P[UP, s]:
            rollers[m] = s
            m += 1
    while True:
        best = 0
        for i in range(m):
            src, r = below(src, o.init_sides)
            rolls[i] = r + 1
            if rolls[i] > best:
                best = rolls[i]
        k = 0
        for i in range(m):
            if rolls[i] == best:
                rollers[k] = rollers[i]
                k += 1
        m = k
        if m == 1:
            return src, rollers[0]


# -- one attack, bare-handed blow or disarm attempt -----------------------------------------------

@njit(cache=True, inline=INLINE)
def _fumble(src, o, P, me):
    """Rules page, KtOG, Critical miss: a d20 to hit himself for d6, else (armed) a d20 to drop the weapon."""
    src, r = below(src, M.D20)
    if _fumble_self_hit(r + 1):
        src, d = below(src, M.DAMAGE_SIDES)
        return _hurt(src, o, P, me, d + 1)
    if P[DIS, me] == 0:
        src, r = below(src, M.D20)
        turns = _fumble_drop_turns(r + 1, o.flying)
        if turns:
            P[DIS, me] = turns
    return src


@njit(cache=True, inline=INLINE)
def _reactions(src, pols, P, work, tabs, me, t, crit, bare, blessed, swings, posM, cont):
    """Rules page, KtOG, After a hit, steps 1 and 2: the target may Dodge, else the attacker may cast
    Mighty Blow (each window opened only for a player who can cast).  Returns (src, dodged, mighty);
    an agent asked here ends the swing as if it had dodged (the game is paused)."""
    V, W, R = tabs
    if _can_cast(P, t) and P[DODGE_LEFT, t]:
        dodged = False
        if pols[t] == AGENT:
            code, _ = _ask(work, ASK_DODGE, t, me, t, FIGHT if bare else ATTACK, crit, swings, blessed)
            if code < 0:
                return src, True, False
            dodged = code == DODGE
        elif pols[t] == RANDOM:
            src, c = below(src, 2)
            dodged = c == 0
        elif pols[t] == OPTIMAL:
            cM = _cfg(P, me, R)
            cO = _cfg(P, t, R)
            dv = K.after_swing(V, W, R, posM, P[CAST, me], 1, cM, P[DIS, me], K.spend(cO, 0), P[DIS, t], cont)
            nv = K.damage_value(V, W, R, posM, P[CAST, me], P[CAST, t], cM, P[DIS, me], cO, P[DIS, t],
                                crit, bare, False, cont)
            if P[CAST, me] == 0 and P[MIGHTY_LEFT, me] == 1:
                nv = max(nv, K.damage_value(V, W, R, posM, 1, P[CAST, t], K.spend(cM, 1), P[DIS, me], cO,
                                            P[DIS, t], crit, bare, True, cont))
            dodged = dv <= nv
        _decide(src, work, P, t, DODGE if dodged else NO_DODGE, -1)
        if dodged:
            P[DODGE_LEFT, t] = 0
            P[CAST, t] = 1
            return src, True, False
    on = False
    if _can_cast(P, me) and P[MIGHTY_LEFT, me]:
        if pols[me] == AGENT:
            code, _ = _ask(work, ASK_MIGHTY, me, me, t, FIGHT if bare else ATTACK, crit, swings, blessed)
            if code < 0:
                return src, True, False
            on = code == MIGHTY
        elif pols[me] == RANDOM:
            src, c = below(src, 2)
            on = c == 0
        elif pols[me] == OPTIMAL:
            cM = _cfg(P, me, R)
            cO = _cfg(P, t, R)
            mv = K.damage_value(V, W, R, posM, 1, P[CAST, t], K.spend(cM, 1), P[DIS, me], cO, P[DIS, t],
                                crit, bare, True, cont)
            nv = K.damage_value(V, W, R, posM, P[CAST, me], P[CAST, t], cM, P[DIS, me], cO, P[DIS, t],
                                crit, bare, False, cont)
            on = mv >= nv
        _decide(src, work, P, me, MIGHTY if on else NO_MIGHTY, -1)
        if on:
            P[MIGHTY_LEFT, me] = 0
            P[CAST, me] = 1
    return src, False, on


@njit(cache=True, inline=INLINE)
def _swing(src, o, pols, P, work, tabs, me, kind, t, blessed, swings, posM, cont):
    """One attack, bare-handed blow or disarm attempt (rules page, KtOG, Turn, After a hit, Critical
    miss); returns (src, winner or -1).  ``swings`` (left this turn, this one included) is what an
    agent asked sees; ``posM`` (0 leader, 1 second) and ``cont`` (a Haste swing follows) serve the
    optimal policy."""
    src, roll = below(src, M.D20)
    roll += 1
    if _is_critical_miss(roll):
        src = _fumble(src, o, P, me)
    elif kind == DISARM:
        if _disarm_succeeds(roll, _disarm_target(blessed)):
            P[DIS, t] = M.SCRAMBLE_TURNS
    else:
        crit = _is_critical_hit(roll)
        bare = kind == FIGHT
        thr = _hit_threshold(o.to_hit, blessed, P[DIS, t] > 0, P[DIS, me] > 0, P[FIGHTER, me] == 1)
        if _attack_hits(roll, thr):
            src, dodged, mighty = _reactions(src, pols, P, work, tabs, me, t, crit, bare, blessed, swings, posM,
                                             cont)
            if not dodged:
                d = 0
                for _ in range(_damage_dice(crit)):
                    src, r = below(src, M.DAMAGE_SIDES)
                    d += r + 1
                src = _hurt(src, o, P, t, _damage(d, bare, mighty))
    n, last = _standing(P)
    if n <= 1:
        return src, last
    return src, -1
