"""KtOG bots (issue 3, Bots): brute exactly as defined, heuristic's spell use, random plays legally."""

import pytest

from brawl.bots import bot_names, make_bot
from brawl.games import make_game
from brawl.games.ktog.bots import weakest_opponent
from brawl.sim.engine import simulate

from .helpers import on_turn, steps


def test_registered_bots():
    """Issue 3, Bots: random (generic), brute and heuristic."""
    assert {"random", "brute", "heuristic"} <= set(bot_names("ktog"))


def test_brute_attacks_the_weakest_conscious_opponent():
    """Issue 3, brute: always attack the conscious opponent with the fewest hit points."""
    game, s = on_turn(players=4, hp=(20, 9, 4, 0), up=(True, True, True, False))
    assert make_bot("ktog", "brute").choose(game, s, 0) == "attack:3"


@pytest.mark.parametrize("seat,expected", [(0, "attack:2"), (1, "attack:3"), (2, "attack:4"), (3, "attack:2"), (4, "attack:2")])
def test_brute_ties_go_to_the_first_after_itself_in_seat_order(seat, expected):
    """Issue 3, brute: ties: the first such after itself in seat order (wrapping round)."""
    hp = (20, 5, 5, 5, 30)
    game, s = on_turn(players=5, to_act=seat, hp=hp)
    if seat == 4:  # seats 1, 2, 3 tie at 5: after seat 4 comes 0 (20), then 1
        assert weakest_opponent(s, 4) == 1
    assert make_bot("ktog", "brute").choose(game, s, seat) == expected


def test_brute_never_casts_disarms_or_dodges_and_scrambles_when_disarmed():
    """Issue 3, brute: never cast a spell, never attempt a disarm, never dodge, scramble whenever disarmed."""
    bot = make_bot("ktog", "brute")
    game, s = on_turn()
    hit = steps(game, s, "attack:2", 20)
    assert hit.phase == "dodge?" and bot.choose(game, hit, 1) == "none"
    mighty = steps(game, hit, "none")
    assert mighty.phase == "mighty?" and bot.choose(game, mighty, 0) == "none"
    game, s = on_turn(disarmed=(2, 0), hp=(3, 1))
    assert bot.choose(game, s, 0) == "scramble"


def test_brute_games_have_no_spells_cast():
    """Issue 3, brute: in whole games between brutes no spell is ever spent and no disarm attempted."""
    game = make_game("ktog", players=3)
    from brawl.core.match import Match
    from brawl.core.sources import SeededDice
    for seed in range(5):
        match = Match(game, SeededDice(seed))
        bots = [make_bot("ktog", "brute", seed=seed) for _ in range(3)]
        while not match.over:
            seat = match.node().seats[0]
            match.decide(seat, bots[seat].choose(game, match.state, seat))
        s = match.state
        assert s.haste == (2, 2, 2) and all(s.cure) and all(s.bless) and all(s.mighty) and all(s.dodge)
        actions = match.record.decisions()
        assert all(a.startswith(("attack:", "scramble", "none")) for _, a in actions)


def test_heuristic_dodges_a_critical_and_mighty_blows_a_critical():
    """Issue 3, heuristic: Dodge a critical, Mighty Blow a critical."""
    bot = make_bot("ktog", "heuristic")
    game, s = on_turn()
    crit = steps(game, s, "attack:2", 20)
    assert bot.choose(game, crit, 1) == "dodge"
    game, s = on_turn(dodge=(True, False))
    crit = steps(game, s, "attack:2", 20)
    assert crit.phase == "mighty?" and bot.choose(game, crit, 0) == "mighty_blow"


def test_heuristic_cures_when_low_and_hastes_scrambling():
    """Issue 3, heuristic: Cure when low; Haste when it pays (here: to scramble twice)."""
    bot = make_bot("ktog", "heuristic")
    game, s = on_turn(hp=(4, 20))
    assert bot.choose(game, s, 0) == "cure:1"
    game, s = on_turn(disarmed=(2, 0))
    assert bot.choose(game, s, 0) == "haste"
    game, s = on_turn(hp=(20, 3), haste=(0, 2))
    assert bot.choose(game, s, 0) == "bless"


def test_bots_always_choose_legal_decisions():
    """Issue 3, Bots: every bot plays whole games with every option set, 2 to 8 players."""
    result = simulate("ktog", {"players": 6, "classes": True, "stand_at_zero": True, "fumble_flying": True,
                               "cure_touch_roll": True, "initiative": "every_round", "hp": 8},
                      ["random", "brute", "heuristic", "heuristic", "brute", "random"], 40, seed=5, workers=1)
    assert result.games == 40 and sum(result.wins) == 40


def test_heuristic_beats_brute():
    """Issue 3, heuristic uses spells sensibly: over a modest sample it wins more than half against
    brute (seats swapped halfway so the first seat's edge cancels)."""
    a = simulate("ktog", {"hp": 15}, ["heuristic", "brute"], 300, seed=2, workers=1)
    b = simulate("ktog", {"hp": 15}, ["brute", "heuristic"], 300, seed=3, workers=1)
    rate = (a.wins[0] + b.wins[1]) / 600
    assert rate > 0.55, rate
