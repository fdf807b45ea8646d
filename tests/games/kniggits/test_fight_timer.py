"""The fight's timer as the rules state it (the server keeps the clock: tests/server/test_timer.py)."""

from __future__ import annotations

import pytest

from brawl.core.game import IllegalAction, OptionsError
from brawl.games import make_game

from .helpers import battle, game, kn, play, to_fight


def test_only_a_fight_has_a_timer():
    """Rule 19 (ruling): the armies, rock-paper-scissors and moving have no clock; a fight has
    ``fight_timer`` seconds, 30 by default."""
    g = game()
    state = g.initial_state()
    assert g.decision_deadline(state) is None  # armies
    state = play(g, state, (0, "army:balanced"), (1, "army:balanced"))
    assert state.phase == "rps" and g.decision_deadline(state) is None
    s = battle(g, kn("A1", 10, 10), kn("B1", 10, 11.5))
    assert g.decision_deadline(s) is None  # moving
    s = to_fight(g, s)
    assert s.phase == "fight" and g.decision_deadline(s) == 30.0
    assert game(fight_timer=0.5).decision_deadline(s) == 0.5
    assert game(fight_timer=0).decision_deadline(s) is None


def test_the_stand_in_is_both_hands_none_and_does_nothing():
    """Fumbles; rules page, Kniggits, rule 19 (fumble): a side whose time ran out shows none with both hands:
    its sword strikes nothing and its shield stops nothing."""
    g = game()
    s = to_fight(g, battle(g, kn("A1", 10, 10), kn("B1", 10, 11.5)))
    for seat in (0, 1):
        assert g.timeout_action(s, seat) == "fight:A1-B1:none:none"
        assert g.timeout_action(s, seat) in g.legal_actions(s, seat)
    s = play(g, s, (0, "fight:A1-B1:high:low"), (1, g.timeout_action(s, 1)))
    a1, b1 = g.kniggit(s, "A1"), g.kniggit(s, "B1")
    assert (a1.move, a1.attack, a1.defense) == (3, 3, 3)
    assert (b1.move, b1.attack, b1.defense) == (3, 2, 3)  # the high blow went through


def test_no_stand_in_outside_a_fight_and_no_clock_by_default():
    """DEVELOPERS (the core): games have no clock unless they set one; Kniggits has a stand-in only
    for a fight."""
    g = game()
    with pytest.raises(IllegalAction, match="only a fight"):
        g.timeout_action(g.initial_state(), 0)
    krig = make_game("krig", {})
    assert krig.decision_deadline(krig.initial_state()) is None


@pytest.mark.parametrize("bad", [-1, 3601, "soon"])
def test_a_bad_timer_is_refused(bad):
    with pytest.raises(OptionsError, match="fight_timer"):
        game(fight_timer=bad)
