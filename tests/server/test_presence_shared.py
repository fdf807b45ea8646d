"""Issue 37, points 3 to 5: presence and claims across server processes.

Two ``brawl serve`` processes on one PostgreSQL database, as a load balancer spreading connections
at random would use them: a seat is present while any process holds its socket, or it made a
request with its token (the HTTP API counts) within the away limit, and no process counts "away"
from its own first look.  A claim is an event ordered with the decisions in the room's log, so of
a claim and a last decision sent at once through two processes exactly one is accepted, and the
record and the result agree.  One process on SQLite: a seat played only through HTTP is present."""

from __future__ import annotations

import json
import os
import threading
import time

import httpx
import pytest
import websockets.sync.client as ws_client
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from brawl.server.settings import Settings

from .test_postgres import cluster, db_url, free_port  # noqa: F401  (fixtures)
from .test_scale_out import Server, eventually, view

LIMIT = 2.0  # the rooms' away limit in seconds


@pytest.fixture(scope="module")
def pair(cluster):  # noqa: F811
    """Two processes on one fresh database (``.url`` on each: the database)."""
    cluster.admin(f"CREATE DATABASE presence_{os.getpid()}")
    url = cluster.url(f"presence_{os.getpid()}")
    made = [Server(url), Server(url)]
    for s in made:
        s.url = url
    yield made
    for s in made:
        s.stop()


