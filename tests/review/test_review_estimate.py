"""Estimated reviews: the time budget picks the bot and the playouts, simultaneous hidden choices
are not judged, and the intervals hold the point estimates."""

from __future__ import annotations

import pytest

from brawl.games import make_game
from brawl.review import review
from brawl.review.estimate import MIN_CANDIDATES, MIN_PLAYOUTS, bot_chain, plan
from brawl.review.walk import load_record, walk

from .helpers import played


def test_the_budget_picks_the_strongest_bot_that_fits():
    rec = played("ktog", {"players": 3, "hp": 3}, ["random"] * 3, 5)
    game = make_game("ktog", rec["options"])
    steps, _ = walk(game, load_record(rec))
    chain = bot_chain(game)
    assert chain[0] != "random" and chain[-1] == "random"
    bot, n, c, words = plan(game, steps, 16, 3, budget=1e6)
    assert (bot, n, c, words) == (chain[0], 16, 3, "")
    bot, n, c, words = plan(game, steps, 16, 3, budget=1e-6)
    assert bot == chain[-1] and n == MIN_PLAYOUTS and c == MIN_CANDIDATES and words


def test_simultaneous_choices_are_listed_but_not_judged():
    rec = played("rps", {}, ["random", "random"], 3)
    r = review(rec, playouts=8)
    assert r["exact"] is False and r["decisions"]
    assert all(d["simultaneous"] and d["forced"] and d["loss"] == 0 and d["judgement"] == "best" for d in r["decisions"])
    assert r["accuracy"] == [None, None]
    for s in range(2):
        assert r["start"][s] + r["luck"][s] + r["skill"][s] + r["residual"][s] == pytest.approx(r["result"][s], abs=1e-12)
