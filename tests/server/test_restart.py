"""Issue 29, point 1: no room is served stale after a restart under ``--workers 2``.

Each process hears other processes' changes through ``LISTEN`` (brawl/server/fanout.py).  News sent
before a process listens never reaches it, so a room it loaded before then would stay as it was
loaded: the human sees "waiting for the bot" although the bot moved long ago.  So start-up listens
before it serves, and every room in memory catches up from the store whenever the news connection
starts listening.  A throwaway PostgreSQL cluster as in test_postgres.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import time

import httpx
import pytest
import sqlalchemy
import websockets.sync.client as ws_client
from fastapi.testclient import TestClient

from .test_postgres import cluster, db_url, free_port  # noqa: F401  (fixtures)
from .test_scale_out import BRAWL


ROOMS = 20  # human-against-bot rooms in the restart test


def stored_last(engine, room_ids: list[str]) -> dict[str, int]:
    with engine.connect() as db:
        rows = db.execute(sqlalchemy.text("SELECT room_id, max(n) FROM events WHERE room_id = ANY(:ids) GROUP BY room_id"),
                          {"ids": room_ids}).all()
    return dict(rows)


def test_a_room_loaded_before_the_news_connection_listens_catches_up(db_url):  # noqa: F811
    """A process loads a room; another process stores a decision of it and sends its news before
    the first listens: once the first listens, its copy shows the decision."""
    from brawl.server.db import make_engine, make_sessions
    from brawl.server.fanout import Fanout
    from brawl.server.hub import Hub
    from brawl.server.settings import Settings
    from brawl.server.store import Store

    engines = [make_engine(db_url), make_engine(db_url)]
    try:
        other = Hub(Store(make_sessions(engines[0])), Settings(db_url=db_url, bot_delay=0))
        other.leased = set()  # one of several processes: its decisions carry news
        room, _ = other.create("krig", {"hp": 6}, ["human", "human"])
        late = Hub(Store(make_sessions(engines[1])), Settings(db_url=db_url, bot_delay=0))
        assert late.get(room.id).last == room.last  # loaded here before any news connection

        seat = room.waiting()[0]
        other.decide_now(room, seat, room.match.legal_actions(seat)[0])  # its news: nobody listens yet
        assert stored_last(engines[0], [room.id])[room.id] == room.last > late.rooms[room.id].last

        async def listen_then_look() -> int:
            fanout = Fanout(engines[1], late, asyncio.get_running_loop())
            fanout.start()
            try:
                assert await fanout.ready(30)
                return late.get(room.id).last
            finally:
                fanout.stop()
        assert asyncio.run(listen_then_look()) == room.last
    finally:
        for engine in engines:
            engine.dispose()


def test_the_app_listens_before_it_serves(db_url):  # noqa: F811
    """Start-up on PostgreSQL returns only once the news connection listens: no request, and no
    room resumed at start-up, comes before it."""
    from brawl.server.app import create_app

    engine = sqlalchemy.create_engine(db_url)
    try:
        with TestClient(create_app(db_url, bot_delay=0)):
            with engine.connect() as db:
                listening = db.execute(sqlalchemy.text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")).scalar()
            assert listening == 1
    finally:
        engine.dispose()


def serve(url: str, port: int, bot_delay: float) -> subprocess.Popen:
    proc = subprocess.Popen([BRAWL, "serve", "--port", str(port), "--db", url, "--bot-delay", str(bot_delay), "--workers", "2",
                             "--rooms-per-minute", "1000", "--decisions-per-second", "1000", "--sockets-per-client", "1000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def children(proc: subprocess.Popen) -> list[int]:
    return [int(p) for p in subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()]


def stop(proc: subprocess.Popen) -> None:
    for pid in [proc.pid] + children(proc):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Watch:
    """A room's WebSockets: its human seat and a spectator, and the last event each was sent."""

    def __init__(self, port: int, room: str, token: str, stack: contextlib.ExitStack) -> None:
        self.socks = []
        for tok in (token, None):
            ws = stack.enter_context(ws_client.connect(f"ws://127.0.0.1:{port}/api/rooms/{room}/ws", open_timeout=20))
            ws.send(json.dumps({"type": "hello", "token": tok, "since": -1}))
            self.socks.append(ws)
        self.last = [-1, -1]

    def read(self) -> list[int]:
        for i, ws in enumerate(self.socks):
            while True:
                try:
                    msg = json.loads(ws.recv(0))
                except TimeoutError:
                    break
                if msg["type"] == "update":
                    self.last[i] = msg["last"]
        return self.last



def test_a_restart_under_two_workers_serves_no_room_stale(cluster):  # noqa: F811
    """Twenty human-against-bot rooms wait for their bots (on both workers); the front and a worker
    are killed with SIGKILL (the other worker, its front gone, shuts down holding its leases) and
    the server is started again on the same port while every room's seat and spectator connect
    again.  Within seconds, every room served (its API view and both WebSockets) is the stored
    room, and the bots have moved: the human's turn."""
    name = f"restart_{os.getpid()}"
    cluster.admin(f"CREATE DATABASE {name}")
    url = cluster.url(name)
    engine = sqlalchemy.create_engine(url)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(url, port, bot_delay=2.5)
    stack = contextlib.ExitStack()
    orphans: list[int] = []
    try:
        rooms: dict[str, str] = {}
        while len(rooms) < ROOMS:
            made = httpx.post(f"{base}/api/rooms", timeout=10, json={"game": "krig", "options": {"hp": 20},
                                                                     "seats": ["human", "bot:heuristic"]}).json()
            token = made["seats"][0]["token"]
            v = httpx.get(f"{base}/api/rooms/{made['room']}", headers={"X-Seat-Token": token}, timeout=10).json()
            if v["legal"]:  # the human first: one decision, and the bot's turn is due
                assert httpx.post(f"{base}/api/rooms/{made['room']}/decisions", timeout=10,
                                  json={"token": token, "action": "attack"}).status_code == 200
            rooms[made["room"]] = token

        workers = children(proc)
        assert len(workers) == 2
        orphans = workers
        os.kill(proc.pid, signal.SIGKILL)
        os.kill(workers[0], signal.SIGKILL)
        proc.wait(10)
        proc = serve(url, port, bot_delay=0.2)
        watches = [Watch(port, room, token, stack) for room, token in rooms.items()]  # the pages connect again

        def served() -> dict[str, tuple]:
            out = {}
            for (room, token), w in zip(rooms.items(), watches):
                v = httpx.get(f"{base}/api/rooms/{room}", headers={"X-Seat-Token": token}, timeout=10).json()
                out[room] = (v["last"], *w.read(), bool(v["legal"]) or v["over"])
            return out

        end = time.monotonic() + 25
        while True:
            stored, now = stored_last(engine, list(rooms)), served()
            behind = {r: (now[r], stored[r]) for r in rooms if now[r][:3] != (stored[r],) * 3 or not now[r][3]}
            if not behind or time.monotonic() > end:
                break
            time.sleep(0.3)
        assert not behind, f"rooms served stale (served last: API, seat, spectator; human's turn; stored): {behind}"
    finally:
        stack.close()
        stop(proc)
        engine.dispose()
        for pid in orphans:  # the killed front's other worker shuts down by itself (its channel closed)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
