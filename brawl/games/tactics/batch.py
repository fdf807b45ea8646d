"""Batch simulation of Tactics: whole battles in Numba-compiled code, over every core.

The battles follow :mod:`brawl.games.tactics.rules` step for step (:mod:`.batch_game`,
:mod:`.batch_play`, :mod:`.batch_rules`), with every number and formula taken from the rules
package (:mod:`.batch_tables`); ``tests/games/tactics/test_batch_agrees.py`` plays the engine and
the kernel on one tape of dice and finds the same battles decision by decision.  Bots: ``random``
(uniform over the legal decisions, in the engine's order) and ``heuristic`` (the same choices as
:class:`.heuristic.HeuristicBot`: :mod:`.batch_heuristic`).

What the kernel plays: every party (ready or custom, spellcasters included), every map and level,
every option: ``flat_footed``, ``max_rounds``, ``two_weapon_penalty``, ``prone_damage``,
``shooting_into_melee`` and the optional d20 rules (``cover``, ``unarmed_strikes``,
``iterative_attacks``, ``surprise_round``), each as runtime data of its tables
(:mod:`.batch_tables`).  A battle with options it does not play (:func:`.batch_tables.unsupported`,
none today) runs on the engine: :func:`run_range` says so on stderr and plays it there (its result's
``backend`` is "engine").

Games are cut into chunks of :data:`brawl.sim.kernel.CHUNK`, each with its own generator seeded
from ``(seed, chunk)``, as for the other kernels.  The first call in a process that has to compile
says so on stderr; the compiled code is cached (Numba ``cache=True``), so the next process starts
in seconds.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Mapping

import numba
import numpy as np
from numba import njit
from numba.extending import overload

from ...sim.engine import SimResult
from ...sim.kernel import (CHUNK, INLINE, MAX_TURNS, _chunk_seed, _is_tape, below, borrowed, drop_stale_cache, inlined_twin,
                           new_tape, note, over_chunks)
from . import batch_tables as T
from .batch_game import (C_ACTOR, C_KIND, LOG_WIDTH, S_FIRST, S_ORDER, S_OVER, S_POS, S_ROUND, S_SIZE, S_SP,
                         S_TURNS, S_WINNER, ST_GOON, ST_OFFER, STACK_WIDTH, VERBS, V_CAST, V_MOVE,
                         settle)
from .batch_heuristic import choose
from .batch_rules import borrowing
from .batch_play import MAX_LEGAL, decide, legal, roll

POLICIES = {"random": 0, "heuristic": 1}
_LAYERS = 12  # route layers: more than any speed's squares


@njit(cache=True)
def _work(U0, ONE):
    n = U0.shape[0]
    places = ONE.shape[0]
    return (np.empty_like(U0), np.zeros(64, np.int64), np.zeros((64, STACK_WIDTH), np.int64), np.zeros(32, np.int64),
            np.zeros((3, places), np.int64), np.zeros((6, _LAYERS, places), np.int64),
            np.zeros((_LAYERS + 1, places + 1), np.int64),
            np.zeros((MAX_LEGAL, 3), np.int64), np.zeros(LOG_WIDTH, np.int64), n,
            np.zeros(places // 2, np.int64), np.zeros(places // 2, np.int64), np.zeros(8, np.int64))


def _log(src, row, seat, verb, a, b, U, n):
    raise NotImplementedError("compiled code only")


@overload(_log, inline=INLINE)
def _log_impl(src, row, seat, verb, a, b, U, n):
    """On a tape: log a decision (seat, verb, its two arguments, then each character's square and
    hit points); on the fast path nothing, and no call is left."""
    if not _is_tape(src):
        return lambda src, row, seat, verb, a, b, U, n: None

    def write(src, row, seat, verb, a, b, U, n):
        row[0], row[1], row[2], row[3] = seat, verb, a, b
        for i in range(8):
            if i < n:
                row[4 + 3 * i], row[5 + 3 * i], row[6 + 3 * i] = U[i, T.X], U[i, T.Y], U[i, T.HP]
            else:
                row[4 + 3 * i], row[5 + 3 * i], row[6 + 3 * i] = 0, 0, 0
        note(src, row)
    return write


@borrowing
def _fresh(U, U0, S):
    """A battle's start: the characters as ``U0`` has them, the state all zeros."""
    for i in range(U.shape[0]):
        for c in range(U.shape[1]):
            U[i, c] = U0[i, c]
    for k in range(S.shape[0]):
        S[k] = 0


