"""Every game in the registry plays through the server: bots to the end, rebuilt from its events,
and a record that verifies against the revealed seed."""

from __future__ import annotations

import pytest

from brawl.core.record import Record
from brawl.games import replay
from brawl.games import game_class, game_names

from .conftest import make_room, view, wait_for


@pytest.mark.parametrize("game", game_names())
def test_game_plays_through_the_server(client, game):
    """Issue 4: the UI lists whatever the registry holds, so every game must run in a room."""
    cls = game_class(game)
    seats = cls.Options().model_dump().get("players", cls.min_players)
    room = make_room(client, game=game, seats=["bot:random"] * seats)
    v = wait_for(lambda: (lambda x: x if x["over"] else None)(view(client, room, None)), timeout=60)
    hub = client.app.state.hub
    hub.rooms.pop(room["room"])  # forget it: the next read rebuilds it from the stored events
    assert view(client, room, None) == v
    record = Record.from_json(client.get(f"/api/rooms/{room['room']}/record").json())
    match = replay(record, verify=True)
    assert match.over and list(match.game.winners(match.state)) == v["winners"]
