"""The KtOG duel solver: brute-mode values against an independent dynamic program written here,
optimal play against the full engine, hints, the optimal bot and the options it refuses."""

from __future__ import annotations

import math

import numpy as np
import pytest

from brawl.core.match import Match
from brawl.games import make_game
from brawl.sim.engine import simulate


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))
    import brawl.solve as S

    S._MEMORY.clear()


def brute_duel(H: int, to_hit: int = 14) -> float:
    """Brute against brute, two players, default options but ``to_hit`` (RULINGS KtOG: Attack, Critical
    miss, Disarmed): P(the player on turn wins) at (H, H, armed, armed).  Blocks of equal hit points are
    linear systems in the 9 scramble-count pairs of both orientations, solved with numpy."""
    val: dict = {}

    def get(a, b, ca, cb):
        return val[(a, b, ca, cb)]

    for total in range(2, 2 * H + 1):
        for a in range(1, H + 1):
            b = total - a
            if not 1 <= b <= H or a > b:
                continue
            keys = [(x, y, p, q) for (x, y) in dict.fromkeys([(a, b), (b, a)]) for p in range(3) for q in range(3)]
            idx = {k: i for i, k in enumerate(keys)}
            A = np.eye(len(keys))
            rhs = np.zeros(len(keys))
            for k, i in idx.items():
                me, him, cm, ch = k

                def after(p, state):  # the other player is on turn at ``state``: I win unless he does
                    rhs[i] += p
                    if state in idx:
                        A[i, idx[state]] += p
                    else:
                        rhs[i] -= p * get(*state)

                def deal(p, dmg):
                    if dmg >= him:
                        rhs[i] += p
                    else:
                        after(p, (him - dmg, me, ch, cm))

                if cm > 0:  # scramble
                    after(1.0, (him, me, ch, cm - 1))
                    continue
                need = to_hit - (2 if ch > 0 else 0)
                for roll in range(1, 21):
                    p = 1 / 20
                    if roll == 1:
                        for d in range(1, 7):  # 17+ on d20: hits himself for d6
                            if d < me:
                                after(p * 0.2 / 6, (him, me - d, ch, cm))
                        after(p * 0.8 * 0.2, (him, me, ch, 2))  # then 17+: drops the weapon
                        after(p * 0.8 * 0.8, (him, me, ch, 0))
                    elif roll == 20:
                        for x in range(1, 7):
                            for y in range(1, 7):
                                deal(p / 36, x + y)
                    elif roll >= need:
                        for d in range(1, 7):
                            deal(p / 6, d)
                    else:
                        after(p, (him, me, ch, cm))
            for k, v in zip(keys, np.linalg.solve(A, rhs)):
                val[k] = v
    return val[(H, H, 0, 0)]


@pytest.mark.parametrize("H", [1, 2])
def test_brute_mode_matches_independent_program(H):
    """RULINGS KtOG (Attack, Critical miss, Disarmed, Round): with both players held to the brute
    policy the solver's start value equals the independent program's."""
    from brawl.games.ktog.solver import solve_ktog_duel, start_index

    V, _, _ = solve_ktog_duel(H, False, brute=True)
    assert V[start_index(H)] == pytest.approx(brute_duel(H), abs=1e-10)


@pytest.mark.parametrize("to_hit", [10, 17])
def test_brute_mode_with_another_to_hit_matches_independent_program(to_hit):
    """Seed rule 3 and RULINGS KtOG (``to_hit``): the solver reads the threshold from the options; with
    both players held to brute its start value equals the independent program's."""
    from brawl.games.ktog.solver import solve_ktog_duel, start_index

    V, _, _ = solve_ktog_duel(2, False, brute=True, to_hit=to_hit)
    assert V[start_index(2)] == pytest.approx(brute_duel(2, to_hit), abs=1e-10)
    assert brute_duel(2, to_hit) != pytest.approx(brute_duel(2), abs=1e-6)


