"""Simulation speed: the batch simulator's games per second beside the full engine's, as a ratio.

    .venv/bin/python benchmarks/bench_sim.py [--games 20000000] [--engine-games 20000] [--workers 2] [--game ktog]
"""

from __future__ import annotations

import argparse
import os
import time

from brawl.games.ktog import batch as batch_ktog
from brawl.games.krig.batch import run_range
from brawl.sim.engine import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000_000)
    ap.add_argument("--engine-games", type=int, default=20_000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--game", choices=("all", "krig", "ktog"), default="all", help="which game's figures")
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores; workers {args.workers}")
    for bots, scale in ((["attacker", "attacker"], 1), (["random", "attacker"], 4), (["optimal", "optimal"], 4)):
        if args.game == "ktog":
            break
        run_range({}, bots, 0, 0, 100_000, args.workers)  # compile and load tables outside the timing
        n = args.games // scale
        t0 = time.perf_counter()
        b = run_range({}, bots, 1, 0, n, args.workers)
        batch_rate = n / (time.perf_counter() - t0)
        m = args.engine_games // scale
        t0 = time.perf_counter()
        e = simulate("krig", {}, bots, m, seed=1, workers=args.workers)
        engine_rate = m / (time.perf_counter() - t0)
        print(f"krig {','.join(bots):18s} batch {batch_rate:14,.0f} games/s ({n:,} games, first mover "
              f"{b.first_mover_wins / n:.4f}) | engine {engine_rate:10,.0f} games/s ({m:,} games, first mover "
              f"{e.first_mover_wins / m:.4f}) | ratio {batch_rate / engine_rate:10,.0f}x")
    for bots in (["brute", "brute"], ["random", "brute"]):
        if args.game == "krig":
            break
        batch_ktog.run_range({}, bots, 0, 0, 10_000, args.workers)
        n = args.games // 40
        t0 = time.perf_counter()
        b = batch_ktog.run_range({}, bots, 1, 0, n, args.workers)
        batch_rate = n / (time.perf_counter() - t0)
        m = args.engine_games // 10
        t0 = time.perf_counter()
        e = simulate("ktog", {}, bots, m, seed=1, workers=args.workers)
        engine_rate = m / (time.perf_counter() - t0)
        print(f"ktog {','.join(bots):18s} batch {batch_rate:14,.0f} games/s ({n:,} games, first mover "
              f"{b.first_mover_wins / n:.4f}) | engine {engine_rate:10,.0f} games/s ({m:,} games, first mover "
              f"{e.first_mover_wins / m:.4f}) | ratio {batch_rate / engine_rate:10,.0f}x")


if __name__ == "__main__":
    main()
