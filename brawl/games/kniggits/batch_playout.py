"""Playouts of Kniggits on the compiled kernel, from any position: the review's playouts
(:func:`kernel_policy`, the game entry's ``playouts``) and the search bot's rollouts.

:func:`play_on` is the kernel's game (:func:`.batch_game.play_game`) entered where a loaded
position stands (:mod:`.batch_state`): rock-paper-scissors, the moving phase, phase two or a fight
with hands already sealed, then turn after turn to the end, with the kernel's own phases
(:mod:`.batch_game`, :mod:`.batch_moves`, :mod:`.batch_heuristic`), things to carry and drink
(:mod:`.batch_items`) and the advanced rules (:mod:`.batch_advanced`, :mod:`.batch_archers`), so
every rule is where it was.
Each decision is made by its seat's bot (``random`` or ``heuristic``) or, with probability
``epsilon``, drawn uniformly among the listed decisions, as the review's engine playouts do
(:class:`brawl.review.policy.EnginePolicy`).

:class:`KernelPolicy` answers the review's question (:meth:`KernelPolicy.results`): playout ``j``
gives seat ``s`` the bot ``bots[(j + s) % len(bots)]`` and draws from its own stream of seed ``j``
whatever the position, so decisions compared at one position meet the same draws (common random
numbers).  The armies' choice is made here, by the same bots from the same seed, and the state
after it is loaded.  ``tests/games/kniggits/test_batch_playout.py`` plays the kernel and the engine
(:func:`.batch_state.play_engine_from`) through the same tape from mid-game positions.
"""

from __future__ import annotations

import random
from typing import Sequence

import numpy as np
from numba import njit

from ...sim.kernel import MAX_TURNS, _chunk_seed, below, borrowed, drop_stale_cache, inlined, new_tape
from . import batch_advanced as adv
from . import batch_archers as bows
from .batch import POLICIES, _known, _record, _say_if_compiling, new_work, unsupported
from .batch_game import (ANY, DROP, END_MOVE, FACE, FIGHT, HEAD, HEURISTIC, MOVE_TO, PER, PICK, RPS as RPS_LOG,
                         _heuristic_move_phase, _random_move_phase, _take, _turning, decide_by, log, resolve_fights,
                         start_fights)
from .batch_heuristic import save_known
from .batch_items import HANDS, arrived, item_ids, list_items, order_code, winner as brought_home
from .batch_moves import FACING, FIGHTING, FLEEING, MOVED, NOT_OVER, SEAT, STATUS, auto_face, check_end, engaged, flee, score
from .batch_state import FIGHT as AT_FIGHT, MOVING, RPS, TURNING, load, why_not


@inlined
def _listed_move(src, o, K, XY, n, seat, w):
    """A moving phase's decision drawn uniformly among the listed ones
    (:meth:`.decisions.Decisions._move_phase_actions`, as :func:`.batch_game._random_move_phase`
    lists them: facing another enemy in combat, a magic sword's second target, an archer's aim, a
    pick or a drop, in the rules' order, or ending the phase); returns (src, whether it ended the phase)."""
    nf = 0
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING:
            continue
        ne = engaged(K, XY, n, XY[0, i], XY[1, i], seat, o.ring, w.buf)
        for a in range(ne):
            if w.buf[a] != K[FACING, i]:
                w.opts[nf, 0], w.opts[nf, 1] = i, w.buf[a]
                nf += 1
        nf = adv.second_choices(o, K, i, w.buf, ne, w.opts, nf) if o.adv[adv.ADV_MAGIC] else nf
        nf = bows.aim_choices(o, K, XY, n, i, w.opts, nf) if o.adv[adv.ADV_ARCHERS] else nf
        nf = list_items(K, XY, i, o, w.things, w.opts, nf)
    src, c = below(src, nf + 1)
    if c < nf:
        i, e = w.opts[c, 0], w.opts[c, 1]
        if e < 0:  # a pick or a drop (batch_items.list_items)
            r, hand = order_code(e)
            _take(src, seat, i, r, hand, K, XY, n, w)
        elif e >= bows.AIM:  # an archer's aim: he turns to the target
            log(src, w.row, seat, bows.SHOOT_TO, i, e - bows.AIM, 0, 0, w.pts, 0, K, XY, n)
            K[adv.SHOT, i], K[FACING, i] = e - bows.AIM + 1, e - bows.AIM
        elif e >= adv.KIND:  # a magic sword's second target
            log(src, w.row, seat, adv.SECOND_TO, i, e - adv.KIND, 0, 0, w.pts, 0, K, XY, n)
            K[adv.SECOND, i] = e - adv.KIND + 1
        else:
            log(src, w.row, seat, FACE, i, e, 0, 0, w.pts, 0, K, XY, n)
            K[FACING, i] = e
        return src, False
    log(src, w.row, seat, END_MOVE, -1, -1, 0, 0, w.pts, 0, K, XY, n)
    return src, True


