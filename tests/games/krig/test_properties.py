"""Random legal Krig play never crashes and keeps its invariants (issue 2, Tests)."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from brawl.core.game import Chance, Decision, Terminal
from brawl.games import make_game


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(["author", "article"]), st.integers(1, 20))
def test_random_legal_play_keeps_invariants(seed, edition, hp):
    rnd = random.Random(seed)  # dice and choices from a seed: adversarial dice (all ones) would never end
    """Hit points never rise above the start, defense stays 0 to 8, exactly one winner at the end."""
    game = make_game("krig", edition=edition, hp=hp)
    state = game.initial_state()
    for _ in range(3000):
        node = game.node(state)
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            state = game.apply_chance(state, rnd.choice(node.event.outcomes))
        else:
            assert isinstance(node, Decision) and len(node.seats) == 1
            seat = node.seats[0]
            legal = game.legal_actions(state, seat)
            assert legal, "a decision with no legal choice"
            assert game.legal_actions(state, 1 - seat) == []
            state = game.apply_action(state, seat, rnd.choice(legal))
        assert all(0 <= h <= hp for h in state.hp)
        assert all(0 <= d <= 8 for d in state.defense)
        assert game.loads(game.dumps(state)) == state
    node = game.node(state)
    assert isinstance(node, Terminal), "the game did not end"
    if isinstance(node, Terminal):
        assert len(node.winners) == 1
        (w,) = node.winners
        assert state.hp[w] > 0 and state.hp[1 - w] == 0
        assert sorted(game.returns(state)) == [-1.0, 1.0]
