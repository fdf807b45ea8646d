"""OpenSpiel's strings tell apart every state the game tells apart (issue 40, point 10).

OpenSpiel keys its tree-walking algorithms by strings: CFR and best responses gather the states of
one information state by ``information_state_string``, value iteration the positions by
``str(state)``.  Two states that share a string must therefore have the same future: the same
player to move, the same legal actions, the same end, and children that again share their strings.
The tests walk each game's tree (small options, cut off by ``max_game_length``) and check exactly
that; and no information state may hold a history and its own descendant (OpenSpiel's best
response then recursed until the process crashed).  Rock-paper-scissors ends on ``max_rounds``, so
the rounds played are part of its position; a cut-off game ends after ``max_game_length`` moves, so
the moves made are part of its strings."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap
from collections import deque
from dataclasses import replace

import pyspiel
import pytest

from brawl.games import make_game
from brawl.rl import openspiel_game


def spread(items: list, most: int) -> list:
    """At most ``most`` of ``items``, evenly spread, always the same for the same list."""
    if len(items) <= most:
        return list(items)
    step = len(items) / most
    return [items[int(i * step)] for i in range(most)]


def signature(state) -> tuple:
    """What the game says of a state itself: the end and its returns, or who is to move with
    which legal actions, or the dice with their chances."""
    if state.is_terminal():
        return ("end", tuple(round(r, 12) for r in state.returns()))
    if state.is_chance_node():
        return ("chance", tuple((a, round(p, 12)) for a, p in state.chance_outcomes()))
    players = range(state.num_players())
    return ("decision", state.current_player(), tuple(tuple(state.legal_actions(p)) for p in players))


def children(state, most: int) -> list:
    """Some moves from ``state`` and the states they lead to (chosen from the legal lists alone, so
    two states with the same legal actions are expanded by the same moves)."""
    if state.is_terminal():
        return []
    if state.is_chance_node():
        return [(a, state.child(a)) for a in spread([a for a, _ in state.chance_outcomes()], most)]
    if state.is_simultaneous_node():
        per = [spread(state.legal_actions(p), most) or [0] for p in range(state.num_players())]
        out = []
        for joint in spread(list(itertools.product(*per)), most * most):
            child = state.clone()
            child.apply_actions(list(joint))
            out.append((joint, child))
        return out
    return [(a, state.child(a)) for a in spread(state.legal_actions(), most)]


def acting(state) -> list[int]:
    if state.is_terminal() or state.is_chance_node():
        return []
    return [p for p in range(state.num_players()) if state.legal_actions(p)]


def walk_and_check(game: pyspiel.Game, most: int, cap: int) -> int:
    """Walk ``game`` breadth first (at most ``cap`` states, ``most`` moves a state) and check that
    states sharing a string share their future and that no information state comes again below
    itself.  Returns the number of states walked."""
    by_string: dict[str, tuple] = {}  # string -> (signature, {move: child string})
    by_info: dict[tuple, tuple] = {}  # (player, information state) -> legal actions
    queue = deque([(game.new_initial_state(), frozenset())])
    walked = 0
    while queue and walked < cap:
        state, above = queue.popleft()
        walked += 1
        text, sig = str(state), signature(state)
        moves = children(state, most)
        known = by_string.setdefault(text, (sig, {}))
        assert known[0] == sig, f"two states share the string {text!r} but not their future: {known[0]} / {sig}"
        infos = set()
        for p in acting(state):
            info = (p, state.information_state_string(p))
            assert info not in above, f"an information state of player {p} comes again below itself: {info[1]!r}"
            legal = tuple(state.legal_actions(p))
            assert by_info.setdefault(info, legal) == legal, f"one information state, two sets of legal actions: {info}"
            infos.add(info)
        for move, child in moves:
            child_text = str(child)
            assert known[1].setdefault(move, child_text) == child_text, (
                f"the string {text!r} leads by {move} to {known[1][move]!r} and to {child_text!r}")
            queue.append((child, above | infos))
    return walked


def small_krig(max_game_length: int):
    krig = make_game("krig", hp=1)
    return openspiel_game("krig", hp=1, start=replace(krig.initial_state(), phase="turn", to_act=0),
                          max_game_length=max_game_length)


def after_dice(name: str):
    """The game's first position where somebody decides, every die before it showing its last face."""
    from brawl.core.game import Chance

    game = make_game(name)
    state = game.initial_state()
    while isinstance(game.node(state), Chance):
        state = game.apply_chance(state, game.node(state).event.outcomes[-1])
    return state


@pytest.mark.parametrize("options", [dict(max_rounds=3), dict(wins_needed=1, max_rounds=2),
                                     dict(max_game_length=4), dict(wins_needed=3, max_rounds=4)])
