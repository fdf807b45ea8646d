"""Issue 39, vector environment for Tactics (brawl/games/tactics/vector.py): on a tape of dice the
compiled battles ask the agent what ``gym_env("tactics", seat=0)`` asks, decision by decision, with
the same observations (written in compiled code from the encoding's layout), masks and rewards;
Gymnasium's checks hold for its spaces and data; same-step resets carry ``final_obs``; self-play asks
both sides."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_space_limit, data_equivalence
from gymnasium.utils.passive_env_checker import check_obs, data_shares_objects

import brawl.rl.gymnasium_env as G
from brawl.core.game import Terminal
from brawl.games import make_game
from brawl.games.tactics import batch as B
from brawl.games.tactics import batch_agent as BA
from brawl.games.tactics import vector as V
from brawl.games.tactics.batch_game import LOG_WIDTH, S_OVER, S_SIZE, STACK_WIDTH
from brawl.games.tactics.batch_tape import _outcome
from brawl.games.tactics.encoding import TacticsEncoding
from brawl.games.tactics.vector_tables import agent_tables
from brawl.rl import gym_env, vector_env
from brawl.rl.common import advance
from brawl.sim.kernel import new_tape


class TapeDice:
    """The engine's dice and ``random`` decisions read from a tape as the compiled battles read it."""

    def __init__(self, values) -> None:
        self.values, self.pos = [int(v) for v in values], 0

    def take(self) -> int:
        self.pos += 1
        return self.values[self.pos - 1]

    def roll(self, event):
        return _outcome(event, self.take)

    def pick(self, legal: list):
        return legal[self.take() % len(legal)] if len(legal) > 1 else legal[0]


class Kernel:
    """One battle of the vectorised environment's compiled code on a tape of dice, paused at each
    question to an agent side (both sides under self-play)."""

    def __init__(self, options: dict, opponent: str, values, selfplay: bool = False, reward: str = "margin",
                 agent: int = 0) -> None:
        game = make_game("tactics", options)
        arrays = B._arrays(game)
        self.tabs, self.AT = tuple(arrays[1:]), agent_tables(game, TacticsEncoding(game))
        n, width = arrays[0].shape
        self.U, self.S = np.zeros((n, width), np.int64), np.zeros(S_SIZE, np.int64)
        self.STK, self.PATH = np.zeros((BA.STACK_ROWS, STACK_WIDTH), np.int64), np.zeros(BA.PATH_LEN, np.int64)
        self.work = BA.scratch(self.tabs[2].shape[0])
        self.tape = new_tape(values, LOG_WIDTH)
        self.opponent, self.selfplay, self.reward = B.POLICIES.get(opponent, 0), selfplay, V.REWARDS[reward]
        self.agent = agent
        self.obs = np.zeros(TacticsEncoding(game).observation_size, np.float32)
        self.mask = np.zeros(TacticsEncoding(game).num_actions, np.int8)
        BA.new_battle(self.U, self.S, arrays[0])
        self._play()

    def _play(self) -> None:
        _, self.k, self.seat, self.kind = BA.play_on(self.tape, self.U, self.S, self.STK, self.PATH, self.tabs,
                                                     self.work, self.agent, self.opponent, self.selfplay)

    @property
    def over(self) -> bool:
        return bool(self.S[S_OVER])

    @property
    def used(self) -> int:
        return int(self.tape[1][0])

    def seen(self, seat: int, asked: bool) -> np.ndarray:
        BA.write_obs(self.obs, self.U, self.S, self.STK, self.tabs, seat, asked, self.kind, self.AT)
        return self.obs.copy()

    def question(self):
        """(seat asked, observation, mask) where the battle is paused."""
        BA.write_mask(self.mask, self.work[3], self.k, self.seat, self.AT)
        return self.seat, self.seen(self.seat, True), self.mask.copy()

    def answer(self, action: int) -> None:
        BA.answer(self.U, self.S, self.STK, self.PATH, self.tabs, self.work, self.seat, action, self.AT)
        self._play()

    def end_reward(self, seat: int) -> float:
        return BA.end_reward(self.U, self.S, self.tabs, seat, self.reward, V.DRAW_WEIGHT, self.AT)

    def margin(self, seat: int) -> float:
        return BA.margin(self.U, self.tabs, seat, self.AT)


