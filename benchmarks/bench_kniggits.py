"""Kniggits with the full engine: games per second and the heuristic bot's results against random,
with the basic rules, every advanced rule, and each scenario.

    .venv/bin/python benchmarks/bench_kniggits.py [--games 200] [--workers 2]
"""

from __future__ import annotations

import argparse
import os

from brawl.sim.engine import simulate

ADVANCED = dict(horses=True, magic_swords=True, double_defense=True, two_swords=True, archers=True, potions=True)
SETS = [
    ("basic", {}),
    ("advanced", ADVANCED),
    ("flag", dict(scenario="flag", **ADVANCED)),
    ("princess", dict(scenario="princess")),
    ("grail", dict(scenario="grail", terrain="forest")),
    ("joust", dict(scenario="joust", terrain="open")),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores; workers {args.workers}; {args.games} games a line")
    for label, options in SETS:
        for bots in (["heuristic", "random"], ["random", "heuristic"], ["heuristic", "heuristic"]):
            r = simulate("kniggits", options, bots, args.games, seed=1, workers=args.workers,
                         chunk=max(1, args.games // max(args.workers, 1))).to_json()
            print(f"{label:9s} {','.join(bots):20s} wins {r['wins'][0]:4d}-{r['wins'][1]:<4d} draws {r['draws']:3d} "
                  f"| first mover {r['first_mover_win_rate']:.2f} | mean turns {r['mean_turns']:5.1f} "
                  f"| {args.games / r['seconds']:6.1f} games/s", flush=True)


if __name__ == "__main__":
    main()
