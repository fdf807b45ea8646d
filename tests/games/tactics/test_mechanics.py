"""The arithmetic of the rules, once (issue 13, "Mechanics per game"): each formula of
``mechanics`` against the seed's words, and the odds, words and bots using those very functions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from brawl.games.tactics import heuristic, mechanics as M, odds, words
from brawl.games.tactics.grid import path_feet, step_squares


def test_strength_to_damage_by_grip():
    """Seed (Damage): the Strength bonus one-handed in the main hand, half of it in the off hand,
    one and a half times two-handed; ruling (SRD): a bow adds a Strength penalty but no bonus."""
    assert [M.strength_to_damage(3, g) for g in ("main", "off", "two", "bow")] == [3, 1, 4, 0]
    assert [M.strength_to_damage(-1, g) for g in ("main", "off", "two", "bow")] == [-1, -1, -1, -1]


def test_bleeding_and_dying():
    """Seed (Conditions): an incapacitated character rolls d10: a 10 stabilizes it, anything else
    costs 1 hit point; at -10 it is dead, at 1 conscious."""
    assert M.bleeding(-3, 10) == (True, -3)
    assert M.bleeding(-3, 9) == (False, -4)
    assert M.is_dead(-10) and not M.is_dead(-9)
    assert M.is_up(1) and not M.is_up(0)


def test_trip_dc_and_the_will_half():
    """Seed (Difficulty Check, the trip example): Jeff's Str 8 (-1) "only generates a 9 DC"; SRD
    (inflict spells): a Will save halves the damage, rounded down."""
    assert M.trip_dc(-1) == 9
    assert M.half(9) == 4


def test_d20_naturals_and_chances():
    """Seed (Armor Class): a natural 1 misses and a natural 20 is a critical whatever the numbers;
    Steve's sword (+8 against AC 10) hits 19 in 20 (seed: Damage, example)."""
    assert M.d20_result(1, 30, 10) == "miss" and M.d20_result(20, -30, 40) == "crit"

    class Profile:
        bonus, ac, crit_lo = 8, 10, 19

    assert M.hit_chance(Profile) == Fraction(19, 20) and M.crit_chance(Profile) == Fraction(2, 20)
    assert M.save_chance(3, 15, True) == Fraction(9, 20)  # seed: Steve's fireball save fails 55%


def test_range_and_speed():
    """Ruling (SRD): -2 for each full range increment past the first; a hamstrung character moves
    half its speed in whole squares, at least one; seed (Range): diagonals count 5-10-5."""
    assert [M.range_penalty(f, 60) for f in (5, 60, 65, 125)] == [0, 0, -2, -4]
    assert [M.hamstrung_speed(f) for f in (30, 20, 40, 5)] == [15, 10, 20, 5]
    assert [step_squares(True, k) for k in range(4)] == [1, 2, 1, 2] and step_squares(False, 1) == 1
    assert path_feet([(0, 0), (1, 1), (2, 2), (3, 3)]) == 20


def test_the_odds_the_words_and_the_bots_use_the_rules_arithmetic():
    """No second copy of a formula: the odds service, the words beside a decision and the bots call
    the functions the rules call."""
    assert odds.hit_chance is M.hit_chance and odds.save_chance is M.save_chance
    assert odds.d20_result is M.d20_result and odds.save_result is M.save_result
    assert words.hit_chance is M.hit_chance and heuristic.hit_chance is M.hit_chance


def test_expected_damage_counts_criticals_and_the_least_damage():
    """Seed (Critical hits: a 20 threatens, damage dice multiplied) and the SRD's weapon damage of
    at least 1: the average is worked out roll by roll, the way the rules deal it."""
    from brawl.games.tactics.attacks import AttackProfile
    from brawl.games.tactics.mechanics import expected_damage

    def profile(bonus, ac, dice, mult=2, crit_lo=20, min_one=True, sneak=0):
        return AttackProfile(bonus, ac, crit_lo, mult, dice, sneak, min_one, False, False, (), ())

    # hits on 11-20 (10 in 20), a critical on 20 (1 in 20): 9/20 x 3.5 + 1/20 x 7
    assert expected_damage(profile(0, 11, "1d6")) == pytest.approx(9 / 20 * 3.5 + 1 / 20 * 7)
    # 1d4-1 deals at least 1: the rolls 1, 2, 3, 4 deal 1, 1, 2, 3 (mean 7/4), only on a natural 20
    assert expected_damage(profile(0, 30, "1d4-1", mult=1)) == pytest.approx(1 / 20 * 7 / 4)
    assert expected_damage(profile(0, 30, "1d4-1", mult=1, min_one=False)) == pytest.approx(1 / 20 * 6 / 4)
