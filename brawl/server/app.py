"""The web app: HTTP API, WebSocket and the browser UI's files.

``create_app(db_url)`` (or ``create_app(settings=Settings(...))``) builds everything; ``brawl serve``
runs it under uvicorn.  The parts, each in its own module:

- :mod:`.routes` (games, rooms, live, pages): what each URL does, with the seat token from the
  ``X-Seat-Token`` header or the request body (never a URL the server would log);
- :mod:`.hub`: the one path every change takes (check, apply, store, tell);
- :mod:`.store`: the database; :mod:`.projection`: what each seat may see (the one outgoing filter);
- :mod:`.clocks`, :mod:`.botrunner`, :mod:`.notify`: clocks, bots, connections and presence;
- :mod:`.security`: body limits, JSON checks, security headers; :mod:`.settings`: every limit.

Every refusal is ``{"error": message}`` with a 4xx status (503 when the database cannot be
reached, on every route) and changes nothing.  Unknown pages get a page in the site's own look with
status 404.  ``/healthz`` says the process answers, ``/readyz`` that its database does; the
Prometheus metrics (:mod:`.metrics`) have a port of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool
from swagger_ui_bundle import swagger_ui_path

from ..core.game import BrawlError
from ..games import UnknownGame, game_names
from . import metrics
from .db import make_engine, make_sessions
from .hub import Hub
from .room import RoomError
from .accounts.service import Accounts
from .routes import accounts as accounts_routes
from .routes import games, live, pages, rooms, table
from .routes import review as review_routes
from .routes import mygames
from .security import Guard, quiet_tokens
from .settings import Settings
from .store import Store

WEB = Path(str(resources.files("brawl.web")))
STATIC = WEB / "static"


def default_db_url() -> str:
    return "sqlite:///" + str(Path("brawl.sqlite3").resolve())


def create_app(db_url: str | None = None, bot_delay: float | None = None, *, settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    if db_url is not None:
        settings = settings.model_copy(update={"db_url": db_url})
    if bot_delay is not None:
        settings = settings.model_copy(update={"bot_delay": bot_delay})
    engine = make_engine(settings.db_url or default_db_url())
    hub = Hub(Store(make_sessions(engine)), settings)
    hub.renderers = {path.stem for path in (STATIC / "games").glob("*.js")}
    quiet_tokens()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        loop = asyncio.get_running_loop()
        if not isinstance(engine.pool, StaticPool):  # one shared connection (SQLite in memory): store inline
            hub.writer.start()
        fanout = None
        if engine.dialect.name == "postgresql":
            from .fanout import Fanout
            fanout = Fanout(engine, hub, loop)
            fanout.start()
            await fanout.ready()  # listen before any room loads: news sent meanwhile would be missed
            from .limits import SharedLimits
            app.state.limits = SharedLimits(engine, settings)  # per-address and per-seat limits for every process
            app.state.limits.share(hub)
            app.state.limits.start(loop)
        stop_metrics = None
        if settings.metrics_port:
            index = settings.worker[0] if settings.worker else 0
            stop_metrics = metrics.serve(settings.metrics_host, settings.metrics_port + index)
        waking = loop.create_task(_resume(hub))
        house = loop.create_task(hub.housekeeping())
        pairing = loop.create_task(accounts.run())
        yield
        for task in (waking, house, pairing):
            task.cancel()
        if fanout is not None:
            fanout.stop()
            app.state.limits.stop()
        hub.bots.stop()
        for room_id in list(hub.clocks.rooms):
            hub.clocks.forget(room_id)
        hub.writer.stop()  # what is queued is stored first
        if stop_metrics is not None:
            stop_metrics()
        engine.dispose()

    app = FastAPI(title="brawl", version="0.2.0", lifespan=lifespan, docs_url=None,
                  description="Play brawl's games in rooms: create a room, share each seat's invite link, "
                              "decide through this API or the WebSocket. The server owns the truth; dice are "
                              "committed (SHA-256 of the seed, the options and the seats at the start; the seed "
                              "at the end).")
    app.state.hub = hub
    app.state.accounts = accounts = Accounts(engine, hub, settings)
    app.state.engine = engine
    from .notifications.push import Pusher
    from .notifications.turns import Turns, digest_every, mailer
    app.state.pusher = Pusher(engine)  # the VAPID keys, made at the first start and kept in the database
    if not isinstance(engine.pool, StaticPool):  # (one shared connection: the key is made on first use)
        app.state.pusher.warm()  # on a thread: the crypto libraries load off the start's path
    hub.turns = Turns(hub, engine, app.state.pusher, mailer(settings.smtp, app.state.pusher))
    from . import clocks as clocks_module
    from .leave import Leaves
    hub.leaves = Leaves(engine, now=lambda: clocks_module.time.time())  # accounts' leaves stop their correspondence clocks
    if hub.turns.mailer is not None:
        digest_every(hub.turns)  # the daily digests, looked for every hour
    app.state.settings = settings
    metrics.watch(hub, accounts)
    app.add_middleware(Guard, max_body=settings.max_body_bytes, max_depth=settings.max_json_depth,
                       max_headers=settings.max_header_bytes)

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
        return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=getattr(exc, "headers", None))

    @app.exception_handler(SQLAlchemyError)
    async def _store_down(request: Request, exc: SQLAlchemyError):
        """Any route whose database cannot be reached (the account routes, the lobby's lists):
        503 JSON, as the game routes answer, never a bare 500."""
        import logging

        logging.getLogger("brawl.server").warning("database error on %s: %s", request.url.path, exc.__class__.__name__)
        return JSONResponse({"error": "the database is unavailable right now; nothing was changed, try again shortly"},
                            status_code=503, headers={"Retry-After": "5"})

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict:
        """The process is alive and its event loop answers (nothing else is asked)."""
        return {"ok": True}

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        """Ready to serve: the database answers a query (503 while it does not)."""
        def ask() -> None:
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        try:
            await asyncio.wait_for(loop_run(ask), timeout=5.0)
        except (SQLAlchemyError, asyncio.TimeoutError, OSError) as exc:
            return JSONResponse({"ok": False, "database": f"unreachable ({exc.__class__.__name__})"}, status_code=503)
        return JSONResponse({"ok": True, "database": "ok"})

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

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        if exc.status_code == 404 and not request.url.path.startswith(("/api/", "/static/", "/docs")):
            return pages.not_found("There is no page at this address.")
        message = exc.detail if isinstance(exc.detail, str) else "request refused"
        if exc.status_code == 404:
            message = f"no such address: {request.url.path}"
        return JSONResponse({"error": message}, status_code=exc.status_code)

    app.include_router(games.make_router(STATIC))
    app.include_router(accounts_routes.router)
    app.include_router(accounts_routes.pages)
    app.include_router(mygames.router)
    app.include_router(mygames.pages)
    app.include_router(table.router)
    app.include_router(rooms.router)
    app.include_router(live.router)
    app.include_router(review_routes.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages.make_router(WEB))
    return app


def loop_run(work):
    """``work()`` on a worker thread, awaited (the event loop serves others meanwhile)."""
    return asyncio.get_running_loop().run_in_executor(None, work)


def app_from_environment() -> FastAPI:
    """The app of one of ``brawl serve --workers N``'s processes (settings from the environment,
    its place among the workers included: see :mod:`brawl.server.front`)."""
    import os

    return create_app(settings=Settings.model_validate_json(os.environ["BRAWL_SERVE_SETTINGS"]))


async def _resume(hub: Hub) -> None:
    """After start-up, in the background: the rooms where the server must act get going again, and
    every game's rules and bots are imported so the lobby's first request does not wait for them;
    then the collector is set for serving (:func:`quiet_collector`)."""
    try:
        await asyncio.sleep(0)
        await hub.resume_gently()
        loop = asyncio.get_running_loop()
        for name in game_names():  # on a thread: the event loop answers requests meanwhile
            await loop.run_in_executor(None, games.game_info, name, STATIC)
    except Exception:  # a store that is down now is retried by the next use of each room
        import logging
        logging.getLogger("brawl.server").exception("resuming rooms failed")
    quiet_collector()


GC_THRESHOLDS = (2_000, 20, 100)  # Python's defaults are (700, 10, 10)
_quieted = False


def quiet_collector() -> None:
    """Python's cycle collector, set for a server holding many rooms (once per process).

    A room's objects are freed by reference counting when it leaves memory (a decision makes no
    garbage cycle), so the collector finds nothing, yet a full collection walks every object in
    memory and holds the event loop meanwhile: at 500 games, 150 to 230 ms (the p99 decision
    round trip of benchmarks/web_load.py was that pause).  So the modules, classes and schemas
    loaded at start-up are frozen out of its walks (``gc.freeze``), and it runs less often: young
    objects are collected every 2,000 allocations instead of 700 (a pause of a few ms), the middle
    generation every 20 of those, and a full walk is considered after 100 of these instead of 10
    (about 57 times fewer allocations apart).  Thresholds someone else set are kept."""
    global _quieted
    if _quieted:
        return
    _quieted = True
    gc.freeze()
    if gc.get_threshold() == (700, 10, 10):
        gc.set_threshold(*GC_THRESHOLDS)
