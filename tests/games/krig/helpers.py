from dataclasses import replace

from brawl.games import make_game
from brawl.games.krig.rules import KrigState


def on_turn(edition="author", hp=20, to_act=0, **fields):
    """A Krig game and a state where ``to_act`` is on turn, with fields overridden."""
    game = make_game("krig", edition=edition, hp=hp)
    state = KrigState(hp=(hp, hp), phase="turn", to_act=to_act, first_mover=to_act)
    return game, replace(state, **fields)

