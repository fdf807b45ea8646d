"""Tactics with the full engine: games per second and win rates of the bots against each other,
on each map, plus the search bot's time per decision.

    .venv/bin/python benchmarks/bench_tactics.py [--games 200] [--mcts-games 10] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import time

from brawl.sim.engine import simulate

LINES = [
    ("heuristic", "random", {}),
    ("random", "heuristic", {}),
    ("heuristic", "heuristic", {}),
    ("heuristic", "heuristic", {"party2": "heroes"}),
    ("heuristic", "random", {"map": "pillars", "party2": "wardens"}),
    ("heuristic", "random", {"map": "bridge"}),
    ("heuristic", "random", {"level": 1}),
]


def line(a: str, b: str, options: dict, games: int, workers: int) -> None:
    r = simulate("tactics", options, [a, b], games, seed=1, workers=workers, chunk=max(1, games // max(1, workers)))
    d = r.to_json()
    n = d["games"]
    print(f"{a:>9} vs {b:<9} {str(options):<40} games {n:4d}  wins {d['wins'][0]:4d} / {d['wins'][1]:4d}"
          f"  draws {d['draws']:3d}  ({d['win_rates'][0]:.1%} / {d['win_rates'][1]:.1%})"
          f"  mean turns {d['mean_turns']:.1f}  {n / max(d['seconds'], 1e-9):.2f} games/s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--mcts-games", type=int, default=10)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores; workers {args.workers}")
    for a, b, options in LINES:
        line(a, b, options, args.games, args.workers)
    if args.mcts_games:
        for a, b in (("mcts", "random"), ("mcts", "heuristic"), ("heuristic", "mcts")):
            line(a, b, {}, args.mcts_games, args.workers)
        decision_times()


def decision_times(decisions: int = 40) -> None:
    """Seconds per decision of each bot over the first decisions of one battle."""
    from brawl.core.game import Chance, Terminal
    from brawl.core.sources import SeededDice
    from brawl.games import make_game
    from brawl.games.tactics.bots import HeuristicBot, MCTSBot

    for bot in (HeuristicBot(1), MCTSBot(seed=1)):
        game = make_game("tactics")
        dice = SeededDice(5)
        state = game.initial_state()
        spent, made = 0.0, 0
        while made < decisions:
            node = game.node(state)
            if isinstance(node, Terminal):
                break
            if isinstance(node, Chance):
                state = game.apply_chance(state, dice.roll(node.event))
                continue
            t0 = time.perf_counter()
            action = bot.choose(game, state, node.seats[0])
            spent += time.perf_counter() - t0
            made += 1
            state = game.apply_action(state, node.seats[0], action)
        print(f"{bot.name:>9}: {spent / max(made, 1) * 1000:.1f} ms per decision over {made} decisions", flush=True)


if __name__ == "__main__":
    main()
