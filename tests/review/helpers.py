"""Games played for the review tests: a record from bots, one per seat."""

from __future__ import annotations

from brawl.bots import make_bot
from brawl.core.match import Match
from brawl.games import make_game


def played(game_name: str, options: dict, bots: list[str], seed: int) -> dict:
    """The record (JSON) of a whole game of ``bots`` on seeded dice."""
    game = make_game(game_name, options)
    match = Match(game, seed=seed)
    players = [make_bot(game_name, b, seed=seed * 10 + i, game=game) for i, b in enumerate(bots)]
    while not match.over:
        seat = match.node().seats[0]
        match.decide(seat, players[seat].choose(game, match.state, seat))
    return match.record.to_json()
