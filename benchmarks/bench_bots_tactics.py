"""A Tactics bot against the heuristic over many battles: wins, draws, the win rate (a draw counts
half) with its Wilson 95% interval, and the bot's time per decision (median, 90th percentile, max),
both on the clock and in processor time (one core's work, which a busy machine does not inflate).

Games come in pairs with the same dice seed and the sides swapped; the pairs cycle through the
maps and through mirror parties (the same party on both sides, so neither side starts ahead) plus
the default pairing (heroes against raiders), so a bot must win from either seat.

    .venv/bin/python benchmarks/bench_bots_tactics.py [--games 400] [--bot search] [--workers 2]
        [--seed 7] [--first 0] [--param samples=48 --param horizon=3 ...] [--setups mirror|default|all]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from brawl.analysis.common import wilson
from brawl.core.game import Chance, Terminal
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.games.tactics.bots import BOTS, HeuristicBot
from brawl.games.tactics.grid import MAPS
from brawl.sim.engine import game_seed

MIRRORS = ("heroes", "raiders", "wardens")


def setups(which: str) -> list[dict]:
    """The battles the pairs cycle through: every map with each mirror party (and/or the default)."""
    out = []
    for m in MAPS:
        if which in ("mirror", "all"):
            out += [{"map": m, "party1": p, "party2": p} for p in MIRRORS]
        if which in ("default", "all"):
            out.append({"map": m})
    return out


def one_game(args: tuple) -> tuple[float, list[float], dict, list[float]]:
    """Game ``index``: pair ``index // 2`` of the setups, the bot on side ``index % 2``.
    Returns (score, seconds per decision of the bot, options, processor seconds per decision: the
    time on one core, whatever else the machine is running)."""
    index, bot_name, options, seed, extra = args
    game = make_game("tactics", options)
    gs = game_seed(seed, index // 2)
    me = index % 2
    bots: list = [None, None]
    bots[me] = BOTS[bot_name](seed=gs + 1, **extra)
    bots[1 - me] = HeuristicBot(gs + 2)
    dice = SeededDice(gs)
    state = game.initial_state()
    times: list[float] = []
    cpu: list[float] = []
    node = game.node(state)
    while not isinstance(node, Terminal):
        if isinstance(node, Chance):
            state = game._apply_chance(state, dice.roll(node.event))
        else:
            seat = node.seats[0]
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[seat].choose(game, state, seat)
            if seat == me:
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            state = game._apply_action(state, seat, action)
        node = game.node(state)
    winners = list(node.winners)
    score = 1.0 if winners == [me] else 0.0 if winners == [1 - me] else 0.5
    return score, times, options, cpu


def _value(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--bot", default="search")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--first", type=int, default=0,
                    help="the index of the first game (a run of games N.. continues one of games 0..N-1: "
                         "each game depends on its index and the seed only)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--setups", choices=("mirror", "default", "all"), default="all")
    ap.add_argument("--param", action="append", default=[], help="a bot setting, name=value")
    args = ap.parse_args()
    extra = {k: _value(v) for k, v in (p.split("=", 1) for p in args.param)}
    table = setups(args.setups)
    jobs = [(i, args.bot, table[(i // 2) % len(table)], args.seed, extra)
            for i in range(args.first, args.first + args.games)]
    t0 = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for n, r in enumerate(pool.map(one_game, jobs), 1):
            results.append(r)
            if n % 20 == 0:
                s = sum(x[0] for x in results)
                print(f"  {n} games: score {s:g} ({s / n:.1%})", flush=True)
    scores = [r[0] for r in results]
    n = len(scores)
    wins = sum(1 for s in scores if s == 1.0)
    draws = sum(1 for s in scores if s == 0.5)
    total = sum(scores)
    _, lo, hi = wilson(total, n)
    times = sorted(t for r in results for t in r[1])
    first = sum(scores[0::2]) / max(1, len(scores[0::2]))
    second = sum(scores[1::2]) / max(1, len(scores[1::2]))
    print(f"{args.bot} {extra or ''} vs heuristic, setups {args.setups}: {n} games, {wins} wins, {draws} draws, "
          f"{n - wins - draws} losses; win rate {total / n:.1%} (Wilson 95% {lo:.1%} to {hi:.1%}); "
          f"as side 1 {first:.1%}, as side 2 {second:.1%}")
    print(f"games {args.first} to {args.first + n - 1}, each a win 1, a draw h, a loss 0: "
          + "".join("1" if x == 1.0 else "h" if x == 0.5 else "0" for x in scores))
    by_setup: dict[str, list[float]] = {}
    for r in results:
        o = r[2]
        key = f"{o.get('map', 'arena')} {o.get('party1', 'heroes')}-{o.get('party2', 'raiders')}"
        by_setup.setdefault(key, []).append(r[0])
    for key, s in sorted(by_setup.items()):
        print(f"  {key}: {sum(s):g} of {len(s)}")
    if times:
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"time per decision over {len(times)} decisions: median {statistics.median(times) * 1000:.0f} ms, "
              f"p90 {p90 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms, mean {statistics.fmean(times) * 1000:.0f} ms; "
              f"wall {time.perf_counter() - t0:.0f} s, load average {os.getloadavg()[0]:.1f}")
        cpu = sorted(t for r in results for t in r[3])
        p90 = cpu[min(len(cpu) - 1, int(0.9 * len(cpu)))]
        print(f"processor time per decision (one core): median {statistics.median(cpu) * 1000:.0f} ms, "
              f"p90 {p90 * 1000:.0f} ms, max {cpu[-1] * 1000:.0f} ms, mean {statistics.fmean(cpu) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
