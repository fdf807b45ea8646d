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


def test_saving_the_kept_fights_keeps_what_another_process_saved(tmp_path, monkeypatch):
    """The kept equilibria are shared by every process on a machine (one file, named by the code
    that solves them).  A process saves what it solved beside what the file holds then, not over
    it: fights another process saved after this one read the file stay kept."""
    from brawl.games.kniggits import batch_heuristic as H
    from brawl.solve.cache import load_tables, save_tables

    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path))
    monkeypatch.setattr(H, "_SOLVED", {(1, 2, 3): np.array([0.25, 0.75])})
    monkeypatch.setattr(H, "_SAVED", [None])
    H.save_known()
    assert not H._path().exists()  # nothing solved here yet: nothing to save
    H.known_table()  # this process reads the file (none yet): one fight known, its own
    save_tables(H._path(), {"keys": np.array([[4, 5, 6]]), "strategies": np.array([[1.0, 0.0]]),
                            "lengths": np.array([2])})  # another process saves its fight
    H._SOLVED[(7, 8, 9)] = np.array([0.5, 0.5])  # this one solves another
    H.save_known()
    saved = load_tables(H._path(), ("keys", "strategies", "lengths"))
    kept = {tuple(int(v) for v in k): list(s[:m]) for k, s, m in zip(saved["keys"], saved["strategies"], saved["lengths"])}
    assert kept == {(1, 2, 3): [0.25, 0.75], (4, 5, 6): [1.0, 0.0], (7, 8, 9): [0.5, 0.5]}
