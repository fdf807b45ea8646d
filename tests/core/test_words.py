"""Words, never codes (issue 11): what the match writes about sealed choices, and what every game but
Tactics tells a newcomer in the lobby."""

import pytest

from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import game_class, make_game


def test_sealed_choice_is_told_in_the_games_words_to_its_seat_only():
    """DEVELOPERS (views per seat) and rules page, Kniggits, rule 18 (fights are simultaneous hidden choices): the
    chooser reads its choice in the game's words, everyone else only that a choice was made; the reveal
    tells all choices together in the same words, written when each was made."""
    game = make_game("kniggits", terrain="open")
    match = Match(game, SeededDice(0))
    before = len(match.log)
    match.decide(1, "army:heavy")
    lines = match.log[before:]
    assert [(l.text, l.private_to) for l in lines] == [
        ("Blue has chosen", None),
        ("You chose: Blue takes the ready-made heavy army (two strong kniggits)", 1)]
    assert [l["text"] for l in match.log_for(0)][-1] == "Blue has chosen"
    match.decide(0, "army:balanced")
    reveal = [l for l in match.log if l.kind == "reveal"]
    assert [l.text for l in reveal] == ["Revealed: Blue takes the ready-made heavy army (two strong kniggits); "
                                        "Red takes the ready-made balanced army"]
    assert reveal[0].data == {"choices": {"1": "army:heavy", "0": "army:balanced"}}


def test_the_reveal_uses_the_words_of_the_moment_each_choice_was_sealed():
    """A Kniggits fight is over once both hands are in, so the reveal's words must come from the state
    in which each hand was chosen (Phase three: the fight of A1 against B1)."""
    from tests.games.kniggits.helpers import battle, kn, to_fight

    game = make_game("kniggits", terrain="open")
    match = Match(game, SeededDice(0))
    match.state = to_fight(game, battle(game, kn("A1", 10, 10, facing="B1"), kn("B1", 10, 11.5, facing="A1"),
                                        kn("A2", 30, 2), kn("B2", 2, 34)))
    match.decide(1, "fight:A1-B1:none:high")
    match.decide(0, "fight:A1-B1:middle:none")
    reveal = [l.text for l in match.log if l.kind == "reveal"]
    assert reveal == ["Revealed: Blue shows no sword and shield high (A1 against B1); "
                      "Red shows sword middle and no shield (A1 against B1)"]


@pytest.mark.parametrize("name", ["krig", "ktog", "kniggits", "rps"])
def test_every_game_and_option_has_words_for_the_lobby(name):
    """Issue 11: a description for newcomers and, for every option, a title and an explanation that
    are not the option's code name (the lobby showed "Hp")."""
    cls = game_class(name)
    assert len(cls.description) > 40 and cls.description.endswith(".")
    for field_name, field in cls.Options.model_fields.items():
        assert field.title and field.description, field_name  # set by the game, not made up from the name
        assert field.title[0].isupper() and "_" not in field.title, field.title
    if "hp" in cls.Options.model_fields:
        assert cls.Options.model_fields["hp"].title == "Hit points"
    schema = cls.Options.model_json_schema()["properties"]
    assert all(schema[f]["title"] == cls.Options.model_fields[f].title for f in schema)
