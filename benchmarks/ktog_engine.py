"""Full-engine KtOG games per second (one process, no records or logs), for a few set-ups.

    .venv/bin/python benchmarks/ktog_engine.py [--games N]

Each line prints the set-up, games per second, turns per second and the mean game length.
"""

from __future__ import annotations

import argparse
import time

from brawl.bots import make_bot
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.sim.engine import play_one

SETUPS = [
    ("2 players, brute vs brute", {}, ["brute", "brute"]),
    ("2 players, hp 15, brute vs brute", {"hp": 15}, ["brute", "brute"]),
    ("2 players, heuristic vs brute", {}, ["heuristic", "brute"]),
    ("4 players, heuristic x2, random x2", {"players": 4}, ["heuristic", "random", "heuristic", "random"]),
    ("8 players, every option on, random", {"players": 8, "stand_at_zero": True, "fumble_flying": True,
                                            "cure_touch_roll": True, "classes": True, "initiative": "every_round"},
     ["random"] * 8),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    args = ap.parse_args()
    for label, options, names in SETUPS:
        game = make_game("ktog", **options)
        bots = [make_bot("ktog", name, seed=k + 1, game=game) for k, name in enumerate(names)]
        dice = SeededDice(1)
        turns = 0
        t0 = time.perf_counter()
        for _ in range(args.games):
            turns += game.turns(play_one(game, bots, dice))
        dt = time.perf_counter() - t0
        print(f"ktog engine, {label}: {args.games} games in {dt:.2f} s = {args.games / dt:,.0f} games/s, "
              f"{turns / dt:,.0f} turns/s, {turns / args.games:.1f} turns a game")


if __name__ == "__main__":
    main()
