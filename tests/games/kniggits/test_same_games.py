"""The same games, decision by decision: a fixed set of seeded bot games whose records, logs,
final states, views and refusals were fingerprinted before the rules were split into modules
(``same_games.json``).  Any change of behaviour, a word of a log line or an error message included,
changes a fingerprint.

To write the fixture again after a deliberate change of behaviour (say which rule and why in the
commit)::

    .venv/bin/python -m tests.games.kniggits.test_same_games --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from brawl.bots import make_bot
from brawl.core.game import IllegalAction
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import make_game

FIXTURE = Path(__file__).with_name("same_games.json")
ADVANCED = dict(horses=True, magic_swords=True, double_defense=True, two_swords=True, archers=True, potions=True)

# Armies written kniggit by kniggit (seed, Setup 2 to 4): archers, two swords, horsemen, a kniggit
# without a token of each colour (it runs away in terror), and a lone jouster.
RED_MIX = "army:6/5/5@8,3;2/7/0@14,2;3/3/6/archer@20,4;1/1/0@26,3"
BLUE_MIX = "army:5/6/5@28,33;3/3/5/archer@20,32;2/6/0@12,34"
RED_SMALL = "army:2/2/2@6,1.5;2/3/1@12,2.5"
BLUE_SMALL = "army:3/2/1@18,22.5;1/3/2@6,23"
JOUST_RED = "army:6/4/3@18,3"

# (name, options, bots, armies written by hand or None, seed)
GAMES = [
    ("basic-hh", {}, ("heuristic", "heuristic"), None, 1),
    ("basic-hr", {}, ("heuristic", "random"), None, 2),
    ("basic-rh", {}, ("random", "heuristic"), None, 3),
    ("basic-rr", {}, ("random", "random"), None, 4),
    ("forest-hh", dict(terrain="forest"), ("heuristic", "heuristic"), None, 5),
    ("open-rr", dict(terrain="open"), ("random", "random"), None, 6),
    ("advanced-hh", ADVANCED, ("heuristic", "heuristic"), None, 7),
    ("advanced-hr", ADVANCED, ("heuristic", "random"), None, 8),
    ("advanced-rr", ADVANCED, ("random", "random"), None, 9),
    ("advanced-mix-hh", dict(ADVANCED, points=60), ("heuristic", "heuristic"), (RED_MIX, BLUE_MIX), 10),
    ("advanced-mix-rh", dict(ADVANCED, points=60), ("random", "heuristic"), (RED_MIX, BLUE_MIX), 11),
    ("archers-never-hh", dict(archers=True, archer_defense="never"), ("heuristic", "heuristic"), None, 12),
    ("archers-never-mix", dict(ADVANCED, archer_defense="never", points=60), ("heuristic", "random"), (RED_MIX, BLUE_MIX), 13),
    ("horses-hr", dict(horses=True), ("heuristic", "random"), None, 14),
    ("magic-hh", dict(magic_swords=True, points=70), ("heuristic", "heuristic"), None, 15),
    ("double-hh", dict(double_defense=True, points=70), ("heuristic", "heuristic"), None, 16),
    ("two-swords-rh", dict(two_swords=True), ("random", "heuristic"), None, 17),
    ("potions-hh", dict(potions=True), ("heuristic", "heuristic"), None, 18),
    ("flag-hh", dict(ADVANCED, scenario="flag"), ("heuristic", "heuristic"), None, 19),
    ("flag-hr", dict(scenario="flag"), ("heuristic", "random"), None, 20),
    ("princess-hh", dict(scenario="princess"), ("heuristic", "heuristic"), None, 21),
    ("princess-rh", dict(scenario="princess", potions=True), ("random", "heuristic"), None, 22),
    ("grail-hh", dict(scenario="grail", terrain="forest"), ("heuristic", "heuristic"), None, 23),
    ("grail-rr", dict(scenario="grail", archers=True), ("random", "random"), None, 24),
    ("joust-hh", dict(scenario="joust", terrain="open"), ("heuristic", "heuristic"), None, 25),
    ("joust-written", dict(scenario="joust"), ("heuristic", "random"), (JOUST_RED, None), 26),
    ("away-small-hh", dict(disengage="away", table=24, terrain="open", scale=0.5), ("heuristic", "heuristic"),
     (RED_SMALL, BLUE_SMALL), 27),
    ("away-rr", dict(disengage="away", table=24, terrain="open", scale=0.5), ("random", "random"), None, 28),
    ("big-scale-hh", dict(table=72, scale=2, points=80, **ADVANCED), ("heuristic", "heuristic"), None, 29),
    ("short-limit-hr", dict(turn_limit=6, points=30), ("heuristic", "random"), None, 30),
    ("horde-points-rh", dict(points=120, terrain="forest", fight_timer=0), ("random", "heuristic"), None, 31),
]


def _sha(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def _probes(g, state, seat) -> list[str]:
    """Decisions, good and bad, whose outcome (a new state or the refusal's words) is part of the
    fingerprint: moves toward the middle and far away, shots, pick-ups, turns and nonsense."""
    size = g.table.size
    mine = [k for k in state.kniggits if k.seat == seat][:3]
    theirs = [k for k in state.kniggits if k.seat != seat][:2]
    out = ["bogus", "end_move", "end_turning"]
    for k in mine:
        out += [f"move:{k.id}:{size / 2:.3f}:{size / 2:.3f}", f"move:{k.id}:{k.x + 1.5:.3f}:{k.y:.3f}",
                f"move:{k.id}:{k.x:.3f}:{k.y + 3:.3f}:{k.x + 2:.3f}:{k.y + 3:.3f}", f"drop:{k.id}"]
        for e in theirs:
            out += [f"face:{k.id}:{e.id}", f"shoot:{k.id}:{e.id}", f"second:{k.id}:{e.id}"]
        for it in state.items[:2]:
            out.append(f"pick:{k.id}:{it.id}:sword")
    return out


def play(name: str) -> dict:
    _, options, bot_names, armies, seed = next(entry for entry in GAMES if entry[0] == name)
    g = make_game("kniggits", options)
    bots = [make_bot("kniggits", bot_names[s], seed=seed * 10 + s) for s in (0, 1)]
    m = Match(g, SeededDice(seed))
    probes: list = []
    legal: list = []
    steps = 0
    while not m.over:
        node = m.node()
        seat = node.seats[0]
        state = m.state
        legal.append(g.legal_actions(state, seat))
        if armies is not None and state.phase == "army" and armies[seat] is not None:
            action = armies[seat]
        else:
            action = bots[seat].choose(g, state, seat)
        if steps % 4 == 0 and state.phase in ("move", "turning"):
            for probe in _probes(g, state, seat):
                try:
                    probes.append([probe, g.dumps(g.apply_action(state, seat, probe))])
                except IllegalAction as exc:
                    probes.append([probe, str(exc), exc.legal])
        if steps % 25 == 0:
            probes.append(["view", g.view(state, seat), g.describe_action(state, seat, action)])
        m.decide(seat, action)
        steps += 1
        assert steps < 6000
    final = m.state
    return {
        "steps": steps,
        "record": _sha(m.record.to_json()),
        "final": _sha(g.dumps(final)),
        "log": _sha([m.log_for(s) for s in (0, 1, None)]),
        "views": _sha([g.view(final, s) for s in (0, 1, None)] + [g.status_rows(final), g.summary(final)]),
        "legal": _sha(legal),
        "probes": _sha(probes),
        "winners": list(g.winners(final)),
    }


@pytest.mark.parametrize("name", [entry[0] for entry in GAMES])
def test_same_game_as_before_the_split(name):
    """Behaviour stays identical: each fixed seeded game plays exactly as it did when the fixture
    was written (every decision, log line, view, legal list and refusal)."""
    expected = json.loads(FIXTURE.read_text())[name]
    assert play(name) == expected


def test_the_games_cover_every_option_and_end_in_different_ways():
    """The fixture is worth something: every advanced rule and scenario is on in some game, and
    the games end by rout, objective and turn limit alike."""
    on = {k for _, options, *_ in GAMES for k, v in options.items() if v not in (False, None)}
    assert set(ADVANCED) | {"scenario", "archer_defense", "disengage", "turn_limit", "scale"} <= on
    scenarios = {options.get("scenario", "battle") for _, options, *_ in GAMES}
    assert scenarios == {"battle", "flag", "princess", "grail", "joust"}
    data = json.loads(FIXTURE.read_text())
    assert set(data) == {entry[0] for entry in GAMES}
    assert len({d["final"] for d in data.values()}) == len(data)


if __name__ == "__main__":  # pragma: no cover
    if "--write" not in sys.argv:
        sys.exit("usage: python -m tests.games.kniggits.test_same_games --write")
    FIXTURE.write_text(json.dumps({entry[0]: play(entry[0]) for entry in GAMES}, indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE}")
