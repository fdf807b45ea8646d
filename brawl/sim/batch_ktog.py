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
- ``optimal`` (the duel with the options :mod:`brawl.solve.ktog` covers): the solved values, read
  by the same compiled functions the ``optimal`` bot uses, ties to the first decision as there.

Chunks and seeds work as in :mod:`brawl.sim.batch_krig`, so any split of a run gives the same
totals.  ``tests/test_batch_ktog.py`` checks the results against the full engine.
"""

from __future__ import annotations

import os
import time
from typing import Mapping

import numba
import numpy as np
from numba import njit, prange

from ..solve import ktog as K
from .batch_krig import CHUNK, MAX_TURNS, _chunk_seed, _next
from .engine import SimResult

POLICIES = {"brute": 0, "random": 1, "optimal": 2}
BRUTE, RANDOM, OPTIMAL = 0, 1, 2
ATTACK, DISARM, CURE, HASTE, BLESS, SCRAMBLE, FIGHT = 0, 1, 2, 3, 4, 5, 6


@njit(cache=True, inline="always")
def _below(rng, k):
    """A uniform integer 0..k-1 (multiply-and-shift on 32 random bits)."""
    rng, r = _next(rng)
    return rng, np.int64(((r >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32))


@njit(cache=True)
def _can_cast(s, fighter, cast, up):
    return fighter[s] == 0 and cast[s] == 0 and up[s] == 1


@njit(cache=True)
def _standing(up):
    n = 0
    last = -1
    for s in range(up.shape[0]):
        if up[s]:
            n += 1
            last = s
    return n, last


@njit(cache=True)
def _hurt(rng, victim, dmg, stand, hp, up):
    if dmg <= 0:
        return rng
    hp[victim] -= dmg
    if hp[victim] > 0:
        return rng
    hp[victim] = 0
    if stand:
        rng, r = _below(rng, 100)
        if r + 1 <= 50:
            return rng
    up[victim] = 0
    return rng


@njit(cache=True)
def _cfg(s, hp, haste, cure, bless, mighty, dodge):
    return K.cfg_of(hp[s], haste[s], cure[s], bless[s], mighty[s], dodge[s])


@njit(cache=True)
def _swing(rng, me, kind, t, blessed, to_hit, stand, flying, pols, hp, up, fighter, mighty, dodge, cast, dis,
           haste, cure, bless, V, W, every, posM, cont):
    """One attack, fight or disarm attempt; returns (rng, winner or -1).  ``posM`` (0 leader, 1
    second) and ``cont`` (a Haste swing follows) serve the optimal policy."""
    rng, roll = _below(rng, 20)
    roll += 1
    if roll == 1:
        rng, r = _below(rng, 20)
        if r + 1 >= 17:
            rng, d = _below(rng, 6)
            rng = _hurt(rng, me, d + 1, stand, hp, up)
        elif dis[me] == 0:
            rng, r = _below(rng, 20)
            if r + 1 >= 17:
                dis[me] = 2
            elif r + 1 == 1 and flying:
                dis[me] = 3
    elif kind == DISARM:
        if roll >= (16 if blessed else 17):
            dis[t] = 2
    else:
        crit = roll == 20
        thr = to_hit - (2 if blessed else 0) - (2 if dis[t] > 0 else 0) + (1 if dis[me] > 0 else 0) - (2 if fighter[me] else 0)
        if crit or roll >= thr:
            dodged = False
            if up[t] == 1 and _can_cast(t, fighter, cast, up) and dodge[t]:
                if pols[t] == RANDOM:
                    rng, c = _below(rng, 2)
                    dodged = c == 0
                elif pols[t] == OPTIMAL:
                    cM = _cfg(me, hp, haste, cure, bless, mighty, dodge)
                    cO = _cfg(t, hp, haste, cure, bless, mighty, dodge)
                    dv = K.after_swing(V, W, every, posM, cast[me], 1, cM, dis[me], K.spend(cO, 0), dis[t], cont)
                    nv = K.damage_value(V, W, every, posM, cast[me], cast[t], cM, dis[me], cO, dis[t], crit,
                                        kind == FIGHT, False, cont)
                    if cast[me] == 0 and mighty[me] == 1:
                        nv = max(nv, K.damage_value(V, W, every, posM, 1, cast[t], K.spend(cM, 1), dis[me], cO,
                                                    dis[t], crit, kind == FIGHT, True, cont))
                    dodged = dv <= nv
                if dodged:
                    dodge[t] = 0
                    cast[t] = 1
            if not dodged:
                on = False
                if _can_cast(me, fighter, cast, up) and mighty[me]:
                    if pols[me] == RANDOM:
                        rng, c = _below(rng, 2)
                        on = c == 0
                    elif pols[me] == OPTIMAL:
                        cM = _cfg(me, hp, haste, cure, bless, mighty, dodge)
                        cO = _cfg(t, hp, haste, cure, bless, mighty, dodge)
                        mv = K.damage_value(V, W, every, posM, 1, cast[t], K.spend(cM, 1), dis[me], cO, dis[t], crit,
                                            kind == FIGHT, True, cont)
                        nv = K.damage_value(V, W, every, posM, cast[me], cast[t], cM, dis[me], cO, dis[t], crit,
                                            kind == FIGHT, False, cont)
                        on = mv >= nv
                    if on:
                        mighty[me] = 0
                        cast[me] = 1
                rng, d = _below(rng, 6)
                d += 1
                if crit:
                    rng, d2 = _below(rng, 6)
                    d += d2 + 1
                if kind == FIGHT:
                    d = max(0, d - 2)
                if on:
                    d *= 2
                rng = _hurt(rng, t, d, stand, hp, up)
    n, last = _standing(up)
    if n <= 1:
        return rng, last
    return rng, -1


@njit(cache=True)
def _list_swings(me, n, up, dis, kinds, targets, m):
    """Append attack:N for each conscious opponent, then disarm:N for each armed one, from
    position ``m``; returns the new length."""
    for s in range(n):
        if s != me and up[s]:
            kinds[m] = ATTACK
            targets[m] = s
            m += 1
    for s in range(n):
        if s != me and up[s] and dis[s] == 0:
            kinds[m] = DISARM
            targets[m] = s
            m += 1
    return m


@njit(cache=True)
def _swing_choice(rng, me, n, up, dis, kinds, targets):
    """Uniform over attack:N for each opponent and disarm:N for each armed one."""
    m = _list_swings(me, n, up, dis, kinds, targets, 0)
    rng, i = _below(rng, m)
    return rng, kinds[i], targets[i]


@njit(cache=True)
def _optimal_swing(me, t, blessed, hp, haste, cure, bless, mighty, dodge, cast, dis, V, W, every, posM, cont):
    """Attack, or a disarm attempt when it is worth strictly more (the engine's order breaks ties)."""
    cM = _cfg(me, hp, haste, cure, bless, mighty, dodge)
    cO = _cfg(t, hp, haste, cure, bless, mighty, dodge)
    if dis[t] > 0:
        return ATTACK
    a = K.swing_value(V, W, every, False, posM, cast[me], cast[t], cM, 0, cO, dis[t], 0, blessed, cont)
    d = K.swing_value(V, W, every, False, posM, cast[me], cast[t], cM, 0, cO, dis[t], 1, blessed, cont)
    return DISARM if d > a else ATTACK


@njit(cache=True)
def _weakest(me, n, hp, up):
    best = -1
    for k in range(1, n):
        s = (me + k) % n
        if up[s] and (best < 0 or hp[s] < hp[best]):
            best = s
    return best


@njit(cache=True)
def _play_game(rng, n, hp0, to_hit, every_round, init_sides, stand, flying, touch, classes, cure_cap, pols,
               hp, maxhp, up, fighter, haste, cure, bless, mighty, dodge, cast, dis, kinds, targets, rolls, rollers,
               V, W, q):
    for s in range(n):
        hp[s] = hp0
        maxhp[s] = hp0
        up[s] = 1
        fighter[s] = 0
        haste[s] = 2
        cure[s] = 1
        bless[s] = 1
        mighty[s] = 1
        dodge[s] = 1
        cast[s] = 0
        dis[s] = 0
    if classes:
        for s in range(n):
            pick_fighter = False
            if pols[s] == RANDOM:
                rng, c = _below(rng, 2)
                pick_fighter = c == 0
            if pick_fighter:
                fighter[s] = 1
                hp[s] = hp0 + 5
                maxhp[s] = hp0 + 5
                haste[s] = 0
                cure[s] = 0
                bless[s] = 0
                mighty[s] = 0
                dodge[s] = 0
    leader = -1
    first = -1
    turns = 0
    while True:
        for s in range(n):
            cast[s] = 0
        if leader < 0 or every_round:
            m = 0
            for s in range(n):
                if up[s]:
                    rollers[m] = s
                    m += 1
            while True:
                best = 0
                for i in range(m):
                    rng, r = _below(rng, init_sides)
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
                    break
            leader = rollers[0]
            if first < 0:
                first = leader
        for k in range(n):
            me = (leader + k) % n
            if not up[me]:
                continue
            turns += 1
            if turns >= 1_000_000:
                return rng, -1, first, turns
            spells = _can_cast(me, fighter, cast, up)
            # the opening decision of the turn
            act = ATTACK
            tgt = -1
            posM = 0 if me == leader else 1
            if pols[me] == BRUTE:
                if dis[me]:
                    act = SCRAMBLE
                else:
                    tgt = _weakest(me, n, hp, up)
            elif pols[me] == OPTIMAL:
                o = 1 - me
                pos = 0 if posM == 0 else 1 + 2 * cast[me] + cast[o]
                K.turn_values(V, W, every_round, False, hp0, pos, _cfg(me, hp, haste, cure, bless, mighty, dodge),
                              dis[me], _cfg(o, hp, haste, cure, bless, mighty, dodge), dis[o], q)
                best = -1
                for a in range(K.NA):
                    if not np.isnan(q[a]) and (best < 0 or q[a] > q[best]):
                        best = a
                tgt = o
                if best == K.A_ATTACK:
                    act = ATTACK
                elif best == K.A_DISARM:
                    act = DISARM
                elif best == K.A_CURE_SELF:
                    act = CURE
                    tgt = me
                elif best == K.A_CURE_OTHER:
                    act = CURE
                elif best == K.A_HASTE:
                    act = HASTE
                elif best == K.A_BLESS:
                    act = BLESS
                elif best == K.A_SCRAMBLE:
                    act = SCRAMBLE
                else:
                    act = FIGHT
            else:
                m = 0
                if dis[me]:
                    kinds[m] = SCRAMBLE
                    m += 1
                    if spells and haste[me] > 0 and dis[me] >= 2:
                        kinds[m] = HASTE
                        m += 1
                    for s in range(n):
                        if s != me and up[s]:
                            kinds[m] = FIGHT
                            targets[m] = s
                            m += 1
                else:
                    m = _list_swings(me, n, up, dis, kinds, targets, m)
                    if spells and haste[me] > 0:
                        kinds[m] = HASTE
                        m += 1
                    if spells and bless[me]:
                        kinds[m] = BLESS
                        m += 1
                if spells and cure[me]:
                    for s in range(n):
                        if up[s]:
                            kinds[m] = CURE
                            targets[m] = s
                            m += 1
                rng, i = _below(rng, m)
                act = kinds[i]
                tgt = targets[i]
            winner = -1
            if act == SCRAMBLE:
                dis[me] = max(0, dis[me] - 1)
            elif act == CURE:
                cure[me] = 0
                cast[me] = 1
                ok = True
                if touch and tgt != me:
                    thr = to_hit - (2 if dis[tgt] > 0 else 0) + (1 if dis[me] > 0 else 0) - (2 if fighter[me] else 0)
                    rng, r = _below(rng, 20)
                    ok = r + 1 >= thr
                if ok:
                    rng, r = _below(rng, 9)
                    hp[tgt] += r + 2
                    if cure_cap and hp[tgt] > maxhp[tgt]:
                        hp[tgt] = maxhp[tgt]
            elif act == HASTE:
                haste[me] -= 1
                cast[me] = 1
                if dis[me]:
                    dis[me] = max(0, dis[me] - 2)
                else:
                    for sw in range(2):
                        if sw == 1 and not (up[me] and dis[me] == 0):
                            break
                        if pols[me] == OPTIMAL:
                            t = 1 - me
                            kind = _optimal_swing(me, t, False, hp, haste, cure, bless, mighty, dodge, cast, dis,
                                                  V, W, every_round, posM, sw == 0)
                        else:
                            rng, kind, t = _swing_choice(rng, me, n, up, dis, kinds, targets)
                        rng, winner = _swing(rng, me, kind, t, False, to_hit, stand, flying, pols, hp, up, fighter,
                                             mighty, dodge, cast, dis, haste, cure, bless, V, W, every_round, posM,
                                             sw == 0)
                        if winner >= 0:
                            break
            elif act == BLESS:
                bless[me] = 0
                cast[me] = 1
                if pols[me] == OPTIMAL:
                    t = 1 - me
                    kind = _optimal_swing(me, t, True, hp, haste, cure, bless, mighty, dodge, cast, dis,
                                          V, W, every_round, posM, False)
                else:
                    rng, kind, t = _swing_choice(rng, me, n, up, dis, kinds, targets)
                rng, winner = _swing(rng, me, kind, t, True, to_hit, stand, flying, pols, hp, up, fighter,
                                     mighty, dodge, cast, dis, haste, cure, bless, V, W, every_round, posM, False)
            else:
                rng, winner = _swing(rng, me, act, tgt, False, to_hit, stand, flying, pols, hp, up, fighter,
                                     mighty, dodge, cast, dis, haste, cure, bless, V, W, every_round, posM, False)
            if winner >= 0:
                return rng, winner, first, turns


@njit(cache=True)
def _play_chunk(k, games, seed, n, hp0, to_hit, every_round, init_sides, stand, flying, touch, classes, cure_cap,
                pols, wins, hist, V, W):
    rng = _chunk_seed(seed, k)
    arrays = np.zeros((11, n), np.int64)
    kinds = np.zeros(4 * n + 4, np.int64)
    targets = np.zeros(4 * n + 4, np.int64)
    rolls = np.zeros(n, np.int64)
    rollers = np.zeros(n, np.int64)
    q = np.empty(K.NA)
    fmw = 0
    total = 0
    for _ in range(games):
        rng, w, first, turns = _play_game(rng, n, hp0, to_hit, every_round, init_sides, stand, flying, touch,
                                          classes, cure_cap, pols, arrays[0], arrays[1], arrays[2], arrays[3],
                                          arrays[4], arrays[5], arrays[6], arrays[7], arrays[8], arrays[9],
                                          arrays[10], kinds, targets, rolls, rollers, V, W, q)
        if w >= 0:
            wins[w] += 1
            if w == first:
                fmw += 1
        total += turns
        hist[min(turns, MAX_TURNS - 1)] += 1
    return fmw, total


@njit(cache=True, parallel=True)
def _play_chunks(chunk_lo, chunk_hi, games_hi, seed, n, hp0, to_hit, every_round, init_sides, stand, flying, touch,
                 classes, cure_cap, pols, V, W):
    m = chunk_hi - chunk_lo
    wins = np.zeros((m, n), np.int64)
    out = np.zeros((m, 2), np.int64)
    hist = np.zeros((m, MAX_TURNS), np.int64)
    for j in prange(m):
        k = chunk_lo + j
        g = min(CHUNK, games_hi - k * CHUNK)
        a, b = _play_chunk(k, g, seed, n, hp0, to_hit, every_round, init_sides, stand, flying, touch, classes,
                           cure_cap, pols, wins[j], hist[j], V, W)
        out[j, 0] = a
        out[j, 1] = b
    return wins.sum(axis=0), out.sum(axis=0), hist.sum(axis=0)


def can_run(game: str, bot_specs: list[str]) -> bool:
    return game == "ktog" and all(b in POLICIES for b in bot_specs)


def run_range(options: Mapping, bot_specs: list[str], seed: int, start: int, stop: int,
              workers: int | None = None) -> SimResult:
    """Games ``start`` to ``stop`` (``start`` a multiple of :data:`CHUNK`)."""
    from ..core.game import BrawlError
    from ..games import make_game

    game = make_game("ktog", options)
    o = game.options
    if len(bot_specs) != o.players:
        raise BrawlError(f"ktog with these options has {o.players} seats; got {len(bot_specs)} bots")
    if start % CHUNK:
        raise ValueError(f"a range starts at a multiple of {CHUNK}")
    threads = max(1, min(workers or os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(threads)
    t0 = time.perf_counter()
    n = o.players
    result = SimResult("ktog", game.options_json(), list(bot_specs), seed, wins=[0] * n, backend="batch")
    if stop > start:
        pols = np.array([POLICIES[b] for b in bot_specs], np.int64)
        V = W = np.zeros((1, 1, 1))
        if "optimal" in bot_specs:
            from ..solve import solve_for_play

            sol = solve_for_play("ktog", game.options_json())  # refuses what the duel solver does not cover
            V, W = sol.V, sol.W
        wins, sums, hist = _play_chunks(start // CHUNK, (stop + CHUNK - 1) // CHUNK, stop, seed % 2**63, n, o.hp,
                                        o.to_hit, o.initiative == "every_round", int(o.initiative_die[1:]),
                                        o.stand_at_zero, o.fumble_flying, o.cure_touch_roll, o.classes, o.cure_cap,
                                        pols, V, W)
        result.games = stop - start
        result.wins = [int(w) for w in wins]
        result.draws = result.games - int(wins.sum())
        result.first_mover_wins = int(sums[0])
        result.total_turns = int(sums[1])
        result.turn_counts = {int(i): int(hist[i]) for i in np.flatnonzero(hist)}
    result.seconds = time.perf_counter() - t0
    return result


def batch_runner(game: str, options: Mapping, bot_specs: list[str], games: int, seed: int,
                 workers: int | None) -> SimResult | None:
    """``brawl sim``'s batch path for KtOG; None unless every bot is brute or random."""
    if not can_run(game, bot_specs):
        return None
    return run_range(options, bot_specs, seed, 0, games, workers)
