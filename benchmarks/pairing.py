"""A pairing round with many waiting seeks.

    .venv/bin/python benchmarks/pairing.py [--seeks 10000]

Prints:

- **the tables**: :func:`brawl.server.accounts.pairing.tables` alone (the work that grew
  quadratically before: 0.09 / 0.41 / 1.55 s for 600 / 1,200 / 2,400 seeks) for 600, 1,200,
  2,400 and ``--seeks`` waiting seeks of one game, ratings spread over 1000-2500, asked over the last
  20 s (windows of 100 to 1,000 points), median of three;
- **the round's planning**: ``Accounts.plan`` (reading the waiting seeks from a SQLite file and
  working out the tables: what runs on a thread, off the event loop) with ``--seeks`` seeks;
- **the whole round** (``Accounts.round_async``: plan on a thread, then every game started on the
  event loop, each room with its seeks in one transaction), with the games started, the round's
  time, and the longest the event loop went without running a 10 ms ticker meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from brawl.server.accounts import book, pairing, seeks
from brawl.server.app import create_app
from brawl.server.settings import Settings


def sample(n: int, now: float, rng: random.Random) -> list[dict]:
    return [{"id": f"s{i}", "account_id": i, "game": "krig", "options": {"edition": "author", "hp": 20}, "rated": True,
             "time_control": None, "players": 2, "rating": rng.uniform(1000, 2500), "opponent_id": None,
             "created_at": now - rng.uniform(0, 20)} for i in range(n)]


def bench_tables(sizes: list[int]) -> None:
    print("pairing.tables alone (median of 3):")
    for n in sizes:
        seeks_ = sample(n, 1_000.0, random.Random(n))
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            tables = pairing.tables(seeks_, 1_000.0)
            times.append(time.perf_counter() - t0)
        print(f"  {n:>6} seeks: {statistics.median(times) * 1000:8.1f} ms, {len(tables)} games")


def bench_round(n: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(db_url=f"sqlite:///{Path(folder) / 'pairing.sqlite3'}", bot_delay=0, argon2_profile="CHEAPEST")
        app = create_app(settings=settings)  # not started: no background round of its own meanwhile
        if True:
            accounts = app.state.accounts
            engine = accounts.engine
            rng = random.Random(11)
            now = time.time()
            from sqlalchemy import insert

            from brawl.server.db import ACCOUNTS, SEEKS
            with engine.begin() as conn:
                conn.execute(insert(ACCOUNTS), [{"username": f"p{i}", "name_key": f"p{i}", "password_hash": None}
                                                for i in range(n)])
                ids = [r[0] for r in conn.execute(ACCOUNTS.select().with_only_columns(ACCOUNTS.c.id)).all()]
                rows = sample(n, now, rng)
                for row, account_id in zip(rows, ids):
                    row.update(id=f"seek{account_id}", account_id=account_id, seen_at=now)
                conn.execute(insert(SEEKS), rows)
            t0 = time.perf_counter()
            tables = accounts.plan()
            print(f"Accounts.plan (read {n} waiting seeks from SQLite, work out the tables): "
                  f"{(time.perf_counter() - t0) * 1000:.0f} ms, {len(tables)} games")
            seeks.asked(engine, [r["id"] for r in seeks.waiting(engine, time.time())], time.time())

            async def whole() -> tuple[float, float, int]:
                stalls = [0.0]
                running = True

                async def ticker() -> None:
                    last = time.perf_counter()
                    while running:
                        await asyncio.sleep(0.01)
                        t = time.perf_counter()
                        stalls[0] = max(stalls[0], t - last - 0.01)
                        last = t
                tick = asyncio.get_running_loop().create_task(ticker())
                before = seeks.waiting_count(engine, "krig")
                t = time.perf_counter()
                await accounts.round_async()
                took = time.perf_counter() - t
                running = False
                await tick
                return took, stalls[0], before - seeks.waiting_count(engine, "krig")

            took, stall, paired = asyncio.run(whole())
            print(f"Accounts.round_async with {n} waiting: {paired // 2} games started in {took:.2f} s; "
                  f"longest event-loop stall meanwhile {stall * 1000:.0f} ms")
            assert book.usernames(engine, [ids[0]])  # the accounts are there


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeks", type=int, default=10_000)
    args = parser.parse_args()
    bench_tables(sorted({600, 1_200, 2_400, args.seeks}))
    bench_round(args.seeks)


if __name__ == "__main__":
    main()
