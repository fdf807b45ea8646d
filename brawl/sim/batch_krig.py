"""Batch simulation of Krig: millions of games per second, compiled with Numba over every core.

The games follow the same rules as :mod:`brawl.games.krig.rules` (``shared/RULINGS.md``, Krig)
written as a tight loop over small integers; the bots are the reference policies as codes:

- ``attacker``: always attack (the charge attack when charging), never parry;
- ``random``: uniform over the legal decisions, as the generic random bot;
- ``optimal``: the solved policy tables of :mod:`brawl.solve` (the same tables the ``optimal``
  bot reads in the engine).

Games are cut into chunks of :data:`CHUNK`; chunk ``k`` of a run with seed ``S`` draws from its own
generator seeded from ``(S, k)``, so any split of the chunks (threads, processes, a Ray cluster)
adds up to exactly the same totals.  Dice come from a 64-bit generator (SplitMix64) mapped to a
face by multiply-and-shift on 32-bit halves (bias below 10^-8 per roll).
``tests/test_batch_krig.py`` checks the results against the full engine and exact values.
"""

from __future__ import annotations

import os
import time
from typing import Mapping

import numba
import numpy as np
from numba import njit, prange

from .engine import SimResult

CHUNK = 1 << 16
MAX_TURNS = 4096  # longer games (never seen) are counted in the last bin of the histogram
POLICIES = {"attacker": 0, "random": 1, "optimal": 2}


@njit(cache=True, inline="always")
def _next(state):
    """SplitMix64: returns (new state, 64-bit output)."""
    state = (state + np.uint64(0x9E3779B97F4A7C15))
    z = state
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return state, z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _face(bits32, sides):
    """A face 1..sides from 32 random bits."""
    return np.int64((bits32 * np.uint64(sides)) >> np.uint64(32)) + 1


@njit(cache=True)
def _chunk_seed(seed, k):
    s = np.uint64(seed) * np.uint64(0xD1B54A32D192ED03) + np.uint64(k) * np.uint64(0x9E3779B97F4A7C15)
    s, out = _next(s)
    s, out = _next(out ^ np.uint64(k))
    return out


@njit(cache=True)
def _play_chunk(k, n, seed, hp, article, pol0, pol1, turn_tab, parry_tab, hist):
    """Play ``n`` games of chunk ``k``; returns (seat 0 wins, first-mover wins, total turns)."""
    rng = _chunk_seed(seed, k)
    mask = np.uint64(0xFFFFFFFF)
    w0 = 0
    fmw = 0
    total_turns = 0
    h = np.empty(2, np.int64)
    d = np.empty(2, np.int64)
    c = np.empty(2, np.int64)
    for _ in range(n):
        h[0] = hp
        h[1] = hp
        d[0] = 0
        d[1] = 0
        c[0] = 0
        c[1] = 0
        rng, r = _next(rng)
        t = np.int64(r >> np.uint64(63))  # initiative: each seat first with chance 1/2
        first = t
        turns = 0
        while True:
            e = 1 - t
            turns += 1
            pol = pol0 if t == 0 else pol1
            # the decision of the seat on turn: 0 attack, 1 defend, 2 charge
            if c[t] == 1:
                act = 0
            elif pol == 0:
                act = 0
            elif pol == 1:
                rng, r = _next(rng)
                nlegal = 3 if d[t] == 0 else 2
                pick = _face(r & mask, nlegal) - 1
                if pick == 0:
                    act = 0
                elif nlegal == 3 and pick == 1:
                    act = 1
                else:
                    act = 2
            else:
                act = turn_tab[h[t], h[e], d[t], d[e], c[t], c[e]]
            if act == 1:
                rng, r = _next(rng)
                d[t] = _face(r & mask, 8)
                t = e
                continue
            if act == 2:
                c[t] = 1
                if article:
                    d[t] = 0
                t = e
                continue
            rng, r = _next(rng)
            agility = _face(r & mask, 10)
            blow = _face(r >> np.uint64(32), 6)
            if c[t] == 1:
                rng, r = _next(rng)
                blow += _face(r & mask, 8)
                c[t] = 0
                d[t] = 0
                if agility == 1:
                    t = e
                    continue
                if agility == 10:
                    h[e] -= blow
                else:
                    soak = min(d[e], blow)
                    d[e] -= soak
                    h[e] -= blow - soak
                if h[e] <= 0:
                    break
                t = e
                continue
            if agility == 1:
                t = e
                continue
            if agility == 10:
                h[e] -= blow
                if h[e] <= 0:
                    break
                t = e
                continue
            parry = False
            if not (article and c[e] == 1):
                epol = pol0 if e == 0 else pol1
                if epol == 1:
                    rng, r = _next(rng)
                    parry = (r >> np.uint64(63)) == np.uint64(1)
                elif epol == 2:
                    parry = parry_tab[h[t], h[e], d[t], d[e], c[t], c[e], blow] == 1
            again = False
            if parry:
                rng, r = _next(rng)
                if _face(r & mask, 4) >= blow:
                    t = e
                    continue
                again = True
            soak = min(d[e], blow)
            d[e] -= soak
            h[e] -= blow - soak
            if h[e] <= 0:
                break
            if not again:
                t = e
        if t == 0:
            w0 += 1
        if t == first:
            fmw += 1
        total_turns += turns
        hist[min(turns, MAX_TURNS - 1)] += 1
    return w0, fmw, total_turns


