"""The Kniggits search bot with compiled rollouts against the search bot with the engine's.

    .venv/bin/python benchmarks/kniggits_search_kernel.py [--games 400] [--playouts 24] [--seed 1]
                                                          [--options '{"points": 100}'] [--army heavy]

Plays ``--games`` games of the search bot whose plans are scored by compiled playouts
(``rollouts="kernel"``, ``--playouts`` games per plan; :mod:`brawl.games.kniggits.batch_playout`)
against the search bot as it was (``rollouts="engine"``: the engine's short rollouts), each bot
in each seat for half the games, and prints the new bot's wins, draws and losses, its score (a
draw half) with a 95% Wilson interval, and each bot's CPU seconds per decision (all decisions, and
those of the moving phase and turning that the rollouts decide) measured in the same run, so the
thinking time of the two can be compared.  It runs niced, in one process.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from brawl.core.game import Terminal  # noqa: E402
from brawl.games import make_game  # noqa: E402
from brawl.games.kniggits.bots import SearchBot  # noqa: E402


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``score`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def niced_game(args) -> tuple:
    """This process niced; the game of ``args.options`` (JSON) and the bots' army settings of
    ``args.army`` (none: each bot's own)."""
    try:
        os.nice(10)
    except OSError:
        pass
    return make_game("kniggits", json.loads(args.options)), ({} if args.army is None else {"army": args.army})


class Counted(SearchBot):
    """The search bot, counting the plans it scores (each one rollout)."""

    rollouts_made = {"kernel": 0, "engine": 0}

    def rollout(self, game, state, seat, turn):
        Counted.rollouts_made[self.rollouts] += 1
        return super().rollout(game, state, seat, turn)


def play(game, bots: dict[int, SearchBot], clock: dict) -> int:
    """One game; returns the winner (-1 a draw) and adds each bot's CPU seconds to ``clock``."""
    state = game.initial_state()
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            return node.winners[0] if len(node.winners) == 1 else -1
        seat = node.seats[0]
        t = time.process_time()
        action = bots[seat].choose(game, state, seat)
        spent = time.process_time() - t
        who = bots[seat].rollouts
        clock[who]["all"] += spent
        clock[who]["n"] += 1
        if state.phase in ("move", "turning"):
            clock[who]["planned"] += spent
            clock[who]["np"] += 1
        state = game.apply_action(state, seat, action)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--playouts", type=int, default=None, help="compiled playouts per plan (the bot's default)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default="{}", help="the game's options as JSON")
    ap.add_argument("--army", default=None, help="both bots' army (a ready-made one such as heavy; "
                                                 "the search bot's own champion unless given)")
    args = ap.parse_args()
    game, army = niced_game(args)
    extra = {} if args.playouts is None else {"playouts": args.playouts}
    clock = {k: {"all": 0.0, "n": 0, "planned": 0.0, "np": 0} for k in ("kernel", "engine")}
    wins = draws = losses = 0
    start = time.perf_counter()
    for g in range(args.games):
        new_seat = g % 2
        seed = args.seed * 100_003 + g
        new = Counted(seed=seed, game=game, rollouts="kernel", **extra, **army)
        old = Counted(seed=seed + 50_000, game=game, rollouts="engine", **army)
        winner = play(game, {new_seat: new, 1 - new_seat: old}, clock)
        if winner == -1:
            draws += 1
        elif winner == new_seat:
            wins += 1
        else:
            losses += 1
        n = g + 1
        score = wins + 0.5 * draws
        lo, hi = wilson(score, n)
        if n % 5 == 0 or n == args.games:
            print(f"{n} games ({time.perf_counter() - start:.0f} s): new {wins} won, {draws} drawn, {losses} lost; "
                  f"score {score / n:.3f} [{lo:.3f}, {hi:.3f}]", flush=True)
            times(clock)


def times(clock: dict) -> None:
    """Each bot's CPU seconds per decision so far, and how many plans it scored."""
    for who, c in clock.items():
        print(f"  {who} rollouts: {1000 * c['all'] / max(c['n'], 1):.1f} ms CPU per decision ({c['n']} decisions), "
              f"{1000 * c['planned'] / max(c['np'], 1):.1f} ms per decision of the moving phase and turning "
              f"({c['np']}); {Counted.rollouts_made[who]} plans scored", flush=True)


if __name__ == "__main__":
    main()
