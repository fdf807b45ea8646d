"""Random legal KtOG play with 2 to 8 players keeps its invariants (issue 3, Tests;
rules page, KtOG: Spells, Cure, Zero, Win)."""

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from brawl.core.game import Chance, Decision, IllegalAction, Terminal
from brawl.games import make_game

OPTIONS = st.fixed_dictionaries({
    "players": st.integers(2, 8),
    "hp": st.integers(1, 25),
    "to_hit": st.integers(2, 20),
    "initiative": st.sampled_from(["once", "every_round"]),
    "initiative_die": st.sampled_from(["d6", "d10"]),
    "stand_at_zero": st.booleans(),
    "fumble_flying": st.booleans(),
    "cure_touch_roll": st.booleans(),
    "classes": st.booleans(),
    "cure_cap": st.booleans(),
})

SPELLS = ("cure", "bless", "mighty", "dodge")


def spells_spent(before, after, seat):
    spent = before.haste[seat] - after.haste[seat]
    spent += sum(getattr(before, f)[seat] and not getattr(after, f)[seat] for f in SPELLS)
    return spent


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), OPTIONS)
def test_random_legal_play_keeps_invariants(seed, options):
    """Hit points stay within 0 and the cap (with cure_cap), spells are never reused and at most
    one is cast per player per round, only the seats asked may decide, the game ends with exactly
    one winner, the last one conscious."""
    rnd = random.Random(seed)  # one seed drives dice and decisions, so examples stay small
    game = make_game("ktog", **options)
    n = options["players"]
    state = game.initial_state()
    cast_in_round = [0] * n
    round_no = state.rounds
    for _ in range(20_000):
        node = game.node(state)
        if isinstance(node, Terminal):
            break
        before = state
        if isinstance(node, Chance):
            state = game.apply_chance(state, rnd.choice(node.event.outcomes))
        else:
            assert isinstance(node, Decision) and len(node.seats) == 1
            seat = node.seats[0]
            legal = game.legal_actions(state, seat)
            assert legal, "a decision with no legal choice"
            assert len(set(legal)) == len(legal)
            for other in range(n):
                if other != seat:
                    assert game.legal_actions(state, other) == []
            if node.kind == "reaction":
                assert seat != state.to_act
            if rnd.random() < 0.02:  # something illegal now and then: refused, nothing changes
                try:
                    game.apply_action(state, (seat + 1) % n, legal[0])
                    raise AssertionError("another seat's decision was accepted")
                except IllegalAction:
                    pass
            action = rnd.choice(legal)
            assert game.describe_action(state, seat, action)
            game.action_odds(state, seat, action)
            state = game.apply_action(state, seat, action)
        # spells: never regained, at most one per player per round, none for fighters
        # a spell spent by a transition that also ends the round (a Dodge on the round's last
        # turn) belongs to the round that ends; the count restarts after it
        for s in range(n):
            spent = 0 if before.phase == "class" else spells_spent(before, state, s)  # a fighter has none
            assert spent >= 0
            for f in SPELLS:
                assert not (getattr(state, f)[s] and not getattr(before, f)[s]), "a spent spell came back"
            cast_in_round[s] += spent
            assert cast_in_round[s] <= 1, "two spells in one round"
            if state.role[s] == "fighter":
                assert state.haste[s] == 0 and not any(getattr(state, f)[s] for f in SPELLS)
        if state.rounds != round_no:
            round_no, cast_in_round = state.rounds, [0] * n
        for s in range(n):
            assert 0 <= state.hp[s]
            if options["cure_cap"]:
                assert state.hp[s] <= state.max_hp[s]
            assert 0 <= state.disarmed[s] <= 3
            if not state.up[s]:
                assert state.hp[s] == 0
        assert 0 <= state.haste[0] <= 2
        assert game.loads(game.dumps(state)) == state and game.dumps(game.loads(game.dumps(state))) == game.dumps(state)
        json.dumps(game.view(state, None))
    node = game.node(state)
    assert isinstance(node, Terminal), "the game did not end"
    assert len(node.winners) == 1
    (w,) = node.winners
    assert state.up[w] and sum(state.up) == 1
    assert sorted(game.returns(state)) == [-1.0] * (n - 1) + [1.0]
    assert game.first_mover(state) in range(n) and game.turns(state) >= 1
