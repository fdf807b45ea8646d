"""The writer's group commit: what one transaction of N decisions costs the server.

Every decision the web app accepts is stored by the writer thread (``brawl.server.writer``), many
rooms' decisions in one transaction (``Store.append_many``).  This times that call alone, on the
same rows the server makes: Krig rooms at 20 hit points between two people, one decision of each
room staged through the hub (``Hub._stage``) and committed in groups of ``--groups`` decisions
(default 1, 2, 8 and 32).  Per database and group size it prints the writer's CPU (thread time)
and the wall-clock time per commit, and the CPU per decision.

The databases: a SQLite file with the server's settings, and a database in a throwaway PostgreSQL
cluster (see load_machine.py; fsync and synchronous commit off), removed at the end.  The news of each
decision to other processes is included, as a server on PostgreSQL sends it.

    .venv/bin/python benchmarks/web_writer.py
    .venv/bin/python benchmarks/web_writer.py --dbs postgresql --groups 2 --commits 2000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_machine import Postgres  # noqa: E402  (the throwaway cluster)

from brawl.server.db import make_engine, make_sessions  # noqa: E402
from brawl.server.hub import Hub  # noqa: E402
from brawl.server.store import Store  # noqa: E402
from brawl.server.writer import Write  # noqa: E402


class Rooms:
    """Krig rooms that each give one staged decision at a time (a finished room is replaced)."""

    def __init__(self, hub: Hub, count: int) -> None:
        self.hub = hub
        self.rooms = [self._new() for _ in range(count)]

    def _new(self):
        room, _ = self.hub.create("krig", {"hp": 20}, ["human", "human"])
        return room

    def writes(self, size: int) -> list[Write]:
        """One decision in each of ``size`` rooms, applied in memory: the writes the writer gets."""
        out = []
        for i in range(size):
            room = self.rooms[i]
            if room.over:
                room = self.rooms[i] = self._new()
            seat = room.waiting()[0]
            action = room.game.legal_actions(room.match.state, seat)[0]
            staged = self.hub._stage(room, seat, action, None)
            room.pending -= 1  # stored below, outside the hub's bookkeeping
            out.append(Write(room, staged.rows, finished=room.over, wake=False, news=staged.news))
        return out


def measure(url: str, groups: list[int], commits: int, repeat: int) -> list[str]:
    engine = make_engine(url)
    store = Store(make_sessions(engine))
    hub = Hub(store)
    hub.leased = set()  # as with several processes: each decision carries its news
    rooms = Rooms(hub, max(groups))
    lines = []
    for size in groups:
        store.append_many(rooms.writes(size))  # warm up: statements made, connection open
        cpu, wall = [], []
        for _ in range(repeat):
            batch = [rooms.writes(size) for _ in range(commits)]
            c0, w0 = time.thread_time(), time.perf_counter()
            for writes in batch:
                store.append_many(writes)
            cpu.append((time.thread_time() - c0) / commits * 1e6)
            wall.append((time.perf_counter() - w0) / commits * 1e6)
        c, w = statistics.median(cpu), statistics.median(wall)
        lines.append(f"{engine.dialect.name:<11} {size:>5} {c:>12.0f} {c / size:>14.0f} {w:>13.0f}")
    engine.dispose()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--dbs", default="sqlite,postgresql", help="comma-separated, of sqlite and postgresql")
    parser.add_argument("--groups", default="1,2,8,32", help="decisions per commit, comma-separated")
    parser.add_argument("--commits", type=int, default=300, help="commits timed per run (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per group size; the median is shown (default 3)")
    args = parser.parse_args()
    dbs = [d.strip() for d in args.dbs.split(",") if d.strip()]
    groups = [int(g) for g in args.groups.split(",") if g.strip()]
    if any(d not in ("sqlite", "postgresql") for d in dbs) or not groups or min(groups) < 1 or args.commits < 1:
        parser.error("--dbs of sqlite and postgresql; --groups and --commits at least 1")
    print(f"{'database':<11} {'group':>5} {'CPU us/commit':>12} {'CPU us/decision':>14} {'wall us/commit':>13}")
    with tempfile.TemporaryDirectory(prefix="brawl-writer-") as tmp:
        for db in dbs:
            if db == "sqlite":
                lines = measure(f"sqlite:///{tmp}/writer.sqlite3", groups, args.commits, args.repeat)
            else:
                pg = Postgres().start()
                try:
                    lines = measure(pg.new_database(), groups, args.commits, args.repeat)
                finally:
                    pg.stop()
            print("\n".join(lines), flush=True)
    print("(CPU: the writer's thread time; wall: until the commit returned; the median of the runs)")


if __name__ == "__main__":
    main()
