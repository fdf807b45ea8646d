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
    """Play one battle; returns (the final state, every decision as (seat, legal, chosen))."""
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
    """Three battles on different maps and parties; every decision is in the legal list."""
    setups = [({"map": "arena", "party1": "heroes", "party2": "heroes"}, 1),
              ({"map": "pillars", "party1": "wardens", "party2": "raiders"}, 2),
              ({"map": "bridge", "party1": "duo", "party2": "duo"}, 3)]
    for options, seed in setups:
        game, state, made = battle(options, [SearchBot(seed), HeuristicBot(seed + 1)], seed)
        ours = [(legal, a) for seat, legal, a in made if seat == 0]
        assert ours, options
        assert all(a in legal for legal, a in ours)
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
