"""Levels (easy, normal, hard) name bots, so a player never needs a bot's internal name; each
resolves to a bot that can play the chosen options (issue: levels in the lobby)."""

from __future__ import annotations

import pytest

from brawl.bots import UnknownBot, bot_for_level, bot_names, level_names, make_bot
from brawl.games import game_names, make_game


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_three_levels_of_real_bots(name):
    assert level_names(name) == ["easy", "normal", "hard"]
    for level in level_names(name):
        assert bot_for_level(name, level) in bot_names(name)


def test_hard_krig_is_the_solved_policy():
    assert bot_for_level("krig", "hard") == "optimal"
    assert type(make_bot("krig", "hard", seed=1)).__name__ == "OptimalBot"


def test_hard_ktog_never_waits_minutes_for_a_solve(tmp_path, monkeypatch):
    """A 4-player KtOG has no solver, and a full-size duel takes minutes: hard falls back to the
    schemer; a small duel (quick to solve) plays the solved policy."""
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path))
    assert bot_for_level("ktog", "hard", make_game("ktog", {"players": 4})) == "schemer"
    assert bot_for_level("ktog", "hard", make_game("ktog", {"hp": 20})) == "schemer"
    assert bot_for_level("ktog", "hard", make_game("ktog", {"hp": 2})) == "optimal"


def test_a_level_plays_a_legal_decision():
    game = make_game("tactics")
    state = game.initial_state()
    from brawl.core.game import Decision

    node = game.node(state)
    while not isinstance(node, Decision):
        outcome = node.event.outcomes[0]
        state = game.apply_chance(state, outcome)
        node = game.node(state)
    seat = node.seats[0]
    bot = make_bot("tactics", "normal", seed=3, game=game)
    game.check_action(state, seat, bot.choose(game, state, seat))


def test_unknown_level_is_refused_with_the_choices():
    with pytest.raises(UnknownBot, match="levels: easy, normal, hard"):
        make_bot("krig", "expert")
    with pytest.raises(UnknownBot):
        bot_for_level("krig", "expert")
