"""Simulation spread over a Ray cluster (``brawl sim ... --backend ray [--address ADDR]``).

A run is cut into tasks along the same seams as a local run: whole chunks of the batch simulator
(:mod:`brawl.games.krig.batch`) or slices of game indices for the full engine
(:func:`brawl.sim.engine.run_slice`).  Every game's dice depend only on the run's seed and the
game's (or chunk's) index, so the totals equal a local run with the same seed exactly, however the
cluster schedules the tasks.
"""

from __future__ import annotations

import time
from typing import Mapping

from ..core.game import BrawlError
from .engine import SimResult, run_slice


def _ray():
    try:
        import ray
    except ImportError:
        raise BrawlError("the ray backend needs Ray: pip install 'brawl[ray]'") from None
    return ray


def connect(address: str | None = None, num_cpus: int | None = None):
    """Join the cluster at ``address`` (``auto``: the one this machine belongs to), or start a
    local one when no address is given and none is running."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    kwargs = dict(ignore_reinit_error=True, include_dashboard=False, log_to_driver=False,
                  configure_logging=False)
    try:
        if address:
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=num_cpus, **kwargs)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise BrawlError(f"cannot reach a Ray cluster at {address or 'a new local head'}: {exc}") from None
    return ray


def _batch_module(game: str):
    from ..games import entry

    return entry(game).load("batch")


def _batch_task(game, options, bot_specs, seed, start, stop):
    return _batch_module(game).run_range(options, bot_specs, seed, start, stop, workers=1)


def _engine_task(game, options, bot_specs, seed, start, stop):
    return run_slice(game, options, bot_specs, seed, start, stop)


def simulate_ray(game: str, options: Mapping, bot_specs: list[str], games: int, seed: int = 0,
                 address: str | None = None, engine: bool = False, tasks: int | None = None) -> SimResult:
    """Play ``games`` games on the cluster; the same totals as a local run with this seed."""
    from ..bots import make_bot
    from ..games import make_game

    g = make_game(game, options)
    opts = g.options_json()
    if len(bot_specs) != g.num_players:
        raise BrawlError(f"{game} with these options has {g.num_players} seats; got {len(bot_specs)} bots")
    for name in bot_specs:
        make_bot(game, name, seed=0, game=g)
    ray = connect(address)
    t0 = time.perf_counter()
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    tasks = tasks or 4 * cpus
    batch = _batch_module(game)
    use_batch = not engine and batch is not None and batch.can_run(bot_specs)
    if use_batch:
        unit = batch.CHUNK
        remote = ray.remote(_batch_task)
        if "optimal" in bot_specs:
            from ..solve import solve

            solve(game, opts)  # solve once here so that workers on this machine load it
    else:
        unit = max(50, min(2000, -(-games // tasks)))  # per-game seeds: any cut gives the same games
        remote = ray.remote(_engine_task)
    units = (games + unit - 1) // unit
    per = max(1, (units + tasks - 1) // tasks)
    refs = []
    for u in range(0, units, per):
        a, b = u * unit, min((u + per) * unit, games)
        refs.append(remote.remote(game, opts, list(bot_specs), seed, a, b))
    total = SimResult(game, opts, list(bot_specs), seed, wins=[0] * g.num_players)
    for part in ray.get(refs):
        total.merge(part)
    total.backend = "ray+" + ("batch" if use_batch else "engine")
    total.seconds = time.perf_counter() - t0
    return total


def sweep_ray(game: str, runs: list[tuple[Mapping, list[str], int, int]], address: str | None = None) -> list[SimResult]:
    """Several runs at once (a sweep over options or bots): every chunk of every run is its own
    task, all submitted together; each run's totals equal its local run with the same seed."""
    from ..games import make_game

    batch = _batch_module(game)
    for options, bots, _, _ in runs:
        if batch is None or not batch.can_run(list(bots)):
            raise BrawlError(f"a Ray sweep runs the batch simulator; {game} with {', '.join(bots)} is not one of its set-ups")
        make_game(game, options)
        if "optimal" in bots:
            from ..solve import solve_for_play

            solve_for_play(game, options)
    ray = connect(address)
    t0 = time.perf_counter()
    remote = ray.remote(_batch_task)
    refs: list[list] = []
    for options, bots, games, seed in runs:
        opts = make_game(game, options).options_json()
        parts = []
        for a in range(0, games, batch.CHUNK):
            parts.append(remote.remote(game, opts, list(bots), seed, a, min(a + batch.CHUNK, games)))
        refs.append(parts)
    out = []
    for (options, bots, games, seed), parts in zip(runs, refs):
        total = SimResult(game, make_game(game, options).options_json(), list(bots), seed,
                          wins=[0] * len(bots))
        for part in ray.get(parts):
            total.merge(part)
        total.backend = "ray+batch"
        total.seconds = time.perf_counter() - t0
        out.append(total)
    return out
