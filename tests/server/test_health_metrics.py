"""Issue 37, points 18 and 20: the account routes answer 503 JSON while PostgreSQL is down;
processes starting at once on an old SQLite database all start; ``/healthz``, ``/readyz`` and the
Prometheus metrics on a port of their own."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.accounts.test_login_limits import Serve

from .test_outage import pg_down, pg_up
from .test_postgres import cluster, free_port  # noqa: F401  (fixtures)

RELEASE = Path(__file__).parent / "data" / "release-0.1.0.sqlite3"
STARTER = """
import sys, time
from pathlib import Path
from brawl.server.db import make_engine
Path(sys.argv[3]).touch()
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.001)
make_engine(sys.argv[1]).dispose()
"""


def test_processes_starting_at_once_on_an_old_sqlite_database_all_start(tmp_path):
    """Issue 37, point 18: two processes starting at once on an old SQLite database: the second
    exited with "table accounts already exists".  Now the migrations run under the database's
    write lock: one migrates, the others wait and find nothing left to do.  Four processes, each
    with brawl's modules loaded, open the database at the same moment, three times over."""
    for attempt in range(3):
        target = tmp_path / f"old{attempt}.sqlite3"
        shutil.copy(RELEASE, target)
        go = tmp_path / f"go{attempt}"
        procs = [subprocess.Popen([sys.executable, "-c", STARTER, f"sqlite:///{target}", str(go),
                                   str(tmp_path / f"ready{attempt}-{k}")],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for k in range(4)]
        for _ in range(6000):  # each process has loaded brawl and waits for the go file
            if all((tmp_path / f"ready{attempt}-{k}").exists() or procs[k].poll() is not None for k in range(4)):
                break
            time.sleep(0.02)
        go.touch()
        for p in procs:
            out, err = p.communicate(timeout=180)
            assert p.returncode == 0, err[-2000:]



def poll(check, seconds: float = 60.0):
    """``check()`` once it is true (None after a generous deadline)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            value = check()
        except httpx.HTTPError:
            value = None
        if value:
            return value
        time.sleep(0.1)
    return None


def test_account_routes_answer_503_json_while_postgresql_is_down_and_readyz_says_so(cluster):  # noqa: F811
    """Issue 37, points 18 and 20: during a PostgreSQL outage the account routes (``/api/me``,
    players, leaderboard, log-in) answered a bare 500 text; now 503 JSON as the game routes do.
    ``/healthz`` (the process) answers 200 throughout; ``/readyz`` (the database) 503 while it is
    down and 200 once it is back."""
    name = f"health_{os.getpid()}"
    cluster.admin(f"CREATE DATABASE {name}")
    server = Serve(cluster.url(name))
    up = True
    try:
        me = httpx.Client(base_url=server.base, timeout=30)
        assert me.post("/api/accounts", json={"username": "Sun", "password": "correct horse"}).status_code == 201
        assert httpx.get(server.base + "/readyz", timeout=10).json() == {"ok": True, "database": "ok"}
        pg_down(cluster)
        up = False
        for method, path, body in (("GET", "/api/me", None), ("GET", "/api/players/Sun", None),
                                   ("GET", "/api/leaderboard/krig", None),
                                   ("POST", "/api/session", {"username": "Sun", "password": "correct horse"})):
            r = me.request(method, path, json=body)
            assert r.status_code == 503, (path, r.status_code, r.text)
            assert "unavailable" in r.json()["error"], path
        assert httpx.get(server.base + "/healthz", timeout=10).status_code == 200
        ready = httpx.get(server.base + "/readyz", timeout=30)
        assert ready.status_code == 503 and ready.json()["ok"] is False
        pg_up(cluster)
        up = True
        assert poll(lambda: httpx.get(server.base + "/readyz", timeout=10).status_code == 200)
        assert poll(lambda: me.get("/api/me").status_code == 200)
    finally:
        if not up:
            pg_up(cluster)
        server.stop()


def adjacent_free_ports(count: int) -> int:
    """The first of ``count`` consecutive ports free now (each worker binds the port + its index;
    a lone free port's neighbour may be some other test's)."""
    for _ in range(200):
        first = free_port()
        if first + count > 65536:
            continue
        sockets = []
        try:
            for k in range(count):
                s = socket.socket()
                sockets.append(s)
                s.bind(("127.0.0.1", first + k))
            return first
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise RuntimeError("no consecutive free ports")


def scrape(port: int) -> str:
    return httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text


def test_metrics_are_served_on_their_own_port_one_per_worker(cluster):  # noqa: F811
    """Issue 37, point 20: Prometheus metrics (decisions and their latency, rooms, sockets,
    log-ins, the hash queue, pairing rounds, review jobs) on ``--metrics-port``, never on the
    site's port; under ``--workers 2`` worker i serves its own on the port + i."""
    name = f"metrics_{os.getpid()}"
    cluster.admin(f"CREATE DATABASE {name}")
    metrics_port = adjacent_free_ports(2)
    server = Serve(cluster.url(name), "--workers", "2", "--metrics-port", str(metrics_port), "--bot-delay", "0")
    try:
        site = httpx.Client(base_url=server.base, timeout=30)
        assert site.get("/metrics").status_code == 404
        site.post("/api/accounts", json={"username": "Sun", "password": "correct horse"})
        assert site.post("/api/session", json={"username": "Sun", "password": "wrong one"}).status_code == 401
        room = site.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"]}).json()
        seat = site.get(f"/api/rooms/{room['room']}").json()["node"]["seats"][0]
        token = room["seats"][seat]["token"]
        view = site.get(f"/api/rooms/{room['room']}", headers={"X-Seat-Token": token}).json()
        assert site.post(f"/api/rooms/{room['room']}/decisions",
                         json={"token": token, "action": view["legal"][0]["action"]}).status_code == 200
        # a worker that starts late on a loaded machine serves its metrics late: wait for it
        texts = [poll(lambda p=p: scrape(p), 300) for p in (metrics_port, metrics_port + 1)]
        assert all(texts)
        both = "\n".join(texts)
        for series in ("brawl_decisions_total", "brawl_decision_seconds_bucket", "brawl_rooms", "brawl_sockets",
                       "brawl_logins_total", "brawl_hash_queue", "brawl_pairing_rounds_total",
                       "brawl_review_jobs_total", "brawl_qr_total"):
            assert series in both, series
        assert value(both, 'brawl_decisions_total{result="accepted"}') == 1
        assert value(both, 'brawl_logins_total{result="wrong"}') == 1
        assert poll(lambda: all(value(scrape(p), "brawl_pairing_rounds_total") >= 1
                                for p in (metrics_port, metrics_port + 1)))
    finally:
        server.stop()


def value(text: str, series: str) -> float:
    """The sum of a series' samples over the scraped texts joined (0 when none)."""
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(series + " "))