def test_optimal_play_with_another_to_hit_in_the_engine():
    """Seed rule 3 (``to_hit`` 10): the solved duel's value holds in the full engine (z-test), and its
    bot beats brute there."""
    from brawl.solve import solve

    opts = {"hp": 2, "to_hit": 10}
    sol = solve("ktog", opts)
    assert sol.first_mover_win != pytest.approx(solve("ktog", {"hp": 2}).first_mover_win, abs=1e-6)
    n = 1000
    res = simulate("ktog", opts, ["optimal", "optimal"], n, seed=8, workers=1)
    p = res.first_mover_wins / n
    assert abs(p - sol.first_mover_win) < 4.5 * math.sqrt(sol.first_mover_win * (1 - sol.first_mover_win) / n)
    res = simulate("ktog", opts, ["optimal", "brute"], 400, seed=9, workers=1)
    assert res.wins[0] > res.wins[1]


@pytest.mark.parametrize("initiative", ["once", "every_round"])
def test_optimal_play_in_the_engine_matches_the_solved_value(initiative):
    """RULINGS KtOG (all of it, duel): two optimal bots in the full engine win as first mover as
    often as the solution says (z-test), and the optimal bot beats brute."""
    from brawl.solve import solve

    opts = {"hp": 2, "initiative": initiative}
    sol = solve("ktog", opts)
    assert 0.0 < sol.first_mover_win < 1.0
    n = 1000
    res = simulate("ktog", opts, ["optimal", "optimal"], n, seed=8, workers=1)
    p = res.first_mover_wins / n
    assert abs(p - sol.first_mover_win) < 4.5 * math.sqrt(sol.first_mover_win * (1 - sol.first_mover_win) / n)
    res = simulate("ktog", opts, ["optimal", "brute"], 400, seed=9, workers=1)
    assert res.wins[0] > res.wins[1]


def test_hints_and_bot_on_ktog():
    """Hints cover every decision of the duel (turn, Haste or Bless swing, Dodge, Mighty Blow)."""
    from brawl.solve.hints import hint_values
    from brawl.games.ktog.bots import BOTS

    game = make_game("ktog", {"hp": 2})
    bot = BOTS["optimal"](seed=0, game=game)
    seen = set()
    for seed in range(3):
        match = Match(game, seed=seed)
        while not match.over:
            seat = match.node().seats[0]
            values = hint_values(match, seat)
            assert set(values) == set(game.legal_actions(match.state, seat)), match.state.phase
            choice = bot.choose(game, match.state, seat)
            assert values[choice] == max(values.values())
            seen.add(match.state.phase)
            match.decide(seat, choice)
    assert {"turn"} <= seen


def test_solution_saved_and_reused():
    import brawl.solve as S

    first = S.solve("ktog", {"hp": 1})
    S._MEMORY.clear()
    again = S.solve("ktog", {"hp": 1})
    assert again.cached and not first.cached
    assert again.first_mover_win == first.first_mover_win
    data = again.to_json()
    assert {"first_mover_win", "states", "seconds", "memory_bytes"} <= set(data)


@pytest.mark.parametrize("opts", [{"players": 3}, {"classes": True}, {"fumble_flying": True}, {"hp": 30},
                                  {"stand_at_zero": True}])
def test_refuses_what_it_does_not_cover(opts):
    from brawl.solve import NoSolver, solve
    from brawl.solve.hints import hint_values

    with pytest.raises(NoSolver):
        solve("ktog", opts)
    match = Match(make_game("ktog", opts), seed=1)
    seat = match.node().seats[0]
    assert hint_values(match, seat) == {}


def test_bot_and_hints_do_not_start_a_long_solve():
    """A full-size duel takes minutes: the bot refuses with the command that solves it, hints stay
    empty, and nothing is solved behind the player's back."""
    from brawl.bots import make_bot
    from brawl.core.game import BrawlError
    from brawl.solve import cache_path
    from brawl.solve.hints import hint_values

    game = make_game("ktog", {"hp": 21})
    with pytest.raises(BrawlError, match="brawl solve ktog --hp 21"):
        make_bot("ktog", "optimal", seed=0, game=game)
    match = Match(game, seed=1)
    assert hint_values(match, match.node().seats[0]) == {}
    assert not cache_path("ktog", game.options_json()).exists()
