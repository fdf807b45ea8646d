"""``/api/rooms/ID/review`` and ``/api/puzzles``: the review of a finished game, and puzzles drawn
from the reviews of stored games.

A review is worked out off the event loop: an exact one (a saved or quick solution) in a thread
while the request waits (a fraction of a second); anything longer (an estimate by playouts, or an
exact review whose solution must first be worked out: once, then saved) is a job of
:class:`brawl.review.jobs.Jobs`, run in a process of its own, one at a time, bounded per address
and in all, shared by every copy of one record (by content, names aside) and retried after a
failure.  Until it is done the route answers ``202`` with ``{"status": "running", "progress":
{"done", "total", "fraction", "phase"}}`` (the fraction done, 0 to 1, of the solve or of the
playouts); the browser and ``brawl review --server`` ask again.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import FileResponse, JSONResponse

from ...core.game import BrawlError
from ...review.jobs import Busy, Jobs, content_key, with_names
from ...review.schema import ReviewDocument, ReviewRunning
from .. import metrics, projection
from ..room import RoomError
from ..schemas import refusals
from . import client_of, hub_of

WEB = Path(__file__).resolve().parent.parent.parent / "web"
PUZZLE_ROOMS = 40  # the newest finished games a puzzle is drawn from

router = APIRouter(tags=["review"], responses=refusals(404, 409, 422, 429, 503))


def _review_process(record: dict, method: str, kind: str, budget: int | None, out) -> None:
    """The review worked out in a process of its own, its progress and its end sent on ``out``.
    ``kind`` ``solve``: the exact solution of the options is worked out first (once: it is saved)."""
    from ...review import review

    try:
        if kind == "solve":
            from ...solve import solve

            out.put(("progress", {"done": 0, "total": 0, "phase": "solving"}))
            solve(record["game"], record["options"],  # in the solver's own count of work
                  progress=lambda done, total: out.put(("progress", {"done": done, "total": total,
                                                                     "phase": "solving"})))
        result = review(record, method=method, budget=budget,
                        progress=lambda done, total: out.put(("progress", {"done": done, "total": total,
                                                                           "phase": "reviewing"})))
        out.put(("ok", result))
    except BrawlError as exc:
        out.put(("error", str(exc)))
    except Exception as exc:  # a game whose bots or rules fail in a playout
        out.put(("failed", f"the review failed: {exc}"))


def work_apart(record: dict, method: str, report, kind: str = "estimate", budget: int | None = None) -> dict:
    """Run a review in a process of its own (playouts hold the interpreter's lock for seconds;
    apart, they never slow the server's event loop), reporting its progress."""
    import multiprocessing
    import queue

    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_review_process, args=(record, method, kind, budget, out), daemon=True)
    proc.start()
    metrics.REVIEW_JOBS.labels("started").inc()
    try:
        while True:
            try:
                message = out.get(timeout=1.0)
            except queue.Empty:
                if not proc.is_alive():
                    metrics.REVIEW_JOBS.labels("failed").inc()
                    return {"failed": "the review stopped before it was done"}
                continue
            if message[0] == "progress":
                report(message[1])
            else:
                metrics.REVIEW_JOBS.labels(message[0]).inc()  # ok, error or failed
                return {message[0]: message[1]}
    finally:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()


def reviews_of(request: Request) -> Jobs:
    state = request.app.state
    if getattr(state, "reviews", None) is None:
        # an estimate spends the game's budget in playouts (``review_budget`` on the app's state, for tests)
        state.reviews = Jobs(lambda record, method, report: work_apart(
            record, method, report, record.get("_kind", "estimate"), getattr(state, "review_budget", None)))
        state.review_rooms = {}
    return state.reviews


def answer(kept: dict, record: dict) -> Any:
    if "error" in kept:
        raise RoomError(kept["error"], 422)
    return with_names(kept["ok"], record)


async def finished_record(request: Request, room_id: str) -> dict:
    room = await hub_of(request).settled(room_id)
    if not room.over:
        raise RoomError("a game is reviewed once it is over", 409)
    return projection.record(room)


def how(record: dict, method: str) -> str:
    """``quick`` (exact at once), ``solve`` (exact once the solution is worked out) or ``estimate``."""
    from ...review import exact_kind

    if method == "estimate":
        return "estimate"
    try:
        return exact_kind(record["game"], record["options"]) or "estimate"
    except (BrawlError, KeyError, TypeError, ValueError):
        return "estimate"


@router.get("/api/rooms/{room_id}/review", response_model=ReviewDocument, response_model_exclude_unset=True,
            responses={202: {"model": ReviewRunning, "description": "the review is being worked out"}})
async def room_review(room_id: str, request: Request,
                      method: str = Query("auto", pattern="^(auto|estimate)$")) -> Any:
    """The review of a finished game (see ``brawl.review``): each decision's win chance, loss and
    judgement, each roll's swing, and each seat's accuracy, luck and skill; exact where a solver
    covers the game (a missing solution is worked out once, in the background), else estimated.
    ``202`` with the progress while it is worked out."""
    record = await finished_record(request, room_id)
    return await reviewed(request, record, method, room_id)


