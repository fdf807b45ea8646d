"""Building KtOG positions and playing sequences of decisions and dice by hand."""

from dataclasses import replace

from brawl.games import make_game
from tests.support import steps  # noqa: F401 (re-exported for the KtOG tests)


def on_turn(to_act=0, players=2, **options_and_fields):
    """A KtOG game and a state where ``to_act`` opens a turn in round 1 (Player 1 leads), with
    game options and state fields given by keyword (an option name with a plain value is the
    option; a tuple is the state field of the same name)."""
    from brawl.games.ktog.rules import KtogOptions

    def is_option(k, v):  # ``hp=15`` is the option, ``hp=(20, 5)`` the state field
        return k in KtogOptions.model_fields and not isinstance(v, tuple)

    opts = {k: v for k, v in options_and_fields.items() if is_option(k, v)}
    fields = {k: v for k, v in options_and_fields.items() if not is_option(k, v)}
    game = make_game("ktog", players=players, **opts)
    state = game.initial_state()
    if game.options.classes:
        for _ in range(players):
            state = game.apply_action(state, state.to_act, "magic_user")
    state = replace(state, phase="turn", leader=0, to_act=to_act, rollers=(), rolls=(), first_mover=0)
    return game, replace(state, **fields)


def asked(game, state):
    """(seats, kind) of the open decision, or the chance event's name and label."""
    from brawl.core.game import Chance, Decision

    node = game.node(state)
    if isinstance(node, Decision):
        return node.seats, node.kind
    if isinstance(node, Chance):
        return node.event.name, node.event.label
    return node
