"""The scripts in examples/ run to the end in a tiny mode and print what they reached.

The OpenSpiel and vectorised examples need only the ``rl`` extra and run everywhere; the learning
agents need the ``train`` extra (PyTorch, sb3-contrib, Tianshou, RLlib) and are skipped without it.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(script: str, *args: str, timeout: float = 120) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=EXAMPLES.parent)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_openspiel_cfr_prints_falling_exploitability():
    pytest.importorskip("pyspiel")
    out = run("openspiel_cfr.py", "--iterations", "20", "--krig-moves", "4")
    rps = [float(x) for x in re.findall(r"rps: iteration +\d+: exploitability ([0-9.]+)", out)]
    krig = [float(x) for x in re.findall(r"krig: iteration +\d+: exploitability ([0-9.]+)", out)]
    assert rps and rps[-1] < 1e-6  # uniform is the equilibrium of rock-paper-scissors
    assert len(krig) == 3 and krig[-1] < krig[0] / 5
    assert "krig, Sun's first decision:" in out
    assert "always rock has exploitability 1.000" in out
    assert re.search(r"krig, Sun's value: [+-][0-9.]+ with CFR's average policy .* [+-][0-9.]+ in brawl's exact", out)


def test_cfr_tree_exploitability_of_a_pure_strategy():
    """The exploitability the example prints is a real measure: always rock loses 1 to always paper."""
    pytest.importorskip("pyspiel")
    import pyspiel
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    from brawl.rl import openspiel_game

    cfr_example = load("openspiel_cfr")
    base = openspiel_game("rps", wins_needed=1, max_game_length=1)
    tree = cfr_example.Tree(pyspiel.convert_to_turn_based(base))
    assert tree.nodes == 1 + 3 + 9
    rock = policy.TabularPolicy(tree)
    rock.action_probability_array[:] = 0
    rock.action_probability_array[:, 0] = 1  # rock is action 0 in every information state
    assert exploitability.nash_conv(tree, rock) / 2 == pytest.approx(1.0)
    assert exploitability.nash_conv(tree, policy.TabularPolicy(tree)) == pytest.approx(0.0, abs=1e-12)


def test_vector_krig_learns_without_numeric_trouble():
    """The Q-learning example learns: after 100 steps of 4,096 games its greedy agent wins more
    often against random than the untrained table (which always takes the first legal action),
    and no overflow or invalid value is met on the way (warnings are errors here)."""
    def rate(steps: int) -> float:
        done = subprocess.run([sys.executable, "-W", "error", str(EXAMPLES / "vector_krig.py"), "--steps", str(steps),
                               "--envs", "4096"], capture_output=True, text=True, timeout=120, cwd=EXAMPLES.parent)
        assert done.returncode == 0, done.stderr[-3000:]
        match = re.search(r"greedy agent against random: ([0-9.]+) of ([0-9,]+) games won", done.stdout)
        assert match and int(match.group(2).replace(",", "")) > 100_000
        return float(match.group(1))

    untrained, trained = rate(0), rate(100)
    assert trained > untrained + 0.01


def test_train_krig_maskable_ppo_runs():
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    out = run("train_krig.py", "--steps", "512", "--eval", "20")
    assert re.search(r"trained [0-9,]+ agent decisions", out)
    match = re.search(r"win rate against heuristic: ([0-9.]+) \(95% interval ([0-9.]+)-([0-9.]+); (\d+) of 20 games", out)
    assert match
    rate, low, high = map(float, match.groups()[:3])
    assert low <= rate <= high and int(match.group(4)) == round(rate * 20)


def test_wilson_interval():
    train = load("train_krig")
    low, high = train.wilson(599, 1000)
    assert (round(low, 3), round(high, 3)) == (0.568, 0.629)
    assert train.wilson(0, 20)[0] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.slow
def test_tianshou_recipe_runs():
    """Slow only because Tianshou compiles its replay buffer with Numba at start (about 20 s)."""
    pytest.importorskip("torch")
    pytest.importorskip("tianshou")
    out = run("tianshou_krig.py", "--epochs", "1", "--steps", "400", "--eval", "10")
    assert re.search(r"greedy DQN against heuristic: [0-9.]+ ± [0-9.]+ won \(\d+ of 10 games", out)


@pytest.mark.slow
def test_rllib_recipe_runs():
    """Slow only for Ray's start-up (about half a minute); one short training iteration."""
    pytest.importorskip("torch")
    pytest.importorskip("ray.rllib")
    out = run("rllib_krig.py", "--iterations", "1", "--batch", "200", "--eval", "5", timeout=300)
    assert re.search(r"iteration +1: mean shaped return", out)
    assert re.search(r"greedy PPO against heuristic: [0-9.]+ ± [0-9.]+ won \(\d+ of 5 games", out)
