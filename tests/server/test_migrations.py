"""Schema changes are Alembic migrations: a database written by brawl 0.1.0 (the release before
migrations) upgrades in place with every stored game kept, and the tables the store uses are the
tables the migrations make."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect

from brawl.core.record import Record
from brawl.core.replay import verify
from brawl.games import make_game, replay
from brawl.server import migrations
from brawl.server.app import create_app
from brawl.server.db import METADATA, make_engine

from .conftest import wait_for

DATA = Path(__file__).parent / "data"
RELEASE = DATA / "release-0.1.0.sqlite3"  # written by brawl 0.1.0's own server: bot games of every game,
RELEASE_ROOMS = json.loads((DATA / "release-0.1.0.json").read_text())  # a finished human game, one in progress


def release_copy(tmp_path: Path) -> str:
    target = tmp_path / "old.sqlite3"
    shutil.copy(RELEASE, target)
    return f"sqlite:///{target}"


def test_the_release_database_has_no_migration_mark():
    """The fixture is what 0.1.0 wrote: its tables without Alembic's version table."""
    found = inspect(create_engine(f"sqlite:///{RELEASE}"))
    assert "rooms" in found.get_table_names() and "alembic_version" not in found.get_table_names()


def test_a_release_database_upgrades_in_place_and_every_game_replays(tmp_path):
    url = release_copy(tmp_path)
    with TestClient(create_app(url, bot_delay=0)) as client:
        with client.app.state.engine.connect() as conn:
            assert migrations.current(conn) == migrations.head()
        for room in RELEASE_ROOMS["finished"]:
            r = client.get(f"/api/rooms/{room}/record")
            assert r.status_code == 200, r.text
            replay(Record.from_json(r.json()))  # raises on any decision or roll that does not replay exactly
            # and verified as `brawl verify` does: the commitment covers the options as they were
            # stored, though games have gained options since (Kniggits: measure)
            assert verify(Record.from_json(r.json()), make_game).ok, room
        names = [s["player"] for s in client.get(f"/api/rooms/{RELEASE_ROOMS['finished'][-1]}").json()["seats"]]
        assert names == ["Player 1", "Player 2"]
        chat = client.get(f"/api/rooms/{RELEASE_ROOMS['finished'][-1]}/chat").json()
        assert "good game" in json.dumps(chat)


def test_a_game_in_progress_in_a_release_database_goes_on(tmp_path):
    url = release_copy(tmp_path)
    room, token = RELEASE_ROOMS["in_progress"], RELEASE_ROOMS["token"]
    with TestClient(create_app(url, bot_delay=0)) as client:
        def my_turn():
            v = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": token}).json()
            return v if v["legal"] else None

        v = wait_for(my_turn)
        before = v["last"]
        r = client.post(f"/api/rooms/{room}/decisions", json={"token": token, "action": v["legal"][0]["action"]})
        assert r.status_code == 200, r.text
        assert client.get(f"/api/rooms/{room}").json()["last"] > before


def test_the_tables_of_the_store_are_the_tables_the_migrations_make(tmp_path):
    """A change to db.py's tables without its migration (or the reverse) fails here."""
    for url in (f"sqlite:///{tmp_path / 'fresh.sqlite3'}", release_copy(tmp_path)):
        engine = make_engine(url)
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), METADATA)
        assert diff == [], diff


def test_opening_an_upgraded_database_again_migrates_nothing(tmp_path):
    url = release_copy(tmp_path)
    make_engine(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
        assert conn.exec_driver_sql("select count(*) from alembic_version").scalar() == 1
