"""Load on the web app: many concurrent games played over WebSockets against a local server.

Starts ``brawl serve`` in its own process on a free port with a fresh SQLite file, creates rooms
through the HTTP API, and plays every game with two scripted clients (one per seat, each on its own
WebSocket; attack when possible, never parry).  Round-trip latency is measured from sending a
decision to receiving its ``ok`` (which the server sends after the decision and its rolls are
committed to the database and the update has been pushed).  Prints games, decisions, decisions per
second and p50/p99 round-trip latency.

    .venv/bin/python benchmarks/web_load.py --games 200 --concurrency 50
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def choose(legal: list[dict]) -> str:
    names = [d["action"] for d in legal]
    for a in ("attack", "take"):
        if a in names:
            return a
    return names[0]


async def seat_client(ws_url: str, token: str, latencies: list[float], errors: list[str]) -> int:
    decisions = 0
    async with websockets.connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "since": -1}))
        sent_at = None
        latest = None

        async def maybe_decide():
            nonlocal sent_at
            if latest and not latest["over"] and latest["your_turn"] and sent_at is None:
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "decide", "action": choose(latest["legal"]),
                                          "expect": latest["last"], "ref": latest["last"]}))

        while True:
            msg = json.loads(await ws.recv())
            kind = msg["type"]
            if kind == "update":
                latest = msg["view"]
                if latest["over"]:
                    return decisions
                await maybe_decide()
            elif kind == "ok":
                latencies.append(time.perf_counter() - sent_at)
                decisions += 1
                sent_at = None
                await maybe_decide()
            elif kind == "error":
                errors.append(msg.get("message", "?"))
                sent_at = None
                if msg.get("ref") is None:
                    return decisions
                await ws.send(json.dumps({"type": "sync", "since": latest["last"] if latest else -1}))


async def play_game(base: str, http: httpx.AsyncClient, hp: int, latencies: list[float], errors: list[str]) -> int:
    r = await http.post(base + "/api/rooms", json={"game": "krig", "options": {"hp": hp}, "seats": ["human", "human"]})
    r.raise_for_status()
    room = r.json()
    ws_url = base.replace("http", "ws", 1) + f"/api/rooms/{room['room']}/ws"
    counts = await asyncio.gather(*(seat_client(ws_url, s["token"], latencies, errors) for s in room["seats"]))
    return sum(counts)


async def run(base: str, games: int, concurrency: int, hp: int) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    sem = asyncio.Semaphore(concurrency)
    async with httpx.AsyncClient(timeout=60) as http:
        async def one():
            async with sem:
                return await play_game(base, http, hp, latencies, errors)

        start = time.perf_counter()
        decisions = sum(await asyncio.gather(*(one() for _ in range(games))))
        elapsed = time.perf_counter() - start
    return {"games": games, "concurrency": concurrency, "decisions": decisions, "seconds": elapsed,
            "latencies": latencies, "errors": errors}


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited with code {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit("server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games to play")
    parser.add_argument("--concurrency", type=int, default=50, help="games in progress at once")
    parser.add_argument("--hp", type=int, default=20, help="Krig starting hit points")
    args = parser.parse_args()
    brawl = Path(sys.executable).with_name("brawl")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        db = f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        proc = subprocess.Popen([str(brawl), "serve", "--port", str(port), "--db", db, "--bot-delay", "0"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            wait_for_port(port, proc)
            result = asyncio.run(run(f"http://127.0.0.1:{port}", args.games, args.concurrency, args.hp))
        finally:
            proc.terminate()
            proc.wait(timeout=10)
        lat = sorted(result["latencies"])
        if not lat:
            raise SystemExit("no decisions were made")
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(round(0.99 * (len(lat) - 1))))] * 1000
        print(f"web load: krig hp {args.hp}, 2 WebSocket clients per game, SQLite, server in its own process")
        print(f"games:                {result['games']} ({result['concurrency']} at once)")
        print(f"decisions:            {result['decisions']} in {result['seconds']:.2f} s")
        print(f"decisions per second: {result['decisions'] / result['seconds']:.0f}")
        print(f"round trip p50:       {p50:.1f} ms")
        print(f"round trip p99:       {p99:.1f} ms")
        print(f"refused decisions:    {len(result['errors'])}")


if __name__ == "__main__":
    main()
