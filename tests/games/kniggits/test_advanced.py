"""The optional/advanced rules, each its own option."""

from __future__ import annotations

from dataclasses import replace

import pytest

from brawl.core.game import IllegalAction
from brawl.games.kniggits.model import Item

from .helpers import battle, fight, game, get, kn, play, to_fight


def facing_pair(g, a, b, **kw):
    return battle(g, kn("A1", 10, 10, *a, facing="B1"), kn("B1", 10, 11.5, *b, facing="A1"),
                  kn("A2", 30, 2), kn("B2", 2, 34), **kw)


# -- horses ------------------------------------------------------------------------------------
def test_horse_moves_beyond_twelve_inches():
    """Horses: 5 or more movement tokens: on horseback, may move more than twelve inches."""
    s_opts = dict(m=8)
    g = game(horses=True)
    s = battle(g, kn("A1", 10, 2, **s_opts), kn("B1", 30, 34))
    assert get(g, g.apply_action(s, 0, "move:A1:10:18"), "A1").y == 18
    with pytest.raises(IllegalAction):
        game().apply_action(battle(game(), kn("A1", 10, 2, **s_opts), kn("B1", 30, 34)), 0, "move:A1:10:18")


def test_footman_cannot_attack_high_against_a_horseman():
    """Horses: an opponent not on horseback is not allowed to attack high."""
    g = game(horses=True)
    s = to_fight(g, facing_pair(g, (5, 3, 3), (3, 3, 3)))
    swords = {a.split(":")[2] for a in g.legal_actions(s, 1)}
    assert "high" not in swords and "middle" in swords
    assert "fight:A1-B1:high:high" in g.legal_actions(s, 0)
    both = to_fight(g, facing_pair(g, (5, 3, 3), (5, 3, 3)))
    assert "fight:A1-B1:high:none" in g.legal_actions(both, 1)


def test_horseman_dismounts_for_good():
    """Horses: below 5 movement tokens he dismounts and the horse leaves the game."""
    g = game(horses=True, potions=True)
    s = to_fight(g, facing_pair(g, (3, 3, 3), (5, 3, 3)))
    s = fight(g, s, "low:none", "none:none")
    b1 = get(g, s, "B1")
    assert b1.move == 4 and "horse" in b1.lost
    assert g.move_allowance(b1) == 8
    # a movement potion later does not bring the horse back
    s = battle(g, kn("A1", 30, 2), replace(b1, y=20.0, facing=""), to_act=1,
               items=[Item("p", "potion", 10, 16, power="move")])
    s = g.apply_action(s, 1, "move:B1:10:16.5")
    b1 = get(g, s, "B1")
    assert b1.move == 9 and g.move_allowance(b1) == 12


# -- magic swords ------------------------------------------------------------------------------
def test_magic_sword_attacks_twice():
    """Magic Swords: 5 or more attack tokens attack twice on their turn; the same opponent only
    strikes back the first time."""
    g = game(magic_swords=True)
    s = to_fight(g, facing_pair(g, (3, 5, 3), (3, 3, 3)))
    assert [f[2] for f in s.fights] == ["melee", "again"]
    s = fight(g, s, "high:high", "middle:low")
    assert s.fights[0][2] == "again"
    swords = {a.split(":")[2] for a in g.legal_actions(s, 1)}
    assert swords == {"none"}  # B1 only defends in the second fight
    s = fight(g, s, "middle:high", "none:low")
    assert (get(g, s, "B1").attack, get(g, s, "B1").defense) == (2, 2)
    assert get(g, s, "A1").defense == 2


def test_magic_sword_second_attack_on_another_enemy():
    """Magic Swords: the second attack may go to a different opponent, even one not faced."""
    g = game(magic_swords=True)
    s = battle(g, kn("A1", 10, 10, 3, 6, 3, facing="B1"), kn("B1", 10, 11.5, facing="A1"),
               kn("B2", 11.5, 10, facing=""), kn("A2", 30, 2))
    s = play(g, s, (0, "second:A1:B2"))
    s = to_fight(g, s)
    assert [(f[1], f[2]) for f in s.fights] == [("B1", "melee"), ("B2", "second")]


