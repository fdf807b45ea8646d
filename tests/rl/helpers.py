"""Shared set-ups for the research-interface tests: every game that exists and has an encoding,
each with small options so that an episode is short."""

from __future__ import annotations

from brawl.games import game_names
from brawl.rl import encoded_games

SMALL = {
    "krig": {"hp": 5},
    "rps": {},
    "ktog": {"players": 3, "hp": 6},
    "kniggits": {"turn_limit": 8},
    "tactics": {"party1": "duo", "party2": "duo", "max_rounds": 4},
}


def games() -> list[str]:
    return [g for g in encoded_games() if g in game_names()]


def small(game: str) -> dict:
    return dict(SMALL.get(game, {}))


def simultaneous_games() -> list[str]:
    from brawl.games import make_game
    from brawl.rl import encoding_for

    return [g for g in games() if encoding_for(make_game(g, small(g))).simultaneous]
