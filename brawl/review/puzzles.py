"""Practise your mistakes: the positions where a seat lost the most, asked again as puzzles.

A puzzle is a decision of a reviewed game that had a choice, whose loss is **certain** (judged an
inaccuracy or worse: in an estimate, the whole 95% interval of the loss lies there, never an
``uncertain`` one) and whose best decision is **clear** (it beats every other compared decision by
2 points of win chance or more, surely in an estimate: ``clear_best``), so a puzzle has one answer
the review can back.  It holds the position's question (the game's own prompt), each compared
decision in the game's words with its win chance, the decision taken and the best one.  The page
shows the choices first, and the win chances, the best and what was played once the player has
answered.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from .judge import JUDGEMENTS

PER_REVIEW = 3
LOST = JUDGEMENTS[2:]  # an inaccuracy or worse


def puzzles_of(game: Game, steps: list, review: dict, limit: int = PER_REVIEW, seat: int | None = None) -> list[dict]:
    """Up to ``limit`` puzzles from ``review`` (of ``seat`` only, when given), the largest loss first."""
    by_index = {st.index: st for st in steps}
    worst = sorted((d for d in review["decisions"] if not d.get("forced") and d["judgement"] in LOST
                    and d.get("clear_best") and (seat is None or d["seat"] == seat)), key=lambda d: -d["loss"])
    out = []
    for d in worst[:limit]:
        st = by_index.get(d["index"])
        if st is None:
            continue
        out.append(puzzle(game, st, d, review))
    return out


def puzzle(game: Game, st: Any, d: dict, review: dict) -> dict:
    """One decision of a review as a puzzle."""
    values = d.get("values") or {}
    choices = [{"action": a, "label": _words(game, st.before, d["seat"], a), "win": float(v)}
               for a, v in values.items()]
    return {"game": game.name, "title": game.title, "options": game.options_json(), "exact": review["exact"],
            "index": d["index"], "step": d["step"], "seat": d["seat"], "seat_name": review["players"][d["seat"]],
            "prompt": getattr(game.node(st.before), "prompt", ""), "choices": choices,
            "best_action": d["best_action"], "taken": d["action"], "loss": d["loss"], "judgement": d["judgement"],
            "status_rows": _rows(game, st.before), "summary": _summary(game, st.before)}


def _words(game: Game, state: Any, seat: int, action: str) -> str:
    try:
        return game.describe_action(state, seat, action)
    except Exception:
        return action


def _rows(game: Game, state: Any) -> list[dict] | None:
    try:
        return game.status_rows(state)
    except Exception:
        return None


def _summary(game: Game, state: Any) -> str:
    try:
        return game.summary(state)
    except Exception:
        return ""
