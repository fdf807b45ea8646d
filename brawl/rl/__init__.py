"""Research interfaces: brawl games as PettingZoo, Gymnasium and OpenSpiel environments.

- :func:`pettingzoo_env` (AEC) and :func:`pettingzoo_parallel_env` (simultaneous games),
- :func:`gym_env`: one seat against brawl bots (``brawl.bots.make_bot``),
- :func:`openspiel_game`: the game registered with OpenSpiel, chance nodes with exact outcomes
  and probabilities, simultaneous nodes where the game has them.

Each game's fixed action list and observation vector are in ``brawl.rl.encodings.<game>``;
``describe(game)`` prints them.  These need the ``rl`` extra (``pip install -e .[rl]``); the
libraries are imported only when an environment is made.
"""

from __future__ import annotations

from typing import Any

from .encodings import encoded_games, encoding_for


def pettingzoo_env(game, **options: Any):
    from .pettingzoo_env import pettingzoo_env as make

    return make(game, **options)


def pettingzoo_parallel_env(game, **options: Any):
    from .pettingzoo_env import pettingzoo_parallel_env as make

    return make(game, **options)


def gym_env(game, opponent: str | list[str] = "random", **options: Any):
    from .gym_env import gym_env as make

    return make(game, opponent=opponent, **options)


def openspiel_game(game, **options: Any):
    from .openspiel_game import openspiel_game as make

    return make(game, **options)


def describe(game, **options: Any) -> str:
    """The observation layout and action list of ``game`` (with these options), as text."""
    from .common import make

    return make(game, options)[1].describe()


__all__ = ["pettingzoo_env", "pettingzoo_parallel_env", "gym_env", "openspiel_game", "describe",
           "encoded_games", "encoding_for"]
