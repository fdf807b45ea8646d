"""Issue 37, points 10 to 12: log-in limits that hold under concurrency and across processes, an
owner nobody can lock out, sign-ups limited per address, and hashes on a bounded pool of their own.

The concurrency tests run real ``brawl serve`` processes (SQLite, one process; PostgreSQL, two)
with the server's own Argon2id parameters and thirty log-ins sent at once."""

from __future__ import annotations

import os
import subprocess
import threading

import httpx
import pytest
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from brawl.server.settings import Settings
from tests.server.test_postgres import cluster, free_port  # noqa: F401  (fixtures)
from tests.server.test_scale_out import BRAWL

LIMIT = 5  # failed log-ins of one account from one address per window (the default)


class Serve:
    """A ``brawl serve`` process of its own, stopped by :meth:`stop`."""

    def __init__(self, url: str, *flags: str) -> None:
        self.port = free_port()
        # hashes at the normal priority: the test run's other processes would leave idle ones little
        self.proc = subprocess.Popen([BRAWL, "serve", "--port", str(self.port), "--db", url, "--metrics-port", "0",
                                      "--hash-priority", "normal", *flags], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(600):
            try:
                if httpx.get(self.base + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                if self.proc.poll() is not None:
                    break
                threading.Event().wait(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def at_once(bases: list[str], passwords: list[str]) -> list[int]:
    """Log in to Sun with each password at the same moment (the i-th through ``bases[i % n]``)."""
    barrier = threading.Barrier(len(passwords))
    codes: list[int] = [0] * len(passwords)

    def one(i: int) -> None:
        with httpx.Client(base_url=bases[i % len(bases)], timeout=120) as c:
            barrier.wait()
            codes[i] = c.post("/api/session", json={"username": "Sun", "password": passwords[i]}).status_code

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(passwords))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes


def judged(codes: list[int]) -> int:
    """How many of the log-ins reached the password check (a 200 or a 401)."""
    assert set(codes) <= {200, 401, 429}, codes
    return codes.count(200) + codes.count(401)


GUESSES = ["wrong guess"] * 29 + ["correct horse"]


def test_thirty_log_ins_at_once_reach_the_hash_no_more_than_the_limit(tmp_path):
    """Issue 37, point 10: 30 log-ins at once to one account (29 wrong, the right one) on one
    process: each is counted before its hash, so at most the limit are judged (it gave 29 x 401
    and one 200) and the rest get 429."""
    server = Serve(f"sqlite:///{tmp_path / 'l.sqlite3'}")
    try:
        assert httpx.post(server.base + "/api/accounts", json={"username": "Sun", "password": "correct horse"},
                          timeout=60).status_code == 201
        codes = at_once([server.base], GUESSES)
        assert judged(codes) <= LIMIT and codes.count(429) >= len(codes) - LIMIT, codes
    finally:
        server.stop()


def test_thirty_log_ins_at_once_through_two_processes_reach_the_hash_no_more_than_the_limit(cluster):  # noqa: F811
    """Issue 37, point 10: the same through two ``brawl serve`` processes on one PostgreSQL
    database, half the log-ins through each: the count is the database's, for both."""
    name = f"logins_{os.getpid()}"
    cluster.admin(f"CREATE DATABASE {name}")
    servers = [Serve(cluster.url(name)), Serve(cluster.url(name))]
    try:
        assert httpx.post(servers[0].base + "/api/accounts", json={"username": "Sun", "password": "correct horse"},
                          timeout=60).status_code == 201
        codes = at_once([s.base for s in servers], GUESSES)
        assert judged(codes) <= LIMIT and codes.count(429) >= len(codes) - LIMIT, codes
    finally:
        for s in servers:
            s.stop()


@pytest.fixture
def app(tmp_path):
    return create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'a.sqlite3'}", bot_delay=0,
                                        argon2_profile="CHEAPEST", hash_priority="normal", signups_per_hour=3))


def browser(app, address: str) -> TestClient:
    return TestClient(app, client=(address, 50000))


