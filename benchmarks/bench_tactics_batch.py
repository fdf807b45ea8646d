"""Tactics battles per second: the full engine and the compiled batch kernel side by side, one core each.

    .venv/bin/python benchmarks/bench_tactics_batch.py [--engine-games 40] [--batch-games 20000]

Each line plays the same options and bots with both, in this process, on one core (the kernel with
one thread, the engine without worker processes), and prints games/s and the ratio.  The kernel's
first call may compile it (said on stderr) and is not timed.  The last lines play the optional d20
rules (cover, unarmed strikes, iterative attacks, a surprise round); a line whose options the
kernel does not play is skipped with the reason.
"""

from __future__ import annotations

import argparse
import time

from brawl.games import make_game
from brawl.games.tactics import batch_tables
from brawl.games.tactics.batch import can_run, run_range
from brawl.sim.engine import run_slice

LINES = [
    ("random", "random", {"party1": "steve", "party2": "steve"}),
    ("random", "random", {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter"}),
    ("random", "random", {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "map": "pillars"}),
    ("random", "random", {"custom1": "mara,nim,rogue", "custom2": "orla,tam", "map": "bridge", "level": 1}),
    ("random", "random", {}),
    ("random", "random", {"map": "pillars", "party2": "wardens"}),
    ("heuristic", "heuristic", {}),
    ("heuristic", "heuristic", {"map": "pillars", "party2": "wardens"}),
    ("heuristic", "random", {"map": "bridge", "level": 9}),
    ("heuristic", "heuristic", {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter"}),
    ("random", "random", {"cover": True}),
    ("random", "random", {"iterative_attacks": True, "unarmed_strikes": True, "level": 12}),
    ("heuristic", "heuristic", {"iterative_attacks": True, "unarmed_strikes": True, "level": 12}),
    ("heuristic", "heuristic", {"cover": True, "surprise_round": "first", "map": "pillars", "level": 9}),
]


def line(a: str, b: str, options: dict, engine_games: int, batch_games: int) -> None:
    label = f"{a:>9} vs {b:<9} {str(options):<90}"
    why = batch_tables.unsupported(make_game("tactics", options))
    if why or not can_run([a, b]):
        print(f"{label} kernel: not played ({', '.join(why) or 'bots'})", flush=True)
        return
    run_range(options, [a, b], 0, 0, 10, workers=1)  # compile or load the kernel
    t0 = time.perf_counter()
    eng = run_slice("tactics", options, [a, b], 1, 0, engine_games)
    engine_rate = eng.games / (time.perf_counter() - t0)
    fast = run_range(options, [a, b], 1, 0, batch_games, workers=1)
    batch_rate = fast.games / max(fast.seconds, 1e-9)
    print(f"{label} engine {engine_rate:8.1f} games/s  kernel {batch_rate:10.1f} games/s  x{batch_rate / engine_rate:7.1f}"
          f"  (mean turns {eng.total_turns / eng.games:.1f} / {fast.total_turns / fast.games:.1f}; draws "
          f"{eng.draws / eng.games:.0%} / {fast.draws / fast.games:.0%})", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine-games", type=int, default=40)
    ap.add_argument("--batch-games", type=int, default=20000)
    args = ap.parse_args()
    for a, b, options in LINES:
        line(a, b, options, args.engine_games, args.batch_games)


if __name__ == "__main__":
    main()
