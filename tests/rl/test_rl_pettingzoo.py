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
    """PettingZoo's own parallel tests with the default settings: ``parallel_seed_test`` samples
    without the mask, and the action spaces' ``sample()`` draws a legal action (point 7)."""
    parallel_api_test(pettingzoo_parallel_env(game, **small(game)), num_cycles=300)
    parallel_seed_test(lambda: pettingzoo_parallel_env(game, **small(game)), num_cycles=200)


@pytest.mark.parametrize("game", ["ktog", "tactics"])
def test_seed_test_without_masks(game):
    """Unmasked samples are legal for every game, KtOG with classes and Tactics included: a whole
    episode of ``action_space(agent).sample()`` plays without an illegal action."""
    options = {**small(game), **({"classes": True} if game == "ktog" else {})}
    env = pettingzoo_env(game, **options)
    env.reset(seed=5)
    for agent in env.possible_agents:
        env.action_space(agent).seed(1)
    steps = 0
    for agent in env.agent_iter(2000):
        _, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.action_space(agent).sample())
        steps += 1
    assert steps > 3 and not any(info.get("illegal_action") for info in env.infos.values())


@pytest.mark.parametrize("game", games())
def test_max_cycles_test_at_the_default_options(game):
    """PettingZoo's own ``max_cycles_test`` at each game's default options (issue 28, point 17: it
    failed for a best-of-three rps match, over in two rounds, and for Kniggits, where one side moves
    alone; a turn-based game had no parallel form for it).  Each run deals its own games
    (``reset()`` without a seed)."""
    import types

    from pettingzoo.test import max_cycles_test

    module = types.SimpleNamespace(env=lambda **kw: pettingzoo_env(game, **kw),
                                   parallel_env=lambda **kw: pettingzoo_parallel_env(game, **kw))
    for _ in range(12):
        max_cycles_test(module)


@pytest.mark.parametrize("game", games())
def test_every_agent_steps_once_a_cycle(game):
    """The AEC half of ``max_cycles_test`` for every game, turn-based ones included: with
    ``max_cycles=6`` each agent steps six times and once more when the episode is over, whoever
    had the decisions; one decision is made a cycle."""
    env = pettingzoo_env(game, max_cycles=6)
    env.reset(seed=4)
    steps = dict.fromkeys(env.possible_agents, 0)
    made = []
    for agent in env.agent_iter():
        _, _, term, trunc, _ = env.last()
        steps[agent] += 1
        if agent == env.possible_agents[0] and not (term or trunc):
            made.append((env.cycles, env.decisions, env.games))
        env.step(None if term or trunc else env.action_space(agent).sample())
    assert set(steps.values()) == {7}
    # a cycle adds one decision to the game in play, or ends it and deals the next
    for (c0, d0, g0), (c1, d1, g1) in zip(made, made[1:]):
        assert c1 == c0 + 1 and (d1 == d0 + 1 or (g1 == g0 + 1 and d1 == 0))


def _rps_cycles(form, max_cycles, plays):
    """Play rock-paper-scissors (best of three) in cycle mode: ``plays`` gives each round's two
    actions (0 rock, 1 paper, 2 scissors).  Returns each cycle's (rewards, game_over, games) and
    the last terminations and truncations."""
    seen = []
    if form == "parallel":
        env = pettingzoo_parallel_env("rps", max_cycles=max_cycles)
        env.reset(seed=0)
        for a0, a1 in plays:
            _, rewards, terms, truncs, infos = env.step({"player_0": a0, "player_1": a1})
            seen.append((rewards["player_0"], infos["player_0"].get("game_over", False), env.games))
        assert not env.agents
        return seen, terms["player_0"], truncs["player_0"]
    env = pettingzoo_env("rps", max_cycles=max_cycles)
    env.reset(seed=0)
    for a0, a1 in plays:
        env.step(a0)
        env.step(a1)
        _, reward, term, trunc, info = env.last()  # player_0 again, or its last look
        seen.append((reward, info.get("game_over", False), env.games))
    assert all(env.terminations[a] or env.truncations[a] for a in env.agents)
    return seen, term, trunc


