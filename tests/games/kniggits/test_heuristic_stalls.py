"""The heuristic bot does not stall a game until the turn limit (rule 33) in positions where the
rules still let it act: the positions below come from games of the balance report that ran to
the limit before."""

from __future__ import annotations

import math

from brawl.games.kniggits.bots import HeuristicBot
from brawl.games.kniggits.model import Item

from .helpers import battle, game, get, kn, play


def test_carrier_at_the_table_side_steps_directly_away_to_its_edge():
    """Rules 14 and 37: a carrier in combat may only move directly away from his one enemy; near
    the table's side that line is cut short where it leaves the table, not bent by clamping x and y
    apart (a bent line is refused), so a carrier half an inch from home gets there and wins."""
    g = game(scenario="princess")
    items = [Item("princess", "princess", 35.5, 0.3, carrier="A1")]
    s = battle(g, kn("A1", 35.5, 0.3, 0, 1, 1, carrying="princess", hand="sword", facing="B2"),
               kn("B2", 34.1, 1.7, 3, 5, 6, facing="A1"), kn("B1", 2, 34), items=items)
    action = HeuristicBot(seed=0).choose(g, s, 0)
    assert action.startswith("move:A1:")
    after = play(g, s, (0, action))
    assert after.phase == "over" and g.winners(after) == (0,)
    x, y = map(float, action.split(":")[2:4])
    away = math.degrees(math.atan2(y - 0.3, x - 35.5) - math.atan2(0.3 - 1.7, 35.5 - 34.1))
    assert abs(away) < 0.1  # straight away from B2, as rule 14 asks


def test_kniggit_held_only_by_a_fleeing_enemy_gets_free():
    """Rules 14, 22 and 23: a fleeing kniggit never attacks, yet it keeps an enemy within 2 inches
    "in combat"; one that cannot get away would pin that enemy for the rest of the game.  The
    heuristic steps directly away from it instead of standing there."""
    g = game()
    s = battle(g, kn("A1", 10, 10, facing="B1"), kn("B1", 10, 11.5, 0, 1, 0, status="fleeing"),
               kn("B2", 30, 30))
    action = HeuristicBot(seed=0).choose(g, s, 0)
    assert action.startswith("move:A1:")
    after = play(g, s, (0, action))
    a1 = get(g, after, "A1")
    assert a1.y < 10 and abs(a1.x - 10) < 1e-3 and not g.engaged(after, a1)
