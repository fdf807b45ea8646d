"""Batch simulation of KtOG (2 to 8 players, every option), compiled with Numba over every core.

The loop follows :mod:`brawl.games.ktog.rules` (the rules page, KtOG): initiative (ties
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
it stands.  The code follows the rules by concept: set-up and classes, initiative and one swing (the d20, a
critical miss, a disarm, the reaction windows, damage) in :mod:`.batch_swing`; the decisions, a
turn (the opening decision, Haste, Bless, Cure, scrambling) and a game in :mod:`.batch_turn`; the
runs (chunks, workers, tapes) here.  A game's state is one table ``P[row, seat]`` (rows ``HP`` to
``DIS``), its options one record (:func:`rules_record`).  The random policy picks among the legal
decisions in the rules module's order, so a tape (``brawl.sim.kernel.new_tape``) drives this code and the
engine through identical games (``tests/games/ktog/test_batch_agrees.py``).

Chunks and seeds work as in :mod:`brawl.games.krig.batch`, so any split of a run gives the same
totals.  ``tests/test_batch_ktog.py`` checks the results against the full engine.
"""

from __future__ import annotations

import os
import time
from typing import Mapping

import numba
import numpy as np
from numba import njit

from ...sim.engine import SimResult
from ...sim.kernel import CHUNK, MAX_TURNS, _chunk_seed, new_tape, over_chunks
from . import duel as K
from .batch_swing import DECISIONS, LOG_WIDTH, NROWS, POLICIES, Rules, new_work, rules_record  # noqa: F401
from .batch_turn import _play_game


@njit(cache=True, nogil=True)
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
    R = K.layout(1)
    if "optimal" in bot_specs:
        from ...solve import solve_for_play

        sol = solve_for_play("ktog", game.options_json())  # refuses what the duel solver does not cover
        V, W, R = sol.V, sol.W, sol.R
    return game, rules_record(o), pols, (V, W, np.array(R, np.int64))  # the layout as an array, for compiled code


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
    t0 = time.perf_counter()
    n = o.players
    result = SimResult("ktog", game.options_json(), list(bot_specs), seed, wins=[0] * n, backend="batch")
    if stop > start:
        def play(k):
            wins, hist = np.zeros(n, np.int64), np.zeros(MAX_TURNS, np.int64)
            fmw, turns = _play_chunk(k, min(CHUNK, stop - k * CHUNK), seed % 2**63, o, pols, wins, hist, tabs)
            return wins, fmw, turns, hist

        parts = over_chunks(play, start // CHUNK, (stop + CHUNK - 1) // CHUNK, threads)
        wins = sum(p[0] for p in parts)
        sums = (sum(p[1] for p in parts), sum(p[2] for p in parts))
        hist = sum(p[3] for p in parts)
        result.games = stop - start
        result.wins = [int(w) for w in wins]
        result.draws = result.games - int(wins.sum())
        result.first_mover_wins = int(sums[0])
        result.total_turns = int(sums[1])
        result.turn_counts = {int(i): int(hist[i]) for i in np.flatnonzero(hist)}
    result.seconds = time.perf_counter() - t0
    return result

