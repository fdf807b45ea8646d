"""Batch simulation of Krig: millions of games per second, compiled with Numba over every core.

The games follow the same rules as :mod:`brawl.games.krig.rules` (the rules page, Krig)
written as a tight loop over small integers; the bots are the reference policies as codes:

- ``attacker``: always attack (the charge attack when charging), never parry;
- ``random``: uniform over the legal decisions, as the generic random bot;
- ``optimal``: the solved policy tables of :mod:`.solver` (the same tables the ``optimal``
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
from numba import njit
from numba.extending import overload

from ...sim.engine import SimResult
from ...sim.kernel import CHUNK, MAX_TURNS, _chunk_seed, _face, _is_tape, _next, _tape_next, new_tape, note, over_chunks
from . import mechanics as M
POLICIES = {"attacker": 0, "random": 1, "optimal": 2}
ATTACK, DEFEND, CHARGE, PARRY, TAKE = 0, 1, 2, 3, 4  # decision codes, as in ``DECISIONS``
DECISIONS = ("attack", "defend", "charge", "parry", "take")

_is_miss = njit(cache=True)(M.is_miss)
_is_critical = njit(cache=True)(M.is_critical)
_initiative_first = njit(cache=True)(M.initiative_first)
_charge_damage = njit(cache=True)(M.charge_damage)
_parry_succeeds = njit(cache=True)(M.parry_succeeds)
_may_parry = njit(cache=True)(M.may_parry)
_defense_after_charge = njit(cache=True)(M.defense_after_charge)
_absorb = njit(cache=True)(M.absorb)
_critical_hit = njit(cache=True)(M.critical_hit)
_knocked_out = njit(cache=True)(M.knocked_out)


def _roll_pair(src, sides_lo, sides_hi):
    raise NotImplementedError("compiled code only")


@overload(_roll_pair)
def _roll_pair_impl(src, sides_lo, sides_hi):
    """Two dice: from one 64-bit draw (its halves) on the fast path, two values from a tape."""
    if _is_tape(src):
        def tape(src, sides_lo, sides_hi):
            a = _tape_next(src) % sides_lo + 1
            return src, a, _tape_next(src) % sides_hi + 1
        return tape

    def fast(src, sides_lo, sides_hi):
        src, r = _next(src)
        return src, _face(r & np.uint64(0xFFFFFFFF), sides_lo), _face(r >> np.uint64(32), sides_hi)
    return fast


def _roll(src, sides):
    raise NotImplementedError("compiled code only")


@overload(_roll)
def _roll_impl(src, sides):
    """One die (1..sides), or a choice index + 1 among ``sides`` decisions."""
    if _is_tape(src):
        return lambda src, sides: (src, 1 if sides == 1 else _tape_next(src) % sides + 1)

    def fast(src, sides):
        src, r = _next(src)
        return src, _face(r & np.uint64(0xFFFFFFFF), sides)
    return fast


def _random_parries(src):
    raise NotImplementedError("compiled code only")


@overload(_random_parries)
def _random_parries_impl(src):
    """The random policy's parry or take (a coin; on a tape, choice 0 of ("parry", "take"))."""
    if _is_tape(src):
        return lambda src: (src, _tape_next(src) % 2 == 0)

    def fast(src):
        src, r = _next(src)
        return src, (r >> np.uint64(63)) == np.uint64(1)
    return fast


def _first_mover(src):
    raise NotImplementedError("compiled code only")


@overload(_first_mover)
def _first_mover_impl(src):
    """Who goes first.  The rule (two agility d10s, ties re-roll) is symmetric, so the fast path
    tosses a coin; a tape rolls the dice as the rules module does."""
    if _is_tape(src):
        def tape(src):
            while True:
                a = _tape_next(src) % M.AGILITY_SIDES + 1
                b = _tape_next(src) % M.AGILITY_SIDES + 1
                first = _initiative_first(a, b)
                if first >= 0:
                    return src, first
        return tape

    def fast(src):
        src, r = _next(src)
        return src, np.int64(r >> np.uint64(63))
    return fast


