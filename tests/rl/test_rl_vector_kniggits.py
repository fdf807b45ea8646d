"""The vectorised Kniggits environment (brawl/games/kniggits/vector.py) plays the rules' game and shows
the encoding's view of it: on a tape of draws it agrees with the engine (brawl/games/kniggits/rules.py)
and the research encoding (encoding.py) question by question, observation, mask, draws used, reward
and game end included; Gymnasium's checks hold for its spaces and data.

Issue 39 (Kniggits vector environment)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_space_limit, data_equivalence
from gymnasium.utils.passive_env_checker import check_obs, data_shares_objects

from brawl.bots import make_bot
from brawl.core.game import Terminal
from brawl.games import make_game
from brawl.games.kniggits import vector as V
from brawl.games.kniggits import vector_game as G
from brawl.games.kniggits import vector_view as W
from brawl.games.kniggits.batch import POLICIES, TapeRandom, _known, _record, new_work
from brawl.games.kniggits.batch_game import HEAD, PER
from brawl.games.kniggits.batch_moves import NROWS
from brawl.games.kniggits.encoding import MENU_MOVES
from brawl.rl import encoding_for, vector_env
from brawl.sim.kernel import new_tape


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


class Kernel:
    """One game of the vectorised environment's compiled walk, its bots drawing from a tape."""

    def __init__(self, game, enc, opponent: str, values) -> None:
        self.o, self.g, _ = _record(game)
        self.t = W.tables(enc, game.options.scenario, self.g)
        n = max(1, 2 * int(self.o.army_size.max(initial=1)))
        bots = [opponent if opponent != "self" else "random"] * 2
        self.w = new_work(n, HEAD + PER * n, POLICIES[bots[0]], POLICIES[bots[1]], *_known(bots))
        self.sc = (np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros((n, 3)), np.zeros((n, 4)))
        R = self.t.slots * MENU_MOVES
        self.J = (np.zeros(R, np.bool_), np.zeros((R, 2)), np.zeros((R, 2)), np.zeros(self.t.slots, np.int64))
        self.rows = np.zeros((n, 19))
        self.agent = np.array([True, opponent == "self"])
        self.tape = new_tape(values, HEAD + PER * n, rows=4000)
        self.S = np.zeros(W.NS, np.int64)
        self.F = np.zeros((n, 2), np.int64)
        self.K = np.zeros((NROWS, n), np.int64)
        self.XY = np.zeros((2, n))
        self.mask = np.zeros(enc.num_actions, np.int8)
        self.obs = np.zeros(enc.observation_size, np.float32)
        G.start_game(self.S)
        self._on(G.play_on)

    def _on(self, fn, *extra):
        self.tape[3][0] = 0  # the bots' log is not read here: keep its rows
        fn(self.tape, self.S, self.F, self.K, self.XY, self.o, self.g, self.w, self.t, self.sc, self.J, self.agent,
           self.mask, *extra)

    @property
    def over(self) -> bool:
        return self.S[W.PHASE] == W.OVER_PHASE

    @property
    def used(self) -> int:
        return int(self.tape[1][0])

    def seen_by(self, seat: int) -> np.ndarray:
        W.observe(self.K, self.XY, self.S, self.F, seat, self.o, self.t, self.rows, self.obs)
        return self.obs.copy()

    def answer(self, action: int) -> None:
        self._on(G.answer, action)


def _expected_reward(game, enc, state, seat: int) -> float:
    """``gym_env``'s reward (``margin``) at the end: +1, -1, or half the margin for a draw."""
    winners = game.winners(state)
    if len(winners) == 1:
        return 1.0 if winners[0] == seat else -1.0
    return 0.5 * enc.margin(state, seat)


def _agree(options: dict, opponent: str, games: int, seed: int) -> set:
    """Play ``games`` games on tapes in the kernel and the engine, a random agent answering (it ends
    its moving phase one time in five); every question must be the same (seat, observation, mask,
    draws used), then the end (winner, reward, last observation).  Returns the phases asked."""
    game = make_game("kniggits", options)
    enc = encoding_for(game)
    rng = np.random.default_rng(seed)
    asked, answers = set(), 0
    for _ in range(games):
        values = rng.integers(0, 2**31, 40_000)
        kernel = Kernel(game, enc, opponent, values)
        tape = TapeRandom(values)
        bot = None if opponent == "self" else make_bot("kniggits", opponent, seed=0, game=game)
        if bot is not None:
            bot.rng = tape
        state, last = game.initial_state(), 0
        while not isinstance(game.node(state), Terminal):
            seat = game.node(state).seats[0]
            if seat == 1 and bot is not None:
                state = game.apply_action(state, seat, bot.choose(game, state, seat))
                continue
            legal = enc.legal_indices(state, seat)
            if len(legal) == 1:  # forced: the kernel plays it for the agent
                state = game.apply_action(state, seat, enc.decode(state, seat, legal[0]))
                continue
            assert not kernel.over and kernel.S[W.ASKED] == seat and kernel.used == tape.used
            assert state.phase == W.PHASES[kernel.S[W.PHASE]]
            assert np.array_equal(kernel.mask, enc.action_mask(state, seat))
            assert np.array_equal(kernel.seen_by(seat), enc.observe(state, seat))
            asked.add(state.phase)
            ends = [a for a in legal if enc.actions[a] in ("end_move", "end_turning")]
            others = [a for a in legal if a not in ends]
            choice = int(rng.choice(ends if ends and (not others or rng.random() < 0.2) else others))
            kernel.answer(choice)
            state = game.apply_action(state, seat, enc.decode(state, seat, choice))
            answers += 1
            last = seat
        assert kernel.over and kernel.used == tape.used
        winners = game.winners(state)
        assert kernel.S[W.WINNER] == (winners[0] if len(winners) == 1 else -1)
        assert np.array_equal(kernel.seen_by(last), enc.observe(state, last))  # final_obs
        assert V._end_reward(kernel.K, kernel.S, last) == pytest.approx(_expected_reward(game, enc, state, last))
    assert answers > 10 * games
    return asked