@njit(cache=True)
def play_game(src, U0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pol0, pol1, W):
    """One battle; returns (src, winner side or -1 for a draw, first side, turns)."""
    U, S, STK, PATH, scratch, R5, cost, L, row, n, best_p, best_u, foes = W
    _fresh(U, U0, S)
    S[S_POS] = -1
    S[S_ROUND] = O[T.O_FIRST_ROUND]
    S[S_FIRST] = -1
    S[S_WINNER] = -1
    while True:
        settle(U, P, IT, O, LOE, NW, HD, SPT, BURST, S, STK, PATH)
        if S[S_OVER] == 1:
            break
        sp = S[S_SP]
        if sp > 0 and (STK[sp - 1, C_KIND] == ST_OFFER or STK[sp - 1, C_KIND] == ST_GOON):
            seat = P[STK[sp - 1, C_ACTOR], T.SIDE]
        elif sp > 0 or S[S_POS] < 0:
            src = roll(src, U, P, IT, O, FL, SPT, S, STK)
            continue
        else:
            seat = P[S[S_ORDER + S[S_POS]], T.SIDE]
        k = legal(U, P, IT, O, LOE, NW, ONE, TWO, SPT, S, STK, L, scratch, cost)
        pol = pol0 if seat == 0 else pol1
        if pol == 1:
            actor = STK[sp - 1, C_ACTOR] if sp > 0 else S[S_ORDER + S[S_POS]]
            pick = choose(U, P, IT, O, FL, SPT, BURST, ONE, TWO, S, L, k, actor, scratch, R5, best_p, best_u, foes)
        else:
            src, pick = below(src, k)
        verb, a, b = L[pick, 0], L[pick, 1], L[pick, 2]
        _log(src, row, seat, verb, a, b, U, n)
        decide(U, P, IT, O, ONE, TWO, SPT, S, STK, PATH, scratch, R5, verb, a, b)
    return src, S[S_WINNER], S[S_FIRST], S[S_TURNS]


#: :func:`play_game` on the fast path: compiled without reference counting (its arrays are the
#: chunk's), its steps inlined (:func:`brawl.sim.kernel.inlined_twin`)
_play_fast = borrowed(play_game, "play_game_fast", settle=inlined_twin(settle, "settle_inlined"),
                      legal=inlined_twin(legal, "legal_inlined"), decide=inlined_twin(decide, "decide_inlined"))


@njit(cache=True, nogil=True)
def _play_chunk(k, n, seed, U0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pol0, pol1, hist):
    rng = _chunk_seed(seed, k)
    W = _work(U0, ONE)
    out = np.zeros(4, np.int64)  # side 0 wins, side 1 wins, first-mover wins, turns
    for _ in range(n):
        rng, winner, first, turns = _play_fast(rng, U0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pol0, pol1, W)
        if winner >= 0:
            out[winner] += 1
            if winner == first:
                out[2] += 1
        out[3] += turns
        hist[min(turns, MAX_TURNS - 1)] += 1
    return out


@njit(cache=True)
def _play_tape(tape, U0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pol0, pol1):
    W = _work(U0, ONE)
    tape, winner, first, turns = play_game(tape, U0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pol0, pol1, W)
    return winner, first, turns


#: the sources compiled into the kernel: Numba's cache checks a function's own file only, so a
#: change in any of them must drop every compiled file of the kernel (:func:`_drop_stale_cache`)
_SOURCES = ("batch.py", "batch_attacks.py", "batch_game.py", "batch_heuristic.py", "batch_play.py", "batch_rules.py",
            "batch_spells.py", "batch_tables.py", "data.py", "grid.py", "mechanics.py")
_COMPILED = ("batch", "mechanics", "grid")  # the modules whose functions the kernel compiles


def _drop_stale_cache() -> None:
    """Remove the kernel's compiled files from Numba's cache when a source they were built from has
    changed since (:func:`brawl.sim.kernel.drop_stale_cache`)."""
    drop_stale_cache(_play_chunk, os.path.dirname(os.path.abspath(__file__)), _SOURCES, _COMPILED,
                     "tactics-batch.digest")


_drop_stale_cache()


def can_run(bot_specs: list[str]) -> bool:
    """Whether every bot is one this kernel plays (the options are checked by :func:`run_range`)."""
    return len(bot_specs) == 2 and all(b in POLICIES for b in bot_specs)


def _game(options: Mapping):
    from .. import make_game

    return make_game("tactics", options)


def _arrays(game):
    P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST = T.tables(game)
    return (T.start_units(game), P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST)


