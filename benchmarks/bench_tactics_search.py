"""The Tactics search bot against the heuristic: games with the seats swapped every game, the search
bot's score (a win 1, a draw 1/2) and its time per decision.

    .venv/bin/python benchmarks/bench_tactics_search.py [--games 40] [--bot mcts] [--workers 2]
        [--iterations N] [--horizon T]
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from brawl.core.game import Chance, Terminal
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.games.tactics.bots import BOTS, HeuristicBot
from brawl.sim.engine import game_seed


def one_game(args: tuple) -> tuple[float, float, int]:
    """Game ``index``: the search bot sits on side ``index % 2``. Returns (score, seconds, decisions)."""
    index, bot_name, options, seed, extra = args
    game = make_game("tactics", options)
    gs = game_seed(seed, index)
    me = index % 2
    bots: list = [None, None]
    bots[me] = BOTS[bot_name](seed=gs + 1, **extra)
    bots[1 - me] = HeuristicBot(gs + 2)
    dice = SeededDice(gs)
    state = game.initial_state()
    spent, made = 0.0, 0
    node = game.node(state)
    while not isinstance(node, Terminal):
        if isinstance(node, Chance):
            state = game._apply_chance(state, dice.roll(node.event))
        else:
            seat = node.seats[0]
            t0 = time.perf_counter()
            action = bots[seat].choose(game, state, seat)
            if seat == me:
                spent += time.perf_counter() - t0
                made += 1
            state = game._apply_action(state, seat, action)
        node = game.node(state)
    winners = list(game.winners(state))
    score = 1.0 if winners == [me] else 0.0 if winners == [1 - me] else 0.5
    return score, spent, made


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bot", default="mcts")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--horizon", type=int, default=None)
    args = ap.parse_args()
    extra = {k: v for k, v in (("iterations", args.iterations), ("horizon", args.horizon)) if v is not None}
    jobs = [(i, args.bot, {}, args.seed, extra) for i in range(args.games)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        results = list(pool.map(one_game, jobs))
    scores = [r[0] for r in results]
    n = len(scores)
    mean = sum(scores) / n
    half = 1.96 * math.sqrt(max(mean * (1 - mean), 1e-9) / n)
    spent = sum(r[1] for r in results)
    made = sum(r[2] for r in results)
    as_first = sum(scores[0::2]) / max(1, len(scores[0::2]))
    as_second = sum(scores[1::2]) / max(1, len(scores[1::2]))
    print(f"{args.bot} {extra or ''} vs heuristic: {n} games, score {sum(scores):g} = {mean:.1%} "
          f"(95% +- {half:.1%}; side 1 {as_first:.1%}, side 2 {as_second:.1%}); "
          f"{spent / max(made, 1) * 1000:.0f} ms per decision over {made} decisions; "
          f"{time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
