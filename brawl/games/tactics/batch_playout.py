"""Tactics battles played on from any point on the compiled kernel: the review's playouts
(:func:`kernel_policy`, the entry's ``playouts``) and the ``search`` bot's (:func:`horizon_values`).

A position is loaded by :mod:`.batch_state` and played on by :func:`play_from`, the loop of
:func:`.batch.play_game` over the same rules (:mod:`.batch_game`, :mod:`.batch_play`,
:mod:`.batch_heuristic`), with three additions: each side's bot (``random`` or ``heuristic``), a
share of decisions taken at random instead (``epsilon``, as :class:`brawl.review.policy.EnginePolicy`
mixes them), and an optional horizon (stop at the start of a turn once so many turns have begun, as
the engine playouts of :mod:`.playouts` do).  ``tests/games/tactics/test_batch_playout.py`` plays the
engine and this loop from mid-battle positions on one tape and finds the same battles.

Each playout ``j`` draws its dice from one generator and its random decisions from another, both
seeded from the policy's seed and ``j`` alone, so the decisions a review compares meet the same dice
(common random numbers), and a seed gives the same results every time.
"""

from __future__ import annotations

import os
from typing import Sequence

import numpy as np
from numba import njit

from ...sim.kernel import _chunk_seed, below, drop_stale_cache, note
from . import batch_rules as R
from . import batch_tables as T
from .batch import POLICIES, _announce, _log, _work, action_text
from .batch_game import C_ACTOR, C_KIND, LOG_WIDTH, S_ACTSTD, S_MOVED, S_ORDER, S_OVER, S_POS, S_SP, S_TURNS, \
    S_WINNER, ST_GOON, ST_OFFER, settle
from .batch_heuristic import choose
from .batch_play import decide, legal, roll
from .batch_state import Unsupported, load

#: the random share's resolution: a decision is random when a value below ``2**EPS_BITS`` is under
#: ``epsilon * 2**EPS_BITS``
EPS_BITS = 20
HORIZON = -2  # what :func:`play_from` returns for a playout stopped at its horizon
#: :mod:`.playouts`' worth of a character standing at no hit points, and fallen but alive
STANDING_SHARE, FALLEN_SHARE = 0.5, 0.1


@njit(cache=True)
def play_from(src, csrc, U0, S0, STK0, PATH0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pol0, pol1, eps,
              limit, W):
    """The battle from the loaded arrays to its end, or to the start of a turn once ``limit`` turns
    have begun (``limit`` < 0: no horizon); dice from ``src``, random decisions (``epsilon``'s and a
    random seat's) from ``csrc``.  Returns (src, csrc, winner side, -1 for a draw or
    :data:`HORIZON`); the position it ends in is in ``W``."""
    U, S, STK, PATH, scratch, R5, cost, L, row, n, best_p, best_u, foes = W
    U[:, :] = U0
    S[:] = 0
    S[:S0.shape[0]] = S0
    STK[:STK0.shape[0], :] = STK0
    PATH[:PATH0.shape[0]] = PATH0
    while True:
        settle(U, P, IT, O, LOE, NW, HD, SPT, BURST, S, STK, PATH)
        if S[S_OVER] == 1:
            return src, csrc, S[S_WINNER]
        sp = S[S_SP]
        on_stack = sp > 0 and (STK[sp - 1, C_KIND] == ST_OFFER or STK[sp - 1, C_KIND] == ST_GOON)
        if on_stack:  # a reaction, or a full attack's choice
            seat = P[STK[sp - 1, C_ACTOR], T.SIDE]
        elif sp > 0 or S[S_POS] < 0:
            src = roll(src, U, P, IT, O, FL, SPT, S, STK)
            continue
        else:
            if limit >= 0 and S[S_TURNS] >= limit and S[S_MOVED] == 0 and S[S_ACTSTD] == 0:
                return src, csrc, HORIZON
            seat = P[S[S_ORDER + S[S_POS]], T.SIDE]
        k = legal(U, P, IT, O, LOE, NW, ONE, TWO, SPT, S, STK, L, scratch, cost)
        pol = pol0 if seat == 0 else pol1
        if eps > 0:
            csrc, r = below(csrc, 1 << EPS_BITS)
            if r < eps:
                pol = 0
        if pol == 1:
            actor = STK[sp - 1, C_ACTOR] if sp > 0 else S[S_ORDER + S[S_POS]]
            pick = choose(U, P, IT, O, FL, SPT, BURST, ONE, TWO, S, L, k, actor, scratch, R5, best_p, best_u, foes)
        else:
            csrc, pick = below(csrc, k)
        verb, a, b = L[pick, 0], L[pick, 1], L[pick, 2]
        _log(src, row, seat, verb, a, b, U, n)
        decide(U, P, IT, O, ONE, TWO, SPT, S, STK, PATH, scratch, R5, verb, a, b)


