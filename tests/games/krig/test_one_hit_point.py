"""Issue 40, point 5: a Krig player at one hit point reads "1 hit point", not "1 hit points", in
the summary and the odds of taking a hit, in English and in Spanish ("1 punto de golpe")."""

from __future__ import annotations

from brawl.core.values import replace
from brawl.games import make_game
from brawl.games.lang import catalogue


def test_one_hit_point_is_said_in_the_singular():
    game = make_game("krig", {"hp": 12})
    s = replace(game.initial_state(), hp=(1, 12))
    summary = game.summary(s)
    assert summary.startswith("Sun: 1 hit point, ") and "1 hit points" not in summary
    assert "Moon: 12 hit points" in summary
    spanish = catalogue("es", ("krig",)).translate(summary)
    assert "Sol: 1 punto de golpe, " in spanish and "Luna: 12 puntos de golpe" in spanish, spanish
