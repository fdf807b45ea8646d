"""Load on the web app: concurrent games (people on WebSockets with think time, and server bots)
against one or two ``brawl serve`` processes, and many spectators on one room.

Per setup (``--setups``), with a fresh database and a fresh server for every row of the table:

- the database is a new SQLite file, or a database in a throwaway PostgreSQL cluster this script
  starts itself (the server binaries under /usr/lib/postgresql/*/bin; as the ``postgres`` user when
  run as root, since initdb refuses root; fsync and synchronous commit off) and removes at the end;
- the server is ``brawl serve`` (``sqlite1``, ``pg1``), ``brawl serve --workers 2`` (``pg2``: two
  processes on one port behind its front process, which hands each connection that names a room to
  the process owning the room, and creates each room in the process owning it: see
  brawl/server/front.py; ``pg4``: the same with four) or two ``brawl serve`` on two ports
  (``pg2ports``: every room creation and every WebSocket picks one of them at random; any process
  serves any room) or the same with every WebSocket of a room sent to the process its room id
  hashes to (``pg2room``: a load balancer that routes by the room in the path; rooms are still
  created on either process at random, as a creation names no room yet), with limits raised so
  that they refuse none of the load;
- client processes of their own (``--clients``, asyncio and ``websockets``) create the rooms over
  HTTP (a new connection for each room, as people's browsers have connections of their own) and
  open one WebSocket per human seat; once every game is connected they play: a seat whose
  turn it is waits the think time (uniform between half and one and a half times ``--think``), then
  sends ``decide`` (``attack`` when legal, else the first legal action) with ``expect``, ``ref`` and
  a ``client_id``.  A fraction ``--bots`` of the games are against ``bot:heuristic`` (moving after
  ``--bot-delay``, by default the think time).  A finished game is replaced by a new room;
- after ``--warmup`` seconds, a steady window of ``--duration`` seconds is measured: decisions per
  second (people's and bots', each counted once, when the first human seat's socket receives it),
  the round trip to the other seat (from sending a decision to the moment the *other* seat's
  WebSocket receives the update containing it: games between two people), errors (refusals,
  failed rooms or connections, sockets closed by the server, decisions sent in the window that the
  other seat had not received ``--drain`` seconds after its end) and CPU (the server processes, PostgreSQL,
  the client processes, and the whole machine, whatever else runs on it);
- ``--spectators N`` adds a line: N spectator WebSockets on one room (spread over the client
  processes and, with two processes, over both) while two people play it; per decision, the time
  from sending it until all N spectators have the update containing it (p50/p99 over the decisions).

Several think times (``--think 1,0.5,0.25``) raise the offered rate for the same games: the highest
decisions/s whose p99 stays under ``--p99-target`` is a setup's capacity.  On a machine with few
cores the clients share the CPU with the server: the CPU columns tell when the machine, not the
server, is the limit (machine busy near its core count).  ``--cpu-per-process 0.4`` holds each
server process to 0.4 of a core (a control group each, see :class:`CpuCap`; needs root): then one
process stands for a process on a core of its own and two for two on two cores, while the clients
and PostgreSQL run on what is left, so that a 2-core machine can show how capacity grows with
processes.  A capped process is stopped whenever it has used its share of a 5 ms period, and
those stops lengthen the round trips (the ``held %`` column says how often): under a cap, compare
the rates the setups reach as their processes saturate rather than their p99.

Run (each line a minute or three):

    .venv/bin/python benchmarks/web_load.py                                   # SQLite, one process: 50, 200, 500 games
    .venv/bin/python benchmarks/web_load.py --setups pg1,pg2,pg2ports,pg2room --games 500
    .venv/bin/python benchmarks/web_load.py --games 500 --think 1,0.5,0.25    # capacity
    .venv/bin/python benchmarks/web_load.py --setups pg1,pg2,pg2room --think 1.6,1.4,1.25,1.1 \
        --think-two 0.9,0.8,0.72,0.65 --cpu-per-process 0.4 --games 500                # capacity, 1 and 2 processes
    .venv/bin/python benchmarks/web_load.py --games 2000 --think 4 --duration 30
    .venv/bin/python benchmarks/web_load.py --games 0 --spectators 500
    .venv/bin/python benchmarks/web_load.py --help
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from load_clients import client_process  # noqa: E402  (this directory's load parts)
from load_machine import (SETUPS, CpuCap, Postgres, Servers, loop_cpu, machine_ticks, percentile,  # noqa: E402
                          raise_fd_limit, spent, tree_cpu)


# -- one measurement ----------------------------------------------------------------------------------------------
@dataclass
class Row:
    setup: str
    games: int
    think: float
    seconds: float
    decisions: int
    latencies: list[float]
    errors: Counter
    setup_errors: Counter
    server_cpu: float
    server_split: list[float]
    db_cpu: float
    client_cpu: float
    machine: float
    server_problems: int
    arrivals: dict = field(default_factory=dict)
    driven: dict = field(default_factory=dict)
    spectators: int = 0
    cap: float | None = None  # cores per server process (--cpu-per-process)
    throttled: float = 0.0  # seconds per second the capped servers were held back
    loop_cpu: float = 0.0  # % of a core the servers' event-loop threads used (the rest: writer and executor threads)

    @property
    def others(self) -> float:
        """Busy cores not ours: whatever else ran on the machine during the window."""
        return max(0.0, self.machine - (self.server_cpu + self.db_cpu + self.client_cpu) / 100)

    @property
    def rate(self) -> float:
        return self.decisions / self.seconds

    @property
    def ms_per_decision(self) -> float:
        """Server CPU milliseconds per decision, all its processes together."""
        return self.server_cpu * 10 / max(self.rate, 1e-9)

    def p(self, q: float) -> float | None:
        return percentile(self.latencies, q) * 1000 if self.latencies else None


def measure(setup: str, servers: Servers, db_pid: int | None, jobs: list[dict], *, warmup: float, duration: float,
            drain: float, setup_timeout: float, profile: Path | None = None) -> Row:
    ctx = multiprocessing.get_context("spawn")
    procs, pipes = [], []
    for job in jobs:
        job.update(drain=drain, setup_timeout=setup_timeout)
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=client_process, args=(job, theirs), daemon=True)
        proc.start()
        procs.append(proc)
        pipes.append(mine)
    try:
        for pipe in pipes:
            if not pipe.poll(setup_timeout + 60):
                raise SystemExit("a client process did not get ready in time")
            kind, info = pipe.recv()
            if kind == "done":
                raise SystemExit(f"a client process failed: {info.get('fatal')}")
        start = time.monotonic() + warmup
        end = start + duration
        for pipe in pipes:
            pipe.send(("go", start, end))
        time.sleep(max(0.0, start - time.monotonic()))
        roots = servers.pids()
        profilers = profile_servers(roots, duration, profile) if profile else []
        s0, d0, c0, m0 = tree_cpu(roots), tree_cpu([db_pid] if db_pid else []), tree_cpu([p.pid for p in procs]), machine_ticks()
        l0 = loop_cpu(s0)
        t0 = servers.cap.throttled() if servers.cap else 0.0
        time.sleep(max(0.0, end - time.monotonic()))
        s1, d1, c1, m1 = tree_cpu(roots), tree_cpu([db_pid] if db_pid else []), tree_cpu([p.pid for p in procs]), machine_ticks()
        l1 = loop_cpu(s1)
        t1 = servers.cap.throttled() if servers.cap else 0.0
        results = []
        for pipe in pipes:
            if not pipe.poll(drain + 120):
                raise SystemExit("a client process did not finish in time")
            kind, info = pipe.recv()
            if "fatal" in info:
                raise SystemExit(f"a client process failed: {info['fatal']}")
            results.append(info)
        for p in profilers:
            p.wait(timeout=60)
    finally:
        for proc in procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=5)
    elapsed = end - start
    busy = (m1[0] - m0[0]) / max(1, m1[1] - m0[1]) * (os.cpu_count() or 1)
    split = []
    for pid in sorted(s1):  # the server processes that did the work (not a supervisor)
        used = s1[pid] - s0.get(pid, 0.0)
        if used / elapsed > 0.02:
            split.append(used / elapsed * 100)
    row = Row(setup, sum(len(j["games"]) for j in jobs), jobs[0]["think"], elapsed,
              sum(r["decisions"] for r in results), [x for r in results for x in r["latencies"]],
              sum((Counter(r["errors"]) for r in results), Counter()),
              sum((Counter(r["setup_errors"]) for r in results), Counter()),
              spent(s0, s1) / elapsed * 100, split, spent(d0, d1) / elapsed * 100,
              spent(c0, c1) / elapsed * 100, busy, servers.problems(),
              cap=servers.cap.cores if servers.cap else None, throttled=(t1 - t0) / elapsed,
              loop_cpu=spent(l0, l1) / elapsed * 100)
    for r in results:
        for n, times in r["arrivals"].items():
            row.arrivals.setdefault(n, []).extend(times)
        row.driven.update(r["driven"])
    return row


def profile_servers(roots: list[int], duration: float, out: Path) -> list[subprocess.Popen]:
    """Sample every server process (not ``--workers``'s front) for ``duration`` seconds: collapsed stacks in
    ``out``.<pid>.txt, one line per stack with its sample count."""
    tool = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(tool).exists():
        raise SystemExit("--profile needs py-spy (pip install py-spy into the virtual environment)")
    pids = [pid for pid in tree_cpu(roots) if b"brawl" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    if len(pids) > 1:  # with --workers the front only hands connections on
        pids = [pid for pid in pids if pid not in roots] or pids
    return [subprocess.Popen([tool, "record", "--pid", str(pid), "--duration", str(max(1, int(duration))), "--rate", "200",
                              "--format", "raw", "--nonblocking", "-o", f"{out}.{pid}.txt"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for pid in pids]


def jobs_for(urls: list[str], games: int, clients: int, think: float, bots: float, args) -> list[dict]:
    """Split the games over the client processes; ``bots`` of them are against a server bot."""
    kinds = [i < round(games * bots) for i in range(games)]
    random.Random(7).shuffle(kinds)
    return [{"urls": urls, "games": kinds[i::clients], "think": think, "hp": args.hp, "seed": 1000 + i,
             "deflate": not args.no_deflate, "connect_at_once": 25, "spectators": 0, "spectate": None}
            for i in range(clients)]


# -- the whole benchmark ----------------------------------------------------------------------------------------------
def fmt(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def print_table(rows: list[Row]) -> None:
    head = (f"{'setup':<9} {'db':<10} {'procs':>5} {'games':>6} {'think s':>7} {'dec/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
            f"{'samples':>7} {'errors':>6} {'server CPU %':>14} {'db CPU %':>8} {'client CPU %':>12} {'busy cores':>10} {'others':>6} {'server ms/dec':>13} {'loop ms/dec':>11}")
    capped = any(r.cap for r in rows)
    if capped:
        head += f" {'cap cores':>9} {'held %':>6}"
    print(head)
    print("-" * len(head))
    for r in rows:
        if r.spectators:
            continue
        db, procs, _ = SETUPS[r.setup]
        split = "+".join(f"{x:.0f}" for x in r.server_split) if len(r.server_split) > 1 else f"{r.server_cpu:.0f}"
        print(f"{r.setup:<9} {db:<10} {procs:>5} {r.games:>6} {r.think:>7g} {r.rate:>7.0f} {fmt(r.p(0.5)):>7} "
              f"{fmt(r.p(0.99)):>7} {len(r.latencies):>7} {sum(r.errors.values()) + sum(r.setup_errors.values()):>6} "
              f"{split:>14} {r.db_cpu:>8.0f} {r.client_cpu:>12.0f} {r.machine:>10.2f} {r.others:>6.2f} {r.ms_per_decision:>13.2f} {r.loop_cpu * 10 / max(r.rate, 1e-9):>11.2f}"
              + (f" {fmt(r.cap, 2):>9} {r.throttled * 100:>6.1f}" if capped else ""))


def spectator_line(r: Row) -> str:
    samples, missing, firsts = [], 0, []
    for n, sent in sorted(r.driven.items()):
        times = r.arrivals.get(n, [])
        if len(times) < r.spectators:
            missing += r.spectators - len(times)
        if times:
            samples.append((max(times) - sent) * 1000)
            firsts.append((min(times) - sent) * 1000)
    if not samples:
        return f"spectators ({r.setup}): no decision was made"
    return (f"spectators ({r.setup}, {SETUPS[r.setup][0]}, {SETUPS[r.setup][1]} process(es)): {r.spectators} on one room, "
            f"{len(samples)} decisions: all have the update p50 {statistics.median(samples):.1f} ms, "
            f"p99 {percentile(samples, 0.99):.1f} ms (first spectator p50 {statistics.median(firsts):.1f} ms); "
            f"updates missing {missing}; errors {sum(r.errors.values()) + sum(r.setup_errors.values())}"
            + "".join(f" [{n} x {what}]" for what, n in (r.errors + r.setup_errors).most_common(3)) + "; "
            f"server CPU {r.server_cpu * r.seconds * 10 / len(samples):.0f} ms per decision "
            f"({r.server_cpu * r.seconds * 10 / len(samples) / max(1, r.spectators) * 1000:.0f} us per spectator), "
            f"client CPU {r.client_cpu * r.seconds * 10 / len(samples):.0f} ms per decision")


def cpu_line(load: list[Row], two: str) -> str:
    """What CPU per decision says of two processes against one: the k-th row of ``two`` paired with
    the k-th one-process row (with ``--setups pg1,pg2,pg1,pg2`` each pair ran back to back, so that
    the machine's drift touches both alike).  Two processes with the same CPU per decision each
    serve twice as much: at equal CPU per process, capacity grows by 2 x one's / two's."""
    ones = [r for r in load if r.setup in ("pg1", "sqlite1") and r.decisions]
    twos = [r for r in load if r.setup == two and r.decisions]
    ratios = [2 * a.ms_per_decision / b.ms_per_decision for a, b in zip(ones, twos)]
    if not ratios:
        return f"CPU per decision ({two}): no one-process row to pair with"
    return (f"CPU per decision, two processes ({two}) against one, row by row: 2 x one's / two's = "
            f"{', '.join(f'{x:.2f}' for x in ratios)}; median {statistics.median(ratios):.2f} over {len(ratios)} pair(s)")


def verdicts(rows: list[Row], target: float) -> list[str]:
    out = []
    load = [r for r in rows if not r.spectators]
    one = [r for r in load if SETUPS[r.setup][1] == 1 and r.games == 500 and r.latencies]
    for r in one:
        p99 = r.p(0.99)
        out.append(f"p99 under {target:g} ms at 500 games on one process ({r.setup}, think {r.think:g} s): "
                   f"{'MET' if p99 < target else 'NOT MET'} (p99 {p99:.1f} ms, {r.rate:.0f} decisions/s)")

    def capacity(setup: str) -> Row | None:
        ok = [r for r in load if r.setup == setup and r.latencies and r.p(0.99) < target and not r.errors]
        return max(ok, key=lambda r: r.rate, default=None)

    for two in ("pg2", "pg2ports", "pg2room"):
        if not any(r.setup == two for r in load):
            continue
        base = capacity("pg1") or capacity("sqlite1")
        got = capacity(two)
        same = []  # at the same offered load, whatever the p99
        for r in load:
            if r.setup != two:
                continue
            for one_setup in ("pg1", "sqlite1"):
                b = next((x for x in load if x.setup == one_setup and x.games == r.games and x.think == r.think), None)
                if b is not None and b.rate:
                    same.append(f"{r.games} games think {r.think:g}: {r.rate:.0f} vs {b.rate:.0f} decisions/s "
                                f"({r.rate / b.rate:.2f} x {b.setup}), p99 {fmt(r.p(0.99), 0)} vs {fmt(b.p(0.99), 0)} ms")
                    break
        detail = "; ".join(same) or "no one-process row at the same load"
        out.append(cpu_line(load, two))
        if base is None or got is None:
            out.append(f"two processes ({two}) at least 1.7 x one process at p99 under {target:g} ms: NOT MET "
                       f"(no load measured where both kept p99 under {target:g} ms without errors; "
                       f"at the same offered load: {detail})")
            continue
        ratio = got.rate / base.rate
        out.append(f"two processes ({two}) at least 1.7 x one process ({base.setup}) at p99 under {target:g} ms: "
                   f"{'MET' if ratio >= 1.7 else 'NOT MET'} ({got.rate:.0f} vs {base.rate:.0f} decisions/s = {ratio:.2f} x, "
                   f"the highest rates measured with p99 under the target and no errors; at the same offered load: {detail})")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--setups", default="sqlite1", help=f"comma-separated, of {', '.join(SETUPS)} (default sqlite1)")
    parser.add_argument("--games", default="50,200,500", help="comma-separated numbers of concurrent games (0: none)")
    parser.add_argument("--think", default="1.0", help="comma-separated mean think times in seconds (default 1.0)")
    parser.add_argument("--think-two", default=None,
                        help="think times for the two-process setups (default: --think); shorter ones offer them more load, "
                             "so one run finds each setup's capacity and compares them")
    parser.add_argument("--bots", type=float, default=0.2, help="fraction of the games against bot:heuristic (default 0.2)")
    parser.add_argument("--bot-delay", type=float, default=None, help="the server's --bot-delay (default: the think time)")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured per row (default 20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds played before the window (at least 1.5 x think)")
    parser.add_argument("--drain", type=float, default=2.0,
                        help="seconds after the window a decision sent in it may take to reach the other seat (later: an error)")
    parser.add_argument("--clients", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--hp", type=int, default=20, help="Krig starting hit points (default 20)")
    parser.add_argument("--spectators", type=int, default=0, help="spectators on one room, per setup (0: no spectator line)")
    parser.add_argument("--spectated-decisions", type=int, default=20, help="decisions timed with the spectators")
    parser.add_argument("--no-deflate", action="store_true", help="clients do not offer permessage-deflate")
    parser.add_argument("--p99-target", type=float, default=50.0, help="the p99 target in ms for the verdicts")
    parser.add_argument("--cpu-per-process", type=float, default=None, metavar="CORES",
                        help="hold each server process to CORES of the CPU (a control group each; needs root): "
                             "how throughput grows with processes when each has a core of its own, on a machine "
                             "whose cores the clients and the database share")
    parser.add_argument("--profile", type=Path, default=None,
                        help="sample the server processes with py-spy during each window: collapsed stacks in PROFILE.<pid>.txt")
    parser.add_argument("--setup-timeout", type=float, default=180.0, help="seconds allowed to create and connect the games")
    args = parser.parse_args()
    setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    for s in setups:
        if s not in SETUPS:
            parser.error(f"unknown setup {s!r}: use {', '.join(SETUPS)}")
    game_counts = [int(x) for x in args.games.split(",") if x.strip()]
    thinks = [float(x) for x in args.think.split(",") if x.strip()]
    thinks_two = [float(x) for x in args.think_two.split(",") if x.strip()] if args.think_two else thinks
    if args.clients < 1 or any(g < 0 for g in game_counts) or any(t <= 0 for t in thinks + thinks_two):
        parser.error("--clients at least 1, --games at least 0, --think above 0")
    if args.cpu_per_process is not None and not 0.1 <= args.cpu_per_process <= (os.cpu_count() or 1):
        parser.error(f"--cpu-per-process between 0.1 and {os.cpu_count()} cores")
    raise_fd_limit()

    pg = Postgres().start() if any(SETUPS[s][0] == "postgresql" for s in setups) else None
    rows: list[Row] = []
    tmp = Path(tempfile.mkdtemp(prefix="brawl-bench-"))
    try:
        print(f"web load: krig hp {args.hp}, {args.bots:.0%} of the games against bot:heuristic, think time x0.5..1.5, "
              f"{args.duration:g} s measured per row after {args.warmup:g} s, {args.clients} client process(es), "
              f"{os.cpu_count()} cores; PostgreSQL with fsync and synchronous commit off", flush=True)

        def fresh(setup: str, delay: float) -> Servers:
            kind, procs, mode = SETUPS[setup]
            url = pg.new_database() if kind == "postgresql" else f"sqlite:///{tmp / f'load-{secrets.token_hex(4)}.sqlite3'}"
            servers = Servers(url, procs, mode, delay, tmp, CpuCap(args.cpu_per_process) if args.cpu_per_process else None)
            servers.start()
            return servers

        for setup in setups:
            for games in game_counts:
                if games == 0:
                    continue
                for think in (thinks_two if SETUPS[setup][1] == 2 else thinks):
                    servers = fresh(setup, think if args.bot_delay is None else args.bot_delay)
                    try:
                        jobs = jobs_for(servers.urls, games, min(args.clients, games), think, args.bots, args)
                        for job in jobs:
                            job["by_room"] = SETUPS[setup][2] == "room"
                        row = measure(setup, servers, pg.pid() if pg and SETUPS[setup][0] == "postgresql" else None, jobs,
                                      warmup=max(args.warmup, 1.5 * think), duration=args.duration, drain=args.drain,
                                      setup_timeout=args.setup_timeout,
                                      profile=args.profile.with_name(f"{args.profile.name}-{setup}-{games}-{think:g}")
                                      if args.profile else None)
                    finally:
                        servers.stop()
                    rows.append(row)
                    print(f"  {setup} {games} games think {think:g}: {row.rate:.0f} decisions/s, p50 {fmt(row.p(0.5))} ms, "
                          f"p99 {fmt(row.p(0.99))} ms, errors {sum(row.errors.values())} "
                          f"(+{sum(row.setup_errors.values())} at set-up), server log problems {row.server_problems}"
                          + (f", servers held back by their cap {row.throttled * 100:.1f}% of the time" if row.cap else ""),
                          flush=True)
                    for what, count in (row.errors + row.setup_errors).most_common(5):
                        print(f"      {count} x {what}")
            if args.spectators:
                rows.append(spectate(setup, fresh(setup, 0.5), pg, args))
                print("  " + spectator_line(rows[-1]), flush=True)
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print()
    print_table(rows)
    for r in rows:
        if r.spectators:
            print(spectator_line(r))
    print("(CPU: % of one core; server CPU per process when there are two; busy cores: the whole machine, "
          f"of {os.cpu_count()}; others: busy cores used by anything but this benchmark's processes; "
          "server ms/dec: server CPU milliseconds per decision, all processes; loop ms/dec: the part of it "
          "spent on the processes' main threads, their event loops (the rest is the writer's and executor threads)"
          + ("; cap cores: each server process's share of the CPU (--cpu-per-process); held %: of the time, how long "
             "the capped processes were held back, all together" if args.cpu_per_process else "") + ")")
    for line in verdicts(rows, args.p99_target):
        print(line)


def spectate(setup: str, servers: Servers, pg: Postgres | None, args) -> Row:
    """``args.spectators`` spectators on one room while its two players make timed decisions."""
    try:
        made = httpx.post(servers.urls[0] + "/api/rooms", timeout=30,
                          json={"game": "krig", "options": {"hp": args.hp}, "seats": ["human", "human"]}).json()
        clients = max(1, args.clients)
        gap = 0.5
        jobs = []
        for i in range(clients):
            share = args.spectators // clients + (1 if i < args.spectators % clients else 0)
            job = {"urls": servers.urls, "games": [], "think": gap, "hp": args.hp, "seed": 2000 + i,
                   "deflate": not args.no_deflate, "connect_at_once": 50, "spectators": share, "spectate": made["room"]}
            if i == 0:
                job["drive"] = {"room": made["room"], "tokens": [s["token"] for s in made["seats"]],
                                "decisions": args.spectated_decisions, "gap": gap}
            jobs.append(job)
        row = measure(setup, servers, pg.pid() if pg and SETUPS[setup][0] == "postgresql" else None, jobs,
                      warmup=1.0, duration=(gap + 1.5) * (args.spectated_decisions + 1), drain=3.0,
                      setup_timeout=args.setup_timeout,
                      profile=args.profile.with_name(f"{args.profile.name}-{setup}-spectators") if args.profile else None)
    finally:
        servers.stop()
    row.spectators = args.spectators
    return row


if __name__ == "__main__":
    main()
