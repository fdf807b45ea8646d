"""Tactics in a player's words: decision labels, narration, status rows, refusals and roll lines
name characters and actions, never decision codes (issue: words, never codes)."""

import re

import pytest

from brawl.core.game import Decision, IllegalAction
from brawl.core.match import Match
from brawl.games import make_game

from .helpers import play, scene

CODE = re.compile(r"\b(end_turn|move:|attack:|twoweapon|fullattack|shoot:|throw:|trip:|hamstring:|punch:|cast:|heal:|"
                  r"[a-z]+_[a-z]+)\b")
ALL_OPTIONS = dict(cover=True, shooting_into_melee=True, unarmed_strikes=True, iterative_attacks=True, level=12,
                   surprise_round="first", map="pillars")


def _words(text: str) -> bool:
    return not CODE.search(text)


def test_every_decision_label_is_in_words():
    """Issue (words, never codes): each legal decision's label names the character and the deed."""
    game, state = scene(["mara", "jeff"], ["steve", "brok"], [(5, 5), (2, 2), (6, 5), (9, 9)],
                        unarmed_strikes=True, iterative_attacks=True, level=12)
    labels = [game.describe_action(state, 0, a) for a in game.legal_actions(state, 0)]
    assert labels and all(_words(t) and t.startswith("Mara ") for t in labels), [t for t in labels if not _words(t)]
    assert "Mara moves to square 5,4 (5 ft)" in labels
    assert "Mara makes a full attack on Steve" in labels and "Mara punches Steve (unarmed strike)" in labels
    state = play(game, state, "move:4,5")  # leaves Steve's reach: he may strike
    assert [game.describe_action(state, 1, a) for a in game.legal_actions(state, 1)] == [
        "Steve takes an attack of opportunity on Mara", "Steve lets Mara pass"]


def test_refusals_are_in_words_and_change_nothing():
    """Issue (words): a refused decision says what was asked and what may be done, without codes."""
    game, state = scene(["steve"], ["jeff"], [(5, 5), (6, 5)])
    for bad in ("fly:away", "attack:nobody", "move:99,99", "cast:wish:jeff", "end_turn:now"):
        with pytest.raises(IllegalAction) as err:
            game.apply_action(state, 0, bad)
        message = str(err.value)
        assert _words(message) and "Steve may:" in message and "attacks Jeff" in message, message


def test_rolls_name_the_character_who_rolls():
    """Issue (dice caption): the log's roll lines read as the character who rolls, not the side."""
    from brawl.games.tactics.bots import HeuristicBot
    game = make_game("tactics", party1="duo", party2="steve")
    match, bot = Match(game, seed=3), HeuristicBot(2)
    for _ in range(80):
        node = match.node()
        if not isinstance(node, Decision):
            break
        match.decide(node.seats[0], bot.choose(game, match.state, node.seats[0]))
    rolls = [line.text for line in match.log if line.kind == "roll"]
    assert rolls and not any(t.startswith(("Duo", "Steve rolls", "Custom")) for t in rolls)
    assert any(re.match(r"Roll d20 \((Steve|Jeff|Steve 2)'s initiative\): \d+", t) for t in rolls), rolls[:4]
    assert any(re.match(r"Roll d20 \((Steve|Jeff|Steve 2)'s [a-z ]*attack roll against (Steve|Jeff|Steve 2)\)", t)
               for t in rolls), rolls
    assert all(_words(line.text) for line in match.log), [line.text for line in match.log if not _words(line.text)]


def test_status_rows_and_narration_in_words_with_every_option():
    """Issue (words): status cells and narration lines stay in words under every option."""
    game = make_game("tactics", **ALL_OPTIONS)
    match = Match(game, seed=5)
    from brawl.games.tactics.bots import HeuristicBot
    bot = HeuristicBot(1)
    for _ in range(120):
        node = match.node()
        if not isinstance(node, Decision):
            break
        match.decide(node.seats[0], bot.choose(game, match.state, node.seats[0]))
    rows = game.status_rows(match.state)
    assert rows and all(_words(str(v)) for row in rows for v in row.values())
    assert all(_words(str(k)) for k in rows[0])
    assert all(_words(line.text) for line in match.log), [line.text for line in match.log if not _words(line.text)]
    assert any("surprise" in game.summary(s) for s in [game.initial_state()])
