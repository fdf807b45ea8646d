"""Issue 38: reviews that tell the truth: calibrated estimates that say "uncertain" when unsure,
decisions compared without blind spots, luck and skill that add up for any number of seats, the
same review on any machine, and exact reviews where the game is small."""

from __future__ import annotations

import time

import numpy as np
import pytest

from brawl.games import make_game
from brawl.review import review
from brawl.review.candidates import compared, kind_of
from brawl.review.judge import JUDGEMENTS, judgement, judgement_of_interval
from brawl.review.policy import default_policy
from brawl.review.stats import difference_interval, interval

from .helpers import played


def test_playouts_that_all_agree_leave_room_for_what_they_cannot_see():
    """Issue 38, point 1: paired playouts that all agree give no zero-width interval: 32 equal
    differences leave a loss of 0.052 possible (the rule of three), so nothing is "best" by it."""
    lo, hi = difference_interval(np.zeros(32), 1.96)
    assert lo < -0.05 and hi > 0.052
    lo, hi = interval(np.ones(32))
    assert lo < 0.95 and hi == 1.0
    word, between = judgement_of_interval(0.0, hi, 0.0)
    assert word == "uncertain" and between[0] == "good"


def _first_bad_record():
    """A Krig record (optimal against random) whose exact review holds a mistake or a blunder."""
    for seed in range(1, 40):
        rec = played("krig", {"hp": 4}, ["optimal", "random"], seed)
        exact = review(rec)
        if any(d["loss"] >= 0.05 for d in exact["decisions"]):
            return rec, exact
    raise AssertionError("no record with a mistake")


def test_an_exact_mistake_is_never_called_good_or_best_by_an_estimate():
    """Issue 38, point 1: reviewed by estimate with the optimal bot, every exact mistake or blunder
    is judged mistake, blunder or uncertain, and a decision that loses nothing is never judged a
    mistake; a judgement comes only where the interval decides it."""
    rec, exact = _first_bad_record()
    est = review(rec, method="estimate", bot="optimal", budget=600)
    assert est["exact"] is False and est["playouts"] <= 600 + 8 * len(rec["entries"])
    for x, e in zip(exact["decisions"], est["decisions"]):
        assert x["index"] == e["index"]
        if x["loss"] >= 0.05:
            assert e["judgement"] in ("mistake", "blunder", "uncertain"), (x, e)
        if x["loss"] == 0:
            assert e["judgement"] not in ("mistake", "blunder"), (x, e)
        if e["judged"]:
            lo, hi = e["interval"]["loss"]
            assert judgement_of_interval(lo, hi, e["loss"])[0] == e["judgement"]


def test_a_small_budget_judges_nothing_and_says_so():
    """Issue 38, points 1 and 2: with too few playouts to decide, decisions are "uncertain" (never
    "good" or "best" by default), accuracy counts judged decisions only (none: no accuracy), and the
    JSON says how many were judged and how many decisions were compared out of how many."""
    rec = played("ktog", {"players": 3, "hp": 3}, ["random"] * 3, 4)
    r = review(rec, budget=50, playouts=2)
    choices = [d for d in r["decisions"] if not d["forced"] and not d["simultaneous"]]
    assert choices and all(d["judgement"] == "uncertain" and not d["judged"] for d in choices)
    assert r["accuracy"] == [None, None, None]
    assert r["judged"]["decisions"] == 0 and r["judged"]["choices"] == len(choices)
    assert all(s["judged"] == 0 for s in r["seats"])
    for d in choices:
        assert d["compared"] == len(d["values"]) and d["legal"] >= d["compared"]


def test_the_decisions_compared_hold_the_taken_the_bots_and_every_kind():
    """Issue 38, point 2: with many legal decisions, the set compared holds the decision taken,
    the policy's suggestions, and one of every kind (an attack on each target, each spell)."""
    import random

    game = make_game("ktog", {"players": 8, "hp": 3})
    state = game.initial_state()
    from brawl.core.game import Chance, Decision
    from brawl.core.sources import SeededDice

    dice = SeededDice(1)
    while not isinstance(game.node(state), Decision):
        state = game.apply_chance(state, dice.roll(game.node(state).event))
    seat = game.node(state).seats[0]
    legal = game.legal_actions(state, seat)
    assert len(legal) > 12
    taken = legal[-1]
    names, count = compared(game, state, seat, taken, ["bless"], random.Random(1))
    assert names[0] == taken and "bless" in names and count == len(legal)
    assert {kind_of(a) for a in legal} <= {kind_of(a) for a in names}
    assert all(f"attack:{t}" in names for t in range(1, 9) if f"attack:{t}" in legal)
    assert kind_of("move:3,4") == kind_of("move:5.5,1.25") != kind_of("attack:2")


def test_the_playouts_mix_bots_and_random_decisions():
    """Issue 38, point 2: the playouts have no one bot's fixed habit: a mix of bots, seat by seat,
    with random decisions among them; the optimal bot alone where a solution can play."""
    many = default_policy(make_game("ktog", {"players": 4}))
    assert len(many.bots) >= 2 and many.epsilon > 0
    assert default_policy(make_game("krig", {"hp": 4})).bots == ["optimal"]


