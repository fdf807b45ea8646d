"""Kniggits simulation speed: the compiled batch kernel's games per second beside the full engine's,
in the same run, on one core (issue 39: random x100, heuristic x20).

    .venv/bin/python benchmarks/bench_kniggits_batch.py [--games 20000] [--engine-games 40] [--workers 1]
        [--bots random,random heuristic,heuristic] [--turn-limit 60]

The kernel is compiled (or read from Numba's cache) before the timing.  The heuristic's kernel asks
the bot for each new kind of fight's equilibrium (a linear programme) and keeps the answers on disk
(``$BRAWL_CACHE``); its line gives the first run's rate and the rate of the same games again.  Each line gives both rates,
the ratio and both first-mover win rates (they agree in distribution: the kernel plays the
engine's rules and bots; ``tests/games/kniggits/test_batch_agrees.py`` checks it game for game).
"""

from __future__ import annotations

import argparse
import time

from brawl.games.kniggits import batch
from brawl.games.kniggits.batch_heuristic import known_table


def heuristic_strategies():
    return known_table()[0]
from brawl.sim.engine import run_slice


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000, help="kernel games for random,random (a tenth for others)")
    ap.add_argument("--engine-games", type=int, default=40, help="engine games for each pair of bots")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--bots", nargs="*", default=["random,random", "heuristic,heuristic"])
    ap.add_argument("--turn-limit", type=int, default=60)
    args = ap.parse_args()
    options = {"turn_limit": args.turn_limit}
    print(f"kniggits, options {options}; workers {args.workers}")
    for spec in args.bots:
        bots = spec.split(",")
        if not batch.can_run(bots):
            print(f"{spec:22s} the kernel does not play these bots")
            continue
        batch.run_range(options, bots, 0, 0, 20, args.workers)  # compile or load outside the timing
        n = args.games if bots == ["random", "random"] else max(1, args.games // 10)
        t0 = time.perf_counter()
        b = batch.run_range(options, bots, 1, 0, n, args.workers)
        batch_rate = n / (time.perf_counter() - t0)
        if "heuristic" in bots:  # the first run solves the fights it meets (kept on disk); the same games again
            print(f"{spec:22s} batch {batch_rate:10,.0f} games/s the first time, solving each new kind of fight "
                  f"({len(heuristic_strategies())} kinds known now)", flush=True)
            t0 = time.perf_counter()
            b = batch.run_range(options, bots, 1, 0, n, args.workers)
            batch_rate = n / (time.perf_counter() - t0)
        m = args.engine_games
        t0 = time.perf_counter()
        e = run_slice("kniggits", options, bots, 1, 0, m)
        engine_rate = m / (time.perf_counter() - t0)
        print(f"{spec:22s} batch {batch_rate:10,.0f} games/s ({n:,} games, first mover {b.first_mover_wins / n:.3f}, "
              f"mean turns {b.total_turns / n:.1f}) | engine {engine_rate:8,.1f} games/s ({m:,} games, first mover "
              f"{e.first_mover_wins / m:.3f}, mean turns {e.total_turns / m:.1f}) | ratio {batch_rate / engine_rate:8,.0f}x",
              flush=True)


if __name__ == "__main__":
    main()
