"""Measure each bot level's rating on the players' scale and write it beside the game's rules.

    .venv/bin/python scripts/bot_ratings.py [GAME ...] [--games N]

For each game (default options), the bot ladder (``brawl.sim.ladder.run_ladder``, the same round
robin as ``brawl ladder``) plays every pair of bots and fits Bradley-Terry ratings on the Elo
scale; the ratings are then moved as a whole so that the ``random`` bot stands at
``ANCHOR`` points (a player who chooses at random is a beginner; a new account starts at 1500,
not yet measured).  The result goes to ``brawl/games/<game>/bot_ratings.json`` with everything
needed to measure it again (options, bots, games per pair, seed); the server shows it on the
leaderboard and beside each bot ("hard bot, about 1650").  ``tests/accounts/test_bot_ratings.py``
measures a game again and finds the same numbers.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib import resources
from pathlib import Path

ANCHOR_BOT, ANCHOR = "random", 1000


def measure(game: str, games: int, seed: int = 0, workers: int | None = None) -> dict:
    from brawl.bots import bot_names
    from brawl.sim.ladder import run_ladder

    bots = [b for b in bot_names(game) if playable(game, b)]
    if bots == [ANCHOR_BOT]:  # one level: nothing to measure it against
        return {"game": game, "options": {}, "bots": bots, "games_per_pair": 0, "seed": seed, "engine": True,
                "anchor": {"bot": ANCHOR_BOT, "rating": ANCHOR}, "ratings": {ANCHOR_BOT: ANCHOR}}
    result = run_ladder(game, {}, bots=bots, games=games, seed=seed, workers=workers, engine=True)
    by_name = {r.bot: r.rating for r in result.ratings}
    shift = ANCHOR - by_name.get(ANCHOR_BOT, 0.0) if ANCHOR_BOT in by_name else 1500 - sum(by_name.values()) / len(by_name)
    return {"game": game, "options": result.options, "bots": bots, "games_per_pair": games, "seed": seed,
            "engine": True, "anchor": {"bot": ANCHOR_BOT, "rating": ANCHOR},
            "ratings": {name: round(r + shift) for name, r in by_name.items()}}


def playable(game: str, bot: str) -> bool:
    """Bots the ladder can seat now: not one that needs a solve of minutes first (KtOG's optimal bot
    at 20 hit points), nor one that thinks for a fixed time per move (its strength is the machine's)."""
    from brawl.bots import make_bot
    from brawl.core.game import BrawlError
    from brawl.games import make_game

    if bot.endswith("-1s"):
        return False
    try:
        make_bot(game, bot, seed=0, game=make_game(game, {}))
    except BrawlError:
        return False
    return True


def path_of(game: str) -> Path:
    from brawl.games import game_class

    package = game_class(game).__module__.rsplit(".", 1)[0]
    return Path(str(resources.files(package))) / "bot_ratings.json"


def main(argv: list[str]) -> None:
    from brawl.games import game_names

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games (default: every game)")
    parser.add_argument("--games", dest="per_pair", type=int, default=40, help="games per pair of bots")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    for game in args.games or game_names():
        t0 = time.perf_counter()
        found = measure(game, args.per_pair, workers=args.workers)
        path_of(game).write_text(json.dumps(found, indent=1) + "\n")
        print(f"{game}: {found['ratings']} ({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
