"""Set-up: buying, sharing and placing armies; who goes first."""

from __future__ import annotations

import pytest

from brawl.core.game import IllegalAction, OptionsError
from brawl.games.kniggits.army import preset_names, preset_tokens
from brawl.games.kniggits.geometry import Table

from .helpers import game, get


def both_armies(g, red, blue):
    s = g.initial_state()
    s = g.apply_action(s, 0, red)
    return g.apply_action(s, 1, blue)


def test_points_total_limits_the_army():
    """Setup 2: kniggits cost 5 points and tokens 1 each, up to the points total."""
    g = game(points=20)
    s = g.initial_state()
    ok = g.apply_action(s, 0, "army:5/5/5@10,3")  # exactly 20
    assert ok.armies[0] == "5/5/5@10,3"
    with pytest.raises(IllegalAction, match="costs 21 points"):
        g.apply_action(s, 0, "army:5/5/6@10,3")
    with pytest.raises(IllegalAction, match="costs 22 points"):
        g.apply_action(s, 0, "army:3/3/3@10,3;1/1/1@20,3")


def test_kniggit_without_every_colour_runs_away():
    """Setup 3: a kniggit without at least one token of each colour runs away before the battle."""
    g = game()
    s = both_armies(g, "army:3/3/3@10,3;4/4/0@20,3", "army:3/3/3@10,33")
    assert get(g, s, "A1").status == "fighting"
    assert get(g, s, "A2").status == "gone"
    assert any("runs away in terror" in e for e in s.events)
    assert s.phase == "rps"


def test_army_that_all_runs_away_loses():
    """Setup 3 with Winning: an army with no kniggit left has lost before the battle."""
    g = game()
    s = both_armies(g, "army:0/3/3@10,3", "army:3/3/3@10,33")
    assert g.is_terminal(s) and g.winners(s) == (1,)


def test_deployment_within_six_inches_of_own_edge():
    """Setup 4: kniggits start within six inches of their own side (Red y <= 6, Blue y >= 30)."""
    g = game()
    s = g.initial_state()
    g.apply_action(s, 0, "army:3/3/3@10,6")
    with pytest.raises(IllegalAction, match="not within 6 in"):
        g.apply_action(s, 0, "army:3/3/3@10,6.5")
    with pytest.raises(IllegalAction, match="not within 6 in"):
        g.apply_action(s, 1, "army:3/3/3@10,3")
    g.apply_action(s, 1, "army:3/3/3@10,30")
    with pytest.raises(IllegalAction, match="off|not within"):
        g.apply_action(s, 0, "army:3/3/3@40,3")


def test_scale_halves_the_deployment_zone():
    """Equipment 2: with small figures every distance is halved, the 6-inch zone too."""
    g = game(scale=0.5)
    s = g.initial_state()
    g.apply_action(s, 0, "army:3/3/3@10,3")
    with pytest.raises(IllegalAction):
        g.apply_action(s, 0, "army:3/3/3@10,3.5")


def test_bad_army_input_is_refused_and_changes_nothing():
    """DEVELOPERS: bad input gets a clear error and changes nothing."""
    g = game()
    s = g.initial_state()
    before = g.dumps(s)
    for bad in ("army:", "army:lots", "army:3/3@1,1", "army:3/3/3@a,b", "army:3/3/3/archer@10,3", "rock"):
        with pytest.raises(IllegalAction):
            g.apply_action(s, 0, bad)
    assert g.dumps(s) == before


def test_presets_fit_the_points_and_every_colour():
    """Setup 2 and 3: ready-made armies cost no more than the total and give every kniggit each colour
    (duelists excepted: two swords need no defense)."""
    for points in (20, 35, 50, 80, 120):
        for name in ("balanced", "heavy", "horde", "archers", "cavalry", "duelists", "jouster"):
            army = preset_tokens(name, points)
            cost = sum(5 + m + a + d for m, a, d, _ in army)
            assert cost <= points, (name, points)
            for m, a, d, _ in army:
                assert m > 0 and a > 0 and (d > 0 or name == "duelists"), (name, points, (m, a, d))


def test_presets_depend_on_options():
    """Advanced rules: archers, cavalry and duelists presets exist only with their option."""
    assert preset_names(game().options) == ["balanced", "heavy", "horde"]
    opts = game(archers=True, horses=True, two_swords=True).options
    assert {"archers", "cavalry", "duelists"} <= set(preset_names(opts))
    with pytest.raises(IllegalAction, match="not available"):
        game().apply_action(game().initial_state(), 0, "army:archers")


def test_preset_armies_stand_in_their_zones_outside_obstacles():
    """Setup 4 and ruling 9: ready-made armies are placed within their zone, not in obstacles."""
    for terrain in ("village", "forest", "open"):
        g = game(terrain=terrain)
        s = both_armies(g, "army:horde", "army:horde")
        for k in s.kniggits:
            assert g.table.in_deployment(k.seat, k.pos)
            assert not g.table.inside_obstacle(k.pos)


def test_armies_are_sealed_until_both_are_in():
    """Rules page, Kniggits, rule 34 (views per seat) and rule 8: an army chosen first is hidden from the other seat."""
    g = game()
    s = g.apply_action(g.initial_state(), 0, "army:3/3/3@10,3")
    assert g.view(s, 0)["armies"][0] == "3/3/3@10,3"
    assert g.view(s, 1)["armies"][0] == "chosen"
    assert g.view(s, None)["armies"][0] == "chosen"
    assert "3/3/3" not in str(g.view(s, 1))


def test_rock_paper_scissors_best_of_three_decides_who_goes_first():
    """Dispute Resolution: best-of-three RPS decides who goes first; a tie is played again."""
    g = game()
    s = both_armies(g, "army:balanced", "army:balanced")
    s = g.apply_action(s, 0, "rock")
    assert g.view(s, 1)["rps_sealed"][0] == "chosen"
    s = g.apply_action(s, 1, "rock")  # tie
    assert s.rps_wins == (0, 0) and s.phase == "rps"
    for a, b in (("paper", "rock"), ("rock", "paper"), ("scissors", "paper")):
        s = g.apply_action(s, 0, a)
        s = g.apply_action(s, 1, b)
    assert s.phase == "move" and s.first_mover == 0 and s.to_act == 0


def test_terrain_spacing_rule_refuses_a_table_too_small():
    """Setup 1: obstacles touch or stand two inches apart; a layout that breaks it is refused."""
    assert Table(36, "village").spacing_problems() == []
    assert Table(36, "forest").spacing_problems() == []
    with pytest.raises(OptionsError, match="apart"):
        game(terrain="forest", table=18)
