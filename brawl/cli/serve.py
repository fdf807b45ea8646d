"""``brawl serve`` (the web app) and ``brawl verify`` (check a record's dice against its revealed seed)."""

from __future__ import annotations

from typing import Optional

import typer

from ..core.record import Record, RecordError, replay
from .app import app, console, fail


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: Optional[str] = typer.Option(None, help="SQLAlchemy database URL (default: sqlite file ./brawl.sqlite3)"),
    bot_delay: float = typer.Option(0.6, help="seconds a bot waits before moving, so people can follow"),
) -> None:
    """Run the web app: lobby, rooms with invite links, bots, fair dice (open http://HOST:PORT/)."""
    import uvicorn
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from ..server.app import create_app, default_db_url
    from ..server.db import shown_url

    if not 0 < port < 65536:
        fail(f"bad port {port}: use 1 to 65535")
    if bot_delay < 0:
        fail("--bot-delay cannot be negative")
    url = db or default_db_url()
    shown = shown_url(url)
    try:
        web = create_app(url, bot_delay=bot_delay)
    except ArgumentError as exc:
        fail(f"bad --db URL {shown!r}: {exc}")
    except ImportError as exc:
        fail(f"no driver for the database {shown!r}: {exc.name or exc} is not installed "
             "(PostgreSQL: pip install -e '.[postgres]', which bash scripts/setup.sh does)")
    except SQLAlchemyError as exc:
        fail(f"cannot open the database {shown!r}: {getattr(exc, 'orig', None) or exc}")
    console.print(f"brawl serving on http://{host}:{port}/  (API docs: /docs, database: {shown})", markup=False)
    uvicorn.run(web, host=host, port=port, log_level="info")


@app.command()
def verify(record: str = typer.Argument(..., help="a game record (from a room's record link or brawl play --save)")) -> None:
    """Recompute every roll of a record from its revealed seed; print OK or exactly what differs."""
    try:
        rec = Record.load(record)
    except RecordError as exc:
        fail(str(exc))
    if "seed" not in rec.dice:
        fail("the record holds no revealed seed: the dice cannot be checked (the seed is revealed when the game ends)", 1)
    try:
        match = replay(rec, verify=True)
    except RecordError as exc:
        console.print(f"MISMATCH: {exc}", markup=False, soft_wrap=True)
        raise typer.Exit(1)
    except Exception as exc:  # an illegal decision or an impossible roll in a tampered record
        console.print(f"MISMATCH: the record does not replay: {exc}", markup=False, soft_wrap=True)
        raise typer.Exit(1)
    rolls = len(rec.rolls())
    commit = rec.dice.get("commitment")
    what = f"seed matches commitment {commit[:16]}..., " if commit else ""
    console.print(f"OK: {what}{rolls} rolls and {len(rec.decisions())} decisions replay exactly"
                  + ("; game over" if match.over else ""), markup=False, soft_wrap=True)
