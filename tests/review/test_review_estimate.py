"""Estimated reviews: a budget in playouts, hidden choices listed but not judged, and intervals
that hold the point estimates."""

from __future__ import annotations

import pytest

from brawl.review import review

from .helpers import played


def test_the_budget_is_counted_in_playouts():
    """Every playout counts: beyond the least the game's path needs (two per position), an
    estimate never spends more than its budget, and a larger budget decides more judgements."""
    rec = played("ktog", {"players": 3, "hp": 3}, ["random"] * 3, 5)
    small = review(rec, budget=300)
    large = review(rec, budget=3000)
    assert large["playouts"] <= 3000 and large["budget"] == 3000
    assert large["judged"]["decisions"] >= small["judged"]["decisions"]
    assert "playouts" in large["note"] and large["policy"]


def test_hidden_choices_are_listed_but_not_judged_by_an_estimate():
    """Kniggits' first-player round is rock-paper-scissors: its hidden choices are listed, not
    judged (their worth rests on the other's choice), and luck and skill still add up."""
    rec = played("rps", {}, ["random", "random"], 3)
    r = review(rec, method="estimate", budget=100)
    assert r["exact"] is False and r["decisions"]
    assert all(d["simultaneous"] and not d["judged"] and d["judgement"] == "uncertain" for d in r["decisions"])
    assert r["accuracy"] == [None, None]
    for s in range(2):
        assert r["start"][s] + r["luck"][s] + r["skill"][s] + r["residual"][s] == pytest.approx(r["result"][s], abs=1e-12)
