"""Fixtures for the web app: an app on a fresh SQLite file, a test client, and helpers to play."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from brawl.server.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'brawl.sqlite3'}"


@pytest.fixture
def client(db_url: str):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


def make_room(client: TestClient, game: str = "krig", options: dict | None = None, seats: list[str] | None = None) -> dict:
    r = client.post("/api/rooms", json={"game": game, "options": options or {}, "seats": seats or ["human", "human"]})
    assert r.status_code == 201, r.text
    return r.json()


def tokens(room: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in room["seats"] if s["token"]}


def view(client: TestClient, room: dict, seat: int | None) -> dict:
    headers = {"X-Seat-Token": tokens(room)[seat]} if seat is not None else {}
    r = client.get(f"/api/rooms/{room['room']}", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def decide(client: TestClient, room: dict, seat: int, action: str, **extra):
    return client.post(f"/api/rooms/{room['room']}/decisions",
                       json={"token": tokens(room)[seat], "action": action, **extra})


def krig_choice(legal: list[str]) -> str:
    """A plain policy for tests: attack when possible, never parry."""
    for a in ("attack", "take"):
        if a in legal:
            return a
    return legal[0]


def play_krig_step(client: TestClient, room: dict) -> bool:
    """One decision by whichever human seat is to decide; False when the game is over."""
    v = view(client, room, None)
    if v["over"]:
        return False
    seat = v["node"]["seats"][0]
    legal = [d["action"] for d in view(client, room, seat)["legal"]]
    r = decide(client, room, seat, krig_choice(legal))
    assert r.status_code == 200, r.text
    return True


def wait_for(predicate, timeout: float = 10.0, step: float = 0.01):
    """Poll until ``predicate()`` is truthy (bots move on the server's event loop)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("condition not met in time")


def unregister(name: str) -> None:
    """Take a test's own game out of the registry again (whichever table the registry keeps it in)."""
    import brawl.games as registry

    for table in ("_EXTRA", "_GAMES"):
        getattr(registry, table, {}).pop(name, None)
