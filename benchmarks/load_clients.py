"""The client side of the load benchmark (``web_load.py``): processes of their own that create rooms
over HTTP, hold one WebSocket per human seat, play with think time and time each decision's round
trip to the other seat and to spectators."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field


import httpx

from load_machine import raise_fd_limit  # noqa: E402  (this directory's load parts)

def choose(legal: list[dict]) -> str:
    names = [d["action"] for d in legal]
    return "attack" if "attack" in names else names[0]


# -- the client processes ----------------------------------------------------------------------------------------
@dataclass(eq=False)
class Play:
    """One game a client process plays: what each human seat sent and has not yet been seen by the other."""

    room: str
    humans: list[int]
    sent: dict[int, tuple[float, int]] = field(default_factory=dict)  # event number -> (sent at, seat)
    latest: dict[int, int] = field(default_factory=dict)  # seat -> last event number of its latest view
    over: bool = False


class Clients:
    """One client process: its share of the games, spectators, and the spectated room's two players."""

    def __init__(self, job: dict, pipe) -> None:
        self.job = job
        self.pipe = pipe
        self.rng = random.Random(job["seed"])
        self.urls: list[str] = job["urls"]
        self.think: float = job["think"]
        self.go = asyncio.Event()
        self.start = self.end = float("inf")
        self.stopping = False
        self.ready = 0
        self.latencies: list[float] = []
        self.decisions = 0
        self.errors: Counter[str] = Counter()
        self.setup_errors: Counter[str] = Counter()
        self.plays: set[Play] = set()
        self.sockets: set = set()
        self.arrivals: dict[int, list[float]] = {}  # spectators: event number -> when each socket got it
        self.driven: dict[int, float] = {}  # the spectated room: event number -> sent at
        self.cpu = 0.0
        self.gate = asyncio.Semaphore(job["connect_at_once"])

    # -- plumbing ------------------------------------------------------------------------------------------
    def in_window(self, t: float) -> bool:
        return self.start <= t <= self.end

    def error(self, what: str, setup: bool = False) -> None:
        (self.setup_errors if setup else self.errors)[what[:90]] += 1

    async def connect(self, room: str, token: str | None):
        from websockets.asyncio.client import connect

        if self.job.get("by_room"):  # a load balancer that routes by the room in the path
            base = self.urls[int(hashlib.sha256(room.encode()).hexdigest(), 16) % len(self.urls)]
        else:
            base = self.rng.choice(self.urls)
        base = base.replace("http", "ws", 1)
        ws = await connect(f"{base}/api/rooms/{room}/ws", max_size=None, open_timeout=30, close_timeout=2,
                           ping_interval=None, compression="deflate" if self.job["deflate"] else None)
        self.sockets.add(ws)
        await ws.send(json.dumps({"type": "hello", "token": token, "since": -1}))
        welcome = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if welcome.get("type") != "welcome":
            await ws.close()
            raise RuntimeError(f"no welcome: {welcome.get('message', welcome)}")
        return ws

    async def close(self, ws) -> None:
        self.sockets.discard(ws)
        try:
            await asyncio.wait_for(ws.close(), 3)
        except Exception:
            pass

    async def create(self, seats: list[str]) -> dict:
        base = self.rng.choice(self.urls)
        r = await self.http.post(base + "/api/rooms", json={"game": "krig", "options": {"hp": self.job["hp"]}, "seats": seats})
        if r.status_code != 201:
            raise RuntimeError(f"room refused: {r.status_code} {r.text[:60]}")
        return r.json()

    # -- a game ------------------------------------------------------------------------------------------------
    async def slot(self, against_bot: bool) -> None:
        """Keep one game going: a room, its human seats' sockets, played to the end, then a new room."""
        first = True
        while not self.stopping and (first or time.monotonic() < self.end):
            sockets = []
            try:
                async with self.gate:
                    made = await self.create(["human", "bot:heuristic"] if against_bot else ["human", "human"])
                    humans = [s for s in made["seats"] if s.get("token")]
                    play = Play(made["room"], [s["seat"] for s in humans])
                    for s in humans:
                        sockets.append(await self.connect(play.room, s["token"]))
            except Exception as exc:
                self.error(f"room or connection failed: {type(exc).__name__}: {exc}", setup=first)
                for ws in sockets:
                    await self.close(ws)
                if first:
                    first = False
                    self.ready += 1
                    await self.go.wait()
                await asyncio.sleep(1.0)
                continue
            if first:
                first = False
                self.ready += 1
            self.plays.add(play)
            try:
                await asyncio.gather(*(self.seat(play, s, ws) for s, ws in zip(play.humans, sockets)))
            finally:
                self.plays.discard(play)
                for ws in sockets:
                    await self.close(ws)

    async def seat(self, play: Play, seat: int, ws) -> None:
        """One human seat: read updates, time the other seat's decisions, decide after the think time."""
        from websockets.exceptions import ConnectionClosed

        counter = seat == play.humans[0]
        thinking: asyncio.Task | None = None
        decided_for: int | None = None
        try:
            while not play.over:
                raw = await ws.recv()
                now = time.monotonic()
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "update":
                    for ev in msg["events"]:
                        if ev["type"] != "decision":
                            continue
                        n = ev["n"]
                        if counter and self.in_window(now):
                            self.decisions += 1
                        mine = play.sent.get(n)
                        if mine is not None and mine[1] != seat:
                            del play.sent[n]
                            if self.in_window(mine[0]):
                                self.latencies.append(now - mine[0])
                    view = msg["view"]
                    play.latest[seat] = view["last"]
                    if view["over"]:
                        play.over = True
                        break
                    if view["your_turn"] and view["last"] != decided_for and view["legal"]:
                        decided_for = view["last"]
                        thinking = asyncio.create_task(self.decide(play, seat, ws, view["last"], choose(view["legal"])))
                elif kind == "error":
                    if self.in_window(now):
                        self.error(f"refused: {msg.get('status')} {msg.get('message', '')}")
                    ref = msg.get("ref")
                    if isinstance(ref, int) and play.sent.get(ref, (0, -1))[1] == seat:
                        del play.sent[ref]
                    decided_for = None
                    await ws.send(json.dumps({"type": "sync", "since": play.latest.get(seat, -1)}))
        except ConnectionClosed as exc:
            if not self.stopping:
                self.error(f"socket closed by the server: {exc.rcvd.code if exc.rcvd else '?'}")
            play.over = True
        finally:
            if thinking is not None:
                thinking.cancel()

    async def decide(self, play: Play, seat: int, ws, last: int, action: str) -> None:
        if not self.go.is_set():
            await self.go.wait()
            await asyncio.sleep(self.rng.uniform(0, self.think))  # stagger the games' first moves
        else:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        if self.stopping or time.monotonic() > self.end or play.over or play.latest.get(seat) != last:
            return
        n = last + 1
        if len(play.humans) > 1:
            play.sent[n] = (time.monotonic(), seat)
        await ws.send(json.dumps({"type": "decide", "action": action, "expect": last, "ref": n,
                                  "client_id": secrets.token_hex(8)}))

    # -- spectators and the spectated room's players ---------------------------------------------------------
    async def spectator(self, room: str) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async with self.gate:
                ws = await self.connect(room, None)
        except Exception as exc:
            self.error(f"spectator connection failed: {type(exc).__name__}: {exc}", setup=True)
            self.ready += 1
            return
        self.ready += 1
        try:
            while True:
                msg = json.loads(await ws.recv())
                now = time.monotonic()
                if msg.get("type") == "update":
                    for ev in msg["events"]:
                        if ev["type"] == "decision":
                            self.arrivals.setdefault(ev["n"], []).append(now)
                elif msg.get("type") == "error":
                    self.error(f"spectator got: {msg.get('message', '')}")
        except ConnectionClosed:
            if not self.stopping:
                self.error("spectator socket closed by the server")

    async def drive(self, room: str, tokens: list[str], decisions: int, gap: float) -> None:
        """Both players of the spectated room: ``decisions`` decisions, each ``gap`` seconds after
        both players have seen the one before."""
        views: dict[int, dict] = {}
        sockets = [await self.connect(room, t) for t in tokens]

        async def read(i: int, ws) -> None:
            while True:
                msg = json.loads(await ws.recv())
                if msg.get("type") == "update":
                    views[i] = msg["view"]
                elif msg.get("type") == "error":
                    self.error(f"player refused: {msg.get('message', '')}")

        readers = [asyncio.create_task(read(i, ws)) for i, ws in enumerate(sockets)]
        self.ready += 1
        await self.go.wait()
        await asyncio.sleep(max(0.0, self.start - time.monotonic()))
        try:
            for _ in range(decisions):
                await asyncio.sleep(gap)
                if time.monotonic() > self.end - 3.0:  # the last one gets time to reach every spectator
                    break
                turn = [i for i, v in views.items() if v["your_turn"] and not v["over"]]
                if not turn:
                    break
                view = views[turn[0]]
                n = view["last"] + 1
                self.driven[n] = time.monotonic()
                action = self.rng.choice(view["legal"])["action"]  # any legal one: longer games than always attacking
                await sockets[turn[0]].send(json.dumps({"type": "decide", "action": action,
                                                        "expect": view["last"], "client_id": secrets.token_hex(8)}))
                waited = time.monotonic() + 10.0  # both players see it before the next one
                while min(v["last"] for v in views.values()) < n and time.monotonic() < waited:
                    await asyncio.sleep(0.01)
        finally:
            for r in readers:
                r.cancel()

    # -- the whole run -------------------------------------------------------------------------------------------
    async def run(self) -> dict:
        loop = asyncio.get_running_loop()
        job = self.job
        # each room is made on a connection of its own, as each person's browser has its own
        # (kept-alive connections shared by all the games would put a client's rooms on a few of them)
        self.http = httpx.AsyncClient(timeout=30, limits=httpx.Limits(max_connections=job["connect_at_once"],
                                                                       max_keepalive_connections=0))
        tasks = [asyncio.create_task(self.slot(b)) for b in job["games"]]
        tasks += [asyncio.create_task(self.spectator(job["spectate"])) for _ in range(job["spectators"])]
        expected = len(tasks)
        if job.get("drive"):
            tasks.append(asyncio.create_task(self.drive(**job["drive"])))
            expected += 1
        deadline = time.monotonic() + job["setup_timeout"]
        while self.ready < expected and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        self.pipe.send(("ready", {"ready": self.ready, "expected": expected}))
        message = await loop.run_in_executor(None, self.pipe.recv)
        _, self.start, self.end = message
        self.go.set()
        await asyncio.sleep(max(0.0, self.start - time.monotonic()))
        cpu0 = time.process_time()
        await asyncio.sleep(max(0.0, self.end - time.monotonic()))
        self.cpu = time.process_time() - cpu0
        await asyncio.sleep(job["drain"])
        lost = sum(1 for p in self.plays for t, _ in p.sent.values() if self.in_window(t))
        self.stopping = True
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(self.close(ws) for ws in list(self.sockets)), return_exceptions=True)
        await self.http.aclose()
        if lost:
            self.errors[f"late: sent in the window, not at the other seat {job['drain']:g} s after it"] += lost
        return {"latencies": self.latencies, "decisions": self.decisions, "errors": dict(self.errors),
                "setup_errors": dict(self.setup_errors), "cpu": self.cpu, "arrivals": self.arrivals,
                "driven": self.driven}


def client_process(job: dict, pipe) -> None:
    """Entry point of one client process: the parent says go by ``pipe`` and gets the results back."""
    raise_fd_limit()
    try:
        result = asyncio.run(Clients(job, pipe).run())
    except BaseException as exc:  # report, never hang the parent
        result = {"fatal": f"{type(exc).__name__}: {exc}"}
    pipe.send(("done", result))
