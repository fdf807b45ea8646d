"""Issue 41, point 1: in KtOG a seat whose time runs out falls and the others play on.

``Game.forfeit`` is the rules' side of it (the server's side is in
tests/server/test_correspondence_forfeit.py): the seat is out as if at 0 hit points and not
standing, whatever waited for it is dropped, the turn passes on, and the last one in wins.  The
match records it as an entry of its own, so a replay does it again bit for bit."""

from __future__ import annotations

import json

import pytest

from brawl.core.game import Decision, IllegalAction, Terminal
from brawl.core.match import Match
from brawl.core.record import Record, RecordError
from brawl.core.replay import verify
from brawl.core.sources import SeededDice
from brawl.games import make_game, replay

from .helpers import asked, on_turn


def test_out_on_its_own_turn_the_turn_passes_on():
    """Issue 41, point 1: a player out of time on their turn is out (0 hit points, not standing, no
    longer among those still in) and the next player in the round order takes the turn."""
    game, state = on_turn(to_act=1, players=3)
    after = game.forfeit(state, 1)
    assert after.up == (True, False, True) and after.hp[1] == 0
    assert game.standing(after) == frozenset({0, 2})
    assert asked(game, after) == ((2,), "turn")
    assert state.up == (True, True, True)  # the state before is untouched


def test_out_mid_turn_after_haste_the_second_attack_is_dropped():
    """Issue 41, point 1: out in the middle of a turn (Haste cast, two attacks to come) the rest
    of the turn is dropped and the next player goes on."""
    game, state = on_turn(to_act=2, players=3)
    state = game.apply_action(state, 2, "haste")
    assert asked(game, state) == ((2,), "turn") and state.phase == "action"
    after = game.forfeit(state, 2)
    assert not after.up[2] and after.swings == 0 and after.target == -1
    assert asked(game, after) == ((0,), "turn")  # the last of the round: the next round begins with Player 1
    assert after.rounds == state.rounds + 1


def test_out_during_a_reaction_the_hit_is_dropped_and_the_attacker_goes_on():
    """Issue 41, point 1: the target of a hit, out of time at its Dodge, falls; no damage is rolled
    and the attacker's turn goes on (here to the second attack of Haste)."""
    game, state = on_turn(to_act=0, players=3)
    state = game.apply_action(state, 0, "haste")
    state = game.apply_action(state, 0, "attack:2")
    state = game.apply_chance(state, 15)  # a hit: Player 2 may Dodge
    assert asked(game, state) == ((1,), "reaction")
    after = game.forfeit(state, 1)
    assert not after.up[1] and after.hp[1] == 0
    assert asked(game, after) == ((0,), "turn") and after.phase == "action"  # the second attack
    assert game.legal_actions(after, 0) == ["attack:3", "disarm:3"]  # only Player 3 is left to attack


def test_the_target_of_a_mighty_blow_out_and_the_attacker_out_at_its_mighty_blow():
    """Issue 41, point 1: at the attacker's Mighty Blow decision, the attacker out of time ends the
    turn with no damage dealt; the next player acts."""
    game, state = on_turn(to_act=0, players=3, dodge=(True, False, True))
    state = game.apply_action(state, 0, "attack:2")
    state = game.apply_chance(state, 15)
    assert asked(game, state) == ((0,), "turn") and state.phase == "mighty?"
    after = game.forfeit(state, 0)
    assert not after.up[0] and after.hp[1] == state.hp[1]
    assert asked(game, after) == ((1,), "turn")


def test_last_but_one_out_the_last_one_wins():
    """Issue 41, point 1: when the last but one player runs out of time, the last one wins."""
    game, state = on_turn(to_act=0, players=3)
    state = game.forfeit(state, 0)
    assert asked(game, state) == ((1,), "turn")
    state = game.forfeit(state, 1)
    assert game.node(state) == Terminal((2,))
    with pytest.raises(IllegalAction):
        game.forfeit(state, 2)


def test_out_before_picking_a_class_is_skipped():
    """Issue 41, point 1: with classes, a player out of time before picking is passed over."""
    game = make_game("ktog", players=3, classes=True)
    state = game.initial_state()
    state = game.apply_action(state, 0, "fighter")
    state = game.forfeit(state, 1)
    assert asked(game, state) == ((2,), "turn") and state.phase == "class"
    state = game.forfeit(game.initial_state(), 2)  # one still to pick later: never asked
    state = game.apply_action(game.apply_action(state, 0, "fighter"), 1, "magic_user")
    assert state.phase == "init" and state.rollers == (0, 1)


