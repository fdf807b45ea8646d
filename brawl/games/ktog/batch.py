"""Batch simulation of KtOG (2 to 8 players, every option), compiled with Numba over every core.

The loop follows :mod:`brawl.games.ktog.rules` (``shared/RULINGS.md``, KtOG): initiative (ties
among the highest re-roll; once or every round), rounds in seat order from the leader, Haste,
Bless, Cure (cap, touch roll), attacks and disarm attempts, Dodge and Mighty Blow windows (opened
only for a player who can cast), critical hits and misses (self-hit, drop, flying weapon),
scrambling and bare-handed fighting, standing at zero, and classes.  The bots are the reference
policies as codes:

- ``brute``: attack the weakest conscious opponent (ties: the first after itself in seat order),
  never cast, never disarm, scramble when disarmed, magic-user when classes are picked;
- ``random``: uniform over the legal decisions at every decision, as the generic random bot;
- ``optimal`` (the duel with the options :mod:`.solver` covers): the solved values, read
  by the same compiled functions the ``optimal`` bot uses, ties to the first decision as there.

Every number and formula of the rules comes from :mod:`brawl.games.ktog.mechanics`, compiled as
it stands.  The code follows the rules by concept: set-up and classes, initiative, a turn (the
opening decision, Haste, Bless, Cure, scrambling), one swing (the d20, a critical miss, a disarm,
the reaction windows, damage).  A game's state is one table ``P[row, seat]`` (rows ``HP`` to
``DIS``), its options one record (:func:`rules_record`).  The random policy picks among the legal
decisions in the rules module's order, so a tape (``brawl.sim.kernel.new_tape``) drives this code and the
engine through identical games (``tests/games/ktog/test_batch_agrees.py``).

Chunks and seeds work as in :mod:`brawl.games.krig.batch`, so any split of a run gives the same
totals.  ``tests/test_batch_ktog.py`` checks the results against the full engine.
"""

from __future__ import annotations

import os
import time
from collections import namedtuple
from typing import Mapping

import numba
import numpy as np
from numba import njit, prange
from numba.extending import overload

from ...sim.engine import SimResult
from ...sim.kernel import CHUNK, MAX_TURNS, _chunk_seed, _is_tape, below, new_tape, note
from . import mechanics as M
from . import solver as K

POLICIES = {"brute": 0, "random": 1, "optimal": 2}
BRUTE, RANDOM, OPTIMAL = 0, 1, 2
# decision codes (with a target where the engine's decision names one)
ATTACK, DISARM, CURE, HASTE, BLESS, SCRAMBLE, FIGHT = 0, 1, 2, 3, 4, 5, 6
DODGE, NO_DODGE, MIGHTY, NO_MIGHTY, PICK_FIGHTER, PICK_MAGIC_USER = 7, 8, 9, 10, 11, 12
DECISIONS = ("attack:{}", "disarm:{}", "cure:{}", "haste", "bless", "scramble", "fight:{}", "dodge", "none",
             "mighty_blow", "none", "fighter", "magic_user")
# rows of the player table ``P[row, seat]``
HP, MAXHP, UP, FIGHTER, HASTE_LEFT, CURE_LEFT, BLESS_LEFT, MIGHTY_LEFT, DODGE_LEFT, CAST, DIS = range(11)
NROWS = 11
LOG_WIDTH = 3 + M.MAX_PLAYERS  # seat, decision, target, then every seat's hit points before it

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
    log row and the optimal policy's action values."""
    return (np.zeros(4 * n + 4, np.int64), np.zeros(4 * n + 4, np.int64), np.zeros(n, np.int64),
            np.zeros(n, np.int64), np.zeros(LOG_WIDTH, np.int64), np.empty(K.NA))


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

@njit(cache=True, inline="always")
def _can_cast(P, s):
    """RULINGS KtOG, Spells: no spells for fighters, one per player per round, conscious only."""
    return P[FIGHTER, s] == 0 and P[CAST, s] == 0 and P[UP, s] == 1


@njit(cache=True, inline="always")
def _standing(P):
    n = 0
    last = -1
    for s in range(P.shape[1]):
        if P[UP, s]:
            n += 1
            last = s
    return n, last