@njit(cache=True)
def play_on(src, o, g, K, XY, n, w, phase, to_act, first, turns, nfights, rps):
    """The game from a loaded position (:class:`.batch_state.Start`; its fights in ``w.fights``,
    its sealed hands in ``w.sealed``, its things in ``w.things``) to its end, as
    :func:`.batch_game.play_game` plays a turn; returns (src, the winner or -1 for a draw, the
    turns).  A game past :data:`MAX_TURNS` turns (with no turn limit) counts as a draw."""
    if phase == RPS:  # best of three, ties again (_rps_round), from the rounds won and a sealed choice
        wins0, wins1, r0, r1 = rps[2], rps[3], rps[0], rps[1]
        while wins0 < o.rps_wins and wins1 < o.rps_wins:
            for seat in range(2):
                if (r0 if seat == 0 else r1) < 0:
                    src, _ = decide_by(src, w, seat)  # every bot and a random decision: uniform
                    src, r = below(src, 3)
                    log(src, w.row, seat, RPS_LOG, r, -1, 0, 0, w.pts, 0, K, XY, n)
                    if seat == 0:
                        r0 = r
                    else:
                        r1 = r
            w01 = o.rps_winner[r0, r1]
            wins0 += w01 == 0
            wins1 += w01 == 1
            r0, r1 = -1, -1
        first = 0 if wins0 >= o.rps_wins else 1
        to_act, turns, phase = first, 0, MOVING
    while True:
        if phase == MOVING:
            while True:
                src, pol = decide_by(src, w, to_act)
                if pol == ANY:
                    src, done = _listed_move(src, o, K, XY, n, to_act, w)
                elif pol == HEURISTIC:
                    done = _heuristic_move_phase(src, o, g, K, XY, n, to_act, w)
                else:
                    src, done = _random_move_phase(src, o, g, K, XY, n, to_act, w)
                if done:
                    break
            if brought_home(w.things) != NOT_OVER:  # a kniggit brought a thing home (batch_items)
                return src, brought_home(w.things), turns
            auto_face(K, XY, n, to_act, o, w.buf)  # _end_move
            auto_face(K, XY, n, 1 - to_act, o, w.buf)
            for i in range(n):
                if K[SEAT, i] != to_act and K[STATUS, i] == FIGHTING \
                        and engaged(K, XY, n, XY[0, i], XY[1, i], K[SEAT, i], o.ring, w.buf) > 1:
                    phase = TURNING
                    break
        if phase == TURNING:
            src = _turning(src, o, K, XY, n, 1 - to_act, w)
        if phase != AT_FIGHT:
            nfights = start_fights(o, K, XY, n, to_act, w.buf, w.fights)
        src, won = resolve_fights(src, o, K, XY, n, w, nfights)
        if won != NOT_OVER:
            return src, won, turns
        for i in range(n):  # _end_turn
            K[MOVED, i] = 0
        to_act = 1 - to_act
        turns += 1
        phase = MOVING
        if o.turn_limit and turns >= o.turn_limit:
            return src, score(K, n), turns
        if turns >= MAX_TURNS:
            return src, -1, turns
        for i in range(n):  # _start_turn: the fleeing kniggits of the army on turn run
            if K[SEAT, i] == to_act and K[STATUS, i] == FLEEING:
                if flee(K, XY, n, i, o, g, w.buf, w.pts, w.out):
                    arrived(K, XY, n, i, o, w.things)
        won = check_end(K, n)
        if won != NOT_OVER:
            return src, won, turns


#: :func:`play_on` for the fast source, compiled without counting (:func:`brawl.sim.kernel.borrowed`)
_play_on_fast = borrowed(play_on, "play_on_fast")


@njit(cache=True)
def _playouts(seeds, base, pols, o, g, K0, XY0, n, w, phase, to_act, first, turns, fights0, nfights, sealed0, rps,
              things0):
    """The winner (-1 a draw) of each playout ``seeds[j]`` from one loaded position (its things
    ``things0``), seat ``s`` playing ``pols[j, s]``, each from its own stream (``base`` and the seed)."""
    out = np.zeros(len(seeds), np.int64)
    K = np.empty_like(K0)
    XY = np.empty_like(XY0)
    for j in range(len(seeds)):
        K[:] = K0
        XY[:] = XY0
        w.fights[:] = fights0
        w.sealed[:] = sealed0
        w.things[:] = things0
        w.pols[0], w.pols[1] = pols[j, 0], pols[j, 1]
        src = _chunk_seed(base, seeds[j])
        src, winner, _ = _play_on_fast(src, o, g, K, XY, n, w, phase, to_act, first, turns, nfights, rps)
        out[j] = winner
    return out


