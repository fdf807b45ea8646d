"""OpenSpiel's own solver agrees with brawl's: value iteration on the OpenSpiel form of Krig gives
the values of ``brawl.solve`` for every turn position.

Krig has cycles (rules page, Krig, Attack: a miss changes nothing; a parried blow passes the turn),
so a depth-limited expectiminimax would only approach the value.  OpenSpiel's value iteration
with ``cyclic_game=True`` handles chance nodes and cycles and converges to the exact fixed point,
so it is compared at a tolerance of 1e-7.  It starts from a turn position (the ``start``
parameter) because the initiative re-roll on a tie is a cycle of chance nodes alone, which
OpenSpiel's state enumeration cannot close.  Hit points 1 keep it within seconds; the benchmark
``benchmarks/rl_openspiel_solve.py`` prints the comparison for larger set-ups.
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import replace

import pytest
from open_spiel.python.algorithms import value_iteration

from brawl.games import make_game
from brawl.rl import encoding_for, openspiel_game
from brawl.solve import solve


def turn_states(game):
    hp = game.options.hp
    base = game.initial_state()
    for h0, h1, d0, d1, c0, c1, me in itertools.product(range(1, hp + 1), range(1, hp + 1), range(9), range(9),
                                                        (False, True), (False, True), (0, 1)):
        yield replace(base, hp=(h0, h1), defense=(d0, d1), charging=(c0, c1), phase="turn", to_act=me, first_mover=0)


@pytest.mark.parametrize("edition", ["article"])  # the author edition: from the initial state, below
def test_value_iteration_agrees_with_brawl_solve(edition):
    hp = 1
    game = make_game("krig", hp=hp, edition=edition)
    enc = encoding_for(game)
    start = replace(game.initial_state(), phase="turn", to_act=0, first_mover=0)
    spiel = openspiel_game("krig", hp=hp, edition=edition, start=game.dumps(start))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # OpenSpiel enumerates states depth first
    try:
        values = value_iteration.value_iteration(spiel, -1, 1e-12, cyclic_game=True)
    finally:
        sys.setrecursionlimit(limit)
    solution = solve("krig", {"hp": hp, "edition": edition})
    compared = 0
    for state in turn_states(game):
        key = enc.state_key(state)
        if key not in values:
            continue
        expected = 2 * solution.win_probability(state, 0) - 1  # Sun's expected return (+1/-1)
        assert values[key] == pytest.approx(expected, abs=1e-7), key
        compared += 1
    assert compared >= 150  # many positions (author 648, article 200), not just the root
    root = values[str(spiel.new_initial_state())]
    assert root == pytest.approx(2 * solution.first_mover_win - 1, abs=1e-7)


def test_value_iteration_from_the_initial_state():
    """Issue 15, point 5: from Krig's initial state (initiative d10s, a tie rolled again) value
    iteration terminates, because the OpenSpiel form conditions the dice on leaving the re-roll
    loop; the turn positions it reaches agree with brawl.solve and the start, where either player
    may go first with the same chance, is worth 0 to Sun."""
    game = make_game("krig", hp=1)
    enc = encoding_for(game)
    spiel = openspiel_game("krig", hp=1)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        values = value_iteration.value_iteration(spiel, -1, 1e-12, cyclic_game=True)
    finally:
        sys.setrecursionlimit(limit)
    solution = solve("krig", {"hp": 1})
    compared = 0
    for state in turn_states(game):
        key = enc.state_key(state)
        if key in values:
            assert values[key] == pytest.approx(2 * solution.win_probability(state, 0) - 1, abs=1e-7), key
            compared += 1
    assert compared >= 100
    # the start is a chance node (value iteration keeps decision states): its value is the
    # initiative's outcomes weighted by their probabilities
    root, total, weight = spiel.new_initial_state(), 0.0, 0.0
    for sun, p in root.chance_outcomes():
        after_sun = root.child(sun)
        for moon, q in after_sun.chance_outcomes():
            turn = after_sun.child(moon)
            assert turn.current_player() in (0, 1)
            total += p * q * values[str(turn)]
            weight += p * q
    assert weight == pytest.approx(1.0) and total == pytest.approx(0.0, abs=1e-9)
    # the initiative: ten outcomes for Sun, then nine for Moon (the tie is left out)
    s = spiel.new_initial_state()
    assert len(s.chance_outcomes()) == 10
    s.apply_action(4)
    assert [a for a, _ in s.chance_outcomes()] == [0, 1, 2, 3, 5, 6, 7, 8, 9]
