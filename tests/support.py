"""Helpers shared by the game tests."""


def steps(game, state, *items):
    """Apply a sequence: a string is a decision of the (only) seat asked now, an int is a dice outcome."""
    for item in items:
        if isinstance(item, str):
            state = game.apply_action(state, game.node(state).seats[0], item)
        else:
            state = game.apply_chance(state, item)
    return state
