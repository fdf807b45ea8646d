"""Best-of-three rock-paper-scissors: sealed simultaneous choices (Kniggits seed, Dispute Resolution;
rules page, Kniggits, rule 11: who goes first)."""

import pytest

from brawl.core.game import Decision, IllegalAction, Terminal
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import make_game


def test_both_choose_at_once():
    """Ruling: simultaneous hidden choices: both seats are asked together."""
    game = make_game("rps")
    node = game.node(game.initial_state())
    assert isinstance(node, Decision) and node.kind == "simultaneous" and node.seats == (0, 1)


def test_a_choice_is_sealed_from_the_other_seat_until_both_chose():
    """Ruling: a hidden choice is never in another seat's view or log before it is revealed."""
    match = Match(make_game("rps"), SeededDice(0))
    match.decide(0, "paper")
    assert match.view(1)["state"]["sealed"] == ["chosen", None]
    assert match.view(None)["state"]["sealed"] == ["chosen", None]
    assert match.view(0)["state"]["sealed"] == ["paper", None]
    for seat in (1, None):
        view = match.view(seat)
        assert "paper" not in str(view["state"]) and "paper" not in str(view["log"])
    assert match.legal_actions(0) == [] and match.node().seats == (1,)
    match.decide(1, "rock")
    assert "paper" in str(match.log_for(1)) and "rock" in str(match.log_for(0))
    assert match.state.wins == (1, 0)


def test_a_seat_cannot_choose_twice():
    match = Match(make_game("rps"), SeededDice(0))
    match.decide(0, "rock")
    with pytest.raises(IllegalAction):
        match.decide(0, "paper")
    assert match.state.sealed == ("rock", None)


@pytest.mark.parametrize("a,b,winner", [("rock", "scissors", 0), ("scissors", "paper", 0), ("paper", "rock", 0),
                                        ("scissors", "rock", 1), ("paper", "scissors", 1), ("rock", "paper", 1)])
def test_what_beats_what(a, b, winner):
    """Seed Dispute Resolution: the official rules of RPS."""
    game = make_game("rps")
    s = game.apply_action(game.apply_action(game.initial_state(), 0, a), 1, b)
    assert s.wins[winner] == 1 and s.wins[1 - winner] == 0


def test_ties_replay_and_two_wins_end_it():
    """Seed: best of three; ruling: a tie counts for nobody."""
    game = make_game("rps")
    s = game.initial_state()
    for a, b in [("rock", "rock"), ("rock", "scissors"), ("paper", "paper"), ("paper", "rock")]:
        s = game.apply_action(game.apply_action(s, 0, a), 1, b)
    assert s.wins == (2, 0) and len(s.rounds) == 4
    assert game.node(s) == Terminal((0,))


def test_wins_needed_option():
    game = make_game("rps", wins_needed=1)
    s = game.apply_action(game.apply_action(game.initial_state(), 0, "rock"), 1, "paper")
    assert game.node(s) == Terminal((1,))


def test_status_rows_and_summary_read_as_words():
    """Issue 11 (words, never codes): the table has readable headings and the revealed throws in words,
    the summary gives the score; seed Dispute Resolution, best of three."""
    game = make_game("rps")
    s = game.initial_state()
    for a, b in [("rock", "scissors"), ("paper", "paper")]:
        s = game.apply_action(game.apply_action(s, 0, a), 1, b)
    rows = game.status_rows(s)
    assert rows == [{"Player": "Player 1", "Rounds won": 1, "Shown so far": "rock, paper", "Status": "to choose"},
                    {"Player": "Player 2", "Rounds won": 0, "Shown so far": "scissors, paper", "Status": "to choose"}]
    assert game.summary(s) == "Player 1 1, Player 2 0 (first to 2 rounds wins)"
    s = game.apply_action(game.apply_action(s, 0, "scissors"), 1, "paper")
    assert game.summary(s) == "Player 1 wins: Player 1 2, Player 2 0"
    assert [r["Status"] for r in game.status_rows(s)] == ["winner", "beaten"]


def test_match_log_reveals_and_narrates_in_words():
    """Issue 11: the chooser reads "You chose: ...", the reveal and the round's result are sentences,
    never a list of raw choices; the other seat sees only that a choice was made (ruling: sealed choices)."""
    match = Match(make_game("rps"), SeededDice(0))
    match.decide(0, "scissors")
    assert [l["text"] for l in match.log_for(1)] == ["Player 1 has chosen"]
    assert "You chose: Player 1 shows scissors" in [l["text"] for l in match.log_for(0)]
    match.decide(1, "paper")
    public = [l["text"] for l in match.log_for(None)]
    assert "Revealed: Player 1 shows scissors; Player 2 shows paper" in public
    assert "Round 1: scissors beat paper, Player 1 wins the round; Player 1 1, Player 2 0 (first to 2 rounds wins)" in public
    assert not any("[" in text for text in public)


def test_refusal_names_the_choices_in_words():
    """Bad input gets a clear error and changes nothing (DEVELOPERS); the error says what may be shown."""
    game = make_game("rps")
    s = game.initial_state()
    with pytest.raises(IllegalAction, match="show rock, paper or scissors"):
        game.apply_action(s, 0, "lizard")
    assert game.description and game.Options.model_json_schema()["properties"]["wins_needed"]["title"] == "Wins needed"


def test_round_limit_ends_endless_ties_in_a_draw():
    """Ruling (rules page, rule 5): after the round limit, more rounds won wins; equal is a draw."""
    from brawl.core.game import Terminal
    from brawl.games import make_game

    game = make_game("rps", {"max_rounds": 3})
    s = game.initial_state()
    for _ in range(3):
        s = game.apply_action(s, 0, "rock")
        s = game.apply_action(s, 1, "rock")
    assert game.node(s) == Terminal(())
    s = game.initial_state()
    for a, b in (("rock", "scissors"), ("rock", "rock"), ("paper", "paper")):
        s = game.apply_action(game.apply_action(s, 0, a), 1, b)
    assert game.node(s) == Terminal((0,))
    assert make_game("rps").options.max_rounds == 100


def test_a_draw_at_the_round_limit_is_narrated_and_summed_up():
    """Ruling (rules page, rule 5): a draw at the round limit says so (the summary used to fail on a
    game with no winner, and a live room answered 500 to the last decision)."""
    game = make_game("rps", {"max_rounds": 2})
    match = Match(game, SeededDice(0))
    for _ in range(2):
        match.decide(0, "rock")
        match.decide(1, "rock")
    assert game.node(match.state) == Terminal(())
    assert "draw" in game.summary(match.state)
    assert any("draw" in line.text for line in match.log)
