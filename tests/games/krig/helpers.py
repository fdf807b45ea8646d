from dataclasses import replace

from brawl.games import make_game
from brawl.games.krig.rules import KrigState


def on_turn(edition="author", hp=20, to_act=0, **fields):
    """A Krig game and a state where ``to_act`` is on turn, with fields overridden."""
    game = make_game("krig", edition=edition, hp=hp)
    state = KrigState(hp=(hp, hp), phase="turn", to_act=to_act, first_mover=to_act)
    return game, replace(state, **fields)


def steps(game, state, *items):
    """Apply a sequence: a string is a decision of the seat asked now, an int is a dice outcome."""
    for item in items:
        if isinstance(item, str):
            state = game.apply_action(state, game.node(state).seats[0], item)
        else:
            state = game.apply_chance(state, item)
    return state


rolls = steps
act = steps
