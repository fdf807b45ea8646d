"""KtOG's mechanics, one rule a test, each against the seed section or ruling it comes from."""

from __future__ import annotations

from brawl.games import make_game
from brawl.games.ktog import mechanics as M


def test_threshold_modifiers():
    """Seed rule 3 (14 to hit), Spells 1.3 (Bless -2), More rules 2 (+2 against the disarmed, -1 to
    hit bare-handed), rule 3 and rules page, KtOG, classes (fighter -2)."""
    assert M.hit_threshold(14, False, False, False, False) == 14
    assert M.hit_threshold(14, True, False, False, False) == 12
    assert M.hit_threshold(14, True, True, False, False) == 10  # "as low as a 10 if a Bless is in effect"
    assert M.hit_threshold(14, False, False, True, False) == 15
    assert M.hit_threshold(14, False, False, False, True) == 12


def test_natural_twenty_always_hits_natural_one_never():
    """More rules 1: a natural 20 is a critical hit, a natural 1 a critical miss."""
    assert M.attack_hits(20, 25) and M.is_critical_hit(20)
    assert not M.attack_hits(1, -5) and M.is_critical_miss(1)
    assert M.attack_hits(14, 14) and not M.attack_hits(13, 14)
    assert [M.attack_faces(t) for t in (14, 12, 2, 21)] == [7, 9, 19, 1]
    assert all(M.attack_faces(t) == sum(M.attack_hits(r, t) for r in range(1, 21)) for t in range(-3, 25))


def test_disarm_needs_seventeen_or_sixteen_blessed():
    """More rules 2.1: "rolls a 17 or higher (or a 16 when using a Bless)"; a natural 1 is a critical
    miss (rules page, KtOG, Disarm attempt)."""
    assert M.disarm_target(False) == 17 and M.disarm_target(True) == 16
    assert M.disarm_succeeds(17, 17) and not M.disarm_succeeds(16, 17) and not M.disarm_succeeds(1, 1)
    assert M.disarm_faces(17) == 4 and M.disarm_faces(16) == 5


def test_damage_bare_handed_then_mighty_blow():
    """Rules page, KtOG, After a hit, step 3: d6 or 2d6; bare-handed -2 (not below 0); then Mighty Blow x2."""
    assert M.damage_dice(False) == 1 and M.damage_dice(True) == 2
    assert M.damage(5, False, False) == 5 and M.damage(5, False, True) == 10
    assert M.damage(5, True, True) == 6 and M.damage(1, True, False) == 0


def test_critical_miss_self_hit_and_drop():
    """More rules 1: 17 or higher hits himself; then 17 or higher drops the weapon (2 turns); FAQ 2
    (``fumble_flying``): a 1 on the drop roll sends it flying for 3 turns."""
    assert M.fumble_self_hit(17) and not M.fumble_self_hit(16) and not M.fumble_self_hit(1)
    assert M.fumble_drop_turns(17, False) == 2 and M.fumble_drop_turns(16, True) == 0
    assert M.fumble_drop_turns(1, False) == 0 and M.fumble_drop_turns(1, True) == 3


def test_scrambling():
    """Rules page, KtOG, Disarmed: one turn per scramble, two with Haste (only with two or more to go)."""
    assert M.scramble_left(2, 1) == 1 and M.scramble_left(1, 2) == 0 and M.scramble_left(3, 2) == 1
    assert M.may_haste_scramble(2) and not M.may_haste_scramble(1)


def test_cure_heals_two_to_ten_capped():
    """Spells 1.2: heals 2-10 (d10, 1s re-rolled); rules page, KtOG, Cure: capped with ``cure_cap``."""
    assert (M.CURE_MIN, M.CURE_SIDES, M.CURE_FACES) == (2, 10, 9)
    assert M.cured(15, 8, 20, True) == 20 and M.cured(15, 8, 20, False) == 23 and M.cured(3, 2, 20, True) == 5


def test_standing_at_zero_and_fighters():
    """Rule 5: a percentile roll of 50 or under stays standing; rule 3 (classes): a fighter has 5 more
    hit points (rules page, KtOG, classes)."""
    assert M.stands_at_zero(50) and not M.stands_at_zero(51)
    assert M.FIGHTER_HP == 5 and M.knocked_out(0) and not M.knocked_out(1)


def test_hints_take_their_numbers_from_the_mechanics(monkeypatch):
    """The Bless hint says what the mechanics say (it once wrote 16+ by hand): change the disarm target
    there and the hint follows."""
    game = make_game("ktog", {})
    state = game.initial_state()
    while game.node(state).__class__.__name__ == "Chance":
        state = game.apply_chance(state, game.node(state).event.outcomes[-1 - len(state.rolls)])
    assert "16+ to disarm" in game.action_odds(state, state.to_act, "bless")
    monkeypatch.setattr(M, "DISARM_TARGET", 18)
    assert "17+ to disarm" in game.action_odds(state, state.to_act, "bless")
    assert "need 18+: 15%" == game.action_odds(state, state.to_act, f"disarm:{2 - state.to_act}")
