"""The Kniggits search bot against the heuristic: N games (seeded, the seats swapped every game,
played in parallel processes), the search bot's wins, draws and win rate with its Wilson 95%
interval, and its time per decision (median, 90th percentile, maximum; CPU time of the process,
which is one core, and wall-clock time, which a loaded machine stretches).

    .venv/bin/python benchmarks/bench_bots_kniggits.py [--games 400] [--workers 2] [--seed 1]
        [--bot search] [--against heuristic] [--horizon H] [--army SPEC] [--option key=value ...]
        [--progress 20]

On a loaded machine the tally printed every ``--progress`` games is the result so far.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from brawl.analysis.common import options_from_pairs, quantile, wilson
from brawl.bots import make_bot
from brawl.core.game import Terminal
from brawl.games import make_game
from brawl.games.kniggits.bots import BOTS


def one_game(job: tuple) -> dict:
    """Game ``index``: the tested bot sits in seat ``index % 2``."""
    index, bot, against, options, seed, settings = job
    game = make_game("kniggits", options)
    me = index % 2
    bots: list = [None, None]
    bots[me] = BOTS[bot](seed=seed * 100003 + 2 * index, game=game, **settings) if settings else \
        make_bot("kniggits", bot, seed=seed * 100003 + 2 * index, game=game)
    bots[1 - me] = make_bot("kniggits", against, seed=seed * 100003 + 2 * index + 1, game=game)
    state = game.initial_state()
    cpu: list[float] = []
    wall: list[float] = []
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            break
        seat = node.seats[0]
        c0, w0 = time.process_time(), time.perf_counter()
        action = bots[seat].choose(game, state, seat)
        if seat == me:
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        state = game.apply_action(state, seat, action)
    winners = tuple(node.winners)
    result = "win" if winners == (me,) else "loss" if winners == (1 - me,) else "draw"
    return {"result": result, "seat": me, "turns": state.turns, "cpu": cpu, "wall": wall,
            "limit": state.end.startswith("turn limit")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="search")
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--horizon", type=int, default=None, help="search: turn starts each rollout looks ahead")
    ap.add_argument("--army", default=None, help="search: the army decision, without 'army:'")
    ap.add_argument("--progress", type=int, default=20, help="print the tally every this many games (0: never)")
    ap.add_argument("--narrow", action="store_true", help="search: no plans where one kniggit charges alone")
    ap.add_argument("--option", action="append", default=[], help="a game option, key=value (JSON value)")
    args = ap.parse_args()
    options = options_from_pairs(args.option)
    settings = {k: v for k, v in (("horizon", args.horizon), ("army", args.army)) if v is not None}
    if args.narrow:
        settings["wide"] = False
    jobs = [(i, args.bot, args.against, options, args.seed, settings) for i in range(args.games)]
    t0 = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for done in as_completed([pool.submit(one_game, job) for job in jobs]):
            results.append(done.result())
            if args.progress and len(results) % args.progress == 0 and len(results) < len(jobs):
                wins = sum(r["result"] == "win" for r in results)
                _, low, high = wilson(wins, len(results))
                print(f"  so far {len(results)} games: wins {wins}, draws "
                      f"{sum(r['result'] == 'draw' for r in results)}, win rate {wins / len(results):.1%} "
                      f"(Wilson 95% {low:.1%} to {high:.1%}); {time.perf_counter() - t0:.0f} s", flush=True)
    n = len(results)
    wins = sum(r["result"] == "win" for r in results)
    draws = sum(r["result"] == "draw" for r in results)
    _, low, high = wilson(wins, n)
    score = (wins + 0.5 * draws) / n
    by_seat = []
    for seat in (0, 1):
        mine = [r for r in results if r["seat"] == seat]
        by_seat.append(sum(r["result"] == "win" for r in mine) / max(1, len(mine)))
    cpu = [t for r in results for t in r["cpu"]]
    wall = [t for r in results for t in r["wall"]]
    print(f"{args.bot} {settings or ''} vs {args.against}, options {options or 'default'}: {n} games "
          f"(seed {args.seed}, seats swapped, {args.workers} workers, {time.perf_counter() - t0:.0f} s)")
    print(f"  wins {wins}, draws {draws}, losses {n - wins - draws}; win rate {wins / n:.1%} "
          f"(Wilson 95% {low:.1%} to {high:.1%}); score with draws as half {score:.1%}; "
          f"win rate as Red {by_seat[0]:.1%}, as Blue {by_seat[1]:.1%}; "
          f"mean turns {sum(r['turns'] for r in results) / n:.1f}; at the turn limit {sum(r['limit'] for r in results)} "
          f"(won there {sum(r['limit'] and r['result'] == 'win' for r in results)})")
    print(f"  time per decision over {len(cpu)} decisions: CPU median {quantile(cpu, 0.5) * 1000:.1f} ms, "
          f"p90 {quantile(cpu, 0.9) * 1000:.1f} ms, max {max(cpu, default=0) * 1000:.0f} ms; "
          f"wall median {quantile(wall, 0.5) * 1000:.1f} ms, p90 {quantile(wall, 0.9) * 1000:.1f} ms, "
          f"max {max(wall, default=0) * 1000:.0f} ms", flush=True)


if __name__ == "__main__":
    main()
