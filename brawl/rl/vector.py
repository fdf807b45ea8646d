"""Vectorised environments: many games of one kind stepped by one compiled call.

``vector_env("krig", num_envs=4096, opponent="random", hp=10)`` is a Gymnasium ``VectorEnv``
whose step runs every game in Numba (the ``vector`` part of the game's entry,
``brawl/games/<game>/vector.py``, built on the same compiled rules functions as its batch simulator).  Observations ``(num_envs, n)``
float32 and ``infos["action_mask"]`` ``(num_envs, actions)`` int8 are NumPy arrays; finished games
are reset in the same step.  Games with a vectorised environment: :func:`vector_games`.
"""

from __future__ import annotations

from typing import Any


def _env_class(game: str):
    """The game's vectorised environment class, named as ``vector`` in its entry (or None)."""
    from ..games import entry, game_names

    return entry(game).load("vector") if game in game_names() else None


def vector_games() -> list[str]:
    from ..games import games_with

    return games_with("vector")


def vector_env(game: str, num_envs: int = 1024, **options: Any):
    cls = _env_class(game)
    if cls is None:
        raise ValueError(f"{game} has no vectorised environment; games with one: {', '.join(vector_games())}")
    return cls(num_envs=num_envs, **options)
