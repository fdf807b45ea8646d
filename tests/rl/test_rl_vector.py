"""The vectorised Krig environment (brawl/games/krig/vector.py) plays the rules' game: on a tape of
dice it agrees with the engine (brawl/games/krig/rules.py) decision by decision, observation and
mask included; Gymnasium's vector spaces hold; the result against random is even."""

from __future__ import annotations

import numpy as np
import pytest

from brawl.bots import make_bot
from brawl.core.game import Chance, Terminal
from brawl.games import make_game
from brawl.games.krig import vector as V
from brawl.rl import encoding_for, vector_env
from brawl.sim.kernel import new_tape


@pytest.mark.parametrize("edition,opponent", [("author", "attacker"), ("article", "attacker"),
                                              ("author", "heuristic"), ("article", "heuristic"), ("author", "self")])
def test_vector_env_agrees_with_the_engine_on_a_tape(edition, opponent):
    """Rules page, Krig (every rule the kernel plays): the same dice and the same agent decisions give
    the same observations, masks and results in the kernel and the engine, against the attacker
    (always attack, never parry), the heuristic bot (``brawl/games/krig/bots.py``), and in self-play
    (the caller decides for both seats, each seeing its own view).  A game the opponent wins before
    the agent's first decision is kept and reported by the next step, and the last observation of
    every game (``final_obs``) is the engine's terminal position seen by the seat that acted."""
    hp = 3 if opponent == "attacker" else 6
    game = make_game("krig", hp=hp, edition=edition)
    enc = encoding_for(game)
    article = edition == "article"
    opp = V.OPPONENTS[opponent]
    bot = None if opponent == "self" else make_bot("krig", opponent, seed=0, game=game)
    rng = np.random.default_rng(7)
    decisions = games = early = 0
    for _ in range(60):
        values = rng.integers(0, 1 << 20, 4000)
        tape = new_tape(values, 9, rows=1)
        st = np.zeros((1, 10), np.int64)
        obs = np.zeros((1, V.OBS), np.float32)
        mask = np.zeros((1, V.ACTIONS), np.int8)
        V._reset_one(tape, 0, st, hp, article, opp)
        state, pos, asked, last_seat = game.initial_state(), 0, 0, 0
        over = st[0, 7] == V.OVER
        while True:
            node = game.node(state)
            if isinstance(node, Chance):
                state = game._apply_chance(state, node.event.outcomes[int(values[pos]) % len(node.event.outcomes)])
                pos += 1
                continue
            if isinstance(node, Terminal):
                break
            seat = node.seats[0]
            legal = enc.legal_indices(state, seat)
            if seat == 1 and bot is not None:
                state = game.apply_action(state, 1, bot.choose(game, state, 1))
                continue
            if len(legal) == 1:  # forced: the kernel plays it for the agent
                state = game.apply_action(state, seat, enc.decode(state, seat, legal[0]))
                continue
            assert not over, "the kernel ended a game the engine goes on with"
            assert V._asked(st, 0) == seat
            V._write(0, st, obs, mask, article, seat)
            assert tape[1][0] == pos  # the same dice read so far
            assert np.array_equal(mask[0], enc.action_mask(state, seat))
            assert np.array_equal(obs[0], enc.observe(state, seat))
            choice = int(rng.choice(legal))
            _, reward, over = V._step_one(tape, 0, st, choice, article, opp)
            state = game.apply_action(state, seat, enc.decode(state, seat, choice))
            decisions += 1
            asked += 1
            last_seat = seat
        winner = game.winners(state)[0]
        if asked == 0:  # decided before the agent's first decision: the next step reports it
            early += 1
            assert st[0, 7] == V.DECIDED and st[0, 9] == winner == 1
            V._write(0, st, obs, mask, article, 0)
            assert mask[0].all() and np.array_equal(obs[0], enc.observe(state, 0))
            _, reward, over = V._step_one(tape, 0, st, 0, article, opp)
            assert over and reward == -1.0
        else:
            assert over and reward == (1.0 if winner == last_seat else -1.0)
        assert st[0, 7] == V.OVER and st[0, 9] == winner and tape[1][0] == pos
        V._write(0, st, obs, mask, article, last_seat)  # what final_obs holds
        assert np.array_equal(obs[0], enc.observe(state, last_seat)) and not mask[0].any()
        games += 1
    assert games == 60 and decisions > 100
    if opponent == "attacker":
        assert early > 0


def test_vector_env_spaces_and_even_result():
    env = vector_env("krig", num_envs=256, opponent="random", hp=5)
    obs, info = env.reset(seed=3)
    assert obs.shape == (256, V.OBS) and info["action_mask"].shape == (256, V.ACTIONS)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    wins = games = 0
    for _ in range(200):
        m = info["action_mask"]
        assert m.sum(axis=1).min() >= 2  # only real decisions are asked
        obs, reward, term, trunc, info = env.step(np.argmax(m * rng.random(m.shape), axis=1))
        wins += int((reward[term] > 0).sum())
        games += int(term.sum())
    assert games > 1000
    assert abs(wins / games - 0.5) < 4.5 * (0.25 / games) ** 0.5  # random against random is even
    again = vector_env("krig", num_envs=256, opponent="random", hp=5)
    assert np.array_equal(again.reset(seed=3)[0], env.reset(seed=3)[0])
    with pytest.raises(ValueError):
        vector_env("krig", num_envs=4, opponent="genius")
    with pytest.raises(ValueError, match="no vectorised"):
        vector_env("rps")
