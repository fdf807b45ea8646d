"""Scenarios and objectives; carrying takes a hand; the turn limit."""

from __future__ import annotations

import pytest

from brawl.core.game import IllegalAction, OptionsError
from brawl.games.kniggits.model import Item

from .helpers import battle, fight, game, get, kn, play, to_fight


def test_flags_stand_before_each_edge():
    """Scenarios, capture the flag (ruling 35): each flag 2 inches in front of its army's edge."""
    g = game(scenario="flag")
    flags = {it.owner: it.pos for it in g.initial_state().items if it.kind == "flag"}
    assert flags == {0: (18.0, 2.0), 1: (18.0, 34.0)}


def test_capture_the_flag_wins_at_own_edge():
    """Scenarios: carrying the enemy flag to one's own edge wins (ruling 36)."""
    g = game(scenario="flag")
    items = [Item("flag-0", "flag", 18, 2, owner=0), Item("flag-1", "flag", 18, 10, owner=1)]
    s = battle(g, kn("A1", 18, 10.5, m=6), kn("B1", 2, 34), kn("B2", 34, 34), items=items)
    with pytest.raises(IllegalAction):
        g.apply_action(s, 0, "pick:A1:flag-0:sword")  # one's own flag is not carried
    s = play(g, s, (0, "pick:A1:flag-1:sword"))
    assert get(g, s, "A1").carrying == "flag-1" and g.item(s, "flag-1").carrier == "A1"
    s = play(g, s, (0, "move:A1:18:0"))
    assert g.is_terminal(s) and g.winners(s) == (0,)


def test_carrying_takes_a_hand():
    """Scenarios: carrying takes one hand: unable to fight (sword hand) or to defend (shield hand)."""
    g = game(scenario="princess")
    for hand, sword_ok, shield_ok in (("sword", False, True), ("shield", True, False)):
        items = [Item("princess", "princess", 10, 10)]
        s = battle(g, kn("A1", 10, 10), kn("B1", 10, 11.5, facing="A1"), kn("A2", 30, 2), to_act=0, items=items)
        s = play(g, s, (0, f"pick:A1:princess:{hand}"), (0, "face:A1:B1"))
        s = to_fight(g, s)
        if not sword_ok:
            assert s.phase != "fight" or s.fights[0][0] != "A1"
            continue
        mine = g.legal_actions(s, 0)
        assert any(a.split(":")[2] == "high" for a in mine)
        assert {a.split(":")[3] for a in mine} == {"none"}


def test_carrying_hand_cannot_defend_when_attacked():
    """Scenarios: a kniggit carrying with the shield hand cannot defend."""
    g = game(scenario="grail")
    items = [Item("grail", "grail", 10, 11.5, carrier="B1")]
    s = battle(g, kn("A1", 10, 10, facing="B1"), kn("B1", 10, 11.5, facing="", carrying="grail", hand="shield"),
               kn("A2", 30, 2), items=items)
    s = to_fight(g, s)
    assert {a.split(":")[3] for a in g.legal_actions(s, 1)} == {"none"}


def test_rescue_the_princess():
    """Scenarios: the princess must be carried; carried to one's own edge, she is rescued."""
    g = game(scenario="princess")
    assert [it.pos for it in g.initial_state().items] == [(18.0, 18.0)]
    items = [Item("princess", "princess", 18, 30.5)]
    s = battle(g, kn("A1", 30, 2), kn("B1", 18, 30, m=6), kn("B2", 2, 34), to_act=1, items=items)
    s = play(g, s, (1, "pick:B1:princess:sword"), (1, "move:B1:18:36"))
    assert g.winners(s) == (1,)


def test_fleeing_carrier_drops_what_it_carries():
    """Scenarios with The Results (ruling 31): a kniggit that flees drops what it carries."""
    g = game(scenario="grail")
    items = [Item("grail", "grail", 10, 11.5, carrier="B1")]
    s = battle(g, kn("A1", 10, 10, facing="B1"), kn("B1", 10, 11.5, 3, 1, 0, carrying="grail", hand="sword"),
               kn("B2", 2, 34), kn("A2", 30, 2), items=items)
    s = to_fight(g, s)
    s = fight(g, s, "high:none", None)
    assert get(g, s, "B1").status == "fleeing" and get(g, s, "B1").carrying == ""
    assert g.item(s, "grail").carrier == ""


def test_dropped_own_flag_returns_to_base():
    """Ruling 36: an own kniggit ending a move by its dropped flag returns it to its place."""
    g = game(scenario="flag")
    items = [Item("flag-0", "flag", 18, 12, owner=0), Item("flag-1", "flag", 18, 34, owner=1)]
    s = battle(g, kn("A1", 18, 6), kn("B1", 2, 34), items=items)
    s = g.apply_action(s, 0, "move:A1:18:11.5")
    assert g.item(s, "flag-0").pos == (18.0, 2.0)


def test_joust_one_horseman_each_and_unhorsing_wins():
    """Scenarios, jousting (ruling 39): one kniggit on horseback each; unhorsing him wins."""
    g = game(scenario="joust")
    s = g.initial_state()
    assert g.legal_actions(s, 0) == ["army:jouster"]
    with pytest.raises(IllegalAction, match="jousting"):
        g.apply_action(s, 0, "army:4/4/4@10,3")
    with pytest.raises(IllegalAction, match="jousting"):
        g.apply_action(s, 0, "army:5/4/4@10,3;1/1/1@20,3")
    st = to_fight(g, battle(g, kn("A1", 10, 10, 6, 5, 5, facing="B1"), kn("B1", 10, 11.5, 5, 5, 5, facing="A1")))
    st = fight(g, st, "low:none", "none:none")
    assert g.winners(st) == (0,) and "unhorsed" in st.end
    with pytest.raises(OptionsError):
        game(scenario="joust", points=8)


def test_turn_limit_scores_tokens():
    """Ruling 33: at the turn limit the army with more tokens on fighting kniggits wins."""
    g = game(turn_limit=2)
    s = battle(g, kn("A1", 10, 2, 3, 3, 3), kn("B1", 10, 34, 3, 3, 2), kn("B2", 20, 34, 5, 5, 5, status="fleeing"))
    s = play(g, s, (0, "end_move"), (1, "end_move"))
    assert g.is_terminal(s) and g.winners(s) == (0,)
    s = battle(g, kn("A1", 10, 2, 3, 3, 3), kn("B1", 10, 34, 3, 3, 3))
    s = play(g, s, (0, "end_move"), (1, "end_move"))
    assert g.is_terminal(s) and g.winners(s) == ()
