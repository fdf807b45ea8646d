"""The Ray backend against a local run: a local Ray head started here, the same seed, the same totals."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

from brawl.games.krig.batch import CHUNK, run_range  # noqa: E402
from brawl.sim.engine import simulate  # noqa: E402
from brawl.sim.ray_backend import simulate_ray  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def _totals(res):
    return res.games, res.wins, res.first_mover_wins, res.total_turns, res.turn_counts


def test_ray_batch_equals_local_run(cluster):
    games = 5 * CHUNK + 777
    local = run_range({"hp": 12}, ["random", "attacker"], 21, 0, games)
    remote = simulate_ray("krig", {"hp": 12}, ["random", "attacker"], games, seed=21, tasks=3)
    assert remote.backend == "ray+batch"
    assert _totals(remote) == _totals(local)


def test_ray_engine_equals_local_run(cluster):
    local = simulate("krig", {"hp": 6}, ["heuristic", "random"], 500, seed=4, workers=1)
    remote = simulate_ray("krig", {"hp": 6}, ["heuristic", "random"], 500, seed=4, tasks=2)
    assert remote.backend == "ray+engine"
    assert _totals(remote) == _totals(local)


def test_ray_refuses_bad_requests(cluster):
    from brawl.core.game import BrawlError

    with pytest.raises(BrawlError):
        simulate_ray("krig", {"hp": 6}, ["attacker"], 10)
    with pytest.raises(BrawlError):
        simulate_ray("krig", {"hp": 60}, ["attacker", "attacker"], 10)


def test_ray_sweep_equals_local_runs(cluster):
    """A sweep (several option sets at once, the analysis report's path) gives each run's local totals."""
    from brawl.games.krig.analysis import run_all

    specs = [({"hp": h}, ["attacker", "random"], CHUNK + 99, 5) for h in (3, 9)]
    specs.append(({"edition": "article", "hp": 7}, ["optimal", "attacker"], 2000, 6))
    local = run_all(specs, backend="local")
    remote = run_all(specs, backend="ray")
    assert [_totals(r) for r in remote] == [_totals(r) for r in local]
    assert {r.backend for r in remote} == {"ray+batch"}


def test_ray_sweep_of_ktog(cluster):
    from brawl.games.ktog.batch import run_range as ktog_range
    from brawl.sim.ray_backend import sweep_ray

    specs = [({"players": 3, "hp": 6}, ["brute", "random", "brute"], 3000, 2), ({"hp": 8}, ["random", "brute"], 3000, 3)]
    remote = sweep_ray("ktog", specs)
    local = [ktog_range(o, b, s, 0, n) for o, b, n, s in specs]
    assert [_totals(r) for r in remote] == [_totals(r) for r in local]
