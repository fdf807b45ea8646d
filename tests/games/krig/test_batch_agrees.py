"""The compiled Krig games and the rules module play identical games from the same dice.

Both read one tape of values (``brawl.sim.kernel.new_tape`` and ``play_engine_tape``): every die
and every ``random`` decision takes the next value.  The compiled game logs each decision with the
state before it; the engine's walk records the same; they must agree decision by decision, and in
the winner, the first mover and the number of values used.  This checks every rule the two share
exactly, where the chi-square tests of ``tests/test_batch_krig.py`` check them only statistically.
"""

from __future__ import annotations

import numpy as np
import pytest

from brawl.games.krig.batch import play_tape
from brawl.sim.kernel import play_engine_tape


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


def _tape(seed: int, n: int = 4000) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2**31, n)


def _same_game(options: dict, bots: list[str], values) -> dict:
    fast = play_tape(options, bots, values)
    slow = play_engine_tape("krig", options, bots, values)
    engine = [(seat, action, s.hp, s.defense, s.charging) for seat, action, s in slow["decisions"]]
    assert fast["decisions"] == engine
    assert (fast["winner"], fast["first"], fast["used"]) == (slow["winner"], slow["first"], slow["used"])
    return fast


@pytest.mark.parametrize("edition", ["author", "article"])
@pytest.mark.parametrize("hp", [1, 6, 20])
def test_random_and_attacker_games_are_identical(edition, hp):
    """Rules page, Krig (every rule: initiative, attack, critical, miss, defend, charge, charge attack,
    parry and the extra turn after a failed one, both editions): same dice, same game."""
    decided = set()
    for seed in range(25):
        for bots in (["random", "random"], ["random", "attacker"], ["attacker", "random"]):
            game = _same_game({"edition": edition, "hp": hp}, bots, _tape(seed))
            decided.update(name for _, name, *_ in game["decisions"])
    assert {"attack", "take"} <= decided
    if hp > 1:
        assert {"defend", "charge", "parry"} <= decided


@pytest.mark.parametrize("edition", ["author", "article"])
def test_optimal_games_are_identical(edition):
    """The solved policy reads the same tables in both: same dice, same game (rules page, Krig)."""
    for seed in range(15):
        _same_game({"edition": edition, "hp": 7}, ["optimal", "random"], _tape(100 + seed))


def test_a_failed_parry_gives_the_attacker_another_turn_in_both():
    """Rules page, Krig, Parry: a failed parry gives the attacker another turn, in the compiled game as in
    the rules module.  Tape: initiative Sun 2 against Moon 1; Sun attacks (random choice 0) with
    agility 5 and d6 6; Moon parries (choice 0) and rolls d4 = 1; Sun is on turn again."""
    d10 = lambda face: face - 1  # noqa: E731  (a value giving this face)
    values = [d10(2), d10(1), 0, d10(5), 5, 0, 0] + list(_tape(7))
    game = _same_game({"hp": 20}, ["random", "random"], values)
    seats = [seat for seat, *_ in game["decisions"][:3]]
    names = [name for _, name, *_ in game["decisions"][:3]]
    assert names[:2] == ["attack", "parry"] and seats == [0, 1, 0]
    assert game["decisions"][2][2] == (20, 14)
