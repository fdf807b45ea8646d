"""Building Tactics scenes: ready characters on an open map, in a chosen order, one on turn."""

from dataclasses import replace

from brawl.core.game import Chance, Decision
from brawl.games.tactics.characters import make_character, ready_character
from brawl.games.tactics.grid import Map
from brawl.games.tactics.rules import Tactics

OPEN = Map("open", "open test field", 16, 12, frozenset(), (tuple((0, y) for y in range(8)),
                                                              tuple((15, y) for y in range(8))))


def sheet(spec, level=5):
    """A ready character by name, or a (name, class, {gear and abilities}) tuple."""
    if isinstance(spec, str):
        return ready_character(spec, level)
    name, cls, extra = spec
    extra = dict(extra)
    abilities = extra.pop("abilities", None)
    return make_character(name, cls, level, abilities, **extra)


def scene(side1, side2, squares, game_map=OPEN, acted=True, level=5, order=None, **options):
    """A battle between the given characters standing on ``squares`` (side 1's first), in that
    initiative order (or ``order``), the first one on turn with a fresh turn."""
    game = Tactics.custom((tuple(sheet(s, level) for s in side1), tuple(sheet(s, level) for s in side2)),
                          game_map, **options)
    state = game.initial_state()
    units = tuple(replace(u, x=sq[0], y=sq[1], acted=acted) for u, sq in zip(state.units, squares))
    state = replace(state, units=units, order=tuple(order or range(len(units))), pos=0, round=1, first_mover=0)
    return game, state


def with_unit(game, state, who, **fields):
    i = game.index[who] if isinstance(who, str) else who
    units = list(state.units)
    units[i] = replace(units[i], **fields)
    return replace(state, units=tuple(units))


def unit(game, state, who):
    return state.units[game.index[who]]


def play(game, state, *items):
    """A string is a decision of the seat asked now; anything else is the outcome of the pending roll."""
    for item in items:
        node = game.node(state)
        if isinstance(item, str):
            assert isinstance(node, Decision), f"expected a decision before {item!r}, got {node}"
            state = game.apply_action(state, node.seats[0], item)
        else:
            assert isinstance(node, Chance), f"expected a roll before {item!r}, got {node}"
            state = game.apply_chance(state, item)
    return state


def pending(game, state):
    """The name of the roll now pending (or the decision kind)."""
    node = game.node(state)
    if isinstance(node, Chance):
        return node.event.name
    if isinstance(node, Decision):
        return node.kind
    return "terminal"
