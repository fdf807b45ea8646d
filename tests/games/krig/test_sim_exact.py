"""The attacker policy's exact first-mover win probability, from a dynamic program of its own,
against the simulator (issue 2, Done when).

Under ``attacker`` against ``attacker`` nobody defends, charges or parries, so every attack does
d6 to hit points with probability 9/10 (d10 = 1 misses; a critical does the same d6 when there
is no defense).  V(a, b) is the chance that the player on turn, at ``a`` hit points, beats an
opponent at ``b``."""

import math

import pytest

from brawl.sim.engine import simulate


def attacker_first_mover_win(hp: int) -> float:
    hit, miss = 0.9, 0.1
    V = {(a, b): 0.5 for a in range(1, hp + 1) for b in range(1, hp + 1)}
    for _ in range(10_000):
        delta = 0.0
        for (a, b) in V:
            win = miss * (1 - V[(b, a)])
            for k in range(1, 7):
                win += hit / 6 * (1.0 if k >= b else 1 - V[(b - k, a)])
            delta = max(delta, abs(win - V[(a, b)]))
            V[(a, b)] = win
        if delta < 1e-14:
            break
    return V[(hp, hp)]


def test_dynamic_program_sanity():
    # one hit point each: the first mover wins on its first hit, else the roles swap
    p = attacker_first_mover_win(1)
    assert math.isclose(p, 0.9 / (1 - 0.01), rel_tol=1e-12)


@pytest.mark.parametrize("edition,hp", [("author", 20), ("article", 9)])
def test_engine_simulation_matches_exact_attacker_value(edition, hp):
    exact = attacker_first_mover_win(hp)
    n = 6000
    result = simulate("krig", {"edition": edition, "hp": hp}, ["attacker", "attacker"], n, seed=1, workers=1).to_json()
    rate = result["first_mover_wins"] / result["games"]
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(rate - exact) < 4 * se, (rate, exact)
    assert sum(result["wins"]) == n