@njit(cache=True, inline="always")
def _play_game(src, hp, article, pol0, pol1, turn_tab, parry_tab, h, d, c, row):
    """One game (rules page, Krig); returns (src, winner, first mover, turns).  ``h``, ``d``, ``c``:
    hit points, active defense and charging of each seat; ``row``: room for one log row (seat,
    decision, then hit points, defense and charging of both seats before it)."""
    h[0] = hp
    h[1] = hp
    d[0] = 0
    d[1] = 0
    c[0] = 0
    c[1] = 0
    src, t = _first_mover(src)
    first = t
    turns = 0
    while True:
        e = 1 - t
        turns += 1
        pol = pol0 if t == 0 else pol1
        # the decision of the seat on turn: attack, defend or charge
        if c[t] == 1:
            act = ATTACK  # the charge attack is forced
        elif pol == 0:
            act = ATTACK
        elif pol == 1:
            nlegal = 3 if d[t] == 0 else 2
            src, pick = _roll(src, nlegal)
            if pick == 1:
                act = ATTACK
            elif nlegal == 3 and pick == 2:
                act = DEFEND
            else:
                act = CHARGE
        else:
            act = turn_tab[h[t], h[e], d[t], d[e], c[t], c[e]]
        _log(src, row, t, act, h, d, c)
        if act == DEFEND:
            src, face = _roll(src, M.DEFENSE_SIDES)
            d[t] = face
            t = e
            continue
        if act == CHARGE:
            c[t] = 1
            d[t] = _defense_after_charge(article, d[t])
            t = e
            continue
        src, agility, blow = _roll_pair(src, M.AGILITY_SIDES, M.ATTACK_SIDES)
        if c[t] == 1:
            src, extra = _roll(src, M.DEFENSE_SIDES)
            blow = _charge_damage(blow, extra)
            c[t] = 0
            d[t] = M.DEFENSE_AFTER_CHARGE_ATTACK
            if _is_miss(agility):
                t = e
                continue
            if _is_critical(agility):
                h[e] = _critical_hit(h[e], blow)
            else:
                he, de = _absorb(h[e], d[e], blow)
                h[e] = he
                d[e] = de
            if _knocked_out(h[e]):
                break
            t = e
            continue
        if _is_miss(agility):
            t = e
            continue
        if _is_critical(agility):
            h[e] = _critical_hit(h[e], blow)
            if _knocked_out(h[e]):
                break
            t = e
            continue
        parry = False
        if _may_parry(article, c[e] == 1):
            epol = pol0 if e == 0 else pol1
            if epol == 1:
                src, parry = _random_parries(src)
            elif epol == 2:
                parry = parry_tab[h[t], h[e], d[t], d[e], c[t], c[e], blow] == 1
            _log(src, row, e, PARRY if parry else TAKE, h, d, c)
        again = False
        if parry:
            src, face = _roll(src, M.PARRY_SIDES)
            if _parry_succeeds(face, blow):
                t = e
                continue
            again = True  # the defender loses the next turn
        he, de = _absorb(h[e], d[e], blow)
        h[e] = he
        d[e] = de
        if _knocked_out(h[e]):
            break
        if not again:
            t = e
    return src, t, first, turns


def _log(src, row, seat, act, h, d, c):
    raise NotImplementedError("compiled code only")


@overload(_log)
def _log_impl(src, row, seat, act, h, d, c):
    """On a tape: log (seat, decision, hit points, defense and charging of both seats)."""
    if not _is_tape(src):
        return lambda src, row, seat, act, h, d, c: None

    def write(src, row, seat, act, h, d, c):
        row[0] = seat
        row[1] = act
        row[2] = h[0]
        row[3] = h[1]
        row[4] = d[0]
        row[5] = d[1]
        row[6] = c[0]
        row[7] = c[1]
        note(src, row)
    return write


@njit(cache=True, nogil=True)
def _play_chunk(k, n, seed, hp, article, pol0, pol1, turn_tab, parry_tab, hist):
    """Play ``n`` games of chunk ``k``; returns (seat 0 wins, first-mover wins, total turns)."""
    rng = _chunk_seed(seed, k)
    w0 = 0
    fmw = 0
    total_turns = 0
    h = np.empty(2, np.int64)
    d = np.empty(2, np.int64)
    c = np.empty(2, np.int64)
    row = np.empty(LOG_WIDTH, np.int64)
    for _ in range(n):
        rng, t, first, turns = _play_game(rng, hp, article, pol0, pol1, turn_tab, parry_tab, h, d, c, row)
        if t == 0:
            w0 += 1
        if t == first:
            fmw += 1
        total_turns += turns
        hist[min(turns, MAX_TURNS - 1)] += 1
    return w0, fmw, total_turns


