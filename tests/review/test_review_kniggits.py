"""Kniggits reviews (issue 30): moves to a point are compared (a free-form decision is never forced
while the game's sampler finds another), by playouts of the game's policy mix."""

from __future__ import annotations

from brawl.review import review

from .helpers import played

SMALL = {"points": 25, "table": 24, "terrain": "open", "turn_limit": 12}


def test_moves_to_a_point_are_compared():
    rec = played("kniggits", SMALL, ["heuristic", "random"], 2)
    out = review(rec, method="estimate", budget=400, playouts=2)
    moves = [d for d in out["decisions"] if d["action"].startswith("move:")]
    assert moves and all(not d["forced"] and d["legal"] is None for d in moves)
    # within the budget, moves are compared with others; one left out is uncertain, never judged
    assert any(len(d["values"]) >= 2 for d in moves)
    assert all(d["judgement"] == "uncertain" for d in moves if len(d["values"]) < 2)
    assert out["exact"] is False and "heuristic" in out["policy"]
    assert all(d["best_win"] >= d["win_after"] for d in out["decisions"])
