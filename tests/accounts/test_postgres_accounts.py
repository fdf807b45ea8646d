"""Accounts on PostgreSQL with several server processes (issue 32): the migrations run once however
many processes open a new database at the same moment, and pairing and rating happen once however
many processes run their rounds."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from brawl.server import migrations
from brawl.server.app import create_app
from brawl.server.db import make_engine
from brawl.server.settings import Settings
from tests.server.test_postgres import cluster, db_url  # noqa: F401 (fixtures: a throwaway PostgreSQL)

from .conftest import paired, play_out

pytest.importorskip("psycopg")


def test_processes_opening_a_new_database_at_once_migrate_it_once(db_url):  # noqa: F811
    errors: list[BaseException] = []

    def open_it():
        try:
            make_engine(db_url).dispose()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
        assert conn.exec_driver_sql("select count(*) from alembic_version").scalar() == 1
    engine.dispose()


def test_two_processes_pair_each_seek_once_and_rate_each_game_once(db_url):  # noqa: F811
    settings = Settings(db_url=db_url, bot_delay=0, argon2_profile="CHEAPEST", hash_priority="normal",
                        decisions_per_second=100_000)
    one, two = create_app(settings=settings), create_app(settings=settings)
    with TestClient(one) as a, TestClient(two) as b:  # both running: news between them, pairing rounds
        people = []
        for base, name in ((a, "Ana"), (b, "Ben"), (a, "Cy"), (b, "Di")):
            c = TestClient(base.app)
            r = c.post("/api/accounts", json={"username": name, "password": "correct horse"})
            c.headers["X-CSRF-Token"] = r.json()["csrf"]
            people.append(c)
        seeks = [paired(c, {"game": "krig", "options": {"hp": 3}, "rated": True}) for c in people]
        asked, deadline = seeks, time.monotonic() + 30
        while True:  # a round finds the pairing lock taken while another process's round runs: look again
            for app in (one, two):
                app.state.accounts.round()
            seeks = [c.get(f"/api/seeks/{s['seek']}").json() for c, s in zip(people, asked)]
            if all(s["paired"] for s in seeks):
                break
            assert time.monotonic() < deadline, seeks
            time.sleep(0.1)
        rooms: dict[str, list[int]] = {}
        for k, s in enumerate(seeks):
            rooms.setdefault(s["room"], []).append(k)
        assert sorted(len(v) for v in rooms.values()) == [2, 2]  # every seek in exactly one game of two
        for room, ks in rooms.items():
            play_out(None, {seeks[k]["seat"]: (people[k], seeks[k]["token"]) for k in ks}, room,
                     lambda legal: "attack" if "attack" in legal else legal[0])
        deadline = time.monotonic() + 30
        while True:
            for app in (one, two):
                app.state.accounts.round()
            ratings = [people[0].get(f"/api/players/{n}").json()["ratings"] for n in ("Ana", "Ben", "Cy", "Di")]
            if all("krig" in r for r in ratings) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        for app in (one, two, one, two):
            app.state.accounts.round()  # more rounds rate nothing twice
        games = [people[0].get(f"/api/players/{n}").json()["ratings"]["krig"]["games"] for n in ("Ana", "Ben", "Cy", "Di")]
        assert games == [1, 1, 1, 1]
