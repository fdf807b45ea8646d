"""Dice as chance events and dice notation (DEVELOPERS.md: dice are chance events)."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from brawl.core.dice import ChanceEvent, DiceNotationError, die, parse, roll_event


def test_die_is_uniform_and_exact():
    d6 = die(6)
    assert d6.outcomes == (1, 2, 3, 4, 5, 6)
    assert all(p == Fraction(1, 6) for p in d6.probabilities)
    assert d6.denominator() == 6


def test_two_d6_plus_three_distribution():
    dist = parse("2d6+3").distribution()
    assert min(dist) == 5 and max(dist) == 15
    assert dist[10] == Fraction(6, 36)  # 7 on 2d6
    assert sum(dist.values()) == 1


def test_keep_highest_three_of_four_d6():
    dist = parse("4d6kh3").distribution()
    assert min(dist) == 3 and max(dist) == 18
    assert dist[18] == Fraction(21, 1296)  # four sixes, or three sixes and anything: 1 + 4*5
    assert dist[3] == Fraction(1, 1296)
    assert parse("4d6kh3").mean() == Fraction(15869, 1296)


def test_keep_lowest_and_reroll_ones():
    assert parse("2d20kl1").distribution()[20] == Fraction(1, 400)
    cure = parse("d10r1").distribution()  # KtOG Cure: d10, 1s re-rolled -> 2..10 uniform
    assert sorted(cure) == list(range(2, 11)) and set(cure.values()) == {Fraction(1, 9)}


def test_d20_single_and_constant_negative():
    assert parse("d20").distribution()[20] == Fraction(1, 20)
    assert parse("d8-1").minimum() == 0 and parse("d8-1").maximum() == 7


@pytest.mark.parametrize("bad", ["", "d", "2d", "d0", "0d6", "2x6", "4d6kh5", "d6r6", "3d6++", "abc"])
def test_bad_notation_is_refused_clearly(bad):
    with pytest.raises(DiceNotationError):
        parse(bad)


def test_chance_event_checks_probabilities():
    with pytest.raises(ValueError):
        ChanceEvent("bad", (1, 2), (Fraction(1, 2), Fraction(1, 3)))


@given(st.integers(1, 4), st.integers(2, 12), st.integers(-5, 5))
def test_notation_distribution_sums_to_one(count, sides, constant):
    expr = f"{count}d{sides}{constant:+d}"
    dist = parse(expr).distribution()
    assert sum(dist.values()) == 1
    assert min(dist) == count + constant and max(dist) == count * sides + constant


@given(st.integers(1, 30))
def test_pick_covers_each_outcome_in_proportion(sides):
    event = roll_event("2d6") if sides % 2 else die(sides)
    d = event.denominator()
    counts = {}
    for r in range(d):
        o = event.pick(r)
        counts[o] = counts.get(o, 0) + 1
    for outcome, p in event.items():
        assert Fraction(counts[outcome], d) == p
