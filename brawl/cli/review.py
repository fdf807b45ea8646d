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
            what = "solving the game first (once; then it is kept)" if p.get("phase") == "solving" else \
                f"{p.get('done', 0)} of {p.get('total', '?')}"
            err.print(f"reviewing on the server: {what}", markup=False)
        time.sleep(POLL_SECONDS)


LUCK_AND_SKILL = """Luck and skill: the review follows every seat's win chance from position to position
along the game.  A roll (or a round of hidden choices revealed together) moves it by luck, a
decision by skill; each seat is credited with what each step did to its own win chance, so for
every seat and any number of seats start + luck + skill = result, and what is left (shown as
"other": rounding, or a game the server ended early) is the residual.  A seat's skill is what its
own decisions did to it (minus its losses, in an exact review) plus what the others' decisions
gave it or took from it.  An estimate counts its budget in playouts, not seconds, so a record
gets the same review on any machine; a judgement its playouts cannot decide is "uncertain", and
accuracy counts the judged decisions only."""


def _bar(as_json: bool):
    """A progress line on stderr: playouts spent of the budget (an estimate), steps (exact)."""
    shown = {"at": -1}

    def progress(done: int, total: int) -> None:
        if as_json or total <= 0:
            return
        tenth = int(10 * done / total)
        if tenth == shown["at"]:
            return
        shown["at"] = tenth
        err.print(f"reviewing [{'#' * 4 * tenth}{'.' * (40 - 4 * tenth)}] {done} of {total}", markup=False)

    return progress


@app.command(epilog=LUCK_AND_SKILL)
def review(
    record: Optional[Path] = typer.Argument(None, help="a game record (JSON), as `brawl play --save` writes it"),
    as_json: bool = typer.Option(False, "--json", help="print the review as one JSON object"),
    server: Optional[str] = typer.Option(None, "--server", help="a brawl server's address (with --room)"),
    room: Optional[str] = typer.Option(None, "--room", help="the room of a finished game on --server"),
    estimate: bool = typer.Option(False, "--estimate", help="estimate by playouts even where a solver covers the game"),
    solve: bool = typer.Option(False, "--solve", help="solve the game first when that takes minutes, for an exact review"),
    budget: Optional[int] = typer.Option(None, "--budget", min=10, max=10_000_000,
                                         help="playouts an estimate may spend in all (default: the game's, sized to "
                                              "about 30 s on a 2-core machine); the same on any machine"),
    playouts: int = typer.Option(16, "--playouts", min=2, max=10_000,
                                 help="playouts per position of the game's path in an estimate (fewer when the budget is small)"),
    candidates: int = typer.Option(12, "--candidates", min=1, max=50,
                                   help="compare every legal decision when there are at most this many"),
    bot: Optional[str] = typer.Option(None, "--bot", help="the playouts' policy: a bot's name, or 'mix' "
                                      "(default: the optimal bot where it can play, else the game's mix)"),
    seed: int = typer.Option(1, "--seed", help="the dice seed of the playouts"),
    every: bool = typer.Option(False, "--every", help="list every decision, not only those that lost"),
) -> None:
    """Review a finished game: each decision's win chance and judgement (best, good, inaccuracy,
    mistake, blunder, or uncertain where an estimate cannot tell), each roll's swing, and every
    seat's accuracy, luck and skill.  Exact where a solver covers the game (Krig, the KtOG duel) or
    each round is a matrix game (rock-paper-scissors), estimated by playouts elsewhere."""
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
            data = review_record(raw, method="estimate" if estimate else "auto", budget=budget, playouts=playouts,
                                 candidates=candidates, bot=bot, seed=seed, solve=solve, progress=_bar(as_json))
        if as_json:
            print(json.dumps(data))
            return
        for line in lines(data, every=every):
            console.print(line, markup=False)
