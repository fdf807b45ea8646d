"""The engine's side of a Tactics tape: one battle of the full rules whose dice and ``random``
decisions read a list of values in turn, exactly as the compiled battles of :mod:`.batch` draw
them.  ``brawl.sim.kernel.play_engine_tape`` plays it; Tactics only says how its chance events read
the tape (:func:`_outcome`): a die of ``k`` faces takes one value ``v`` and shows ``v % k + 1``; a
dice expression (``2d8+6+3d6``, a critical with sneak attack) takes one value per die, term by term,
plus its constant; the blur's miss chance takes one value."""

from __future__ import annotations

import math
from typing import Mapping

from ...core.dice import DiceNotationError, parse
from ...sim import kernel


def play_engine_tape(options: Mapping, bot_specs: list[str], values) -> dict:
    """Returns the winner (None for a draw), the first side, the turns, the values used and every
    decision as (seat, action, state before it)."""
    played = kernel.play_engine_tape("tactics", options, bot_specs, values, outcome=_outcome)
    winners = played["winners"]
    return {**played, "winner": winners[0] if len(winners) == 1 else None, "turns": played["state"].turns}


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
