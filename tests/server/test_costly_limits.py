"""Issue 37, points 17 and 19: QR codes limited and cached; the per-seat limits (chat, takebacks,
decisions) counted in the database for every process; table dice take whole numbers only."""

from __future__ import annotations

import json
import os
import threading

import httpx
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from brawl.server.settings import Settings
from tests.accounts.test_login_limits import Serve

from .test_postgres import cluster, db_url  # noqa: F401  (fixtures)


def app_with(tmp_path, **limits):
    return create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'q.sqlite3'}", bot_delay=0, **limits))


def test_qr_codes_are_limited_per_address_and_cached_by_content(tmp_path):
    """Issue 37, point 17: QR codes had no limit (a fifth of a second of processor each).  Now an
    address asks at most ``qr_per_minute`` (429 past it), and a code asked again comes from the
    cache: drawn once, not counted again."""
    app = app_with(tmp_path, qr_per_minute=3)
    with TestClient(app, client=("10.1.0.1", 1)) as c:
        first = c.post("/api/qr", json={"text": "http://table.example/play/A#t=1"})
        assert first.status_code == 200 and first.text.startswith("<svg")
        for i in (2, 3):
            assert c.post("/api/qr", json={"text": f"http://table.example/play/A#t={i}"}).status_code == 200
        refused = c.post("/api/qr", json={"text": "http://table.example/play/A#t=4"})
        assert refused.status_code == 429 and "QR codes" in refused.json()["error"]
        again = c.post("/api/qr", json={"text": "http://table.example/play/A#t=1"})
        assert again.status_code == 200 and again.content == first.content
    assert app.state.qr.drawn == 3
    with TestClient(app, client=("10.1.0.2", 1)) as other:
        assert other.post("/api/qr", json={"text": "http://table.example/play/B#t=1"}).status_code == 200


def test_qr_codes_are_drawn_a_bounded_number_at_once(tmp_path):
    """Issue 37, point 17: a hundred codes at once slowed other routes to 5 s.  Now at most
    ``qr_at_once`` are drawn at the same moment (on threads of their own); the rest wait in a short
    queue or get 503 with Retry-After."""
    app = app_with(tmp_path, qr_at_once=1, qr_per_minute=1000)
    codes: list[int] = []
    with TestClient(app) as c:
        barrier = threading.Barrier(16)

        def one(i: int) -> None:
            barrier.wait()
            r = c.post("/api/qr", json={"text": "http://table.example/play/" + "x" * 400 + str(i)})
            codes.append(r.status_code)
            if r.status_code == 503:
                assert int(r.headers["retry-after"]) >= 1

        threads = [threading.Thread(target=one, args=(i,)) for i in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    assert len(codes) == 16 and set(codes) <= {200, 503} and 200 in codes
    assert app.state.qr.most == 1 and app.state.qr.drawn == codes.count(200)


def test_table_dice_take_whole_numbers_only(tmp_path):
    """Issue 37, point 19: ``3.0`` and ``1e0`` were taken as faces (stored as floats, logged
    "3.0").  Now a number written with a fraction or an exponent is refused with a clear 422 and
    nothing changes; the whole number is taken."""
    with TestClient(app_with(tmp_path)) as c:
        room = c.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"], "dice": "table"}).json()
        token = room["seats"][0]["token"]
        url = f"/api/rooms/{room['room']}"
        before = c.get(url, headers={"X-Seat-Token": token}).json()
        assert before["roll"]["faces"][:3] == [1, 2, 3]
        for raw in ("3.0", "1e0", "[3.0]"):
            r = c.post(url + "/rolls", content=f'{{"token": {json.dumps(token)}, "outcome": {raw}}}',
                       headers={"content-type": "application/json"})
            assert r.status_code == 422 and "whole number" in r.json()["error"], (raw, r.text)
        assert c.get(url, headers={"X-Seat-Token": token}).json()["last"] == before["last"]
        r = c.post(url + "/rolls", json={"token": token, "outcome": 3})
        assert r.status_code == 200
        assert [e["outcome"] for e in r.json()["events"] if e.get("type") == "roll"] == [3]


def test_every_per_seat_limit_is_counted_in_the_database_on_postgresql(db_url):  # noqa: F811
    """Issue 37, point 17: on PostgreSQL the hub's chat, takeback and decision limits (like rooms
    a minute) are the database's, so every process counts against one total."""
    settings = Settings(db_url=db_url, bot_delay=0, chat_per_minute=2, takebacks_per_minute=1, decisions_per_second=3)
    one, two = create_app(settings=settings), create_app(settings=settings)
    with TestClient(one), TestClient(two):
        for attr, count in (("chats", 2), ("takeback_asks", 1), ("decisions", 3)):
            a, b = getattr(one.state.hub, attr), getattr(two.state.hub, attr)
            results = []
            for i in range(count + 2):
                try:
                    (a if i % 2 else b).hit(("room1", 0), "things")
                    results.append("ok")
                except Exception as exc:  # the refusal, 429
                    results.append(getattr(exc, "status", exc))
            assert results == ["ok"] * count + [429, 429], (attr, results)


def test_chat_through_two_processes_gets_one_limit(cluster):  # noqa: F811
    """Issue 37, point 17: chat allowed 20 + 20 lines a minute through two processes.  Now 30
    lines sent through two ``brawl serve`` on one PostgreSQL database, alternately: 20 taken (the
    limit a minute), the rest refused with 429."""
    name = f"chat_{os.getpid()}"
    cluster.admin(f"CREATE DATABASE {name}")
    servers = [Serve(cluster.url(name)), Serve(cluster.url(name))]
    try:
        room = httpx.post(servers[0].base + "/api/rooms", json={"game": "krig", "seats": ["human", "human"]},
                          timeout=30).json()
        token = room["seats"][0]["token"]
        codes = [httpx.post(f"{servers[i % 2].base}/api/rooms/{room['room']}/chat",
                            json={"token": token, "text": f"line {i}"}, timeout=30).status_code for i in range(30)]
        assert codes.count(200) == 20 and codes.count(429) == 10, codes
    finally:
        for s in servers:
            s.stop()
