"""The vectorised Krig environment (brawl/games/krig/vector.py) against the scalar one and against
Gymnasium's own vector conventions: every game is scored (those decided before the agent's first
decision too), the infos of a step carry what ``SyncVectorEnv`` in ``SAME_STEP`` mode carries, it is
made by ``gym.make_vec``, it plays against the ``heuristic`` bot and itself, and it renders."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import brawl.rl  # noqa: F401  (registers brawl/Krig-v0)
from brawl.games.krig import vector as V
from brawl.rl import gym_env, vector_env


def _first_legal(mask: np.ndarray) -> np.ndarray:
    return np.argmax(mask, axis=-1)


def test_games_decided_before_the_first_decision_count_as_in_the_scalar_env():
    """At 2 hit points against ``attacker`` about 4% of games end on the opponent's first blow (a
    critical) before the agent is asked anything.  The scalar environment reports each such game
    (every action marked, the next step gives the loss); the vector environment must score them too,
    or its win rate is biased upwards.  The same policy (the first legal action) is played in both:
    the share of such games and the win rate must agree within 4.5 standard errors of the
    difference of two independent proportions."""
    scalar = gym_env("krig", opponent="attacker", hp=2)
    n_scalar = 8000
    wins_s = early_s = 0
    for episode in range(n_scalar):
        _, info = scalar.reset(seed=episode)
        early_s += int(info["action_mask"].all())
        while True:
            _, reward, term, trunc, info = scalar.step(int(_first_legal(info["action_mask"])))
            if term or trunc:
                wins_s += int(reward > 0)
                break
    env = vector_env("krig", num_envs=2048, opponent="attacker", hp=2)
    _, info = env.reset(seed=11)
    wins_v = games_v = early_v = 0
    fresh = np.ones(env.num_envs, np.bool_)  # the game in each slot has not been stepped yet
    while games_v < 60_000:
        mask = info["action_mask"]
        early_v += int((fresh & mask.all(axis=1)).sum())
        _, reward, term, trunc, info = env.step(_first_legal(mask))
        assert not trunc.any()
        wins_v += int((reward[term] > 0).sum())
        games_v += int(term.sum())
        fresh = term
    # the games whose first observation was still pending are left out of the share's denominator
    for (a, n), (b, m) in [((early_s, n_scalar), (early_v, games_v)), ((wins_s, n_scalar), (wins_v, games_v))]:
        p, q = a / n, b / m
        pooled = (a + b) / (n + m)
        se = (pooled * (1 - pooled) * (1 / n + 1 / m)) ** 0.5
        assert abs(p - q) < 4.5 * se, (p, q, se)
    assert early_s > 0.02 * n_scalar and early_v > 0.02 * games_v


def test_final_observation_and_info_as_gymnasiums_sync_vector_env():
    """``SAME_STEP`` autoreset: the infos of a step where games ended hold ``final_obs`` (the ended
    games' last observations, None elsewhere) and ``final_info`` with their ``_`` masks, exactly the
    keys and shapes Gymnasium's ``SyncVectorEnv(SAME_STEP)`` over ``brawl/Krig-v0`` gives."""
    n = 8
    sync = SyncVectorEnv([lambda: gym_env("krig", opponent="attacker", hp=2) for _ in range(n)],
                         autoreset_mode=AutoresetMode.SAME_STEP)
    ours = vector_env("krig", num_envs=n, opponent="attacker", hp=2)
    assert ours.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    _, sync_info = sync.reset(seed=0)
    obs, info = ours.reset(seed=0)
    seen = 0
    for _ in range(40):
        _, _, s_term, s_trunc, sync_info = sync.step(_first_legal(sync_info["action_mask"]))
        obs, reward, term, trunc, info = ours.step(_first_legal(info["action_mask"]))
        done = term | trunc
        if done.any() and (s_term | s_trunc).any():
            seen += 1
            _same_layout(info, sync_info, done)
    assert seen >= 5


def _same_layout(got: dict, want: dict, done: np.ndarray) -> None:
    """``got`` (ours) has the keys, types and shapes of ``want`` (SyncVectorEnv's), and its final
    observations and masks are where ``done`` says, each an ended game's."""
    n = len(done)
    assert set(got) == set(want)
    assert set(got["final_info"]) == set(want["final_info"])
    assert got["final_obs"].dtype == want["final_obs"].dtype == object
    assert np.array_equal(got["_final_obs"], done) and np.array_equal(got["_final_info"], done)
    assert np.array_equal(got["final_info"]["_action_mask"], done)
    assert got["final_info"]["action_mask"].shape == want["final_info"]["action_mask"].shape
    for g in range(n):
        if not done[g]:
            assert got["final_obs"][g] is None
            continue
        last = got["final_obs"][g]
        assert last.shape == (V.OBS,) and last.dtype == np.float32
        assert last[6] == last[7] == 0  # nobody is asked anything at the end
        assert min(last[0], last[1]) == 0  # someone is out of hit points
        assert not got["final_info"]["action_mask"][g].any()


def test_make_vec_with_the_vector_entry_point():
    env = gym.make_vec("brawl/Krig-v0", num_envs=16, vectorization_mode="vector_entry_point", hp=4,
                       opponent="heuristic")
    assert isinstance(env.unwrapped, V.KrigVectorEnv) and env.num_envs == 16
    assert env.unwrapped.hp == 4 and env.unwrapped.opponent == "heuristic"
    obs, info = env.reset(seed=1)
    assert obs.shape == (16, V.OBS) and info["action_mask"].shape == (16, V.ACTIONS)
    env.step(_first_legal(info["action_mask"]))


@pytest.mark.parametrize("opponent", ["heuristic", "self"])
def test_heuristic_and_self_play_opponents(opponent):
    """Against ``heuristic`` a random agent loses more often than it wins; in self-play both seats
    are asked (``infos["seat"]``), each game's winner is given when it ends, and the reward is that
    of the seat that acted."""
    env = vector_env("krig", num_envs=512, opponent=opponent, hp=5)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    wins = games = 0
    seats_asked = set()
    for _ in range(150):
        mask = info["action_mask"]
        seat = info.get("seat")
        if seat is not None:
            seats_asked |= set(np.unique(seat).tolist())
        _, reward, term, _, info = env.step(np.argmax(mask * rng.random(mask.shape), axis=1))
        if opponent == "self":
            assert np.array_equal(info["winner"][term] == seat[term], reward[term] > 0)
            wins += int((info["winner"][term] == 0).sum())
        else:
            wins += int((reward[term] > 0).sum())
        games += int(term.sum())
    assert games > 1000
    if opponent == "self":
        assert seats_asked == {0, 1}
        assert abs(wins / games - 0.5) < 4.5 * (0.25 / games) ** 0.5  # both seats play alike
    else:
        assert wins / games < 0.45


def test_render_and_render_modes():
    env = vector_env("krig", num_envs=3, opponent="random", hp=5, render_mode="ansi")
    env.reset(seed=0)
    frames = env.render()
    assert len(frames) == 3 and all(f.startswith(f"game {g}: Sun hp 5") for g, f in enumerate(frames))
    plain = vector_env("krig", num_envs=2, hp=5)
    plain.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert plain.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        vector_env("krig", num_envs=2, render_mode="rgb_array")