def _against_gym_env(monkeypatch, options: dict, opponent: str, games: int, seed: int, reward: str = "margin",
                     me: int = 0):
    """Play ``games`` battles on tapes in the kernel and in ``gym_env`` (its dice, and a ``random``
    opponent's decisions, read from the tape), a random agent answering: every question must be the
    same (observation, mask, values used), every reward the same, and the ends.  Returns the number of
    questions and the kinds of decision the agent made."""
    env = gym_env("tactics", opponent=opponent, seat=me, reward=reward, **options)
    rng = np.random.default_rng(seed)
    questions, verbs = 0, set()
    for _ in range(games):
        values = rng.integers(0, 2**31, 60_000)
        dice = TapeDice(values)
        monkeypatch.setattr(G, "new_dice", lambda _seed: dice)
        if opponent == "random":
            monkeypatch.setattr(env, "_bot_choice", lambda state, seat: dice.pick(env.game.legal_actions(state, seat)))
        obs, info = env.reset(seed=0)
        kernel = Kernel(options, opponent, values, reward=reward, agent=me)
        potential = kernel.margin(me)
        if kernel.over:  # decided before the agent was asked: every action marked, then the result
            assert info["action_mask"].all() and np.array_equal(obs, kernel.seen(me, False))
            _, r, term, _, _ = env.step(0)
            assert term and r == kernel.end_reward(me)
            continue
        while True:
            seat, kobs, kmask = kernel.question()
            assert (seat, kernel.used) == (me, dice.pos)
            assert np.array_equal(kmask, info["action_mask"])
            assert np.array_equal(kobs, obs)
            questions += 1
            action = int(rng.choice(np.flatnonzero(kmask)))
            verbs.add(env.encoding.actions[action].split(":")[0])
            obs, r, term, trunc, info = env.step(action)
            kernel.answer(action)
            assert kernel.over == term and not trunc
            expected = kernel.end_reward(me) if term else 0.0
            if reward == "shaped":
                expected += V.DRAW_WEIGHT * (kernel.margin(me) - potential)
                potential = kernel.margin(me)
            assert r == expected
            if term:
                assert kernel.used == dice.pos and np.array_equal(kernel.seen(me, False), obs)  # final_obs
                break
    return questions, verbs


OPTION_SETS = [
    ({"max_rounds": 6}, "random"),
    ({"map": "pillars", "level": 9, "max_rounds": 5}, "heuristic"),
    ({"custom1": "wizard,cleric,jeff", "custom2": "vex,ada,hild", "level": 7, "max_rounds": 5,
      "shooting_into_melee": True}, "random"),
    ({"party1": "duo", "party2": "wardens", "map": "bridge", "level": 9, "max_rounds": 5, "flat_footed": False,
      "two_weapon_penalty": "both_attacks", "prone_damage": "melee"}, "heuristic"),
]


@pytest.mark.parametrize("options,opponent", OPTION_SETS,
                         ids=lambda v: v if isinstance(v, str) else ",".join(f"{k}={x}" for k, x in v.items()))
def test_vector_env_agrees_with_gym_env_on_a_tape(monkeypatch, options, opponent):
    """Issue 39, vector environment for Tactics: the same dice and the same agent decisions give the same
    questions, observations, masks, rewards (a draw at the round limit pays half the margin) and ends
    in the compiled battles and in ``gym_env("tactics", seat=0)``, against random and heuristic
    opponents, over parties, maps, levels and the options the kernel plays."""
    questions, verbs = _against_gym_env(monkeypatch, options, opponent, games=2, seed=len(options))
    assert questions > 20 and {"move", "end_turn"} <= verbs


def test_the_second_side_agrees_with_gym_env(monkeypatch):
    """Issue 39: ``seat=1`` asks the second party's questions, seen from its side (its characters first
    in the observation, its own action numbers), as ``gym_env("tactics", seat=1)``."""
    questions, _ = _against_gym_env(monkeypatch, {"party2": "wardens", "max_rounds": 4}, "heuristic", 2, 6, me=1)
    assert questions > 10


def test_shaped_and_result_rewards_agree(monkeypatch):
    """Issue 39: ``reward="shaped"`` (the change of the margin after every step) and ``"result"`` pay what
    ``gym_env`` pays."""
    _against_gym_env(monkeypatch, {"party1": "steve", "party2": "steve", "max_rounds": 4}, "random", 2, 3, "shaped")
    _against_gym_env(monkeypatch, {"party1": "steve", "party2": "steve", "max_rounds": 4}, "random", 1, 4, "result")


