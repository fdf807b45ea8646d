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


def make_bot(game_name: str, name: str, seed: int | None = None, game: Game | None = None) -> Bot:
    factories = bot_factories(game_name)
    if name not in factories:
        raise UnknownBot(f"unknown bot {name!r} for {game_name}; bots: {', '.join(sorted(factories))}")
    factory = factories[name]
    try:
        return factory(seed=seed, game=game)
    except TypeError:
        return factory(seed=seed)
