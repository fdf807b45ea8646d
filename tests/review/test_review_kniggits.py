"""Kniggits reviews (issue 30): moves to a point are judged (a free-form decision is never forced
while the game's sampler finds another), by playouts of the heuristic bot, and within a budget
the stronger bot is kept when it keeps up, though the pilot thought it too slow."""

from __future__ import annotations

import brawl.review.estimate as estimate
from brawl.games import make_game
from brawl.review import review
from brawl.review.judge import result_of
from brawl.review.walk import load_record, walk

from .helpers import played

SMALL = {"points": 25, "table": 24, "terrain": "open", "turn_limit": 12}


def test_moves_to_a_point_are_compared_and_judged():
    rec = played("kniggits", SMALL, ["heuristic", "random"], 2)
    out = review(rec, method="estimate", bot="heuristic", playouts=4, candidates=3)
    moves = [d for d in out["decisions"] if d["action"].startswith("move:")]
    assert moves and all(not d["forced"] and len(d["values"]) >= 2 for d in moves)
    assert out["exact"] is False and "heuristic bot" in out["note"]
    assert all(d["best_win"] >= d["win_after"] for d in out["decisions"])


def test_a_stronger_bot_that_keeps_up_is_kept_and_one_that_falls_behind_gives_way(monkeypatch):
    rec = played("kniggits", SMALL, ["heuristic", "heuristic"], 3)
    game = make_game("kniggits", rec["options"])
    steps, last = walk(game, load_record(rec))
    result = result_of(game.winners(last), 2)

    def pessimistic(game, steps, playouts, candidates, budget, seed=1, costs=None):
        costs.update(search=1e9, heuristic=budget, random=budget / 10)  # the pilot: only random fits
        return "random", 4, 2, "4 playouts to stay near the budget"

    monkeypatch.setattr(estimate, "plan", pessimistic)
    figures, bot, n, c, words = estimate.within_budget(game, steps, result, 32, 4, budget=1e6)
    assert (bot, n, c) == ("heuristic", estimate.MIN_PLAYOUTS, estimate.MIN_CANDIDATES) and "kept within" in words
    assert len(figures["decisions"]) == sum(1 for st in steps if st.action is not None)
    # with no time at all the probe stops at its first mark and the plan's bot plays
    figures, bot, n, c, words = estimate.within_budget(game, steps, result, 32, 4, budget=1e-9)
    assert (bot, n, c) == ("random", 4, 2) and words == "4 playouts to stay near the budget"