def test_rock_paper_scissors_strings_tell_every_state_apart(options):
    """Issue 40, point 10: best of three ends on ``max_rounds`` (ties included), so rounds 1 to 3
    with no wins yet are three positions, and a game cut off after ``max_game_length`` moves is
    another position than one still going; the whole tree is walked."""
    game = openspiel_game("rps", **options)
    walked = walk_and_check(game, most=3, cap=20_000)
    assert walked > 30


def test_rock_paper_scissors_rounds_are_in_the_position():
    """Issue 40, point 10: after a tie the state string is not the first round's (the encoding's
    state key counts the rounds), while which moves tied is left out."""
    game = openspiel_game("rps", max_rounds=3)
    root = game.new_initial_state()
    tie = root.clone()
    tie.apply_actions([0, 0])
    other_tie = root.clone()
    other_tie.apply_actions([1, 1])
    assert str(tie) != str(root) and str(tie) == str(other_tie)
    assert tie.information_state_string(0) != root.information_state_string(0)


@pytest.mark.parametrize("name,make,most,cap", [
    ("krig", lambda: small_krig(4), 10, 5_000),
    ("krig, both miss", lambda: small_krig(7), 2, 5_000),  # the position comes again at move 6
    ("krig from the start", lambda: openspiel_game("krig", hp=1, max_game_length=4), 4, 1_500),
    ("ktog", lambda: openspiel_game("ktog", hp=2, max_game_length=5), 4, 1_500),
    ("ktog three players", lambda: openspiel_game("ktog", players=3, hp=2, max_game_length=4), 3, 800),
    ("tactics", lambda: openspiel_game("tactics", max_game_length=4), 3, 300),
    ("tactics after initiative", lambda: openspiel_game("tactics", start=after_dice("tactics"), max_game_length=4), 4, 600),
    ("kniggits", lambda: openspiel_game("kniggits", max_game_length=4), 3, 300),
])
def test_every_games_strings_tell_every_state_apart(name, make, most, cap):
    """Issue 40, point 10, for every game: states that share a state string or an information state
    share their future, and a cut-off game's strings count the moves (so no information state holds
    a history and its own descendant: a Krig miss, which changes nothing, still moves the count)."""
    assert walk_and_check(make(), most=most, cap=cap) > 20


def test_a_bounded_game_strings_count_the_moves_and_the_default_does_not():
    """Issue 40, point 10: with a ``max_game_length`` below the default the strings end with the
    moves made; at the default (no bound in practice) they are positions, which value iteration of
    a cyclic game enumerates."""
    bounded = small_krig(6).new_initial_state()
    assert str(bounded).endswith("\nmove 0")
    free = openspiel_game("krig", hp=1).new_initial_state()
    assert "move" not in str(free)


CFR_SCRIPT = textwrap.dedent("""
    import pyspiel
    from open_spiel.python.algorithms import cfr, exploitability
    from brawl.rl import openspiel_game

    for options, iterations in ((dict(max_rounds=3), 2), (dict(wins_needed=1, max_rounds=2), 2),
                                (dict(max_game_length=4), 1)):
        base = openspiel_game("rps", **options)
        game = pyspiel.convert_to_turn_based(base)
        solver = cfr.CFRSolver(game)
        for _ in range(iterations):
            solver.evaluate_and_update_policy()
        average = solver.average_policy()
        line = f"{sorted(options.items())} exploitability {exploitability.exploitability(game, average):.6f}"
        if iterations > 1:
            rock = average.__copy__()
            rock.action_probability_array[:] = 0
            rock.action_probability_array[:, 0] = 1
            line += f" rock {exploitability.exploitability(game, rock):.6f}"
        print(line, flush=True)
""")


def test_cfr_and_exploitability_run_on_best_of_three():
    """Issue 40, point 10: OpenSpiel's CFR and exploitability (its Python best response) run on
    rock-paper-scissors best of three, one round with a limit of two, and cut off after four
    moves (they ended in a segmentation fault).  Uniform is the equilibrium, where CFR starts, so
    its exploitability is 0; always rock loses every game to always paper, an exploitability of 1.
    In a process of its own, so that a crash is a failure here and not the end of the test run."""
    env = dict(os.environ, PYTHONFAULTHANDLER="1")
    done = subprocess.run([sys.executable, "-c", CFR_SCRIPT], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, (done.returncode, done.stdout[-2000:], done.stderr[-3000:])
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 3, done.stdout
    for line in lines[:2]:
        values = [float(v) for v in line.split()[-3::2]]
        assert values[0] == pytest.approx(0.0, abs=1e-9) and values[1] == pytest.approx(1.0), line
    cut = float(lines[2].split()[-1])
    assert 0.0 <= cut + 1e-9 and cut < 1.0, lines[2]
