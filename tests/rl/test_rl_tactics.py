"""Tactics through the research interfaces: characters named from the observer's side, attacks
of opportunity asked of the threatening side, every square a move action."""

from __future__ import annotations

import numpy as np
import pytest

from brawl.games import make_game
from brawl.rl import encoding_for, pettingzoo_env
from brawl.games.tactics.encoding import PER_UNIT

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_characters_are_named_from_the_observer():
    game = make_game("tactics")  # heroes against raiders
    enc = encoding_for(game)
    state = game.initial_state()
    i = enc.action_index("attack:foe1")
    assert enc.decode(state, 0, i) == "attack:brok" and enc.decode(state, 1, i) == "attack:steve"
    assert enc.decode(state, 0, enc.action_index("heal:me2")) == "heal:jeff"
    assert enc.decode(state, 1, enc.action_index("move:3,4")) == "move:3,4"
    obs0, obs1 = enc.observe(state, 0), enc.observe(state, 1)
    # my block 0 for seat 0 is Steve; for seat 1 the foes' block 0 is Steve
    assert np.array_equal(obs0[:PER_UNIT], obs1[PER_UNIT * 4:PER_UNIT * 5])


def test_every_square_has_a_move_action():
    for key, (w, h) in {"arena": (12, 8), "bridge": (16, 8)}.items():
        enc = encoding_for(make_game("tactics", map=key))
        assert sum(a.startswith("move:") for a in enc.actions) == w * h


def test_attack_of_opportunity_is_asked_of_the_threatening_side():
    """Tactics rules page, "Attacks of opportunity" (seed: Attacks of Opportunity): when a character provokes, the
    side of each threatening enemy answers aoo or pass."""
    env = pettingzoo_env("tactics", party1="duo", party2="duo", max_rounds=8)
    rng = np.random.default_rng(0)
    asked = 0
    for seed in range(10):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            state = env.state_
            if state.stack and state.stack[-1].kind == "offer":
                top = state.stack[-1]
                assert env.agent_seat[agent] == env.game.sides[top.actor] != env.game.sides[top.target]
                assert env.legal_action_names(agent) == ["aoo", "pass"]
                assert obs["observation"][PER_UNIT * 8 + 1] == 1  # deciding an attack of opportunity
                asked += 1
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if asked >= 3:
            break
    assert asked >= 1