def test_self_play_agrees_with_the_engine_on_a_tape():
    """Issue 39, self-play: both sides' questions come in the engine's order, each seen by the side asked
    (the encoding's observation and mask for seat 1 as for seat 0), attacks of opportunity included."""
    options = {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "max_rounds": 4}
    game = make_game("tactics", options)
    enc = TacticsEncoding(game)
    rng = np.random.default_rng(8)
    seats, verbs = set(), set()
    for _ in range(2):
        values = rng.integers(0, 2**31, 60_000)
        dice, kernel = TapeDice(values), Kernel(options, "random", values, selfplay=True)
        state = game.initial_state()
        while True:
            state, node = advance(game, enc, state, dice, True)
            if isinstance(node, Terminal):
                assert kernel.over and kernel.used == dice.pos
                assert np.array_equal(kernel.seen(1, False), enc.observe(state, 1))
                break
            seat, obs, mask = kernel.question()
            assert (seat, kernel.used) == (node.seats[0], dice.pos)
            assert np.array_equal(mask, enc.action_mask(state, seat))
            assert np.array_equal(obs, enc.observe(state, seat))
            seats.add(seat)
            action = int(rng.choice(np.flatnonzero(mask)))
            verbs.add(enc.actions[action].split(":")[0])
            state = game.apply_action(state, seat, enc.decode(state, seat, action))
            kernel.answer(action)
    assert seats == {0, 1} and {"aoo", "pass"} & verbs


def test_gymnasium_checks_hold():
    """Gymnasium's checks, where they apply to a vector env: spaces (limits, observations inside them,
    no warnings), reset and step deterministic for a seed, returned data never shared."""
    env = vector_env("tactics", num_envs=16, opponent="random", max_rounds=4)
    check_space_limit(env.single_observation_space, "observation")
    n = env.single_action_space.n
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        obs, info = env.reset(seed=4)
        check_obs(obs, env.observation_space, "reset")
        assert obs.shape == (16, 160) and info["action_mask"].shape == (16, n) and info["action_mask"].dtype == np.int8
        action = np.argmax(info["action_mask"], axis=1)
        step1 = env.step(action)
        check_obs(step1[0], env.observation_space, "step")
    obs2, info2 = env.reset(seed=4)
    assert data_equivalence(obs, obs2, exact=True) and data_equivalence(info, info2, exact=True)
    step2 = env.step(action)
    assert all(data_equivalence(a, b, exact=True) for a, b in zip(step1, step2))
    assert not data_shares_objects(step1[0], step2[0]) and not data_shares_objects(step1[4], step2[4])
    assert not data_shares_objects(obs2, step2[0])
    assert env.action_space.shape == (16,) and n == TacticsEncoding(env.game).num_actions


def test_ends_cut_offs_and_illegal_actions():
    """Same-step resets with ``SyncVectorEnv``'s infos: an illegal action loses (-1) and the next battle's
    question comes back at once; a battle cut off after ``max_decisions`` has its open question (a
    decision flag, two or more legal actions) in ``final_obs`` and ``final_info``; a battle that ends
    has its field with nothing asked and no legal action; every reward is +1, -1, or half the margin."""
    env = vector_env("tactics", num_envs=64, opponent="heuristic", max_rounds=3, max_decisions=12)
    obs, info = env.reset(seed=2)
    illegal = np.argmin(info["action_mask"], axis=1)
    obs, reward, term, trunc, info = env.step(illegal)
    assert term.all() and (reward == -1).all() and not trunc.any() and info["action_mask"].sum(axis=1).min() >= 2
    first = TacticsEncoding(env.game).observation_labels.index("deciding a turn")
    flags = slice(first, first + 2)  # deciding a turn, deciding an attack of opportunity
    rng = np.random.default_rng(0)
    cut = ended = 0
    kept = []  # final observations handed out: later steps never change them
    for _ in range(30):
        m = info["action_mask"]
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        done = term | trunc
        assert obs[:, flags].sum(axis=1).min() == 1
        if not done.any():
            continue
        assert np.array_equal(info["_final_obs"], done) and np.array_equal(info["final_info"]["_action_mask"], done)
        kept += [(row, row.copy()) for row in info["final_obs"][done][:2]]
        for g in np.flatnonzero(done):
            last, last_mask = info["final_obs"][g], info["final_info"]["action_mask"][g]
            if trunc[g]:
                cut += 1
                assert last_mask.sum() >= 2 and last[flags].sum() == 1 and abs(reward[g]) <= 0.5
            else:
                ended += 1
                assert not last_mask.any() and last[flags].sum() == 0 and (abs(reward[g]) == 1 or abs(reward[g]) <= 0.5)
    assert cut > 20 and ended > 0 and all(np.array_equal(row, copy) for row, copy in kept)
    with pytest.raises(ValueError):
        env.step(np.full(64, env.single_action_space.n))
    with pytest.raises(ValueError):
        vector_env("tactics", num_envs=4, opponent="genius")
    with pytest.raises(ValueError, match="cover"):
        vector_env("tactics", num_envs=4, cover=True)


