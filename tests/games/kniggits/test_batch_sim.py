"""``brawl sim kniggits`` on the compiled batch kernel (issue 39): random against random takes the
batch path, ``--engine`` forces the engine, and options the kernel does not play go to the engine
with a line saying so.  (The kernel's games are checked decision by decision against the engine
in ``test_batch_agrees.py``.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from brawl.games import make_game
from brawl.games.kniggits import batch

from ..uncounted import check_uncounted


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    """The fight strategies the heuristic's games solve are kept in a cache of the test's own."""
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]


def _sim(*args: str) -> tuple[dict, str]:
    out = subprocess.run([*BRAWL, "sim", "kniggits", *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout), out.stderr


def test_cli_sim_random_games_take_the_batch_path():
    """Issue 39: ``brawl sim kniggits --bots random,random`` runs on the batch kernel; every game is
    counted (wins and draws add up, each lasts the turn limit or less)."""
    data, _ = _sim("--bots", "random,random", "--games", "3000", "--turn-limit", "20")
    assert data["backend"] == "batch" and data["games"] == 3000
    assert sum(data["wins"]) + data["draws"] == 3000
    assert 0 < data["mean_turns"] <= 20


def test_cli_sim_heuristic_games_take_the_batch_path():
    """Issue 39: ``brawl sim kniggits --bots heuristic,heuristic`` runs on the batch kernel too."""
    data, _ = _sim("--bots", "heuristic,heuristic", "--games", "12")
    assert data["backend"] == "batch" and data["games"] == 12
    assert sum(data["wins"]) + data["draws"] == 12


def test_cli_sim_engine_flag_still_forces_the_engine():
    """Issue 39: ``--engine`` still plays the full rules engine."""
    data, _ = _sim("--bots", "random,random", "--games", "2", "--turn-limit", "4", "--engine")
    assert data["backend"] == "engine" and data["games"] == 2


def test_options_the_kernel_does_not_play_run_on_the_engine_and_say_so(capsys, monkeypatch):
    """Issue 39: options outside the kernel are played by the engine, with a line on stderr naming
    what the kernel does not play.  The kernel now plays every option bots play (a real table only
    people play), so the test names one for it."""
    monkeypatch.setattr(batch, "unsupported", lambda options: ["a rule left out for this test"])
    result = batch.run_range({"archers": True, "scenario": "flag", "turn_limit": 4}, ["random", "random"], 0, 0, 3,
                             workers=1)
    assert result.backend == "engine" and result.games == 3
    assert "does not play a rule left out for this test" in capsys.readouterr().err


def test_a_run_splits_into_chunks_with_the_same_totals():
    """Issue 39: games are cut into chunks with seeds of their own, as for Krig and KtOG: a run's
    totals are the sum of its parts."""
    whole = batch.run_range({"turn_limit": 2}, ["random", "random"], 7, 0, batch.CHUNK + 50, workers=1)
    first = batch.run_range({"turn_limit": 2}, ["random", "random"], 7, 0, batch.CHUNK, workers=1)
    rest = batch.run_range({"turn_limit": 2}, ["random", "random"], 7, batch.CHUNK, batch.CHUNK + 50, workers=1)
    assert whole.wins == [a + b for a, b in zip(first.wins, rest.wins)]
    assert whole.turn_counts == {k: first.turn_counts.get(k, 0) + rest.turn_counts.get(k, 0)
                                 for k in set(first.turn_counts) | set(rest.turn_counts)}


def test_the_heuristics_fight_strategies_are_kept_for_the_next_run():
    """Issue 39: the compiled heuristic asks the bot for each new kind of fight's equilibrium and
    keeps the answers on disk (``$BRAWL_CACHE``), so a later process reads them instead of solving."""
    from brawl.games.kniggits import batch_heuristic

    batch_heuristic._SOLVED.clear()
    batch_heuristic._SAVED[0] = None  # a new process, with the test's empty cache
    batch.run_range({"turn_limit": 30}, ["heuristic", "heuristic"], 3, 0, 4, workers=1)
    solved = dict(batch_heuristic._SOLVED)
    assert solved and batch_heuristic._path().is_file()
    batch_heuristic._SOLVED.clear()
    batch_heuristic._SAVED[0] = None  # as a new process starts
    keys, strategies, lengths = batch_heuristic.known_table()
    assert {tuple(int(v) for v in k) for k in keys} >= set(solved)
    for k, row, m in zip(keys, strategies, lengths):
        key = tuple(int(v) for v in k)
        if key in solved:
            assert (row[:m] == solved[key]).all()


@pytest.mark.parametrize("bots", [["random", "random"], ["heuristic", "random"]])
def test_the_fast_games_compiled_without_counting_free_all_they_make(bots):
    """Issue 39: the fast path's game loop is compiled without reference counting
    (:func:`brawl.sim.kernel.borrowed`), and the functions it calls that make arrays and lists (the
    shortest way round the forest's trees, a fleeing kniggit's route, the heuristic's fight
    strategies) count their own.  Whatever they make is freed again: Numba's allocation counts
    balance after a run, and the run did make things (so the check is not empty)."""
    from numba.core.runtime import _nrt_python, rtsys

    options = {"terrain": "forest", "turn_limit": 30}
    batch.run_range(options, bots, 1, 0, 2, workers=1)  # compiled or read from the cache first
    was = _nrt_python.memsys_stats_enabled()
    _nrt_python.memsys_enable_stats()
    try:
        before = rtsys.get_allocation_stats()
        result = batch.run_range(options, bots, 5, 0, 300, workers=1)
        after = rtsys.get_allocation_stats()
    finally:
        if not was:
            _nrt_python.memsys_disable_stats()
    assert result.backend == "batch" and result.games == 300
    made = after.mi_alloc - before.mi_alloc
    assert made > 100  # fleeing kniggits' routes round the trees, at least
    assert after.mi_free - before.mi_free == made
    assert after.alloc - before.alloc == after.free - before.free


def test_the_uncounted_loops_are_handed_back_no_array():
    """Issue 39: in the fast build the game loops compiled without counting (``play_game``,
    ``play_on``: :func:`brawl.sim.kernel.borrowed`) and the steps inlined into them
    (:func:`brawl.sim.kernel.inlined`) must get numbers back from every call: an array, a list or a
    dictionary handed back there would never be freed.  (In the tests' quick build the steps are
    functions of their own that count, so the allocation check above cannot see this.)  Every
    function they call, and the functions an uncounted one calls in turn, compiled for the fast
    source (a number, not a tape), returns none."""
    from brawl.games.kniggits import batch_playout
    from brawl.games.kniggits.batch_state import load
    from brawl.sim import kernel

    options = {"terrain": "forest", "scenario": "flag", "turn_limit": 20}
    batch.run_range(options, ["heuristic", "random"], 1, 0, 4, workers=1)  # the fast forms compiled
    game = make_game("kniggits", options)
    state = game.apply_action(game.apply_action(game.initial_state(), 0, "army:heavy"), 1, "army:heavy")
    assert load(state, game).n > 0
    batch_playout.kernel_policy(game, ["heuristic", "random"], 0.1).results(state, range(4))

    mine = [f for f in kernel.BORROWED + kernel.INLINED if f.py_func.__module__.startswith("brawl.games.kniggits.")]
    assert {f.py_func.__name__ for f in kernel.BORROWED} >= {"play_game", "play_on"}
    assert check_uncounted(mine, "brawl.games.kniggits.batch") > 50


def test_a_chunks_next_game_starts_from_a_clear_table():
    """Issue 39: a chunk's games share the kniggits' table (``K``), and mustering clears all of it:
    a column an earlier game's larger army left behind carries nothing into the next game (a stale
    carrier there kept a thing off the table for the next game's kniggits, whose
    :func:`.batch_items.carrier` reads every column)."""
    import numpy as np

    from brawl.games.kniggits.batch_fighters import muster
    from brawl.games.kniggits.batch_items import carrier
    from brawl.games.kniggits.batch_moves import CARRY, NROWS

    o, _, _ = batch._record(make_game("kniggits", {"scenario": "flag"}))
    big, small = int(np.argmax(o.army_size)), int(np.argmin(o.army_size))
    assert o.army_size[big] > o.army_size[small]
    K, XY = np.zeros((NROWS, 2 * o.army_size[big]), np.int64), np.zeros((2, 2 * o.army_size[big]))
    muster(o, big, big, K, XY)
    K[CARRY, :] = 1  # every kniggit of the first game ended carrying the first thing
    n = muster(o, small, small, K, XY)
    assert n == 2 * o.army_size[small]
    assert carrier(K, 1) == -1
    assert not K[:, n:].any()
