"""The web app on PostgreSQL (issue 4: "any SQLAlchemy URL (PostgreSQL) works too").

A throwaway PostgreSQL cluster is started in a temporary directory on a free port for this module
(as the ``postgres`` user when the tests run as root, since initdb refuses root), each test gets a
fresh database in it, and the server's own tests run against ``postgresql+psycopg://``: the
restarts, whole games with verified records, and the decision clocks.  Skipped with the reason
when PostgreSQL (``bash scripts/install-debian.sh postgresql '/usr/lib/postgresql/*/bin/initdb'``) or psycopg (the ``postgres`` extra) is
missing."""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brawl.cli import app as cli_app
from brawl.core.dice import die
from brawl.core.game import Chance
from brawl.games import register
from brawl.server.db import database_url, make_engine, shown_url

from . import test_api, test_every_game, test_live, test_small_faults, test_timer
from .conftest import decide, make_room, unregister, view
from .pointgame import PointGame
from .test_timer import clock  # noqa: F401  (a fixture the clock test needs)

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed: pip install -e '.[postgres]'")


def server_binaries() -> Path | None:
    """The newest PostgreSQL server binaries Debian installed, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: [int(x) if x.isdigit() else x for x in Path(p).parts[-3].split(".")])
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A PostgreSQL cluster of its own: initdb, pg_ctl start, and everything removed at the end."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="brawl-pg-"))  # under /tmp: reachable by another user
        self.data = self.base / "data"
        self.port = free_port()
        self.as_user: str | None = None
        if os.geteuid() == 0:
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                raise RuntimeError("running as root and there is no postgres user for initdb") from None
            self.as_user = "postgres"
            os.chown(self.base, account.pw_uid, account.pw_gid)

    def run(self, tool: str, *args: str) -> None:
        cmd = [str(self.bindir / tool), *args]
        if self.as_user:
            cmd = ["runuser", "-u", self.as_user, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self) -> None:
        self.run("initdb", "-D", str(self.data), "-U", "brawl", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.base} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.base / "log"), "-w", "-t", "60", "start")

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://brawl@127.0.0.1:{self.port}/{database}"

    def admin(self, sql: str) -> None:
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=brawl dbname=postgres", autocommit=True) as conn:
            conn.execute(sql)


@pytest.fixture(scope="module")
def cluster():
    bindir = server_binaries()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin); "
                    "bash scripts/install-debian.sh postgresql '/usr/lib/postgresql/*/bin/initdb' installs it")
    if shutil.which("runuser") is None and os.geteuid() == 0:
        pytest.skip("running as root without runuser: initdb cannot run as another user")
    c = Cluster(bindir)
    try:
        c.start()
    except Exception:
        c.stop()
        raise
    yield c
    c.stop()


_numbers = itertools.count()


@pytest.fixture
def db_url(cluster) -> str:
    """A fresh, empty database in the cluster for each test (this replaces the SQLite file of
    tests/server/conftest.py, so ``client`` runs on PostgreSQL too)."""
    name = f"brawl_{os.getpid()}_{next(_numbers)}"
    cluster.admin(f"CREATE DATABASE {name}")
    yield cluster.url(name)
    cluster.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_the_store_is_postgresql(db_url):
    """What follows really runs on PostgreSQL: the engine's dialect and the tables it made."""
    engine = make_engine(db_url)
    try:
        assert engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg"
        with engine.connect() as conn:
            tables = set(conn.exec_driver_sql("select tablename from pg_tables where schemaname = 'public'").scalars())
        assert {"rooms", "seats", "events"} <= tables
    finally:
        engine.dispose()


def test_restart_mid_game_loses_nothing(db_url):
    """Issue 4, event sourcing, on PostgreSQL: the server's restart test."""
    test_live.test_restart_mid_game_loses_nothing(db_url)


def test_restart_resumes_a_waiting_bot(db_url):
    test_live.test_restart_resumes_a_waiting_bot(db_url)


def test_a_whole_game_then_the_record_verifies(client, tmp_path):
    """Issue 4, fair dice, on PostgreSQL: a whole Krig game through the API to a record that verifies."""
    test_api.test_play_to_the_end_then_record_verifies_against_the_commitment(client, tmp_path)


def test_refusals_change_nothing(client):
    test_api.test_decision_refusals_change_nothing(client)


def test_a_failed_store_changes_nothing(client, monkeypatch):
    test_live.test_failed_store_refuses_the_decision_and_changes_nothing(client, monkeypatch)


@pytest.mark.parametrize("game", ["ktog", "kniggits", "tactics"])
def test_games_with_every_kind_of_state(client, game):
    """Bots play a whole game of each kind (many seats, a measured table, a grid) to a record that
    verifies, and the room rebuilt from PostgreSQL's events reads the same."""
    test_every_game.test_game_plays_through_the_server(client, game)


