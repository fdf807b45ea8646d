"""Legal-action sampling survives what libraries do with environments: a deep copy or a pickle of a
PettingZoo environment samples from its own position, and Gymnasium's ``make_vec(..., "sync")``
samples a legal action for every sub-environment (``brawl.rl.common.LegalDiscrete``)."""

from __future__ import annotations

import copy
import pickle

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import brawl.rl  # noqa: F401  (registers the Gymnasium ids)
from brawl.rl import pettingzoo_env
from brawl.rl.common import LegalDiscrete

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _play_sampled(env, steps: int) -> int:
    """Step ``env`` (AEC) with unmasked samples; returns how many were legal."""
    legal = 0
    for agent in env.agent_iter(steps):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        action = env.action_space(agent).sample()
        legal += int(obs["action_mask"][action])
        env.step(action)  # raises IllegalAction if the sample was not legal
    return legal


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_pettingzoo_env_samples_legal_actions_of_its_own_position(how):
    env = pettingzoo_env("ktog", players=4, hp=6, classes=True)
    env.reset(seed=3)
    for agent in env.agent_iter(5):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert twin.game.dumps(twin.state_) == env.game.dumps(env.state_)
    for agent in twin.possible_agents:
        assert isinstance(twin.action_space(agent), LegalDiscrete)
        twin.action_space(agent).seed(0)
    assert _play_sampled(twin, 60) > 20
    # the copy is its own: the original has not moved
    assert env.game.dumps(env.state_) != twin.game.dumps(twin.state_)
    assert _play_sampled(env, 20) > 5


def test_make_vec_sync_samples_a_legal_action_for_every_sub_environment():
    envs = gym.make_vec("brawl/Ktog-v0", num_envs=8, vectorization_mode="sync",
                        vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP}, players=3, hp=6)
    _, info = envs.reset(seed=0)
    envs.action_space.seed(1)
    steps = 0
    for _ in range(25):
        actions = envs.action_space.sample()
        mask = info["action_mask"]
        assert all(mask[i, a] for i, a in enumerate(actions)), (actions, mask)
        _, _, _, _, info = envs.step(actions)
        assert "final_info" not in info or not any(
            v is not None for v in info["final_info"].get("illegal_action", []))
        steps += 1
    assert steps == 25
    # an explicit mask is used as given
    single = envs.single_action_space
    assert single.sample(mask=np.eye(single.n, dtype=np.int8)[5]) == 5
