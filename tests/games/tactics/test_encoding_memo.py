"""The Tactics encoding (issue 15): what it keeps with states and characters to be quick changes
none of its answers.  A position's observation, mask and key are the same whether the state and
its characters have been asked before (their memos filled) or come fresh from JSON, and the key
is the text :meth:`brawl.rl.encodings.Encoding.state_key` writes."""

from __future__ import annotations

import random

import numpy as np

from brawl.core.game import Decision
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.rl.encodings import Encoding, encoding_for


def test_answers_do_not_depend_on_what_was_asked_before():
    """DEVELOPERS (views per seat; states are values): the observation of each seat, the legal
    action numbers and the state key of every position of random battles, asked twice of the
    same states and once of copies read back from JSON."""
    for options, seed in (({}, 1), ({"map": "bridge", "party1": "wardens", "unarmed_strikes": True}, 2)):
        game = make_game("tactics", options)
        enc = encoding_for(game)
        dice, rng = SeededDice(seed), random.Random(seed)
        state, seen = game.initial_state(), []
        while not game.is_terminal(state) and len(seen) < 150:
            node = game.node(state)
            if isinstance(node, Decision):
                seen.append(state)
                seat = node.seats[0]
                state = game.apply_action(state, seat, enc.decode(state, seat, rng.choice(enc.legal_indices(state, seat))))
            else:
                state = game.apply_chance(state, dice.roll(node.event))
        for state in seen:
            fresh = game.loads(game.dumps(state))
            assert enc.state_key(state) == enc.state_key(fresh) == Encoding.state_key(enc, fresh)
            for seat in (0, 1):
                assert np.array_equal(enc.observe(state, seat), enc.observe(fresh, seat))
                assert enc.legal_indices(state, seat) == enc.legal_indices(fresh, seat)
                assert np.array_equal(enc.action_mask(state, seat), enc.action_mask(fresh, seat))
