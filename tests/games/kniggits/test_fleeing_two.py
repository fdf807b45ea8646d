"""Leaving combat with two enemies (seed, Phase one: "If there is more than one enemy in combat
with your guy then you can only move in a direction that takes you further from both of them";
rules 14 and 23): the fleeing kniggit's own run and the heuristic's step away both find such a
direction when one exists, not only along the sum of the two lines away."""

from __future__ import annotations

import math
import random

import pytest

from brawl.games.kniggits.bots import HeuristicBot
from brawl.games.kniggits.disengage import away_direction
from brawl.games.kniggits.geometry import dist

from .helpers import battle, game, get, kn, play

A1, A2, B1 = (7.408, 25.087), (4.885, 22.704), (6.208, 24.168)


def _further_from_all(start, end, enemies) -> bool:
    return all(dist(end, e) > dist(start, e) for e in enemies)


def test_fleeing_kniggit_between_two_enemies_finds_a_way_out():
    """Seed, Phase one ("a direction that takes you further from both") with rule 23: a straight
    8-inch move at 130 degrees ends 8.21 and 8.5 inches from A1 and A2, so B1 does not stay put."""
    start = B1
    at_130 = (start[0] + 8 * math.cos(math.radians(130)), start[1] + 8 * math.sin(math.radians(130)))
    assert _further_from_all(start, at_130, (A1, A2))  # such a direction exists
    g = game(disengage="direct")
    s = battle(g, kn("A1", *A1), kn("A2", *A2), kn("B1", *B1, 4, 0, 0, status="fleeing"),
               kn("B2", 30, 34), to_act=1)
    path = g.flee_path(s, get(g, s, "B1"))
    assert path is not None and len(path) == 2
    assert _further_from_all(start, path[-1], (A1, A2))
    assert dist(start, path[-1]) == pytest.approx(8.0)


def test_heuristic_steps_away_from_two_fleeing_enemies():
    """Seed, Phase one with rule 14: the heuristic's step out of combat with two enemies (here two
    fleeing ones that would pin it) takes a direction further from both, the same as rule 23's run."""
    g = game()
    s = battle(g, kn("A1", *B1, facing="B1"), kn("B1", *A1, 0, 1, 0, status="fleeing"),
               kn("B2", *A2, 0, 1, 0, status="fleeing"), kn("B3", 30, 34))
    action = HeuristicBot(seed=0).choose(g, s, 0)
    assert action.startswith("move:A1:")
    after = play(g, s, (0, action))
    assert _further_from_all(B1, get(g, after, "A1").pos, (A1, A2))


def test_away_direction_exists_exactly_when_some_direction_leaves_every_enemy():
    """Seed, Phase one: over random positions of two or three enemies in the 2-inch ring, a
    direction further from all of them is found exactly when one of 3,600 sampled directions is
    one, and it is one."""
    rng = random.Random(28)
    for _ in range(400):
        p = (rng.uniform(5, 30), rng.uniform(5, 30))
        enemies = []
        for _ in range(rng.choice((2, 3))):
            a, r = rng.uniform(0, 2 * math.pi), rng.uniform(0.6, 2.0)
            enemies.append((p[0] + r * math.cos(a), p[1] + r * math.sin(a)))
        u = away_direction(p, enemies)
        margins = []
        for i in range(3600):
            t = math.radians(i / 10)
            margins.append(min((p[0] - e[0]) * math.cos(t) + (p[1] - e[1]) * math.sin(t) for e in enemies))
        if u is None:
            assert max(margins) < 1e-2
        else:
            assert abs(math.hypot(*u) - 1) < 1e-9
            assert min((p[0] - e[0]) * u[0] + (p[1] - e[1]) * u[1] for e in enemies) > 0
            assert max(margins) > 0


def test_fleeing_kniggit_between_two_enemies_gets_away_wherever_a_way_exists():
    """Rule 23 with the seed's Phase one, over random places of two enemies in the 2-inch ring on
    open ground (``disengage=direct``): wherever one of 720 directions takes the fleeing kniggit
    further from both, it runs (before, about a fifth of such places left it standing)."""
    g = game(disengage="direct")
    rng = random.Random(11)
    tried = 0
    for _ in range(160):
        p = (rng.uniform(6, 30), rng.uniform(6, 30))
        enemies = []
        for _ in range(2):
            a, r = rng.uniform(0, 2 * math.pi), rng.uniform(0.6, 1.99)
            enemies.append((p[0] + r * math.cos(a), p[1] + r * math.sin(a)))
        if dist(*enemies) < 0.5 or not any(
                all((p[0] - e[0]) * math.cos(t) + (p[1] - e[1]) * math.sin(t) > 1e-3 for e in enemies)
                for t in (i * math.pi / 360 for i in range(720))):
            continue
        tried += 1
        s = battle(g, kn("A1", *enemies[0]), kn("A2", *enemies[1]), kn("B1", *p, 4, 0, 0, status="fleeing"),
                   kn("B2", 30, 35), to_act=1)
        path = g.flee_path(s, get(g, s, "B1"))
        assert path is not None and _further_from_all(p, path[-1], enemies), (p, enemies)
    assert tried > 100