OPTION_SETS = [
    ({}, "random"),
    ({}, "heuristic"),
    ({"terrain": "forest", "disengage": "away"}, "random"),
    ({"points": 120, "table": 48, "turn_limit": 14}, "heuristic"),
    ({"scale": 0.5, "table": 24}, "random"),
    ({"table": 14, "terrain": "open", "turn_limit": 30}, "random"),
]


@pytest.mark.parametrize("options,opponent", OPTION_SETS,
                         ids=lambda v: v if isinstance(v, str) else ",".join(f"{k}={x}" for k, x in v.items()) or "default")
def test_vector_env_agrees_with_the_engine_on_a_tape(options, opponent):
    """Issue 39 (vector environments, Kniggits): rules page, Kniggits (armies, rock-paper-scissors,
    moving, combat rings, facing, turning, fights, fleeing, winning, the turn limit) and the research
    encoding (menu moves, targets by nearness, hands, the observation): the same draws and the same
    agent decisions give the same questions, observations, masks, rewards and game ends in the
    compiled walk and the engine, against the random and the heuristic bots."""
    asked = _agree(options, opponent, games=2, seed=len(options) + 7 * len(opponent))
    assert {"army", "rps", "move", "fight"} <= asked


def test_every_phase_is_asked_and_self_play_agrees():
    """Issue 39: on a small open table every kind of question comes (turning included), and in
    self-play both seats are asked in the engine's order, each seen from its own side."""
    asked = _agree({"table": 14, "terrain": "open", "turn_limit": 24}, "self", games=2, seed=3)
    assert asked == {"army", "rps", "move", "turning", "fight"}


def test_gymnasium_checks_hold():
    """Issue 39: Gymnasium's checks, where they apply to a vector env: spaces (limits, observations
    inside them, no warnings), reset and step deterministic for a seed (actions given as a strided
    view too: the compiled step is called directly), returned data never shared; the spaces are the
    encoding's (``gym_env("kniggits", seat=0)``)."""
    from brawl.rl import gym_env

    env = vector_env("kniggits", num_envs=16, opponent="random", table=24, terrain="open")
    single = gym_env("kniggits", seat=0, table=24, terrain="open")
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space.n == single.action_space.n and env.action_space.shape == (16,)
    check_space_limit(env.single_observation_space, "observation")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        obs, info = env.reset(seed=4)
        check_obs(obs, env.observation_space, "reset")
        assert info["action_mask"].shape == (16, env.actions) and info["action_mask"].dtype == np.int8
        action = np.argmax(info["action_mask"], axis=1)
        step1 = env.step(action)
        check_obs(step1[0], env.observation_space, "step")
    obs2, info2 = env.reset(seed=4)
    assert data_equivalence(obs, obs2, exact=True) and data_equivalence(info, info2, exact=True)
    step2 = env.step(action)
    assert all(data_equivalence(a, b, exact=True) for a, b in zip(step1, step2))
    env.reset(seed=4)
    spaced = np.full(32, env.actions - 1)
    spaced[::2] = action
    step3 = env.step(spaced[::2])  # a strided view: the step reads the actions it shows
    assert all(data_equivalence(a, b, exact=True) for a, b in zip(step1, step3))
    assert not data_shares_objects(step1[0], step2[0]) and not data_shares_objects(step1[4], step2[4])
    assert not data_shares_objects(obs2, step2[0])


