"""The Ray backend against a local run: a local Ray head started here, the same seed, the same totals."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

from brawl.sim.batch_krig import CHUNK, run_range  # noqa: E402
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