@njit(cache=True, parallel=True)
def _play_chunks(chunk_lo, chunk_hi, games_hi, seed, hp, article, pol0, pol1, turn_tab, parry_tab):
    m = chunk_hi - chunk_lo
    out = np.zeros((m, 3), np.int64)
    hist = np.zeros((m, MAX_TURNS), np.int64)
    for j in prange(m):
        k = chunk_lo + j
        n = min(CHUNK, games_hi - k * CHUNK)
        a, b, tt = _play_chunk(k, n, seed, hp, article, pol0, pol1, turn_tab, parry_tab, hist[j])
        out[j, 0] = a
        out[j, 1] = b
        out[j, 2] = tt
    return out.sum(axis=0), hist.sum(axis=0)


def can_run(game: str, bot_specs: list[str]) -> bool:
    return game == "krig" and len(bot_specs) == 2 and all(b in POLICIES for b in bot_specs)


def _tables(options: Mapping, bot_specs: list[str]):
    if "optimal" in bot_specs:
        from ..solve import solve

        sol = solve("krig", options)
        return sol.turn, sol.parry
    return np.zeros((1, 1, 1, 1, 1, 1), np.int8), np.zeros((1, 1, 1, 1, 1, 1, 1), np.int8)


def run_range(options: Mapping, bot_specs: list[str], seed: int, start: int, stop: int,
              workers: int | None = None) -> SimResult:
    """Games ``start`` to ``stop`` (both multiples of :data:`CHUNK` except a final ``stop``)."""
    from ..games import make_game

    game = make_game("krig", options)
    opts = game.options_json()
    if start % CHUNK:
        raise ValueError(f"a range starts at a multiple of {CHUNK}")
    turn_tab, parry_tab = _tables(opts, bot_specs)
    threads = max(1, min(workers or os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(threads)
    t0 = time.perf_counter()
    result = SimResult("krig", opts, list(bot_specs), seed, wins=[0, 0], backend="batch")
    if stop > start:
        lo, hi = start // CHUNK, (stop + CHUNK - 1) // CHUNK
        sums, hist = _play_chunks(lo, hi, stop, seed % 2**63, opts["hp"], opts["edition"] == "article",
                                  POLICIES[bot_specs[0]], POLICIES[bot_specs[1]], turn_tab, parry_tab)
        games = stop - start
        result.games = games
        result.wins = [int(sums[0]), games - int(sums[0])]
        result.first_mover_wins = int(sums[1])
        result.total_turns = int(sums[2])
        result.turn_counts = {int(i): int(v) for i in np.flatnonzero(hist) for v in (hist[i],)}
    result.seconds = time.perf_counter() - t0
    return result


def batch_runner(game: str, options: Mapping, bot_specs: list[str], games: int, seed: int,
                 workers: int | None) -> SimResult | None:
    """``brawl sim``'s batch path for Krig; None when the bots are not all reference bots."""
    if not can_run(game, bot_specs):
        return None
    return run_range(options, bot_specs, seed, 0, games, workers)