def test_magic_sword_lost_below_five():
    """Magic Swords: once attack drops below 5, the sword loses its magic."""
    g = game(magic_swords=True)
    s = to_fight(g, facing_pair(g, (3, 5, 3), (3, 3, 3)))
    s = fight(g, s, "none:none", "high:none")
    a1 = get(g, s, "A1")
    assert a1.attack == 4 and "magic" in a1.lost
    assert not s.fights or s.fights[0][0] != "A1"  # no second attack


def test_magic_sword_needs_its_option():
    """Optional rules are options: without magic_swords, 5 attack tokens attack once."""
    g = game()
    s = to_fight(g, facing_pair(g, (3, 5, 3), (3, 3, 3)))
    assert len(s.fights) == 1


# -- double defense ----------------------------------------------------------------------------
def test_double_defense_guards_two_heights():
    """Double Defense: 5 or more defense may defend with sword and shield, and then not attack."""
    g = game(double_defense=True)
    s = to_fight(g, facing_pair(g, (3, 3, 3), (3, 3, 5)))
    assert "fight:A1-B1:guard-high:middle" in g.legal_actions(s, 1)
    s = fight(g, s, "high:middle", "guard-high:middle")
    assert get(g, s, "B1").total == 11  # high and middle both defended
    # having guarded, B1 cannot attack again that turn, not even with a magic sword
    g2 = game(double_defense=True, magic_swords=True)
    s2 = to_fight(g2, facing_pair(g2, (3, 5, 3), (3, 5, 5)))
    s2 = fight(g2, s2, "high:middle", "guard-high:middle")
    assert s2.fights[0][2] == "again" and get(g2, s2, "B1").guarded
    assert not {a.split(":")[2] for a in g2.legal_actions(s2, 1)} & {"high", "middle", "low"}
    assert "fight:A1-B1:guard-high:middle" not in game().legal_actions(to_fight(game(), facing_pair(game(), (3, 3, 3), (3, 3, 5))), 1)


# -- two swords --------------------------------------------------------------------------------
def test_two_swords_start_without_defense_and_strike_twice():
    """Two Swords: no defense and 5+ attack at the start: two swords, never defends, strikes with both."""
    g = game(two_swords=True)
    s = g.initial_state()
    s = g.apply_action(s, 0, "army:3/6/0@10,3")
    s = g.apply_action(s, 1, "army:3/3/3@10,33")
    a1 = get(g, s, "A1")
    assert a1.status == "fighting" and a1.two_swords
    s0 = game().apply_action(game().initial_state(), 0, "army:3/6/0@10,3")
    s0 = game().apply_action(s0, 1, "army:3/3/3@10,33")
    assert get(game(), s0, "A1").status == "gone"  # without the option he runs away
    st = to_fight(g, battle(g, kn("A1", 10, 10, 3, 6, 0, two_swords=True, facing="B1"),
                            kn("B1", 10, 11.5, facing="A1"), kn("A2", 30, 2)))
    st = fight(g, st, "high:low", "none:middle")
    b1 = get(g, st, "B1")
    assert b1.attack == 2 and b1.move == 2


def test_two_swords_never_magic():
    """Two Swords: you cannot have both two swords and the magic sword bonus."""
    g = game(two_swords=True, magic_swords=True)
    st = to_fight(g, battle(g, kn("A1", 10, 10, 3, 6, 0, two_swords=True, facing="B1"),
                            kn("B1", 10, 11.5, facing="A1"), kn("A2", 30, 2)))
    assert len(st.fights) == 1


