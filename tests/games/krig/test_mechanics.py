"""Krig's mechanics, one rule a test, each against the seed sentence or ruling it comes from."""

from __future__ import annotations

from brawl.games import make_game
from brawl.games.krig import mechanics as M


def test_agility_one_misses_and_ten_is_critical():
    """Author, attack: "If the agility d10 result is 1, the attack misses; if the result is 10,
    the attack is a critical hit"."""
    assert [a for a in range(1, 11) if M.is_miss(a)] == [1]
    assert [a for a in range(1, 11) if M.is_critical(a)] == [10]
    assert M.MISS_FACES + M.CRITICAL_FACES + M.ORDINARY_FACES == M.AGILITY_SIDES == 10


def test_parry_needs_the_d4_at_least_the_attack_d6():
    """Author, parry: successful if the d4 is equal to or greater than the attack d6."""
    assert M.parry_succeeds(3, 3) and M.parry_succeeds(4, 1)
    assert not M.parry_succeeds(3, 4)
    assert [M.parry_faces(b) for b in range(1, 7)] == [4, 3, 2, 1, 0, 0]
    assert all(M.parry_faces(b) == sum(M.parry_succeeds(f, b) for f in range(1, 5)) for b in range(1, 7))


def test_defense_absorbs_first_then_hit_points():
    """Author, defend: the d8 absorbs damage, decreasing until 0; the rest comes off hit points."""
    assert M.absorb(20, 5, 3) == (20, 2)
    assert M.absorb(20, 5, 8) == (17, 0)
    assert M.absorb(2, 0, 6) == (0, 0)


def test_critical_ignores_defense():
    """Author, attack: critical hits deal damage directly to hit points, ignoring any defense."""
    assert M.critical_hit(20, 6) == 14 and M.critical_hit(3, 6) == 0


def test_charge_damage_is_d6_plus_d8():
    """Author, charge: the opponent subtracts the combined results of the attack d6 and defense d8."""
    assert M.charge_damage(6, 8) == 14 and M.charge_damage(1, 1) == 2


def test_charge_keeps_or_drops_defense_by_edition():
    """Rules page, Krig, Charge: article, the active defense is lost at once; author, it stays."""
    assert M.defense_after_charge(True, 6) == 0
    assert M.defense_after_charge(False, 6) == 6
    assert M.DEFENSE_AFTER_CHARGE_ATTACK == 0  # Rules page, Krig, Charge attack (both editions)


def test_no_parry_while_charging_only_in_the_article():
    """Article: "A player cannot parry while charging"; rules page, Krig, Charge: author allows it."""
    assert not M.may_parry(True, True)
    assert M.may_parry(False, True) and M.may_parry(True, False)


def test_initiative_higher_d10_first_ties_reroll():
    """Author: roll and compare the agility d10; ties re-roll (rules page, Krig, Set-up)."""
    assert M.initiative_first(7, 3) == 0 and M.initiative_first(2, 9) == 1 and M.initiative_first(5, 5) == -1


def test_zero_hit_points_loses():
    """Rules page, Krig, The end: a player at 0 or fewer hit points loses."""
    assert M.knocked_out(0) and M.knocked_out(-3) and not M.knocked_out(1)


def test_hints_take_their_numbers_from_the_mechanics(monkeypatch):
    """The engine's hints say what the mechanics say: change a number there and the hint follows."""
    game = make_game("krig", {})
    state = game.initial_state()
    assert "hits 9 in 10" in game.action_odds(state, 0, "attack")
    monkeypatch.setattr(M, "MISS_FACES", 2)
    assert "hits 8 in 10" in game.action_odds(state, 0, "attack")
