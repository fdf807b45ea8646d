"""The engine's side of a Tactics tape: one battle of the full rules whose dice and ``random``
decisions read a list of values in turn, exactly as the compiled battles of :mod:`.batch` draw
them.  A die of ``k`` faces takes one value ``v`` and shows ``v % k + 1``; a dice expression
(``2d8+6+3d6``, a critical with sneak attack) takes one value per die, term by term, plus its
constant; the blur's miss chance takes one value (see :func:`_outcome`); a ``random`` seat picks ``legal[v % len(legal)]`` and takes no value when only one
decision is legal.  (``brawl.sim.kernel.play_engine_tape`` does the same for games whose dice are
single terms.)"""

from __future__ import annotations

import math
from typing import Mapping

from ...core.dice import DiceNotationError, parse
from ...core.game import Chance, Terminal


def play_engine_tape(options: Mapping, bot_specs: list[str], values) -> dict:
    """Returns the winner (None for a draw), the first side, the turns, the values used and every
    decision as (seat, action, state before it)."""
    from ...bots import make_bot
    from .. import make_game

    game = make_game("tactics", options)
    bots = [None if b == "random" else make_bot("tactics", b, seed=0, game=game) for b in bot_specs]
    values = [int(v) for v in values]
    pos = 0

    def take() -> int:
        nonlocal pos
        pos += 1
        return values[pos - 1]

    state = game.initial_state()
    decisions = []
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            winner = node.winners[0] if len(node.winners) == 1 else None
            return {"winner": winner, "first": state.first_mover, "turns": state.turns, "used": pos,
                    "decisions": decisions, "state": state}
        if isinstance(node, Chance):
            state = game.apply_chance(state, _outcome(node.event, take))
            continue
        seat = node.seats[0]
        legal = game.legal_actions(state, seat)
        bot = bots[seat]
        if bot is not None:
            action = bot.choose(game, state, seat)
        else:
            action = legal[take() % len(legal)] if len(legal) > 1 else legal[0]
        decisions.append((seat, action, state))
        state = game.apply_action(state, seat, action)


def places(state) -> tuple:
    """(x, y, hit points) of every character: what the compiled battle logs with each decision."""
    return tuple((u.x, u.y, u.hp) for u in state.units)


def _outcome(event, take):
    """A dice expression takes one value per die; any other event (the blur's miss chance) one value
    ``v``: with ``D`` the common denominator of its chances, the outcome whose share of ``0..D-1``
    holds ``v % D``, in the order the event lists them."""
    try:
        expr = parse(event.name)
    except DiceNotationError:
        d = math.lcm(*(p.denominator for p in event.probabilities))
        r = take() % d
        for outcome, p in event.items():
            r -= p * d
            if r < 0:
                return outcome
        raise ValueError(f"no outcome of {event.name}") from None
    outcome = expr.constant
    for sign, term in expr.terms:
        for _ in range(term.count):
            outcome += sign * (take() % term.sides + 1)
    return outcome