def test_a_seat_out_already_cannot_fall_again():
    game, state = on_turn(to_act=0, players=4)
    state = game.forfeit(state, 2)
    with pytest.raises(IllegalAction):
        game.forfeit(state, 2)


def _played(seed: int, players: int = 3) -> Match:
    """A seeded KtOG match in which the seat on turn runs out of time at its second turn."""
    match = Match(make_game("ktog", players=players), SeededDice(seed))
    turns = 0
    while not match.over:
        node = match.node()
        assert isinstance(node, Decision)
        seat = node.seats[0]
        if node.kind == "turn" and match.state.phase == "turn":
            turns += 1
            if turns in (2, 5):
                match.forfeit(seat, "time")
                continue
        match.decide(seat, match.legal_actions(seat)[0])
    return match


def test_a_forfeit_is_recorded_logged_and_replayed_bit_for_bit():
    """Issue 41, point 1: the forfeit is an entry of the record ({"seat": s, "forfeit": "time"}), a
    public log line says who ran out, and the record replays and verifies bit for bit."""
    match = _played(3)
    forfeits = [e for e in match.record.entries if "forfeit" in e]
    assert len(forfeits) == 2 and all(e["forfeit"] == "time" for e in forfeits)
    lines = [line for line in match.log if line.kind == "forfeit"]
    assert [line.text for line in lines] == [f"Player {e['seat'] + 1} ran out of time and is out" for e in forfeits]
    assert all(line.private_to is None for line in lines)
    data = json.loads(match.record.dumps())
    again = replay(Record.from_json(data))
    assert again.state == match.state and again.record.entries == match.record.entries
    assert [line.text for line in again.log] == [line.text for line in match.log]
    assert verify(Record.from_json(data), make_game).ok
    assert again.game.winners(again.state) == match.game.winners(match.state)
    k = next(i for i, step in enumerate(match.record.steps()) if "forfeit" in step)  # the replay viewer's steps
    seat = match.record.steps()[k]["seat"]
    assert replay(Record.from_json(data), steps=k, verify=False).state.up[seat]
    assert not replay(Record.from_json(data), steps=k + 1, verify=False).state.up[seat]


def test_a_record_whose_forfeit_was_changed_does_not_verify():
    """Issue 41, point 1: a forfeit moved to another seat, dropped, or with an unknown reason is found."""
    match = _played(3)
    data = json.loads(match.record.dumps())
    i = next(i for i, e in enumerate(data["entries"]) if "forfeit" in e)
    moved = json.loads(json.dumps(data))
    moved["entries"][i]["seat"] = (moved["entries"][i]["seat"] + 1) % 3
    verdict = verify(Record.from_json(moved), make_game)
    assert not verdict.ok and verdict.entry is not None and verdict.entry <= i + 1
    dropped = json.loads(json.dumps(data))
    del dropped["entries"][i]
    assert not verify(Record.from_json(dropped), make_game).ok
    odd = json.loads(json.dumps(data))
    odd["entries"][i]["forfeit"] = "boredom"
    with pytest.raises(RecordError):
        Record.from_json(odd)


def test_a_game_without_the_rule_refuses_a_forfeit_and_changes_nothing():
    """Issue 41, point 1: ``Game.forfeit`` is None by default (the server ends the whole game then):
    the match refuses it, its record and state unchanged."""
    match = Match(make_game("krig"), SeededDice(1))
    assert not match.game.has_forfeit() and make_game("ktog").has_forfeit()
    before, entries = match.state, list(match.record.entries)
    seat = match.node().seats[0]
    with pytest.raises(IllegalAction):
        match.forfeit(seat, "time")
    assert match.state is before and match.record.entries == entries


def test_the_forfeit_line_reads_in_spanish():
    """Issue 41, point 1: the log line of a seat out of time has its Spanish words."""
    from brawl.games.lang import catalogue

    match = _played(3)
    line = next(line.text for line in match.log if line.kind == "forfeit")
    assert catalogue("es", ("ktog",)).translate(line).endswith("se quedó sin tiempo y queda fuera")
