"""The vectorised KtOG environment (brawl/games/ktog/vector.py) plays the rules' game: on a tape of
dice it agrees with the engine (brawl/games/ktog/rules.py) decision by decision, observation, mask,
reward and game end included; Gymnasium's checks hold for its spaces and data; a random agent wins
its fair share against random opponents."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_space_limit, data_equivalence
from gymnasium.utils.passive_env_checker import check_obs, data_shares_objects

from brawl.bots import make_bot
from brawl.core.game import Chance, OptionsError, Terminal
from brawl.games import make_game
from brawl.games.ktog import vector as V
from brawl.games.ktog.batch import _setup
from brawl.games.ktog.batch_swing import AGENT, AGENT_WIDTH, ASKED_SEAT, ASKS, LOG_WIDTH, NROWS
from brawl.rl import encoding_for, vector_env
from brawl.sim.kernel import new_tape


class Kernel:
    """One game of the vectorised environment's compiled code, on a tape of dice."""

    def __init__(self, options: dict, opponent: str, values) -> None:
        n = options.get("players", 2)
        _, self.o, self.pols, self.tabs = _setup(options, ["brute" if opponent == "self" else opponent] * n)
        self.selfplay = opponent == "self"
        if self.selfplay:
            self.pols[:] = AGENT
        self.pols[0] = AGENT
        self.tape = new_tape(values, LOG_WIDTH, rows=20_000)
        self.S = np.zeros((1, V.NS), np.int64)
        self.P0 = np.zeros((1, NROWS, n), np.int64)
        self.seg = np.zeros(1, np.uint64)
        self.A = np.zeros((1, AGENT_WIDTH), np.int64)
        self.mask = np.zeros((1, V.ACTIONS), np.int8)
        self.obs = np.zeros((1, V.OBS), np.float32)
        self.P = np.zeros((NROWS, n), np.int64)
        self.kinds = np.zeros(4 * n + 4, np.int64)
        self.targets = np.zeros(4 * n + 4, np.int64)
        self.work = (self.kinds, self.targets, np.zeros(n, np.int64), np.zeros(n, np.int64),
                     np.zeros(LOG_WIDTH, np.int64), np.zeros(V.K.NA), self.A[0])
        self._args = (self.o, self.pols, self.tabs, self.P, self.work, self.S, self.P0, self.seg)
        V._new_game(self.tape, *self._args, 0, self.selfplay)

    @property
    def over(self) -> bool:
        return bool(self.S[0, V.OVER])

    @property
    def used(self) -> int:
        return int(self.tape[1][0])

    def question(self):
        """(seat asked, kind of question, observation, mask) where the game is paused."""
        V._write(0, self.o, self.P, self.S, self.A[0], self.obs, self.mask, self.kinds, self.targets)
        return int(self.A[0, ASKED_SEAT]), ASKS[self.A[0, V.ASKED]], self.obs[0].copy(), self.mask[0].copy()

    def final(self, seat: int) -> np.ndarray:
        """The observation of the ended game seen by ``seat`` (what ``final_obs`` holds)."""
        V._write_final(0, self.o, self.P, self.S, self.obs, seat)
        return self.obs[0].copy()

    def answer(self, action: int):
        _, reward, over = V._answer(self.tape, *self._args, self.mask, 0, action, self.selfplay)
        return reward, over


def _take_chance(game, state, node, values, pos):
    """A chance node read from the tape as the compiled game reads it (one value a die)."""
    event = node.event
    if len(set(event.probabilities)) == 1:
        return game.apply_chance(state, event.outcomes[int(values[pos]) % len(event.outcomes)]), pos + 1
    count, sides = (int(x) for x in event.name.split("d"))  # 2d6 on a critical hit
    total = sum(int(values[pos + i]) % sides + 1 for i in range(count))
    return game.apply_chance(state, total), pos + count


