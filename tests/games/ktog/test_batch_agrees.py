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
def _cache(ktog_solver_duels, monkeypatch):
    """The solve cache this file shares with the solver's tests, which run just before it on the
    same worker (``tests/conftest.py``): the duels they solved are read here, not solved again."""
    monkeypatch.setenv("BRAWL_CACHE", str(ktog_solver_duels))


def _tape(seed: int, n: int = 20_000) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2**31, n)


def _same_game(options: dict, bots: list[str], values) -> dict:
    fast = play_tape(options, bots, values)
    slow = play_engine_tape("ktog", options, bots, values)
    engine = [(seat, action, s.hp) for seat, action, s in slow["decisions"]]
    assert fast["decisions"] == engine
    assert (fast["winner"], fast["first"], fast["used"]) == (slow["winner"], slow["first"], slow["used"])
    return dict(fast, states=[s for _, _, s in slow["decisions"]])


# The solved duels come first: in the parallel run (tests/conftest.py) the worker that runs this file
# (after tests/test_solve_ktog.py, in the same group, whose duels it reads) then builds the tape form
# first, and the solver's tests have compiled the duel solver before the worker building the reports
# needs it, which reads it from Numba's cache instead of compiling it a second time.

def _optimal_kinds(game: dict, bots: list[str]) -> set[str]:
    """The kinds of decision the ``optimal`` seats made in ``game`` (every decision is compared by
    :func:`_same_game`)."""
    return {name.partition(":")[0] for seat, name, _ in game["decisions"] if bots[seat] == "optimal"}


@pytest.mark.parametrize("initiative, kinds", [("once", {"disarm", "fight"}), ("every_round", {"fight"})])
def test_optimal_duels_are_identical(initiative, kinds):
    """The solved duel's policy reads the same values in both: same dice, same game.  Small duels
    (a solve each, the longest part of this file), many games: the solved seats' decisions compared
    cover every kind the policy takes, Disarm and the bare-handed blow included.  At 2 hit points
    (the players' hit points differ, so the policy is read at unequal positions) and at 1 with
    another threshold to hit; each solve takes seconds, a game milliseconds, so the games are many
    (in the every-round duel the bare-handed blow first comes at the 32nd seed)."""
    seen = set()
    for seed in range(48):
        for options, bots, tape in (({"hp": 2}, ["optimal", "random"], 500), ({"hp": 2}, ["brute", "optimal"], 600),
                                    ({"hp": 1, "to_hit": 11}, ["optimal", "random"], 700)):
            game = _same_game({**options, "initiative": initiative}, bots, _tape(tape + seed))
            seen |= _optimal_kinds(game, bots)
    assert {"attack", "haste", "bless", "dodge", "mighty_blow"} | kinds <= seen


#: each option's own event, seen at a decision (seat, name, the engine's state before it)
OPTION_EVENTS = {
    "stand_at_zero": lambda seat, name, s: any(h == 0 and up for h, up in zip(s.hp, s.up)),  # standing at 0
    "fumble_flying": lambda seat, name, s: 3 in s.disarmed,  # a weapon flew: 3 scramble turns
    "cure_touch_roll": lambda seat, name, s: name.startswith("cure:") and int(name[5:]) != seat + 1,  # touch roll
    "classes": lambda seat, name, s: name == "fighter",
}


@pytest.mark.parametrize("option, kinds", [
    ("stand_at_zero", {"none", "scramble", "fight", "disarm"}),
    ("fumble_flying", {"scramble", "fight", "disarm"}),
    ("cure_touch_roll", {"scramble", "fight", "disarm"}),
    ("classes", {"magic_user", "scramble", "fight", "disarm"}),
])
def test_optimal_duels_with_the_options_are_identical(option, kinds):
    """Rules page, KtOG (``stand_at_zero``, ``fumble_flying``, ``cure_touch_roll``, ``classes``): the solved
    duel's policy, class picks included, reads the same values in both: same dice, same game.  Over
    many games, so that each option's own event comes up (a player standing at 0, a weapon flying
    for 3 turns, a Cure on the other, a fighter) and the solved seats take every kind of decision.
    At 1 hit point (a solve of seconds; at 2 the four solves took most of this file's time): each
    event still comes up, and where the option touches hit points the players' still differ (0
    against 1 standing at zero, a fighter's 6 against a magic-user's 1); the test above reads the
    policy at 2 hit points."""
    seen, events = set(), 0
    for seed in range(50):
        for bots, tape in ((["optimal", "random"], 800), (["random", "optimal"], 900)):
            game = _same_game({"hp": 1, option: True}, bots, _tape(tape + seed))
            seen |= _optimal_kinds(game, bots)
            events += sum(OPTION_EVENTS[option](seat, name, state)
                          for (seat, name, _), state in zip(game["decisions"], game["states"]))
    assert {"attack", "haste", "bless", "dodge", "mighty_blow"} | kinds <= seen
    assert events > 0


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
    """Rules page, KtOG (every rule and option, 2 to 8 players): same dice, same game."""
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


def test_a_natural_one_then_seventeen_drops_the_weapon_in_both():
    """Rules page, KtOG, Critical miss: d20 = 1, then below 17 (no self-hit), then 17 or more: disarmed for
    2 scramble turns, in the compiled game as in the rules module.  Brute against brute: initiative
    6 against 1, Player 1 attacks and rolls 1, then 5 and 17; Player 2 attacks, then Player 1 must
    scramble."""
    values = [5, 0, 0, 4, 16, 0] + list(_tape(3))  # d6 6, d6 1; d20 1, 5, 17; Player 2's d20 1 ...
    game = _same_game({}, ["brute", "brute"], values)
    assert [name for _, name, _ in game["decisions"][:3]] == ["attack:2", "attack:1", "scramble"]
