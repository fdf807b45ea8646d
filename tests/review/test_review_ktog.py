"""The KtOG duel reviewed exactly (from its solution) and estimated (playouts on common dice): the
estimate's intervals hold the exact figures; and reviews of games no solver covers."""

from __future__ import annotations

import pytest

from brawl.review import review

from .helpers import played

DUEL = {"hp": 3}


@pytest.fixture(scope="module")
def duel():
    return played("ktog", DUEL, ["optimal", "random"], 4)


def test_exact_duel_review(duel):
    """The optimal bot loses nothing; start + luck + skill is the result to 1e-9."""
    r = review(duel)
    assert r["exact"] is True
    assert all(d["loss"] == 0.0 and d["judgement"] == "best" for d in r["decisions"] if d["seat"] == 0)
    for s in range(2):
        assert r["start"][s] + r["luck"][s] + r["skill"][s] == pytest.approx(r["result"][s], abs=1e-9)


def test_estimate_holds_the_exact_figures(duel):
    """Reviewed both ways, with the optimal bot playing the playouts: the 95% intervals of the
    estimate hold the exact win chances (nearly all of them: one in twenty may miss by chance)."""
    exact = review(duel)
    est = review(duel, method="estimate", bot="optimal", budget=800, playouts=16)
    assert est["exact"] is False and est["policy"] == "optimal"
    assert [d["index"] for d in est["decisions"]] == [d["index"] for d in exact["decisions"]]
    hits = total = 0
    for e, x in zip(est["decisions"], exact["decisions"]):
        if "interval" not in e:  # one legal decision: nothing compared
            continue
        lo, hi = e["interval"]["win_after"]
        assert lo <= e["win_after"] <= hi
        total += 1
        hits += lo - 1e-9 <= x["win_after"] <= hi + 1e-9
    assert total >= 2 and hits >= 0.8 * total
    lo, hi = est["intervals"]["start"][0]
    assert lo <= exact["start"][0] <= hi
    for s in range(2):
        lo, hi = est["intervals"]["luck"][s]
        assert lo - 0.05 <= exact["luck"][s] <= hi + 0.05


def test_estimated_review_of_a_four_player_game():
    """A game no solver covers is estimated, says so, and gives every figure an interval."""
    rec = played("ktog", {"players": 3, "hp": 4}, ["random", "random", "random"], 2)
    seen = []
    r = review(rec, budget=300, playouts=4, progress=lambda done, total: seen.append((done, total)))
    assert r["exact"] is False and "estimated" in r["note"]
    assert seen and seen[-1][1] == 300
    assert len(r["accuracy"]) == 3 and len(r["luck"]) == 3
    for d in r["decisions"]:
        assert d["loss"] >= 0 and d["best_win"] >= d["win_after"]
        if "interval" in d:
            assert d["interval"]["win_after"][0] <= d["win_after"] <= d["interval"]["win_after"][1]
    for roll in r["dice"]:
        assert len(roll["swing"]) == 3
