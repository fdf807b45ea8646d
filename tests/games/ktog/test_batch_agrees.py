"""The compiled KtOG games and the rules module play identical games from the same dice.

Both read one tape of values (``brawl.games.ktog.batch.play_tape`` and
``brawl.sim.kernel.play_engine_tape``): every die and every ``random`` decision takes the next
value.  The compiled game logs each decision (class picks, turn openings, the attacks after Haste
or Bless, Dodge and Mighty Blow windows) with every seat's hit points before it; the engine's walk
records the same; they must agree decision by decision, and in the winner, the first mover and the
number of values used.  Every option is played; the chi-square tests of ``tests/test_batch_ktog.py``
stay as the statistical check.
"""

from __future__ import annotations

import numpy as np
import pytest

from brawl.sim.kernel import play_engine_tape
from brawl.games.ktog.batch import play_tape


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


def _tape(seed: int, n: int = 20_000) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2**31, n)


def _same_game(options: dict, bots: list[str], values) -> dict:
    fast = play_tape(options, bots, values)
    slow = play_engine_tape("ktog", options, bots, values)
    engine = [(seat, action, s.hp) for seat, action, s in slow["decisions"]]
    assert fast["decisions"] == engine
    assert (fast["winner"], fast["first"], fast["used"]) == (slow["winner"], slow["first"], slow["used"])
    return fast


OPTION_SETS = [
    {},
    {"to_hit": 10},
    {"to_hit": 19, "hp": 8},
    {"initiative": "every_round"},
    {"initiative_die": "d10", "initiative": "every_round"},
    {"stand_at_zero": True, "hp": 6},
    {"fumble_flying": True},
    {"cure_touch_roll": True},
    {"classes": True},
    {"cure_cap": False},
    {"classes": True, "cure_touch_roll": True, "stand_at_zero": True, "fumble_flying": True, "cure_cap": False,
     "initiative": "every_round", "initiative_die": "d10", "to_hit": 12, "hp": 10},
]


@pytest.mark.parametrize("players", [2, 3, 5, 8])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_and_brute_games_are_identical(players, options):
    """RULINGS KtOG (every rule and option, 2 to 8 players): same dice, same game."""
    options = {"hp": 12, **options, "players": players}
    seen = set()
    for seed in range(3):
        bots = ["brute" if (s + seed) % 3 == 0 else "random" for s in range(players)]
        game = _same_game(options, bots, _tape(1000 * players + seed))
        seen.update(name.partition(":")[0] for _, name, _ in game["decisions"])
    assert {"attack", "none"} <= seen


def test_every_decision_appears_across_the_games():
    """The tapes above reach every kind of decision, so the agreement covers them all."""
    seen = set()
    for seed in range(12):
        options = {"players": 3, "classes": seed % 2 == 1, "hp": 12}
        game = _same_game(options, ["random"] * 3, _tape(seed))
        seen.update(name.partition(":")[0] for _, name, _ in game["decisions"])
    assert {"attack", "disarm", "cure", "haste", "bless", "scramble", "fight", "dodge", "none", "mighty_blow",
            "fighter", "magic_user"} <= seen


@pytest.mark.parametrize("initiative", ["once", "every_round"])
def test_optimal_duels_are_identical(initiative):
    """The solved duel's policy reads the same values in both: same dice, same game."""
    for seed in range(6):
        _same_game({"hp": 4, "initiative": initiative}, ["optimal", "random"], _tape(500 + seed))
        _same_game({"hp": 4, "initiative": initiative}, ["brute", "optimal"], _tape(600 + seed))
        _same_game({"hp": 3, "initiative": initiative, "to_hit": 11}, ["optimal", "random"], _tape(700 + seed))


@pytest.mark.parametrize("option", ["stand_at_zero", "fumble_flying", "cure_touch_roll", "classes"])
def test_optimal_duels_with_the_options_are_identical(option):
    """RULINGS KtOG (``stand_at_zero``, ``fumble_flying``, ``cure_touch_roll``, ``classes``): the solved
    duel's policy, class picks included, reads the same values in both: same dice, same game."""
    for seed in range(3):
        _same_game({"hp": 3, option: True}, ["optimal", "random"], _tape(800 + seed))
        _same_game({"hp": 3, option: True}, ["random", "optimal"], _tape(900 + seed))


def test_a_natural_one_then_seventeen_drops_the_weapon_in_both():
    """RULINGS KtOG, Critical miss: d20 = 1, then below 17 (no self-hit), then 17 or more: disarmed for
    2 scramble turns, in the compiled game as in the rules module.  Brute against brute: initiative
    6 against 1, Player 1 attacks and rolls 1, then 5 and 17; Player 2 attacks, then Player 1 must
    scramble."""
    values = [5, 0, 0, 4, 16, 0] + list(_tape(3))  # d6 6, d6 1; d20 1, 5, 17; Player 2's d20 1 ...
    game = _same_game({}, ["brute", "brute"], values)
    assert [name for _, name, _ in game["decisions"][:3]] == ["attack:2", "attack:1", "scramble"]
