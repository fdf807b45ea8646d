"""Phase one: moving, on the measured table."""

from __future__ import annotations

import math

import pytest

from brawl.core.game import IllegalAction
from brawl.games.kniggits.geometry import dist

from .helpers import battle, game, get, kn, play


def test_two_inches_per_movement_token():
    """Phase one: two inches for every movement token."""
    g = game()
    s = battle(g, kn("A1", 10, 5, m=3), kn("B1", 30, 30))
    s2 = g.apply_action(s, 0, "move:A1:10:11")
    assert get(g, s2, "A1").pos == (10.0, 11.0)
    with pytest.raises(IllegalAction, match="may move 6 in"):
        g.apply_action(s, 0, "move:A1:10:11.1")


def test_at_most_twelve_inches():
    """Phase one: up to a maximum of 12 inches."""
    g = game()
    s = battle(g, kn("A1", 10, 5, m=9), kn("B1", 30, 30))
    g.apply_action(s, 0, "move:A1:10:17")
    with pytest.raises(IllegalAction, match="may move 12 in"):
        g.apply_action(s, 0, "move:A1:10:17.5")


def test_no_movement_tokens_crawls_two_inches():
    """The Results: kniggits with no movement tokens can only crawl at two inches per turn."""
    g = game()
    s = battle(g, kn("A1", 10, 5, m=0), kn("A2", 20, 5), kn("B1", 30, 30))
    g.apply_action(s, 0, "move:A1:10:7")
    with pytest.raises(IllegalAction):
        g.apply_action(s, 0, "move:A1:10:7.5")


def test_a_move_may_turn_at_any_point():
    """Phase one: turn, move part, turn again, move the rest; the whole path counts."""
    g = game()
    s = battle(g, kn("A1", 10, 5, m=3), kn("B1", 30, 30))
    s2 = g.apply_action(s, 0, "move:A1:13:5:13:8")  # 3 + 3 inches
    assert get(g, s2, "A1").pos == (13.0, 8.0)
    with pytest.raises(IllegalAction):
        g.apply_action(s, 0, "move:A1:14:5:14:8")  # 4 + 3 inches


def test_each_kniggit_moves_once_a_turn():
    """Phase one: each kniggit makes its move once in a turn (ruling)."""
    g = game()
    s = play(g, battle(g, kn("A1", 10, 5), kn("B1", 30, 30)), (0, "move:A1:10:7"))
    with pytest.raises(IllegalAction, match="already moved"):
        g.apply_action(s, 0, "move:A1:10:8")


def test_coming_within_two_inches_stops_on_the_ring():
    """Phase one: coming within two inches of an enemy you must stop right there."""
    g = game()
    s = battle(g, kn("A1", 10, 5), kn("B1", 10, 12))
    s2 = g.apply_action(s, 0, "move:A1:10:11")
    a1 = get(g, s2, "A1")
    assert a1.pos == pytest.approx((10.0, 10.0))
    assert dist(a1.pos, (10, 12)) == pytest.approx(2.0)
    assert a1.facing == "B1"


def test_passing_by_an_enemy_stops_too():
    """Phase one: the stop applies anywhere along the path, not only at its end."""
    g = game()
    s = battle(g, kn("A1", 5, 10, m=6), kn("B1", 10, 11))
    s2 = g.apply_action(s, 0, "move:A1:15:10")
    a1 = get(g, s2, "A1")
    assert dist(a1.pos, (10, 11)) == pytest.approx(2.0)
    assert a1.x < 10


def test_leaving_combat_only_directly_away():
    """Phase one: starting in combat you may only move away from the enemy (option disengage away:
    any line that takes it further away)."""
    g = game(disengage="away")
    s = battle(g, kn("A1", 10, 10), kn("B1", 10, 11.5))
    s2 = g.apply_action(s, 0, "move:A1:10:5")  # straight away
    assert get(g, s2, "A1").pos == (10.0, 5.0)
    g.apply_action(s, 0, "move:A1:12:6")  # still away (option away)
    with pytest.raises(IllegalAction, match="further away"):
        g.apply_action(s, 0, "move:A1:14:11")  # sideways
    with pytest.raises(IllegalAction, match="one segment"):
        g.apply_action(s, 0, "move:A1:10:8:8:8")


def test_direct_disengage_needs_the_straight_line():
    """Phase one, "move directly away from him" (default disengage direct): with one enemy the line
    must point straight away."""
    g = game()
    s = battle(g, kn("A1", 10, 10), kn("B1", 10, 11.5))
    g.apply_action(s, 0, "move:A1:10:5")
    with pytest.raises(IllegalAction, match="directly away"):
        g.apply_action(s, 0, "move:A1:12:6")


