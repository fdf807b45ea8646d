"""Kniggits in a player's words (issue 11): labels start with the army's name and say what is done,
fight results name the tokens lost, errors say what may be done, the table has readable headings."""

import pytest

from brawl.core.game import IllegalAction

from .helpers import battle, fight, game, kn, to_fight


def test_labels_are_sentences_that_start_with_the_army():
    """Phase one (turning to face a named enemy) and Phase three (sword and shield): each label is
    "<army> <what it does>", so a button can drop the name and keep the words."""
    g = game(archers=True)
    s = battle(g, kn("A1", 10, 10, facing="B1"), kn("B1", 10, 11.5), kn("B2", 11.5, 10.5),
               kn("A2", 14, 14, 3, 3, 3, archer=True))
    labels = {a: g.describe_action(s, 0, a) for a in g.legal_actions(s, 0)}
    assert labels["face:A1:B2"] == "Red turns A1 to face B2"
    assert labels["end_move"] == "Red ends the moving phase"
    assert labels["shoot:A2:B1"] == "Red aims archer A2 at B1"
    assert all(text.startswith("Red ") and ":" not in text for text in labels.values())


def test_fight_labels_and_result_in_words():
    """The Results: a blow at an undefended height knocks down a token of the kind the height names."""
    g = game()
    s = to_fight(g, battle(g, kn("A1", 10, 10, facing="B1"), kn("B1", 10, 11.5, facing="A1"),
                           kn("A2", 30, 2), kn("B2", 2, 34)))
    assert g.node(s).prompt == "Red's A1 attacks B1: show sword and shield"
    assert g.describe_action(s, 1, "fight:A1-B1:high:none") == "Blue shows sword high and no shield (A1 against B1)"
    s = fight(g, s, "low:middle", "high:none")
    assert s.events[-1] == ("turn 1: A1 attacks B1: A1 shows sword low and shield middle, B1 shows sword high "
                            "and no shield; B1 loses a movement token; A1 loses an attack token")


def test_refusals_say_what_may_be_done():
    """Fumbles (ruling): a gesture a hand may not make is refused with the reason, in words."""
    g = game()
    s = to_fight(g, battle(g, kn("A1", 10, 10, 3, 3, 0, facing="B1"), kn("B1", 10, 11.5, facing="A1"),
                           kn("A2", 30, 2), kn("B2", 2, 34)))
    with pytest.raises(IllegalAction) as err:
        g.apply_action(s, 0, "fight:A1-B1:high:low")
    assert str(err.value) == ("that is not a gesture Red may show in the fight of A1 against B1; "
                              "choose sword high, sword middle, sword low or no sword")
    s = battle(g, kn("A1", 10, 10), kn("B1", 30, 30))
    with pytest.raises(IllegalAction, match="end the moving phase") as err:
        g.apply_action(s, 0, "dance:A1")
    assert "end_move" not in str(err.value)


def test_status_table_and_summary_read_as_words():
    """Winning (fleeing and gone kniggits) and The Results (tokens of three colours), in a table."""
    g = game()
    s = battle(g, kn("A1", 10, 10, 2, 3, 4), kn("A2", 12, 10, 1, 1, 1, status="fleeing"),
               kn("B1", 30, 30, 5, 0, 0, status="gone"), kn("B2", 20, 30))
    assert g.status_rows(s) == [
        {"Army": "Red", "Fighting": 1, "Fleeing": 1, "Gone": 0, "Movement tokens": 3, "Attack tokens": 4,
         "Defense tokens": 5, "Status": "on turn"},
        {"Army": "Blue", "Fighting": 1, "Fleeing": 0, "Gone": 1, "Movement tokens": 3, "Attack tokens": 3,
         "Defense tokens": 3, "Status": ""}]
    assert g.summary(s) == "Turn 1: Red on turn, moving"
    assert g.summary(g.initial_state()) == "Before the battle: choosing armies"
