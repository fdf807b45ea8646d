"""An app with accounts on a fresh SQLite file (cheap Argon2 parameters: the tests hash often) and
helpers to sign up, seek and play."""

from __future__ import annotations

import itertools

import pytest
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from brawl.server.settings import Settings


@pytest.fixture
def app(tmp_path):
    return create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'a.sqlite3'}", bot_delay=0,
                                        argon2_profile="CHEAPEST", hash_priority="normal", decisions_per_second=100_000,
                                        signups_per_hour=10_000))


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


def person(app, name: str, password: str = "correct horse") -> TestClient:
    """A browser of its own (its own cookies) with a new account logged in; ``.csrf`` set."""
    c = TestClient(app)
    r = c.post("/api/accounts", json={"username": name, "password": password})
    assert r.status_code == 201, r.text
    c.headers["X-CSRF-Token"] = r.json()["csrf"]
    return c


def paired(c: TestClient, body: dict) -> dict:
    r = c.post("/api/seeks", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def no_ties():
    """A chooser for rock-paper-scissors whose rounds are never tied: the seats, asked in turn, take
    the legal choices in rotation (rock, paper, scissors, rock, ...), so each round has a winner and
    a game is over in two rounds (a tie every round would play the hundred rounds of the limit)."""
    turn = itertools.count()
    return lambda legal: legal[next(turn) % len(legal)]


def play_out(app, seats: dict[int, tuple[TestClient, str]], room: str, choose) -> dict:
    """Play a room to its end, each seat's decision by ``choose(legal)``; the final public view."""
    any_client = next(iter(seats.values()))[0]
    for _ in range(5000):
        v = any_client.get(f"/api/rooms/{room}").json()
        if v["over"]:
            return v
        for seat in v["node"]["seats"]:
            c, token = seats[seat]
            mine = c.get(f"/api/rooms/{room}", headers={"X-Seat-Token": token}).json()
            if mine["legal"]:
                r = c.post(f"/api/rooms/{room}/decisions",
                           json={"token": token, "action": choose([d["action"] for d in mine["legal"]])})
                assert r.status_code in (200, 409), r.text
    raise AssertionError("the game did not end")
