"""The heuristic bot keeps each fight's equilibrium by what its payoff matrix depends on
(``bots._shape``): two fights with the same key have the very same matrix, so a kept solution is
the one the fight would get (seed, The Results: a blow knocks down one token; Two Swords: at most
two in a fight; a kniggit with one colour left flees and is worth nothing)."""

from __future__ import annotations

import random

import numpy as np

from brawl.core.values import replace
from brawl.games import make_game
from brawl.games.kniggits import bots
from brawl.games.kniggits.model import Kniggit
from brawl.games.kniggits.state import KniggitsState


def fight_state(a: Kniggit, d: Kniggit) -> KniggitsState:
    return KniggitsState(phase="fight", kniggits=(a, d), to_act=a.seat, first_mover=0,
                         fights=((a.id, d.id, "melee"),), sealed=(None, None))


def test_fights_with_one_key_have_one_payoff_matrix():
    game = make_game("kniggits", {"two_swords": True, "double_defense": True, "magic_swords": True, "horses": True})
    rng = random.Random(7)
    seen: dict[tuple, np.ndarray] = {}
    shared = 0
    for _ in range(1500):
        tokens = [[rng.choice([0, 1, 2, 3, 4, 5, 6, 9]) for _ in range(3)] for _ in range(2)]
        two = [t[2] == 0 and t[1] >= 5 for t in tokens]
        a = Kniggit("A1", 0, 10, 10, *tokens[0], two_swords=two[0], facing="B1")
        d = Kniggit("B1", 1, 10, 11, *tokens[1], two_swords=two[1], facing="A1")
        state = fight_state(a, d)
        if game.fight_hands(state, state.fights[0]) is None:
            continue
        for seat in (0, 1):
            if not game.legal_actions(state, seat):
                continue
            ha, hd = game.fight_hands(state, state.fights[0])
            key = (bots._shape(a), bots._shape(d), seat == 0, tuple(map(tuple, ha)), tuple(map(tuple, hd)))
            _, payoff = bots.HeuristicBot(seed=1).fight_matrix(game, state, seat)
            if key in seen:
                shared += 1
                assert np.array_equal(seen[key], payoff), (key, tokens)
            else:
                seen[key] = payoff
    assert shared > 300  # the key is worth having: most fights share a solution


def test_the_key_keeps_the_counts_where_a_fight_can_rout():
    """Near fleeing the whole worth is at stake, so the counts are kept exactly."""
    k = Kniggit("A1", 0, 1, 1, 9, 2, 1)
    assert bots._shape(k)[:3] == (9, 2, 1)
    assert bots._shape(replace(k, move=7, defense=4))[:3] == (3, 2, 3)
