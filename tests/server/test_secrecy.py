"""Issue 12, one outgoing filter: nothing a seat or a spectator can fetch depends on another seat's
sealed choice (rules page, Kniggits, rule 18: a fight's hands are shown "at once and in secret";
rock-paper-scissors).

Two rooms with the same dice seed are played with the same decisions up to a simultaneous decision;
there one seat seals a different choice in each.  Everything the other seat and a spectator can get
(the view, the events with their log lines, a bot's input) must be identical in the two rooms."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from brawl.bots import make_bot
from brawl.core.game import Decision
from brawl.games import make_game
from brawl.server import projection
from brawl.server.room import Room, SeatInfo

GAMES = [("rps", {}), ("kniggits", {"table": 18, "points": 20, "terrain": "open"})]


def room_of(name: str, options: dict, seed_hex: str) -> Room:
    game = make_game(name, options)
    return Room("r", game, seed_hex, [SeatInfo(s, "human") for s in range(game.num_players)])


def fetchable(room: Room, seat: int | None) -> dict:
    out = {"view": projection.view(room, seat), "events": projection.events(room, seat, -1)}
    if seat is not None:
        state = projection.bot_state(room, seat)
        out["bot"] = room.game.state_to_json(state) if not isinstance(state, dict) else state
    return out


def choice(room: Room, seat: int, rng: random.Random) -> str:
    return make_bot(room.game.name, "random", seed=rng.randrange(2**31)).choose(room.game, projection.bot_state(room, seat), seat)


@pytest.mark.parametrize("name, options", GAMES)
@given(seed=st.integers(0, 2**31 - 1), stop=st.integers(0, 30))
@settings(max_examples=12, deadline=None)
def test_a_sealed_choice_changes_nothing_another_seat_can_fetch(name, options, seed, stop):
    rng = random.Random(seed)
    seed_hex = f"{seed:064x}"
    a, b = room_of(name, options, seed_hex), room_of(name, options, seed_hex)
    checked = 0
    for _ in range(200):
        node = a.node()
        if not isinstance(node, Decision):
            break
        seat = node.seats[0]
        if node.kind == "simultaneous" and len(node.seats) > 1 and checked <= stop:
            first = choice(a, seat, rng)
            other = next((c for c in (choice(a, seat, rng) for _ in range(20)) if c != first), None)
            if other is not None:
                a.decide(seat, first)
                b.decide(seat, other)
                for watcher in [s for s in range(a.game.num_players) if s != seat] + [None]:
                    assert fetchable(a, watcher) == fetchable(b, watcher), (name, watcher)
                checked += 1
                # go on from the same game: both rooms take the first choice
                b = room_of(name, options, seed_hex)
                for entry in a.match.record.entries:
                    if "seat" in entry:
                        b.decide(entry["seat"], entry["action"])
                continue
        action = choice(a, seat, rng)
        a.decide(seat, action)
        b.decide(seat, action)
