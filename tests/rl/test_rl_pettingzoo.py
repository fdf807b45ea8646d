"""PettingZoo environments: the library's own API and seed tests for every game, and the brawl
behaviour they promise (reactions asked of the right seat, dice inside, forced moves skipped, hidden
choices hidden, bad actions refused without change)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

from brawl.core.game import IllegalAction, OptionsError
from brawl.rl import pettingzoo_env, pettingzoo_parallel_env

from .helpers import games, simultaneous_games, small

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("game", games())
def test_api_test(game):
    api_test(pettingzoo_env(game, **small(game)), num_cycles=300)


@pytest.mark.parametrize("game", games())
def test_seed_test(game):
    seed_test(lambda: pettingzoo_env(game, **small(game)), num_cycles=200)


@pytest.mark.parametrize("game", simultaneous_games())
def test_parallel_api_and_seed_tests(game):
    parallel_api_test(pettingzoo_parallel_env(game, **small(game)), num_cycles=300)
    # parallel_seed_test samples actions without the mask; where some decisions are not from a
    # full menu (Kniggits moves) an unmasked sample is usually illegal, so it ends the episode.
    menu_always_full = game == "rps"
    extra = {} if menu_always_full else {"illegal_action": "lose"}
    parallel_seed_test(lambda: pettingzoo_parallel_env(game, **small(game), **extra), num_cycles=200)


@pytest.mark.parametrize("game", simultaneous_games())
def test_parallel_env_is_deterministic_with_masked_play(game):
    """The same seed and the same masked choices give the same episode, step for step."""
    def episode(seed):
        env = pettingzoo_parallel_env(game, **small(game))
        rng = np.random.default_rng(0)
        obs, _ = env.reset(seed=seed)
        trace = []
        while env.agents:
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0
                       for a, o in obs.items()}
            obs, rewards, terms, truncs, _ = env.step(actions)
            trace.append((env.game.dumps(env.state_), sorted(rewards.items())))
        return trace

    first = episode(3)
    assert len(first) >= 2 and first == episode(3)


def test_parallel_env_refuses_turn_based_game():
    with pytest.raises(ValueError, match="no simultaneous decisions"):
        pettingzoo_parallel_env("krig")


def test_bad_option_refused():
    with pytest.raises(OptionsError, match="hp"):
        pettingzoo_env("krig", hp=0)
    with pytest.raises(OptionsError, match="unknown option"):
        pettingzoo_env("krig", armour=3)


def _random_steps(env, rng, steps, on_step):
    env.reset(seed=int(rng.integers(1 << 30)))
    for _ in range(steps):
        agent = env.agent_selection
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            env.reset(seed=int(rng.integers(1 << 30)))
            continue
        on_step(env, agent, obs)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_krig_parry_is_asked_of_the_defender():
    """Rules page Krig 11 and 14 (RULINGS Krig, Parry): after an attack that is neither a miss
    nor a critical, the defender decides to parry or take, seeing the attack d6."""
    env = pettingzoo_env("krig", hp=10)
    game = env.game
    seen = []

    def check(env, agent, obs):
        state = env.state_
        seat = env.agent_seat[agent]
        names = env.legal_action_names(agent)
        if state.phase == "parry?":
            assert seat == 1 - state.to_act  # the defender, not the player on turn
            assert names == ["parry", "take"]
            assert obs["observation"][7] == 1 and obs["observation"][6] == 0
            assert obs["observation"][8 + state.rolls[1] - 1] == 1  # the attack d6, one-hot
            seen.append(state.rolls[1])
        else:
            assert state.phase == "turn" and seat == state.to_act
            assert set(names) <= {"attack", "defend", "charge"}
        assert list(np.flatnonzero(obs["action_mask"])) == sorted(env.encoding.action_index(a) for a in names)
        assert game.node(state).seats == (seat,)

    _random_steps(env, np.random.default_rng(1), 600, check)
    assert len(set(seen)) >= 5  # parries were asked, with various attack dice


def test_krig_forced_charge_attack_is_played_for_the_agent():
    """Rules page Krig 5 (RULINGS Krig, Charge): the turn after a charge must be the charge
    attack; a decision with one legal action is not asked unless skip_forced=False."""
    def forced_asks(skip):
        env = pettingzoo_env("krig", hp=10, skip_forced=skip)
        count = []

        def look(env, agent, obs):
            if env.legal_action_names(agent) == ["attack"]:
                assert env.state_.charging[env.agent_seat[agent]]
                count.append(1)
        _random_steps(env, np.random.default_rng(2), 500, look)
        return len(count)

    assert forced_asks(True) == 0
    assert forced_asks(False) > 0


def test_dice_come_from_the_seed():
    """Same seed, same rolls; another seed, other rolls (the dice are inside the environment)."""
    def first_states(seed):
        env = pettingzoo_env("krig", hp=10)
        env.reset(seed=seed)
        out = [env.game.dumps(env.state_)]
        for _ in range(6):
            obs, *_ = env.last()
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            out.append(env.game.dumps(env.state_))
        return out

    assert first_states(5) == first_states(5)
    assert any(first_states(s) != first_states(5) for s in (6, 7, 8))


def test_rps_sealed_choice_stays_out_of_the_other_observation():
    """DEVELOPERS, views per seat: a hidden choice is never in another seat's view before reveal."""
    env = pettingzoo_env("rps")
    env.reset(seed=0)
    first = env.agent_selection
    other = "player_1" if first == "player_0" else "player_0"
    before = env.observe(other)["observation"].copy()
    for move in range(3):
        env.reset(seed=0)
        env.step(move)
        assert env.agent_selection == other
        assert np.array_equal(env.observe(other)["observation"], before)
    env.step(0)  # both in: the round is revealed to both
    assert not np.array_equal(env.observe(other)["observation"], before)


def test_rewards_follow_the_winner():
    env = pettingzoo_env("krig", hp=3)
    rng = np.random.default_rng(3)
    for episode in range(20):
        env.reset(seed=episode)
        totals = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        winner = env.game.winners(env.state_)
        assert len(winner) == 1
        assert totals == {a: (1.0 if env.agent_seat[a] in winner else -1.0) for a in env.possible_agents}


def test_bad_actions_change_nothing():
    """DEVELOPERS: bad input gets a clear error and changes nothing."""
    env = pettingzoo_env("krig", hp=10)
    env.reset(seed=4)
    state, agent = env.state_, env.agent_selection
    illegal = [i for i in range(5) if not env.observe(agent)["action_mask"][i]]
    with pytest.raises(IllegalAction):
        env.step(illegal[0])
    with pytest.raises(ValueError, match="outside"):
        env.step(9)
    with pytest.raises(ValueError, match="integer"):
        env.step("attack")
    assert env.state_ is state and env.agent_selection == agent


def test_illegal_action_can_lose_instead():
    env = pettingzoo_env("krig", hp=10, illegal_action="lose")
    env.reset(seed=4)
    agent = env.agent_selection
    illegal = [i for i in range(5) if not env.observe(agent)["action_mask"][i]][0]
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1.0
    assert env.infos[agent]["illegal_action"] == env.encoding.actions[illegal]


def test_render_text():
    env = pettingzoo_env("krig", hp=7, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "7 hit points" in text and "to decide" in text and "attack" in text
