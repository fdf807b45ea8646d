"""Krig bots (issue 2, Bots)."""

from brawl.bots import make_bot
from brawl.sim.engine import simulate

from tests.support import steps

from .helpers import on_turn


def test_attacker_always_attacks_and_never_parries():
    """Issue 2: attacker: always attack, or make the forced charge attack; never parry."""
    bot = make_bot("krig", "attacker")
    game, s = on_turn(defense=(0, 0))
    assert bot.choose(game, s, 0) == "attack"
    charging = on_turn(charging=(True, False))[1]
    assert bot.choose(game, charging, 0) == "attack"
    window = steps(game, s, "attack", 5, 1)  # a parry would surely succeed
    assert bot.choose(game, window, 1) == "take"


def test_heuristic_parries_likely_parries_and_beats_random():
    bot = make_bot("krig", "heuristic", seed=1)
    game, s = on_turn()
    assert bot.choose(game, steps(game, s, "attack", 5, 1), 1) == "parry"
    assert bot.choose(game, steps(game, s, "attack", 5, 6), 1) == "take"
    for edition in ("author", "article"):
        r = simulate("krig", {"edition": edition}, ["heuristic", "random"], 1500, seed=2, workers=1)
        assert r.wins[0] > 0.55 * r.games, r.to_json()


def test_random_bot_only_plays_legal_decisions():
    bot = make_bot("krig", "random", seed=3)
    game, s = on_turn(defense=(4, 0))
    assert {bot.choose(game, s, 0) for _ in range(40)} == {"attack", "charge"}
