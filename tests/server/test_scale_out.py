"""Issue 12, scale-out: several ``brawl serve`` processes on one PostgreSQL database, no sticky
sessions.  Seats on different processes play whole games; of two concurrent decisions on two
processes exactly one is accepted; a client of one process hears what another accepted; and when
the process running a room's bots is killed with SIGKILL, another takes the room over and the game
goes on with no acknowledged decision lost.  A throwaway cluster as in test_postgres.py."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
import websockets.sync.client as ws_client

from .test_postgres import cluster, db_url, free_port  # noqa: F401  (fixtures)

BRAWL = str(Path(sys.executable).parent / "brawl")


class Server:
    def __init__(self, url: str, bot_delay: float = 0.05, workers: int = 1) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen([BRAWL, "serve", "--port", str(self.port), "--db", url, "--bot-delay", str(bot_delay),
                                      "--rooms-per-minute", "1000", "--decisions-per-second", "1000",
                                      "--workers", str(workers)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                if httpx.get(self.base + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def servers(cluster):  # noqa: F811
    """Two processes on one fresh database, shared by the tests that keep both alive."""
    cluster.admin(f"CREATE DATABASE scale_{os.getpid()}")
    url = cluster.url(f"scale_{os.getpid()}")
    made = [Server(url), Server(url)]
    yield made
    for s in made:
        s.stop()


def view(server: Server, room: str, token: str | None = None) -> dict:
    headers = {"X-Seat-Token": token} if token else {}
    r = httpx.get(f"{server.base}/api/rooms/{room}", headers=headers, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def decide(server: Server, room: str, token: str, action: str, expect: int | None = None) -> httpx.Response:
    return httpx.post(f"{server.base}/api/rooms/{room}/decisions", timeout=10,
                      json={"token": token, "action": action, **({"expect": expect} if expect is not None else {})})


def eventually(check, timeout: float = 20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("condition not met in time")


@pytest.mark.parametrize("game, options", [("krig", {"hp": 3}), ("ktog", {"players": 3, "hp": 3}), ("rps", {}),
                                           ("tactics", {"max_rounds": 1})])
def test_seats_on_different_processes_play_a_whole_game(servers, game, options):
    a, b = servers
    n = {"ktog": 3}.get(game, 2)
    created = httpx.post(f"{a.base}/api/rooms", json={"game": game, "options": options, "seats": ["human"] * n}).json()
    room = created["room"]
    tok = {s["seat"]: s["token"] for s in created["seats"]}
    home = {seat: (a, b)[seat % 2] for seat in tok}  # each seat talks to its own process
    rng = random.Random(7)
    for _ in range(3000):
        v = view(home[0], room)
        if v["over"]:
            break
        seat = v["node"]["seats"][0]
        mine = view(home[seat], room, tok[seat])
        if not mine["legal"]:
            continue  # that process has not heard the last event yet
        r = decide(home[seat], room, tok[seat], rng.choice(mine["legal"])["action"])
        assert r.status_code in (200, 409), r.text
    assert view(a, room)["over"] and view(b, room)["over"]
    record = httpx.get(f"{b.base}/api/rooms/{room}/record").json()
    from brawl.core.record import Record
    from brawl.games import replay
    assert replay(Record.from_json(record), verify=True).over


def test_concurrent_decisions_on_two_processes_exactly_one_wins(servers):
    a, b = servers
    for _ in range(5):
        created = httpx.post(f"{a.base}/api/rooms", json={"game": "krig", "seats": ["human", "human"]}).json()
        room = created["room"]
        v = view(b, room)
        seat = v["node"]["seats"][0]
        token = created["seats"][seat]["token"]
        results = []
        go = threading.Barrier(2)

        def send(server, action):
            go.wait()
            results.append(decide(server, room, token, action, expect=v["last"]).status_code)

        threads = [threading.Thread(target=send, args=(a, "attack")), threading.Thread(target=send, args=(b, "defend"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [200, 409], results
        events_a = httpx.get(f"{a.base}/api/rooms/{room}/events").json()
        events_b = eventually(lambda: (lambda e: e if e == events_a else None)(httpx.get(f"{b.base}/api/rooms/{room}/events").json()))
        decisions = [e for e in events_b["events"] if e["type"] == "decision"]
        assert len(decisions) == 1


def attack_heard_elsewhere(a: Server, b: Server, meanwhile=None) -> dict:
    """A Krig room made on ``a`` with a spectator on ``b``; ``meanwhile()`` runs once the spectator is
    connected, then ``a`` accepts an attack: the first event of the spectator's first update."""
    created = httpx.post(f"{a.base}/api/rooms", json={"game": "krig", "seats": ["human", "human"]}).json()
    room = created["room"]
    v = view(a, room)
    seat = v["node"]["seats"][0]
    with ws_client.connect(f"ws://127.0.0.1:{b.port}/api/rooms/{room}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "token": None, "since": v["last"]}))
        assert json.loads(ws.recv(10))["type"] == "welcome"
        if meanwhile is not None:
            meanwhile()
        assert decide(a, room, created["seats"][seat]["token"], "attack").status_code == 200
        while True:
            msg = json.loads(ws.recv(10))
            if msg["type"] == "update" and msg["events"]:
                return msg["events"][0]


def test_a_client_of_one_process_hears_what_another_accepted(servers):
    event = attack_heard_elsewhere(*servers)
    assert event["type"] == "decision" and event["action"] == "attack"


def test_news_missed_while_the_news_connection_was_down_is_caught_up(cluster, db_url):  # noqa: F811
    """Each process hears other processes' news on a LISTEN connection of its own.  When that
    connection is cut (here: PostgreSQL ends it), a decision accepted meanwhile by another process
    is not lost to this one's clients: the connection is opened again and every room in memory
    catches up from the store, so the spectator on the other process gets the update."""
    a, b = Server(db_url), Server(db_url)
    database = db_url.rsplit("/", 1)[1]
    try:
        event = attack_heard_elsewhere(a, b, lambda: cluster.admin(
            f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}' AND query LIKE 'LISTEN%'"))
        assert event["type"] == "decision" and event["action"] == "attack"
    finally:
        a.stop()
        b.stop()


def test_killing_the_process_that_runs_the_bots_loses_nothing(db_url):  # noqa: F811
    a = Server(db_url, bot_delay=0.3)
    b = None
    try:
        created = httpx.post(f"{a.base}/api/rooms", json={"game": "krig", "options": {"hp": 20},
                                                          "seats": ["bot:heuristic", "bot:heuristic"]}).json()
        room = created["room"]
        eventually(lambda: view(a, room)["last"] > 6)
        b = Server(db_url, bot_delay=0.05)
        seen = view(a, room)["last"]
        a.kill()  # SIGKILL: no goodbye, its lease simply runs out
        done = eventually(lambda: (lambda v: v if v["over"] else None)(view(b, room)), timeout=60)
        assert done["last"] >= seen and done["winners"]
        record = httpx.get(f"{b.base}/api/rooms/{room}/record").json()
        from brawl.core.record import Record
        from brawl.games import replay
        assert replay(Record.from_json(record), verify=True).over
    finally:
        a.stop()
        if b is not None:
            b.stop()


def test_serve_workers_runs_several_processes_on_one_port(db_url):  # noqa: F811
    """``brawl serve --workers 2``: two processes behind one port play a game against bots."""
    server = Server(db_url, workers=2)
    try:
        created = httpx.post(f"{server.base}/api/rooms", json={"game": "krig", "options": {"hp": 3},
                                                               "seats": ["bot:heuristic", "bot:heuristic"]}).json()
        done = eventually(lambda: (lambda v: v if v["over"] else None)(view(server, created["room"])), timeout=60)
        assert done["winners"]
        children = subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True, text=True).stdout.split()
        assert len(children) >= 2  # the workers
    finally:
        server.stop()


def serving_pid(pids: list[int], client_port: int, server_port: int) -> int | None:
    """Which of ``pids`` holds the server's end of the TCP connection from ``client_port`` (read
    from /proc: the connection's socket inode, then the process whose descriptors include it)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            cols = line.split()
            local, remote, inode = cols[1], cols[2], cols[9]
            if int(local.rsplit(":", 1)[1], 16) == server_port and int(remote.rsplit(":", 1)[1], 16) == client_port:
                inodes.add(f"socket:[{inode}]")
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) in inodes:
                    return pid
            except OSError:
                continue
    return None


def worker_pids(server: Server) -> list[int]:
    return [int(p) for p in subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True,
                                           text=True).stdout.split()]


def test_serve_workers_hands_each_rooms_connections_to_the_worker_that_made_it(db_url):  # noqa: F811
    """Issue 12, scale-out under ``brawl serve --workers 2``: the front hands every connection that
    names a room to the room's owner (brawl.server.front.owner), and a worker creates only rooms
    it owns.  So a room's creation, its WebSockets and its bots meet in one process: no other
    process applies its decisions.  A worker killed with SIGKILL is started again; its rooms are
    served all along (by the other worker until it is back)."""
    from brawl.server.front import owner

    server = Server(db_url, workers=2, bot_delay=5.0)  # the bots hold their rooms' leases, and wait
    try:
        pids = eventually(lambda: (lambda p: p if len(p) == 2 else None)(worker_pids(server)))
        rooms = []
        for _ in range(6):  # each a new connection: the front deals them to the workers in turn
            created = httpx.post(f"{server.base}/api/rooms", json={"game": "krig", "seats": ["bot:heuristic"] * 2})
            assert created.status_code == 201, created.text
            rooms.append(created.json()["room"])
        owners = [owner(room, 2) for room in rooms]
        assert sorted(set(owners)) == [0, 1]  # made in turn by both workers, each its own rooms
        # the room's bots run under a lease its creator took when it made the room
        import sqlalchemy
        engine = sqlalchemy.create_engine(db_url)
        with engine.connect() as db:
            holders = dict(db.execute(sqlalchemy.text("SELECT room_id, holder FROM leases")).all())
        engine.dispose()
        by_owner = {o: {holders[r] for r, k in zip(rooms, owners) if k == o} for o in (0, 1)}
        assert len(by_owner[0]) == 1 and len(by_owner[1]) == 1 and by_owner[0] != by_owner[1]

        served = {}
        for room in rooms:
            with ws_client.connect(f"ws://127.0.0.1:{server.port}/api/rooms/{room}/ws") as ws:
                ws.send(json.dumps({"type": "hello", "token": None, "since": 0}))
                assert json.loads(ws.recv(10))["type"] == "welcome"
                served[room] = serving_pid(pids, ws.socket.getsockname()[1], server.port)
        assert set(served.values()) == set(pids)
        for room in rooms:  # one worker per owner
            assert {served[r] for r in rooms if owner(r, 2) == owner(room, 2)} == {served[room]}

        # a request line that comes in pieces, after a pause, goes to the room's worker all the same
        room = rooms[1]
        with socket.create_connection(("127.0.0.1", server.port)) as raw:
            time.sleep(0.3)
            raw.sendall(b"GET /api/rooms/" + room[:5].encode())
            time.sleep(0.2)
            raw.sendall(room[5:].encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            reply = raw.recv(65536)
            assert reply.startswith(b"HTTP/1.1 200"), reply[:200]
            assert serving_pid(pids, raw.getsockname()[1], server.port) == served[room]  # kept alive: still open

        dead = served[rooms[0]]
        os.kill(dead, signal.SIGKILL)

        def served_by() -> int | None:  # a connection handed over just as the worker died is lost: ask again
            try:
                with socket.create_connection(("127.0.0.1", server.port), timeout=15) as raw:
                    raw.sendall(f"GET /api/rooms/{rooms[0]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                    if not raw.recv(65536).startswith(b"HTTP/1.1 200"):
                        return None
                    return serving_pid(worker_pids(server), raw.getsockname()[1], server.port)
            except OSError:
                return None

        assert eventually(served_by, timeout=30) != dead  # the other worker, or the dead one started again
        again = eventually(lambda: (lambda p: p if len(p) == 2 and dead not in p else None)(worker_pids(server)), timeout=30)
        assert eventually(lambda: view(server, rooms[0])["room"] == rooms[0])
        assert len(again) == 2
    finally:
        server.stop()