@pytest.mark.parametrize("form", ["aec", "parallel"])
def test_a_match_over_early_is_followed_by_the_next(form):
    """Cycle mode: paper beats rock twice, the match is over in two rounds and pays -1/+1 at once;
    the next match is dealt and plays the remaining cycles.  The episode is truncated when a match
    is in play at the last cycle, terminated when one has just ended."""
    seen, term, trunc = _rps_cycles(form, 4, [(0, 1), (0, 1), (2, 1), (0, 0)])
    assert seen == [(0.0, False, 0), (-1.0, True, 1), (0.0, False, 1), (0.0, False, 1)]
    assert (term, trunc) == (False, True)
    seen, term, trunc = _rps_cycles(form, 2, [(1, 0), (1, 0)])
    assert seen == [(0.0, False, 0), (1.0, True, 1)] and (term, trunc) == (True, False)


def test_max_decisions_still_cuts_a_game_in_cycle_mode():
    """``max_decisions`` cuts one game (0 to all, and the next begins); ``max_cycles`` ends the episode."""
    env = pettingzoo_parallel_env("rps", wins_needed=5, max_decisions=2, max_cycles=5)
    env.reset(seed=0)
    results = []
    while env.agents:
        _, rewards, _, truncs, infos = env.step({"player_0": 0, "player_1": 0})
        results.append((rewards["player_0"], infos["player_0"].get("game_over", False)))
    assert results == [(0.0, False), (0.0, True), (0.0, False), (0.0, True), (0.0, False)]
    assert env.games == 2 and all(truncs.values())


def test_the_waiting_side_passes_in_cycle_mode():
    """Kniggits: while one side moves, the other passes each cycle with an all-zero mask; its
    action is ignored, one outside the action space is refused and changes nothing, and an illegal
    decision raises and changes nothing."""
    env = pettingzoo_env("kniggits", max_cycles=200)
    env.reset(seed=2)
    for seat, a in enumerate(env.possible_agents):
        env.action_space(a).seed(seat)  # the same seed would tie rock-paper-scissors for ever
    passes = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if not obs["action_mask"].any():
            passes += 1
            before = (env.game.dumps(env.state_), env.agent_selection, env.cycles)
            with pytest.raises(ValueError, match="outside"):
                env.step(env.encoding.num_actions)
            assert (env.game.dumps(env.state_), env.agent_selection, env.cycles) == before
            env.step(env.action_space(agent).sample())  # any action of the space: ignored
            assert env.game.dumps(env.state_) == before[0]  # a pass changes nothing in the game
            continue
        illegal = np.flatnonzero(obs["action_mask"] == 0)
        if len(illegal):
            before = (env.game.dumps(env.state_), env.agent_selection)
            with pytest.raises(IllegalAction):
                env.step(int(illegal[0]))
            assert (env.game.dumps(env.state_), env.agent_selection) == before
        env.step(env.action_space(agent).sample())
    assert passes > 20


@pytest.mark.parametrize("game", games())
def test_both_forms_play_the_same_cycles(game):
    """The same seed and the same choices give the same games in the AEC and the parallel form:
    a cycle is one decision in both."""
    def choose(env, agent, cycle):
        legal = np.flatnonzero(env.observe(agent)["action_mask"]) if hasattr(env, "observe") \
            else np.flatnonzero(env._mask(agent))
        return int(legal[(cycle * 7 + env.agent_seat[agent]) % len(legal)]) if len(legal) else 0

    aec = pettingzoo_env(game, max_cycles=40)
    aec.reset(seed=9)
    trace_aec = []
    for agent in aec.agent_iter():
        _, _, term, trunc, _ = aec.last()
        if term or trunc:
            aec.step(None)
            continue
        aec.step(choose(aec, agent, aec.cycles))
        if agent == aec.possible_agents[-1]:
            trace_aec.append((aec.game.dumps(aec.state_), aec.games))
    par = pettingzoo_parallel_env(game, max_cycles=40)
    par.reset(seed=9)
    trace_par = []
    while par.agents:
        par.step({a: choose(par, a, par.cycles) for a in par.agents})
        trace_par.append((par.game.dumps(par.state_), par.games))
    assert len(trace_aec) == 40 and trace_aec == trace_par


def test_illegal_action_lose_in_cycle_mode():
    """With ``illegal_action="lose"`` an illegal action loses the game in play (-1 to the
    offender), and the next game is dealt."""
    env = pettingzoo_env("krig", hp=5, max_cycles=10, illegal_action="lose")
    env.reset(seed=1)
    while not env.observe(env.agent_selection)["action_mask"].any():
        env.step(0)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.games == 1 and env.rewards[agent] == -1.0 and env.infos[agent]["offender"] == agent
    assert env.decisions == 0 and not any(env.terminations.values())


