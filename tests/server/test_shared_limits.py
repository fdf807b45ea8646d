"""Issue 29, point 6: per-address limits hold across processes.

Under ``brawl serve --workers 2`` each process used to count alone, so one address created twice
the rooms a minute and held twice the WebSockets the settings allow.  On PostgreSQL the counts are
kept in the database for every process (brawl/server/limits.py).  A throwaway PostgreSQL cluster
as in test_postgres.py."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time

import httpx
import pytest
import sqlalchemy
import websockets.sync.client as ws_client
from websockets.exceptions import ConnectionClosed

from .test_postgres import cluster, db_url, free_port  # noqa: F401  (fixtures)
from .test_scale_out import BRAWL

ROOMS, SOCKETS = 6, 5


def test_rows_past_their_window_stop_counting(db_url):  # noqa: F811
    """The count behind both limits: at most ``limit`` rows of a key within the window; rows older
    than the window (a dead process's sockets, rooms made over a minute ago) no longer count."""
    from brawl.server.db import ATTEMPTS, make_engine
    from brawl.server.limits import SharedLimits
    from brawl.server.room import RoomError
    from brawl.server.settings import Settings

    engine = make_engine(db_url)
    try:
        limits = SharedLimits(engine, Settings(db_url=db_url))
        rows = [limits.admit("socket:10.0.0.1", 2, 8.0) for _ in range(3)]
        assert rows[0] is not None and rows[1] is not None and rows[2] is None
        assert limits.admit("socket:10.0.0.2", 2, 8.0) is not None  # another address counts apart
        with engine.begin() as db:  # one row's process stopped renewing it long ago
            db.execute(sqlalchemy.update(ATTEMPTS).where(ATTEMPTS.c.id == rows[0]).values(at=time.time() - 9))
        assert limits.admit("socket:10.0.0.1", 2, 8.0) is not None
        assert limits.admit("socket:10.0.0.1", 2, 8.0) is None
        rate = SharedLimits(engine, Settings(db_url=db_url, rooms_per_minute=2)).rooms()
        rate.hit("10.0.0.3", "rooms created")
        rate.hit("10.0.0.3", "rooms created")
        with pytest.raises(RoomError) as refused:
            rate.hit("10.0.0.3", "rooms created")
        assert refused.value.status == 429 and "at most 2 per 60 s" in str(refused.value)
    finally:
        engine.dispose()


def serve(url: str, port: int) -> subprocess.Popen:
    proc = subprocess.Popen([BRAWL, "serve", "--port", str(port), "--db", url, "--workers", "2",
                             "--rooms-per-minute", str(ROOMS), "--sockets-per-client", str(SOCKETS)],
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


def welcomed(port: int, room: str, stack: contextlib.ExitStack) -> bool:
    """Open a spectator's socket on ``room`` and keep it open: True if the server welcomed it,
    False if it refused it for the address's limit (close 4429)."""
    ws = stack.enter_context(ws_client.connect(f"ws://127.0.0.1:{port}/api/rooms/{room}/ws", open_timeout=20))
    ws.send(json.dumps({"type": "hello", "token": None, "since": -1}))
    try:
        first = json.loads(ws.recv(20))
        if first["type"] == "welcome":
            return True
        ws.recv(20)  # the refusal's close
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4429, closed
        return False
    raise AssertionError(f"neither welcomed nor refused: {first}")


def test_limits_per_address_hold_under_two_workers(cluster):  # noqa: F811
    """One address, ``--workers 2``, ``--rooms-per-minute 6 --sockets-per-client 5``: of 14
    creations (dealt to the two workers in turn) 6 succeed, and of 12 sockets on rooms of both
    workers 5 are welcomed; once one closes, another is welcomed."""
    from brawl.server.front import owner

    name = f"limits_{os.getpid()}"
    cluster.admin(f"CREATE DATABASE {name}")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(cluster.url(name), port)
    stack = contextlib.ExitStack()
    try:
        answers = [httpx.post(f"{base}/api/rooms", json={"game": "rps", "seats": ["human", "human"]}, timeout=10)
                   for _ in range(2 * ROOMS + 2)]
        codes = [r.status_code for r in answers]
        assert codes.count(201) == ROOMS and codes.count(429) == len(codes) - ROOMS, codes
        rooms = [r.json()["room"] for r in answers if r.status_code == 201]
        by_worker = {owner(room, 2): room for room in rooms}
        assert set(by_worker) == {0, 1}  # both workers made rooms, and both refused

        opened = [welcomed(port, by_worker[k % 2], stack) for k in range(2 * SOCKETS + 2)]
        assert opened.count(True) == SOCKETS, opened
        stack.close()  # every socket closes: their rows go
        stack = contextlib.ExitStack()
        end = time.monotonic() + 10
        while not welcomed(port, by_worker[1], stack):
            assert time.monotonic() < end, "a closed socket still counts"
            time.sleep(0.2)
    finally:
        stack.close()
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
