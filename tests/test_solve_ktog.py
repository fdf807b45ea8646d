"""The KtOG duel solver: brute-mode values against an independent dynamic program written here,
optimal play against the full engine, hints, the optimal bot and the options it refuses."""

from __future__ import annotations

import math

import numpy as np
import pytest

from brawl.core.match import Match
from brawl.games import make_game
from brawl.sim.engine import simulate


@pytest.fixture(scope="module", autouse=True)
def _cache(ktog_solver_duels):
    """One solve cache for the module's tests (a duel solved once serves every test that reads it),
    which the compiled games' tests of the solved duels read after them (``ktog_solver_duels`` in
    ``tests/conftest.py``); the tests of saving and of refusing a long solve take caches of their own
    (:func:`fresh_cache`)."""
    import brawl.solve as S

    mp = pytest.MonkeyPatch()
    mp.setenv("BRAWL_CACHE", str(ktog_solver_duels))
    S._MEMORY.clear()
    yield
    S._MEMORY.clear()
    mp.undo()


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty solve cache, on disk and in memory, for this test alone."""
    import brawl.solve as S

    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))
    saved = dict(S._MEMORY)
    S._MEMORY.clear()
    yield
    S._MEMORY.clear()
    S._MEMORY.update(saved)


def brute_duel(H: int, to_hit: int = 14) -> float:
    """Brute against brute, two players, default options but ``to_hit`` (rules page, KtOG: Attack, Critical
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
    """Rules page, KtOG (Attack, Critical miss, Disarmed, Round): with both players held to the brute
    policy the solver's start value equals the independent program's."""
    from brawl.games.ktog.solver import solve_ktog_duel, start_index

    V, _, _ = solve_ktog_duel(H, False, brute=True)
    assert V[start_index(H)] == pytest.approx(brute_duel(H), abs=1e-10)


@pytest.mark.parametrize(("H", "to_hit"), [(2, 10), (1, 17)])
def test_brute_mode_with_another_to_hit_matches_independent_program(H, to_hit):
    """Seed rule 3 and rules page, KtOG (``to_hit``): the solver reads the threshold from the options; with
    both players held to brute its start value equals the independent program's.  A threshold of 17
    at 1 hit point: hits are rare, so the solve sweeps long to converge (at 2 hit points four times as
    long); the threshold is read the same at any hit points, and 2 hit points are checked with 10."""
    from brawl.games.ktog.solver import solve_ktog_duel, start_index

    V, _, _ = solve_ktog_duel(H, False, brute=True, to_hit=to_hit)
    assert V[start_index(H)] == pytest.approx(brute_duel(H, to_hit), abs=1e-10)
    assert brute_duel(H, to_hit) != pytest.approx(brute_duel(H), abs=1e-6)


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
    """Rules page, KtOG (all of it, duel): two optimal bots in the full engine win as first mover as
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
    from brawl.bots import make_bot
    from brawl.solve.hints import hint_values

    game = make_game("ktog", {"hp": 2})
    bot = make_bot("ktog", "optimal", seed=0, game=game)
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


def test_solution_saved_and_reused(fresh_cache):
    import brawl.solve as S

    first = S.solve("ktog", {"hp": 1})
    S._MEMORY.clear()
    again = S.solve("ktog", {"hp": 1})
    assert again.cached and not first.cached
    assert again.first_mover_win == first.first_mover_win
    data = again.to_json()
    assert {"first_mover_win", "states", "seconds", "memory_bytes"} <= set(data)


@pytest.mark.parametrize(("opts", "why"), [({"players": 3}, "zero-sum"), ({"cure_cap": False}, "without bound"),
                                           ({"hp": 30}, "1 to 25")])
def test_refuses_what_it_does_not_cover(opts, why):
    """The solver refuses, saying why, what its method cannot solve; hints stay empty there."""
    from brawl.solve import NoSolver, solve
    from brawl.solve.hints import hint_values

    with pytest.raises(NoSolver, match=why):
        solve("ktog", opts)
    match = Match(make_game("ktog", opts), seed=1)
    seat = match.node().seats[0]
    assert hint_values(match, seat) == {}


def test_bot_and_hints_do_not_start_a_long_solve(fresh_cache):
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


# -- the options: the solver against the generic walk of the rules module ---------------------------

def few_spells_game(options: dict, haste: int = 0, cure: bool = False, bless: bool = False, mighty: bool = False,
                    dodge: bool = False):
    """KtOG with ``options`` whose players start with only these spells: the rules module itself,
    from a smaller start, so that the generic walk stays small (every spell multiplies the states)."""
    from dataclasses import replace

    from brawl.games.ktog.rules import Ktog

    class FewSpells(Ktog):
        def initial_state(self):
            s = super().initial_state()
            n = len(s.hp)
            return replace(s, haste=(haste,) * n, cure=(cure,) * n, bless=(bless,) * n, mighty=(mighty,) * n,
                           dodge=(dodge,) * n)

    return FewSpells(options)


def solver_reader(game):
    """The duel solver's values for ``game`` (the KtOG rules from their start, few spells or all):
    (its solution, the action values of a decision, a seat's win probability at a state)."""
    from brawl.games.ktog import duel
    from brawl.solve import solve

    sol = solve("ktog", game.options_json())
    start = game.initial_state()
    magic_user = duel.cfg_of(sol.R, start.hp[0], start.haste[0], int(start.cure[0]), int(start.bless[0]),
                             int(start.mighty[0]), int(start.dodge[0]), False)

    def values(state, seat):
        if state.phase == "class":  # a magic-user starts with the spells of this start
            f, m = duel.class_values(sol.V, sol.R, seat, state.role[0] == "fighter", magic_user)
            return {"fighter": float(f), "magic_user": float(m)}
        return sol.action_values(state, seat)

    return sol, values, lambda s, seat: max(sol.action_values(s, seat).values())


def first_mover(game, values, value) -> float:
    """The first mover's chance: classes picked as ``values`` says (ties to the first), then each
    seat leading with the same chance, read by ``value(state, seat)``."""
    state = game.initial_state()
    while state.phase == "class":
        v = values(state, state.to_act)
        state = game.apply_action(state, state.to_act, max(v, key=lambda a: v[a]))
    sides = max(o for o, _ in game.node(state).event.items())
    led = []
    for rolls in ((sides, 1), (1, sides)):
        s = state
        for r in rolls:
            s = game.apply_chance(s, r)
        led.append(value(s, s.to_act))
    return sum(led) / 2


def generic_agreement(game):
    """Walk ``game`` (the KtOG rules) state by state (:mod:`brawl.solve.generic`) and read every
    decision it reaches from the duel solver too: (largest gap between their action values,
    decisions compared, generic first-mover value, solver first-mover value)."""
    from brawl.core.game import Decision
    from brawl.solve.generic import solve_game

    ref = solve_game(game)
    _, solver_values, solver_value = solver_reader(game)
    worst, n = 0.0, 0
    for state, i in ref.index.items():
        node = game.node(state)
        if not isinstance(node, Decision):
            continue
        seat = node.seats[0]
        want, got = ref.action_values(state, seat), solver_values(state, seat)
        assert set(got) == set(want), (state.phase, got, want)
        worst = max(worst, max(abs(got[a] - want[a]) for a in want))
        n += 1
    return (worst, n, first_mover(game, ref.action_values, ref.win_probability),
            first_mover(game, solver_values, solver_value))


def cli_solve(*words: str) -> dict:
    import json

    from typer.testing import CliRunner

    from brawl.cli import app

    result = CliRunner().invoke(app, ["solve", "ktog", "--json", *words])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def check_option(option: str, hp: int, spells: dict) -> tuple:
    """The option on against the generic walk, and the same start with the option off: the option
    must change the value (so the agreement is about the option).  The first mover's chance without
    the option is the solver's: a second walk of the rules, a minute of the test run, told no more."""
    worst, n, fm_generic, fm_solver = generic_agreement(few_spells_game({"hp": hp, option: True}, **spells))
    assert n > 20
    assert worst < 1e-9
    assert fm_solver == pytest.approx(fm_generic, abs=1e-9)
    off = few_spells_game({"hp": hp}, **spells)
    _, values, value = solver_reader(off)
    assert abs(first_mover(off, values, value) - fm_generic) > 1e-6
    return fm_generic, fm_solver


@pytest.mark.parametrize("hp", [1])  # larger hp: the generic walk takes minutes (run by hand)
def test_stand_at_zero_agrees_with_the_rules_module(hp):
    """Seed rule 5 and rules page, KtOG, Zero (``stand_at_zero``): a blow that leaves a player at 0 rolls
    d100, 50 or less keeps him in at 0 (again at every later blow; Cure heals from 0).  The solver
    values every decision the rules module reaches as the generic walk does (Cure and Dodge kept,
    so that healing from 0 and dodging at 0 come up)."""
    check_option("stand_at_zero", hp, {"cure": True, "dodge": True})


@pytest.mark.parametrize("hp", [1])  # larger hp: the generic walk takes minutes (run by hand)
def test_fumble_flying_agrees_with_the_rules_module(hp):
    """FAQ 2 and rules page, KtOG, Critical miss (``fumble_flying``): a natural 1 on the drop roll
    disarms for 3 scramble turns.  The solver agrees with the generic walk at every decision (one
    Haste kept, which scrambles 3 down to 1)."""
    check_option("fumble_flying", hp, {"haste": 1})


@pytest.mark.parametrize("hp", [1])  # larger hp: the generic walk takes minutes (run by hand)
def test_cure_touch_roll_agrees_with_the_rules_module(hp):
    """FAQ 1 and rules page, KtOG, Turn (``cure_touch_roll``): a Cure on someone else first needs a d20
    roll at the attack threshold; a failure spends the Cure.  The solver agrees with the generic
    walk at every decision, and the touch roll changes what a Cure on the other is worth."""
    worst, n, fm_generic, fm_solver = generic_agreement(few_spells_game({"hp": hp, "cure_touch_roll": True},
                                                                        cure=True, dodge=True))
    assert n > 20 and worst < 1e-9
    assert fm_solver == pytest.approx(fm_generic, abs=1e-9)
    from brawl.solve import solve

    from dataclasses import replace

    # the other hurt, so that a Cure on him heals: at 1 hit point only a fighter (5 hit points more)
    # can be hurt and stay in, so classes are on in both solves (the solve without the touch roll is
    # the one the classes test below reads; 2 hit points without classes took twice as long)
    game = make_game("ktog", {"hp": 1, "classes": True})
    state = game.initial_state()
    state = game.apply_action(state, 0, "magic_user")
    state = game.apply_action(state, 1, "fighter")
    state = replace(game.apply_chance(game.apply_chance(state, 6), 1), hp=(1, 3))
    assert state.phase == "turn" and state.to_act == 0 and "cure:2" in game.legal_actions(state, 0)
    on = solve("ktog", {"hp": 1, "classes": True, "cure_touch_roll": True}).action_values(state, 0)
    off = solve("ktog", {"hp": 1, "classes": True}).action_values(state, 0)
    assert abs(on["cure:2"] - off["cure:2"]) > 1e-6


@pytest.mark.parametrize("hp", [1])  # larger hp: the generic walk takes minutes (run by hand)
def test_classes_agree_with_the_rules_module(hp):
    """Seed rule 3 and rules page, KtOG, ``classes``: seat 0 picks fighter (-2 to hit, 5 more hit points,
    no spells) or magic-user, then seat 1, then initiative.  The solver values both picks and every
    later decision as the generic walk does (magic-users keep Cure and Dodge)."""
    check_option("classes", hp, {"cure": True, "dodge": True})


@pytest.mark.parametrize("option", ["stand-at-zero", "fumble-flying", "cure-touch-roll", "classes"])
def test_the_options_solve_from_the_command_line(option):
    """``brawl solve ktog --hp 1 --<option>`` solves and prints the first mover's value, which the
    option moves away from the default duel's (not so for the touch roll, which only touches a Cure
    on the other, nor for classes, where both seats pick magic-user at hp 1, as the default duel).
    At hp 1 the solutions are the ones the agreement tests above checked against the rules."""
    data = cli_solve("--hp", "1", f"--{option}")
    assert data["options"][option.replace("-", "_")] is True
    assert 0.0 < data["first_mover_win"] < 1.0
    if option in ("stand-at-zero", "fumble-flying"):
        assert data["first_mover_win"] != pytest.approx(cli_solve("--hp", "1")["first_mover_win"], abs=1e-9)