def test_two_enemies_move_away_from_both():
    """Phase one: with more than one enemy in combat, only directions further from both."""
    g = game()
    s = battle(g, kn("A1", 10, 10), kn("B1", 8.6, 11.2), kn("B2", 11.4, 11.2))
    g.apply_action(s, 0, "move:A1:10:5")
    with pytest.raises(IllegalAction):
        g.apply_action(s, 0, "move:A1:5:10")  # away from B2 but toward B1


def test_surrounded_cannot_move_but_can_turn():
    """Phase one: surrounded you may be unable to move, but you can always turn around."""
    g = game()
    s = battle(g, kn("A1", 10, 10), kn("B1", 8.5, 10), kn("B2", 11.5, 10), kn("B3", 10, 8.5), kn("B4", 10, 11.5))
    for angle in range(0, 360, 15):
        x = 10 + 3 * math.cos(math.radians(angle))
        y = 10 + 3 * math.sin(math.radians(angle))
        with pytest.raises(IllegalAction):
            g.apply_action(s, 0, f"move:A1:{x}:{y}")
    s2 = g.apply_action(s, 0, "face:A1:B3")
    assert get(g, s2, "A1").facing == "B3"


def test_obstacles_block_movement():
    """Equipment 4 and the rules page, Kniggits, rule 3: obstacles block movement; a path must go around them."""
    g = game(terrain="village")
    wall = g.table.obstacles[2]  # the low wall south of the centre
    minx, miny, maxx, maxy = wall.bounds
    cx = (minx + maxx) / 2
    s = battle(g, kn("A1", cx, miny - 1, m=6), kn("B1", 2, 34))
    with pytest.raises(IllegalAction, match="crosses an obstacle"):
        g.apply_action(s, 0, f"move:A1:{cx}:{maxy + 1}")
    # around the end of the wall: stay clear of its corner
    s2 = g.apply_action(s, 0, f"move:A1:{maxx + 0.2}:{miny - 0.5}:{maxx + 0.2}:{maxy + 0.5}")
    assert not g.table.inside_obstacle(get(g, s2, "A1").pos)


def test_table_edges():
    """Rules page, Kniggits, rule 2: the table's edges; a move may not leave the table."""
    g = game()
    s = battle(g, kn("A1", 1, 5), kn("B1", 30, 30))
    with pytest.raises(IllegalAction, match="off the 36 in table"):
        g.apply_action(s, 0, "move:A1:-1:5")
    g.apply_action(s, 0, "move:A1:0:5")


def test_heads_cannot_end_on_top_of_each_other():
    """Ruling 4: no two heads end a move closer than half an inch."""
    g = game()
    s = battle(g, kn("A1", 10, 5), kn("A2", 12, 5), kn("B1", 30, 30))
    with pytest.raises(IllegalAction, match="on top of A2"):
        g.apply_action(s, 0, "move:A1:11.8:5")


def test_only_own_kniggits_and_only_on_turn():
    """Playing: players take it in turns; one moves only one's own kniggits."""
    g = game()
    s = battle(g, kn("A1", 10, 5), kn("B1", 30, 30))
    with pytest.raises(IllegalAction):
        g.apply_action(s, 0, "move:B1:30:28")
    with pytest.raises(IllegalAction):
        g.apply_action(s, 1, "move:B1:30:28")


def test_bad_move_input_changes_nothing():
    """DEVELOPERS: bad input gets a clear error and changes nothing."""
    g = game()
    s = battle(g, kn("A1", 10, 5), kn("B1", 30, 30))
    before = g.dumps(s)
    for bad in ("move:A1", "move:A1:x:3", "move:A1:1:2:3", "move:A1:nan:3", "move:Z9:1:1", "fly:A1", "move:A1:inf:2"):
        with pytest.raises(IllegalAction):
            g.apply_action(s, 0, bad)
    assert g.dumps(s) == before


def test_a_move_has_at_most_eight_stretches():
    """Ruling 13: a move is a path of up to 8 straight stretches."""
    g = game()
    s = battle(g, kn("A1", 10, 5, m=6), kn("B1", 30, 30))
    eight = "".join(f":{10 + (i % 2) * 0.5}:{5 + i * 0.5}" for i in range(1, 9))
    g.apply_action(s, 0, "move:A1" + eight)
    with pytest.raises(IllegalAction, match="1 to 8 points"):
        g.apply_action(s, 0, "move:A1" + eight + ":10:10")


def test_scenario_objects_do_not_stop_movement():
    """Ruling 32: flags, the princess, the grail and potions are not obstacles."""
    g = game(scenario="princess")
    s = battle(g, kn("A1", 18, 12, m=6), kn("B1", 2, 34))
    s2 = g.apply_action(s, 0, "move:A1:18:24")  # straight over the princess in the middle
    assert get(g, s2, "A1").pos == (18.0, 24.0)
