"""The brute policy's exact first-mover win probability, from a dynamic program of its own, against
the engine simulator (issue 3, Done when; rules page, KtOG).

Brute against brute with two players and default options: nobody casts, disarms or dodges, so a
position is (hit points and scramble count of the player on turn, the same of the opponent).  On
his turn a disarmed player scrambles (count -1).  An armed one rolls d20 against 14, or 12 when
the opponent is disarmed: 20 does 2d6, a hit d6; a 1 is a critical miss: d20 >= 17 hits himself
for d6, otherwise d20 >= 17 drops the weapon (2 scramble turns).  Initiative is symmetric, so the
first mover's chance is the on-turn player's chance at the start.  Damage always lowers the sum of
hit points, so positions are solved in order of that sum; within one pair of hit points the
misses and scrambles form a small linear system (at most 18 unknowns), solved exactly in
fractions.  Nothing here uses the rules module."""

import math
from fractions import Fraction
from functools import lru_cache

import pytest

from brawl.sim.engine import simulate

P20 = Fraction(1, 20)
P6 = Fraction(1, 6)
TWO_D6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def _solve(matrix, rhs):
    """Gauss-Jordan elimination in exact fractions."""
    n = len(rhs)
    a = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        inv = 1 / a[col][col]
        a[col] = [v * inv for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] for i in range(n)]


def brute_first_mover_win(hp: int, to_hit: int = 14) -> Fraction:
    return brute_values(max(hp, 20), to_hit)[(hp, hp, 0, 0)]


@lru_cache(maxsize=None)
def brute_values(hp: int, to_hit: int) -> dict:
    """Every position with both players at 1..``hp`` hit points (the values do not depend on the
    starting hit points, so one table serves every ``hp`` up to it)."""
    V: dict[tuple[int, int, int, int], Fraction] = {}  # (my hp, his hp, my count, his count) -> P(I win)
    for total in range(2, 2 * hp + 1):
        for a in range(1, hp + 1):
            b = total - a
            if not 1 <= b <= hp or a > b:
                continue
            group = [(x, y, c, d) for (x, y) in {(a, b), (b, a)} for c in range(3) for d in range(3)]
            index = {s: i for i, s in enumerate(group)}
            n = len(group)
            matrix = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
            rhs = [Fraction(0)] * n
            for s, i in index.items():
                mine, his, my_count, his_count = s

                def win(p):  # I win at once with probability p
                    rhs[i] += p

                def pass_to(p, nxt):  # the opponent is on turn at ``nxt``; I win if he does not
                    rhs[i] += p
                    if nxt in index:
                        matrix[i][index[nxt]] += p
                    else:
                        rhs[i] -= p * V[nxt]

                def damage(p, amount):
                    if amount >= his:
                        win(p)
                    else:
                        pass_to(p, (his - amount, mine, his_count, 0))

                if my_count:
                    pass_to(Fraction(1), (his, mine, his_count, my_count - 1))
                    continue
                threshold = to_hit - (2 if his_count else 0)
                for roll in range(1, 21):
                    if roll == 1:  # critical miss
                        for k in range(1, 7):  # hits himself on 17+ (4 faces)
                            if k < mine:
                                pass_to(P20 * Fraction(4, 20) * P6, (his, mine - k, his_count, 0))
                        pass_to(P20 * Fraction(16, 20) * Fraction(4, 20), (his, mine, his_count, 2))
                        pass_to(P20 * Fraction(16, 20) * Fraction(16, 20), (his, mine, his_count, 0))
                    elif roll == 20:
                        for t, q in TWO_D6.items():
                            damage(P20 * q, t)
                    elif roll >= threshold:
                        for k in range(1, 7):
                            damage(P20 * P6, k)
                    else:
                        pass_to(P20, (his, mine, his_count, 0))
            for s, v in zip(group, _solve(matrix, rhs)):
                V[s] = v
    return V


def test_dynamic_program_sanity_one_hit_point():
    """With 1 hit point each the on-turn player wins on any hit (7 faces in 20), loses when he hits
    himself (1/20 * 4/20), and a dropped weapon leaves him exposed; check the simplest closed form:
    with no fumbles at all the chance would be h / (1 - (1 - h)^2) for h = 7/20."""
    p = brute_first_mover_win(1)
    h = Fraction(7, 20)
    no_fumble = h / (1 - (1 - h) ** 2)
    assert 0 < p < 1 and abs(p - no_fumble) < Fraction(2, 100)
    assert p != no_fumble  # the fumble chain does count


@pytest.mark.parametrize("hp", [20, 15])
def test_engine_simulation_matches_exact_brute_value(hp):
    """Issue 3, Done when: the engine's first-mover win rate for brute vs brute is the exact value
    within about 4 standard errors."""
    exact = float(brute_first_mover_win(hp))
    n = 3000
    result = simulate("ktog", {"hp": hp}, ["brute", "brute"], n, seed=11, workers=1).to_json()
    assert result["games"] == n and sum(result["wins"]) == n and result["draws"] == 0
    rate = result["first_mover_wins"] / n
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(rate - exact) < 4 * se, (rate, exact)
    assert result["mean_turns"] > 2
