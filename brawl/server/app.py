"""The web app: HTTP API, WebSocket and the browser UI's files.

``create_app(db_url)`` builds everything; ``brawl serve`` runs it under uvicorn.  Seat tokens travel
in the ``X-Seat-Token`` header (or a ``token`` query parameter / request field); no token means a
spectator.  Every refusal is a 4xx JSON ``{"error": message}`` and changes nothing.

WebSocket ``/api/rooms/{room}/ws``: the client first sends ``{"type": "hello", "token": ..., "since":
N}`` (N: the last event it has, -1 for none).  The server answers ``{"type": "welcome", "seat": ...}``
and then ``{"type": "update", "events": [...], "view": {...}, "last": N}`` with everything after N,
and again after every change.  The client sends ``{"type": "decide", "action": ..., "ref": ...}``
(answered by ``{"type": "ok", "ref", "last"}`` after the update, or ``{"type": "error", "ref",
"message"}``), ``{"type": "sync", "since": N}`` and ``{"type": "ping"}``.

A decision with a clock (the view's ``timer``) closes at ``timer.ends_at``: the server then submits
the game's stand-in for every seat still to choose, and a choice sent later is refused (409).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from markdown_it import MarkdownIt
from fastapi.staticfiles import StaticFiles

from swagger_ui_bundle import swagger_ui_path

from ..bots import bot_names
from ..core.game import BrawlError
from ..games import UnknownGame, game_class, game_names
from .db import make_engine, make_sessions
from .rooms import Connection, Hub, Room, RoomError
from .schemas import (CreateRoom, Decide, Decided, ErrorOut, Events, GameInfo, Hints, RoomCreated, RoomView,
                      SeatLink, TokenOnly)

WEB = Path(str(resources.files("brawl.web")))
STATIC = WEB / "static"
RULES_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>brawl: rules of {title}</title><link rel="icon" href="/static/favicon.svg">
<link rel="stylesheet" href="/static/style.css"></head>
<body><header class="top"><strong><a href="/">brawl</a></strong></header>
<main id="main" class="panel rules">{body}</main></body></html>"""
REFUSALS = {400: {"model": ErrorOut}, 403: {"model": ErrorOut}, 404: {"model": ErrorOut},
            409: {"model": ErrorOut}, 422: {"model": ErrorOut}}


def default_db_url() -> str:
    return "sqlite:///" + str(Path("brawl.sqlite3").resolve())


def game_info(name: str) -> dict:
    cls = game_class(name)
    defaults = cls.Options().model_dump(mode="json")
    return {"name": name, "title": cls.title, "min_players": cls.min_players, "max_players": cls.max_players,
            "seats": defaults.get("players", cls.min_players), "options_schema": cls.Options.model_json_schema(),
            "defaults": defaults, "bots": bot_names(name), "renderer": (STATIC / "games" / f"{name}.js").is_file()}


def hint_values_or_none():
    try:
        from ..solve.hints import hint_values
    except ImportError:
        return None
    return hint_values