def test_guessers_elsewhere_never_lock_the_owner_out(app):
    """Issue 37, point 11: five wrong passwords from anywhere used to keep the owner out (429 for
    5 minutes).  Now guesses count per account and address; past the account's limit from
    everywhere only a browser or an address that logged in to it before gets in, so the owner does,
    and a stranger's browser at a stranger's address does not."""
    with browser(app, "10.0.0.1") as owner:
        assert owner.post("/api/accounts", json={"username": "Sun", "password": "correct horse"}).status_code == 201
        total = app.state.settings.login_failures_per_account_total
        guessed = 0
        for k in range(total // LIMIT + 1):  # guessers at many addresses, each to its own limit
            with browser(app, f"192.0.2.{k}") as guesser:
                codes = [guesser.post("/api/session", json={"username": "Sun", "password": f"guess {i}"}).status_code
                         for i in range(LIMIT + 1)]
                guessed += codes.count(401)
                assert codes[-1] == 429
        assert guessed >= LIMIT  # the account was guessed at, and is protected by now
        # the owner, at home: the address and the browser logged in before
        assert owner.post("/api/session", json={"username": "Sun", "password": "correct horse"}).status_code == 200
    with browser(app, "10.0.0.1") as other_browser_at_home:  # the owner's address, another browser
        assert other_browser_at_home.post("/api/session", json={"username": "Sun",
                                                                "password": "correct horse"}).status_code == 200
    with browser(app, "10.0.0.1") as laptop:  # the owner's browser travels: its cookie goes with it
        first = laptop.post("/api/session", json={"username": "Sun", "password": "correct horse"})
        device = first.cookies.get("brawl_device") or laptop.cookies.get("brawl_device")
    assert device
    with browser(app, "198.51.100.7") as travelling:
        travelling.cookies.set("brawl_device", device, path="/api/")
        assert travelling.post("/api/session", json={"username": "Sun", "password": "correct horse"}).status_code == 200
    with browser(app, "203.0.113.9") as stranger:  # a new browser at a new address, right password or not
        r = stranger.post("/api/session", json={"username": "Sun", "password": "correct horse"})
        assert r.status_code == 429 and "protected" in r.json()["error"]


def test_sign_ups_are_limited_per_address(app):
    """Issue 37, point 12: 100 sign-ups from one address were all accepted.  Now at most
    ``signups_per_hour`` (3 here) from one address; a taken name does not count; another address
    signs up as usual."""
    with browser(app, "10.0.0.2") as c:
        assert c.post("/api/accounts", json={"username": "one", "password": "correct horse"}).status_code == 201
        assert c.post("/api/accounts", json={"username": "ONE", "password": "correct horse"}).status_code == 409
        codes = [c.post("/api/accounts", json={"username": f"u{i}", "password": "correct horse"}).status_code
                 for i in range(4)]
        assert codes == [201, 201, 429, 429]
    with browser(app, "10.0.0.3") as c:
        assert c.post("/api/accounts", json={"username": "other", "password": "correct horse"}).status_code == 201


class HeldHasher:
    """The app's Argon2id hasher, each verification held until ``go`` is set."""

    def __init__(self, real) -> None:
        self.real, self.go, self.started = real, threading.Event(), threading.Semaphore(0)

    def hash(self, password: str) -> str:
        return self.real.hash(password)

    def verify(self, stored: str, password: str) -> bool:
        self.started.release()
        self.go.wait(120)
        return self.real.verify(stored, password)


def test_hashes_wait_in_their_own_bounded_queue_and_other_routes_answer(tmp_path):
    """Issue 37, point 12: hashing starved the server (log-ins held the threads every other route
    uses).  With every hash thread busy and the queue full, one more log-in gets 503 with
    Retry-After at once, and routes that run on threads (a leaderboard, a profile) answer
    meanwhile, though fifty log-ins wait."""
    app = create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'h.sqlite3'}", argon2_profile="CHEAPEST",
                                       hash_priority="normal", hashes_at_once=1, hash_queue=60, login_failures_per_account=1000,
                                       login_failures_per_address=1000, login_failures_per_account_total=1000))
    passwords = app.state.accounts.passwords
    with TestClient(app) as c:
        assert c.post("/api/accounts", json={"username": "Sun", "password": "correct horse"}).status_code == 201
        held = passwords.hasher = HeldHasher(passwords.hasher)
        codes: list[int] = []

        def log_in() -> None:
            codes.append(c.post("/api/session", json={"username": "Sun", "password": "correct horse"}).status_code)

        storm = [threading.Thread(target=log_in) for _ in range(50)]
        for t in storm:
            t.start()
        try:
            hold(passwords, held, c)
        finally:
            held.go.set()
            for t in storm:
                t.join(120)
        assert codes == [200] * 50 and passwords.most == 1


def hold(passwords, held, c) -> None:
    """While fifty log-ins wait (one hash held), other routes answer and one more is refused."""
    if held is not None:
        assert held.started.acquire(timeout=60)  # one hash runs (and is held); the others queue
        for _ in range(600):
            if passwords.waiting >= 50:
                break
            threading.Event().wait(0.05)
        assert passwords.waiting == 50 and passwords.busy == 1
        answers: dict[str, int] = {}

        def others() -> None:
            answers["board"] = c.get("/api/leaderboard/krig").status_code
            answers["me"] = c.get("/api/me").status_code

        side = threading.Thread(target=others)
        side.start()
        side.join(60)
        assert answers == {"board": 200, "me": 200}  # answered while fifty log-ins wait
        passwords.queue = 49  # the queue is full now: one more is refused at once
        refused = c.post("/api/session", json={"username": "Sun", "password": "correct horse"})
        assert refused.status_code == 503 and int(refused.headers["retry-after"]) >= 1
