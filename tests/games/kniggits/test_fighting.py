"""Phases two and three: turning and fighting; the results; fleeing; winning."""

from __future__ import annotations

import pytest

from brawl.core.game import IllegalAction

from .helpers import battle, fight, game, get, kn, play, to_fight


def engaged_pair(g, a=(3, 3, 3), b=(3, 3, 3), **kw):
    """A1 and B1 face each other 1.5 inches apart, plus a spare kniggit each far away."""
    s = battle(g, kn("A1", 10, 10, *a, facing="B1"), kn("B1", 10, 11.5, *b, facing="A1"),
               kn("A2", 30, 2), kn("B2", 2, 34), **kw)
    return to_fight(g, s)


def test_turn_has_three_phases_in_order():
    """Playing: moving, then turning by the opponent, then fighting by the mover."""
    g = game()
    s = battle(g, kn("A1", 11, 5, m=6), kn("A2", 13.5, 10.5), kn("B1", 10, 14), kn("B2", 12, 14))
    s = g.apply_action(s, 0, "move:A1:11:13")  # stops where B1 and B2 are both 2 inches away
    assert s.phase == "move" and get(g, s, "A1").y == pytest.approx(14 - 3 ** 0.5)
    s = g.apply_action(s, 0, "move:A2:13.5:13")  # B2 now has two attackers
    s = g.apply_action(s, 0, "end_move")
    assert s.phase == "turning"
    assert g.node(s).seats == (1,) and g.node(s).kind == "reaction"
    s = g.apply_action(s, 1, "end_turning")
    assert s.phase == "fight"
    assert [f[0] for f in s.fights] == ["A1", "A2"]


def test_opponent_turns_toward_one_attacker():
    """Phase two: the opponent turns each kniggit in combat to face one of its attackers."""
    g = game()
    s = battle(g, kn("A1", 9, 10), kn("A2", 11, 10), kn("B1", 10, 11.2, facing="A1"), kn("B2", 30, 34))
    s = g.apply_action(s, 0, "end_move")
    assert s.phase == "turning"
    legal = g.legal_actions(s, 1)
    assert "face:B1:A2" in legal and "end_turning" in legal
    s = g.apply_action(s, 1, "face:B1:A2")
    s = g.apply_action(s, 1, "end_turning")
    assert get(g, s, "B1").facing == "A2"
    # A1 attacks a B1 that faces away: B1 only defends (no sword choices)
    assert s.fights[0][:2] == ("A1", "B1")
    assert all(a.split(":")[2] == "none" for a in g.legal_actions(s, 1))
    with pytest.raises(IllegalAction):
        g.apply_action(s, 1, "fight:A1-B1:high:low")


def test_single_attacker_is_faced_without_asking():
    """Phase two: with one enemy within 2 inches there is nothing to choose (ruling)."""
    g = game()
    s = battle(g, kn("A1", 10, 5, m=6), kn("B1", 10, 12, facing=""), kn("B2", 30, 34))
    s = play(g, s, (0, "move:A1:10:11"), (0, "end_move"))
    assert s.phase == "fight" and get(g, s, "B1").facing == "A1"


def test_both_facing_both_attack():
    """Phase three: both kniggits facing one another both attack with sword and shield."""
    g = game()
    s = engaged_pair(g)
    assert g.node(s).kind == "simultaneous" and g.node(s).seats == (0, 1)
    assert "fight:A1-B1:high:middle" in g.legal_actions(s, 1)


def test_undefended_heights_knock_down_tokens():
    """The Results: high costs an attack token, middle a defense token, low a movement token."""
    g = game()
    for height, colour in (("high", "attack"), ("middle", "defense"), ("low", "move")):
        s = engaged_pair(g)
        s = fight(g, s, f"{height}:none", "none:none")
        b1 = get(g, s, "B1")
        assert b1.tokens(colour) == 2
        assert b1.total == 8


def test_defended_height_does_nothing():
    """The Results: attacking at the height the other defends does nothing."""
    g = game()
    s = fight(g, engaged_pair(g), "middle:low", "low:middle")
    assert get(g, s, "B1").total == 9 and get(g, s, "A1").total == 9


def test_blows_land_at_once():
    """Phase three: both hands are shown at once; both sides' blows land."""
    g = game()
    s = fight(g, engaged_pair(g), "high:high", "low:low")
    assert get(g, s, "B1").attack == 2 and get(g, s, "A1").move == 2


def test_fumble_a_hand_showing_none_has_no_effect():
    """Fumbles: a hand that messes up has no effect: no attack, or no defense."""
    g = game()
    s = fight(g, engaged_pair(g), "none:none", "high:none")
    assert get(g, s, "A1").attack == 2 and get(g, s, "B1").total == 9


def test_no_attack_tokens_no_attack():
    """The Results: kniggits with no attack tokens left cannot attack."""
    g = game()
    s = battle(g, kn("A1", 10, 10, 3, 0, 3, facing="B1"), kn("B1", 10, 11.5, facing="A1"), kn("A2", 30, 2))
    s = to_fight(g, s)
    assert s.phase == "move" and s.to_act == 1  # no fight: A1 cannot attack


def test_no_defense_tokens_no_defense():
    """The Results: kniggits with no defense tokens left cannot defend."""
    g = game()
    s = engaged_pair(g, b=(3, 3, 0))
    shields = {a.split(":")[3] for a in g.legal_actions(s, 1)}
    assert shields == {"none"}


