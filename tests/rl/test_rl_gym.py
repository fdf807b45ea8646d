"""The Gymnasium environment: Gymnasium's own checker for every game, and the promises of the
single-agent form (bots from brawl.bots, the agent asked only for its own decisions)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from brawl.bots import UnknownBot
from brawl.core.game import IllegalAction
from brawl.rl import gym_env
from brawl.sim.engine import run_slice

from .helpers import games, small

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("game", games())
def test_check_env(game):
    check_env(gym_env(game, **small(game)), skip_render_check=True)


def test_check_env_other_opponent_and_seat():
    check_env(gym_env("krig", opponent="heuristic", seat=1, edition="article"), skip_render_check=True)


def test_unknown_bot_refused():
    with pytest.raises(UnknownBot, match="heuristic"):
        gym_env("krig", opponent="genius")
    with pytest.raises(ValueError, match="seat"):
        gym_env("krig", seat=2)


def _play(env, policy, episodes, seed):
    rewards = []
    for ep in range(episodes):
        obs, info = env.reset(seed=seed + ep)
        done = False
        while not done:
            obs, reward, term, trunc, info = env.step(policy(env, obs, info))
            done = term or trunc
        rewards.append(reward)
    return rewards


def test_agent_is_asked_only_for_its_own_decisions():
    """Rules page Krig 11 and 14: the agent, defending, is asked to parry; the bot plays the other
    seat; a win is +1 and a loss -1."""
    asked = []

    def policy(env, obs, info):
        state = env.state_
        seat = env.seat
        node = env.game.node(state)
        assert node.seats == (seat,)
        asked.append(state.phase)
        return int(np.flatnonzero(info["action_mask"])[-1])

    env = gym_env("krig", opponent="heuristic", seat=1, hp=8)
    rewards = _play(env, policy, 30, 0)
    assert set(rewards) == {1.0, -1.0}
    assert "parry?" in asked and "turn" in asked


def test_win_rates_agree_with_the_simulator():
    """The environment plays the same game as brawl's engine: an agent that plays like the
    ``attacker`` bot against ``random`` wins as often as the attacker bot does in the engine
    simulator (two-sample test, 4.5 standard errors), and random against random is even."""
    def attack(env, obs, info):
        return 0 if info["action_mask"][0] else 4  # attack (the charge attack when forced), else take

    def rand(env, obs, info):
        return int(env.np_random.choice(np.flatnonzero(info["action_mask"])))

    n = 800
    env = gym_env("krig", opponent="random", hp=6)
    agent = float(np.mean(np.array(_play(env, attack, n, 1000)) > 0))
    sim = run_slice("krig", {"hp": 6}, ["attacker", "random"], 7, 0, n)
    engine = sim.wins[0] / sim.games
    pooled = (agent + engine) / 2
    se = (2 * pooled * (1 - pooled) / n) ** 0.5
    assert abs(agent - engine) < 4.5 * se, (agent, engine)
    randoms = float(np.mean(np.array(_play(env, rand, n, 2000)) > 0))
    assert abs(randoms - 0.5) < 4.5 * (0.25 / n) ** 0.5


def test_illegal_action_loses_or_raises():
    env = gym_env("krig", hp=10)
    obs, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, info["illegal_action"]) == (-1.0, True, env.encoding.actions[illegal])

    env = gym_env("krig", hp=10, illegal_action="raise")
    obs, info = env.reset(seed=3)
    state = env.state_
    with pytest.raises(IllegalAction):
        env.step(illegal)
    with pytest.raises(ValueError):
        env.step(17)
    assert env.state_ is state


def test_game_over_before_first_decision_is_reported_by_one_step():
    """At 1 hit point the bot moving first can win before the agent decides anything: the first
    step then only reports the result."""
    env = gym_env("krig", opponent="attacker", hp=1, seat=0)
    found = 0
    for seed in range(200):
        obs, info = env.reset(seed=seed)
        if env.game.is_terminal(env.state_):
            assert info["action_mask"].all()
            _, reward, term, _, _ = env.step(0)
            assert term and reward == -1.0
            found += 1
    assert found > 0


def test_rps_against_random():
    env = gym_env("rps")
    rewards = _play(env, lambda env, obs, info: 0, 40, 0)
    assert set(rewards) == {1.0, -1.0}


def test_render_text():
    env = gym_env("krig", hp=6, render_mode="ansi")
    env.reset(seed=0)
    assert "you are Sun" in env.render() and "your decision" in env.render()


def test_render_names_the_rules_decisions_for_relative_actions():
    """KtOG actions are numbered relative to the seat; the text shows the rules' own strings."""
    env = gym_env("ktog", players=3, hp=5, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    i = env.encoding.action_index("attack:+1")
    assert f"{i}=attack:{(env.seat + 1) % 3 + 1}" in text


def test_several_opponent_bots():
    env = gym_env("ktog", opponent=["heuristic", "brute", "random"], players=4, hp=4)
    assert sorted(env.opponents) == ["brute", "heuristic", "random"]
    with pytest.raises(ValueError, match="needs 3 opponent bots"):
        gym_env("ktog", opponent=["heuristic"], players=4)
    rewards = _play(env, lambda env, obs, info: int(np.flatnonzero(info["action_mask"])[0]), 5, 0)
    assert set(rewards) <= {1.0, -1.0}


@pytest.mark.parametrize("game", games())
def test_registered_ids_pass_check_env(game):
    """Every game is registered (``gym.make("brawl/Krig-v0", ...)``) with render_fps, and
    Gymnasium's checker passes on the made environment, spec included (point 8)."""
    import warnings

    import gymnasium as gym

    from brawl.rl import gym_id

    env = gym.make(gym_id(game), **small(game))
    assert env.spec.id == gym_id(game) and env.metadata["render_fps"] > 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning of a missing spec or render_fps
        check_env(env.unwrapped, skip_render_check=True)
    env.reset(seed=0)


def test_unmasked_samples_are_legal():
    """The action space samples a legal action of the moment (what RLlib's pre-check and other
    checkers do), so an episode of plain ``sample()`` never loses by an illegal action."""
    env = gym_env("ktog", players=3, hp=4, classes=True)
    env.action_space.seed(0)
    for seed in range(3):
        env.reset(seed=seed)
        done = False
        while not done:
            _, _, term, trunc, info = env.step(env.action_space.sample())
            done = term or trunc
            assert "illegal_action" not in info


def test_dict_observation_for_action_masking_modules():
    """``dict_observation=True``: ``{"observations", "action_mask"}``, the keys RLlib's masking
    module reads (point 9)."""
    env = gym_env("krig", hp=5, dict_observation=True)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert set(obs) == {"observations", "action_mask"}
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert obs["observations"].shape == env.observation_space["observations"].shape


def test_tactics_against_random_sees_rewards():
    """Tactics against ``random`` nearly always reaches the round limit, a draw; with the default
    ``reward="margin"`` the agent is paid half the hit-point margin there, so rewards vary, while
    ``reward="result"`` keeps 0 for a draw (point 11)."""
    margin = gym_env("tactics", opponent="random", party1="duo", party2="duo", max_rounds=3)
    result = gym_env("tactics", opponent="random", party1="duo", party2="duo", max_rounds=3, reward="result")
    rand = lambda env, obs, info: int(env.np_random.choice(np.flatnonzero(info["action_mask"])))  # noqa: E731
    paid = _play(margin, rand, 6, 0)
    plain = _play(result, rand, 6, 0)
    assert len(set(paid)) > 1 and all(-1 <= r <= 1 for r in paid)
    for r_margin, r_plain in zip(paid, plain):
        if r_plain == 0:
            assert abs(r_margin) <= 0.5
        else:
            assert r_margin == r_plain


def test_shaped_reward_adds_up_to_the_margin():
    """``reward="shaped"`` pays the change of half the margin each step: over a Krig episode the
    rewards add up to the result plus half the final margin less half the first."""
    env = gym_env("krig", hp=6, reward="shaped")
    obs, info = env.reset(seed=4)
    start = env.encoding.margin(env.state_, env.seat)
    total, done = 0.0, False
    while not done:
        obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        total += reward
        done = term or trunc
    result = final = None
    from brawl.rl.common import final_returns

    result = final_returns(env.game, env.state_)[env.seat]
    final = env.encoding.margin(env.state_, env.seat)
    assert total == pytest.approx(result + 0.5 * (final - start))
    with pytest.raises(ValueError, match="reward"):
        gym_env("krig", reward="money")


@pytest.mark.parametrize("example", ["rllib_krig", "tianshou_krig"])
def test_library_recipes_build_their_environment(example):
    """The RLlib and Tianshou recipes in examples/ (their training needs PyTorch, in the ``train``
    extra that CI does not install; ``tests/examples/`` runs them where it is): the environments
    they build pass Gymnasium's checker with the keys each library reads."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / f"{example}.py"
    spec = importlib.util.spec_from_file_location(example, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if example == "rllib_krig":
        env = module.env_creator({"hp": 4})
        obs, _ = env.reset(seed=0)
        assert set(obs) == {"observations", "action_mask"}
        check_env(env, skip_render_check=True)
    else:
        assert "dict_observation=True" in path.read_text()
