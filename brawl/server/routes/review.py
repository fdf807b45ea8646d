"""``/api/rooms/ID/review`` and ``/api/puzzles``: the review of a finished game, and puzzles drawn
from the reviews of stored games.

A review is worked out off the event loop: an exact one (a saved or quick solution) in a thread
while the request waits (a fraction of a second); an estimated one (playouts, seconds to tens of
seconds) in a process of its own, one at a time (the one review worker thread starts each and
follows its progress), so playouts never hold the server's interpreter.  Until it
is done the route answers ``202`` with ``{"status": "running", "progress": {"done", "total"}}``;
the browser and ``brawl review --server`` ask again.  Finished reviews are kept (the newest
:data:`KEPT`), keyed by room, method and the record's length.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import threading
from collections import OrderedDict
from pathlib import Path
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import FileResponse, JSONResponse

from ...core.game import BrawlError
from .. import projection
from ..room import RoomError
from ..schemas import refusals
from . import hub_of

WEB = Path(__file__).resolve().parent.parent.parent / "web"
KEPT = 256
BUDGET = 30.0  # seconds of playouts an estimated review aims at (the bot and the playouts are fitted to it)
PUZZLE_ROOMS = 40  # the newest finished games a puzzle is drawn from

router = APIRouter(tags=["review"], responses=refusals(404, 409, 422, 503))


class Reviews:
    """Reviews worked out and in progress (one per server process)."""

    def __init__(self) -> None:
        self.done: OrderedDict[tuple, dict] = OrderedDict()
        self.running: dict[tuple, dict] = {}
        self.lock = threading.Lock()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")

    def kept(self, key: tuple) -> dict | None:
        with self.lock:
            if key in self.done:
                self.done.move_to_end(key)
                return self.done[key]
            return None

    def keep(self, key: tuple, value: dict) -> None:
        with self.lock:
            self.done[key] = value
            while len(self.done) > KEPT:
                self.done.popitem(last=False)
            self.running.pop(key, None)

    def start(self, key: tuple, record: dict, method: str) -> dict:
        """The job for ``key``, started now unless it runs already."""
        with self.lock:
            job = self.running.get(key)
            if job is not None:
                return job
            job = self.running[key] = {"status": "running", "progress": {"done": 0, "total": len(record["entries"])}}

        def run() -> None:
            try:
                self.keep(key, estimate_apart(record, method, job))
            except Exception as exc:  # the worker process could not start or died: say so, keep serving
                self.keep(key, {"error": f"the review failed: {exc}"})

        self.worker.submit(run)
        return job


def _review_process(record: dict, method: str, budget: float, out) -> None:
    """The review worked out in a process of its own, its progress and its end sent on ``out``."""
    from ...review import review

    try:
        result = review(record, method=method, budget=budget,
                        progress=lambda done, total: out.put(("progress", done, total)))
        out.put(("ok", result))
    except BrawlError as exc:
        out.put(("error", str(exc)))
    except Exception as exc:  # a game whose bots or rules fail in a playout
        out.put(("error", f"the review failed: {exc}"))


def estimate_apart(record: dict, method: str, job: dict) -> dict:
    """Run an estimated review in a process of its own (playouts hold the interpreter's lock for
    seconds; apart, they never slow the server's event loop), following its progress in ``job``."""
    import multiprocessing
    import queue

    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_review_process, args=(record, method, BUDGET, out), daemon=True)
    proc.start()
    try:
        while True:
            try:
                message = out.get(timeout=1.0)
            except queue.Empty:
                if not proc.is_alive():
                    return {"error": "the review stopped before it was done"}
                continue
            if message[0] == "progress":
                job["progress"] = {"done": message[1], "total": message[2]}
            elif message[0] == "ok":
                return {"ok": message[1]}
            else:
                return {"error": message[1]}
    finally:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()


def reviews_of(request: Request) -> Reviews:
    state = request.app.state
    if getattr(state, "reviews", None) is None:
        state.reviews = Reviews()
    return state.reviews