async def reviewed(request: Request, record: dict, method: str, room_id: str | None = None) -> Any:
    """The review of ``record`` (kept, worked out now when exact and quick, or a job): see the module."""
    reviews = reviews_of(request)
    key = content_key(record, method)
    if room_id is not None:
        request.app.state.review_rooms[room_id] = key
    kept = reviews.kept(key)
    if kept is not None:
        return answer(kept, record)
    kind = how(record, method)
    if kind == "quick":
        from ...review import review

        try:
            result = await asyncio.to_thread(review, record, method=method)
        except BrawlError as exc:
            reviews.keep(key, {"error": str(exc)})
            raise RoomError(str(exc), 422) from None
        reviews.keep(key, {"ok": result})
        return with_names(result, record)
    if not request.app.state.settings.background_reviews:
        raise RoomError("this server works out no reviews in the background: only games whose exact review is "
                        "quick are reviewed here", 503)
    try:
        job = reviews.submit(key, dict(record, _kind=kind), method, client_of(request), kind)
    except Busy as exc:
        error = RoomError(str(exc), exc.status)
        error.headers = {"Retry-After": str(exc.retry_after)}
        raise error from None
    if job.get("status") == "done":
        return answer(reviews.kept(key) or {"error": "the review is gone; ask again"}, record)
    body = {"status": "running", "waiting": job["status"] == "waiting", "kind": kind,
            "progress": dict(job["progress"])}
    if job.get("last_failure"):
        body["retrying_after"] = job["last_failure"]
    return JSONResponse(body, status_code=202)


@router.post("/api/review", response_model=ReviewDocument, response_model_exclude_unset=True,
             responses={202: {"model": ReviewRunning, "description": "the review is being worked out"}})
async def record_review(request: Request, body: dict = Body(...),
                        method: str = Query("auto", pattern="^(auto|estimate)$")) -> Any:
    """The review of an uploaded record of a finished game (the replay viewer's file mode): the same
    document as a room's, ``202`` with the progress while it is worked out (post the same record
    again to ask).  Copies of one record (whatever their names) share one review."""
    from ...core.record import Record
    from ...games import make_game

    try:  # a record of a game brawl plays, with its options, before any work starts for it
        record = Record.from_json(body)
        make_game(record.game, record.options)
    except (BrawlError, TypeError, ValueError) as exc:
        raise RoomError(f"not a game record: {exc}", 422) from None
    return await reviewed(request, body, method)


def _finished_rooms(request: Request, limit: int) -> list[str]:
    """The ids of the newest finished games in the store."""
    from sqlalchemy import select

    from ..db import ROOMS

    hub = hub_of(request)

    def work(db):
        query = (select(ROOMS.c.id, ROOMS.c.game, ROOMS.c.options).where(ROOMS.c.finished_at.isnot(None))
                 .order_by(ROOMS.c.finished_at.desc()).limit(limit))
        return [(row[0], row[1], row[2]) for row in db.execute(query)]

    return hub.store._run(work, reading=True)


@router.get("/puzzles", include_in_schema=False)
async def puzzles_page() -> FileResponse:
    return FileResponse(WEB / "puzzles.html")


@router.get("/api/puzzles")
async def puzzles(request: Request, n: int = Query(6, ge=1, le=30), seed: int | None = Query(None),
                  room: str | None = Query(None, max_length=64)) -> dict:
    """Puzzles from the worst decisions of the newest finished games that a review judges exactly
    (their exact reviews are worked out as needed; estimated reviews already kept add theirs);
    with ``room``, the puzzles of that game's review, worst first."""
    from ...review import exact_kind

    if room is not None:
        data = await room_review(room, request, method="auto")
        if isinstance(data, JSONResponse):
            raise RoomError("the review of this game is still being worked out; ask again shortly", 409)
        return {"puzzles": [{**p, "room": room} for p in data.get("puzzles", [])][:n], "from_games": 1}
    rooms = await asyncio.to_thread(_finished_rooms, request, PUZZLE_ROOMS)
    reviews = reviews_of(request)
    known = request.app.state.review_rooms
    found: list[dict] = []
    for room_id, game, options in rooms:
        kept = reviews.kept(known[room_id]) if room_id in known else None
        if kept is None:
            try:
                exact = exact_kind(game, options if isinstance(options, dict) else {}) == "quick"
            except BrawlError:
                exact = False
            if not exact:
                continue
            try:
                record = await finished_record(request, room_id)
                kept = {"ok": await asyncio.to_thread(_review_quietly, record)}
            except (BrawlError, RoomError):
                continue
            known[room_id] = key = content_key(record, "auto")
            reviews.keep(key, kept)
        if kept and "ok" in kept:
            found += [{**p, "room": room_id} for p in kept["ok"].get("puzzles", [])]
    rng = random.Random(seed)
    rng.shuffle(found)
    return {"puzzles": found[:n], "from_games": len(rooms)}


def _review_quietly(record: dict) -> dict:
    from ...review import review

    return review(record)
