"""Matches, records and per-seat logs (DEVELOPERS.md: a record replays bit for bit; views per seat)."""

import json

import pytest

from brawl.bots import make_bot
from brawl.core.game import IllegalAction, OptionsError
from brawl.core.match import Match
from brawl.core.record import Record, RecordError
from brawl.games import replay
from brawl.core.sources import CommittedDice, SeededDice
from brawl.games import UnknownGame, make_game


def play_out(match: Match, bots) -> Match:
    while not match.over:
        node = match.node()
        seat = node.seats[0]
        match.decide(seat, bots[seat].choose(match.game, match.state, seat))
    return match


@pytest.mark.parametrize("game_name,options", [("krig", {}), ("krig", {"edition": "article", "hp": 7}), ("rps", {})])
def test_record_replays_bit_for_bit(game_name, options, tmp_path):
    game = make_game(game_name, options)
    match = play_out(Match(game, SeededDice(11)), [make_bot(game_name, "random", seed=s) for s in (1, 2)])
    path = tmp_path / "game.json"
    match.record.save(path)
    again = replay(Record.load(path))
    assert again.game.dumps(again.state) == game.dumps(match.state)
    assert again.record.dumps() == match.record.dumps()
    assert [line.to_json() for line in again.log] == [line.to_json() for line in match.log]


def test_replay_detects_a_tampered_roll(tmp_path):
    game = make_game("krig", hp=5)
    match = play_out(Match(game, SeededDice(3)), [make_bot("krig", "attacker")] * 2)
    data = match.record.to_json()
    first_roll = next(e for e in data["entries"] if "roll" in e)
    first_roll["outcome"] = first_roll["outcome"] % 10 + 1
    with pytest.raises(RecordError, match="differs"):
        replay(Record.from_json(data))


def test_committed_dice_record_verifies_after_reveal():
    source = CommittedDice()
    match = play_out(Match(make_game("krig", hp=6), source), [make_bot("krig", "attacker")] * 2)
    record = Record.from_json(json.loads(match.record.dumps()))
    assert "seed" not in record.dice
    record.reveal(source.seed_hex)
    assert replay(record).state == match.state
    with pytest.raises(RecordError):
        record.reveal("00" * 32)


@pytest.mark.parametrize("data", [{}, {"format": "other"}, {"format": "brawl-record/1", "game": "krig"},
                                  {"format": "brawl-record/1", "game": "krig", "options": {}, "dice": {}, "entries": [{"x": 1}]}])
def test_malformed_records_are_refused(data):
    with pytest.raises(RecordError):
        Record.from_json(data)


def test_illegal_decision_changes_nothing():
    match = Match(make_game("krig"), SeededDice(5))
    before_state, before_log, before_rec = match.state, list(match.log), match.record.dumps()
    seat = match.node().seats[0]
    for bad_seat, action in [(1 - seat, "attack"), (seat, "parry"), (seat, "fly"), (seat, 3)]:
        with pytest.raises(IllegalAction):
            match.decide(bad_seat, action)
    assert match.state == before_state and match.log == before_log and match.record.dumps() == before_rec


def test_unknown_game_and_options_are_refused():
    with pytest.raises(UnknownGame):
        make_game("chess")
    with pytest.raises(OptionsError, match="unknown option 'colour'"):
        make_game("krig", colour="red")
    with pytest.raises(OptionsError, match="hp"):
        make_game("krig", hp=0)


def test_state_json_round_trip():
    game = make_game("krig", edition="article")
    match = play_out(Match(game, SeededDice(9)), [make_bot("krig", "heuristic", seed=1), make_bot("krig", "random", seed=2)])
    assert game.loads(game.dumps(match.state)) == match.state


def test_results_are_logged_after_the_step_that_made_them():
    """DEVELOPERS.md, views per seat: the log tells what each step did ("... damage to Moon")."""
    match = play_out(Match(make_game("krig", hp=6), SeededDice(2)), [make_bot("krig", "attacker")] * 2)
    kinds = [line.kind for line in match.log]
    results = [line for line in match.log if line.kind == "result"]
    assert any("damage to" in line.text for line in results)
    first = kinds.index("result")
    assert kinds[first - 1] in ("roll", "decision")
    assert all(line.private_to is None for line in results)


def test_no_result_is_told_while_a_choice_is_sealed():
    """Ruling (Kniggits): sealed choices are revealed together; nothing is narrated before that."""
    game = make_game("kniggits")
    match = Match(game, SeededDice(0))
    seat = match.node().seats[0]
    before = len(match.log)
    match.decide(seat, game.legal_actions(match.state, seat)[0])
    new = match.log[before:]
    assert [line.kind for line in new if line.private_to is None] == ["sealed"]


def test_a_result_that_extends_the_last_one_tells_only_what_it_adds():
    """The log does not repeat itself: "A hits B" then "A hits B; B takes 9" narrates "B takes 9"."""
    from dataclasses import dataclass


    @dataclass(frozen=True)
    class S:
        last: str

    game = make_game("krig")  # the base class's narrate, which Krig keeps
    hit = S("Brok hits Mara (d20 17)")
    assert game.narrate(S(""), hit) == ["Brok hits Mara (d20 17)"]
    assert game.narrate(hit, S(hit.last + "; hit: Mara takes 9")) == ["hit: Mara takes 9"]
    assert game.narrate(hit, hit) == []
    again = S("".join(["Brok hits Mara ", "(d20 17)"]))  # a new event that reads alike (a new string object)
    assert game.narrate(hit, again) == ["Brok hits Mara (d20 17)"]


@pytest.mark.parametrize("game_name", ["krig", "ktog", "kniggits", "tactics", "rps"])
def test_a_game_remembers_the_node_of_the_last_state_only(game_name):
    """Every game's ``node`` keeps its answer for the last state asked (the same object: states are
    immutable), works any other state out afresh, answers as the rules do, and keeps nothing on
    the game object (which play never changes)."""
    game = make_game(game_name, {})
    attributes = dict(vars(game))
    rules = type(game).node.__wrapped__  # the game's own node, under what is remembered
    match = Match(game, SeededDice(3))
    first = match.state
    assert game.node(first) is game.node(first)  # the same answer object: remembered
    bot = make_bot(game_name, "random", seed=1)
    for _ in range(5):
        if match.over:
            break
        seat = match.node().seats[0]
        match.decide(seat, bot.choose(game, match.state, seat))
    assert match.state is not first
    assert game.node(match.state) == rules(game, match.state)
    assert game.node(first) == rules(game, first)  # not the last state asked: worked out afresh
    other = make_game(game_name, {})
    assert other.node(first) == rules(other, first)  # another game object is asked afresh too
    assert vars(game) == attributes
