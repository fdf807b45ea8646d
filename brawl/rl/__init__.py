"""Research interfaces: brawl games as PettingZoo, Gymnasium and OpenSpiel environments.

- :func:`pettingzoo_env` (AEC) and :func:`pettingzoo_parallel_env` (simultaneous games),
- :func:`gym_env`: one seat against brawl bots (``brawl.bots.make_bot``),
- :func:`openspiel_game`: the game registered with OpenSpiel, chance nodes with exact outcomes
  and probabilities, simultaneous nodes where the game has them.

Modules: ``zoo`` (PettingZoo), ``gymnasium_env``, ``spiel`` (OpenSpiel), ``encodings``.
Each game's fixed action list and observation vector are in ``brawl.rl.encodings.<game>``;
``describe(game)`` prints them.  These need the ``rl`` extra (``pip install -e .[rl]``); the
libraries are imported only when an environment is made.
"""

from __future__ import annotations

from typing import Any

from .encodings import encoded_games, encoding_for


def pettingzoo_env(game, **options: Any):
    """A PettingZoo AEC environment for ``game`` (a name or a brawl Game); keywords:
    ``render_mode``, ``max_decisions``, ``skip_forced``, ``illegal_action``, else game options.
    See :mod:`brawl.rl.zoo`."""
    from .zoo import pettingzoo_env as make

    return make(game, **options)


def pettingzoo_parallel_env(game, **options: Any):
    """A PettingZoo parallel environment for a game with simultaneous decisions (``rps``).
    See :mod:`brawl.rl.zoo`."""
    from .zoo import pettingzoo_parallel_env as make

    return make(game, **options)


def gym_env(game, opponent: str | list[str] = "random", **options: Any):
    """A Gymnasium environment: one seat (``seat=0``) against brawl bots (``opponent``, a bot
    name or one per other seat).  See :mod:`brawl.rl.gymnasium_env`."""
    from .gymnasium_env import gym_env as make

    return make(game, opponent=opponent, **options)


def openspiel_game(game, **options: Any):
    """``game`` registered with OpenSpiel as ``python_brawl_<game>`` and loaded with these
    parameters (game options, ``max_game_length``, ``start``).  See :mod:`brawl.rl.spiel`."""
    from .spiel import openspiel_game as make

    return make(game, **options)


def describe(game, **options: Any) -> str:
    """The observation layout and action list of ``game`` (with these options), as text."""
    from .common import make

    return make(game, options)[1].describe()


__all__ = ["pettingzoo_env", "pettingzoo_parallel_env", "gym_env", "openspiel_game", "describe",
           "encoded_games", "encoding_for"]
