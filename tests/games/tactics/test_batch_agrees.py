"""Issue 39: the compiled Tactics battles and the rules engine play identical battles from the same dice.

Both read one tape of values (``brawl.sim.kernel.new_tape``; the engine's walk is
``brawl.games.tactics.batch_tape.play_engine_tape``): every die and every ``random`` decision takes
the next value.  The compiled battle logs each decision with the places and hit points of every
character before it; the engine's walk records the same; they must agree decision by decision, and
in the winner, the first side, the turns and the number of values used.  Over every ready party
and custom ones, every map, low and high levels and each reading the options offer, this checks
every rule the kernel plays exactly: initiative and its ties, the route search and its attacks of
opportunity, attacks (flanking, prone, flat-footed, two weapons, ranges, criticals, sneak attack),
trips, hamstrings, throws, shots (and shooting into melee), drawing, hiding, the Heal check, every
spell (touch and ray attacks, the blur's miss chance, Will and Reflex saves, the fireball's burst,
cures, resistance, haste, Concentration after an attack of opportunity), bleeding and the round
limit.
"""

from __future__ import annotations

import numpy as np
import pytest

from brawl.games.tactics.batch import play_tape
from brawl.games.tactics.data import SPELLS
from brawl.games.tactics.batch_tape import places, play_engine_tape

#: option sets: every map, levels 1 to 20, each reading of the options the kernel plays
OPTION_SETS = [
    {},
    {"map": "pillars", "level": 9},
    {"party1": "duo", "party2": "wardens", "map": "bridge", "level": 9},
    {"party1": "heroes", "party2": "heroes", "level": 1, "flat_footed": False},
    {"party1": "raiders", "party2": "wardens", "level": 20, "max_rounds": 8},
    {"custom1": "wizard,cleric,jeff", "custom2": "vex,ada,hild", "level": 7, "shooting_into_melee": True},
    {"party1": "steve", "party2": "steve"},
    {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter"},
    {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "map": "pillars", "level": 3},
    {"custom1": "mara,nim,rogue", "custom2": "orla,tam", "map": "bridge", "level": 1},
    {"custom1": "brok,nim,tam,mara", "custom2": "rogue,rogue,fighter,steve", "level": 12, "flat_footed": False,
     "two_weapon_penalty": "both_attacks", "prone_damage": "melee"},
    {"party1": "steve", "party2": "steve", "level": 20, "max_rounds": 3},
    {"custom1": "orla,steve,mara,rogue", "custom2": "orla,tam,nim,brok", "map": "pillars", "shooting_into_melee": True},
]


def _tape(seed: int, n: int = 40_000) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2**31, n)


def _same_battle(options: dict, values, bots=("random", "random")) -> dict:
    fast = play_tape(options, list(bots), values)
    slow = play_engine_tape(options, list(bots), values)
    engine = [(seat, action, places(state)) for seat, action, state in slow["decisions"]]
    assert fast["decisions"] == engine
    assert (fast["winner"], fast["first"], fast["turns"], fast["used"]) == (
        slow["winner"], slow["first"], slow["turns"], slow["used"])
    return fast


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_random_battles_are_identical(options):
    """Issue 39, batch kernel for Tactics: random against random, same dice, same battle, decision for
    decision, over parties, maps, levels and the options' readings."""
    for seed in range(3):
        _same_battle(options, _tape(seed))


HEURISTIC_SETS = [
    ({}, ("heuristic", "heuristic")),
    ({}, ("heuristic", "random")),
    ({"map": "pillars", "level": 9}, ("heuristic", "heuristic")),
    ({"party1": "duo", "party2": "wardens", "map": "bridge", "level": 9}, ("random", "heuristic")),
    ({"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "level": 2}, ("heuristic", "heuristic")),
    ({"party1": "raiders", "party2": "wardens", "level": 20, "shooting_into_melee": True}, ("heuristic", "heuristic")),
]


@pytest.mark.parametrize("options,bots", HEURISTIC_SETS,
                         ids=lambda x: "-".join(x) if isinstance(x, tuple) else ",".join(f"{k}={v}" for k, v in x.items()))
def test_heuristic_battles_are_identical(options, bots):
    """Issue 39, point 2: the compiled heuristic makes the same choices as the engine's heuristic bot
    (healing the fallen, standing up, casters' retreats and spells, fireballs on two or more enemies,
    focus fire, throws, the squares it closes in on and flanks from), so the battles are the same."""
    for seed in range(3):
        _same_battle(options, _tape(50 + seed), bots)


def test_every_kind_of_decision_is_checked():
    """Issue 39: the agreement covers every decision the kernel plays (rules page, Tactics: moves,
    attacks, two weapons, hamstring, trip, shots, throws, standing, drawing, hiding, the Heal check,
    every spell, attacks of opportunity taken and let pass, ending the turn), so none is untested."""
    seen = set()
    parties = [{"custom1": "mara,nim,rogue", "custom2": "nim,rogue,mara", "map": "pillars", "level": 2},
               {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter"},
               {"level": 9}, {"map": "pillars", "level": 9, "party2": "heroes"}]
    for seed in range(12):
        game = _same_battle(parties[seed % 4], _tape(100 + seed))
        seen.update(":".join(action.split(":")[:2]) if action.startswith("cast:") else action.split(":")[0]
                    for _, action, _ in game["decisions"])
    spells = {f"cast:{key}" for key in SPELLS}
    assert {"move", "attack", "twoweapon", "hamstring", "trip", "shoot", "throw", "stand", "draw", "hide",
            "end_turn", "aoo", "pass"} | spells <= seen, sorted(spells - seen)


def test_a_tie_of_initiative_is_broken_by_the_same_die():
    """Rules page, Tactics, Initiative (ties broken by a die): two Steves rolling the same d20 tie, and
    the tie die (the third value) picks who goes first in both."""
    for pick in (0, 1):
        values = [9, 9, pick] + list(_tape(7))
        game = _same_battle({"party1": "steve", "party2": "steve"}, values)
        assert game["first"] == pick
        assert game["decisions"][0][0] == pick