def _agree(options: dict, opponent: str, games: int, seed: int) -> set:
    """Play ``games`` games on tapes in the kernel and the engine, a random agent answering; every
    question must be the same (seat, observation, mask, dice used), then the results.  Returns the
    kinds of question seen."""
    game = make_game("ktog", options)
    enc = encoding_for(game)
    n = game.num_players
    brute = make_bot("ktog", "brute", seed=0, game=game)
    rng = np.random.default_rng(seed)
    asked, answers = set(), 0
    for _ in range(games):
        values = rng.integers(0, 1 << 20, 30_000)
        kernel = Kernel(options, opponent, values)
        state, pos = game.initial_state(), 0
        result = None
        while True:
            node = game.node(state)
            if isinstance(node, Chance):
                state, pos = _take_chance(game, state, node, values, pos)
                continue
            if isinstance(node, Terminal):
                break
            seat = node.seats[0]
            if seat == 0 or opponent == "self":
                legal = enc.legal_indices(state, seat)
                if len(legal) == 1:  # forced: the kernel plays it for the agent
                    state = game.apply_action(state, seat, enc.decode(state, seat, legal[0]))
                    continue
                assert result is None and not kernel.over, "the kernel ended a game the engine goes on with"
                who, kind, obs, mask = kernel.question()
                assert (who, kernel.used) == (seat, pos)
                assert kind == state.phase
                assert np.array_equal(mask, enc.action_mask(state, seat))
                assert np.array_equal(obs, enc.observe(state, seat))
                asked.add(kind)
                choice = int(rng.choice(legal))
                reward, over = kernel.answer(choice)
                state = game.apply_action(state, seat, enc.decode(state, seat, choice))
                answers += 1
                if over:
                    result = (seat, reward)
                continue
            legal = game.legal_actions(state, seat)
            if opponent == "brute":
                action = brute.choose(game, state, seat)
            elif len(legal) > 1:
                action = legal[int(values[pos]) % len(legal)]
                pos += 1
            else:
                action = legal[0]
            state = game.apply_action(state, seat, action)
        winner = game.winners(state)[0]
        assert kernel.over
        if result is None:  # over before the agent was first asked: the environment shows its end
            assert np.array_equal(kernel.final(0), enc.observe(state, 0))
            continue
        seat, reward = result
        assert reward == (1.0 if winner == seat else -1.0)
        if kernel.S[0, V.WINNER] >= 0:
            assert kernel.S[0, V.WINNER] == winner and kernel.used == pos
            assert np.array_equal(kernel.final(seat), enc.observe(state, seat))  # final_obs
        else:  # the agent fell in a game of three or more: it ends there for it
            assert opponent != "self" and n > 2 and not state.up[0] and winner != 0
    assert answers > 5 * games
    return asked


OPTION_SETS = [
    ({"hp": 8}, "brute"),
    ({"hp": 8}, "random"),
    ({"classes": True, "hp": 8}, "random"),
    ({"players": 3, "hp": 8}, "random"),
    ({"players": 4, "hp": 8, "initiative": "every_round", "stand_at_zero": True, "fumble_flying": True,
      "cure_touch_roll": True, "cure_cap": False, "to_hit": 12}, "random"),
    ({"players": 3, "classes": True, "hp": 6, "initiative_die": "d10"}, "brute"),
]


@pytest.mark.parametrize("options,opponent", OPTION_SETS,
                         ids=lambda v: v if isinstance(v, str) else ",".join(f"{k}={x}" for k, x in v.items()))
def test_vector_env_agrees_with_the_engine_on_a_tape(options, opponent):
    """Rules page, KtOG (every rule the kernel plays: Turn, After a hit, Critical miss, Disarmed, Spells,
    Cure, Round and Initiative; KtOG core rules 1-5, More rules, FAQ): the same dice and the same
    agent decisions give the same questions, observations, masks, rewards and game ends in the
    vectorised environment and the engine, against brute or random opponents."""
    asked = _agree(options, opponent, games=12, seed=len(options) + len(opponent))
    assert {"turn", "mighty?"} <= asked


