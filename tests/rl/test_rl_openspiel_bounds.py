"""OpenSpiel's algorithms on brawl games: the registered entry of a game says what the game is at its
default options (two-player KtOG is zero-sum), and a tree-walking algorithm runs to completion on a
Krig game bounded as ``brawl/rl/spiel.py`` says (``max_game_length`` and a small position)."""

from __future__ import annotations

from dataclasses import replace

import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score

from brawl.games import make_game
from brawl.rl import openspiel_game
from brawl.rl.spiel import register


def _registered(short_name: str) -> pyspiel.GameType:
    return next(t for t in pyspiel.registered_games() if t.short_name == short_name)


def test_registered_entries_describe_the_default_game():
    """KtOG's default is two players, zero-sum (+1/-1, a cut-off 0/0): its registered entry says so,
    as the loaded default game does; with more players the loaded game is general-sum."""
    register("ktog")
    entry = _registered("python_brawl_ktog")
    assert entry.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert entry.max_num_players == 8 and entry.min_num_players == 2
    assert pyspiel.load_game("python_brawl_ktog").get_type().utility == entry.utility
    assert openspiel_game("ktog", players=3).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    register("krig")
    assert _registered("python_brawl_krig").utility == pyspiel.GameType.Utility.ZERO_SUM


def _small_krig(max_game_length: int):
    krig = make_game("krig", hp=1)
    turn = replace(krig.initial_state(), phase="turn", to_act=0)
    return openspiel_game("krig", hp=1, start=turn, max_game_length=max_game_length)


def _histories(state) -> int:
    if state.is_terminal():
        return 1
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    return 1 + sum(_histories(state.child(a)) for a in actions)


def test_tree_walks_finish_on_a_bounded_krig_game():
    """Krig from Sun's turn at one hit point each, cut off after 4 moves: the tree is finite (the
    number the module docstring gives for 3 moves), every history ends by the bound, CFR runs its
    iterations and the values of its average policy are zero-sum and within the returns."""
    assert _histories(_small_krig(3).new_initial_state()) == 128
    game = _small_krig(4)
    assert game.max_game_length() == 4

    def deepest(state, depth=0):
        if state.is_terminal():
            return depth
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        return max(deepest(state.child(a), depth + 1) for a in actions)

    assert deepest(game.new_initial_state()) == 4
    solver = cfr.CFRSolver(game)
    for _ in range(3):
        solver.evaluate_and_update_policy()
    values = expected_game_score.policy_value(game.new_initial_state(), [solver.average_policy()] * 2)
    assert values[0] + values[1] == pytest.approx(0.0)
    assert -1.0 <= values[0] <= 1.0
    uniform = expected_game_score.policy_value(game.new_initial_state(), [policy.UniformRandomPolicy(game)] * 2)
    assert uniform[0] + uniform[1] == pytest.approx(0.0)