def test_max_decisions_means_the_same_in_both_forms():
    """rps with max_decisions=4: four rounds in the AEC form (eight agent steps) and in the
    parallel form (four steps); a turn-based game counts each decision (point 6)."""
    aec = pettingzoo_env("rps", wins_needed=5, max_decisions=4)
    aec.reset(seed=0)
    for agent in aec.agent_iter():
        _, _, term, trunc, _ = aec.last()
        aec.step(None if term or trunc else 0)  # rock against rock: ties all along
    assert len(aec.state_.rounds) == 4 and aec.decisions == 4
    par = pettingzoo_parallel_env("rps", wins_needed=5, max_decisions=4)
    par.reset(seed=0)
    steps = 0
    while par.agents:
        _, _, _, truncs, _ = par.step({a: 0 for a in par.agents})
        steps += 1
    assert steps == 4 and len(par.state_.rounds) == 4 and all(truncs.values())
    krig = pettingzoo_env("krig", hp=20, max_decisions=3)
    krig.reset(seed=0)
    asked = 0
    for agent in krig.agent_iter():
        obs, _, term, trunc, _ = krig.last()
        if term or trunc:
            krig.step(None)
            continue
        asked += 1
        krig.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert asked == 3
    with pytest.raises(ValueError, match="at least 1"):
        pettingzoo_env("krig", max_cycles=0)


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
    """A turn-based game has a parallel form only in cycles, where every agent steps each cycle."""
    with pytest.raises(ValueError, match="no simultaneous decisions.*max_cycles"):
        pettingzoo_parallel_env("krig")
    env = pettingzoo_parallel_env("krig", max_cycles=5)
    assert env.metadata["is_parallelizable"] and not pettingzoo_env("krig").metadata["is_parallelizable"]


@pytest.mark.parametrize("game", games())
def test_cycle_mode_passes_the_api_tests_and_pettingzoos_conversions(game):
    """In cycles every game passes PettingZoo's parallel API and seed tests, and so do PettingZoo's
    own conversions between the forms (``aec_to_parallel`` of the AEC form, ``parallel_to_aec`` of
    the parallel form)."""
    from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec

    parallel_api_test(pettingzoo_parallel_env(game, max_cycles=40), num_cycles=300)
    parallel_seed_test(lambda: pettingzoo_parallel_env(game, max_cycles=40), num_cycles=200)
    api_test(pettingzoo_env(game, max_cycles=40), num_cycles=300)
    parallel_api_test(aec_to_parallel(pettingzoo_env(game, max_cycles=40)), num_cycles=300)
    api_test(parallel_to_aec(pettingzoo_parallel_env(game, max_cycles=40)), num_cycles=300)


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
    """Rules page Krig 11 and 14 (and its point Parry): after an attack that is neither a miss
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
    """Rules page Krig 5 (and its point Charge): the turn after a charge must be the charge
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


class _Flags(dict):
    """Termination or truncation flags whose iteration gives the flags, not the agents' names:
    PettingZoo's ``parallel_seed_test`` stops on ``any(terminations)``, which over a dict reads its
    keys and so ends its loop after one step whatever happened."""

    def __iter__(self):
        return iter(list(self.values()))


class _WholeEpisode:
    """A parallel environment as ``parallel_seed_test`` sees it, with :class:`_Flags`, so that the
    library's own loop runs until the episode really ends; counts the steps it took."""

    def __init__(self, env) -> None:
        self.env = env
        self.steps = 0

    def __getattr__(self, name):
        return getattr(self.env, name)

    def step(self, actions):
        obs, rewards, terms, truncs, infos = self.env.step(actions)
        self.steps += 1
        return obs, rewards, _Flags(terms), _Flags(truncs), infos


@pytest.mark.parametrize("game", simultaneous_games())
def test_parallel_seed_test_over_whole_episodes(game):
    """PettingZoo's ``parallel_seed_test`` with unmasked samples (legal by the action spaces) over
    whole episodes, or its limit of ``num_cycles`` steps per agent: two environments with the same
    seed stay equal step for step."""
    made = []

    def make():
        made.append(_WholeEpisode(pettingzoo_parallel_env(game, **small(game))))
        return made[-1]

    cycles = 30
    parallel_seed_test(make, num_cycles=cycles)
    assert len(made) == 2 and made[0].steps == made[1].steps > 1
    for env in made:  # played to the end of the episode, or to the library's limit
        assert not env.agents or env.steps == cycles * len(env.possible_agents)
