"""KtOG bots in a free-for-all: a bot in one seat against the same bot in every other seat, over N
games with the bot's seat rotated through every seat (game ``i``: seat ``i % players``), played
with the full engine in parallel processes.  Each line prints the bot's wins and win rate with
its Wilson 95% interval beside the fair share (1 / players); each bot under test also prints its
time per decision (median, 90th percentile, maximum; CPU time of the process, one core).

    .venv/bin/python benchmarks/bench_bots_ktog.py [--games 400] [--players 4] [--workers 2]
        [--seed 1] [--bot schemer] [--against brute --against random] [--reference brute:random]
        [--option key=value ...]

By default it checks the issue's bar for 3 or more players: ``schemer`` against three ``brute``
(the interval should lie above the fair share) and against three ``random``, beside ``brute``
against three ``random`` (the schemer's rate there should be the higher), and ``heuristic``
against the same opponents for comparison.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from brawl.analysis.common import options_from_pairs, quantile, rate_text, wilson
from brawl.bots import make_bot
from brawl.core.game import Chance, Terminal
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.sim.engine import game_seed


def one_game(job: tuple) -> tuple[bool, list[float]]:
    """Game ``index`` of one match-up: (whether the bot won, its CPU seconds per decision)."""
    index, bot, against, options, seed = job
    game = make_game("ktog", options)
    n = game.options.players
    me = index % n
    gs = game_seed(seed, index)
    bots = [make_bot("ktog", bot if k == me else against, seed=gs + k + 1, game=game) for k in range(n)]
    dice = SeededDice(gs)
    state = game.initial_state()
    times: list[float] = []
    node = game.node(state)
    while not isinstance(node, Terminal):
        if isinstance(node, Chance):
            state = game.apply_chance(state, dice.roll(node.event))
        else:
            seat = node.seats[0]
            t0 = time.process_time()
            action = bots[seat].choose(game, state, seat)
            if seat == me:
                times.append(time.process_time() - t0)
            state = game.apply_action(state, seat, action)  # checked: an illegal decision fails the run
        node = game.node(state)
    return tuple(node.winners) == (me,), times


def match_up(pool, bot: str, against: str, options: dict, games: int, seed: int) -> tuple[int, list[float], float]:
    t0 = time.perf_counter()
    jobs = [(i, bot, against, options, seed) for i in range(games)]
    results = list(pool.map(one_game, jobs, chunksize=8))
    return sum(w for w, _ in results), [t for _, ts in results for t in ts], time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", action="append", default=None, help="the bot under test (repeatable)")
    ap.add_argument("--against", action="append", default=None, help="the bot in every other seat (repeatable)")
    ap.add_argument("--reference", action="append", default=None,
                    help="a reference match-up bot:against, no timing (repeatable)")
    ap.add_argument("--option", action="append", default=[], help="a game option, key=value (JSON value)")
    args = ap.parse_args()
    options: dict = {"players": args.players, **options_from_pairs(args.option)}
    bots = args.bot or ["schemer", "heuristic"]
    against = args.against or ["brute", "random"]
    references = [r.split(":", 1) for r in (args.reference or ["brute:random"])]
    fair = 1 / options["players"]
    print(f"KtOG, options {options}: {args.games} games a match-up, the bot's seat rotated through all "
          f"{options['players']} seats (seed {args.seed}, {args.workers} workers); fair share {fair:.1%}")
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for bot in bots:
            times: list[float] = []
            for other in against:
                wins, ts, seconds = match_up(pool, bot, other, options, args.games, args.seed)
                times += ts
                rate = wilson(wins, args.games)
                verdict = "above" if rate[1] > fair else "not above"
                print(f"  {bot} vs {options['players'] - 1} x {other}: {wins} of {args.games} won, "
                      f"{rate_text(rate)}; interval {verdict} the fair share ({seconds:.0f} s)", flush=True)
            print(f"  {bot}: time per decision over {len(times)} decisions: CPU median "
                  f"{statistics.median(times) * 1000:.3f} ms, p90 {quantile(times, 0.9) * 1000:.3f} ms, "
                  f"max {max(times) * 1000:.1f} ms", flush=True)
        for bot, other in references:
            wins, _, seconds = match_up(pool, bot, other, options, args.games, args.seed)
            print(f"  reference {bot} vs {options['players'] - 1} x {other}: {wins} of {args.games} won, "
                  f"{rate_text(wilson(wins, args.games))} ({seconds:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
