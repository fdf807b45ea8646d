"""Vectorised environments: many games of one kind stepped by one compiled call.

``vector_env("krig", num_envs=4096, opponent="random", hp=10)`` is a Gymnasium ``VectorEnv``
whose step runs every game in Numba (the game's ``vector`` module, ``brawl/games/<game>/vector.py``,
built on the same compiled rules functions as its batch simulator).  Observations ``(num_envs, n)``
float32 and ``infos["action_mask"]`` ``(num_envs, actions)`` int8 are NumPy arrays; finished games
are reset in the same step.  Games with a vectorised environment: :func:`vector_games`.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Any


def _module(game: str):
    from ..games import _PACKAGES, game_names

    if game not in game_names() or game not in _PACKAGES:
        return None
    name = f"{_PACKAGES[game]}.vector"
    return import_module(name) if find_spec(name) is not None else None


def vector_games() -> list[str]:
    from ..games import game_names

    return [g for g in game_names() if _module(g) is not None]


def vector_env(game: str, num_envs: int = 1024, **options: Any):
    module = _module(game)
    if module is None:
        raise ValueError(f"{game} has no vectorised environment; games with one: {', '.join(vector_games())}")
    classes = [v for k, v in vars(module).items() if k.endswith("VectorEnv") and isinstance(v, type)]
    return classes[0](num_envs=num_envs, **options)