def test_every_question_is_checked():
    """Rules page, KtOG, Spells (Dodge and Mighty Blow windows, Haste and Bless swings) and the KtOG rule text
    rule 3 (classes): the tapes reach every kind of question the agent is asked."""
    asked = _agree({"players": 3, "classes": True, "hp": 10}, "random", games=10, seed=5)
    assert asked == set(ASKS)


def test_self_play_agrees_with_the_engine_on_a_tape():
    """Rules page, KtOG (every rule), self-play: every seat's questions come in the engine's order, each
    seen from the seat asked, and the reward is that of the seat that answered."""
    asked = _agree({"players": 3, "hp": 8}, "self", games=8, seed=11)
    assert {"turn", "dodge?", "mighty?"} <= asked


def test_gymnasium_checks_hold():
    """Gymnasium's checks, where they apply to a vector env: spaces (limits, observations inside them,
    no warnings), reset and step deterministic for a seed, returned data never shared."""
    env = vector_env("ktog", num_envs=64, opponent="random", players=3, hp=6)
    check_space_limit(env.single_observation_space, "observation")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        obs, info = env.reset(seed=4)
        check_obs(obs, env.observation_space, "reset")
        assert obs.shape == (64, V.OBS) and info["action_mask"].shape == (64, V.ACTIONS)
        assert info["action_mask"].dtype == np.int8
        action = np.argmax(info["action_mask"], axis=1)
        step1 = env.step(action)
        check_obs(step1[0], env.observation_space, "step")
    obs2, info2 = env.reset(seed=4)
    assert data_equivalence(obs, obs2, exact=True) and data_equivalence(info, info2, exact=True)
    step2 = env.step(action)
    assert all(data_equivalence(a, b, exact=True) for a, b in zip(step1, step2))
    assert not data_shares_objects(step1[0], step2[0]) and not data_shares_objects(step1[4], step2[4])
    assert not data_shares_objects(obs2, step2[0])
    assert env.single_action_space.n == V.ACTIONS and env.action_space.shape == (64,)


def test_illegal_action_loses_and_a_new_game_starts():
    """Rules page, KtOG (a decision the rules refuse): an action the mask does not allow ends the game as
    a loss (-1) and the next game's first question comes back in the same step."""
    env = vector_env("ktog", num_envs=32, opponent="brute")
    obs, info = env.reset(seed=2)
    illegal = np.argmin(info["action_mask"], axis=1)
    assert (info["action_mask"][np.arange(32), illegal] == 0).all()
    obs, reward, term, trunc, info = env.step(illegal)
    assert term.all() and (reward == -1).all() and not trunc.any()
    assert info["action_mask"].sum(axis=1).min() >= 2
    with pytest.raises(ValueError):
        env.step(np.full(32, V.ACTIONS))
    with pytest.raises(ValueError):
        vector_env("ktog", num_envs=4, opponent="genius")
    with pytest.raises(OptionsError, match="players"):
        vector_env("ktog", num_envs=4, players=9)


@pytest.mark.parametrize("players", [2, 3])
def test_random_agent_wins_its_fair_share(players):
    """Rules page, KtOG (seats are alike once initiative is rolled; KtOG core rule 1): a random agent
    against random opponents wins about 1 in ``players`` games."""
    env = vector_env("ktog", num_envs=512, opponent="random", players=players, hp=6)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    wins = games = 0
    for _ in range(150):
        m = info["action_mask"]
        assert m.sum(axis=1).min() >= 2  # only real decisions are asked
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        assert env.observation_space.contains(obs)
        wins += int((reward[term] > 0).sum())
        games += int(term.sum())
    p = 1 / players
    assert games > 2000
    assert abs(wins / games - p) < 4.5 * (p * (1 - p) / games) ** 0.5