@njit(cache=True)
def _play_tape_from(tape, o, g, K, XY, n, w, phase, to_act, first, turns, nfights, rps):
    tape, winner, turns = play_on(tape, o, g, K, XY, n, w, phase, to_act, first, turns, nfights, rps)
    return winner, turns


class _Kernel:
    """One game's compiled records (options, table) and the scratch space of its playouts, kept
    for each army size met."""

    def __init__(self, game, bots: Sequence[str]) -> None:
        self.game = game
        self.o, self.g, _ = _record(game)
        self.known = _known(list(bots))
        self._works: dict[tuple[int, int], object] = {}

    def work(self, n: int, width: int = 1, eps: float = 0.0):
        w = self._works.get((n, width))
        if w is None:
            w = self._works[n, width] = new_work(max(n, 1), width, 0, 0, *self.known)
        w.eps[0] = eps
        return w


def play_kernel_from(game, state, bots: list[str], epsilon: float, values) -> dict:
    """The kernel's side of a tape from ``state`` (what :func:`.batch_state.play_engine_from`
    returns, each decision's kniggits as the kernel logs them)."""
    kernel = _Kernel(game, bots)
    s = load(state, game)
    width = HEAD + PER * s.n
    w = kernel.work(s.n, width, epsilon)
    w.pols[0], w.pols[1] = POLICIES[bots[0]], POLICIES[bots[1]]
    w.fights[:] = s.fights
    w.sealed[:] = s.sealed
    w.things[:] = s.things
    tape = new_tape(values, width)
    K, XY = s.K.copy(), s.XY.copy()
    winner, turns = _play_tape_from(tape, kernel.o, kernel.g, K, XY, s.n, w, s.phase, s.to_act, s.first, s.turns,
                                    s.nfights, s.rps)
    ids = [k.id for k in state.kniggits]
    decisions = []
    for r in tape[2][:tape[3][0]]:
        seat, what, a, b = int(r[0]), int(r[1]), int(r[2]), int(r[3])
        if what == RPS_LOG:
            name = ("rock", "paper", "scissors")[a]
        elif what == MOVE_TO:
            d = 3 if bots[seat] == "random" else 4
            name = f"move:{ids[a]}" + "".join(f":{r[6 + j] / 10000:.{d}f}" for j in range(2 * b))
        elif what == FACE:
            name = f"face:{ids[a]}:{ids[b]}"
        elif what == FIGHT:
            name = f"fight:{ids[a]}-{ids[b]}:{adv.HAND_NAMES[r[4]]}:{adv.HAND_NAMES[r[5]]}"
        elif what == adv.SECOND_TO:
            name = f"second:{ids[a]}:{ids[b]}"
        elif what == bows.SHOOT_TO:
            name = f"shoot:{ids[a]}:{ids[b]}"
        elif what == PICK:
            name = f"pick:{ids[a]}:{item_ids(game)[b - 1]}:{HANDS[r[4] - 1]}"
        elif what == DROP:
            name = f"drop:{ids[a]}"
        else:
            name = "end_move" if what == END_MOVE else "end_turning"
        table = tuple(tuple(int(v) for v in r[HEAD + PER * i:HEAD + PER * (i + 1)]) for i in range(s.n))
        decisions.append((seat, name, table))
    return {"winner": int(winner), "turns": int(turns), "used": int(tape[1][0]), "decisions": decisions,
            "K": K[:, :s.n], "XY": XY[:, :s.n]}


_SAVED_AT = [0.0]


def _keep_strategies() -> None:
    """Keep the fights' strategies solved so far for the next process (:func:`.batch_heuristic.save_known`):
    the whole table is written, so at most every 20 seconds or 200 new strategies."""
    import time

    from . import batch_heuristic

    new = len(batch_heuristic._SOLVED) - (batch_heuristic._SAVED[0] or 0)
    if new > 0 and (new >= 200 or time.monotonic() - _SAVED_AT[0] > 20):
        save_known()
        _SAVED_AT[0] = time.monotonic()