def answer(kept: dict) -> Any:
    if "error" in kept:
        raise RoomError(kept["error"], 422)
    return kept["ok"]


async def finished_record(request: Request, room_id: str) -> dict:
    room = await hub_of(request).settled(room_id)
    if not room.over:
        raise RoomError("a game is reviewed once it is over", 409)
    return projection.record(room)


def quick(record: dict, method: str) -> bool:
    """Whether the review is exact and quick (worked out while the request waits)."""
    from ...review import is_exact

    if method == "estimate":
        return False
    try:
        return is_exact(record["game"], record["options"])
    except (BrawlError, KeyError, TypeError, ValueError):
        return False


@router.get("/api/rooms/{room_id}/review")
async def room_review(room_id: str, request: Request,
                      method: str = Query("auto", pattern="^(auto|estimate)$")) -> Any:
    """The review of a finished game (see ``brawl.review``): each decision's win chance, loss and
    judgement, each roll's swing, and each seat's accuracy, luck and skill; exact where a solver
    covers the game, else estimated.  ``202`` with the progress while an estimate is worked out."""
    record = await finished_record(request, room_id)
    return await reviewed(request, (room_id,), record, method)


async def reviewed(request: Request, what: tuple, record: dict, method: str) -> Any:
    """The review of ``record`` (kept, worked out now when exact, or a job started): see the module."""
    reviews = reviews_of(request)
    key = what + (method, len(record["entries"]))
    kept = reviews.kept(key)
    if kept is not None:
        return answer(kept)
    if quick(record, method):
        from ...review import review

        try:
            result = await asyncio.to_thread(review, record, method=method)
        except BrawlError as exc:
            raise RoomError(str(exc), 422) from None
        reviews.keep(key, {"ok": result})
        return result
    job = reviews.start(key, record, method)
    return JSONResponse(dict(job), status_code=202)


@router.post("/api/review")
async def record_review(request: Request, body: dict = Body(...),
                        method: str = Query("auto", pattern="^(auto|estimate)$")) -> Any:
    """The review of an uploaded record of a finished game (the replay viewer's file mode): the same
    document as a room's, ``202`` with the progress while an estimate is worked out (post the same
    record again to ask)."""
    from ...core.record import Record
    from ...games import make_game

    try:  # a record of a game brawl plays, with its options, before any work starts for it
        record = Record.from_json(body)
        make_game(record.game, record.options)
    except (BrawlError, TypeError, ValueError) as exc:
        raise RoomError(f"not a game record: {exc}", 422) from None
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return await reviewed(request, ("upload", digest), body, method)


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
    from ...review import is_exact

    if room is not None:
        data = await room_review(room, request, method="auto")
        if isinstance(data, JSONResponse):
            raise RoomError("the review of this game is still being worked out; ask again shortly", 409)
        return {"puzzles": [{**p, "room": room} for p in data.get("puzzles", [])][:n], "from_games": 1}
    rooms = await asyncio.to_thread(_finished_rooms, request, PUZZLE_ROOMS)
    reviews = reviews_of(request)
    found: list[dict] = []
    for room_id, game, options in rooms:
        try:
            exact = is_exact(game, options if isinstance(options, dict) else {})
        except BrawlError:
            exact = False
        kept = None
        for method in ("auto", "estimate"):
            for key in [k for k in list(reviews.done) if k[0] == room_id and k[1] == method]:
                kept = reviews.kept(key)
        if kept is None and exact:
            try:
                record = await finished_record(request, room_id)
                kept = {"ok": await asyncio.to_thread(_review_quietly, record)}
                reviews.keep((room_id, "auto", len(record["entries"])), kept)
            except (BrawlError, RoomError):
                continue
        if kept and "ok" in kept:
            found += [{**p, "room": room_id} for p in kept["ok"].get("puzzles", [])]
    rng = random.Random(seed)
    rng.shuffle(found)
    return {"puzzles": found[:n], "from_games": len(rooms)}


def _review_quietly(record: dict) -> dict:
    from ...review import review

    return review(record)