@njit(cache=True)
def standing(U, P, O, winner, side, worth):
    """:func:`.playouts.standing`: 1, -1 or 0 for a battle over, else the worth ``side`` keeps less
    the enemies', over the worth of all."""
    if winner >= 0:
        return 1.0 if winner == side else -1.0
    if winner == -1:
        return 0.0
    mine = theirs = total = 0.0
    for j in range(O[T.O_UNITS]):
        w = worth[j]
        total += w
        if U[j, T.DEAD] == 1:
            continue
        if R.conscious(U, j):
            v = w * (STANDING_SHARE + (1 - STANDING_SHARE) * min(1.0, U[j, T.HP] / P[j, T.MAXHP]))
        else:
            v = w * FALLEN_SHARE
        if P[j, T.SIDE] == side:
            mine += v
        else:
            theirs += v
    return (mine - theirs) / max(total, 1e-9)


@njit(cache=True)
def playouts(base, seeds, U0, S0, STK0, PATH0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pols, eps, limit,
             side, worth):
    """Playout ``seeds[j]`` with bots ``pols[j]``: (winner or -1 or :data:`HORIZON`, the standing of
    ``side`` at the end) of each."""
    m = seeds.shape[0]
    W = _work(U0, ONE)
    won = np.empty(m, np.int64)
    value = np.empty(m, np.float64)
    for j in range(m):
        src = _chunk_seed(base, seeds[j])
        csrc = _chunk_seed(base ^ 0x5EED5EED, seeds[j])
        src, csrc, w = play_from(src, csrc, U0, S0, STK0, PATH0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST,
                                 pols[j, 0], pols[j, 1], eps, limit, W)
        won[j] = w
        value[j] = standing(W[0], P, O, w, side, worth)
    return won, value


@njit(cache=True)
def _tape_from(tape, U0, S0, STK0, PATH0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST, pol0, pol1, eps, limit):
    W = _work(U0, ONE)
    tape, tape, w = play_from(tape, tape, U0, S0, STK0, PATH0, P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST,
                              pol0, pol1, eps, limit, W)
    return w, W[1][S_TURNS]


def epsilon_units(epsilon: float) -> int:
    """``epsilon`` in the kernel's units (of ``2**EPS_BITS``)."""
    return int(round(float(epsilon) * (1 << EPS_BITS)))


def play_tape(game, state, bot_specs: Sequence[str], values, epsilon: float = 0.0, limit: int = -1) -> dict:
    """The battle from ``state`` whose dice and random decisions are ``values`` in turn (the tape
    of :func:`brawl.sim.kernel.new_tape`; an ``epsilon`` draw takes one value ``v`` and is random
    when ``v % 2**EPS_BITS`` is below :func:`epsilon_units`): the winner (None for a draw, "horizon"
    when stopped there), the turns, the values used and each decision as (seat, action, ((x, y, hp)
    of every character before it))."""
    from ...sim.kernel import new_tape

    arrays = load(game, state)
    tape = new_tape(values, LOG_WIDTH)
    _announce(_tape_from)
    w, turns = _tape_from(tape, *arrays, *T.tables(game), POLICIES[bot_specs[0]], POLICIES[bot_specs[1]],
                          epsilon_units(epsilon), limit)
    n = len(game.sheets)
    decisions = [(int(r[0]), action_text(game, int(r[1]), int(r[2]), int(r[3])),
                  tuple((int(r[4 + 3 * i]), int(r[5 + 3 * i]), int(r[6 + 3 * i])) for i in range(n)))
                 for r in tape[2][:tape[3][0]]]
    winner = "horizon" if w == HORIZON else None if w < 0 else int(w)
    return {"winner": winner, "turns": int(turns), "used": int(tape[1][0]), "decisions": decisions}


