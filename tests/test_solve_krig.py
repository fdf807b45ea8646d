"""The Krig solvers against an independent solver written here from the Krig rules page.

The independent solver shares no code with ``brawl.solve``: it keeps seat 0's win probability in
absolute seat terms ``W[h0, h1, d0, d1, c0, c1, t]`` (t: the seat on turn), lets seat 0 maximise
and seat 1 minimise, and sweeps all hit-point pairs of one total at a time."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import numpy as np
import pytest
from numba import njit

from brawl.core.match import Match
from brawl.games import make_game


BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]

# ---------------------------------------------------------------------------------------------
# Independent solver (rules page, Krig)

@njit(cache=False)
def _v(W, h0, h1, d0, d1, c0, c1, t):
    # "A player at 0 or fewer hit points loses; the other wins."
    if h0 <= 0:
        return 0.0
    if h1 <= 0:
        return 1.0
    return W[h0, h1, d0, d1, c0, c1, t]


@njit(cache=False)
def _pick(x0, x1, seat, value):
    if seat == 0:
        return value, x1
    return x0, value


@njit(cache=False)
def _chooser(seat, a, b):
    return max(a, b) if seat == 0 else min(a, b)


@njit(cache=False)
def _turn_value(W, h0, h1, d0, d1, c0, c1, t, article):
    e = 1 - t
    hs = (h0, h1)
    ds = (d0, d1)
    cs = (c0, c1)
    he, de = hs[e], ds[e]
    options = np.empty(3)
    n = 0
    if cs[t] == 1:
        # charge attack: d10, d6, d8; d6 + d8 damage; no parry; then not charging, own defense 0
        nc0, nc1 = _pick(c0, c1, t, 0)
        nd0, nd1 = _pick(d0, d1, t, 0)
        total = 0.1 * _v(W, h0, h1, nd0, nd1, nc0, nc1, e)
        for x in range(1, 7):
            for y in range(1, 9):
                dmg = x + y
                a0, a1 = _pick(h0, h1, e, he - dmg)
                crit = _v(W, a0, a1, nd0, nd1, nc0, nc1, e)
                soak = dmg if dmg < de else de
                b0, b1 = _pick(h0, h1, e, he - dmg + soak)
                q0, q1 = _pick(nd0, nd1, e, de - soak)
                normal = _v(W, b0, b1, q0, q1, nc0, nc1, e)
                total += (0.1 * crit + 0.8 * normal) / 48.0
        return total
    # attack: d10 = 1 misses, 10 is critical (straight to hit points), else parry or take
    total = 0.1 * _v(W, h0, h1, d0, d1, c0, c1, e)
    for x in range(1, 7):
        a0, a1 = _pick(h0, h1, e, he - x)
        crit = _v(W, a0, a1, d0, d1, c0, c1, e)
        soak = x if x < de else de
        b0, b1 = _pick(h0, h1, e, he - x + soak)
        q0, q1 = _pick(d0, d1, e, de - soak)
        take = _v(W, b0, b1, q0, q1, c0, c1, e)
        normal = take
        if not (article and cs[e] == 1):
            wins = 0
            for r in range(1, 5):
                if r >= x:
                    wins += 1
            ok = wins / 4.0
            # success: nothing happens, play passes; failure: damage, attacker again
            parry = ok * _v(W, h0, h1, d0, d1, c0, c1, e) + (1 - ok) * _v(W, b0, b1, q0, q1, c0, c1, t)
            normal = _chooser(e, take, parry)
        total += (0.1 * crit + 0.8 * normal) / 6.0
    options[n] = total
    n += 1
    if ds[t] == 0:
        s = 0.0
        for y in range(1, 9):
            y0, y1 = _pick(d0, d1, t, y)
            s += _v(W, h0, h1, y0, y1, c0, c1, e) / 8.0
        options[n] = s
        n += 1
    k0, k1 = _pick(c0, c1, t, 1)
    g0, g1 = (d0, d1)
    if article:
        g0, g1 = _pick(d0, d1, t, 0)
    options[n] = _v(W, h0, h1, g0, g1, k0, k1, e)
    n += 1
    best = options[0]
    for i in range(1, n):
        best = _chooser(t, best, options[i])
    return best


@njit(cache=False)
def independent_solve(H, article):
    W = np.zeros((H + 1, H + 1, 9, 9, 2, 2, 2))
    for s in range(2, 2 * H + 1):
        while True:
            moved = 0.0
            for h0 in range(1, H + 1):
                h1 = s - h0
                if h1 < 1 or h1 > H:
                    continue
                for d0 in range(9):
                    for d1 in range(9):
                        for c0 in range(2):
                            for c1 in range(2):
                                for t in range(2):
                                    x = _turn_value(W, h0, h1, d0, d1, c0, c1, t, article)
                                    moved = max(moved, abs(x - W[h0, h1, d0, d1, c0, c1, t]))
                                    W[h0, h1, d0, d1, c0, c1, t] = x
            if moved < 1e-14:
                break
    return W


_INDEPENDENT: dict = {}


def independent(hp: int, edition: str) -> np.ndarray:
    if (hp, edition) not in _INDEPENDENT:
        _INDEPENDENT[hp, edition] = independent_solve(hp, edition == "article")
    return _INDEPENDENT[hp, edition]


def reachable_cells(hp: int, edition: str):
    for hm in range(1, hp + 1):
        for ho in range(1, hp + 1):
            for dm in range(9):
                for do in range(9):
                    for cm in range(2):
                        for co in range(2):
                            if edition == "article" and ((cm and dm) or (co and do)):
                                continue  # Rules page, Krig, Charge (article): a charger's defense is lost
                            yield hm, ho, dm, do, cm, co


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))
    import brawl.solve as S

    S._MEMORY.clear()


# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["author", "article"])
@pytest.mark.parametrize("hp", [1, 2, 3, 5, 20])
def test_dense_solver_matches_independent_solver(edition, hp):
    """Rules page, Krig (all of it): every turn state's optimal value equals the independent solver's."""
    from brawl.solve import solve

    sol = solve("krig", {"edition": edition, "hp": hp})
    W = independent(hp, edition)
    worst = 0.0
    for hm, ho, dm, do, cm, co in reachable_cells(hp, edition):
        # seat 0 on turn as the mover, seat 1 as the opponent
        worst = max(worst, abs(sol.value[hm, ho, dm, do, cm, co] - W[hm, ho, dm, do, cm, co, 0]))
    assert worst < 1e-9
    assert sol.first_mover_win == pytest.approx(W[hp, hp, 0, 0, 0, 0, 0], abs=1e-12)
    assert 0.5 < sol.first_mover_win < 1.0


@pytest.mark.parametrize("edition", ["author", "article"])
@pytest.mark.parametrize("hp", [1, 2])
def test_generic_solver_on_the_rules_module_matches_independent_solver(edition, hp):
    """Rules page, Krig (all of it): the generic solver, walking brawl.games.krig.rules itself (initiative, ties
    re-rolled, parry reactions), gives the independent solver's value at every turn state."""
    from brawl.solve.generic import solve_game
    from brawl.games.krig.solver import krig_key

    game = make_game("krig", {"edition": edition, "hp": hp})
    sol = solve_game(game, krig_key)
    W = independent(hp, edition)
    n = 0
    for state, i in sol.index.items():
        if state.phase == "turn":
            h, d, c = state.hp, state.defense, state.charging
            assert sol.value[i] == pytest.approx(W[h[0], h[1], d[0], d[1], int(c[0]), int(c[1]), state.to_act], abs=1e-9)
            n += 1
    assert n > 100
    # the start is before initiative: by symmetry each seat wins half
    assert sol.value[0] == pytest.approx(0.5, abs=1e-9)


