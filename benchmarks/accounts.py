"""Accounts at load: quick pairing of many seekers, a profile with many games, and log-ins.

    .venv/bin/python benchmarks/accounts.py [--seekers 1000] [--games 10000] [--logins 16]

- **Pairing**: ``--seekers`` accounts ask for a rated Krig game at once (ratings spread over
  1200-1800 points); the server's pairing round runs as it does in service (every 0.5 s) and the
  benchmark prints, per round, how many games started, the round's time, and the delay between the
  moment a match became possible (both seeks waiting and inside each other's windows) and the
  moment its room existed: median, 99th percentile and worst.
- **Profile**: an account with ``--games`` stored games (rooms and seats written straight into the
  tables), and ``GET /api/players/NAME`` timed over 50 requests: median, p99, worst.
- **Log-in**: ``--logins`` log-ins sent at once on threads; prints the wall time, the hashes per
  second, and the most Argon2id hashes that ever ran at the same moment (the server's bound,
  ``Settings.hashes_at_once``).

All on a SQLite file in a temporary folder, through the app in process (FastAPI's test client).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import insert

from brawl.server.accounts import book, pairing, seeks
from brawl.server.app import create_app
from brawl.server.db import ROOMS, SEATS
from brawl.server.settings import Settings


def percentiles(values: list[float]) -> str:
    s = sorted(values)
    if not s:
        return "none"
    p99 = s[min(len(s) - 1, int(0.99 * len(s)))]
    return f"median {statistics.median(s) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, worst {s[-1] * 1000:.1f} ms"


def bench_pairing(app, seekers: int) -> None:
    accounts = app.state.accounts
    rng = random.Random(7)
    ids = [book.create_account(accounts.engine, f"p{i}", "x") for i in range(seekers)]
    now = time.time()
    for i, account_id in enumerate(ids):
        seeks.add(accounts.engine, {"id": f"seek{i}", "account_id": account_id, "game": "krig", "options": {"edition": "author", "hp": 20},
                                        "rated": True, "time_control": None, "players": 2,
                                        "rating": float(rng.randint(1200, 1800)), "opponent_id": None, "created_at": now,
                                    "seen_at": now})
    print(f"pairing: {seekers} seekers, ratings 1200-1800, asked at once")
    delays: list[float] = []
    started_total = 0
    possible_at: dict[str, float] = {}
    made_at: dict[str, float] = {}  # seek id -> when its room existed
    create = accounts.hub.create

    def timed_create(*args, **kwargs):
        room, tokens = create(*args, **kwargs)
        for i, name in (kwargs.get("names") or {}).items():
            made_at[name] = time.time()
        return room, tokens

    accounts.hub.create = timed_create
    for round_no in range(40):
        alive = [s["id"] for s in seeks.waiting(accounts.engine, time.time())]
        seeks.asked(accounts.engine, alive, time.time())  # each page asks for its seek every second
        waiting = seeks.waiting(accounts.engine, time.time())
        if not waiting:
            break
        # when each waiting seek first had a possible match: its nearest rating among the others
        # (neighbours in rating order) inside both windows, which widen with time
        order = sorted(waiting, key=lambda s: s["rating"])
        for k, s in enumerate(order):
            if s["id"] in possible_at:
                continue
            gaps = [abs(o["rating"] - s["rating"]) for o in order[max(0, k - 1):k + 2] if o is not s]
            if gaps:
                possible_at[s["id"]] = s["created_at"] + max(0.0, (min(gaps) - pairing.START) / pairing.GROW)
        t0 = time.perf_counter()
        started = accounts.pair()
        took = time.perf_counter() - t0
        done = time.time()
        after = {s["id"] for s in seeks.waiting(accounts.engine, time.time())}
        names = book.usernames(accounts.engine, [s["account_id"] for s in waiting])
        for s in waiting:
            if s["id"] not in after and s["id"] in possible_at:
                delays.append(max(0.0, made_at.get(names[s["account_id"]], done) - possible_at[s["id"]]))
        started_total += started
        print(f"  round {round_no}: {started} games started in {took * 1000:.0f} ms ({len(after)} still waiting)")
        if not after:
            break
        time.sleep(max(0.0, 0.5 - (time.perf_counter() - t0)))
    accounts.hub.create = create
    print(f"  {started_total} games; delay from a match being possible to its room: {percentiles(delays)}")


def bench_profile(app, games: int) -> None:
    accounts = app.state.accounts
    engine = accounts.engine
    me = book.create_account(engine, "busy", "x")
    start = datetime.now(timezone.utc) - timedelta(days=365)
    rooms, seats = [], []
    for i in range(games):
        rid = uuid.uuid4().hex[:12]
        rooms.append({"id": rid, "game": "krig", "options": {}, "dice_kind": "committed", "seed_hex": "00",
                      "commitment": "0" * 64, "created_at": start + timedelta(minutes=i),
                      "finished_at": start + timedelta(minutes=i, seconds=30), "public": False, "wake": False, "rated": True})
        seats += [{"room_id": rid, "seat": 0, "kind": "human", "player": "busy", "account_id": me},
                  {"room_id": rid, "seat": 1, "kind": "human", "player": f"o{i % 97}", "account_id": None}]
    with engine.begin() as conn:
        conn.execute(insert(ROOMS), rooms)
        conn.execute(insert(SEATS), seats)
    client = TestClient(app)
    times = []
    for _ in range(50):
        t0 = time.perf_counter()
        r = client.get("/api/players/busy")
        times.append(time.perf_counter() - t0)
        assert r.status_code == 200 and r.json()["total_games"] == games
    print(f"profile with {games} games: {percentiles(times)}")


def bench_logins(app, logins: int) -> None:
    client = TestClient(app)
    client.post("/api/accounts", json={"username": "hasher", "password": "correct horse"})
    passwords = app.state.accounts.passwords
    passwords.most = 0
    barrier = threading.Barrier(logins)
    codes: list[int] = []

    def one() -> None:
        barrier.wait()
        codes.append(TestClient(app).post("/api/session", json={"username": "hasher", "password": "correct horse"}).status_code)

    threads = [threading.Thread(target=one) for _ in range(logins)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    took = time.perf_counter() - t0
    print(f"log-in: {logins} at once in {took:.2f} s ({logins / took:.1f} a second); at most {passwords.most} "
          f"Argon2id hashes at the same time (bound {app.state.settings.hashes_at_once}); answers {sorted(set(codes))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seekers", type=int, default=1000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--logins", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(db_url=f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", login_failures_per_address=10_000)
        app = create_app(settings=settings)
        bench_pairing(app, args.seekers)
        bench_profile(app, args.games)
        bench_logins(app, args.logins)


if __name__ == "__main__":
    main()
