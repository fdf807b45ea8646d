"""OpenSpiel: the random simulation test for every game, and explicit chance and simultaneous
nodes that are brawl's own."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pyspiel
import pytest

from brawl.core.game import OptionsError
from brawl.games import make_game
from brawl.games.krig.rules import D4, D6, D10
from brawl.rl import encoding_for, openspiel_game

from .helpers import games, small


@pytest.mark.parametrize("game", games())
def test_random_sim_test(game):
    g = openspiel_game(game, **small(game))
    pyspiel.random_sim_test(g, num_sims=8, serialize=False, verbose=False)
    # serialised states (OpenSpiel replays the history) come back to the same positions
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


def test_krig_chance_nodes_are_brawls_events():
    """Rules page Krig 2 and 8: initiative is a d10 for each player; an attack rolls the agility
    d10 and then the attack d6.  OpenSpiel's chance outcomes are those events, exactly."""
    g = openspiel_game("krig", hp=5)
    s = g.new_initial_state()
    assert s.is_chance_node()
    assert s.chance_outcomes() == [(i, float(p)) for i, p in enumerate(D10.probabilities)]
    assert s.action_to_string(pyspiel.PlayerId.CHANCE, 6) == "d10=7"
    s.apply_action(6)  # Sun rolls 7
    s.apply_action(2)  # Moon rolls 3: Sun goes first
    assert s.current_player() == 0
    assert [s.action_to_string(0, a) for a in s.legal_actions()] == ["attack", "defend", "charge"]
    s.apply_action(0)  # attack
    assert s.is_chance_node() and len(s.chance_outcomes()) == 10
    s.apply_action(4)  # agility 5
    assert s.chance_outcomes() == [(i, float(p)) for i, p in enumerate(D6.probabilities)]
    s.apply_action(3)  # attack d6 = 4
    assert s.current_player() == 1  # Moon's reaction
    assert [s.action_to_string(1, a) for a in s.legal_actions()] == ["parry", "take"]
    s.apply_action(3)  # parry
    assert s.chance_outcomes() == [(i, float(p)) for i, p in enumerate(D4.probabilities)]
    s.apply_action(3)  # d4 = 4 >= 4: parried, Moon's turn
    assert s.current_player() == 1 and s.brawl_state.hp == (5, 5)


def test_returns_and_observations_are_brawls():
    g = openspiel_game("krig", hp=2)
    brawl, enc = make_game("krig", hp=2), encoding_for(make_game("krig", hp=2))
    rng = np.random.default_rng(0)
    for _ in range(20):
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            p = s.current_player()
            assert np.array_equal(np.asarray(s.observation_tensor(p), np.float32), enc.observe(s.brawl_state, p))
            s.apply_action(int(rng.choice(s.legal_actions())))
        assert s.returns() == brawl.returns(s.brawl_state)
        assert sorted(s.returns()) == [-1.0, 1.0]


def test_rps_simultaneous_nodes():
    """rps: both seats choose at once; the joint action reveals a round (rock beats scissors)."""
    g = openspiel_game("rps")
    assert g.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    s = g.new_initial_state()
    assert s.is_simultaneous_node()
    assert s.legal_actions(0) == s.legal_actions(1) == [0, 1, 2]
    s.apply_actions([0, 2])  # rock against scissors
    s.apply_actions([0, 0])  # a tie
    assert s.brawl_state.wins == (1, 0) and not s.is_terminal()
    s.apply_actions([1, 0])  # paper beats rock
    assert s.returns() == [1.0, -1.0] and s.is_terminal()


def test_cut_off_after_max_game_length():
    g = openspiel_game("krig", hp=20, max_game_length=12)
    s = g.new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0] if not s.is_chance_node() else 4)
    assert s.history().__len__() == 12 and s.returns() == [0.0, 0.0]


def test_parameters():
    g = openspiel_game("krig", hp=4, edition="article")
    assert g.get_parameters()["hp"] == 4 and g.get_parameters()["edition"] == "article"
    assert pyspiel.load_game("python_brawl_krig", {"hp": 3}).new_initial_state().brawl_state.hp == (3, 3)
    with pytest.raises(ValueError, match="unknown parameters"):
        openspiel_game("krig", armour=2)
    with pytest.raises(OptionsError):
        openspiel_game("krig", hp=50)
    start = replace(make_game("krig", hp=4).initial_state(), phase="turn", to_act=1)
    s = openspiel_game("krig", hp=4, start=make_game("krig", hp=4).dumps(start)).new_initial_state()
    assert s.current_player() == 1


def test_ktog_two_and_eight_players():
    """KtOG is general-sum for OpenSpiel (more than two players can be at the table), with the
    d100 stand roll the largest chance event."""
    for n in (2, 8):
        g = openspiel_game("ktog", players=n, hp=4, stand_at_zero=True, classes=True)
        assert g.num_players() == n and g.max_chance_outcomes() == 100
        assert g.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
        pyspiel.random_sim_test(g, num_sims=3, serialize=False, verbose=False)
