"""Issue 12, point 1 and the start-up target (under 2 s with 10,000 stored rooms,
``benchmarks/web_startup.py``): what ``brawl serve`` does before it answers must not grow with what
the database holds, and the app imports nothing a room of some game or a page would need first."""

from __future__ import annotations

import json
import subprocess
import sys

from sqlalchemy import select, text

from brawl.server.app import create_app
from brawl.server.db import ROOMS, WAKING, make_engine, make_sessions
from brawl.server.store import Store

HEAVY = ("numba", "numpy", "scipy", "shapely", "markdown_it", "rich.markdown", "sqlalchemy.orm")


def test_the_app_and_the_command_import_no_game_and_no_heavy_library():
    """Issue 12, point 1 (start-up): importing the command line and the web app loads no game's
    rules, solver or bots and none of NumPy, Numba, SciPy, Shapely, the Markdown renderers or the
    ORM; a room of a game or a page that asks imports them on first use."""
    code = ("import json, sys, brawl.cli, brawl.server.app; "
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in %r or m in %r "
            "or (m.startswith('brawl.games.') and m != 'brawl.games.entry'))))"
            % (tuple(h.split('.')[0] for h in HEAVY if '.' not in h), HEAVY))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert json.loads(out.stdout) == []


def test_a_game_is_imported_when_asked_for():
    """The other side of the test above: a room of a game does import its rules (the lazy import
    is not a missing one)."""
    code = ("import json, sys, brawl.server.app; from brawl.games import make_game; make_game('krig'); "
            "print(json.dumps('brawl.games.krig.rules' in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert json.loads(out.stdout) is True


def test_the_rooms_to_resume_are_found_through_an_index(tmp_path):
    """Issue 12, point 1: start-up reads the rooms where the server must act through an index of
    those rooms alone, not by scanning every stored room."""
    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        with engine.connect() as conn:
            plan = conn.execute(text("EXPLAIN QUERY PLAN " + str(select(ROOMS.c.id).where(WAKING).compile(
                engine, compile_kwargs={"literal_binds": True})))).fetchall()
        assert any("USING INDEX ix_rooms_waking" in row[-1] for row in plan), plan
    finally:
        engine.dispose()


def test_an_older_database_gets_the_index_in_place(tmp_path):
    """A database made before the index existed (and before the migrations: 0.1.0's tables, no
    Alembic mark) keeps its rooms and gets the index when the server opens it."""
    from sqlalchemy import create_engine, insert

    from brawl.server.migrations import release_schema

    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    old = create_engine(url)
    tables = release_schema.tables()
    tables.create_all(old)
    with old.begin() as conn:
        conn.execute(text("DROP INDEX ix_rooms_waking"))
        conn.execute(insert(tables.tables["rooms"]).values(
            id="r1", game="rps", options={}, dice_kind="committed", seed_hex="00", commitment="c", public=False,
            wake=True))
    old.dispose()
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            names = [r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'index'"))]
        assert "ix_rooms_waking" in names
        assert Store(make_sessions(engine)).waking() == ["r1"]
    finally:
        engine.dispose()


def test_every_refusal_on_the_api_page_names_the_error_schema():
    """The API page lists each refusal with the ErrorOut schema (written as a reference, so the app
    builds no validator per route and code), and every reference on the page resolves."""
    doc = create_app("sqlite://").openapi()
    schemas = doc["components"]["schemas"]
    assert "error" in schemas["ErrorOut"]["properties"]
    refs = []

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.append(node["$ref"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(doc)
    assert refs and all(r.rsplit("/", 1)[1] in schemas for r in refs)
    decide = doc["paths"]["/api/rooms/{room_id}/decisions"]["post"]["responses"]
    for code in ("400", "403", "404", "409", "413", "422", "429", "503"):
        assert decide[code]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorOut"}


def test_resuming_rooms_leaves_the_event_loop_free_between_them(tmp_path):
    """Start-up loads the rooms where the server must act in the background, one at a time, so
    requests are answered meanwhile however many there are."""
    import asyncio

    from brawl.server.hub import Hub

    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    engine = make_engine(url)
    first = Hub(Store(make_sessions(engine)))
    ids = [first.create("rps", {}, ["human", "human"])[0].id for _ in range(5)]
    with engine.begin() as conn:
        conn.execute(ROOMS.update().values(wake=True))
    hub = Hub(Store(make_sessions(engine)))

    async def main():
        task = asyncio.create_task(hub.resume_gently())
        seen = []
        while not task.done():
            seen.append(len(hub.rooms))
            await asyncio.sleep(0)
        return seen, task.result()

    try:
        seen, count = asyncio.run(main())
    finally:
        engine.dispose()
    assert count == 5 and sorted(hub.rooms) == sorted(ids)
    assert any(0 < n < 5 for n in seen), seen  # another task ran between two rooms
