"""Hints: each legal decision of a seat with its win probability under optimal play.

``hint_values(match, seat)`` serves the terminal (``brawl play --hints``) and the browser alike.
It answers only where an exact solution exists (it solves on first use and then reads the saved
solution); everywhere else it returns an empty dict.
"""

from __future__ import annotations

from typing import Any

from ..core.game import BrawlError, Decision
from . import covered, is_quick_or_saved, solution_if_available


def hint_values(match: Any, seat: int) -> dict[str, float]:
    """{decision: win probability of ``seat``} for each legal decision, or {} without a solution."""
    game = match.game
    state = match.state
    node = game.node(state)
    if not isinstance(node, Decision) or seat not in node.seats:
        return {}
    solution = solution_if_available(game.name, game.options_json())
    if solution is None:
        return {}
    values = solution.action_values(state, seat)
    legal = game.legal_actions(state, seat)
    return {a: values[a] for a in legal if a in values}


def hints_possible(game: Any) -> bool:
    """Whether :func:`hint_values` can answer for this game and options without minutes of
    solving: the game has an exact solver that covers these options and is quick or saved."""
    opts = game.options_json()
    try:
        return covered(game.name, opts) and is_quick_or_saved(game.name, opts)
    except BrawlError:
        return False


def best_hint(values: dict[str, float]) -> str:
    """A short line such as "best: defend, 61%"; empty when there are no values."""
    if not values:
        return ""
    action = max(values, key=lambda a: values[a])
    return f"best: {action}, {values[action]:.0%}"
