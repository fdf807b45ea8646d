"""Exact solvers: the value of every state under optimal play, saved and reused.

``solve(game_name, options)`` returns the solution of a game whose entry has a solver
(:mod:`brawl.games.entry`): today Krig (both editions, any hit points) and the KtOG duel (see
:mod:`brawl.games.ktog.solver`; minutes at full size).  Solutions are saved under ``$BRAWL_CACHE``
(:mod:`brawl.solve.cache`) and loaded instead of solved again.  :mod:`brawl.solve.generic` solves
any two-player zero-sum game with chance straight from its rules module (for small set-ups and as
the reference).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core.game import BrawlError
from . import cache as _cache
from .cache import SOLVER_VERSION, cache_dir  # noqa: F401  (part of this package's interface)


class NoSolver(BrawlError):
    pass


def _solver(game_name: str):
    from ..games import entry, games_with

    solver = entry(game_name).load("solver")
    if solver is None:
        raise NoSolver(f"no exact solver for {game_name!r}; solvable: {', '.join(games_with('solver'))}")
    return solver


def cache_path(game_name: str, options: Mapping[str, Any]):
    """Where the solution of ``game_name`` with ``options`` is saved: named by the solver's
    ``TABLES_VERSION`` where it has one (a file of an older layout is not read: solved again)."""
    version = getattr(_solver(game_name), "TABLES_VERSION", SOLVER_VERSION)
    return _cache.cache_path(game_name, options, version)


def _options(game_name: str, options: Mapping[str, Any] | None) -> dict:
    from ..games import make_game

    return make_game(game_name, options or {}).options_json()


_MEMORY: dict[str, Any] = {}


def solve(game_name: str, options: Mapping[str, Any] | None = None, use_cache: bool = True, progress=None):
    """The solution for ``game_name`` with ``options`` (from memory, the disk cache, or solved now;
    a solve calls ``progress(done, total)`` as it goes, in the solver's own count of work)."""
    solver = _solver(game_name)
    opts = _options(game_name, options)
    bad = solver.unsupported(opts)
    if bad:
        raise NoSolver(f"{solver.COVERS}; not: {', '.join(bad)}")
    path = cache_path(game_name, opts)
    if use_cache and str(path) in _MEMORY:
        return _MEMORY[str(path)]
    solution = solver.solve(opts, path if use_cache else None, progress=progress)
    if use_cache:
        _MEMORY[str(path)] = solution
    return solution


def covered(game_name: str, options: Mapping[str, Any]) -> bool:
    """Whether the game has a solver that covers these options."""
    from ..games import entry

    solver = entry(game_name).load("solver")
    return solver is not None and not solver.unsupported(_options(game_name, options))


def is_quick_or_saved(game_name: str, options: Mapping[str, Any]) -> bool:
    """Whether a solution can be had at once: saved already, or quick to solve."""
    solver = _solver(game_name)
    opts = _options(game_name, options)
    path = cache_path(game_name, opts)
    return str(path) in _MEMORY or path.exists() or solver.quick(opts)


def solve_for_play(game_name: str, options: Mapping[str, Any] | None = None):
    """The solution for a bot or a batch run: refuses (clearly) to start a solve that takes minutes."""
    opts = _options(game_name, options)
    if covered(game_name, opts) and not is_quick_or_saved(game_name, opts):
        defaults = _options(game_name, {})
        flags = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in opts.items() if v != defaults.get(k) or k == "hp")
        raise NoSolver(f"{game_name} at hp {opts.get('hp')} takes minutes to solve; solve it once with "
                       f"`brawl solve {game_name} {flags}` and the optimal bot will load it")
    return solve(game_name, opts)  # refuses with what the solver does not cover


def solution_if_available(game_name: str, options: Mapping[str, Any]):
    """The solution when this game has a solver covering these options and it can be had at once
    (quick, or saved already); else None."""
    try:
        if not covered(game_name, options) or not is_quick_or_saved(game_name, options):
            return None
        return solve(game_name, options)
    except BrawlError:
        return None
