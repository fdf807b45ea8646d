"""The exact best response to a bot or a learned agent, and ``explore`` keyed by the encodings'
``state_key`` (issue 40, point 11)."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

from brawl.bots import make_bot
from brawl.games import make_game
from brawl.games.krig.solver import krig_key
from brawl.rl.encodings import encoding_for
from brawl.solve import solve
from brawl.solve.generic import explore, solve_game
from brawl.solve.response import best_response, bot_policy, encoding_policy

MOVES = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}


def rps_best_value(policy: dict, wins_needed: int, max_rounds: int) -> float:
    """Seat 0's best win chance against ``policy`` in rock-paper-scissors, worked out round by round
    from the rules' words alone (a draw counts one half)."""
    @lru_cache(maxsize=None)
    def value(mine: int, theirs: int, played: int) -> float:
        if mine >= wins_needed:
            return 1.0
        if theirs >= wins_needed:
            return 0.0
        if played >= max_rounds:
            return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        best = 0.0
        for a in MOVES:
            total = 0.0
            for b, p in policy.items():
                won = (mine + 1, theirs) if BEATS[a] == b else (mine, theirs + 1) if BEATS[b] == a else (mine, theirs)
                total += p * value(*won, played + 1)
            best = max(best, total)
        return best
    return value(0, 0, 0)


@pytest.mark.parametrize("policy", [{"rock": 1.0}, {"rock": 0.5, "paper": 0.25, "scissors": 0.25},
                                    {"rock": 0.2, "paper": 0.3, "scissors": 0.5}])
@pytest.mark.parametrize("responder", [0, 1])
def test_best_response_to_a_fixed_rock_paper_scissors_policy(policy, responder):
    """Issue 40, point 11: against a fixed mixture the best response's value is the best win chance
    worked out round by round, for either seat; the responder never sees the sealed choice (it
    would win every round)."""
    game = make_game("rps", wins_needed=2, max_rounds=3)
    br = best_response(game, lambda state, seat: policy, responder)
    assert br.responder_value == pytest.approx(rps_best_value(policy, 2, 3), abs=1e-12)
    assert br.responder_value < 1.0 or policy == {"rock": 1.0}


def test_the_random_bot_is_met_as_uniform_and_a_learned_agent_as_its_probabilities():
    """Issue 40, point 11: the random bot is a uniform policy (a best response gets one half at
    rock-paper-scissors, whatever it plays); a learned agent given as action probabilities over
    the encoding's action numbers is measured the same way."""
    game = make_game("rps", wins_needed=2, max_rounds=3)
    assert best_response(game, make_bot("rps", "random", seed=3), 0).responder_value == pytest.approx(0.5, abs=1e-12)
    favours_rock = encoding_policy(game, lambda obs, mask: np.array([0.5, 0.25, 0.25]))
    br = best_response(game, favours_rock, 1)
    assert br.responder_value == pytest.approx(rps_best_value({"rock": 0.5, "paper": 0.25, "scissors": 0.25}, 2, 3))
    one_round = make_game("rps", wins_needed=1, max_rounds=1)
    br = best_response(one_round, lambda state, seat: {"rock": 1.0}, 1)
    assert br.best_action(one_round.initial_state()) == "paper" and br.responder_value == 1.0


@pytest.fixture(scope="module")
def krig_one():
    return make_game("krig", hp=1)


def test_best_response_to_the_optimal_krig_bot_is_the_game_value_everywhere(krig_one):
    """Issue 40, point 11: the optimal bot plays the exact solution, so the best any player can do
    against it is the value of the game, in every position the response reaches (Krig, cycles
    and all)."""
    game = krig_one
    solution = solve("krig", {"hp": 1})
    br = best_response(game, make_bot("krig", "optimal", game=game), 1, key=krig_key)
    compared = 0
    for i, state in enumerate(br.states):
        if i % 7 == 0 and br.kind[i] != 0 and state.phase == "turn":
            assert br.win_probability(state, 1) == pytest.approx(solution.win_probability(state, 1), abs=1e-9)
            compared += 1
    assert compared > 50


def test_a_weak_bot_gives_more_and_the_agent_form_agrees_with_the_bot_form(krig_one):
    """Issue 40, point 11: against the attacker and the random bot the best response takes more
    than the game's one half; the random bot as a bot and as an agent over the encoding (uniform
    over the action mask) are measured alike."""
    game = krig_one
    attacker = best_response(game, make_bot("krig", "attacker", game=game), 0, key=krig_key)
    assert attacker.responder_value > 0.55
    as_bot = best_response(game, make_bot("krig", "random", seed=1, game=game), 1, key=krig_key)
    as_agent = best_response(game, encoding_policy(game, lambda obs, mask: mask.astype(float)), 1, key=krig_key)
    assert as_bot.responder_value == pytest.approx(as_agent.responder_value, abs=1e-12)
    assert 0.5 < as_bot.responder_value < 1.0


def test_a_bot_that_chooses_at_random_is_refused_with_the_reason(krig_one):
    """Issue 40, point 11: a bot whose choice depends on its random generator is not a fixed
    policy; the helper says so instead of measuring one draw of it."""
    class Coin:
        name = "coin"

        def __init__(self):
            self.rng = random.Random(0)

        def choose(self, game, state, seat):
            return self.rng.choice(game.legal_actions(state, seat))

    game = make_game("rps", max_rounds=3)
    with pytest.raises(ValueError, match="chooses at random"):
        best_response(game, Coin(), 0)
    policy = bot_policy(krig_one, make_bot("krig", "heuristic", seed=5))  # decides by the position alone
    state = krig_one.initial_state()
    assert policy is not None and callable(policy) and state is not None


def test_explore_takes_the_encodings_state_key(krig_one):
    """Issue 40, point 11: ``explore`` and ``solve_game`` take the encodings' ``state_key`` (a
    string) as they take a key returning a canonical state; the values agree with Krig's own
    solution in every turn position."""
    game = krig_one
    encoding = encoding_for(game)
    by_string = solve_game(game, encoding.state_key)
    assert all(isinstance(s, game.State) for s in by_string.states)
    assert all(isinstance(k, str) for k in by_string.index)
    solution = solve("krig", {"hp": 1})
    compared = 0
    for state in by_string.states[::5]:
        if state.phase == "turn":
            assert by_string.win_probability(state, 0) == pytest.approx(solution.win_probability(state, 0), abs=1e-9)
            compared += 1
    assert compared > 50
    index, states, *_ = explore(game, encoding.state_key)
    assert len(states) == len(index) == len(by_string.states)
