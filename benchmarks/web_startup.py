"""Start-up of the web app with many stored rooms: ``brawl serve`` from process start until it answers.

Fills a fresh database with ``--rooms`` rooms (default 10,000) written straight into the server's
tables (``brawl.server.db``), each a real game with its committed dice so the server can replay it:
Krig and rock-paper-scissors, about 40 % with only their set-up, 35 % part-played, 25 % finished, and
``--waking`` of them (default 20) Krig against ``bot:heuristic`` with the bot's decision open (the
rooms the server must resume at start-up).  Then starts ``brawl serve`` ``--repeat`` times (default
3) on that database and times, from the moment the process is started:

- until the port accepts connections (uvicorn is listening);
- until ``GET /api/games`` answers 200 (the server is up);
- until ``GET /api/rooms/ID`` of a stored, part-played room answers 200 (a room is loaded and replayed);
- until a resumed bot has moved in one of the waking rooms (``--bot-delay 0``);
- and the CPU seconds the server process had used when ``GET /api/games`` answered and when the
  stored room did (on a busy machine the wall-clock times grow, these much less).

It prints the median, the worst and every run, and the machine's load average, beside the same start-up on an empty database and the time
Python takes to import the app (the floor).  The databases: a SQLite file, and a database in a
throwaway PostgreSQL cluster started with the server binaries under /usr/lib/postgresql/*/bin
(removed at the end; as the ``postgres`` user when run as root).

    .venv/bin/python benchmarks/web_startup.py                      # SQLite and PostgreSQL, 10,000 rooms
    .venv/bin/python benchmarks/web_startup.py --dbs sqlite --rooms 50000
    .venv/bin/python benchmarks/web_startup.py --help
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_machine import Postgres, free_port, tree_cpu  # noqa: E402  (this directory's load benchmark's machine side)

TARGET = 2.0  # seconds


def build_rooms(count: int, waking: int, seed: int) -> tuple[list[dict], list[dict], list[dict], dict[str, list[str]]]:
    """Rooms, seats and events as the server stores them, played with random legal decisions."""
    from brawl.core.sources import CommittedDice
    from brawl.games import make_game
    from brawl.server.db import utcnow
    from brawl.server.store import event_row
    from brawl.server.room import Room, SeatInfo, token_hash

    rng = random.Random(seed)
    rooms, seats, events = [], [], []
    kinds: dict[str, list[str]] = {"fresh": [], "playing": [], "finished": [], "waking": []}
    games = {"krig": make_game("krig", {"hp": 20}), "rps": make_game("rps", {})}
    for i in range(count):
        if i < waking:
            kind, name = "waking", "krig"
        else:
            kind = rng.choices(["fresh", "playing", "finished"], [40, 35, 25])[0]
            name = "krig" if rng.random() < 0.8 else "rps"
        game = games[name]
        specs = [("human", None), ("bot", "heuristic")] if kind == "waking" else [("human", None)] * game.num_players
        infos = [SeatInfo(s, k, b, token_hash(secrets.token_urlsafe(18)) if k == "human" else None)
                 for s, (k, b) in enumerate(specs)]
        room_id = secrets.token_urlsafe(9)
        seed_hex = "%064x" % rng.getrandbits(256)
        room = Room(room_id, game, seed_hex, infos)
        steps = {"fresh": 0, "playing": rng.randint(1, 15), "finished": 10_000, "waking": 10_000}[kind]
        for _ in range(steps):
            waiting = room.waiting()
            if not waiting or (kind == "waking" and 1 in waiting):
                break
            seat = waiting[0]
            room.decide(seat, rng.choice(room.match.legal_actions(seat)))
        if kind == "waking" and 1 not in room.waiting():
            raise RuntimeError("a waking room ended before its bot was to move")
        rooms.append({"id": room_id, "game": name, "options": game.options_json(), "dice_kind": CommittedDice.kind,
                      "seed_hex": seed_hex, "commitment": room.commitment, "parent_id": None, "rematch_id": None,
                      "public": False, "time_control": None, "wake": kind == "waking",
                      "finished_at": utcnow() if room.over else None, "created_at": utcnow(), "ended": None})
        seats.extend({"room_id": room_id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "token_hash": s.token_hash,
                      "player": None} for s in infos)
        events.extend(event_row(room, n) for n in range(room.last + 1))
        kinds["finished" if room.over and kind != "waking" else kind].append(room_id)
    return rooms, seats, events, kinds


def fill(url: str, rooms: list[dict], seats: list[dict], events: list[dict]) -> None:
    from sqlalchemy import insert

    from brawl.server.db import EVENTS, ROOMS, SEATS, make_engine

    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            for table, rows in ((ROOMS, rooms), (SEATS, seats), (EVENTS, events)):
                for k in range(0, len(rows), 5000):
                    conn.execute(insert(table), rows[k:k + 5000])
    finally:
        engine.dispose()


def fresh_copy(url: str, pg: Postgres | None, tmp: Path) -> str:
    """A copy of the database at ``url`` for one start-up (SQLite: the file; PostgreSQL: a template copy)."""
    if url.startswith("sqlite:///"):
        source = Path(url[len("sqlite:///"):])
        target = tmp / f"run-{secrets.token_hex(4)}.sqlite3"
        shutil.copyfile(source, target)
        return f"sqlite:///{target}"
    import psycopg
    name = f"run_{secrets.token_hex(4)}"
    with psycopg.connect(f"host=127.0.0.1 port={pg.port} user=brawl dbname=postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {url.rsplit('/', 1)[1]}")
    return url.rsplit("/", 1)[0] + "/" + name


def drop_copy(url: str, pg: Postgres | None) -> None:
    if url.startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(url[len("sqlite:///"):] + suffix).unlink(missing_ok=True)
        return
    import psycopg
    with psycopg.connect(f"host=127.0.0.1 port={pg.port} user=brawl dbname=postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def start_once(url: str, room: str | None, waking: str | None, timeout: float, logfile: Path) -> dict[str, float]:
    """Start ``brawl serve``, time what it answers, stop it."""
    brawl = str(Path(sys.executable).with_name("brawl"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    times: dict[str, float] = {}
    with open(logfile, "ab") as log:
        t0 = time.monotonic()
        proc = subprocess.Popen([brawl, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", url,
                                 "--bot-delay", "0"], stdout=log, stderr=log)
    deadline = t0 + timeout
    try:
        with httpx.Client(timeout=5) as http:
            def until(path: str, ok) -> float:
                while time.monotonic() < deadline:
                    if proc.poll() is not None:
                        raise SystemExit(f"brawl serve exited with code {proc.returncode}; see {logfile}")
                    try:
                        r = http.get(base + path)
                        if r.status_code == 200 and ok(r.json()):
                            return time.monotonic() - t0
                    except httpx.HTTPError:
                        pass
                    time.sleep(0.005)
                raise SystemExit(f"no answer from {path} within {timeout:g} s")

            while time.monotonic() < deadline and proc.poll() is None:
                with socket.socket() as probe:
                    if probe.connect_ex(("127.0.0.1", port)) == 0:
                        times["listening"] = time.monotonic() - t0
                        break
                time.sleep(0.005)
            times["games"] = until("/api/games", lambda body: bool(body))
            times["cpu"] = sum(tree_cpu([proc.pid]).values())  # CPU seconds the server used to get there
            if room:
                times["room"] = until(f"/api/rooms/{room}", lambda body: body.get("room") == room)
                times["cpu room"] = sum(tree_cpu([proc.pid]).values())
            if waking:
                times["bot"] = until(f"/api/rooms/{waking}", lambda body: 1 not in body["node"]["seats"])
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    return times


def import_time(repeat: int) -> float:
    """Seconds for a fresh Python to import the app (what any start-up pays first)."""
    out = []
    for _ in range(repeat):
        t0 = time.monotonic()
        subprocess.run([sys.executable, "-c", "import brawl.cli, brawl.server.app"], check=True, timeout=120)
        out.append(time.monotonic() - t0)
    return statistics.median(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--rooms", type=int, default=10_000, help="stored rooms (default 10000)")
    parser.add_argument("--waking", type=int, default=20, help="of them, rooms where a bot is to move (default 20)")
    parser.add_argument("--dbs", default=None, help="comma-separated: sqlite, postgresql (default both, PostgreSQL when installed)")
    parser.add_argument("--repeat", type=int, default=3, help="start-ups timed per database (default 3)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds one start-up may take before giving up")
    args = parser.parse_args()
    if args.rooms < 1 or not 0 <= args.waking <= args.rooms or args.repeat < 1:
        parser.error("--rooms at least 1, --waking between 0 and --rooms, --repeat at least 1")
    dbs = [d.strip() for d in (args.dbs or ("sqlite,postgresql" if glob.glob("/usr/lib/postgresql/*/bin/initdb")
                                            else "sqlite")).split(",") if d.strip()]
    for d in dbs:
        if d not in ("sqlite", "postgresql"):
            parser.error(f"unknown database {d!r}: use sqlite or postgresql")

    t = time.monotonic()
    rooms, seats, events, kinds = build_rooms(args.rooms, args.waking, seed=1)
    print(f"web start-up: {len(rooms)} rooms ({len(kinds['fresh'])} set up only, {len(kinds['playing'])} part-played, "
          f"{len(kinds['finished'])} finished, {len(kinds['waking'])} with a bot to move), {len(events)} events; "
          f"built in {time.monotonic() - t:.1f} s; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}", flush=True)
    rng = random.Random(2)
    room = rng.choice(kinds["playing"]) if kinds["playing"] else rooms[-1]["id"]
    waking = kinds["waking"][0] if kinds["waking"] else None
    tmp = Path(tempfile.mkdtemp(prefix="brawl-startup-"))
    pg = None
    lines = []
    runs_of: dict[str, list[dict[str, float]]] = {}  # database -> the runs with stored rooms
    try:
        floor = import_time(args.repeat)
        print(f"  importing the app: {floor:.2f} s (median of {args.repeat})", flush=True)
        for db in dbs:
            if db == "postgresql":
                pg = pg or Postgres().start()
                empty, full = pg.new_database(), pg.new_database()
            else:
                empty, full = (f"sqlite:///{tmp / name}" for name in ("empty.sqlite3", "full.sqlite3"))
                fill(empty, [], [], [])
            t = time.monotonic()
            fill(full, rooms, seats, events)
            print(f"  {db}: filled in {time.monotonic() - t:.1f} s", flush=True)
            runs: dict[str, list[dict[str, float]]] = {"empty": [], "full": []}
            for _ in range(args.repeat):  # interleaved, so a busy moment of the machine hits both alike
                for label, template, r, w in (("empty", empty, None, None), ("full", full, room, waking)):
                    url = fresh_copy(template, pg, tmp)  # a start-up changes what it resumes: each gets the original
                    runs[label].append(start_once(url, r, w, args.timeout, tmp / "server.log"))
                    drop_copy(url, pg)
            runs_of[db] = runs["full"]
            for label, shown in (("empty", "empty"), ("full", f"{len(rooms)} rooms")):
                med = {k: statistics.median(x[k] for x in runs[label]) for k in runs[label][0]}
                every = {k: ", ".join(f"{x[k]:.2f}" for x in runs[label]) for k in runs[label][0]}
                lines.append((db, shown, med, every))
                print(f"  {db}, {shown}: " + "; ".join(f"{k} {med[k]:.2f} s ({every[k]})" for k in med), flush=True)
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    print()
    head = (f"{'database':<11} {'stored':<13} {'listening s':>11} {'GET /api/games s':>17} {'GET /api/rooms/ID s':>20} "
            f"{'bot resumed s':>14} {'server CPU s':>12} {'CPU at room s':>13}   runs")
    print(head)
    print("-" * len(head))
    for db, label, med, every in lines:
        cells = [f"{med[k]:.2f}" if k in med else "-" for k in ("listening", "games", "room", "bot", "cpu", "cpu room")]
        runs = " | ".join(f"{k}: {every[k]}" for k in every)
        print(f"{db:<11} {label:<13} {cells[0]:>11} {cells[1]:>17} {cells[2]:>20} {cells[3]:>14} {cells[4]:>12} {cells[5]:>13}   {runs}")
    print(f"(seconds from process start, median of {args.repeat}; importing the app alone takes {floor:.2f} s; "
          "server CPU s and CPU at room s: CPU seconds the server process had used when GET /api/games and when "
          "the stored room answered, which a busy machine inflates less than the wall-clock times; "
          f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    for db, label, med, _ in lines:
        if label != "empty":
            slowest = max(med["games"], med.get("room", 0.0))
            worst = {k: max(x[k] for x in runs_of[db]) for k in ("games", "room") if k in runs_of[db][0]}
            print(f"start-up under {TARGET:g} s with {len(rooms)} stored rooms ({db}): "
                  f"{'MET' if slowest < TARGET else 'NOT MET'} (medians: up {med['games']:.2f} s, stored room "
                  f"{med.get('room', 0):.2f} s; worst run: up {worst['games']:.2f} s, stored room {worst.get('room', 0):.2f} s)")


if __name__ == "__main__":
    main()