# -- archers -----------------------------------------------------------------------------------
def test_archer_range_two_inches_a_defense_token():
    """Archers: defense tokens give the range, two inches each; the target gets a normal defense."""
    g = game(archers=True)
    s = battle(g, kn("A1", 10, 10, 3, 3, 3, archer=True), kn("B1", 10, 15.9), kn("B2", 10, 16.5))
    assert "shoot:A1:B1" in g.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="range"):
        g.apply_action(s, 0, "shoot:A1:B2")
    s = to_fight(g, g.apply_action(s, 0, "shoot:A1:B1"))
    assert s.fights == (("A1", "B1", "shot"),)
    assert {a.split(":")[2] for a in g.legal_actions(s, 1)} == {"none"}
    s = fight(g, s, "middle:none", "none:low")
    assert get(g, s, "B1").defense == 2


def test_archer_cannot_move_and_shoot():
    """Archers: you may not move and shoot on the same turn."""
    g = game(archers=True)
    s = battle(g, kn("A1", 10, 10, 3, 3, 3, archer=True), kn("B1", 10, 15))
    moved = g.apply_action(s, 0, "move:A1:10:9")
    with pytest.raises(IllegalAction, match="moved"):
        g.apply_action(moved, 0, "shoot:A1:B1")
    aimed = g.apply_action(s, 0, "shoot:A1:B1")
    with pytest.raises(IllegalAction, match="may not move"):
        g.apply_action(aimed, 0, "move:A1:10:9")


def test_archer_needs_clear_line_of_sight():
    """Archers: no shooting through obstacles or other kniggits."""
    g = game(archers=True)
    s = battle(g, kn("A1", 10, 10, 3, 3, 3, archer=True), kn("A2", 10.1, 12.5), kn("B1", 10, 15))
    with pytest.raises(IllegalAction, match="no clear line"):
        g.apply_action(s, 0, "shoot:A1:B1")
    gv = game(archers=True, terrain="village")
    wall = gv.table.obstacles[2]
    minx, miny, maxx, maxy = wall.bounds
    cx = (minx + maxx) / 2
    s = battle(gv, kn("A1", cx, miny - 1, 3, 3, 5, archer=True), kn("B1", cx, maxy + 1))
    with pytest.raises(IllegalAction, match="no clear line"):
        gv.apply_action(s, 0, "shoot:A1:B1")


def test_archer_defenseless_hand_to_hand():
    """Archers: archers are defenseless in hand-to-hand combat (and have no sword)."""
    g = game(archers=True)
    s = to_fight(g, battle(g, kn("B1", 10, 11.5, facing="A1"), kn("A1", 10, 10, 3, 3, 3, archer=True, facing="B1"),
                           to_act=1))
    assert s.phase == "fight" and g.node(s).seats == (1,)
    assert g.legal_actions(s, 0) == []


def test_archer_blocked_after_declaring_is_lost():
    """Archers: the line must be clear when the arrow flies (ruling)."""
    g = game(archers=True)
    s = battle(g, kn("A1", 10, 10, 3, 3, 3, archer=True), kn("A2", 14, 12.5), kn("B1", 10, 15))
    s = play(g, s, (0, "shoot:A1:B1"), (0, "move:A2:10:12.5"), (0, "end_move"))
    assert s.phase == "move" and s.to_act == 1
    assert any("cannot shoot" in e for e in s.events)


# -- potions -----------------------------------------------------------------------------------
def test_potion_gives_five_tokens():
    """Magic Potions: a potion confers five extra tokens of its colour."""
    g = game(potions=True)
    items = [Item("p", "potion", 10, 15, power="attack")]
    s = battle(g, kn("A1", 10, 10), kn("B1", 30, 34), items=items)
    s = g.apply_action(s, 0, "move:A1:10:14.5")
    assert get(g, s, "A1").attack == 8 and s.items == ()


def test_potions_placed_fairly():
    """Magic Potions (ruling): six potions, placed the same for both armies, none in an obstacle."""
    for terrain in ("village", "forest", "open"):
        g = game(potions=True, terrain=terrain)
        pots = [it for it in g.initial_state().items if it.kind == "potion"]
        assert len(pots) == 6
        mirrored = {(round(g.table.size - p.x, 6), round(g.table.size - p.y, 6), p.power) for p in pots}
        assert mirrored == {(round(p.x, 6), round(p.y, 6), p.power) for p in pots}
        assert not any(g.table.inside_obstacle(p.pos) for p in pots)