def krig(server: Server, limit: float = LIMIT) -> tuple[str, dict[int, str], int]:
    """A Krig room of two people made on ``server``: its id, tokens and the seat on turn."""
    r = httpx.post(f"{server.base}/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                                     "time_control": {"mode": "none", "away_limit": limit}})
    assert r.status_code == 201, r.text
    created = r.json()
    room = created["room"]
    return room, {s["seat"]: s["token"] for s in created["seats"]}, view(server, room)["node"]["seats"][0]


def claim(server: Server, room: str, token: str) -> httpx.Response:
    return httpx.post(f"{server.base}/api/rooms/{room}/claim", json={"token": token}, timeout=10)


def refused_throughout(server: Server, room: str, token: str, seconds: float, between=None) -> None:
    """Claims through ``server`` for ``seconds`` (well past the away limit): every one refused."""
    end = time.monotonic() + seconds
    tries = 0
    while time.monotonic() < end or tries < 3:
        if between is not None:
            between()
        r = claim(server, room, token)
        assert r.status_code == 409, r.text
        assert "nothing to claim" in r.json()["error"]
        tries += 1
        time.sleep(0.2)


def test_a_socket_on_one_process_keeps_its_seat_present_on_the_other(pair):
    """Issue 37, point 3: the seat on turn holds a socket on process A and decides nothing; its
    opponent asks process B again and again, past the away limit: B shows it online and refuses
    every claim.  (Before: B counted "away" from its own first look and the claim won.)"""
    a, b = pair
    room, tok, seat = krig(a)
    other = 1 - seat
    with ws_client.connect(f"ws://127.0.0.1:{a.port}/api/rooms/{room}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "token": tok[seat], "since": -1}))
        assert json.loads(ws.recv(10))["type"] == "welcome"
        eventually(lambda: view(b, room, tok[other])["seats"][seat]["presence"] == "online")
        refused_throughout(b, room, tok[other], 3 * LIMIT)
        assert view(b, room, tok[other])["claim"]["against"] == []
        assert not view(a, room)["over"]


def test_a_seat_played_through_http_only_is_present_on_every_process(pair):
    """Issue 37, point 5: a seat played only through the HTTP API (no socket), asking process A
    for its view now and then, is not "away" on process B: every claim there is refused, past the
    away limit; once it stops asking, the claim is accepted after the limit."""
    a, b = pair
    room, tok, seat = krig(a)
    other = 1 - seat
    ask = lambda: view(a, room, tok[seat])  # noqa: E731
    ask()
    eventually(lambda: view(b, room, tok[other])["seats"][seat]["presence"] == "online")
    refused_throughout(b, room, tok[other], 3 * LIMIT, between=ask)
    # it stops asking: away once the limit has passed, on either process
    won = eventually(lambda: (lambda r: r if r.status_code == 200 else None)(claim(b, room, tok[other])), timeout=30)
    assert won.json()["winners"] == [other] and "stayed away" in won.json()["ended"]


def test_a_killed_process_stops_holding_its_sockets_seat(pair):
    """Issue 37, point 3: the process holding the seat's socket is killed (SIGKILL): its seat is
    present no longer, and the other process accepts the claim once the limit has passed since."""
    b = pair[1]
    a = Server(b.url)
    try:
        room, tok, seat = krig(b)
        other = 1 - seat
        ws = ws_client.connect(f"ws://127.0.0.1:{a.port}/api/rooms/{room}/ws")
        ws.send(json.dumps({"type": "hello", "token": tok[seat], "since": -1}))
        assert json.loads(ws.recv(10))["type"] == "welcome"
        eventually(lambda: view(b, room, tok[other])["seats"][seat]["presence"] == "online")
        assert claim(b, room, tok[other]).status_code == 409
        a.kill()
        won = eventually(lambda: (lambda r: r if r.status_code == 200 else None)(claim(b, room, tok[other])), timeout=30)
        assert won.json()["winners"] == [other]
        ws.close()
    finally:
        a.stop()


def test_a_claim_and_the_last_decision_sent_at_once_exactly_one_wins(pair):
    """Issue 37, point 4: in rooms of rock-paper-scissors where one seat has chosen and the other
    stayed away past the limit, the away seat's last decision goes to process A while the claim
    goes to process B at the same moment.  Exactly one is accepted each time, and both processes
    then show one result that the record agrees with: a claim ends a game whose record lacks the
    last decision; a decision accepted leaves no claim."""
    a, b = pair
    rooms = []
    for _ in range(8):
        r = httpx.post(f"{a.base}/api/rooms", json={"game": "rps", "options": {"wins_needed": 1}, "seats": ["human", "human"],
                                                    "time_control": {"mode": "none", "away_limit": 1}})
        created = r.json()
        tok = {s["seat"]: s["token"] for s in created["seats"]}
        assert httpx.post(f"{a.base}/api/rooms/{created['room']}/decisions",
                          json={"token": tok[0], "action": "rock"}).status_code == 200
        rooms.append((created["room"], tok))
    for room, tok in rooms:  # seat 1 never came: B offers seat 0 the claim once the limit has passed
        eventually(lambda: view(b, room, tok[0])["claim"]["against"] == [1])
    outcomes = []
    for room, tok in rooms:
        go = threading.Barrier(2)
        got: dict[str, int] = {}
        texts: dict[str, str] = {}

        def last_decision():
            go.wait()
            answer = httpx.post(f"{a.base}/api/rooms/{room}/decisions", timeout=10,
                                json={"token": tok[1], "action": "scissors"})
            got["decision"], texts["decision"] = answer.status_code, answer.text

        def claim_it():
            go.wait()
            got["claim"] = claim(b, room, tok[0]).status_code

        threads = [threading.Thread(target=last_decision), threading.Thread(target=claim_it)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(got.values()) == [200, 409], texts
        outcomes.append("claim" if got["claim"] == 200 else "decision")
        for server in (a, b):
            v = eventually(lambda: (lambda v: v if v["over"] else None)(view(server, room)))
            record = httpx.get(f"{server.base}/api/rooms/{room}/record").json()
            decisions = [e for e in record["entries"] if "action" in e]
            if got["claim"] == 200:
                assert "claimed" in (v["ended"] or "") and v["winners"] == [0], v
                assert [d["seat"] for d in decisions] == [0]
            else:
                assert not v["ended"] and v["winners"] == [0], v  # rock beats scissors
                assert [d["seat"] for d in decisions] == [0, 1]


def test_one_process_a_seat_played_through_http_only_is_present(tmp_path):
    """Issue 37, point 5, on one process: a seat that only asks the HTTP API for its view shows
    online, and a claim against it is refused while its requests keep coming, past the limit
    (before: "offline" and claimed 1 s into its turn)."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'one.sqlite3'}", bot_delay=0)
    with TestClient(create_app(settings=settings)) as client:
        r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                            "time_control": {"mode": "none", "away_limit": 1}})
        tok = {s["seat"]: s["token"] for s in r.json()["seats"]}
        room = r.json()["room"]
        seat = client.get(f"/api/rooms/{room}").json()["node"]["seats"][0]
        other = 1 - seat
        mine = lambda: client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tok[seat]}).json()  # noqa: E731
        mine()
        assert client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tok[other]}).json()["seats"][seat]["presence"] == "online"
        end = time.monotonic() + 3.0
        while time.monotonic() < end:
            mine()
            answer = client.post(f"/api/rooms/{room}/claim", json={"token": tok[other]})
            assert answer.status_code == 409, answer.text
            time.sleep(0.1)
        won = wait_until_claimed(client, room, tok[other])
        assert won["winners"] == [other]


def wait_until_claimed(client, room: str, token: str) -> dict:
    end = time.monotonic() + 20
    while time.monotonic() < end:
        r = client.post(f"/api/rooms/{room}/claim", json={"token": token})
        if r.status_code == 200:
            return r.json()
        time.sleep(0.1)
    raise AssertionError("the claim was never accepted")