class KernelPolicy:
    """The review's playouts (:class:`brawl.review.policy.Policy`) on the compiled kernel: in
    playout ``j`` seat ``s`` plays ``bots[(j + s) % len(bots)]``, and each decision is with
    probability ``epsilon`` drawn uniformly among the listed ones, as :class:`EnginePolicy` plays
    them (the same games, only faster).  A position the kernel cannot enter
    (:func:`.batch_state.why_not`) is played by the engine's policy."""

    def __init__(self, game, bots: Sequence[str], epsilon: float = 0.0, seed: int = 1) -> None:
        from ...review.policy import EnginePolicy

        self.game = game
        self.bots = list(bots)
        self.epsilon = float(epsilon)
        self.seed = seed
        self.players = 2
        self.engine = EnginePolicy(game, self.bots, epsilon, seed)  # suggestions, and positions the kernel cannot enter
        self.name = self.engine.name
        self.kernel = _Kernel(game, self.bots)
        self.count = 0
        self._codes = np.array([POLICIES[b] for b in self.bots], np.int64)
        self._armies: dict[tuple, object] = {}

    def _pols(self, seeds: np.ndarray) -> np.ndarray:
        m = len(self.bots)
        return np.stack([self._codes[(seeds + s) % m] for s in (0, 1)], axis=1)

    def results(self, state, seeds: Sequence[int]) -> np.ndarray:
        from ...core.game import Terminal
        from ...review.judge import result_of

        seeds = np.asarray(list(seeds), np.int64)
        out = np.zeros((len(seeds), 2))
        node = self.game.node(state)
        if isinstance(node, Terminal):
            out[:] = result_of(node.winners, 2)
            return out
        if state.phase == "army":
            return self._after_armies(state, seeds)
        if why_not(state) is not None:
            return self.engine.results(state, seeds)
        s = load(state, self.game)
        w = self.kernel.work(s.n, 1, self.epsilon)
        _say_if_compiling(_playouts, "playouts")
        winners = _playouts(seeds, np.uint64(self.seed * 7_919 + 17), self._pols(seeds), self.kernel.o, self.kernel.g,
                            s.K, s.XY, s.n, w, s.phase, s.to_act, s.first, s.turns, s.fights, s.nfights, s.sealed, s.rps,
                            s.things)
        self.count += len(seeds)
        _keep_strategies()
        out[winners < 0] = 0.5
        out[winners == 0, 0] = 1.0
        out[winners == 1, 1] = 1.0
        return out

    def _after_armies(self, state, seeds: np.ndarray) -> np.ndarray:
        """The armies still to be chosen, chosen for each playout by its seats' bots (or drawn
        uniformly, ``epsilon``) from the playout's seed; the playouts of each pair of armies are
        played on from the state after it."""
        from ...bots import make_bot

        groups: dict[tuple, list[int]] = {}
        for r, j in enumerate(seeds):
            picks = []
            for seat in (0, 1):
                if state.armies[seat] is not None:
                    continue
                rng = random.Random((self.seed * 1_000_003 + int(j)) * 16 + seat)
                legal = self.game.legal_actions(state, seat)
                bot = self.bots[(int(j) + seat) % len(self.bots)]
                if (self.epsilon and rng.random() < self.epsilon) or bot == "random":
                    picks.append((seat, rng.choice(legal)))
                else:
                    picks.append((seat, make_bot("kniggits", bot, seed=0, game=self.game).choose(self.game, state, seat)))
            groups.setdefault(tuple(picks), []).append(r)
        out = np.zeros((len(seeds), 2))
        for picks, rows in groups.items():
            after = self._armies.get((state.armies, picks))
            if after is None:
                after = state
                for seat, action in picks:
                    after = self.game.apply_action(after, seat, action)
                self._armies[state.armies, picks] = after
            out[rows] = self.results(after, seeds[rows])
        return out

    def can_enter(self, state) -> bool:
        """Whether the kernel plays on from ``state`` itself (a finished game counts), without the engine."""
        return state.phase == "over" or why_not(state) is None

    def suggestions(self, state, seat: int) -> list[str]:
        return self.engine.suggestions(state, seat)


def kernel_policy(game, bots: Sequence[str], epsilon: float = 0.0, seed: int = 1) -> KernelPolicy | None:
    """The review's playouts on the compiled kernel (the game entry's ``playouts``), or None where
    the kernel does not play these options (:func:`.batch.unsupported`: every position of the options
    it plays loads, things to carry and the advanced rules included) or these bots."""
    if not bots or any(b not in POLICIES for b in bots) or unsupported(game.options_json()):
        return None
    return KernelPolicy(game, bots, epsilon, seed)


#: the sources compiled into the playouts (Numba checks a function's own file only, so a change in
#: any of them drops the compiled files of the modules named here: :func:`_drop_stale_cache`)
_SOURCES = ("batch.py", "batch_game.py", "batch_moves.py", "batch_geom.py", "batch_heuristic.py", "batch_playout.py",
            "batch_advanced.py", "batch_items.py", "batch_archers.py", "batch_fighters.py",
            "geometry.py", "disengage.py", "mechanics.py")


def _drop_stale_cache() -> None:
    """Remove the playouts' compiled files (and those of the kernel's modules they call) from
    Numba's cache when a source compiled into them has changed since
    (:func:`brawl.sim.kernel.drop_stale_cache`)."""
    import os

    drop_stale_cache(_playouts, os.path.dirname(os.path.abspath(__file__)), _SOURCES,
                     tuple(s[:-3] + "." for s in _SOURCES), "kniggits-playout.digest")


_drop_stale_cache()