def test_self_play_reports_seats_and_winners():
    """Self-play (rules page, KtOG, Round: seats take turns): every seat is asked in turn and each ended
    game names its winner; the reward is +1 exactly when the seat that answered is the winner."""
    env = vector_env("ktog", num_envs=128, opponent="self", players=3, hp=5)
    obs, info = env.reset(seed=9)
    rng = np.random.default_rng(1)
    seen, ended = set(), 0
    for _ in range(200):
        seats = info["seat"].copy()
        seen.update(seats.tolist())
        m = info["action_mask"]
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        w = info["winner"]
        assert ((w >= 0) == term).all()
        assert (reward[term] == np.where(w[term] == seats[term], 1.0, -1.0)).all()
        assert (reward[~term] == 0).all()
        ended += int(term.sum())
    assert seen == {0, 1, 2} and ended > 100


def test_final_observations_of_ended_and_truncated_games():
    """Same-step autoreset with Gymnasium's ``SyncVectorEnv`` infos: each game that ended or was cut
    off (``max_decisions=3``) has its last observation in ``final_obs`` (None elsewhere) and its last
    mask in ``final_info``: a cut-off game's question still open (two or more legal actions, a
    decision flag set), an ended game's table with nothing asked and no legal action."""
    env = vector_env("ktog", num_envs=256, opponent="random", players=3, hp=6, max_decisions=3)
    _, info = env.reset(seed=6)
    rng = np.random.default_rng(2)
    cut = ended = 0
    flags = slice(16 * 8, 16 * 8 + 5)  # the decision phases
    for _ in range(12):
        m = info["action_mask"]
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        done = term | trunc
        if not done.any():
            continue
        assert np.array_equal(info["_final_obs"], done) and np.array_equal(info["_final_info"], done)
        assert np.array_equal(info["final_info"]["_action_mask"], done)
        for g in range(env.num_envs):
            last, last_mask = info["final_obs"][g], info["final_info"]["action_mask"][g]
            if not done[g]:
                assert last is None
            elif trunc[g]:
                cut += 1
                assert reward[g] == 0 and last_mask.sum() >= 2 and last[flags].sum() == 1
            else:
                ended += 1
                assert last.shape == (V.OBS,) and not last_mask.any() and last[flags].sum() == 0
    assert cut > 100 and ended > 10


def test_games_decided_before_the_first_question_are_reported():
    """At one hit point against ``brute`` a few games end before the agent is asked anything (the
    opponent knocks it out, or falls on its own critical miss); the scalar environment reports them
    (every action marked, then the result).  The vector environment shows them the same way and the
    next step ends them with the result: +1 exactly when the agent is still up in ``final_obs``."""
    env = vector_env("ktog", num_envs=4096, opponent="brute", hp=1)
    _, info = env.reset(seed=8)
    shown = 0
    for _ in range(20):
        m = info["action_mask"]
        early = m.all(axis=1)
        shown += int(early.sum())
        _, reward, term, _, info = env.step(np.argmax(m, axis=1))
        assert term[early].all()
        for g in np.flatnonzero(early):
            up = info["final_obs"][g][1]  # my "conscious" entry
            assert reward[g] == (1.0 if up else -1.0)
            assert not up or info["final_obs"][g][16 + 1] == 0  # then the opponent is out
    assert shown > 0


def test_make_vec_and_render():
    import gymnasium as gym

    import brawl.rl  # noqa: F401

    env = gym.make_vec("brawl/Ktog-v0", num_envs=4, vectorization_mode="vector_entry_point", players=3,
                       hp=5, render_mode="ansi")
    assert isinstance(env.unwrapped, V.KtogVectorEnv) and env.unwrapped.players == 3
    env.reset(seed=0)
    frames = env.render()
    assert len(frames) == 4 and all(f.startswith(f"game {g}: Player 1 hp") and "asks" in f
                                    for g, f in enumerate(frames))
