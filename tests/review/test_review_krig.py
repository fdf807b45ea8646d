"""The exact review of Krig games (both editions): judgements against the solution, the first
decision's value, and the split of the result into start, luck and skill."""

from __future__ import annotations

import math

import pytest

from brawl.games import make_game
from brawl.review import ReviewError, review
from brawl.review.judge import JUDGEMENTS, accuracy, judgement
from brawl.solve import solve

from .helpers import played


OPTIONS = [{"hp": 8}, {"hp": 8, "edition": "article"}]


@pytest.mark.parametrize("options", OPTIONS)
def test_optimal_decisions_lose_nothing(options):
    """Every decision of the solved optimal bot is judged best with loss 0; the random bot loses."""
    random_lost = 0.0
    for seed in range(4):
        r = review(played("krig", options, ["optimal", "random"], seed))
        assert r["exact"] is True
        mine = [d for d in r["decisions"] if d["seat"] == 0]
        assert mine and all(d["loss"] == 0.0 and d["judgement"] == "best" for d in mine)
        assert r["accuracy"][0] == pytest.approx(100.0)
        random_lost += sum(d["loss"] for d in r["decisions"] if d["seat"] == 1)
        assert all(d["loss"] >= 0 and d["best_win"] >= d["win_after"] for d in r["decisions"])
    assert random_lost > 0.05


@pytest.mark.parametrize("options", OPTIONS)
def test_start_plus_luck_plus_skill_is_the_result(options):
    """result = start + luck + skill to 1e-9 for each seat of every exact review."""
    for seed, bots in enumerate([["random", "random"], ["optimal", "random"], ["random", "optimal"]]):
        r = review(played("krig", options, bots, 20 + seed))
        for s in range(2):
            assert r["start"][s] + r["luck"][s] + r["skill"][s] == pytest.approx(r["result"][s], abs=1e-9)
            assert abs(r["residual"][s]) < 1e-9
        assert sorted(r["result"]) == [0.0, 1.0]
        assert all(0.0 <= p <= 1.0 for point in r["graph"] for p in point["win"])


def test_first_decision_starts_from_the_first_mover_value():
    """After initiative the first mover's win chance is the solution's first-mover value, and the
    start before initiative is one half (the seats are alike)."""
    for options in OPTIONS:
        r = review(played("krig", options, ["random", "random"], 3))
        first = r["decisions"][0]
        fm = solve("krig", make_game("krig", options).options_json()).first_mover_win
        assert first["win_before"] == pytest.approx(fm, abs=1e-9)
        assert r["start"][0] == pytest.approx(0.5, abs=1e-9)
        rolls_before = [x for x in r["dice"] if x["index"] < first["index"]]
        assert sum(x["swing"][first["seat"]] for x in rolls_before) == pytest.approx(fm - 0.5, abs=1e-9)


def test_dice_swings_follow_the_values():
    """Each roll's swing is its value after minus its value before, opposite for the two seats."""
    r = review(played("krig", {"hp": 6}, ["random", "random"], 8))
    assert r["dice"]
    for roll in r["dice"]:
        assert roll["swing"][0] == pytest.approx(roll["after"][0] - roll["before"][0], abs=1e-12)
        assert roll["swing"][0] == pytest.approx(-roll["swing"][1], abs=1e-12)


def test_judgements_and_accuracy_follow_the_documented_formulas():
    assert [judgement(x) for x in (0.0, 0.01, 0.03, 0.07, 0.2)] == list(JUDGEMENTS)
    assert accuracy([0.0, 0.0]) == pytest.approx(100.0)
    assert accuracy([0.1]) == pytest.approx(100 * math.exp(-1))
    assert accuracy([]) is None
    r = review(played("krig", {"hp": 8}, ["random", "random"], 5))
    for s in range(2):
        losses = [d["loss"] for d in r["decisions"] if d["seat"] == s and not d["forced"]]
        assert r["accuracy"][s] == pytest.approx(accuracy(losses))
        own = sum(d["loss"] for d in r["decisions"] if d["seat"] == s)
        other = sum(d["loss"] for d in r["decisions"] if d["seat"] != s)
        assert r["skill"][s] == pytest.approx(other - own)
    for d in r["decisions"]:
        assert d["judgement"] == judgement(d["loss"])
        assert d["best_win"] == pytest.approx(max(d["values"].values()))


def test_puzzles_are_the_worst_decisions():
    """The worst decisions that lost 2 points or more and whose best decision is clear by 2 points."""
    r = review(played("krig", {"hp": 10}, ["optimal", "random"], 11))
    worst = sorted((d["loss"] for d in r["decisions"] if not d["forced"] and d["loss"] >= 0.02 and d["clear_best"]),
                   reverse=True)
    assert [p["loss"] for p in r["puzzles"]] == worst[:3]
    for p in r["puzzles"]:
        assert p["seat"] == 1 and p["taken"] != p["best_action"]
        best = max(p["choices"], key=lambda c: c["win"])
        assert best["action"] == p["best_action"] and p["prompt"]


def test_an_unfinished_or_false_record_is_refused():
    rec = played("krig", {"hp": 4}, ["random", "random"], 2)
    with pytest.raises(ReviewError):
        review({**rec, "entries": rec["entries"][:-3]}, verify=False)
    bad = dict(rec, entries=[dict(e) for e in rec["entries"]])
    first = next(e for e in bad["entries"] if "seat" in e)
    first["action"] = "charge" if first["action"] != "charge" else "attack"
    with pytest.raises(ReviewError):
        review(bad)


def test_a_game_ended_by_a_claim_counts_its_named_winner():
    """A game the server ended (a claim) is reviewed up to there: the winners it named are the
    result, and what luck and skill leave of it is the residual."""
    rec = played("krig", {"hp": 12}, ["random", "random"], 4)
    cut = [i for i, e in enumerate(rec["entries"]) if "seat" in e][6]
    short = {**rec, "entries": rec["entries"][:cut], "ended": {"reason": "claim", "winners": [1]}}
    r = review(short)
    assert r["result"] == [0.0, 1.0] and len(r["decisions"]) == 6
    for s in range(2):
        assert r["start"][s] + r["luck"][s] + r["skill"][s] + r["residual"][s] == pytest.approx(r["result"][s], abs=1e-9)
    assert abs(r["residual"][1]) > 0.01
    forged = {**short, "entries": [dict(e) for e in short["entries"]]}
    roll = next(e for e in forged["entries"] if "roll" in e and e["roll"] == "d6")
    roll["outcome"] = 1 + roll["outcome"] % 6
    with pytest.raises(ReviewError):
        review(forged)
