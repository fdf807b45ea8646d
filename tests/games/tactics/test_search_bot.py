"""The ``search`` Tactics bot: only legal decisions, the same decisions for the same seed, a clear
edge over random play, and the choices its search exists for (figures against the heuristic are in
``benchmarks/bench_bots_tactics.py``)."""

from brawl.bots import make_bot
from brawl.core.game import Chance, Terminal
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.games.tactics import ENTRY
from brawl.games.tactics.bots import BOTS, HeuristicBot
from brawl.games.tactics.search_bot import SearchBot
from brawl.sim.engine import simulate

from .helpers import scene, with_unit


def battle(options, bots, seed):
    """Play one battle; returns (the game, the final state, every decision as (seat, legal, chosen)).
    ``apply_action`` checks each decision (a fireball may be aimed at any square in range and in
    line of effect, not only at the occupied ones the list names)."""
    game = make_game("tactics", options)
    dice = SeededDice(seed)
    state = game.initial_state()
    made = []
    node = game.node(state)
    while not isinstance(node, Terminal):
        if isinstance(node, Chance):
            state = game.apply_chance(state, dice.roll(node.event))
        else:
            seat = node.seats[0]
            legal = game.legal_actions(state, seat)
            action = bots[seat].choose(game, state, seat)
            made.append((seat, legal, action))
            state = game.apply_action(state, seat, action)  # checks legality
        node = game.node(state)
    return game, state, made


def test_search_is_registered_and_the_hard_level():
    assert BOTS["search"] is SearchBot
    assert make_bot("tactics", "search", seed=3).name == "search"
    levels = dict(ENTRY.levels)
    assert levels["hard"][0] == "search"


def test_search_makes_only_legal_decisions():
    """Three battles on different maps and parties; every decision is legal (the rules' own check
    accepts it, and all but fireballs are in the legal list)."""
    setups = [({"map": "arena", "party1": "heroes", "party2": "heroes"}, 1),
              ({"map": "pillars", "party1": "wardens", "party2": "raiders"}, 2),
              ({"map": "bridge", "party1": "duo", "party2": "duo"}, 3)]
    for options, seed in setups:
        game, state, made = battle(options, [SearchBot(seed), HeuristicBot(seed + 1)], seed)
        ours = [(legal, a) for seat, legal, a in made if seat == 0]
        assert ours, options
        assert all(a in legal or a.startswith("cast:fireball:") for legal, a in ours)
        assert state.over


def test_search_is_deterministic_for_a_seed():
    options = {"map": "pillars", "party1": "heroes", "party2": "heroes"}
    _, s1, m1 = battle(options, [SearchBot(5), SearchBot(6)], 9)
    _, s2, m2 = battle(options, [SearchBot(5), SearchBot(6)], 9)
    assert [a for _, _, a in m1] == [a for _, _, a in m2]
    assert s1.winners == s2.winners


def test_search_beats_random_clearly():
    a = simulate("tactics", {}, ["search", "random"], 4, seed=3, workers=1)
    b = simulate("tactics", {}, ["random", "search"], 4, seed=4, workers=1)
    assert a.wins[0] >= 4 and a.wins[1] == 0
    assert b.wins[1] >= 4 and b.wins[0] == 0


def test_search_secures_the_kill():
    """Two enemies next to Steve: the nearly dead rogue drops to one sword blow, the wizard does not;
    the search takes the kill."""
    game, state = scene(["steve"], ["jeff", "nim"], [(5, 5), (6, 5), (4, 5)])
    state = with_unit(game, state, "nim", hp=4)
    assert SearchBot(0).choose(game, state, 0) == "attack:nim"


def test_search_never_throws_its_only_weapon():
    game, state = scene(["steve"], ["jeff"], [(2, 5), (6, 5)])
    for seed in range(3):
        assert not SearchBot(seed).choose(game, state, 0).startswith("throw:")


def test_search_aims_the_fireball_at_the_most_enemies():
    """A fireball may be aimed at an empty square: with two pairs of enemies in a column, a gap between,
    the search aims at the gap and catches all four, where every occupied centre (all the
    heuristic looks at) catches three."""
    game, state = scene(["jeff"], ["steve", "mara", "ada", "nim"], [(2, 5), (10, 3), (10, 4), (10, 6), (10, 7)])
    action = SearchBot(0).choose(game, state, 0)
    assert action.startswith("cast:fireball:")
    assert action not in game.legal_actions(state, 0)
    game.check_action(state, 0, action)
    after = game.apply_action(state, 0, action)
    assert len(after.stack[-1].savers) == 4
