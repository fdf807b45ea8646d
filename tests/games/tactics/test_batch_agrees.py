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
limit; and the optional d20 rules (rules.md, "Rules from the SRD"): full attacks, punches and their
nonlethal damage, cover and soft cover, the surprise round.
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
#: Issue 39, every d20 option (rules.md, "Rules from the SRD"): Iterative attacks (rules 66-68: full
#: attacks at -5 steps, the off-hand attack, going on or moving instead), Unarmed strikes (rules 63-65:
#: the punch, its attack of opportunity, staggered and knocked out), Cover (rules 59-61: walls' and
#: creatures' cover by the corner rule, the Reflex bonus, no attack of opportunity across a wall's
#: corner), Surprise round (rules 69-70: the aware side's round 0 of single actions, flat-footed
#: characters make no attacks of opportunity)
D20_OPTION_SETS = [
    {"iterative_attacks": True, "custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "level": 16},
    {"iterative_attacks": True, "party1": "steve", "party2": "steve", "level": 11, "two_weapon_penalty": "both_attacks"},
    {"unarmed_strikes": True, "custom1": "jeff,mara,brok", "custom2": "nim,orla,ada", "level": 2},
    {"unarmed_strikes": True, "iterative_attacks": True, "party1": "duo", "party2": "wardens", "map": "bridge",
     "level": 11},
    {"cover": True, "custom1": "orla,steve,mara,rogue", "custom2": "orla,tam,nim,brok", "map": "pillars"},
    {"cover": True, "custom1": "wizard,orla,jeff", "custom2": "vex,orla,nim", "level": 9},
    {"cover": True, "party1": "duo", "party2": "wardens", "map": "bridge", "level": 9, "shooting_into_melee": True},
    {"surprise_round": "first"},
    {"surprise_round": "second", "flat_footed": False, "map": "pillars", "level": 9},
]
#: the decisions only an option makes: each must be played in its cases (so the case tests it)
OPTION_DECISIONS = {"iterative_attacks": "fullattack", "unarmed_strikes": "punch"}


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


def _option_ids(o) -> str:
    return ",".join(f"{k}={v}" for k, v in o.items())


@pytest.mark.parametrize("options", OPTION_SETS + D20_OPTION_SETS, ids=_option_ids)
def test_random_battles_are_identical(options):
    """Issue 39, batch kernel for Tactics: random against random, same dice, same battle, decision for
    decision, over parties, maps, levels and the options' readings, every d20 option among them
    (:data:`D20_OPTION_SETS`: rules.md Iterative attacks, Unarmed strikes, Cover, Surprise round), whose
    own decisions are played in their cases (more seeds, up to twelve, until they are)."""
    want = {v for k, v in OPTION_DECISIONS.items() if options.get(k)}
    verbs: set = set()
    for seed in range(12):
        if seed >= 3 and want <= verbs:
            break
        verbs.update(action.split(":")[0] for _, action, _ in _same_battle(options, _tape(seed))["decisions"])
    assert want <= verbs


HEURISTIC_SETS = [
    ({}, ("heuristic", "heuristic")),
    ({}, ("heuristic", "random")),
    ({"map": "pillars", "level": 9}, ("heuristic", "heuristic")),
    ({"party1": "duo", "party2": "wardens", "map": "bridge", "level": 9}, ("random", "heuristic")),
    ({"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "level": 2}, ("heuristic", "heuristic")),
    ({"party1": "raiders", "party2": "wardens", "level": 20, "shooting_into_melee": True}, ("heuristic", "heuristic")),
    # the d20 options (rules.md, "Rules from the SRD"; see D20_OPTION_SETS)
    ({"iterative_attacks": True, "custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter", "level": 16},
     ("heuristic", "heuristic")),
    ({"unarmed_strikes": True, "custom1": "jeff,mara,brok", "custom2": "nim,orla,ada", "level": 2},
     ("heuristic", "random")),
    ({"cover": True, "custom1": "wizard,orla,jeff", "custom2": "vex,orla,nim", "map": "pillars", "level": 9},
     ("heuristic", "heuristic")),
    ({"cover": True, "party1": "duo", "party2": "wardens", "map": "bridge", "level": 9}, ("heuristic", "heuristic")),
    ({"surprise_round": "second", "party2": "wardens"}, ("heuristic", "heuristic")),
]


@pytest.mark.parametrize("options,bots", HEURISTIC_SETS,
                         ids=lambda x: "-".join(x) if isinstance(x, tuple) else ",".join(f"{k}={v}" for k, v in x.items()))
def test_heuristic_battles_are_identical(options, bots):
    """Issue 39, point 2: the compiled heuristic makes the same choices as the engine's heuristic bot
    (healing the fallen, standing up, casters' retreats and spells, fireballs on two or more enemies,
    focus fire, throws, the squares it closes in on and flanks from), so the battles are the same;
    with the d20 options too (rules.md: Iterative attacks, a full attack weighed by every attack and
    gone on with; Unarmed strikes, a punch worth half; Cover, the squares a shooter steps to for a
    clear shot; Surprise round)."""
    verbs: set = set()
    for seed in range(3):
        verbs.update(action.split(":")[0] for _, action, _ in _same_battle(options, _tape(50 + seed), bots)["decisions"])
    assert {v for k, v in OPTION_DECISIONS.items() if options.get(k)} <= verbs


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