def test_luck_and_skill_add_up_for_every_seat_of_a_three_player_game():
    """Issue 38, point 3: start + luck + skill = result for each of three seats (no residual in a
    game the rules ended), and the skills of all seats add up to zero (a loss is not credited to
    every other seat)."""
    rec = played("ktog", {"players": 3, "hp": 3}, ["heuristic", "random", "random"], 6)
    r = review(rec, budget=1500)
    for s in r["seats"]:
        assert s["start"] + s["luck"] + s["skill"] + s["residual"] == pytest.approx(s["result"], abs=1e-9)
        assert s["residual"] == pytest.approx(0.0, abs=1e-9)
        assert s["skill"] == pytest.approx(s["skill_own"] + s["skill_others"], abs=1e-12)
    assert sum(r["skill"]) == pytest.approx(0.0, abs=1e-9)
    assert sum(r["luck"]) == pytest.approx(0.0, abs=1e-9)


def test_exact_luck_and_skill_add_up_and_skill_is_minus_own_losses_plus_others():
    """Issue 38, point 3: in an exact two-player review each seat's skill is the other's losses
    minus its own, and start + luck + skill = result."""
    r = review(played("krig", {"hp": 6}, ["random", "optimal"], 5))
    lost = [sum(d["loss"] for d in r["decisions"] if d["seat"] == s) for s in range(2)]
    for s in range(2):
        assert r["skill"][s] == pytest.approx(lost[1 - s] - lost[s], abs=1e-9)
        seat = r["seats"][s]
        assert seat["start"] + seat["luck"] + seat["skill"] + seat["residual"] == pytest.approx(seat["result"], abs=1e-12)


def test_the_same_review_on_a_busy_machine(monkeypatch):
    """Issue 38, point 4: the budget is counted in playouts, so a clock that runs fast (a busy
    machine) changes nothing; progress is reported in playouts."""
    rec = played("ktog", {"players": 3, "hp": 3}, ["random"] * 3, 2)
    seen: list[tuple[int, int]] = []
    quiet = review(rec, budget=400, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][1] == 400 and all(d <= t for d, t in seen)
    clock = {"t": 0.0}

    def busy() -> float:
        clock["t"] += 5.0
        return clock["t"]

    monkeypatch.setattr(time, "perf_counter", busy)
    monkeypatch.setattr(time, "process_time", busy)
    assert review(rec, budget=400) == quiet


def test_rock_paper_scissors_is_exact_each_round_a_matrix_game():
    """Issue 38, point 5: rock-paper-scissors starts at 50% for each side (each round a matrix
    game); every choice the equilibrium uses loses nothing; what a round does is luck."""
    rec = played("rps", {}, ["random", "random"], 3)
    r = review(rec)
    assert r["exact"] is True and r["method"] == "matrix"
    assert r["start"] == pytest.approx([0.5, 0.5], abs=1e-9)
    assert all(d["loss"] == pytest.approx(0.0, abs=1e-9) and d["judgement"] == "best" for d in r["decisions"])
    for s in range(2):
        assert r["start"][s] + r["luck"][s] + r["skill"][s] == pytest.approx(r["result"][s], abs=1e-9)
    assert r["skill"] == pytest.approx([0.0, 0.0], abs=1e-9)


def test_labels_follow_the_thresholds_and_the_summary_counts_them():
    """Issue 38, point 5: an exact judgement is the one its loss's band names (a loss of 0.156 is a
    blunder), and the counts per seat are the judgements listed."""
    r = review(played("krig", {"hp": 5}, ["random", "random"], 7))
    for d in r["decisions"]:
        assert d["judgement"] == judgement(d["loss"])
    for s in r["seats"]:
        mine = [d["judgement"] for d in r["decisions"] if d["seat"] == s["seat"]]
        assert all(s["judgements"][k] == mine.count(k) for k in JUDGEMENTS)
    assert judgement(0.156) == "blunder" and judgement(0.049) == "inaccuracy"


def test_puzzles_only_where_the_loss_is_certain_and_the_best_clear():
    """Issue 38, point 6 (puzzles): a puzzle comes only from a judged decision (never uncertain)
    that lost, whose best decision beats every other compared one by 2 points."""
    for seed in range(1, 30):
        r = review(played("krig", {"hp": 5}, ["random", "optimal"], seed))
        if r["puzzles"]:
            break
    assert r["puzzles"]
    by_index = {d["index"]: d for d in r["decisions"]}
    for p in r["puzzles"]:
        d = by_index[p["index"]]
        assert d["judged"] and d["judgement"] in ("inaccuracy", "mistake", "blunder") and d["clear_best"]
        wins = sorted((c["win"] for c in p["choices"]), reverse=True)
        assert wins[0] - wins[1] >= 0.02
    est = review(played("ktog", {"players": 3, "hp": 3}, ["random"] * 3, 4), budget=50, playouts=2)
    assert est["puzzles"] == []  # nothing judged, nothing to practise
