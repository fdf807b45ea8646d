"""The same games, decision by decision: a fixed set of seeded Tactics battles (every party, every
map, every option turned on in some battle, the random, heuristic and search bots) is played through
:class:`brawl.core.match.Match`, and each battle's digest must equal the one stored in
``same_games.json``.

A digest covers the record (options, dice seed, every decision and roll), the log (every roll's
label, every decision's words and every narrated result), the state after every step (its JSON,
the pending steps included), the decisions legal at every decision, the odds shown beside each
decision taken, and the final state.  Any change in the rules, their words or the state's format
changes it.  The digests were made before the rules were split into modules by concept, so the
split is checked to change nothing (issue 13, "Behaviour stays the same").

``python tests/games/tactics/test_same_games.py --write`` writes the fixture anew (only when a
rule is meant to change; say which in the commit).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from brawl.bots import make_bot
from brawl.core.game import Decision
from brawl.core.match import Match
from brawl.games import make_game

FIXTURE = Path(__file__).with_name("same_games.json")

_OPTION_SETS = [
    {},
    {"flat_footed": False},
    {"cover": True},
    {"shooting_into_melee": True},
    {"unarmed_strikes": True},
    {"iterative_attacks": True, "level": 11},
    {"surprise_round": "first"},
    {"surprise_round": "second", "flat_footed": False},
    {"two_weapon_penalty": "both_attacks", "prone_damage": "melee"},
    {"cover": True, "shooting_into_melee": True, "unarmed_strikes": True, "iterative_attacks": True,
     "level": 16},
]
_PAIRS = [("heroes", "raiders"), ("wardens", "heroes"), ("raiders", "wardens"), ("duo", "duo")]
_MAPS = ["arena", "pillars", "bridge"]


def _games() -> list[dict]:
    """About forty battles: every option set, against every pairing and map in turn, with both bots."""
    out = []
    k = 0
    for n, opts in enumerate(_OPTION_SETS):
        for b, bots in enumerate((("heuristic", "heuristic"), ("random", "heuristic"),
                                  ("heuristic", "random"), ("random", "random"))):
            p1, p2 = _PAIRS[(n + b) % len(_PAIRS)]
            options = {"party1": p1, "party2": p2, "map": _MAPS[(n * 4 + b) % len(_MAPS)], **opts}
            if bots == ("random", "random"):
                options["max_rounds"] = 6  # a draw by the round limit now and then
            out.append({"options": options, "bots": list(bots), "seed": 1000 + k})
            k += 1
    # custom parties and low levels
    out.append({"options": {"custom1": "steve,rogue,cleric=Ida", "custom2": "wizard,fighter", "level": 3},
                "bots": ["heuristic", "heuristic"], "seed": 77})
    out.append({"options": {"party1": "steve", "party2": "jeff", "level": 1, "unarmed_strikes": True},
                "bots": ["random", "heuristic"], "seed": 78})
    # the search bot (its rollouts play the rules thousands of times a decision)
    out.append({"options": {"party1": "duo", "party2": "jeff"}, "bots": ["mcts", "heuristic"], "seed": 79})
    out.append({"options": {"party1": "jeff", "party2": "duo", "map": "pillars"}, "bots": ["heuristic", "mcts"],
                "seed": 80})
    return out


GAMES = _games()


def _sha(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def play(spec: dict) -> str:
    """Play one battle and return its digest."""
    maps = {m for m in _MAPS}
    assert spec["options"].get("map", "arena") in maps
    game = make_game("tactics", spec["options"])
    bots = [make_bot("tactics", name, seed=spec["seed"] * 10 + s, game=game) for s, name in enumerate(spec["bots"])]
    match = Match(game, seed=spec["seed"])
    while not match.over:
        node = match.node()
        assert isinstance(node, Decision)
        seat = node.seats[0]
        match.decide(seat, bots[seat].choose(game, match.state, seat))
    # walk the record again, step by step, to fingerprint every state on the way
    chain = hashlib.sha256()
    fresh = make_game("tactics", spec["options"])
    state = fresh.initial_state()
    for entry in match.record.entries:
        if "roll" in entry:
            outcome = entry["outcome"]
            state = fresh.apply_chance(state, tuple(outcome) if isinstance(outcome, list) else outcome)
        else:
            node = fresh.node(state)
            chain.update(json.dumps(fresh.legal_actions(state, entry["seat"])).encode())
            chain.update(str(fresh.action_odds(state, entry["seat"], entry["action"])).encode())
            chain.update(node.prompt.encode())
            state = fresh.apply_action(state, entry["seat"], entry["action"])
        chain.update(fresh.dumps(state).encode())
    assert fresh.dumps(state) == game.dumps(match.state)
    return _sha({"record": match.record.to_json(), "log": [line.to_json() for line in match.log],
                 "final": game.state_to_json(match.state), "status": game.status_rows(match.state),
                 "summary": game.summary(match.state), "chain": chain.hexdigest()})


def _expected() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("n", range(len(GAMES)))
def test_same_game(n):
    """Issue 13 (Tactics by concept): the rules split into modules play every stored battle exactly
    as before, roll by roll and word by word (seed: the whole rule text, every section)."""
    spec = GAMES[n]
    expected = _expected()["games"][n]
    assert expected["spec"] == spec, "the fixture was written for another list of games"
    assert play(spec) == expected["digest"]


def test_fixture_covers_every_option():
    """Every Tactics option is turned on (away from its default) in some stored battle."""
    from brawl.games.tactics.options import TacticsOptions
    defaults = TacticsOptions()
    changed = {k for spec in GAMES for k, v in spec["options"].items() if getattr(defaults, k) != v}
    assert changed == set(TacticsOptions.model_fields)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        data = {"about": "digests of seeded Tactics battles; see test_same_games.py",
                "games": [{"spec": spec, "digest": play(spec)} for spec in GAMES]}
        FIXTURE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {len(GAMES)} digests to {FIXTURE}")
    else:
        for spec in GAMES:
            print(play(spec), spec)
