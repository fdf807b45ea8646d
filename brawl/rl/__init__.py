"""Research interfaces: brawl games as PettingZoo, Gymnasium and OpenSpiel environments.

- :func:`pettingzoo_env` (AEC) and :func:`pettingzoo_parallel_env` (simultaneous games),
- :func:`gym_env`: one seat against brawl bots (``brawl.bots.make_bot``),
- :func:`openspiel_game`: the game registered with OpenSpiel, chance nodes with exact outcomes
  and probabilities, simultaneous nodes where the game has them.

Importing this package registers every encoded game with the libraries that are installed:
Gymnasium ids ``brawl/<Game>-v0`` (``gym.make("brawl/Krig-v0", opponent="heuristic", hp=5)``; the
names are in :func:`gym_ids`) and OpenSpiel games ``python_brawl_<game>``
(``pyspiel.load_game("python_brawl_krig")``).

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
    ``render_mode``, ``max_decisions``, ``max_cycles`` (episodes of that many cycles of every
    agent, games back to back), ``skip_forced``, ``illegal_action``, else game options.
    See :mod:`brawl.rl.zoo`."""
    from .zoo import pettingzoo_env as make

    return make(game, **options)


def pettingzoo_parallel_env(game, **options: Any):
    """A PettingZoo parallel environment for a game with simultaneous decisions (``rps``), or for
    any game with ``max_cycles`` (episodes of cycles in which every agent steps).
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


def vector_env(game: str, num_envs: int = 1024, **options: Any):
    """A Gymnasium ``VectorEnv`` of ``num_envs`` games stepped together by the game's compiled
    kernel (Krig).  See :mod:`brawl.rl.vector`."""
    from .vector import vector_env as make

    return make(game, num_envs=num_envs, **options)


def describe(game, **options: Any) -> str:
    """The observation layout and action list of ``game`` (with these options), as text."""
    from .common import make

    return make(game, options)[1].describe()


def gym_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``brawl/Krig-v0`` for ``krig``."""
    return f"brawl/{game.capitalize()}-v0"


def gym_ids() -> dict[str, str]:
    """Every encoded game's Gymnasium id."""
    return {game: gym_id(game) for game in encoded_games()}


def _register_everywhere() -> None:
    from importlib.util import find_spec

    if find_spec("gymnasium") is not None:
        import gymnasium

        from ..games import games_with

        vectorised = set(games_with("vector"))
        for game, env_id in gym_ids().items():
            if env_id not in gymnasium.registry:
                gymnasium.register(env_id, entry_point="brawl.rl.gymnasium_env:BrawlGymEnv", kwargs={"game": game},
                                   disable_env_checker=False,
                                   vector_entry_point="brawl.rl.vector:vector_entry_point" if game in vectorised else None)
    if find_spec("pyspiel") is not None:
        from . import spiel

        for game in encoded_games():
            try:
                spiel.register(game)
            except (ImportError, AttributeError):
                pass  # its encoding module is being imported right now (it imported us): registered on first use
            except Exception as error:  # one broken game must not take the others' interfaces down
                import warnings

                warnings.warn(f"brawl.rl: {game} not registered with OpenSpiel: {error!r}", stacklevel=2)


_register_everywhere()

__all__ = ["pettingzoo_env", "pettingzoo_parallel_env", "gym_env", "openspiel_game", "vector_env", "describe",
           "encoded_games", "encoding_for", "gym_id", "gym_ids"]
