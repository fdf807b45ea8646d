"""Exact solvers: the value of every state under optimal play, saved and reused.

``solve(game_name, options)`` returns a solution for the games that have one: Krig (both
editions, hit points 1 to 20) and the KtOG duel (default options, hit points 1 to 25, initiative
once or every round; minutes at full size, see :mod:`brawl.solve.ktog`).  Solutions are saved as NumPy ``.npz`` files under
``$BRAWL_CACHE`` (default ``~/.cache/brawl``), keyed by game, options and :data:`SOLVER_VERSION`,
and loaded instead of solved again.  ``brawl.solve.generic`` solves any two-player zero-sum game
with chance straight from its rules module (for small set-ups and as the reference).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from ..core.game import BrawlError
from ..games import make_game

SOLVER_VERSION = 1
SOLVABLE = ("krig", "ktog")


class NoSolver(BrawlError):
    pass


def cache_dir() -> Path:
    return Path(os.environ.get("BRAWL_CACHE") or Path.home() / ".cache" / "brawl")


def cache_path(game_name: str, options: Mapping[str, Any]) -> Path:
    blob = json.dumps({"game": game_name, "options": dict(options), "version": SOLVER_VERSION}, sort_keys=True)
    digest = hashlib.sha256(blob.encode()).hexdigest()[:16]
    return cache_dir() / f"{game_name}-v{SOLVER_VERSION}-{digest}.npz"


class KrigSolution:
    """Krig solved: value and policy tables (see :mod:`brawl.solve.krig`) and how they were made."""

    game_name = "krig"

    def __init__(self, options: dict, tables: Mapping[str, np.ndarray], seconds: float, cached: bool) -> None:
        self.options = dict(options)
        self.value = np.asarray(tables["value"])
        self.turn = np.asarray(tables["turn"])
        self.parry = np.asarray(tables["parry"])
        self.seconds = seconds
        self.cached = cached
        self.article = self.options["edition"] == "article"
        self.hp = int(self.options["hp"])

    @property
    def states(self) -> int:
        from .krig import count_states
        return count_states(self.hp, self.article)

    @property
    def first_mover_win(self) -> float:
        """The first mover's win probability from the start (after initiative), optimal play."""
        return float(self.value[self.hp, self.hp, 0, 0, 0, 0])

    def _cell(self, state):
        m = state.to_act
        o = 1 - m
        return (state.hp[m], state.hp[o], state.defense[m], state.defense[o],
                int(state.charging[m]), int(state.charging[o]))

    def win_probability(self, state, seat: int) -> float | None:
        """``seat``'s win probability at a turn decision or at the end; None elsewhere."""
        if state.phase == "over":
            return 1.0 if state.winner == seat else 0.0
        if state.phase != "turn":
            return None
        v = float(self.value[self._cell(state)])
        return v if seat == state.to_act else 1.0 - v

    def action_values(self, state, seat: int) -> dict[str, float]:
        """Each legal decision of ``seat`` with ``seat``'s win probability after it (optimal play)."""
        from . import krig as K

        cell = self._cell(state)
        if state.phase == "turn" and seat == state.to_act:
            out = {"attack": K.q_attack(self.value, *cell, self.article)}
            if not state.charging[seat]:
                if state.defense[seat] == 0:
                    out["defend"] = K.q_defend(self.value, *cell)
                out["charge"] = K.q_charge(self.value, *cell, self.article)
            return {a: float(v) for a, v in out.items()}
        if state.phase == "parry?" and seat == 1 - state.to_act:
            b = state.rolls[1]
            return {"parry": 1.0 - float(K.parry_value(self.value, *cell, b)),
                    "take": 1.0 - float(K.take_value(self.value, *cell, b))}
        return {}

    def best_action(self, state, seat: int) -> str:
        """The solved policy's decision (the table the batch simulator also plays)."""
        from .krig import ACTIONS

        cell = self._cell(state)
        if state.phase == "parry?":
            return "parry" if self.parry[cell + (state.rolls[1],)] else "take"
        return ACTIONS[int(self.turn[cell])]

    def to_json(self) -> dict:
        return {"game": "krig", "options": self.options, "first_mover_win": self.first_mover_win,
                "states": self.states, "seconds": round(self.seconds, 4), "cached": self.cached,
                "solver_version": SOLVER_VERSION}


class KtogSolution:
    """The KtOG duel solved: turn-start values V and mid-Haste values W (see :mod:`brawl.solve.ktog`)."""

    game_name = "ktog"

    def __init__(self, options: dict, V: np.ndarray, W: np.ndarray, seconds: float, cached: bool,
                 first_mover_win: float, sweeps: int = 0) -> None:
        self.options = dict(options)
        self.V, self.W = V, W
        self.seconds = seconds
        self.cached = cached
        self.hp = int(options["hp"])
        self.every = options["initiative"] == "every_round"
        self.first_mover_win = first_mover_win
        self.sweeps = sweeps

    @property
    def states(self) -> int:
        return int(self.V.size)

    def action_values(self, state, seat: int) -> dict[str, float]:
        from .ktog import action_values

        if len(state.hp) != 2 or state.phase not in ("turn", "action", "dodge?", "mighty?"):
            return {}
        return action_values(self.V, self.W, self.every, self.hp, state, seat, int(self.options["to_hit"]))

    def best_action(self, state, seat: int) -> str:
        values = self.action_values(state, seat)
        if not values:
            raise BrawlError(f"no solved decision for {state.phase!r}")
        return max(values, key=lambda a: values[a])  # ties: the first in the engine's order

    def to_json(self) -> dict:
        return {"game": "ktog", "options": self.options, "first_mover_win": self.first_mover_win,
                "states": self.states, "mid_turn_states": int(self.W.size),
                "memory_bytes": int(self.V.nbytes + self.W.nbytes), "seconds": round(self.seconds, 3),
                "cached": self.cached, "solver_version": SOLVER_VERSION}