class KernelPolicy:
    """The review's playouts (:class:`brawl.review.policy.Policy`) on the compiled battles: in
    playout ``j`` seat ``s`` plays ``bots[(j + s) % len(bots)]`` and a random legal decision with
    probability ``epsilon``, as :class:`brawl.review.policy.EnginePolicy` plays them.  A position
    the kernel cannot hold (:class:`.batch_state.Unsupported`) is played by that engine policy."""

    def __init__(self, game, bots: Sequence[str], epsilon: float = 0.0, seed: int = 1) -> None:
        self.game = game
        self.bots = list(bots)
        self.epsilon = float(epsilon)
        self.seed = seed
        self.players = 2
        self.count = 0
        self.tables = T.tables(game)
        self._codes = np.array([POLICIES[b] for b in self.bots], np.int64)
        self._engine = None
        self.name = "+".join(self.bots) + (f" with {round(100 * self.epsilon)}% random decisions" if self.epsilon else "")

    def engine(self):
        if self._engine is None:
            from ...review.policy import EnginePolicy

            self._engine = EnginePolicy(self.game, self.bots, self.epsilon, self.seed)
        return self._engine

    def results(self, state, seeds: Sequence[int]) -> np.ndarray:
        from ...review.judge import result_of

        seeds = np.asarray(list(seeds), np.int64)
        if state.over:
            return np.tile(np.array(result_of(state.winners, 2), dtype=float), (len(seeds), 1))
        try:
            arrays = load(self.game, state, self.tables[0])
        except Unsupported:
            return self.engine().results(state, seeds.tolist())
        k = len(self.bots)
        pols = np.stack([self._codes[(seeds + s) % k] for s in (0, 1)], axis=1)
        _announce(playouts)
        won, _ = playouts(np.uint64(self.seed % 2**63), seeds, *arrays, *self.tables, pols,
                          epsilon_units(self.epsilon), -1, 0, np.zeros(len(self.game.sheets)))
        self.count += len(seeds)
        out = np.full((len(seeds), 2), 0.5)
        for s in (0, 1):
            out[won == s, s] = 1.0
            out[won == s, 1 - s] = 0.0
        return out

    def suggestions(self, state, seat: int) -> list[str]:
        return self.engine().suggestions(state, seat)


def kernel_policy(game, bots: Sequence[str], epsilon: float, seed: int):
    """The entry's ``playouts``: a :class:`KernelPolicy`, or None where the kernel plays neither
    these options nor these bots (the review plays the engine then)."""
    from .rules import Tactics

    if not isinstance(game, Tactics) or T.unsupported(game) or not bots or any(b not in POLICIES for b in bots):
        return None
    if len(game.sheets) > T.MAX_UNITS:
        return None
    return KernelPolicy(game, bots, epsilon, seed)


def horizon_values(game, states, side: int, seeds, horizon: int, worth, base: int, tables=None) -> np.ndarray:
    """``len(states) x len(seeds)``: the standing of ``side`` (:func:`standing`) after the heuristic
    plays both sides from each state until ``horizon`` more turns have begun (as
    :func:`.playouts.playout` does), playout ``k`` of every state on the dice of ``seeds[k]`` (common
    random numbers).  Raises :class:`.batch_state.Unsupported` for a position the kernel cannot hold."""
    tables = tables if tables is not None else T.tables(game)
    seeds = np.asarray(list(seeds), np.int64)
    pols = np.ones((len(seeds), 2), np.int64)
    w = np.zeros(len(game.sheets))
    for j, v in worth.items():
        w[j] = v
    loaded = [None if state.over else load(game, state, tables[0]) for state in states]
    out = np.empty((len(states), len(seeds)))
    for n, state in enumerate(states):
        if state.over:
            out[n] = 0.0 if not state.winners else (1.0 if side in state.winners else -1.0)
            continue
        _announce(playouts)
        _, out[n] = playouts(np.uint64(base % 2**63), seeds, *loaded[n], *tables, pols, 0, state.turns + horizon,
                             side, w)
    return out


# -- the compiled files' guard ------------------------------------------------------------------

#: the sources compiled into this module's kernels, besides those of :mod:`.batch`
_SOURCES = ("batch_playout.py",)


def _drop_stale_cache() -> None:
    """Remove this module's compiled files from Numba's cache when a source compiled into them has
    changed since (:func:`brawl.sim.kernel.drop_stale_cache`)."""
    from . import batch

    drop_stale_cache(playouts, os.path.dirname(os.path.abspath(__file__)), batch._SOURCES + _SOURCES,
                     "batch_playout", "tactics-playout.digest")


_drop_stale_cache()
