"""The texts a player reads, gathered from real games: seeded random play of each game with
several option sets, every prompt, decision label, odds sentence, status row (headers and
values), summary and log line along the way."""

from __future__ import annotations

import random

from brawl.bots import make_bot
from brawl.core.game import Decision
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import make_game

# (game, options) pairs played: the defaults and the options that change what is said
PLAYS: list[tuple[str, dict]] = [
    ("rps", {}),
    ("krig", {}), ("krig", {"edition": "article"}),
    ("ktog", {}), ("ktog", {"players": 4, "classes": True, "initiative": "every_round", "cure_touch_roll": True}),
    ("ktog", {"players": 3, "stand_at_zero": True, "fumble_flying": True, "cure_cap": False}),
    ("kniggits", {}), ("kniggits", {"scenario": "flag", "archers": True, "potions": True, "terrain": "forest"}),
    ("kniggits", {"horses": True, "two_swords": True, "magic_swords": True, "double_defense": True, "scenario": "princess"}),
    ("tactics", {}), ("tactics", {"party1": "wardens", "party2": "duo", "map": "pillars", "cover": True,
                                  "surprise_round": "first", "iterative_attacks": True, "unarmed_strikes": True}),
    ("tactics", {"party1": "steve", "party2": "jeff", "map": "bridge", "shooting_into_melee": True}),
]


def texts_of(game_name: str, options: dict, seed: int, steps: int = 400) -> set[str]:
    """Every text one seeded random game (cut at ``steps`` decisions) shows its players."""
    game = make_game(game_name, options)
    match = Match(game, SeededDice(seed))
    bot = make_bot(game_name, "random", seed=seed)
    rng = random.Random(seed)
    seen: set[str] = {game.title, game.description}
    for _ in range(steps):
        state = match.state
        node = game.node(state)
        seen.update(_table(game, state))
        if not isinstance(node, Decision):
            break
        seen.add(node.prompt)
        seat = rng.choice(list(node.seats))
        for action in game.legal_actions(state, seat)[:60]:
            seen.add(game.describe_action(state, seat, action))
            odds = game.action_odds(state, seat, action)
            if odds:
                seen.add(odds)
        match.decide(seat, bot.choose(game, state, seat))
    seen.update(line.text for line in match.log)
    seen.update(_table(game, match.state))
    return {s for s in seen if s}


def _table(game, state) -> set[str]:
    out = {game.summary(state)}
    for row in game.status_rows(state) or []:
        for key, value in row.items():
            out.add(key)
            if isinstance(value, str):
                out.add(value)
    return out


def all_texts(seeds: range = range(2)) -> dict[str, set[str]]:
    """Per game, the texts of its plays."""
    out: dict[str, set[str]] = {}
    for game_name, options in PLAYS:
        for seed in seeds:
            out.setdefault(game_name, set()).update(texts_of(game_name, options, seed))
    return out
