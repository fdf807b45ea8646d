"""The Kniggits search bot that reads the other side's hands against the search bot as it was.

    .venv/bin/python benchmarks/kniggits_search_fights.py [--games 400] [--seed 1] [--options '{}']
        [--army heavy] [--new '{"fights": "read"}'] [--old '{"fights": "equilibrium"}']

Plays ``--games`` games between two search bots made with the settings ``--new`` and ``--old``
(JSON keyword arguments of :class:`brawl.games.kniggits.bots.SearchBot`; by default the new one
fights as :mod:`brawl.games.kniggits.search_fights` says and the old one plays the heuristic's
equilibrium, as the search bot did before), each in each seat for half the games, and prints the
new bot's wins, draws and losses, its score (a draw half) with a 95% Wilson interval, and each
bot's CPU milliseconds per decision (all decisions, and the fights alone) measured in the same
run.  Both bots choose their own army (the champion in a battle) unless ``--army`` names one.  It
runs niced, in one process.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kniggits_search_kernel import niced_game, wilson  # noqa: E402

from brawl.core.game import Terminal  # noqa: E402
from brawl.games.kniggits.bots import SearchBot  # noqa: E402


def play(game, bots: dict, names: dict, clock: dict) -> tuple[int, int]:
    """One game; returns (the winner or -1 for a draw, its turns) and adds each bot's CPU seconds
    to ``clock``."""
    state = game.initial_state()
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            return (node.winners[0] if len(node.winners) == 1 else -1), state.turns
        seat = node.seats[0]
        t = time.process_time()
        action = bots[seat].choose(game, state, seat)
        spent = time.process_time() - t
        c = clock[names[seat]]
        c["all"] += spent
        c["n"] += 1
        if state.phase == "fight":
            c["fight"] += spent
            c["nf"] += 1
        state = game.apply_action(state, seat, action)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default="{}", help="the game's options as JSON")
    ap.add_argument("--army", default=None, help="both bots' army (a ready-made one such as heavy)")
    ap.add_argument("--new", default='{"fights": "read"}', help="the new bot's settings as JSON")
    ap.add_argument("--old", default='{"fights": "equilibrium"}', help="the old bot's settings as JSON")
    args = ap.parse_args()
    game, army = niced_game(args)
    settings = {"new": json.loads(args.new), "old": json.loads(args.old)}
    clock = {k: {"all": 0.0, "n": 0, "fight": 0.0, "nf": 0} for k in settings}
    tally = {"won": 0, "drawn": 0, "lost": 0}
    turns = 0
    start = time.perf_counter()
    for g in range(args.games):
        new_seat = g % 2
        seed = args.seed * 100_003 + g
        bots = {new_seat: SearchBot(seed=seed, game=game, **army, **settings["new"]),
                1 - new_seat: SearchBot(seed=seed + 50_000, game=game, **army, **settings["old"])}
        winner, t = play(game, bots, {new_seat: "new", 1 - new_seat: "old"}, clock)
        turns += t
        tally["won" if winner == new_seat else "drawn" if winner == -1 else "lost"] += 1
        wins, draws, losses = tally.values()
        n = g + 1
        if n % 20 == 0 or n == args.games:
            score = wins + 0.5 * draws
            lo, hi = wilson(score, n)
            print(f"{n} games ({time.perf_counter() - start:.0f} s, {turns / n:.1f} turns a game): new {wins} won, "
                  f"{draws} drawn, {losses} lost; score {score / n:.3f} [{lo:.3f}, {hi:.3f}]", flush=True)
            for who, c in clock.items():
                print(f"  {who} {json.dumps(settings[who])}: {1000 * c['all'] / max(c['n'], 1):.2f} ms CPU per decision "
                      f"({c['n']}), {1000 * c['fight'] / max(c['nf'], 1):.2f} ms per fight ({c['nf']})", flush=True)


if __name__ == "__main__":
    main()
