"""Games in play beside a storm of log-ins: the decisions' round trip with and without the storm.

    .venv/bin/python benchmarks/login_storm.py [--games 500] [--think 30] [--phase 20] [--storm 50]

A server of its own, run as ``brawl serve`` runs it (one process under uvicorn, a SQLite file in a
temporary folder, the server's own Argon2id parameters unless ``--argon2-profile`` names others,
limits raised so that they refuse none of the load) and, in this process, ``--games``
games of rock-paper-scissors between two people played over HTTP: each round, after a think time
(uniform between half and one and a half times ``--think`` seconds), both seats send their choice
(``POST /api/rooms/ID/decisions``), and each decision's round trip is timed.

After a warm-up, two windows of ``--phase`` seconds each are measured:

- **quiet**: the games alone;
- **storm**: the games while ``--storm`` log-ins (the right password, to five accounts) are sent at
  once, again and again as soon as the last one is answered.

Printed per window: decisions measured and their p50, p99 and worst round trip; for the storm, the
log-ins answered (by status: 200, or 503 with Retry-After when the hash queue was full), their
median and worst time, and the hashes a second.  The server hashes on threads of its own, a few at
once at a lower priority, behind a bounded queue (brawl/server/accounts/passwords.py), so the
games' p99 should stay close to the quiet one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

# the server as ``brawl serve`` runs it (one process, uvicorn), with these settings
SERVER = """
import sys, uvicorn
from brawl.server.app import create_app
from brawl.server.settings import Settings
app = create_app(settings=Settings.model_validate_json(sys.argv[2]))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", ws_per_message_deflate=False)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def figures(times: list[float]) -> str:
    if not times:
        return "none"
    s = sorted(times)
    p99 = s[min(len(s) - 1, int(0.99 * len(s)))]
    return (f"{len(s)} decisions, p50 {statistics.median(s) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"worst {s[-1] * 1000:.1f} ms")


class Bench:
    def __init__(self, base: str, args) -> None:
        self.base, self.args = base, args
        self.window: list[float] | None = None  # decision times of the window being measured
        self.stop = False
        self.errors = 0

    async def play(self, client: httpx.AsyncClient, room: dict) -> None:
        url = f"/api/rooms/{room['room']}/decisions"
        tokens = [s["token"] for s in room["seats"]]
        rng = random.Random(room["room"])
        await asyncio.sleep(rng.uniform(0, self.args.think))  # games start spread over one think time
        while not self.stop:
            for token in tokens:
                start = time.perf_counter()
                try:
                    r = await client.post(url, json={"token": token, "action": "rock"})
                    ok = r.status_code == 200
                except httpx.HTTPError:
                    ok = False
                took = time.perf_counter() - start
                if not ok:
                    self.errors += 1
                elif self.window is not None:
                    self.window.append(took)
            await asyncio.sleep(self.args.think * rng.uniform(0.5, 1.5))

    async def storm(self, client: httpx.AsyncClient, names: list[str], until: float) -> dict:
        answers: dict[int, int] = {}
        times: list[float] = []

        async def one(name: str) -> None:
            start = time.perf_counter()
            try:
                r = await client.post("/api/session", json={"username": name, "password": "correct horse"})
                code = r.status_code
            except httpx.HTTPError:
                code = 0
            answers[code] = answers.get(code, 0) + 1
            times.append(time.perf_counter() - start)

        while time.monotonic() < until:
            await asyncio.gather(*(one(names[i % len(names)]) for i in range(self.args.storm)))
        return {"answers": answers, "times": times}


async def run(base: str, args) -> None:
    bench = Bench(base, args)
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client, \
            httpx.AsyncClient(base_url=base, timeout=300, limits=httpx.Limits(max_connections=args.storm + 5)) as logins:
        names = [f"storm{i}" for i in range(5)]
        for name in names:
            r = await logins.post("/api/accounts", json={"username": name, "password": "correct horse"})
            assert r.status_code == 201, r.text
        rooms: list[dict] = []
        gate = asyncio.Semaphore(16)

        async def create() -> None:
            async with gate:
                r = await client.post("/api/rooms", json={"game": "rps", "options": {"max_rounds": 1000},
                                                         "seats": ["human", "human"]})
                r.raise_for_status()
                rooms.append(r.json())

        t0 = time.perf_counter()
        await asyncio.gather(*(create() for _ in range(args.games)))
        print(f"{args.games} games created in {time.perf_counter() - t0:.1f} s; each seat decides every "
              f"{args.think:g} s on average ({2 * args.games / args.think:.0f} decisions a second offered)")
        players = [asyncio.create_task(bench.play(client, room)) for room in rooms]
        await asyncio.sleep(args.think if args.warmup is None else args.warmup)
        bench.window = quiet = []
        await asyncio.sleep(args.phase)
        bench.window = stormy = []
        start = time.perf_counter()
        storming = asyncio.create_task(bench.storm(logins, names, time.monotonic() + args.phase))
        await asyncio.sleep(args.phase)
        bench.window = None  # the storm's last round may still be answered: no longer measured
        storm = await storming
        took = time.perf_counter() - start
        bench.stop = True
        for player in players:
            player.cancel()
        await asyncio.gather(*players, return_exceptions=True)
    print(f"quiet:  {figures(quiet)}")
    print(f"storm:  {figures(stormy)}")
    answered = sum(storm["answers"].values())
    hashed = storm["answers"].get(200, 0)
    print(f"storm of {args.storm} log-ins at once, again and again: {answered} answered {dict(sorted(storm['answers'].items()))}, "
          f"median {statistics.median(storm['times']):.2f} s, worst {max(storm['times']):.2f} s, "
          f"{hashed / took:.1f} log-ins a second")
    print(f"refused or failed decisions: {bench.errors}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games in play")
    parser.add_argument("--think", type=float, default=30.0, help="seconds between a game's rounds, on average "
                        "(500 games at 30 s offer 33 decisions a second, what a 2-core machine shared with the "
                        "clients serves with room to spare)")
    parser.add_argument("--phase", type=float, default=20.0, help="seconds measured with and without the storm")
    parser.add_argument("--warmup", type=float, default=None, help="seconds of play before measuring (default: "
                        "one think time, by when every game plays)")
    parser.add_argument("--storm", type=int, default=50, help="log-ins sent at once")
    parser.add_argument("--argon2-profile", default=None, help="the server's Argon2id parameters (argon2-cffi's "
                        "profiles; CHEAPEST shows what a log-in costs besides its hash); default: the server's own")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        settings = {"db_url": f"sqlite:///{Path(tmp) / 'storm.sqlite3'}", "rooms_per_minute": 100_000,
                    "decisions_per_second": 1000, "signups_per_hour": 1000, "login_failures_per_address": 100_000,
                    "login_failures_per_account": 100_000, "login_failures_per_account_total": 100_000,
                    "sockets_per_client": 100_000}
        if args.argon2_profile:
            settings["argon2_profile"] = args.argon2_profile
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(port), json.dumps(settings)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            asyncio.run(run(base, args))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