def test_editions_differ_and_charging_matters():
    """Rules page, Krig, Charge: the article edition's lost defense and forbidden parry change values."""
    from brawl.solve import solve

    a = solve("krig", {"edition": "author", "hp": 10})
    b = solve("krig", {"edition": "article", "hp": 10})
    assert abs(a.value[10, 10, 5, 0, 0, 0] - b.value[10, 10, 5, 0, 0, 0]) > 1e-6


def test_solution_is_saved_and_reused(tmp_path):
    """A solution is saved keyed by game, options and solver version, and loaded the next time."""
    import brawl.solve as S

    first = S.solve("krig", {"hp": 4})
    assert not first.cached
    path = S.cache_path("krig", {"edition": "author", "hp": 4})
    assert path.exists() and path.name.startswith("krig-v%d-" % S.SOLVER_VERSION)
    S._MEMORY.clear()
    again = S.solve("krig", {"hp": 4})
    assert again.cached and again.first_mover_win == first.first_mover_win
    assert S.cache_path("krig", {"edition": "article", "hp": 4}) != path
    # a damaged file is solved again, not trusted
    path.write_bytes(b"not a solution")
    S._MEMORY.clear()
    fixed = S.solve("krig", {"hp": 4})
    assert not fixed.cached and fixed.first_mover_win == first.first_mover_win


