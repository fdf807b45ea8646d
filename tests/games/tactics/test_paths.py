"""The route search (:mod:`brawl.games.tactics.paths`) and what it is asked in play.

The search decides every move: the squares a character may move to (seed, Movement: 30 feet, 20 in
medium or heavier armor, 5 when prone; ruling, SRD: diagonals 5-10-5, no cutting a wall's corner)
and the route it takes (ruling: the one that provokes the fewest attacks of opportunity, seed,
Attacks of Opportunity; then the shortest; then the first found).  Its answers must never change
when it is made faster: here it is checked against the search as first written (every place of
every layer walked on, squares and parities as tuples) on many random fields, and the shortcuts
(:func:`~brawl.games.tactics.paths.reachable` for the legal moves,
:func:`~brawl.games.tactics.paths.route_to` for the move decided) against the search itself.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from dataclasses import replace

import pytest

from brawl.core.game import Decision
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.games.tactics import paths
from brawl.games.tactics.grid import (
    MAPS,
    NEIGHBOURS,
    SQUARE_FEET,
    Map,
    parse_map,
    step_allowed,
    step_squares,
)

from .helpers import OPEN

_MAZE = parse_map("maze", "walls and corners", """
..........
.##..#....
.#...#.##.
...#......
.#.#..#...
...##...#.
..........
""")
FIELDS = [*MAPS.values(), OPEN, _MAZE]


def first_search(game_map: Map, start, speed, blocked, occupied, watchers=()):
    """The route search as first written: layers of ``((x, y), parity)`` places by squares walked,
    every place of every layer walked on (in sorted order when there are watchers, else in the order
    reached), the fewest provocations kept and, among equals, the first place it came from; then
    each square's best place (fewest provocations, then squares walked, then found first) and its
    path back through the places it came from."""
    budget = speed // SQUARE_FEET
    zone = {}
    for k, w in enumerate(watchers):
        for dx, dy in NEIGHBOURS:
            sq = (w[0] + dx, w[1] + dy)
            zone[sq] = zone.get(sq, 0) | (1 << k)
    layers = [{} for _ in range(budget + 1)]
    layers[0][(start, 0)] = (0, None)
    for used in range(budget + 1):
        items = sorted(layers[used].items()) if watchers else list(layers[used].items())
        for key, (prov, _parent) in items:
            sq, parity = key
            if not game_map.open(sq):
                continue
            for dx, dy in NEIGHBOURS:
                nb = (sq[0] + dx, sq[1] + dy)
                if not step_allowed(game_map, sq, nb) or nb in blocked:
                    continue
                diagonal = dx != 0 and dy != 0
                cost = step_squares(diagonal, parity)
                if used + cost > budget:
                    continue
                nkey = (nb, parity ^ 1 if diagonal else parity)
                p = prov + bin(zone.get(sq, 0) ^ zone.get(nb, 0)).count("1")
                old = layers[used + cost].get(nkey)
                if old is None or p < old[0]:
                    layers[used + cost][nkey] = (p, (used, key))
    best = {}
    for used in range(budget + 1):
        for key, (prov, _parent) in layers[used].items():
            sq = key[0]
            if sq == start or sq in occupied:
                continue
            if sq not in best or (prov, used) < best[sq][:2]:
                best[sq] = (prov, used, key)
    out = {}
    for sq, (prov, used, key) in best.items():
        path, u, k = [key[0]], used, key
        while layers[u][k][1] is not None:
            u, k = layers[u][k][1]
            path.append(k[0])
        out[sq] = (tuple(reversed(path)), used * SQUARE_FEET, prov)
    return out


def _fields(count: int, seed: int):
    """Random situations: a map, a start, a speed, blocked and occupied squares, watchers."""
    rng = random.Random(seed)
    for _ in range(count):
        game_map = rng.choice(FIELDS)
        free = [(x, y) for x in range(game_map.width) for y in range(game_map.height) if game_map.open((x, y))]
        start, *others = rng.sample(free, 12)
        blocked = frozenset(others[:rng.randint(0, 4)])
        occupied = blocked | frozenset(others[4:4 + rng.randint(0, 4)])
        watchers = tuple(rng.sample(sorted(blocked), rng.randint(0, len(blocked)))) if rng.random() < 0.6 else ()
        speed = rng.choice((5, 10, 15, 20, 30, 40, 60))
        yield game_map, start, speed, blocked, occupied, watchers


@pytest.mark.parametrize("seed", range(4))
def test_routes_are_the_search_as_first_written(seed):
    """Ruling (movement): the route of every square is the one that provokes the fewest attacks of
    opportunity (seed, Attacks of Opportunity), then the shortest counting diagonals 5-10-5 (SRD),
    then the first found; the same routes, in the same order, as the search first written."""
    for game_map, start, speed, blocked, occupied, watchers in _fields(60, seed):
        found = paths.routes(game_map, start, speed, blocked, occupied, watchers)
        expected = first_search(game_map, start, speed, blocked, occupied, watchers)
        assert [(sq, tuple(r)) for sq, r in found.items()] == list(expected.items())


@pytest.mark.parametrize("seed", range(4))
def test_reachable_and_route_to_agree_with_routes(seed):
    """Seed (Movement) with the ruling on routes: the legal moves are the squares the search finds
    a route to, in order, and the route to one square is its route in the full search."""
    rng = random.Random(seed)
    for game_map, start, speed, blocked, occupied, watchers in _fields(60, 100 + seed):
        every = paths.routes(game_map, start, speed, blocked, occupied, watchers)
        assert paths.reachable(game_map, start, speed, blocked, occupied) == tuple(sorted(every))
        # some squares with a route, the start, an occupied square and any square at all
        squares = rng.sample(sorted(every), min(6, len(every))) + [start, *sorted(occupied)[:1]]
        squares += [(rng.randrange(game_map.width), rng.randrange(game_map.height)) for _ in range(3)]
        for sq in squares:
            assert paths.route_to(game_map, start, speed, blocked, occupied, watchers, sq) == every.get(sq)


def test_walk_keys_sort_as_squares_and_parities():
    """The search's fixed order (ruling: ties go to the route found first) is the order of
    ``((x, y), parity)``; the keys that stand for them must sort the same way."""
    for game_map in FIELDS:
        table = paths.walk_table(game_map)
        places = [(sq, parity) for sq in table.squares for parity in (0, 1)]
        keys = [table.numbers[sq] * 2 + parity for sq, parity in places]
        assert sorted(range(len(keys)), key=keys.__getitem__) == sorted(range(len(places)), key=places.__getitem__)


def _turn_states(options: dict, seed: int, count: int):
    """States of a random battle at the turn decisions, with the game."""
    game = make_game("tactics", options)
    dice, rng = SeededDice(seed), random.Random(seed)
    state, out = game.initial_state(), []
    while len(out) < count:
        node = game.node(state)
        if not isinstance(node, Decision):
            if game.is_terminal(state):
                break
            state = game.apply_chance(state, dice.roll(node.event))
            continue
        if node.kind == "turn":
            out.append(state)
        state = game.apply_action(state, node.seats[0], rng.choice(game.legal_actions(state, node.seats[0])))
    return game, out


@pytest.mark.parametrize("options", [{}, {"map": "pillars", "party1": "wardens"}, {"map": "bridge", "party2": "duo"}])
def test_moves_in_play_agree_with_routes(options):
    """Seed (Movement): in a battle the legal moves, the route a move takes and the words that say
    it come from the same search as the routes the board shows."""
    game, states = _turn_states(options, 7, 60)
    for state in states:
        i = state.actor
        fresh = game.loads(game.dumps(state))  # nothing worked out yet
        every = game.move_routes(fresh, i)
        assert game.move_squares(state, i) == tuple(sorted(every))
        moves = [a for a in game.legal_actions(state, game.sides[i]) if a.startswith("move:")]
        assert moves == ([] if state.moved else [f"move:{x},{y}" for x, y in sorted(every)])
        for sq in list(every)[:3]:
            alone = game.loads(game.dumps(state))
            assert game.move_route(alone, i, sq) == every[sq]
            assert game.describe_action(alone, game.sides[i], f"move:{sq[0]},{sq[1]}") == \
                game.describe_action(fresh, game.sides[i], f"move:{sq[0]},{sq[1]}")


def test_the_memo_is_not_part_of_the_state():
    """States are values (DEVELOPERS: states and records are JSON): what is remembered about one
    is not compared, written, pickled or copied, and a changed state starts without it."""
    game, states = _turn_states({}, 3, 5)
    state = states[-1]
    text = game.dumps(state)
    game.legal_actions(state, game.sides[state.actor])
    game.move_routes(state, state.actor)
    assert "_memo" in vars(state)
    assert game.dumps(state) == text and game.loads(text) == state
    assert json.loads(text) == game.state_to_json(game.loads(text))
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert twin == state and "_memo" not in vars(twin)
    assert "_memo" not in vars(replace(state, moved=True))
    from brawl.games.tactics.state import replace as quick_replace
    changed = quick_replace(state, moved=True)
    assert "_memo" not in vars(changed) and changed == replace(state, moved=True)
    with pytest.raises(TypeError):
        quick_replace(state, no_such_field=1)
