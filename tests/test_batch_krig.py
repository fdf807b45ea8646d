"""The Krig batch simulator against exact values and against the full engine."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest
from scipy import stats

from brawl.games.krig.batch import CHUNK, can_run, run_range
from brawl.sim.engine import simulate

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


def attacker_exact(hp: int, max_turns: int = 400):
    """Attacker against attacker, exactly (rules page, Krig, Attack: d10 = 1 misses, otherwise the d6
    comes off hit points; nobody defends, charges or parries): the distribution of the number of
    turns, split by whether the first mover wins.  Mass over (hit points of the player on turn,
    of the other, is the player on turn the first mover)."""
    mass = np.zeros((hp + 1, hp + 1, 2))
    mass[hp, hp, 1] = 1.0
    first_wins = np.zeros(max_turns + 1)
    other_wins = np.zeros(max_turns + 1)
    for n in range(1, max_turns + 1):
        nxt = np.zeros_like(mass)
        for a in range(1, hp + 1):
            for b in range(1, hp + 1):
                for f in range(2):
                    m = mass[a, b, f]
                    if m == 0.0:
                        continue
                    nxt[b, a, 1 - f] += 0.1 * m  # a miss: the turn passes
                    for dmg in range(1, 7):
                        p = 0.9 * m / 6
                        if b - dmg <= 0:
                            (first_wins if f else other_wins)[n] += p
                        else:
                            nxt[b - dmg, a, 1 - f] += p
        mass = nxt
    return first_wins, other_wins


def _z(p_hat: float, p: float, n: int) -> float:
    return (p_hat - p) / math.sqrt(p * (1 - p) / n)


def test_attacker_batch_matches_the_exact_attacker_values():
    """Rules page, Krig, Attack: the batch first-mover win rate and game-length distribution match a
    dynamic program of the attacker policy (z-test, chi-square at 0.01%)."""
    fw, ow = attacker_exact(20)
    exact_fm = fw.sum()
    length = fw + ow
    res = run_range({"hp": 20}, ["attacker", "attacker"], seed=11, start=0, stop=1_000_000)
    assert abs(_z(res.first_mover_wins / res.games, exact_fm, res.games)) < 4.5
    observed = np.zeros_like(length)
    for t, c in res.turn_counts.items():
        observed[t] += c
    expected = length * res.games
    keep = expected >= 20
    obs = np.append(observed[keep], observed[~keep].sum())
    exp = np.append(expected[keep], expected[~keep].sum())
    exp *= obs.sum() / exp.sum()
    chi2, p = stats.chisquare(obs, exp)
    assert p > 1e-4, (chi2, p)
    mean_exact = float((np.arange(len(length)) * length).sum())
    assert res.total_turns / res.games == pytest.approx(mean_exact, abs=0.05)


def test_optimal_batch_matches_the_solved_value():
    """The batch simulator playing the solved tables wins as first mover as often as the solution says."""
    from brawl.solve import solve

    exact = solve("krig", {"edition": "article", "hp": 12}).first_mover_win
    res = run_range({"edition": "article", "hp": 12}, ["optimal", "optimal"], seed=2, start=0, stop=400_000)
    assert abs(_z(res.first_mover_wins / res.games, exact, res.games)) < 4.5


def _compare(engine_res, batch_res):
    n1, n2 = engine_res.games, batch_res.games
    # seat 0's win rate and the first mover's win rate: two-proportion z-tests
    for a, b in ((engine_res.wins[0], batch_res.wins[0]), (engine_res.first_mover_wins, batch_res.first_mover_wins)):
        p = (a + b) / (n1 + n2)
        z = (a / n1 - b / n2) / math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
        assert abs(z) < 4.5, (a / n1, b / n2)
    # game length: chi-square test of homogeneity on pooled bins
    top = max(max(engine_res.turn_counts), max(batch_res.turn_counts))
    table = np.zeros((2, top + 1))
    for row, res in enumerate((engine_res, batch_res)):
        for t, c in res.turn_counts.items():
            table[row, t] += c
    cols, acc = [], np.zeros(2)
    for j in range(top + 1):
        acc += table[:, j]
        if acc.sum() >= 60 and acc[0] >= 10:
            cols.append(acc.copy())
            acc[:] = 0
    if acc.sum():
        cols[-1] += acc
    _, p, _, _ = stats.chi2_contingency(np.array(cols).T)
    assert p > 1e-4, p


@pytest.mark.parametrize("edition,bots", [("author", ["random", "attacker"]),
                                          ("article", ["optimal", "random"]),
                                          ("author", ["attacker", "optimal"])])
def test_batch_agrees_with_the_engine(edition, bots):
    """The batch simulator and the full rules engine agree in win rate, first-mover win rate and
    the game-length distribution (rules page, Krig, all rules; reference bots)."""
    options = {"edition": edition, "hp": 8}
    engine_res = simulate("krig", options, bots, 2500, seed=5, workers=1)
    batch_res = run_range(options, bots, seed=5, start=0, stop=300_000)
    assert engine_res.backend == "engine" and batch_res.backend == "batch"
    _compare(engine_res, batch_res)


def test_chunks_add_up_whatever_the_split():
    """Same seed, same totals: one range equals its pieces, and one thread equals two."""
    opts, bots = {"hp": 10}, ["random", "attacker"]
    whole = run_range(opts, bots, 9, 0, 3 * CHUNK + 123, workers=2)
    one = run_range(opts, bots, 9, 0, 3 * CHUNK + 123, workers=1)
    a = run_range(opts, bots, 9, 0, CHUNK)
    b = run_range(opts, bots, 9, CHUNK, 3 * CHUNK + 123)
    a.merge(b)
    for other in (one, a):
        assert (other.games, other.wins, other.first_mover_wins, other.total_turns, other.turn_counts) == \
               (whole.games, whole.wins, whole.first_mover_wins, whole.total_turns, whole.turn_counts)
    different = run_range(opts, bots, 10, 0, 3 * CHUNK + 123)
    assert different.turn_counts != whole.turn_counts
    with pytest.raises(ValueError):
        run_range(opts, bots, 9, 5, 100)


def test_runner_declines_what_it_cannot_play():
    assert can_run(["attacker", "random"]) and can_run(["optimal", "optimal"])
    assert not can_run(["heuristic", "attacker"]) and not can_run(["attacker"])


def test_cli_sim_uses_batch_and_falls_back():
    out = subprocess.run([*BRAWL, "sim", "krig", "--bots", "attacker,attacker", "--games", "200000", "--json", "--hp", "15"],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["backend"] == "batch" and data["games"] == 200000 and data["options"]["hp"] == 15
    out = subprocess.run([*BRAWL, "sim", "krig", "--bots", "heuristic,attacker", "--games", "50", "--json"],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["backend"] == "engine"
    bad = subprocess.run([*BRAWL, "sim", "krig", "--bots", "attacker,attacker", "--hp", "99"], capture_output=True, text=True)
    assert bad.returncode == 2 and "hp" in bad.stderr
