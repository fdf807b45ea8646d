"""Issue 29, point 2: a WebSocket answers every message while the database is down.

A real ``brawl serve`` on a throwaway PostgreSQL cluster (as in test_postgres.py), which this
module stops and starts again.  Every decision and ping sent on a socket during the outage gets
its answer (a 503 refusal, a pong) within 2 seconds of being sent, as the HTTP path answers 503 at
once; once the database is back, a decision is accepted and the socket catches up."""

from __future__ import annotations

import contextlib
import json
import os
import time

import httpx
import pytest
import websockets.sync.client as ws_client

from .test_postgres import cluster, free_port  # noqa: F401  (fixtures)
from .test_scale_out import Server

ANSWER_WITHIN = 2.0  # seconds


def pg_down(c) -> None:
    c.run("pg_ctl", "-D", str(c.data), "-m", "fast", "-w", "-t", "60", "stop")


def pg_up(c) -> None:
    options = (f"-p {c.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={c.base} "
               "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
    c.run("pg_ctl", "-D", str(c.data), "-o", options, "-l", str(c.base / "log"), "-w", "-t", "60", "start")


class Seat:
    """A seat's WebSocket, and the answers it has had, by ``ref``."""

    def __init__(self, server: Server, room: str, token: str, stack: contextlib.ExitStack) -> None:
        self.ws = stack.enter_context(ws_client.connect(f"ws://127.0.0.1:{server.port}/api/rooms/{room}/ws"))
        self.ws.send(json.dumps({"type": "hello", "token": token, "since": -1}))
        self.answers: dict[str, tuple[float, dict]] = {}
        self.last = -1
        self.legal: list[str] = []
        self.wait_for(lambda: self.legal or self.last >= 0)

    def send(self, message: dict) -> float:
        self.ws.send(json.dumps(message))
        return time.monotonic()

    def read(self, timeout: float) -> None:
        try:
            msg = json.loads(self.ws.recv(timeout))
        except TimeoutError:
            return
        if msg.get("ref") is not None:
            self.answers[msg["ref"]] = (time.monotonic(), msg)
        if msg["type"] == "update":
            self.last = msg["last"]
            self.legal = [a["action"] for a in msg["view"]["legal"]]

    def wait_for(self, check, timeout: float = 10.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = check()
            if value:
                return value
            self.read(min(0.2, max(0.01, end - time.monotonic())))
        return check()


def test_every_decision_and_ping_on_a_socket_is_answered_during_an_outage(cluster):  # noqa: F811
    name = f"outage_{os.getpid()}"
    cluster.admin(f"CREATE DATABASE {name}")
    server = Server(cluster.url(name), bot_delay=0.05)
    down = False
    stack = contextlib.ExitStack()
    try:
        rooms = []
        for _ in range(2):
            created = httpx.post(f"{server.base}/api/rooms", json={"game": "krig", "seats": ["human", "human"]}, timeout=10)
            assert created.status_code == 201, created.text
            body = created.json()
            room = body["room"]
            v = httpx.get(f"{server.base}/api/rooms/{room}").json()
            rooms.append((room, body["seats"][v["node"]["seats"][0]]["token"]))
        seats = [Seat(server, room, token, stack) for room, token in rooms]
        assert all(s.legal for s in seats)

        pg_down(cluster)
        down = True
        sent: list[tuple[Seat, str, float]] = []
        for round_ in range(3):  # some at once, some after the store's failures are known
            for i, seat in enumerate(seats):
                decision = f"d{round_}-{i}"
                sent.append((seat, decision, seat.send({"type": "decide", "action": seat.legal[0], "expect": seat.last,
                                                         "ref": decision})))
                sent.append((seat, f"p{round_}-{i}", seat.send({"type": "ping", "ref": f"p{round_}-{i}"})))
            for seat in seats:
                seat.wait_for(lambda seat=seat: all(r in seat.answers for s, r, _ in sent if s is seat), ANSWER_WITHIN + 1)
            time.sleep(0.5)
        refused = httpx.post(f"{server.base}/api/rooms/{rooms[0][0]}/decisions", timeout=10,
                             json={"token": rooms[0][1], "action": seats[0].legal[0]})
        assert refused.status_code == 503, refused.text  # the HTTP path, for comparison

        late = []
        for seat, ref, at in sent:
            got = seat.answers.get(ref)
            if got is None or got[0] - at > ANSWER_WITHIN:
                late.append((ref, None if got is None else round(got[0] - at, 2)))
        assert not late, f"answered late or never: {late}"
        for seat, ref, _ in sent:
            msg = seat.answers[ref][1]
            if ref.startswith("p"):
                assert msg["type"] == "pong"
            else:  # nothing can be stored: refused with 503, and nothing changed
                assert msg["type"] == "error" and msg["status"] == 503, msg

        pg_up(cluster)
        down = False
        for i, seat in enumerate(seats):  # once the store is back, a decision is accepted and shown
            at = seat.send({"type": "decide", "action": seat.legal[0], "ref": f"after-{i}"})
            seat.wait_for(lambda seat=seat, i=i: f"after-{i}" in seat.answers, 10)
            when, msg = seat.answers[f"after-{i}"]
            assert msg["type"] == "ok", msg
            assert seat.wait_for(lambda seat=seat, msg=msg: seat.last >= msg["last"], 5)
            stored = httpx.get(f"{server.base}/api/rooms/{rooms[i][0]}").json()
            assert stored["last"] == seat.last
    finally:
        stack.close()
        if down:
            pg_up(cluster)
        server.stop()