def test_a_sealed_choice_raced_by_another_process_is_stored_after_it(db_url):
    """Issue 29, point 7, on PostgreSQL: two processes' sealed choices at one decision do not conflict."""
    test_small_faults.test_a_sealed_choice_beaten_to_the_store_by_another_is_still_accepted(db_url)
    test_small_faults.test_a_decision_after_the_race_is_lost_is_still_refused(db_url)


def test_an_open_fight_clock_starts_again_after_a_restart(db_url, clock):  # noqa: F811
    """Rule 19 (Kniggits) on PostgreSQL: the sealed hand survives a restart and the clock re-arms."""
    test_timer.test_an_open_clock_starts_again_after_a_restart(db_url, clock)


def test_urls_without_a_driver_use_psycopg(cluster):
    """``postgresql://`` and ``postgres://`` (no driver named) use psycopg 3, and brawl serve never
    prints a password."""
    for scheme in ("postgresql", "postgres"):
        assert database_url(f"{scheme}://u:secret@h/brawl").drivername == "postgresql+psycopg"
    engine = make_engine(f"postgresql://brawl@127.0.0.1:{cluster.port}/postgres")
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("select 1").scalar() == 1
    finally:
        engine.dispose()
    assert "secret" not in shown_url("postgresql://u:secret@h/brawl")
    result = CliRunner().invoke(cli_app, ["serve", "--db", f"postgresql://brawl:secret@127.0.0.1:{free_port()}/none"])
    assert result.exit_code == 2 and "cannot open the database" in result.output
    assert "secret" not in result.output


LONG_NAME = "d6 " + "of fortune, " * 10  # a chance event's name longer than the old 64-character column


class LongDiceGame(PointGame):
    """The point game with a die whose name is long."""

    name = "longdice"

    def node(self, state):
        node = super().node(state)
        return Chance(die(6, LONG_NAME, "luck"), node.seat) if isinstance(node, Chance) else node


@pytest.fixture
def longdice(monkeypatch):
    monkeypatch.setitem(sys.modules, "brawl.games.longdice", types.ModuleType("brawl.games.longdice"))
    register("longdice", f"{__name__}:LongDiceGame")
    yield "longdice"
    unregister("longdice")


def test_a_long_event_name_is_stored(client, longdice):
    """PostgreSQL enforces column lengths (SQLite does not): a roll of a die with a long name is
    stored, and the room rebuilt from the store reads the same."""
    room = make_room(client, game=longdice)
    r = decide(client, room, 0, "1,1")
    assert r.status_code == 200, r.text
    assert any(e.get("event") == LONG_NAME for e in r.json()["accepted"])
    before = view(client, room, None)
    client.app.state.hub.rooms.pop(room["room"])
    assert view(client, room, None) == before