LOG_WIDTH = 8


@njit(cache=True)
def _play_tape(tape, hp, article, pol0, pol1, turn_tab, parry_tab):
    h = np.empty(2, np.int64)
    d = np.empty(2, np.int64)
    c = np.empty(2, np.int64)
    row = np.empty(LOG_WIDTH, np.int64)
    tape, winner, first, turns = _play_game(tape, hp, article, pol0, pol1, turn_tab, parry_tab, h, d, c, row)
    return winner, first, turns


def play_tape(options: Mapping, bot_specs: list[str], values) -> dict:
    """One game whose dice and random choices are ``values`` in turn (see :func:`new_tape`): the
    winner, the first mover, the turns, the values used and each decision as (seat, name, hit
    points, defense and charging of both seats before it)."""
    from .. import make_game

    opts = make_game("krig", options).options_json()
    turn_tab, parry_tab = _tables(opts, bot_specs)
    tape = new_tape(values, LOG_WIDTH)
    winner, first, turns = _play_tape(tape, opts["hp"], opts["edition"] == "article", POLICIES[bot_specs[0]],
                                      POLICIES[bot_specs[1]], turn_tab, parry_tab)
    log = tape[2][:tape[3][0]]
    decisions = [(int(r[0]), DECISIONS[r[1]], (int(r[2]), int(r[3])), (int(r[4]), int(r[5])),
                  (bool(r[6]), bool(r[7]))) for r in log]
    return {"winner": int(winner), "first": int(first), "turns": int(turns), "used": int(tape[1][0]),
            "decisions": decisions}


def can_run(bot_specs: list[str]) -> bool:
    """Whether every bot is one this kernel plays."""
    return len(bot_specs) == 2 and all(b in POLICIES for b in bot_specs)


def _tables(options: Mapping, bot_specs: list[str]):
    if "optimal" in bot_specs:
        from ...solve import solve

        sol = solve("krig", options)
        return sol.turn, sol.parry
    return np.zeros((1, 1, 1, 1, 1, 1), np.int8), np.zeros((1, 1, 1, 1, 1, 1, 1), np.int8)


def run_range(options: Mapping, bot_specs: list[str], seed: int, start: int, stop: int,
              workers: int | None = None) -> SimResult:
    """Games ``start`` to ``stop`` (both multiples of :data:`CHUNK` except a final ``stop``)."""
    from .. import make_game

    game = make_game("krig", options)
    opts = game.options_json()
    if start % CHUNK:
        raise ValueError(f"a range starts at a multiple of {CHUNK}")
    turn_tab, parry_tab = _tables(opts, bot_specs)
    threads = max(1, min(workers or os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS))
    t0 = time.perf_counter()
    result = SimResult("krig", opts, list(bot_specs), seed, wins=[0, 0], backend="batch")
    if stop > start:
        lo, hi = start // CHUNK, (stop + CHUNK - 1) // CHUNK
        def play(k):
            hist = np.zeros(MAX_TURNS, np.int64)
            out = _play_chunk(k, min(CHUNK, stop - k * CHUNK), seed % 2**63, opts["hp"], opts["edition"] == "article",
                              POLICIES[bot_specs[0]], POLICIES[bot_specs[1]], turn_tab, parry_tab, hist)
            return np.array(out, np.int64), hist

        parts = over_chunks(play, lo, hi, threads)
        sums, hist = sum(p[0] for p in parts), sum(p[1] for p in parts)
        games = stop - start
        result.games = games
        result.wins = [int(sums[0]), games - int(sums[0])]
        result.first_mover_wins = int(sums[1])
        result.total_turns = int(sums[2])
        result.turn_counts = {int(i): int(v) for i in np.flatnonzero(hist) for v in (hist[i],)}
    result.seconds = time.perf_counter() - t0
    return result