def action_text(game, verb: int, a: int, b: int) -> str:
    name = VERBS[verb]
    if verb == V_MOVE:
        return f"move:{a},{b}"
    if verb == V_CAST:
        spell = T.SPELL_KEYS[a]
        if b < 0:
            return f"cast:{spell}"
        if T.SPELLS[spell].target == "area":
            h = game.map.height
            return f"cast:{spell}:{b // h},{b % h}"
        return f"cast:{spell}:{game.ids[b]}"
    if name in ("attack", "twoweapon", "hamstring", "trip", "shoot", "throw", "heal", "fullattack", "punch"):
        return f"{name}:{game.ids[a]}"
    return name


def play_tape(options: Mapping, bot_specs: list[str], values) -> dict:
    """One battle whose dice and random decisions are ``values`` in turn (see
    :func:`brawl.sim.kernel.new_tape`): the winner (None for a draw), the first side, the turns, the
    values used and each decision as (seat, action, ((x, y, hp) of every character before it))."""
    game = _game(options)
    why = T.unsupported(game)
    if why:
        raise ValueError("the compiled Tactics games do not play " + ", ".join(why))
    arrays = _arrays(game)
    tape = new_tape(values, LOG_WIDTH)
    _announce(_play_tape)
    winner, first, turns = _play_tape(tape, *arrays, POLICIES[bot_specs[0]], POLICIES[bot_specs[1]])
    n = len(game.sheets)
    decisions = [(int(r[0]), action_text(game, int(r[1]), int(r[2]), int(r[3])),
                  tuple((int(r[4 + 3 * i]), int(r[5 + 3 * i]), int(r[6 + 3 * i])) for i in range(n)))
                 for r in tape[2][:tape[3][0]]]
    return {"winner": None if winner < 0 else int(winner), "first": int(first), "turns": int(turns),
            "used": int(tape[1][0]), "decisions": decisions}


def say_if_compiling(kernel, line: str) -> None:
    """Print ``line`` on stderr when ``kernel`` compiles at its next call: neither compiled in this
    process nor in Numba's cache (whose index file is missing)."""
    if kernel.signatures:
        return
    try:
        cached = os.path.exists(kernel._cache._cache_file._index_path)
    except AttributeError:  # another Numba: say it anyway
        cached = False
    if not cached:
        print(line, file=sys.stderr, flush=True)


def _announce(kernel) -> None:
    """Say on stderr that the compiled battles compile now (a minute or two the first time on a
    machine), when ``kernel`` is neither compiled in this process nor in Numba's cache."""
    say_if_compiling(kernel, "brawl: compiling the Tactics batch kernel (a minute or two, once: it is cached after)")


def run_range(options: Mapping, bot_specs: list[str], seed: int, start: int, stop: int,
              workers: int | None = None) -> SimResult:
    """Games ``start`` to ``stop`` (``start`` a multiple of :data:`CHUNK`).  A battle with options the
    kernel does not play (:func:`.batch_tables.unsupported`) is played by the full engine instead,
    with a line on stderr saying so and ``backend`` "engine" in the result."""
    game = _game(options)
    why = T.unsupported(game)
    if why:
        print("brawl: the Tactics batch kernel does not play " + ", ".join(why) + "; these games run on the "
              "full engine", file=sys.stderr, flush=True)
        from ...sim.engine import run_slice, simulate

        if start == 0:
            return simulate("tactics", dict(options), list(bot_specs), stop, seed, workers)
        return run_slice("tactics", game.options_json(), list(bot_specs), seed, start, stop)
    if start % CHUNK:
        raise ValueError(f"a range starts at a multiple of {CHUNK}")
    opts = game.options_json()
    threads = max(1, min(workers or os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS))
    _announce(_play_chunk)
    t0 = time.perf_counter()
    result = SimResult("tactics", opts, list(bot_specs), seed, wins=[0, 0], backend="batch")
    if stop > start:
        lo, hi = start // CHUNK, (stop + CHUNK - 1) // CHUNK
        arrays = _arrays(game)

        def play(k):
            hist = np.zeros(MAX_TURNS, np.int64)
            out = _play_chunk(k, min(CHUNK, stop - k * CHUNK), seed % 2**63, *arrays, POLICIES[bot_specs[0]],
                              POLICIES[bot_specs[1]], hist)
            return out, hist

        parts = over_chunks(play, lo, hi, threads)
        sums, hist = sum(p[0] for p in parts), sum(p[1] for p in parts)
        result.games = stop - start
        result.wins = [int(sums[0]), int(sums[1])]
        result.draws = result.games - int(sums[0]) - int(sums[1])
        result.first_mover_wins = int(sums[2])
        result.total_turns = int(sums[3])
        result.turn_counts = {int(i): int(hist[i]) for i in np.flatnonzero(hist)}
    result.seconds = time.perf_counter() - t0
    return result