def test_hint_values_and_optimal_bot_agree():
    """Hints give each legal decision its win probability; the optimal bot plays the best one."""
    from brawl.bots import make_bot
    from brawl.solve.hints import best_hint, hint_values

    game = make_game("krig", {"hp": 8})
    bot = make_bot("krig", "optimal", seed=0, game=game)
    match = Match(game, seed=5)
    checked = 0
    while not match.over:
        node = match.node()
        seat = node.seats[0]
        values = hint_values(match, seat)
        assert set(values) == set(game.legal_actions(match.state, seat))
        assert all(0.0 <= v <= 1.0 for v in values.values())
        other = 1 - seat
        assert hint_values(match, other) == {}
        choice = bot.choose(game, match.state, seat)
        assert values[choice] == pytest.approx(max(values.values()), abs=1e-12)
        assert best_hint(values).startswith("best: ")
        match.decide(seat, choice)
        checked += 1
    assert checked >= 3


def test_hints_empty_without_a_solver():
    from brawl.solve.hints import hint_values

    match = Match(make_game("rps"), seed=1)
    assert hint_values(match, 0) == {}


def test_optimal_bot_beats_attacker_in_the_engine():
    """The solved policy does at least as well as the attacker policy (checked in the engine)."""
    from brawl.sim.engine import simulate

    res = simulate("krig", {"hp": 10}, ["optimal", "attacker"], 600, seed=3, workers=1)
    assert res.wins[0] / res.games > 0.55


def test_cli_solve_json(tmp_path):
    env_cache = str(tmp_path / "c")
    import os

    env = dict(os.environ, BRAWL_CACHE=env_cache)
    out = subprocess.run([*BRAWL, "solve", "krig", "--hp", "6", "--edition", "article", "--json"],
                         capture_output=True, text=True, env=env, check=True)
    data = json.loads(out.stdout)
    assert set(data) >= {"first_mover_win", "states", "seconds"}
    assert data["first_mover_win"] == pytest.approx(independent(6, "article")[6, 6, 0, 0, 0, 0, 0], abs=1e-12)
    bad = subprocess.run([*BRAWL, "solve", "krig", "--hp", "0"],
                         capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "hp" in bad.stderr


def test_terminal_shows_hints():
    """brawl play --hints: each of the human's choices carries its exact win chance."""
    import io

    from rich.console import Console

    from brawl.cli.terminal import TerminalGame
    from brawl.games.krig.bots import AttackerBot
    from brawl.solve.hints import hint_values

    game = make_game("krig", {"hp": 6})
    match = Match(game, seed=2)
    buf = io.StringIO()
    tg = TerminalGame(match, [None, AttackerBot()], Console(file=buf, width=200), ask=lambda prompt: "1", hints=hint_values)
    tg.run()
    text = buf.getvalue()
    assert "win chance" in text
    first = re.search(r"1\. \w+ .*\[win chance \d+%\]", text)
    assert first is not None
    assert re.search(r"Hint: best: (attack|defend|charge|parry|take), \d+%", text)  # issue 5: "best: defend, 61%"