def test_one_colour_left_flees_and_cannot_attack():
    """The Results: only tokens of one colour left: scared, runs away, may not attack."""
    g = game()
    s = engaged_pair(g, b=(3, 1, 1))
    s = fight(g, s, "high:none", "none:none")  # B1 loses its last attack token: move and defense left
    assert get(g, s, "B1").status == "fighting"
    s2 = engaged_pair(g, b=(3, 3, 1))
    s2 = fight(g, s2, "middle:none", "none:none")
    assert get(g, s2, "B1").status == "fighting"
    s3 = engaged_pair(g, b=(3, 0, 1))  # a kniggit already without attack tokens
    s3 = fight(g, s3, "middle:none", "none:low")
    assert get(g, s3, "B1").status == "fleeing"


def test_fleeing_runs_for_its_edge_and_leaves():
    """The Results and the rules page, Kniggits, rule 23: a fleeing kniggit moves at full speed toward its own edge and
    leaves the game on reaching it."""
    g = game()
    s = battle(g, kn("A1", 10, 20), kn("B1", 5, 26, 2, 0, 0, status="fleeing"), kn("B2", 30, 34), to_act=0)
    s = play(g, s, (0, "end_move"))  # Blue's turn starts: B1 runs 4 inches by itself
    b1 = get(g, s, "B1")
    assert b1.status == "fleeing" and b1.pos == pytest.approx((5, 30))
    s = play(g, s, (1, "end_move"), (0, "end_move"))
    assert get(g, s, "B1").pos == pytest.approx((5, 34))
    s = play(g, s, (1, "end_move"), (0, "end_move"))
    assert get(g, s, "B1").status == "gone"
    assert any("leaves the game" in e for e in s.events)


def test_fleeing_kniggit_still_stops_at_enemies():
    """Phase one applies to fleeing kniggits too (ruling): it stops 2 inches from an enemy."""
    g = game()
    s = battle(g, kn("A1", 5, 33), kn("A2", 30, 2), kn("B1", 5, 27, 4, 0, 0, status="fleeing"), kn("B2", 30, 34))
    s = play(g, s, (0, "end_move"))
    assert get(g, s, "B1").pos == pytest.approx((5, 31))


def test_fleeing_in_combat_by_the_side_runs_straight_away_to_the_side():
    """Rule 23 with rule 14 (``disengage=direct``): a fleeing kniggit in combat that may not run
    for its edge runs straight away from its enemy; beside the table's side the straight line is
    cut where it reaches the side, not bent along it (a bent line is not "directly away", and the
    kniggit would stay put for good)."""
    g = game(disengage="direct")
    s = battle(g, kn("A1", 34.4, 21.0), kn("B1", 35.6, 20.0, 4, 0, 0, status="fleeing"), kn("B2", 2, 34), to_act=1)
    path = g.flee_path(s, get(g, s, "B1"))
    assert path is not None and path[0] == (35.6, 20.0)
    end = path[-1]
    away = (35.6 - 34.4, 20.0 - 21.0)
    assert end[0] == pytest.approx(36.0)  # as far as the side of the table
    assert (end[0] - 35.6) * away[1] == pytest.approx((end[1] - 20.0) * away[0])  # on the line straight away


def test_win_when_every_enemy_flees_or_is_gone():
    """Winning: you win when all of your opponent's kniggits are leaving the game."""
    g = game()
    s = battle(g, kn("A1", 10, 10, facing="B1"), kn("B1", 10, 11.5, 3, 0, 1), kn("B2", 2, 34, 2, 0, 0, status="fleeing"))
    s = to_fight(g, s)
    s = fight(g, s, "middle:none", "none:high")
    assert g.is_terminal(s) and g.winners(s) == (0,)


def test_fight_choice_checks():
    """Bad fight decisions are refused and change nothing; a seat cannot choose twice."""
    g = game()
    s = engaged_pair(g)
    before = g.dumps(s)
    for bad in ("fight:A1-B2:high:high", "fight:A1-B1:up:high", "fight:A1-B1:high", "end_move"):
        with pytest.raises(IllegalAction):
            g.apply_action(s, 0, bad)
    assert g.dumps(s) == before
    s = g.apply_action(s, 0, "fight:A1-B1:high:high")
    with pytest.raises(IllegalAction):
        g.apply_action(s, 0, "fight:A1-B1:low:low")


def test_mover_can_choose_whom_to_face():
    """Phase one: with more than one enemy within two inches, the mover names the one he turns to."""
    g = game()
    s = battle(g, kn("A1", 10, 10), kn("B1", 9, 11.2), kn("B2", 11, 11.2), kn("A2", 30, 2))
    s = play(g, s, (0, "face:A1:B2"), (0, "end_move"))
    if s.phase == "turning":
        s = g.apply_action(s, 1, "end_turning")
    assert s.fights[0][:2] == ("A1", "B2")
    with pytest.raises(IllegalAction):
        g.apply_action(battle(g, kn("A1", 10, 10), kn("B1", 20, 20)), 0, "face:A1:B1")


def test_fleeing_kniggit_in_combat_runs_directly_away():
    """The Results with Phase one (ruling 23): a fleeing kniggit in combat that may not run for its
    edge runs straight away from its enemy instead."""
    g = game()
    # B1 flees toward y = 36, but A1 stands beside it toward that edge's right: not directly away
    s = battle(g, kn("A1", 11, 21, 3, 0, 3), kn("A2", 30, 2), kn("B1", 10, 20, 3, 0, 0, status="fleeing"), kn("B2", 30, 34))
    s = play(g, s, (0, "end_move"))
    b1 = get(g, s, "B1")
    assert b1.pos == pytest.approx((10 - 6 / 2 ** 0.5, 20 - 6 / 2 ** 0.5))
