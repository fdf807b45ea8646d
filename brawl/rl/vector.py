"""Vectorised environments: many games of one kind stepped by one compiled call.

``vector_env("krig", num_envs=4096, opponent="random", hp=10)`` is a Gymnasium ``VectorEnv``
whose step runs every game in Numba (the ``vector`` part of the game's entry,
``brawl/games/<game>/vector.py``, built on the same compiled rules functions as its batch simulator).  Observations ``(num_envs, n)``
float32 and ``infos["action_mask"]`` ``(num_envs, actions)`` int8 are NumPy arrays; finished games
are reset in the same step (``SAME_STEP``), and, as Gymnasium's own ``SyncVectorEnv`` in that
mode, the infos of a step where games ended carry ``final_obs`` (an object array: each ended game's
last observation, ``None`` for the others), ``final_info`` (``{"action_mask": ...}``, the ended
games' last masks) and their masks ``_final_obs`` and ``_final_info``; every key ``k`` of the infos
has its ``_k``.  Games with a vectorised environment: :func:`vector_games`; they are also
``gym.make_vec("brawl/<Game>-v0", num_envs, vectorization_mode="vector_entry_point", ...)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np


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


def vector_entry_point(game: str, num_envs: int = 1024, **options: Any):
    """The entry Gymnasium's ``make_vec(..., vectorization_mode="vector_entry_point")`` calls."""
    return vector_env(game, num_envs=num_envs, **options)


def check_render_mode(render_mode: str | None, metadata: dict) -> str | None:
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        raise ValueError(f"render_mode must be one of {metadata['render_modes']} or None, not {render_mode!r}")
    return render_mode


def _with_masks(values: dict[str, np.ndarray], present: np.ndarray) -> dict:
    """Gymnasium's vector infos: each key ``k`` with ``_k``, where the games that have it are marked."""
    out: dict = {}
    for key, value in values.items():
        out[key] = value
        out[f"_{key}"] = present.copy()
    return out


def step_infos(mask: np.ndarray, extra: dict[str, np.ndarray], done: np.ndarray | None = None,
               final_obs: np.ndarray | None = None, final_info: dict[str, np.ndarray] | None = None) -> dict:
    """The infos of a vectorised step as Gymnasium's ``SyncVectorEnv`` gives them in ``SAME_STEP``
    mode: ``action_mask`` (and ``extra``) for every game, and where games ended (``done``), their
    last observations (``final_obs[g]``, rows of ``final_obs``) and last infos (``final_info``)."""
    n = mask.shape[0]
    info = _with_masks({"action_mask": mask, **extra}, np.ones(n, np.bool_))
    if done is not None and done.any():
        rows = np.full(n, None, dtype=object)
        ended = np.flatnonzero(done)
        rows[ended] = np.fromiter(final_obs[ended], dtype=object, count=len(ended))  # one row each
        info["final_obs"] = rows
        info["_final_obs"] = done.copy()
        info["final_info"] = _with_masks(final_info or {}, done)
        info["_final_info"] = done.copy()
    return info