@njit(cache=True, inline="always")
def _cfg(P, s):
    return K.cfg_of(P[HP, s], P[HASTE_LEFT, s], P[CURE_LEFT, s], P[BLESS_LEFT, s], P[MIGHTY_LEFT, s],
                    P[DODGE_LEFT, s])


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _set_up(src, o, pols, P, work):
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


@njit(cache=True, inline="always")
def _initiative(src, o, P, work):
    """RULINGS KtOG, Initiative: every conscious player rolls; only those tied for highest re-roll."""
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

@njit(cache=True, inline="always")
def _fumble(src, o, P, me):
    """RULINGS KtOG, Critical miss: a d20 to hit himself for d6, else (armed) a d20 to drop the weapon."""
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


@njit(cache=True, inline="always")
def _reactions(src, pols, P, work, tabs, me, t, crit, bare, posM, cont):
    """RULINGS KtOG, After a hit, steps 1 and 2: the target may Dodge, else the attacker may cast
    Mighty Blow (each window opened only for a player who can cast).  Returns (src, dodged, mighty)."""
    V, W = tabs[0], tabs[1]
    if _can_cast(P, t) and P[DODGE_LEFT, t]:
        dodged = False
        if pols[t] == RANDOM:
            src, c = below(src, 2)
            dodged = c == 0
        elif pols[t] == OPTIMAL:
            cM = _cfg(P, me)
            cO = _cfg(P, t)
            dv = K.after_swing(V, W, o_every(tabs), posM, P[CAST, me], 1, cM, P[DIS, me], K.spend(cO, 0), P[DIS, t], cont)
            nv = K.damage_value(V, W, o_every(tabs), posM, P[CAST, me], P[CAST, t], cM, P[DIS, me], cO, P[DIS, t],
                                crit, bare, False, cont)
            if P[CAST, me] == 0 and P[MIGHTY_LEFT, me] == 1:
                nv = max(nv, K.damage_value(V, W, o_every(tabs), posM, 1, P[CAST, t], K.spend(cM, 1), P[DIS, me], cO,
                                            P[DIS, t], crit, bare, True, cont))
            dodged = dv <= nv
        _decide(src, work, P, t, DODGE if dodged else NO_DODGE, -1)
        if dodged:
            P[DODGE_LEFT, t] = 0
            P[CAST, t] = 1
            return src, True, False
    on = False
    if _can_cast(P, me) and P[MIGHTY_LEFT, me]:
        if pols[me] == RANDOM:
            src, c = below(src, 2)
            on = c == 0
        elif pols[me] == OPTIMAL:
            cM = _cfg(P, me)
            cO = _cfg(P, t)
            mv = K.damage_value(V, W, o_every(tabs), posM, 1, P[CAST, t], K.spend(cM, 1), P[DIS, me], cO, P[DIS, t],
                                crit, bare, True, cont)
            nv = K.damage_value(V, W, o_every(tabs), posM, P[CAST, me], P[CAST, t], cM, P[DIS, me], cO, P[DIS, t],
                                crit, bare, False, cont)
            on = mv >= nv
        _decide(src, work, P, me, MIGHTY if on else NO_MIGHTY, -1)
        if on:
            P[MIGHTY_LEFT, me] = 0
            P[CAST, me] = 1
    return src, False, on


@njit(cache=True, inline="always")
def _swing(src, o, pols, P, work, tabs, me, kind, t, blessed, posM, cont):
    """One attack, bare-handed blow or disarm attempt (RULINGS KtOG, Turn, After a hit, Critical
    miss); returns (src, winner or -1).  ``posM`` (0 leader, 1 second) and ``cont`` (a Haste swing
    follows) serve the optimal policy."""
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
            src, dodged, mighty = _reactions(src, pols, P, work, tabs, me, t, crit, bare, posM, cont)
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


# -- decisions ------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def _list_swings(P, me, kinds, targets, m):
    """Append attack:N for each conscious opponent, then disarm:N for each armed one, from
    position ``m``; returns the new length."""
    n = P.shape[1]
    for s in range(n):
        if s != me and P[UP, s]:
            kinds[m] = ATTACK
            targets[m] = s
            m += 1
    for s in range(n):
        if s != me and P[UP, s] and P[DIS, s] == 0:
            kinds[m] = DISARM
            targets[m] = s
            m += 1
    return m


