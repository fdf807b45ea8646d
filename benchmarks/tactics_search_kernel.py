"""The Tactics ``search`` bot with its playouts on the compiled kernel against the same bot with its
playouts on the rules engine (the bot as it was), at about the same thinking time per decision.

    nice .venv/bin/python benchmarks/tactics_search_kernel.py [--games 400] [--seed 11] [--workers 1]
        [--playouts N --more M --horizon T --z Z] [--every 10]

Game ``n`` is set up as ``SETUPS[(n // 2) % len(SETUPS)]`` and played twice with the seats swapped
(the kernel bot on side ``n % 2``), on the dice of the game's seed.  Prints, every ``--every`` games
and at the end, the kernel bot's score (a win 1, a draw 1/2) with its 95% Wilson interval, and each
bot's mean time per decision and per searched decision (those that ran playouts), measured in the
same run: the kernel bot's playout counts (``search_bot.KERNEL_PLAYOUTS``, ``KERNEL_MORE``) are set
so the two spend about the same time.  The first game compiles the kernel (a minute or two, once);
its time is left out of the figures by a warm-up decision before the games.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from brawl.core.game import Chance, Terminal  # noqa: E402
from brawl.core.sources import SeededDice  # noqa: E402
from brawl.games import make_game  # noqa: E402
from brawl.games.tactics.search_bot import SearchBot  # noqa: E402
from brawl.sim.engine import game_seed  # noqa: E402

#: (map, party) of both sides, in turn
SETUPS = (("arena", "heroes"), ("bridge", "wardens"), ("pillars", "heroes"), ("arena", "raiders"))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Timed:
    """A bot whose decisions are timed, those that ran playouts apart."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.spent = self.searched_spent = 0.0
        self.made = self.searched = 0

    def choose(self, game, state, seat):
        calls = self.bot.calls
        t0 = time.perf_counter()
        action = self.bot.choose(game, state, seat)
        dt = time.perf_counter() - t0
        self.spent += dt
        self.made += 1
        if self.bot.calls != calls:
            self.searched_spent += dt
            self.searched += 1
        return action


def one_game(args: tuple) -> tuple:
    """Game ``index``: (the kernel bot's score, and for the kernel bot then the engine bot: seconds,
    decisions, seconds searching, searched decisions)."""
    index, seed, extra = args
    m, p = SETUPS[(index // 2) % len(SETUPS)]
    game = make_game("tactics", {"map": m, "party1": p, "party2": p})
    gs = game_seed(seed, index)
    me = index % 2
    bots: list = [None, None]
    bots[me] = Timed(SearchBot(seed=gs + 1, **extra))
    bots[1 - me] = Timed(SearchBot(seed=gs + 2, engine=True))
    dice = SeededDice(gs)
    state = game.initial_state()
    node = game.node(state)
    while not isinstance(node, Terminal):
        if isinstance(node, Chance):
            state = game._apply_chance(state, dice.roll(node.event))
        else:
            seat = node.seats[0]
            state = game._apply_action(state, seat, bots[seat].choose(game, state, seat))
        node = game.node(state)
    winners = list(state.winners)
    score = 1.0 if winners == [me] else 0.0 if winners == [1 - me] else 0.5
    k, e = bots[me], bots[1 - me]
    return (score, k.spent, k.made, k.searched_spent, k.searched, e.spent, e.made, e.searched_spent, e.searched)


def warm_up() -> None:
    """One searched decision, so the kernel is compiled (or read from the cache) before the clock runs."""
    game = make_game("tactics", {})
    from brawl.games.tactics.batch_playout import horizon_values

    horizon_values(game, [game.initial_state()], 0, range(2), 2, {}, 1)


def report(results: list, t0: float, final: bool) -> None:
    n = len(results)
    score = sum(r[0] for r in results)
    lo, hi = wilson(score, n)
    tot = [sum(r[i] for r in results) for i in range(1, 9)]
    ms = lambda s, c: 1000 * s / max(c, 1)  # noqa: E731
    print(f"{'final' if final else 'so far'}: {n} games, kernel search bot scored {score:g} = {score / max(n, 1):.1%} "
          f"(95% Wilson {lo:.1%} to {hi:.1%}) against the engine search bot; time per decision "
          f"kernel {ms(tot[0], tot[1]):.0f} ms ({ms(tot[2], tot[3]):.0f} ms over {tot[3]} searched), "
          f"engine {ms(tot[4], tot[5]):.0f} ms ({ms(tot[6], tot[7]):.0f} ms over {tot[7]} searched); "
          f"{time.perf_counter() - t0:.0f} s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--playouts", type=int, default=None)
    ap.add_argument("--more", type=int, default=None)
    ap.add_argument("--horizon", type=int, default=None, help="turns the kernel bot's playouts look ahead")
    ap.add_argument("--z", type=float, default=None, help="the kernel bot's standard errors to switch")
    ap.add_argument("--every", type=int, default=10)
    args = ap.parse_args()
    extra = {k: v for k, v in (("playouts", args.playouts), ("more", args.more), ("horizon", args.horizon),
                                ("z", args.z)) if v is not None}
    warm_up()
    jobs = [(i, args.seed, extra) for i in range(args.games)]
    t0 = time.perf_counter()
    results: list = []
    if args.workers <= 1:
        for job in jobs:
            results.append(one_game(job))
            if len(results) % args.every == 0 and len(results) < len(jobs):
                report(results, t0, False)
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            for r in pool.map(one_game, jobs):
                results.append(r)
                if len(results) % args.every == 0 and len(results) < len(jobs):
                    report(results, t0, False)
    report(results, t0, True)


if __name__ == "__main__":
    main()