def _solve_ktog(opts: dict, path: Path, use_cache: bool):
    from .ktog import solve_ktog_duel, start_index, unsupported

    bad = unsupported(opts)
    if bad:
        raise NoSolver("the KtOG solver covers the two-player duel with default options (initiative "
                       "once or every_round, either initiative die, any to_hit, hp 1 to 25); not: " + ", ".join(bad))
    if use_cache and path.exists():
        try:
            with np.load(path) as data:
                return KtogSolution(opts, data["V"].astype(np.float64), data["W"].astype(np.float64),
                                    float(data["seconds"]), True, float(data["first_mover_win"]), int(data["sweeps"]))
        except (OSError, ValueError, KeyError):
            pass
    t0 = time.perf_counter()
    V, W, sweeps = solve_ktog_duel(opts["hp"], opts["initiative"] == "every_round", to_hit=int(opts["to_hit"]))
    seconds = time.perf_counter() - t0
    fm = float(V[start_index(opts["hp"])])
    if use_cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp.npz")
            np.savez(tmp, V=V.astype(np.float32), W=W.astype(np.float32), seconds=np.float64(seconds),
                     first_mover_win=np.float64(fm), sweeps=np.int64(sweeps))
            os.replace(tmp, path)
        except OSError:
            pass
    return KtogSolution(opts, V, W, seconds, False, fm, sweeps)


_MEMORY: dict[str, Any] = {}


def solve(game_name: str, options: Mapping[str, Any] | None = None, use_cache: bool = True):
    """The solution for ``game_name`` with ``options`` (from memory, the disk cache, or solved now)."""
    if game_name not in SOLVABLE:
        raise NoSolver(f"no exact solver for {game_name!r}; solvable: {', '.join(SOLVABLE)}")
    game = make_game(game_name, options or {})
    opts = game.options_json()
    path = cache_path(game_name, opts)
    if use_cache and str(path) in _MEMORY:
        return _MEMORY[str(path)]
    if game_name == "ktog":
        solution = _solve_ktog(opts, path, use_cache)
        if use_cache:
            _MEMORY[str(path)] = solution
        return solution
    solution = None
    if use_cache and path.exists():
        try:
            t0 = time.perf_counter()
            with np.load(path) as data:
                tables = {k: data[k] for k in data.files}
            solution = KrigSolution(opts, tables, float(tables.get("seconds", time.perf_counter() - t0)), True)
        except (OSError, ValueError, KeyError):
            solution = None  # a damaged cache file is solved again and overwritten
    if solution is None:
        from .krig import solve_tables

        t0 = time.perf_counter()
        tables = solve_tables(opts["hp"], opts["edition"])
        seconds = time.perf_counter() - t0
        solution = KrigSolution(opts, tables, seconds, False)
        if use_cache:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(".tmp.npz")
                np.savez_compressed(tmp, value=solution.value, turn=solution.turn, parry=solution.parry,
                                    seconds=np.float64(seconds))
                os.replace(tmp, path)
            except OSError:
                pass  # a read-only cache only costs a re-solve next time
    if use_cache:
        _MEMORY[str(path)] = solution
    return solution


QUICK_KTOG_HP = 8  # a KtOG duel up to this many hit points solves in well under a minute


def is_quick_or_saved(game_name: str, options: Mapping[str, Any]) -> bool:
    """Whether a solution can be had at once: saved already, or quick to solve."""
    if game_name != "ktog":
        return True
    opts = make_game(game_name, options).options_json()
    path = cache_path(game_name, opts)
    return str(path) in _MEMORY or path.exists() or int(opts["hp"]) <= QUICK_KTOG_HP


def solve_for_play(game_name: str, options: Mapping[str, Any] | None = None):
    """The solution for a bot or a batch run: refuses (clearly) to start a solve that takes minutes."""
    opts = make_game(game_name, options or {}).options_json() if game_name in SOLVABLE else dict(options or {})
    if game_name == "ktog":
        from .ktog import unsupported

        if unsupported(opts):
            return solve(game_name, opts)  # refuses with the list of what the solver does not cover
    if game_name in SOLVABLE and not is_quick_or_saved(game_name, opts):
        flags = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in opts.items()
                         if k in ("hp", "initiative", "initiative_die"))
        raise NoSolver(f"the {game_name} duel at hp {opts['hp']} takes minutes to solve; solve it once with "
                       f"`brawl solve {game_name} {flags}` and the optimal bot will load it")
    return solve(game_name, opts)


def solution_if_available(game_name: str, options: Mapping[str, Any]):
    """The solution when this game has a solver, else None.  Krig is solved on demand (under a
    second); a KtOG duel only when small or already saved, as a full one takes minutes."""
    if game_name not in SOLVABLE:
        return None
    try:
        if not is_quick_or_saved(game_name, options):
            return None
        return solve(game_name, options)
    except BrawlError:
        return None
