"""Schema changes as Alembic migrations, applied when the server opens its database.

``upgrade(engine)`` brings any database brawl ever wrote to the newest schema in place, keeping every
stored game:

- a new database gets every migration from the first;
- a database at an older migration gets the ones after it;
- a database written before migrations existed (it has ``rooms`` but no ``alembic_version``) first
  gets the nullable columns and indexes it may lack against the first migration's schema, is then
  marked as being at the first migration, and goes on from there.

On PostgreSQL several server processes may open one database at the same moment: an advisory lock
held for the transaction lets one migrate while the others wait, then find nothing left to do.  On
SQLite the transaction takes the database's write lock before it reads the revision (``BEGIN
IMMEDIATE``), with the same effect; a process that finds the lock taken tries again until the
other has migrated (two ``brawl serve`` starting at once on an old file used to leave the second
with "table accounts already exists").

To change the schema: change the tables in ``brawl/server/db.py`` and add a file under
``versions/`` whose ``down_revision`` is the newest one (``alembic revision`` with
``script_location`` set to this folder writes one from ``script.py.mako``).
``tests/server/test_migrations.py`` fails while the tables in ``db.py`` and the migrations disagree.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).resolve().parent
FIRST = "0001"
LOCK_KEY = 0x6272_6177  # the PostgreSQL advisory lock taken while migrating


@lru_cache(maxsize=1)
def _config():
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    return config


@lru_cache(maxsize=1)
def head() -> str:
    """The newest migration's revision."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config()).get_current_head()


def current(conn: Connection) -> str | None:
    """The revision a database is at (None: no migration ever ran on it)."""
    if not inspect(conn).has_table("alembic_version"):
        return None
    return conn.execute(text("select version_num from alembic_version")).scalar()


def upgrade(engine: Engine) -> None:
    """Bring the database of ``engine`` to the newest schema (a no-op when it is there)."""
    import time

    from sqlalchemy.exc import OperationalError

    deadline = time.monotonic() + 300
    while True:
        try:
            return _upgrade(engine)
        except OperationalError as exc:  # SQLite: another process holds the write lock (migrating)
            if engine.dialect.name != "sqlite" or "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _upgrade(engine: Engine) -> None:
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("select pg_advisory_xact_lock(:k)"), {"k": LOCK_KEY})
        elif conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock, before the revision is read
        at = current(conn)
        if at == head():
            return
        from alembic import command

        config = _config()
        config.attributes["connection"] = conn
        if at is None and inspect(conn).has_table("rooms"):
            _release_columns(conn)
            command.stamp(config, FIRST)
        command.upgrade(config, "head")


def _release_columns(conn: Connection) -> None:
    """A database older than the migrations lacks some nullable columns and indexes of the first
    migration's schema: add them, so that it matches the first migration exactly."""
    from sqlalchemy import Boolean

    from . import release_schema

    found = inspect(conn)
    for table in release_schema.tables().sorted_tables:
        have = {c["name"] for c in found.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have:
                kind = column.type.compile(dialect=conn.dialect)
                default = " DEFAULT FALSE" if isinstance(column.type, Boolean) else ""
                conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}{default}"))
        indexed = {i["name"] for i in found.get_indexes(table.name)}
        for index in table.indexes:
            if index.name not in indexed:
                index.create(conn)
