"""Encodings: every legal decision has a number that decodes back to it, observations have the
documented size and range, chance events fit the declared size; and the documented entries."""

from __future__ import annotations

import random

import numpy as np
import pytest

from brawl.core.game import Chance, Decision
from brawl.games import make_game
from brawl.rl import describe, encoding_for
from brawl.rl.encodings import NoEncoding

from .helpers import games, small

VARIANTS = {
    "krig": [{"hp": 6}, {"hp": 6, "edition": "article"}],
    "rps": [{}, {"wins_needed": 3}],
    "kniggits": [{"turn_limit": 6}, {"turn_limit": 6, "scenario": "flag", "archers": True, "magic_swords": True,
                                     "double_defense": True, "two_swords": True, "horses": True, "potions": True}],
    "tactics": [{"party1": "duo", "party2": "steve", "max_rounds": 5},
                {"map": "bridge", "party1": "wardens", "party2": "raiders", "max_rounds": 2, "level": 12}],
    "ktog": [{"players": 2, "hp": 5}, {"players": 8, "hp": 4, "classes": True, "stand_at_zero": True,
                                        "fumble_flying": True, "cure_touch_roll": True, "initiative": "every_round"}],
}


def playouts(game, n, seed):
    """Random games through the encoding's menu (so that Kniggits moves happen too)."""
    enc = encoding_for(game)
    rng = random.Random(seed)
    for _ in range(n):
        state = game.initial_state()
        for _ in range(2000):
            node = game.node(state)
            yield state, node
            if isinstance(node, Chance):
                state = game.apply_chance(state, rng.choice(node.event.outcomes))
            elif isinstance(node, Decision):
                seat = node.seats[0]
                state = game.apply_action(state, seat, enc.decode(state, seat, rng.choice(enc.legal_indices(state, seat))))
            else:
                break


@pytest.mark.parametrize("name", games())
def test_actions_round_trip_and_observations_in_range(name):
    for options in VARIANTS.get(name, [small(name)]):
        game = make_game(name, options)
        enc = encoding_for(game)
        assert len(enc.observation_labels) == enc.observation_size
        decisions = 0
        for state, node in playouts(game, 2 if name in ("kniggits", "tactics") else 15, 0):
            for seat in range(game.num_players):
                obs = enc.observe(state, seat)
                assert obs.shape == (enc.observation_size,) and obs.dtype == np.float32
                assert obs.min() >= 0 and obs.max() <= 1
            if isinstance(node, Chance):
                assert len(node.event.outcomes) <= enc.max_chance_outcomes
            elif isinstance(node, Decision):
                for seat in node.seats:
                    legal = game.legal_actions(state, seat)
                    indices = enc.legal_indices(state, seat)
                    decoded = [enc.decode(state, seat, i) for i in indices]
                    if name == "kniggits":
                        # the finite decisions all have numbers; the move menu adds moves the rules accept
                        assert set(legal) <= set(decoded)
                        for action in set(decoded) - set(legal):
                            assert action.startswith("move:")
                            game.check_action(state, seat, action)
                    else:
                        assert sorted(decoded) == sorted(legal)
                    assert list(np.flatnonzero(enc.action_mask(state, seat))) == indices
                    decisions += 1
        assert decisions > 50


def test_krig_observation_entries():
    """The documented layout: hit points over 20, defense over 8, charging flags, the decision."""
    game = make_game("krig", hp=9)
    enc = encoding_for(game)
    state = game.initial_state()
    from dataclasses import replace
    state = replace(state, hp=(9, 4), defense=(0, 6), charging=(False, True), phase="parry?", to_act=1, rolls=(5, 3))
    obs = enc.observe(state, 0)
    assert obs[:6].tolist() == pytest.approx([9 / 20, 4 / 20, 0, 6 / 8, 0, 1])
    assert obs[6] == 0 and obs[7] == 1 and np.flatnonzero(obs[8:14]).tolist() == [2]  # attack d6 = 3
    other = enc.observe(state, 1)
    assert other[:6].tolist() == pytest.approx([4 / 20, 9 / 20, 6 / 8, 0, 1, 0]) and other[7] == 0


def test_ktog_targets_are_relative_to_the_observer():
    """KtOG decisions name players absolutely (attack:3 is Player 3); the encoding numbers them
    from the observer, so the same action means "the next player" from every seat."""
    game = make_game("ktog", players=4)
    enc = encoding_for(game)
    state = game.initial_state()
    i = enc.action_index("attack:+1")
    assert [enc.decode(state, seat, i) for seat in range(4)] == ["attack:2", "attack:3", "attack:4", "attack:1"]
    assert enc.decode(state, 2, enc.action_index("cure:+0")) == "cure:3"
    assert enc.decode(state, 0, enc.action_index("attack:+6")) == "attack:+6"  # no such seat: never legal
    # block k of the observation is the player k seats after the observer
    from dataclasses import replace
    state = replace(state, hp=(10, 11, 12, 13))
    for seat in range(4):
        obs = enc.observe(state, seat)
        top = game.options.hp + 5
        assert [round(obs[16 * k + 2] * top) for k in range(4)] == [10 + (seat + k) % 4 for k in range(4)]
        assert obs[16 * 4:16 * 8].sum() == 0  # seats past the table are zeros


def test_unencoded_game_is_refused_clearly():
    class Fake:
        name = "chess"

    with pytest.raises(NoEncoding, match="encoded games"):
        encoding_for(Fake())


def test_describe_lists_layout_and_actions():
    text = describe("krig")
    assert "[7] deciding a parry" in text and "3: parry" in text


def test_entry_points_stay_functions_after_use():
    """``brawl.rl.openspiel_game`` and friends are functions before and after their modules load."""
    import brawl.rl as rl

    rl.openspiel_game("rps")
    rl.gym_env("rps")
    rl.pettingzoo_env("rps")
    rl.pettingzoo_parallel_env("rps")
    for name in ("openspiel_game", "gym_env", "pettingzoo_env", "pettingzoo_parallel_env"):
        assert callable(getattr(rl, name)), name
