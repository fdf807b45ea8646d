"""Dice rolled at the table (issue 31): the match waits for each roll, takes a face a player
entered (refusing one the die cannot show, changing nothing) or draws it from the committed seed
("roll for me"); the record marks entered rolls and verifies the rest against the seed."""

from __future__ import annotations

import random

import pytest

from brawl.core.game import IllegalAction
from brawl.core.match import Match
from brawl.core.record import Record
from brawl.core.replay import verify
from brawl.core.sources import CommittedDice, TableDice
from brawl.games import game_names, make_game, replay

OPTIONS = {"ktog": {"players": 4, "hp": 6}, "krig": {"hp": 5}, "tactics": {}, "kniggits": {}, "rps": {}}


def covers(game) -> dict:
    return {"game": game.name, "options": game.options_json(), "seats": game.num_players}


def table_match(name: str) -> Match:
    game = make_game(name, OPTIONS.get(name, {}))
    return Match(game, TableDice(covers=covers(game)))


def play_with_table_dice(match: Match, rng: random.Random, entered: list, for_me_every: int = 3) -> None:
    """Play to the end: every roll entered as a random face (every ``for_me_every``-th drawn by the
    server instead), every decision a random legal one."""
    for step in range(20_000):
        if match.over:
            return
        wanted = match.awaiting
        if wanted is not None:
            if step % for_me_every == 0:
                match.roll_for_me()
                entered.append(None)
            else:
                face = rng.choice(wanted.event.outcomes)
                match.enter_roll(face)
                entered.append(face)
            continue
        node = match.node()
        seat = node.seats[0]
        legal = match.legal_actions(seat)
        match.decide(seat, rng.choice(legal) if legal else match.game.sample_action(match.state, seat, rng))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", game_names())
def test_every_game_plays_to_its_end_with_table_dice_and_its_record_verifies(name):
    match = table_match(name)
    entered: list = []
    play_with_table_dice(match, random.Random(5), entered, for_me_every=3 if name != "rps" else 1)
    record = Record.from_json(match.record.to_json())
    rolls = [e for e in record.entries if "roll" in e]
    assert len(rolls) == len(entered)
    for entry, face in zip(rolls, entered):  # each entered roll is in the record as entered
        if face is None:
            assert "table" not in entry
        else:
            assert entry["table"] is True and entry["outcome"] == (list(face) if isinstance(face, tuple) else face)
    record.reveal(match.source.seed_hex)
    assert record.dice["kind"] == "table"
    verdict = verify(record, make_game)
    assert verdict.ok, verdict.problem
    assert replay(record).state == match.state


def test_the_match_waits_for_the_table_and_refuses_an_impossible_face():
    """Krig's first roll (a d10) at the table: the view names the die; faces it cannot show are refused."""
    match = table_match("krig")
    wanted = match.awaiting
    assert wanted is not None and match.view(0)["roll"]["roll"] == wanted.event.name == "d10"
    assert match.view(0)["roll"]["faces"] == list(range(1, 11))
    before = (match.state, list(match.record.entries), len(match.log))
    for bad in (0, 11, 99, "six", [1, 2], 2.5, True):
        with pytest.raises(IllegalAction, match="not a face"):
            match.enter_roll(bad)
    assert (match.state, match.record.entries, len(match.log)) == before
    with pytest.raises(IllegalAction, match="comes first"):
        match.decide(0, "attack")
    face = wanted.event.outcomes[-1]
    match.enter_roll(face)
    assert match.record.entries[-1] == {"roll": wanted.event.name, "outcome": face, "table": True}


def test_a_roll_for_me_is_the_committed_draw_of_its_number():
    match = table_match("krig")
    match.enter_roll(match.awaiting.event.outcomes[0])
    event = match.awaiting.event
    match.roll_for_me()
    expected = CommittedDice(match.source.seed_hex, start=1)  # roll number 1 of the game (the second)
    assert match.record.entries[1]["outcome"] == expected.roll(event)


def test_a_drawn_roll_changed_in_the_record_does_not_verify():
    match = table_match("krig")
    play_with_table_dice(match, random.Random(2), [], for_me_every=2)
    record = Record.from_json(match.record.to_json())
    record.reveal(match.source.seed_hex)
    drawn = next(i for i, e in enumerate(record.entries) if "roll" in e and "table" not in e)
    event_faces = sorted({e["outcome"] for e in record.entries if "roll" in e and e["roll"] == record.entries[drawn]["roll"]} | {1, 2})
    record.entries[drawn]["outcome"] = next(f for f in event_faces if f != record.entries[drawn]["outcome"])
    assert not verify(record, make_game).ok
    # and a drawn roll cannot pass for an entered one without changing what the record says
    record.entries[drawn]["table"] = True
    changed = verify(record, make_game)
    assert changed.ok or "differs" in changed.problem or "does not replay" in changed.problem


def test_server_dice_refuse_entered_rolls():
    match = Match(make_game("krig", {}), CommittedDice())
    with pytest.raises(IllegalAction, match="rolled by the server"):
        match.enter_roll(3)