def test_self_play_reports_seats_and_winners():
    """Self-play: both sides are asked, and each ended battle names its winner (-1 a draw); the reward is
    +1 exactly when the side that decided won, -1 when it lost."""
    env = vector_env("tactics", num_envs=32, opponent="self", party1="steve", party2="steve", max_rounds=3,
                     reward="result")
    obs, info = env.reset(seed=9)
    rng = np.random.default_rng(1)
    seen, ended = set(), 0
    for _ in range(60):
        seats = info["seat"].copy()
        seen.update(seats.tolist())
        m = info["action_mask"]
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        w = info["winner"]
        assert (reward[term] == np.where(w[term] < 0, 0.0, np.where(w[term] == seats[term], 1.0, -1.0))).all()
        assert (reward[~term] == 0).all()
        ended += int(term.sum())
    assert seen == {0, 1} and ended > 10


def test_make_vec_and_render():
    """``gym.make_vec("brawl/Tactics-v0", vectorization_mode="vector_entry_point")`` builds it, and
    ``render_mode="ansi"`` gives a line per battle."""
    import gymnasium as gym

    import brawl.rl  # noqa: F401

    env = gym.make_vec("brawl/Tactics-v0", num_envs=3, vectorization_mode="vector_entry_point", party2="wardens",
                       render_mode="ansi")
    assert isinstance(env.unwrapped, V.TacticsVectorEnv)
    env.reset(seed=0)
    frames = env.render()
    assert len(frames) == 3 and all(f.startswith(f"battle {g}: ") and "asks Heroes" in f for g, f in enumerate(frames))
    other = vector_env("tactics", num_envs=2, seat=1, party2="wardens", render_mode="ansi")
    other.reset(seed=0)
    assert all("asks Wardens" in f for f in other.render())


def test_a_changed_source_drops_the_agent_kernels_compiled_files(tmp_path, monkeypatch):
    """Issue 39 (the compiled cache is kept, and never stale): Numba's cache checks a function's own file
    only, so when a source of the agent's kernel or of the batch kernel under it changes, the agent
    kernel's compiled files are dropped (and kept otherwise; others' files are left alone)."""
    monkeypatch.setattr(B._play_chunk._cache, "_cache_path", str(tmp_path))
    (tmp_path / "batch_agent.play_on-1.py311.nbi").write_text("old")
    (tmp_path / "batch_agent_step.step_all-2.py311.nbc").write_text("old")
    (tmp_path / "vector_other.f-1.py311.nbi").write_text("not ours")
    (tmp_path / "tactics-agent.digest").write_text("a digest of other sources")
    V._drop_stale_cache()
    assert not (tmp_path / "batch_agent.play_on-1.py311.nbi").exists()
    assert not (tmp_path / "batch_agent_step.step_all-2.py311.nbc").exists()
    assert (tmp_path / "vector_other.f-1.py311.nbi").exists()
    (tmp_path / "batch_agent.play_on-3.py311.nbi").write_text("new")
    V._drop_stale_cache()
    assert (tmp_path / "batch_agent.play_on-3.py311.nbi").exists()


def test_a_first_call_that_compiles_says_so(capsys, tmp_path):
    """Issue 39 (a first call that compiles says so): a step neither compiled in the process nor in
    Numba's cache is announced on stderr; a compiled one, or one in the cache, is not."""
    class Cache:
        class _cache_file:
            _index_path = str(tmp_path / "step.nbi")

    class Kernel:
        signatures: list = []
        _cache = Cache()

    V._announce(Kernel())
    assert "compiling the Tactics vector environment" in capsys.readouterr().err
    (tmp_path / "step.nbi").write_text("")
    V._announce(Kernel())
    Kernel.signatures = ["compiled"]
    (tmp_path / "step.nbi").unlink()
    V._announce(Kernel())
    assert capsys.readouterr().err == ""
