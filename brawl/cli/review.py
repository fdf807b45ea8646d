"""``brawl review``: the review of a finished game, from a record file or a room on a server."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Optional

import typer

from ..core.game import BrawlError
from .app import app, console, err, handle_errors

POLL_SECONDS = 0.5


def _from_server(server: str, room: str, params: dict, quiet: bool) -> dict:
    """The server's review of ``room`` (``GET /api/rooms/ID/review``), waiting while it is worked out."""
    url = f"{server.rstrip('/')}/api/rooms/{urllib.parse.quote(room, safe='')}/review"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    while True:
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                data = json.loads(response.read().decode())
        except urllib.error.HTTPError as exc:
            try:
                message = json.loads(exc.read().decode()).get("error") or str(exc)
            except Exception:
                message = str(exc)
            raise BrawlError(f"the server refused the review: {message}") from None
        except (urllib.error.URLError, OSError) as exc:
            raise BrawlError(f"cannot reach {server}: {exc}") from None
        if data.get("status") != "running":
            return data
        if not quiet:
            p = data.get("progress") or {}
            err.print(f"reviewing on the server: step {p.get('done', 0)} of {p.get('total', '?')}", markup=False)
        time.sleep(POLL_SECONDS)


@app.command()
def review(
    record: Optional[Path] = typer.Argument(None, help="a game record (JSON), as `brawl play --save` writes it"),
    as_json: bool = typer.Option(False, "--json", help="print the review as one JSON object"),
    server: Optional[str] = typer.Option(None, "--server", help="a brawl server's address (with --room)"),
    room: Optional[str] = typer.Option(None, "--room", help="the room of a finished game on --server"),
    estimate: bool = typer.Option(False, "--estimate", help="estimate by playouts even where a solver covers the game"),
    solve: bool = typer.Option(False, "--solve", help="solve the game first when that takes minutes, for an exact review"),
    playouts: int = typer.Option(32, "--playouts", min=2, max=10_000, help="playouts per position of an estimate"),
    candidates: int = typer.Option(4, "--candidates", min=1, max=50, help="decisions compared at a position of an estimate"),
    bot: Optional[str] = typer.Option(None, "--bot", help="the bot of the playouts (default: the strongest)"),
    seed: int = typer.Option(1, "--seed", help="the dice seed of the playouts"),
    budget: Optional[float] = typer.Option(None, "--budget", min=1, help="seconds an estimate aims at: the strongest bot "
                                           "and the most playouts (up to --playouts) that fit"),
    every: bool = typer.Option(False, "--every", help="list every decision, not only those that lost"),
) -> None:
    """Review a finished game: each decision's win chance and judgement (best, good, inaccuracy,
    mistake, blunder), each roll's swing, and every seat's accuracy, luck and skill.  Exact where
    a solver covers the game (Krig, the KtOG duel), estimated by playouts elsewhere."""
    from ..review import review as review_record
    from ..review.text import lines

    with handle_errors():
        if (server is None) != (room is None):
            raise BrawlError("--server and --room go together")
        if server is not None:
            if record is not None:
                raise BrawlError("give a record file or --server and --room, not both")
            params = {"method": "estimate"} if estimate else {}
            data = _from_server(server, room, params, as_json)
        else:
            if record is None:
                raise BrawlError("give a record file, or --server URL --room ID")
            try:
                raw = json.loads(record.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise BrawlError(f"cannot read record {record}: {exc}") from None

            def progress(done: int, total: int) -> None:
                if not as_json and (done % 20 == 0 or done == total):
                    err.print(f"reviewing: step {done} of {total}", markup=False)

            data = review_record(raw, method="estimate" if estimate else "auto", playouts=playouts,
                                 candidates=candidates, bot=bot, seed=seed, solve=solve, progress=progress,
                                 budget=budget)
        if as_json:
            print(json.dumps(data))
            return
        for line in lines(data, every=every):
            console.print(line, markup=False)
