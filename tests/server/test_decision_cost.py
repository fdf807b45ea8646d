"""Issue 12, point 1 and the load target (p99 decision round trip under 50 ms at 500 games,
``benchmarks/web_load.py``): a decision's work on the server does not repeat what it already knows."""

from __future__ import annotations

from brawl.core.game import Terminal
from brawl.games import make_game
from brawl.server.clocks import Clocks
from brawl.server.room import Room, SeatInfo


def test_a_room_asks_the_rules_for_its_node_once_per_state(monkeypatch):
    """The open decision, whether the game is over and its winners come from one call of the rules'
    ``node`` per state (asked again, they call nothing), and always from the current state's node."""
    game = make_game("krig", {"hp": 2})
    room = Room("r", game, "ab" * 32, [SeatInfo(0, "human"), SeatInfo(1, "human")])
    cls = type(game)
    real = cls.node
    calls = []
    monkeypatch.setattr(cls, "node", lambda self, state: calls.append(state) or real(self, state))
    while not room.over:
        room.node()
        calls.clear()
        for _ in range(4):
            waiting, over, node = room.waiting(), room.over, room.node()
        assert calls == []  # known already: asked once for this state
        assert node == real(game, room.match.state) and waiting == list(node.seats) and not over
        seat = waiting[0]
        room.decide(seat, room.match.legal_actions(seat)[0])
    assert isinstance(room.node(), Terminal) and room.winners == room.node().winners and room.waiting() == []


def test_a_room_without_a_time_control_builds_no_model_for_it(monkeypatch):
    """Most rooms have no time control: asking for it, several times a decision, is a dictionary
    look-up; a room with one gets its agreed control as before."""
    game = make_game("krig", {"hp": 2})
    room = Room("r", game, "ab" * 32, [SeatInfo(0, "human"), SeatInfo(1, "human")])
    built = []
    real = Clocks.agreed
    monkeypatch.setattr(Clocks, "agreed", staticmethod(lambda r: built.append(r) or real(r)))
    for time_control in (None, {"mode": "none", "seconds": 300, "increment": 0, "away_limit": 120}):
        room.time_control = time_control
        assert Clocks.control(room) is None
    assert built == []
    room.time_control = {"mode": "move", "seconds": 30, "increment": 0, "away_limit": 120, "banks": {"0": 5.0}}
    control = Clocks.control(room)
    assert control is not None and control.mode == "move" and control.seconds == 30 and built == [room]
