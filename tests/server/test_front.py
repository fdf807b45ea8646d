"""Issue 12, scale-out: how ``brawl serve --workers N``'s front process picks the worker for a
connection (brawl/server/front.py).  The processes themselves are tested in test_scale_out.py."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from brawl.server.front import owned_id, owner, room_in


@pytest.mark.parametrize("line, room", [
    (b"GET /api/rooms/Ab-9_x HTTP/1.1\r\n", "Ab-9_x"),
    (b"GET /api/rooms/Ab-9_x/ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\n", "Ab-9_x"),
    (b"POST /api/rooms/Ab-9_x/decisions HTTP/1.1\r\n", "Ab-9_x"),
    (b"GET /api/rooms/Ab-9_x/events?since=3 HTTP/1.1\r\n", "Ab-9_x"),
    (b"GET /play/Ab-9_x HTTP/1.1\r\n", "Ab-9_x"),
    (b"GET /play/Ab-9_x/first HTTP/1.1\r\n", "Ab-9_x"),
    (b"GET /watch/Ab-9_x HTTP/1.1\r\n", "Ab-9_x"),
    (b"GET /replay/Ab-9_x HTTP/1.1\r\n", "Ab-9_x"),
    (b"GET /api/rooms/public HTTP/1.1\r\n", None),  # the lobby's list, not a room
    (b"POST /api/rooms/dice HTTP/1.1\r\n", None),
    (b"POST /api/rooms/replay HTTP/1.1\r\n", None),
    (b"POST /api/rooms HTTP/1.1\r\n", None),  # a creation names no room yet
    (b"GET / HTTP/1.1\r\n", None),
    (b"GET /static/app.js HTTP/1.1\r\n", None),
    (b"GET /api/rooms/a%20b HTTP/1.1\r\n", None),  # not an id the server makes
    (b"\x16\x03\x01\x02\x00", None),  # not HTTP at all
    (b"", None),
])
def test_the_room_a_request_line_names(line, room):
    assert room_in(line) == room


def test_every_worker_owns_about_its_share_of_rooms():
    ids = [f"room{i}" for i in range(6000)]
    for n in (1, 2, 3):
        shares = Counter(owner(r, n) for r in ids)
        assert set(shares) == set(range(n))
        assert all(abs(count - 6000 / n) < 300 for count in shares.values())
    assert [owner(r, 2) for r in ids[:50]] == [owner(r, 2) for r in ids[:50]]  # the same every time


def test_a_worker_makes_only_room_ids_it_owns():
    counter = itertools.count()
    for worker in range(3):
        made = [owned_id(lambda: f"r{next(counter)}", worker, 3) for _ in range(30)]
        assert {owner(r, 3) for r in made} == {worker}
        assert len(set(made)) == 30