@njit(cache=True, inline="always")
def _list_openings(P, me, kinds, targets):
    """The legal opening decisions of a turn, in the rules module's order; returns their number."""
    n = P.shape[1]
    spells = _can_cast(P, me)
    m = 0
    if P[DIS, me]:
        kinds[m] = SCRAMBLE
        m += 1
        if spells and P[HASTE_LEFT, me] > 0 and _may_haste_scramble(P[DIS, me]):
            kinds[m] = HASTE
            m += 1
        m = _list_cures(P, me, spells, kinds, targets, m)
        for s in range(n):
            if s != me and P[UP, s]:
                kinds[m] = FIGHT
                targets[m] = s
                m += 1
        return m
    m = _list_swings(P, me, kinds, targets, m)
    m = _list_cures(P, me, spells, kinds, targets, m)
    if spells and P[HASTE_LEFT, me] > 0:
        kinds[m] = HASTE
        m += 1
    if spells and P[BLESS_LEFT, me]:
        kinds[m] = BLESS
        m += 1
    return m


@njit(cache=True, inline="always")
def _list_cures(P, me, spells, kinds, targets, m):
    """Append cure:N for each conscious player when ``me`` can cast Cure; returns the new length."""
    if spells and P[CURE_LEFT, me]:
        for s in range(P.shape[1]):
            if P[UP, s]:
                kinds[m] = CURE
                targets[m] = s
                m += 1
    return m


@njit(cache=True, inline="always")
def _optimal_opening(P, work, tabs, me, posM, hp0):
    """The solved duel's best opening decision (ties to the first in the solver's order)."""
    V, W = tabs[0], tabs[1]
    q = work[5]
    o = 1 - me
    pos = 0 if posM == 0 else 1 + 2 * P[CAST, me] + P[CAST, o]
    K.turn_values(V, W, o_every(tabs), False, hp0, pos, _cfg(P, me), P[DIS, me], _cfg(P, o), P[DIS, o], q, tabs[3])
    best = -1
    for a in range(K.NA):
        if not np.isnan(q[a]) and (best < 0 or q[a] > q[best]):
            best = a
    if best == K.A_ATTACK:
        return ATTACK, o
    if best == K.A_DISARM:
        return DISARM, o
    if best == K.A_CURE_SELF:
        return CURE, me
    if best == K.A_CURE_OTHER:
        return CURE, o
    if best == K.A_HASTE:
        return HASTE, o
    if best == K.A_BLESS:
        return BLESS, o
    if best == K.A_SCRAMBLE:
        return SCRAMBLE, o
    return FIGHT, o


@njit(cache=True, inline="always")
def _opening(src, o, pols, P, work, tabs, me, posM):
    """The decision that opens ``me``'s turn: (src, decision, target)."""
    if pols[me] == BRUTE:
        if P[DIS, me]:
            return src, SCRAMBLE, -1
        return src, ATTACK, _weakest(P, me)
    if pols[me] == OPTIMAL:
        act, tgt = _optimal_opening(P, work, tabs, me, posM, o.hp)
        return src, act, tgt
    kinds, targets = work[0], work[1]
    m = _list_openings(P, me, kinds, targets)
    src, i = below(src, m)
    return src, kinds[i], targets[i]


@njit(cache=True, inline="always")
def _next_swing(src, pols, P, work, tabs, me, blessed, posM, cont):
    """After Haste or Bless: attack or disarm attempt, and on whom.  (src, kind, target)"""
    if pols[me] == OPTIMAL:
        V, W = tabs[0], tabs[1]
        t = 1 - me
        if P[DIS, t] > 0:
            return src, ATTACK, t
        cM = _cfg(P, me)
        cO = _cfg(P, t)
        a = K.swing_value(V, W, o_every(tabs), False, posM, P[CAST, me], P[CAST, t], cM, 0, cO, P[DIS, t], 0,
                          blessed, cont, tabs[3])
        d = K.swing_value(V, W, o_every(tabs), False, posM, P[CAST, me], P[CAST, t], cM, 0, cO, P[DIS, t], 1,
                          blessed, cont, tabs[3])
        return src, DISARM if d > a else ATTACK, t
    if pols[me] == BRUTE:
        return src, ATTACK, _weakest(P, me)  # never reached: the brute casts no Haste or Bless
    kinds, targets = work[0], work[1]
    m = _list_swings(P, me, kinds, targets, 0)
    src, i = below(src, m)
    return src, kinds[i], targets[i]


