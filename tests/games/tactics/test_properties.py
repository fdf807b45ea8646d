"""Properties over random legal play: every listed decision applies, the invariants of the rules
hold after every step, and records replay bit for bit (core: records; seed: Conditions, Range)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brawl.core.game import Chance, Terminal
from brawl.core.match import Match
from brawl.games import replay
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.games.tactics.bots import HeuristicBot


def check_invariants(game, state):
    seen = set()
    passing = {s.actor for s in state.stack if s.kind == "move"}  # a mover may be passing through a square
    for i, u in enumerate(state.units):
        assert u.hp <= game.sheets[i].max_hp
        assert u.dead == (u.hp <= -10)
        if u.hp <= 0 and not u.dead:
            assert u.prone, "incapacitated characters are prone (seed: Conditions)"
        if not u.dead:
            assert game.map.open(u.pos)
            if i not in passing:
                assert u.pos not in seen, "two characters in one square"
                seen.add(u.pos)
        assert u.ammo >= 0 and all(n >= 0 for _, n in u.spells)
    assert state.round <= game.options.max_rounds


def random_battle(game, seed, steps=400, policy=None):
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(steps):
        node = game.node(state)
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            outcome = rng.choices(node.event.outcomes, weights=[float(p) for p in node.event.probabilities])[0]
            state = game.apply_chance(state, outcome)
        else:
            seat = node.seats[0]
            legal = game.legal_actions(state, seat)
            assert legal and (node.kind != "turn" or "end_turn" in legal)
            action = policy.choose(game, state, seat) if policy and rng.random() < 0.5 else rng.choice(legal)
            state = game.apply_action(state, seat, action)
        check_invariants(game, state)
    return state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), mapname=st.sampled_from(["arena", "pillars", "bridge"]),
       level=st.sampled_from([1, 3, 5, 9]))
def test_random_legal_play_keeps_the_invariants(seed, mapname, level):
    game = make_game("tactics", map=mapname, level=level, max_rounds=6)
    random_battle(game, seed, policy=HeuristicBot(seed))


def test_turns_always_offer_end_turn_and_reactions_aoo_or_pass():
    game = make_game("tactics", party1="heroes", party2="wardens", map="pillars", max_rounds=8)
    state = game.initial_state()
    bot = HeuristicBot(3)
    rng = random.Random(3)
    reactions = 0
    while not game.is_terminal(state):
        node = game.node(state)
        if isinstance(node, Chance):
            state = game.apply_chance(state, rng.choice(node.event.outcomes))
            continue
        legal = game.legal_actions(state, node.seats[0])
        if node.kind == "reaction":
            reactions += 1
            assert legal == ["aoo", "pass"]
        else:
            assert "end_turn" in legal
        state = game.apply_action(state, node.seats[0], bot.choose(game, state, node.seats[0]))
    assert game.turns(state) > 0


def test_records_replay_bit_for_bit():
    """Core: a record (options, seed, decisions, rolls) replays to the same state."""
    game = make_game("tactics", map="pillars", max_rounds=10)
    match = Match(game, SeededDice(11))
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while not match.over:
        node = match.node()
        seat = node.seats[0]
        match.decide(seat, bots[seat].choose(game, match.state, seat))
    again = replay(match.record)
    assert game.dumps(again.state) == game.dumps(match.state)
    assert [line.text for line in again.log] == [line.text for line in match.log]


def test_same_seed_same_battle():
    game = make_game("tactics")
    a = random_battle(game, 5, policy=HeuristicBot(5))
    b = random_battle(game, 5, policy=HeuristicBot(5))
    assert game.dumps(a) == game.dumps(b)