def create_app(db_url: str | None = None, bot_delay: float = 0.6) -> FastAPI:
    engine = make_engine(db_url or default_db_url())
    hub = Hub(make_sessions(engine), bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        hub.resume_all()
        yield
        for room in hub.rooms.values():
            for task in room.bot_tasks.values():
                task.cancel()
            if room.timer_task is not None:
                room.timer_task.cancel()
        engine.dispose()

    app = FastAPI(title="brawl", version="0.1.0", lifespan=lifespan, docs_url=None,
                  description="Play brawl's games in rooms: create a room, share each seat's invite link, "
                              "decide through this API or the WebSocket. The server owns the truth; dice are "
                              "committed (SHA-256 of the seed at the start, the seed at the end).")
    app.state.hub = hub
    app.state.engine = engine

    # The API page is served from the package's own copy of Swagger UI: it works with no internet.
    app.mount("/docs-assets", StaticFiles(directory=swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def api_docs():
        return get_swagger_ui_html(openapi_url=app.openapi_url, title="brawl API",
                                   swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-assets/swagger-ui.css",
                                   swagger_favicon_url="/docs-assets/favicon-32x32.png")

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, exc: RoomError):
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(UnknownGame)
    async def _unknown_game(request: Request, exc: UnknownGame):
        return JSONResponse({"error": str(exc)}, status_code=404)

    @app.exception_handler(BrawlError)
    async def _brawl_error(request: Request, exc: BrawlError):
        return JSONResponse({"error": str(exc)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _malformed(request: Request, exc: RequestValidationError):
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "request"
            parts.append(f"{where}: {err.get('msg')}")
        return JSONResponse({"error": "malformed request: " + "; ".join(parts)}, status_code=422)

    def token_of(header: str | None, query: str | None) -> str | None:
        return header if header else query

    # -- games -----------------------------------------------------------------------------------
    @app.get("/api/games", response_model=list[GameInfo], tags=["games"])
    async def list_games() -> list[dict]:
        """Every game in the registry with its options (schema and defaults) and bots."""
        return [game_info(name) for name in game_names()]

    @app.get("/api/games/{game}", response_model=GameInfo, responses=REFUSALS, tags=["games"])
    async def get_game(game: str) -> dict:
        """One game's options and bots."""
        return game_info(game)

    @app.get("/api/games/{game}/rules", responses=REFUSALS, tags=["games"])
    async def get_rules(game: str) -> dict:
        """The game's rules page (Markdown), every rule naming its seed section or ruling."""
        return {"game": game, "markdown": game_class(game).rules_page()}

    # -- rooms -----------------------------------------------------------------------------------
    @app.post("/api/rooms", response_model=RoomCreated, status_code=201, responses=REFUSALS, tags=["rooms"])
    async def create_room(body: CreateRoom) -> dict:
        """Create a room. Each human seat gets a secret token and an invite path; bots move on the server."""
        room, tokens = hub.create(body.game, body.options, body.seats)
        return created(room, tokens)

    def created(room: Room, tokens: dict[int, str]) -> dict:
        seats = []
        for s in room.seats:
            tok = tokens.get(s.seat)
            seats.append(SeatLink(seat=s.seat, name=room.game.seat_name(s.seat), kind=s.kind, bot=s.bot, token=tok,
                                  invite=f"/play/{room.id}#t={tok}" if tok else None))
        return {"room": room.id, "game": room.game.name, "commitment": room.commitment,
                "spectate": f"/watch/{room.id}", "seats": seats}

    @app.get("/api/rooms/{room_id}", response_model=RoomView, responses=REFUSALS, tags=["rooms"])
    async def get_room(room_id: str, x_seat_token: str | None = Header(None, description="your seat token; none: spectator"),
                 token: str | None = Query(None, description="seat token, if not sent as a header")) -> dict:
        """The room as your seat sees it (a spectator without a token)."""
        room = hub.get(room_id)
        return room.view_for(room.seat_for(token_of(x_seat_token, token)))

    @app.get("/api/rooms/{room_id}/events", response_model=Events, response_model_exclude_none=True, responses=REFUSALS, tags=["rooms"])
    async def get_events(room_id: str, since: int = Query(-1, ge=-1, description="last event number you have; -1 for all"),
                   x_seat_token: str | None = Header(None), token: str | None = Query(None)) -> dict:
        """Catch-up: the events after ``since`` with the log lines your seat may read."""
        room = hub.get(room_id)
        seat = room.seat_for(token_of(x_seat_token, token))
        return {"last": room.last, "events": room.events_for(seat, since)}

    @app.post("/api/rooms/{room_id}/decisions", response_model=Decided, responses=REFUSALS, tags=["rooms"])
    async def decide(room_id: str, body: Decide) -> dict:
        """Make your seat's decision. A wrong token (403), a decision out of turn or after the end (409),
        or an illegal decision (422) is refused and changes nothing."""
        room = hub.get(room_id)
        seat = room.seat_for(body.token)
        start = room.last
        hub.decide(room, seat, body.action, body.expect)
        room = hub.get(room_id)
        return {"accepted": room.events_for(seat, start), "view": room.view_for(seat)}

    @app.get("/api/rooms/{room_id}/hints", response_model=Hints, responses=REFUSALS, tags=["rooms"])
    async def hints(room_id: str, x_seat_token: str | None = Header(None), token: str | None = Query(None)) -> dict:
        """Each of your decisions' chance of winning with best play, where a solver knows the game."""
        room = hub.get(room_id)
        seat = room.seat_for(token_of(x_seat_token, token))
        if seat is None:
            raise RoomError("hints are for a seat; open your invite link", 403)
        fn = hint_values_or_none()
        if fn is None:
            return {"available": False, "hints": {}, "message": "no solver is installed"}
        if not room.match.legal_actions(seat):
            return {"available": True, "hints": {}, "message": "not your decision"}
        try:
            values = fn(room.match, seat) or {}
        except (BrawlError, ValueError, NotImplementedError) as exc:
            return {"available": False, "hints": {}, "message": str(exc)}
        if not values:
            return {"available": False, "hints": {}, "message": "this game is not solved"}
        return {"available": True, "hints": {str(k): float(v) for k, v in values.items()}}

    @app.get("/api/rooms/{room_id}/record", responses=REFUSALS, tags=["rooms"])
    async def record(room_id: str) -> dict:
        """The game record with the revealed dice seed (after the end); check it with ``brawl verify``."""
        return hub.get(room_id).record_json()

    @app.post("/api/rooms/{room_id}/rematch", response_model=RoomCreated, responses=REFUSALS, tags=["rooms"])
    async def rematch(room_id: str, body: TokenOnly) -> dict:
        """Start (or join) the rematch: same game, options and seats; every seat keeps its token."""
        room = hub.get(room_id)
        seat = room.seat_for(body.token)
        new = hub.rematch(room, seat)
        return created(new, {})

    # -- live --------------------------------------------------------------------------------------
    @app.websocket("/api/rooms/{room_id}/ws")
    async def live(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        try:
            hello = await asyncio.wait_for(ws.receive_json(), timeout=30)
        except (asyncio.TimeoutError, WebSocketDisconnect, json.JSONDecodeError, KeyError, TypeError):
            await close_with(ws, "expected a hello message: {type: hello, token, since}", 4400)
            return
        since = hello.get("since", -1) if isinstance(hello, dict) else None
        if not isinstance(hello, dict) or hello.get("type") != "hello" or not isinstance(since, int):
            await close_with(ws, "expected a hello message: {type: hello, token, since}", 4400)
            return
        try:
            room = hub.get(room_id)
            seat = room.seat_for(hello.get("token"))
        except RoomError as exc:
            await close_with(ws, str(exc), 4000 + exc.status)
            return
        conn = Connection(seat, last_sent=max(-1, since))
        room.connections.add(conn)
        await ws.send_json({"type": "welcome", "room": room_id, "seat": seat,
                            "name": room.game.seat_name(seat) if seat is not None else None})
        conn.wake.set()
        writer = asyncio.create_task(write_loop(ws, room_id, conn))
        try:
            while True:
                try:
                    msg = await ws.receive_json()
                except (json.JSONDecodeError, KeyError, UnicodeDecodeError):
                    answer(conn, {"type": "error", "message": "malformed message: send JSON text"})
                    continue
                handle(msg, room_id, conn)
        except WebSocketDisconnect:
            pass
        finally:
            writer.cancel()
            current = hub.rooms.get(room_id)
            if current is not None:
                current.connections.discard(conn)
                if current.over and not current.connections:
                    hub.rooms.pop(room_id, None)  # a finished room nobody watches leaves memory; the store keeps it

    def answer(conn: Connection, message: dict) -> None:
        conn.outbox.append(message)
        conn.wake.set()

    def handle(msg: Any, room_id: str, conn: Connection) -> None:
        ref = msg.get("ref") if isinstance(msg, dict) else None
        kind = msg.get("type") if isinstance(msg, dict) else None
        room = hub.get(room_id)
        if kind == "decide":
            action = msg.get("action")
            if not isinstance(action, str):
                answer(conn, {"type": "error", "ref": ref, "message": "malformed message: decide needs an action string"})
                return
            expect = msg.get("expect")
            if expect is not None and not isinstance(expect, int):
                answer(conn, {"type": "error", "ref": ref, "message": "malformed message: expect must be an event number"})
                return
            try:
                hub.decide(room, conn.seat, action, expect)
            except RoomError as exc:
                answer(conn, {"type": "error", "ref": ref, "status": exc.status, "message": str(exc)})
                return
            answer(conn, {"type": "ok", "ref": ref, "last": hub.get(room_id).last})
        elif kind == "sync":
            since = msg.get("since", -1)
            if not isinstance(since, int):
                answer(conn, {"type": "error", "ref": ref, "message": "malformed message: since must be an event number"})
                return
            conn.last_sent = max(-1, since)
            conn.dirty = True
            conn.wake.set()
        elif kind == "ping":
            answer(conn, {"type": "pong", "ref": ref})
        else:
            answer(conn, {"type": "error", "ref": ref,
                          "message": f"malformed message: unknown type {kind!r}; use decide, sync or ping"})

    async def write_loop(ws: WebSocket, room_id: str, conn: Connection) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            while True:
                await conn.wake.wait()
                conn.wake.clear()
                room = hub.get(room_id)
                if room.last > conn.last_sent or conn.dirty:
                    events = room.events_for(conn.seat, conn.last_sent)
                    view = room.view_for(conn.seat)
                    conn.last_sent = room.last
                    conn.dirty = False
                    await ws.send_json({"type": "update", "events": events, "view": view, "last": room.last})
                while conn.outbox:
                    await ws.send_json(conn.outbox.pop(0))

    async def close_with(ws: WebSocket, message: str, code: int) -> None:
        with contextlib.suppress(Exception):
            await ws.send_json({"type": "error", "message": message})
            await ws.close(code=code)

    # -- pages -------------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "lobby.html")

    @app.get("/play/{room_id}", include_in_schema=False)
    async def play_page(room_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    @app.get("/watch/{room_id}", include_in_schema=False)
    async def watch_page(room_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> HTMLResponse:
        """A game's rules page as HTML (the same text as ``brawl rules GAME``)."""
        cls = game_class(game)
        body = MarkdownIt("commonmark", {"html": False}).enable("table").render(cls.rules_page())
        return HTMLResponse(RULES_PAGE.format(title=html.escape(cls.title), body=body))

    return app
