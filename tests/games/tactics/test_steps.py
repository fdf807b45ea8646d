"""Typed pending steps (issue 13, "typed pending steps instead of string-packed fields") and their
JSON: a state's stack keeps the schema it always had, so stored states and snapshots still load."""

from __future__ import annotations

import json

import pytest

from brawl.bots import make_bot
from brawl.core.match import Match
from brawl.games import make_game
from brawl.games.tactics import steps as S

from .test_same_games import GAMES

SCHEMA_KEYS = ["kind", "actor", "target", "arg", "n", "m", "rolls", "unseen", "iterative"]


def test_a_fireball_step_reads_and_writes_the_stored_form():
    """Seed (Difficulty Check, fireball): the burst's square, who saves, who burns without a save,
    the DC, the damage and the saves so far are named fields, stored as they always were."""
    stored = {"kind": "fireball", "actor": 1, "target": -1, "arg": "4,5|0,2|3", "n": 15, "m": 0,
              "rolls": [11, 7], "unseen": False, "iterative": 0}
    step = S.step_from_json(stored)
    assert step == S.Fireball(1, (4, 5), (0, 2), (3,), 15, damage=11, saves=(7,))
    assert step.to_json() == stored
    assert S.step_from_json(S.Fireball(1, (4, 5), (), (), 15).to_json()) == S.Fireball(1, (4, 5), (), (), 15)


def test_an_attack_step_reads_and_writes_the_stored_form():
    """Seed (Armor Class): a critical found on the d20 is carried to the damage roll."""
    stored = {"kind": "attack", "actor": 0, "target": 2, "arg": "touch:inflict_light", "n": 1, "m": 2,
              "rolls": [19], "unseen": True, "iterative": 0}
    step = S.step_from_json(stored)
    assert step == S.Attack(0, 2, "touch", "inflict_light", unseen=True, stage=S.DAMAGE, crit=True, roll=19)
    assert step.to_json() == stored


def test_an_unknown_step_is_refused():
    with pytest.raises(ValueError, match="unknown pending step"):
        S.step_from_json({"kind": "teleport", "actor": 0})


def test_every_step_in_play_round_trips_through_json():
    """Every kind of step (all twelve, met in five of the stored battles) is written in the
    schema's nine keys and read back to an equal state, at every step of play."""
    seen: set[str] = set()
    for spec in (GAMES[k] for k in (16, 3, 36, 37, 39)):
        game = make_game("tactics", spec["options"])
        bots = [make_bot("tactics", name, seed=spec["seed"] * 10 + s, game=game) for s, name in enumerate(spec["bots"])]
        match = Match(game, seed=spec["seed"])
        while not match.over:
            seat = match.node().seats[0]
            match.decide(seat, bots[seat].choose(game, match.state, seat))
        state = game.initial_state()
        for entry in match.record.entries:
            state = (game.apply_chance(state, entry["outcome"]) if "roll" in entry else
                     game.apply_action(state, entry["seat"], entry["action"]))
            if not state.stack:
                continue
            data = json.loads(game.dumps(state))
            assert all(list(d) == SCHEMA_KEYS or sorted(d) == sorted(SCHEMA_KEYS) for d in data["stack"])
            assert game.state_from_json(data) == state
            seen |= {step.kind for step in state.stack}
    assert seen == set(S.STEP_TYPES)


def test_the_game_object_does_not_change_in_play():
    """Issue 13 (a declared protocol): a game object holds no mutable state: after a whole battle
    (moves, attacks, spells, views and odds asked on the way) its attributes are the very same
    objects with the same contents (the routes are remembered by a pure memo, not on the game)."""
    spec = GAMES[3]
    game = make_game("tactics", spec["options"])
    before = {k: (v, repr(v)) for k, v in vars(game).items()}
    bots = [make_bot("tactics", name, seed=spec["seed"] * 10 + s, game=game) for s, name in enumerate(spec["bots"])]
    match = Match(game, seed=spec["seed"])
    while not match.over:
        seat = match.node().seats[0]
        game.view(match.state, seat)
        action = bots[seat].choose(game, match.state, seat)
        game.action_odds(match.state, seat, action)
        match.decide(seat, action)
    assert set(vars(game)) == set(before)
    assert all(vars(game)[k] is v and repr(v) == text for k, (v, text) in before.items())
