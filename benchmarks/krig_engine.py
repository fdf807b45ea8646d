"""Full-engine Krig games per second with random bots (one process, no records or logs).

    .venv/bin/python benchmarks/krig_engine.py [--games N] [--edition E]
"""

from __future__ import annotations

import argparse
import time

from brawl.bots import make_bot
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.sim.engine import play_one


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--edition", default="author")
    args = ap.parse_args()
    game = make_game("krig", edition=args.edition)
    bots = [make_bot("krig", "random", seed=1), make_bot("krig", "random", seed=2)]
    dice = SeededDice(1)
    t0 = time.perf_counter()
    transitions = 0
    for _ in range(args.games):
        state = play_one(game, bots, dice)
        transitions += state.turns
    dt = time.perf_counter() - t0
    print(f"krig engine, random vs random, {args.edition}: {args.games} games in {dt:.2f} s "
          f"= {args.games / dt:,.0f} games/s ({transitions / dt:,.0f} turns/s), one process")
    # with a full Match (records and log), as the terminal and the server use it
    n = max(1, args.games // 10)
    t0 = time.perf_counter()
    for i in range(n):
        m = Match(game, SeededDice(i))
        while not m.over:
            seat = m.node().seats[0]
            m.decide(seat, bots[seat].choose(game, m.state, seat))
    dt = time.perf_counter() - t0
    print(f"krig Match with record and log: {n} games in {dt:.2f} s = {n / dt:,.0f} games/s")


if __name__ == "__main__":
    main()