# -- archers shot at: the option archer_defense ----------------------------------------------------
def test_archer_shot_at_gets_a_normal_defense():
    """Archers: "When he shoots at an opponent, he does a normal attack hand gesture and the opponent
    gets a normal defense": an archer shot by another archer defends with a height, and a defended
    height stops the arrow (default ``archer_defense`` shots)."""
    g = game(archers=True)
    assert g.options.archer_defense == "shots"
    s = battle(g, kn("A1", 10, 10, 3, 3, 3, archer=True), kn("B1", 10, 15, 3, 3, 3, archer=True))
    s = to_fight(g, g.apply_action(s, 0, "shoot:A1:B1"))
    assert s.fights == (("A1", "B1", "shot"),)
    assert g.node(s).seats == (0, 1) and g.node(s).kind == "simultaneous"
    blue = g.legal_actions(s, 1)
    assert {a.split(":")[2] for a in blue} == {"none"}  # an archer shot at does not shoot back
    assert {a.split(":")[3] for a in blue} == {"high", "middle", "low", "none"}
    defended = fight(g, s, "middle:none", "none:middle")
    assert get(g, defended, "B1").defense == 3
    missed = fight(g, s, "middle:none", "none:low")
    assert get(g, missed, "B1").defense == 2


def test_archer_shot_at_with_no_defense_tokens_cannot_defend():
    """The Results: "Kniggits with no defense tokens left cannot defend", archers shot at included."""
    g = game(archers=True)
    s = battle(g, kn("A1", 10, 10, 3, 3, 3, archer=True), kn("B1", 10, 15, 3, 3, 0, archer=True))
    s = to_fight(g, g.apply_action(s, 0, "shoot:A1:B1"))
    assert g.node(s).seats == (0,) and g.legal_actions(s, 1) == []


def test_archer_defense_never_keeps_archers_defenseless_against_arrows():
    """Archers (ruling, option ``archer_defense`` never): for players who read "Archers are
    defenseless" as covering arrows too, an archer shot at has no defense at all."""
    g = game(archers=True, archer_defense="never")
    s = battle(g, kn("A1", 10, 10, 3, 3, 3, archer=True), kn("B1", 10, 15, 3, 3, 3, archer=True),
               kn("B2", 20, 15))
    s = to_fight(g, g.apply_action(s, 0, "shoot:A1:B1"))
    assert g.node(s).seats == (0,) and g.legal_actions(s, 1) == []
    s = fight(g, s, "middle:none", None)
    assert get(g, s, "B1").defense == 2


def test_archer_defenseless_hand_to_hand_under_either_reading():
    """Archers: "Archers are defenseless in hand-to-hand combat", whichever archer defense is chosen."""
    for reading in ("shots", "never"):
        g = game(archers=True, archer_defense=reading)
        s = to_fight(g, battle(g, kn("B1", 10, 11.5, facing="A1"),
                               kn("A1", 10, 10, 3, 3, 3, archer=True, facing="B1"), to_act=1))
        assert g.node(s).seats == (1,) and g.legal_actions(s, 0) == []
        s = fight(g, s, None, "middle:none")
        assert get(g, s, "A1").defense == 2


def test_archer_defense_is_an_option_everywhere():
    """Archers (ruling): the archer defense reading is an option with a readable title, refused when
    misspelt, a flag in the terminal and a choice in the lobby's schema."""
    from brawl.cli.options import parse_game_options
    from brawl.core.game import OptionsError
    from brawl.games.kniggits.rules import Kniggits

    prop = Kniggits.Options.model_json_schema()["properties"]["archer_defense"]
    assert prop["title"] == "Archer defense" and set(prop["enum"]) == {"shots", "never"}
    assert prop["default"] == "shots"
    assert parse_game_options(Kniggits, ["--archer-defense", "never"]) == {"archer_defense": "never"}
    with pytest.raises(OptionsError):
        game(archer_defense="sometimes")