def test_a_group_commit_stores_on_postgresql_what_it_stores_on_sqlite(db_url, tmp_path):
    """The writer's group commit (``Store.append_many``: several rooms' events, wake flags and news in
    one transaction, on PostgreSQL one statement) reads back the same from PostgreSQL as from
    SQLite: a JSON outcome, columns empty in every row of the group (no seat, no client id), a
    sealed choice, the time; the rooms' wake flags are set; the news is announced once it commits;
    and a group in which one event number is taken already stores nothing at all, for any of its
    rooms (a conflict), and announces nothing.  (On PostgreSQL such a group is a statement run in
    autocommit, a transaction by itself: this is what makes it all or nothing.)"""
    from datetime import datetime, timezone
    from types import SimpleNamespace

    from sqlalchemy import select

    from brawl.server.db import EVENTS, make_sessions
    from brawl.server.hub import Hub
    from brawl.server.settings import Settings
    from brawl.server.store import CHANNEL, Conflict, Store

    at = datetime(2026, 11, 26, 6, 30, tzinfo=timezone.utc)

    def rows(room_id: str, start: int) -> list[dict]:
        base = {"room_id": room_id, "seat": None, "action": None, "event": None, "outcome": None, "sealed": False,
                "client_id": None, "created_at": at}
        return [dict(base, n=start, kind="roll", event="d6", outcome=[3, {"x": 1.5}]),
                dict(base, n=start + 1, kind="roll", event="d20", outcome=17),
                dict(base, n=start + 2, kind="decision", seat=1, action="paper", sealed=True)]

    read = {}
    listener = psycopg.connect(database_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False),
                               autocommit=True)
    listener.execute(f"LISTEN {CHANNEL}")
    for name, url in (("postgresql", db_url), ("sqlite", f"sqlite:///{tmp_path / 'db.sqlite3'}")):
        engine = make_engine(url)
        try:
            store = Store(make_sessions(engine))
            hub = Hub(store, Settings(rooms_per_minute=10_000))
            a, _ = hub.create("rps", {}, ["human", "human"])
            b, _ = hub.create("rps", {}, ["human", "human"])
            assert a.last == b.last == -1  # rock-paper-scissors starts with no event
            news = {a.id: 'x|' + a.id + '|events|[{"n":0,"q":"\\"quoted\\""}]', b.id: None}
            writes = [SimpleNamespace(room=r, rows=rows(r.id, r.last + 1), wake=wake, finished=False, time_control=None,
                                      news=news[r.id]) for r, wake in ((a, True), (b, False))]
            store.append_many(writes)
            got = [store.events_after(r.id, r.last) for r in (a, b)]
            assert [[{k: e[k] for k in ("n", "kind", "seat", "action", "event", "outcome", "sealed", "client_id")}
                     for e in events] for events in got] == \
                [[{k: v for k, v in row.items() if k not in ("room_id", "created_at")} for row in w.rows] for w in writes]
            with engine.connect() as conn:
                times = conn.execute(select(EVENTS.c.created_at).where(EVENTS.c.room_id.in_([a.id, b.id]))).scalars().all()
            assert len(times) == 6 and all(t.replace(tzinfo=t.tzinfo or timezone.utc) == at for t in times)
            assert set(store.waking()) >= {a.id} and b.id not in store.waking()
            if name == "postgresql":
                assert [n.payload for n in listener.notifies(timeout=5, stop_after=1)] == [news[a.id]]
            taken = [SimpleNamespace(room=r, rows=rows(r.id, r.last + 1 + 3 * (r is b)), wake=True, finished=False,
                                     time_control=None, news="refused") for r in (a, b)]  # a's numbers are taken
            with pytest.raises(Conflict):
                store.append_many(taken)
            assert store.events_after(b.id, b.last) == got[1]  # b's rows were not stored either
            if name == "postgresql":
                assert list(listener.notifies(timeout=0.3)) == []
                assert store._alone is not None  # both groups went as one statement in autocommit
            read[name] = got
        finally:
            store.release()
            engine.dispose()
    listener.close()

    def strip(events):
        return [[{k: v for k, v in e.items() if k != "room_id"} for e in room] for room in events]
    assert strip(read["postgresql"]) == strip(read["sqlite"])


@pytest.mark.parametrize("room_id", ["x'; DROP TABLE rooms; --", "a\\b'", "%(room)s", "\u00fc\u20ac\U0001F3B2", "$1", "a\x00b"])
def test_a_room_id_is_only_ever_a_value_to_the_database(client, room_id):
    """Loading a room sends its five queries as one, with the room id written in as a literal the
    driver quotes: an id made of quotes, backslashes, placeholders, any Unicode or a NUL (which
    PostgreSQL's text cannot hold) is just a room that does not exist (404), and the store goes on
    as before."""
    from urllib.parse import quote

    room = make_room(client)
    r = client.get("/api/rooms/" + quote(room_id, safe=""))
    assert r.status_code == 404 and "no room" in r.json()["error"]
    hub = client.app.state.hub
    hub.forget(room["room"])  # read from the database again
    assert view(client, room, None)["room"] == room["room"]


def test_the_writers_own_connection_outlives_the_database_ending_it(cluster, db_url):
    """Issue 12 (a database outage answers 503; nothing accepted is lost): the writer stores a group
    of plain decisions on a connection of its own in autocommit (one statement, one round trip).
    When the database ends that connection, the next group is stored on a fresh one; while the
    database takes no connections a group is refused with 503 and nothing of it is stored; once it
    takes them again the group is stored."""
    from types import SimpleNamespace

    from brawl.server.db import make_sessions
    from brawl.server.hub import Hub
    from brawl.server.settings import Settings
    from brawl.server.store import Store, Unavailable, event_row

    engine = make_engine(db_url)
    store = Store(make_sessions(engine))
    database = db_url.rsplit("/", 1)[1]
    ended = f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'"
    try:
        hub = Hub(store, Settings(rooms_per_minute=10_000))
        room, _ = hub.create("rps", {}, ["human", "human"])

        def group():  # one sealed choice, stored as the writer stores it
            start = room.last + 1
            room.decide(room.waiting()[0], "rock")
            return [SimpleNamespace(room=room, rows=[event_row(room, start)], wake=False, finished=False,
                                    time_control=None, news=None)]

        store.append_many(group())
        first = store._alone
        assert first is not None  # the writer's own connection
        cluster.admin(ended)  # the database ends it (and every other)
        store.append_many(group())
        assert store._alone is not first and [e["n"] for e in store.events_after(room.id, -1)] == [0, 1]
        cluster.admin(f"ALTER DATABASE {database} WITH ALLOW_CONNECTIONS false")
        cluster.admin(ended)
        try:
            refused = group()
            with pytest.raises(Unavailable) as down:
                store.append_many(refused)
            assert down.value.status == 503
        finally:
            cluster.admin(f"ALTER DATABASE {database} WITH ALLOW_CONNECTIONS true")
        assert [e["n"] for e in store.events_after(room.id, -1)] == [0, 1]  # nothing of it was stored
        store.append_many(refused)  # the database is back: the same group is stored
        assert [e["n"] for e in store.events_after(room.id, -1)] == [0, 1, 2]
    finally:
        store.release()
        engine.dispose()