def test_games_end_and_reset_in_the_same_step_with_final_observations():
    """Issue 39: same-step autoreset with Gymnasium's ``SyncVectorEnv`` infos: each game that ended
    or was cut off (``max_decisions=14``; the turn limit at 4 ends the others) has its last observation in ``final_obs`` (None elsewhere)
    and its last mask in ``final_info``; a cut-off game's question is still open, an ended game shows
    no phase; an illegal action loses and the next game's first question comes in the same step."""
    env = vector_env("kniggits", num_envs=32, opponent="random", table=14, terrain="open", turn_limit=4,
                     max_decisions=14)
    _, info = env.reset(seed=6)
    rng = np.random.default_rng(2)
    cut = ended = 0
    phase = slice(env.obs_size - 17, env.obs_size - 12)  # the phase's one-hot entries
    for _ in range(40):
        m = info["action_mask"]
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        done = term | trunc
        if not done.any():
            continue
        assert np.array_equal(info["_final_obs"], done) and np.array_equal(info["final_info"]["_action_mask"], done)
        for g in range(env.num_envs):
            last, last_mask = info["final_obs"][g], info["final_info"]["action_mask"][g]
            if not done[g]:
                assert last is None
            elif trunc[g]:
                cut += 1
                assert last_mask.sum() >= 2 and last[phase].sum() == 1 and abs(reward[g]) <= 0.5
            else:
                ended += 1
                assert not last_mask.any() and last[phase].sum() == 0
                assert abs(reward[g]) == 1 or abs(reward[g]) <= 0.5
    assert cut > 10 and ended > 10
    _, info = env.reset(seed=1)
    illegal = np.argmin(info["action_mask"], axis=1)
    obs, reward, term, trunc, info = env.step(illegal)
    assert term.all() and (reward == -1).all() and info["action_mask"].sum(axis=1).min() >= 2
    with pytest.raises(ValueError):
        env.step(np.full(32, env.actions))
    with pytest.raises(ValueError, match="opponent"):
        vector_env("kniggits", num_envs=2, opponent="genius")
    with pytest.raises(ValueError, match="archers"):
        vector_env("kniggits", num_envs=2, archers=True)
    for rule in ("horses", "magic_swords", "double_defense", "two_swords", "potions"):  # the batch kernel plays these
        with pytest.raises(ValueError, match=rule):
            vector_env("kniggits", num_envs=2, **{rule: True})
    for scenario in ("joust", "flag", "princess", "grail"):
        with pytest.raises(ValueError, match=scenario):
            vector_env("kniggits", num_envs=2, scenario=scenario)


def test_self_play_reports_seats_and_winners():
    """Issue 39, self-play: both seats are asked, each ended game names its winner (-1 a draw), and
    the reward is +1 exactly when the seat that answered won."""
    env = vector_env("kniggits", num_envs=16, opponent="self", table=14, terrain="open", turn_limit=20)
    _, info = env.reset(seed=9)
    rng = np.random.default_rng(1)
    seen, ended = set(), 0
    for _ in range(120):
        seats = info["seat"].copy()
        seen.update(seats.tolist())
        m = info["action_mask"]
        _, reward, term, _, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        w = info["winner"]
        assert ((w != V.NOT_ENDED) == term).all()
        won = term & (w >= 0)
        assert (reward[won] == np.where(w[won] == seats[won], 1.0, -1.0)).all()
        assert (reward[~term] == 0).all()
        ended += int(term.sum())
    assert seen == {0, 1} and ended > 5


def test_make_vec_and_render():
    """Issue 39: ``gym.make_vec("brawl/Kniggits-v0", vectorization_mode="vector_entry_point")`` makes it;
    ``render_mode="ansi"`` gives a line per game."""
    import gymnasium as gym

    import brawl.rl  # noqa: F401

    env = gym.make_vec("brawl/Kniggits-v0", num_envs=3, vectorization_mode="vector_entry_point", table=24,
                       render_mode="ansi")
    assert isinstance(env.unwrapped, V.KniggitsVectorEnv)
    env.reset(seed=0)
    frames = env.render()
    assert len(frames) == 3 and all(f.startswith(f"game {g}: ") and "asks Red: army" in f for g, f in enumerate(frames))


def test_stale_compiled_vector_env_is_dropped(monkeypatch, tmp_path):
    """Issue 39 (a compiled cache kept, never stale): the vector environment's compiled files are
    dropped when a source compiled into its step changes (its own modules, the kernel's, the
    encoding's compiled helpers: Numba checks a function's own file only), and kept while none does;
    the kernel's own files are left to their guards."""
    monkeypatch.setattr(V._step_all._cache, "_cache_path", str(tmp_path))
    for name in ("vector._step_all-1.py311.nbi", "vector_view.judge-2.py311.nbc", "vector_game.play_on-3.py311.nbi",
                 "batch_game.play_game-4.py311.nbi"):
        (tmp_path / name).write_text("old")
    (tmp_path / "kniggits-vector.digest").write_text("a digest of other sources")
    V._drop_stale_cache()
    assert sorted(p.name for p in tmp_path.glob("*.nb?")) == ["batch_game.play_game-4.py311.nbi"]
    (tmp_path / "vector._step_all-5.py311.nbi").write_text("new")
    V._drop_stale_cache()
    assert (tmp_path / "vector._step_all-5.py311.nbi").exists()
