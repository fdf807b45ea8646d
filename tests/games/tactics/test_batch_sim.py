"""Issue 39: ``brawl sim tactics`` takes the compiled batch path for the battles it plays, says so
when it cannot, and ``--engine`` still forces the engine."""

from __future__ import annotations

import json
import subprocess
import sys

from brawl.games import entry
from brawl.games.tactics import batch
from brawl.games.tactics.batch import can_run, run_range
from brawl.sim.kernel import INLINE

from ..uncounted import called, check_uncounted

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]
DUEL = {"party1": "steve", "party2": "steve", "level": 3}


def test_the_entry_names_the_kernel_and_it_plays_random_seats():
    """Issue 39: Tactics' entry has a batch part; it plays random and heuristic seats."""
    assert entry("tactics").load("batch").run_range is run_range
    assert can_run(["random", "random"]) and can_run(["heuristic", "heuristic"]) and can_run(["heuristic", "random"])
    assert not can_run(["search", "random"]) and not can_run(["random"])


def test_kernel_totals_add_up_and_repeat():
    """Issue 39: the kernel's totals count every battle once (wins, draws, turns) and the same seed
    gives the same totals."""
    a = run_range(DUEL, ["random", "random"], 5, 0, 300, workers=1)
    b = run_range(DUEL, ["random", "random"], 5, 0, 300, workers=1)
    assert a.backend == "batch" and a.games == 300
    assert sum(a.wins) + a.draws == 300 and sum(a.turn_counts.values()) == 300
    assert a.total_turns == sum(k * v for k, v in a.turn_counts.items())
    assert (a.wins, a.draws, a.first_mover_wins, a.total_turns) == (b.wins, b.draws, b.first_mover_wins, b.total_turns)
    assert a.first_mover_wins <= sum(a.wins)


def test_unplayed_options_run_on_the_engine_and_say_so(capsys, monkeypatch):
    """Issue 39: options the kernel does not play fall back to the engine with a line on stderr naming
    why (the kernel plays every option now: two are marked unplayed here)."""
    from brawl.games.tactics import batch_tables as T

    monkeypatch.setattr(T, "_PLAYED", {"cover": False, "unarmed_strikes": False})
    result = run_range(dict(DUEL, unarmed_strikes=True, max_rounds=2), ["random", "random"], 1, 0, 3, workers=1)
    assert result.backend == "engine" and result.games == 3
    assert "unarmed_strikes=True" in capsys.readouterr().err
    result = run_range(dict(DUEL, cover=True, max_rounds=2), ["random", "random"], 1, 0, 2, workers=1)
    assert result.backend == "engine" and "cover=True" in capsys.readouterr().err


def test_every_option_is_played_and_the_vector_environment_still_refuses_the_d20_ones():
    """Issue 39 (Tactics "parties, maps, levels, every d20 option"): the kernel plays every option
    (rules.md, Rules from the SRD: cover, unarmed strikes, iterative attacks, a surprise round), while
    the vectorised environment, which does not play them yet, is told which they are."""
    from brawl.games import make_game
    from brawl.games.tactics import batch_tables as T

    options = {"cover": True, "unarmed_strikes": True, "iterative_attacks": True, "surprise_round": "second"}
    game = make_game("tactics", options)
    assert T.unsupported(game) == []
    assert T.vector_unsupported(game) == ["cover=True", "unarmed_strikes=True", "iterative_attacks=True",
                                          "surprise_round=second"]
    assert T.vector_unsupported(make_game("tactics", {"shooting_into_melee": True})) == []


def test_cli_sim_takes_the_batch_path_and_engine_forces_the_engine():
    """Issue 39: ``brawl sim tactics --bots random,random`` and ``heuristic,heuristic`` (the default
    parties, spellcasters and all) run on the kernel; ``--engine`` on the engine."""
    args = [*BRAWL, "sim", "tactics", "--bots", "random,random", "--json"]
    out = subprocess.run([*args, "--games", "300"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["backend"] == "batch" and data["games"] == 300
    out = subprocess.run([*args, "--games", "2", "--engine", "--workers", "1", "--max-rounds", "2"], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout)["backend"] == "engine"
    out = subprocess.run([*BRAWL, "sim", "tactics", "--bots", "heuristic,heuristic", "--json", "--games", "50"],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["backend"] == "batch"


def test_a_changed_source_drops_the_compiled_files(tmp_path, monkeypatch):
    """Issue 39, point 4 (the compiled cache is kept): Numba's cache checks a function's own file only,
    so when any source of the kernel changes its compiled files are dropped (and kept otherwise)."""
    monkeypatch.setattr(batch._play_chunk._cache, "_cache_path", str(tmp_path))
    (tmp_path / "batch_game.settle-1.py311.nbi").write_text("old")
    (tmp_path / "tactics-batch.digest").write_text("a digest of other sources")
    batch._drop_stale_cache()
    assert not (tmp_path / "batch_game.settle-1.py311.nbi").exists()
    (tmp_path / "batch.play_game-2.py311.nbi").write_text("new")
    batch._drop_stale_cache()
    assert (tmp_path / "batch.play_game-2.py311.nbi").exists()


def test_the_uncounted_loop_is_handed_back_no_array():
    """Issue 39: the fast path's battle loop is compiled without counting, its steps inlined into it
    (``batch._play_fast``: :func:`brawl.sim.kernel.borrowed`, :func:`brawl.sim.kernel.inlined_twin`),
    so every function it calls, and those an uncounted one calls in turn, must hand back numbers
    only: an array handed back there would never be freed.  The heuristic plays one seat, so its
    calls are compiled too."""
    run_range({"map": "pillars", "level": 9, "cover": True}, ["heuristic", "random"], 1, 0, 4, workers=1)
    steps = ("settle", "legal", "decide")  # the tests' quick build inlines nothing: the steps themselves
    names = {f.py_func.__name__ for f in called(batch._play_fast)}
    assert {f"{s}_inlined" if INLINE == "always" else s for s in steps} | {"roll", "choose"} <= names
    assert check_uncounted([batch._play_fast], "brawl.games.tactics.batch") > 50