def test_loading_a_room_reads_on_postgresql_what_sqlalchemy_reads(cluster, db_url, tmp_path):
    """``Store.load`` runs its five queries on the driver's cursor (one round trip on PostgreSQL) and
    converts each value itself: what it gives is what SQLAlchemy's own execution of the same
    queries gives, types included, on PostgreSQL and on SQLite, for a room with a snapshot, events
    after it, chat, named seats, JSON options and time control; without the snapshot's code, all
    events and no snapshot; an unknown room is 404.  On PostgreSQL, a pooled connection the
    database has ended is replaced and the load goes on; a database that takes no connections is
    503 (the driver's own errors are SQLAlchemy's to the store)."""
    from sqlalchemy import select

    from brawl.server.db import CHAT, EVENTS, ROOMS, SEATS, SNAPSHOTS, make_sessions
    from brawl.server.hub import Hub
    from brawl.server.room import RoomError
    from brawl.server.settings import Settings
    from brawl.server.store import EVENT_COLUMNS, Store

    for url in (db_url, f"sqlite:///{tmp_path / 'db.sqlite3'}"):
        engine = make_engine(url)
        try:
            store = Store(make_sessions(engine))
            hub = Hub(store, Settings(rooms_per_minute=10_000, decisions_per_second=10_000))
            room, _ = hub.create("krig", {"hp": 20}, ["human", "human"], time_control={"mode": "game", "seconds": 600, "increment": 2})
            hub.set_name(room, 0, "Ada")
            hub.chat(room, 1, "good luck")
            for _ in range(3):
                seat = room.waiting()[0]
                hub.decide_now(room, seat, room.game.legal_actions(room.match.state, seat)[0])
            store.save_snapshot(room.id, 2, "code-1", b"\x00snapshot\xff")

            with engine.connect() as conn:
                def rows(query):
                    return [dict(r) for r in conn.execute(query).mappings().all()]
                row = rows(select(ROOMS).where(ROOMS.c.id == room.id))[0]
                seats = rows(select(SEATS).where(SEATS.c.room_id == room.id).order_by(SEATS.c.seat))
                chat = rows(select(CHAT.c.n, CHAT.c.seat, CHAT.c.text, CHAT.c.created_at)
                            .where(CHAT.c.room_id == room.id).order_by(CHAT.c.n))
                events = rows(select(*EVENT_COLUMNS).where(EVENTS.c.room_id == room.id).order_by(EVENTS.c.n))
                snap = conn.execute(select(SNAPSHOTS).where(SNAPSHOTS.c.room_id == room.id)).first()

            def typed(value):
                return [(type(v).__name__, v) for v in value.values()] if isinstance(value, dict) else value

            got = store.load(room.id, "code-1")
            assert typed(got.row) == typed(row) and row["options"]["hp"] == 20 and row["time_control"]
            assert [typed(s) for s in got.seats] == [typed(s) for s in seats] and got.seats[0]["player"] == "Ada"
            assert [typed(c) for c in got.chat] == [typed(c) for c in chat] and len(chat) == 1
            assert [typed(e) for e in got.events] == [typed(e) for e in events if e["n"] > 2] != []
            assert got.snapshot == (2, "code-1", snap.data) and type(got.snapshot[2]) is type(snap.data)
            whole = store.load(room.id)
            assert whole.snapshot is None and [typed(e) for e in whole.events] == [typed(e) for e in events]
            assert store.load(room.id, "another code").events == whole.events
            with pytest.raises(RoomError) as missing:
                store.load("no-such-room")
            assert missing.value.status == 404
            if url == db_url:
                database = db_url.rsplit("/", 1)[1]
                ended = f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'"
                cluster.admin(ended)
                assert store.load(room.id).events == whole.events  # on a fresh connection
                cluster.admin(f"ALTER DATABASE {database} WITH ALLOW_CONNECTIONS false")
                cluster.admin(ended)
                try:
                    with pytest.raises(RoomError) as down:
                        store.load(room.id)
                    assert down.value.status == 503
                finally:
                    cluster.admin(f"ALTER DATABASE {database} WITH ALLOW_CONNECTIONS true")
        finally:
            engine.dispose()