@njit(cache=True, inline="always")
def o_every(tabs):
    """Whether initiative is rolled every round (the optimal policy's tables depend on it)."""
    return tabs[2]


# -- a turn, a game -------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def _cure(src, o, P, me, tgt):
    """RULINGS KtOG, Cure: the touch roll first when curing someone else (``cure_touch_roll``), then
    d10 with 1s re-rolled, capped with ``cure_cap``."""
    P[CURE_LEFT, me] = 0
    P[CAST, me] = 1
    if o.touch and tgt != me:
        thr = _hit_threshold(o.to_hit, False, P[DIS, tgt] > 0, P[DIS, me] > 0, P[FIGHTER, me] == 1)
        src, r = below(src, M.D20)
        if not _touch_succeeds(r + 1, thr):
            return src
    src, r = below(src, M.CURE_FACES)
    P[HP, tgt] = _cured(P[HP, tgt], r + M.CURE_MIN, P[MAXHP, tgt], o.cure_cap)
    return src


@njit(cache=True, inline="always")
def _turn(src, o, pols, P, work, tabs, me, leader):
    """``me``'s turn (RULINGS KtOG, Turn and Disarmed); returns (src, winner or -1)."""
    posM = 0 if me == leader else 1
    src, act, tgt = _opening(src, o, pols, P, work, tabs, me, posM)
    _decide(src, work, P, me, act, tgt)
    if act == SCRAMBLE:
        P[DIS, me] = _scramble_left(P[DIS, me], 1)
        return src, -1
    if act == CURE:
        return _cure(src, o, P, me, tgt), -1
    if act == HASTE:
        P[HASTE_LEFT, me] -= 1
        P[CAST, me] = 1
        if P[DIS, me]:
            P[DIS, me] = _scramble_left(P[DIS, me], M.HASTE_SWINGS)
            return src, -1
        winner = -1
        for sw in range(M.HASTE_SWINGS):
            if sw > 0 and not (P[UP, me] and P[DIS, me] == 0):
                break
            cont = sw < M.HASTE_SWINGS - 1
            src, kind, t = _next_swing(src, pols, P, work, tabs, me, False, posM, cont)
            _decide(src, work, P, me, kind, t)
            src, winner = _swing(src, o, pols, P, work, tabs, me, kind, t, False, posM, cont)
            if winner >= 0:
                break
        return src, winner
    if act == BLESS:
        P[BLESS_LEFT, me] = 0
        P[CAST, me] = 1
        src, kind, t = _next_swing(src, pols, P, work, tabs, me, True, posM, False)
        _decide(src, work, P, me, kind, t)
        return _swing(src, o, pols, P, work, tabs, me, kind, t, True, posM, False)
    return _swing(src, o, pols, P, work, tabs, me, act, tgt, False, posM, False)


@njit(cache=True)
def _play_game(src, o, pols, P, work, tabs):
    """One game; returns (src, winner or -1 for a game cut off, first mover, turns)."""
    src = _set_up(src, o, pols, P, work)
    leader = -1
    first = -1
    turns = 0
    while True:
        for s in range(o.players):
            P[CAST, s] = 0
        if leader < 0 or o.every_round:
            src, leader = _initiative(src, o, P, work)
            if first < 0:
                first = leader
        for k in range(o.players):
            me = (leader + k) % o.players
            if not P[UP, me]:
                continue
            turns += 1
            if turns >= 1_000_000:
                return src, -1, first, turns
            src, winner = _turn(src, o, pols, P, work, tabs, me, leader)
            if winner >= 0:
                return src, winner, first, turns


@njit(cache=True)
def _play_chunk(k, games, seed, o, pols, wins, hist, tabs):
    rng = _chunk_seed(seed, k)
    P = np.zeros((NROWS, o.players), np.int64)
    work = new_work(o.players)
    fmw = 0
    total = 0
    for _ in range(games):
        rng, w, first, turns = _play_game(rng, o, pols, P, work, tabs)
        if w >= 0:
            wins[w] += 1
            if w == first:
                fmw += 1
        total += turns
        hist[min(turns, MAX_TURNS - 1)] += 1
    return fmw, total


