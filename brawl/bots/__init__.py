"""Bots: policies that choose a decision for a seat.

A bot is an object with ``choose(game, state, seat) -> action``.  Bots may use randomness of their
own (seeded, so simulations replay); rules never do.  ``random`` works for every game; each game
adds its own bots in ``brawl/games/<game>/bots.py`` through a ``BOTS`` dictionary named in its entry
(:mod:`brawl.games.entry`), and every game with an exact solver has ``optimal``
(:mod:`brawl.bots.optimal`).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from ..core.game import BrawlError, Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, state: Any, seat: int) -> str: ...


class UnknownBot(BrawlError):
    pass


class RandomBot:
    """Uniform over the legal decisions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            return game.sample_action(state, seat, self.rng)
        return self.rng.choice(legal)


GENERIC: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def bot_factories(game_name: str) -> dict[str, Callable[..., Bot]]:
    from ..games import entry

    game = entry(game_name)
    factories = dict(GENERIC)
    if game.has("solver"):
        from .optimal import OptimalBot

        factories["optimal"] = OptimalBot
    factories.update(game.load("bots") or {})
    return factories


def bot_names(game_name: str) -> list[str]:
    return sorted(bot_factories(game_name))


def level_names(game_name: str) -> list[str]:
    """The levels players choose from (easy, normal, hard), in order."""
    from ..games import entry

    return [level for level, _ in entry(game_name).levels]


def bot_for_level(game_name: str, level: str, game: Game | None = None) -> str:
    """The bot behind ``level`` for this game and these options: the first of the level's bots
    that exists and can play them (``optimal`` only where a solution covers the options and can
    be had at once, never one that takes minutes to solve)."""
    from ..games import entry, make_game

    choices = dict(entry(game_name).levels)
    if level not in choices:
        raise UnknownBot(f"unknown level {level!r} for {game_name}; levels: {', '.join(choices)}")
    factories = bot_factories(game_name)
    game = game if game is not None else make_game(game_name)
    for name in choices[level]:
        if name not in factories:
            continue
        if name == "optimal":
            from ..solve import covered, is_quick_or_saved

            opts = game.options_json()
            if not (covered(game_name, opts) and is_quick_or_saved(game_name, opts)):
                continue
        return name
    return "random"


def make_bot(game_name: str, name: str, seed: int | None = None, game: Game | None = None) -> Bot:
    """The bot ``name`` (or the bot behind a level: ``easy``, ``normal``, ``hard``) for a game."""
    factories = bot_factories(game_name)
    if name not in factories and name in level_names(game_name):
        name = bot_for_level(game_name, name, game)
    if name not in factories:
        raise UnknownBot(f"unknown bot {name!r} for {game_name}; bots: {', '.join(sorted(factories))}; "
                         f"levels: {', '.join(level_names(game_name))}")
    factory = factories[name]
    try:
        return factory(seed=seed, game=game)
    except TypeError:
        return factory(seed=seed)
