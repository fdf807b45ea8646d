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


def test_ktog_game_type_follows_the_player_count():
    """KtOG with two players is zero-sum (+1/-1, a cut-off 0/0), so OpenSpiel's two-player
    algorithms accept it; with more players one winner gives 2 - n in total and a cut-off 0, so it
    is general-sum.  The d100 stand roll is the largest chance event."""
    for n, utility in ((2, pyspiel.GameType.Utility.ZERO_SUM), (3, pyspiel.GameType.Utility.GENERAL_SUM),
                       (8, pyspiel.GameType.Utility.GENERAL_SUM)):
        g = openspiel_game("ktog", players=n, hp=4, stand_at_zero=True, classes=True)
        assert g.num_players() == n and g.max_chance_outcomes() == 100
        assert g.get_type().utility == utility
        assert (g.utility_sum() == 0.0) == (n == 2)
        pyspiel.random_sim_test(g, num_sims=2, serialize=n == 2, verbose=False)


def test_game_strings_with_commas_round_trip():
    """A string option holding commas (a custom Tactics party, a serialised starting position) is
    escaped in the game string, so OpenSpiel parses its own string back (issue 15, point 1)."""
    party = "fighter:Ann,rogue:Bo"
    start = replace(make_game("krig", hp=4).initial_state(), phase="turn", to_act=1, hp=(3, 4))
    games = [openspiel_game("krig", hp=4, start=start),
             openspiel_game("krig", hp=4, start=make_game("krig", hp=4).dumps(start))]
    try:
        make_game("tactics", custom1=party)
        games.append(openspiel_game("tactics", custom1=party, party2="duo", max_rounds=2))
    except OptionsError:  # the party syntax is the rules' business; the commas are what is tested
        pass
    for g in games:
        again = pyspiel.load_game(str(g))
        assert again.get_parameters() == g.get_parameters()
        pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)
    krig = pyspiel.load_game(str(games[0]))
    assert krig.new_initial_state().brawl_state.hp == (3, 4)
    state = games[0].new_initial_state()
    state.apply_action(0)
    text = pyspiel.serialize_game_and_state(games[0], state)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert s2.brawl_state == state.brawl_state and str(g2) == str(games[0])
    if len(games) == 3:
        assert games[2].new_initial_state().brawl_state is not None
        assert pyspiel.load_game(str(games[2])).brawl.options.custom1 == party


def test_games_pickle():
    """A loaded game pickles (as its name and parameters), for worker processes (point 2)."""
    import pickle

    for g in (openspiel_game("krig", hp=3), openspiel_game("ktog", players=3, hp=2), openspiel_game("rps")):
        again = pickle.loads(pickle.dumps(g))
        assert str(again) == str(g) and again.num_players() == g.num_players()
        assert again.new_initial_state().brawl_state == g.new_initial_state().brawl_state


def test_registered_in_a_fresh_process():
    """``import brawl.rl`` registers every encoded game with OpenSpiel and Gymnasium (point 8)."""
    import subprocess
    import sys

    code = ("import brawl.rl, pyspiel, gymnasium as gym; g = pyspiel.load_game('python_brawl_krig(hp=2)'); "
            "print(g.num_players(), gym.spec('brawl/Krig-v0').id)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["2", "brawl/Krig-v0"]


@pytest.mark.parametrize("game", games())
def test_information_state_tensor_and_string(game):
    """Every game gives an information-state tensor (the seat's view: the vector of the other
    interfaces) and a perfect-recall string, the positions passed through (point 4)."""
    g = openspiel_game(game, **small(game))
    size = g.information_state_tensor_size()
    assert size == g.observation_tensor_size() > 0
    rng = np.random.default_rng(1)
    s = g.new_initial_state()
    seen = 0
    while not s.is_terminal() and seen < 30:
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        players = range(g.num_players()) if s.is_simultaneous_node() else [s.current_player()]
        for p in players:
            tensor = np.asarray(s.information_state_tensor(p), np.float32)
            assert tensor.shape == (size,) and np.array_equal(tensor, np.asarray(s.observation_tensor(p), np.float32))
            assert s.information_state_string(p).endswith(str(s))
        seen += 1
        if s.is_simultaneous_node():
            s.apply_actions([int(rng.choice(s.legal_actions(p))) if s.legal_actions(p) else 0
                             for p in range(g.num_players())])
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    assert seen > 0


def test_information_state_cuts_cycles():
    """Krig: a miss changes nothing, so the position comes again; the information state goes back
    to its first visit instead of growing (a thousand misses in a row leave it as it was)."""
    g = openspiel_game("krig", hp=3, max_game_length=100_000)
    s = g.new_initial_state()
    s.apply_action(6)
    s.apply_action(2)  # Sun first
    first = s.information_state_string(0)
    for _ in range(500):
        for player_action in ("attack", "attack"):
            s.apply_action(g.encoding.action_index(player_action))
            s.apply_action(0)  # agility 1: a miss
            s.apply_action(0)  # the attack d6, rolled after the agility d10
    assert s.current_player() == 0
    assert s.information_state_string(0) == first
    s.apply_action(g.encoding.action_index("defend"))
    s.apply_action(3)  # d8 = 4
    longer = s.information_state_string(0)
    assert longer.startswith(first) and longer.count("\n") == first.count("\n") + 1


def test_cfr_on_rock_paper_scissors():
    """OpenSpiel's tabular CFR on rps (one round decides, cut off after three rounds): the
    average policy goes to the equilibrium, one third each.  (OpenSpiel's exploitability needs its
    C++ best response, which cannot run a game written in Python; see examples/openspiel_cfr.py.)
    CFR starts from the uniform policy, the equilibrium itself here, and the average stays on it to
    rounding (1e-16) at every iteration (checked up to 200), so 20 iterations of regret updates over
    every information state test it as well as 200 did."""
    from open_spiel.python.algorithms import cfr

    base = openspiel_game("rps", wins_needed=1, max_game_length=3)  # kept alive: the wrapper refers to it
    g = pyspiel.convert_to_turn_based(base)
    solver = cfr.CFRSolver(g)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    root = g.new_initial_state()
    probs = policy.action_probabilities(root)
    assert len(probs) == 3 and all(abs(p - 1 / 3) < 0.02 for p in probs.values())