@njit(cache=True, parallel=True)
def _play_chunks(chunk_lo, chunk_hi, games_hi, seed, o, pols, tabs):
    m = chunk_hi - chunk_lo
    wins = np.zeros((m, o.players), np.int64)
    out = np.zeros((m, 2), np.int64)
    hist = np.zeros((m, MAX_TURNS), np.int64)
    for j in prange(m):
        k = chunk_lo + j
        g = min(CHUNK, games_hi - k * CHUNK)
        a, b = _play_chunk(k, g, seed, o, pols, wins[j], hist[j], tabs)
        out[j, 0] = a
        out[j, 1] = b
    return wins.sum(axis=0), out.sum(axis=0), hist.sum(axis=0)


@njit(cache=True)
def _play_tape(tape, o, pols, P, work, tabs):
    tape, winner, first, turns = _play_game(tape, o, pols, P, work, tabs)
    return winner, first, turns


def _setup(options: Mapping, bot_specs: list[str]):
    """(game, options record, policy codes, solver tables) for a run; checks the seats."""
    from ...core.game import BrawlError
    from .. import make_game

    game = make_game("ktog", options)
    o = game.options
    if len(bot_specs) != o.players:
        raise BrawlError(f"ktog with these options has {o.players} seats; got {len(bot_specs)} bots")
    pols = np.array([POLICIES[b] for b in bot_specs], np.int64)
    V = W = np.zeros((1, 1, 1))
    if "optimal" in bot_specs:
        from ...solve import solve_for_play

        sol = solve_for_play("ktog", game.options_json())  # refuses what the duel solver does not cover
        V, W = sol.V, sol.W
    return game, rules_record(o), pols, (V, W, o.initiative == "every_round", int(o.to_hit))


def play_tape(options: Mapping, bot_specs: list[str], values) -> dict:
    """One game whose dice and random choices are ``values`` in turn (``brawl.sim.kernel.new_tape``): the
    winner, the first mover, the values used and each decision as (seat, engine name, every seat's
    hit points before it)."""
    game, o, pols, tabs = _setup(options, bot_specs)
    tape = new_tape(values, LOG_WIDTH)
    P = np.zeros((NROWS, o.players), np.int64)
    winner, first, turns = _play_tape(tape, o, pols, P, new_work(o.players), tabs)
    decisions = []
    for r in tape[2][:tape[3][0]]:
        name = DECISIONS[r[1]].format(int(r[2]) + 1)
        decisions.append((int(r[0]), name, tuple(int(h) for h in r[3:3 + o.players])))
    return {"winner": int(winner), "first": int(first), "turns": int(turns), "used": int(tape[1][0]),
            "decisions": decisions}


def can_run(bot_specs: list[str]) -> bool:
    """Whether every bot is one this kernel plays."""
    return all(b in POLICIES for b in bot_specs)


def run_range(options: Mapping, bot_specs: list[str], seed: int, start: int, stop: int,
              workers: int | None = None) -> SimResult:
    """Games ``start`` to ``stop`` (``start`` a multiple of :data:`CHUNK`)."""
    if start % CHUNK:
        raise ValueError(f"a range starts at a multiple of {CHUNK}")
    game, o, pols, tabs = _setup(options, bot_specs)
    threads = max(1, min(workers or os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(threads)
    t0 = time.perf_counter()
    n = o.players
    result = SimResult("ktog", game.options_json(), list(bot_specs), seed, wins=[0] * n, backend="batch")
    if stop > start:
        wins, sums, hist = _play_chunks(start // CHUNK, (stop + CHUNK - 1) // CHUNK, stop, seed % 2**63, o, pols,
                                        tabs)
        result.games = stop - start
        result.wins = [int(w) for w in wins]
        result.draws = result.games - int(wins.sum())
        result.first_mover_wins = int(sums[0])
        result.total_turns = int(sums[1])
        result.turn_counts = {int(i): int(hist[i]) for i in np.flatnonzero(hist)}
    result.seconds = time.perf_counter() - t0
    return result


def batch_runner(options: Mapping, bot_specs: list[str], games: int, seed: int,
                 workers: int | None) -> SimResult | None:
    """``brawl sim``'s batch path for KtOG; None unless every bot is brute or random."""
    if not can_run(bot_specs):
        return None
    return run_range(options, bot_specs, seed, 0, games, workers)
