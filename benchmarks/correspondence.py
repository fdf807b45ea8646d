"""Correspondence games at scale: many games with deadlines in one process, and the cost of the
deadline sweep that the housekeeping round runs (issue 41).

    .venv/bin/python benchmarks/correspondence.py [--games 10000] [--due 100]

Makes ``--games`` two-person Krig rooms with a correspondence time control of one day in one hub
on a SQLite file (rooms created through the hub as the API does, each storing the start of its
first decision), then prints:

- the creation rate and the process's resident memory with every game loaded (each one waits for a
  decision with a deadline, so the server keeps them all);
- the sweep the housekeeping runs every 5 seconds, with its share of the walk over every game
  (median and worst of a minute's sweeps);
- the sweep of the deadlines alone when none is due (it pops a heap), median and worst of 20;
- the sweep when ``--due`` of them have passed their deadline (those games end on time: each one
  a stored ending), and the sweep after.

The wall clock the clocks read is replaced, so a day passes at once."""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--due", type=int, default=100)
    args = ap.parse_args()

    from brawl.server import clocks as clocks_module
    from brawl.server import correspondence as corr
    from brawl.server.db import make_engine, make_sessions
    from brawl.server.hub import Hub
    from brawl.server.settings import Settings
    from brawl.server.store import Store

    clock = Clock()
    clocks_module.time = clock
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        hub = Hub(Store(make_sessions(make_engine(url))), Settings(db_url=url, bot_delay=0, rooms_per_minute=10**9))
        control = {"mode": "correspondence", "days": 1}
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        started = time.perf_counter()
        rooms = []
        first = clock.now
        for i in range(args.games):
            clock.now = first + i  # a second apart: their deadlines a second apart
            room, _ = hub.create("krig", {}, ["human", "human"], time_control=control)
            rooms.append(room)
            if i and i % 2000 == 0:
                print(f"  {i} games made ...", flush=True)
        made = time.perf_counter() - started
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"games: {args.games} made in {made:.1f} s ({args.games / made:.0f} a second); "
              f"resident memory at most {rss:.0f} MiB, {rss - before:.0f} MiB more than before the games "
              f"({(rss - before) * 1024 / args.games:.1f} KiB a game)")

        walks = []
        for _ in range(corr.WALK_SHARE):  # a minute of sweeps looks at every room once (a share each)
            t = time.perf_counter()
            looked = corr.sweep(hub)
            walks.append(time.perf_counter() - t)
        print(f"sweeps with their share of the walk ({corr.WALK_SHARE} a minute cover every game): {looked} games "
              f"each; median {statistics.median(walks) * 1e3:.1f} ms, worst {max(walks) * 1e3:.1f} ms "
              f"({statistics.median(walks) / max(1, looked) * 1e6:.1f} us a game)")
        times = []
        for _ in range(20):  # the housekeeping's sweep (every 5 s): only what is due
            t = time.perf_counter()
            looked = corr.sweep(hub, walk=False)
            times.append(time.perf_counter() - t)
        print(f"sweep of the deadlines alone, none due: {looked} games looked at; median {statistics.median(times) * 1e6:.0f} us, "
              f"worst {max(times) * 1e6:.0f} us")

        clock.now = first + corr.DAY + args.due - 0.5  # the first --due games' deadlines have passed
        t = time.perf_counter()
        looked = corr.sweep(hub, walk=False)
        ended = time.perf_counter() - t
        over = sum(r.over for r in rooms)
        print(f"sweep, {args.due} due: {looked} games looked at, {over} ended on time in {ended * 1e3:.1f} ms "
              f"({ended / max(1, over) * 1e3:.2f} ms a game ended)")
        t = time.perf_counter()
        looked = corr.sweep(hub, walk=False)
        print(f"sweep after: {looked} games looked at in {(time.perf_counter() - t) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
