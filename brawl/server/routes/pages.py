"""The pages people open: the lobby, a game (as a seat or a spectator), the replay viewer, the
rules of each game, and a page in the site's own look for anything that is not there (404).

The game page opens on its first frame, the room's view and the newest page of its log, built by
:func:`first_frame` from the projection (the same view and log page as ``GET /api/rooms/ID`` and
``/log`` give).  A spectator's page carries it, so it is drawn with no further request.  A seat's
token is never sent with the page's address (it is in the fragment), so a seat's page asks for it
in one request (``GET /play/ID/first`` with the ``X-Seat-Token`` header) from a small script at the
top of the page, while the stylesheet and scripts load.  The scripts are deferred and hold back the
first paint until they have run; the game's own board is named in the page, so it loads beside
them.  Each file of ``/static`` the page names carries its version (``?v=`` and a hash of its content).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from markdown_it import MarkdownIt

from ...games import UnknownGame, game_class
from .. import projection
from ..room import RoomError
from ..security import HEADERS
from . import SeatToken, hub_of, seat_in

LOG_PAGE = 40  # events in the log's first page: a long game opens with its newest forty

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · brawl</title><link rel="icon" href="/static/favicon.svg">
<link rel="stylesheet" href="/static/style.css"></head>
<body><a class="skip" href="#main">Skip to the content</a>
<header class="top"><strong><a href="/">brawl</a></strong></header>
<main id="main" class="panel {kind}">{body}</main></body></html>"""


def page(title: str, body: str, kind: str = "rules", status: int = 200) -> HTMLResponse:
    return HTMLResponse(PAGE.format(title=html.escape(title), body=body, kind=kind), status_code=status)


def not_found(what: str) -> HTMLResponse:
    body = (f"<h1>Not found</h1><p>{html.escape(what)}</p>"
            "<p><a href=\"/\">Back to the lobby</a>: start a new game or pick one of the open ones.</p>")
    return page("Not found", body, kind="missing", status=404)


def script_json(value) -> str:
    """JSON to sit inside a ``<script type="application/json">``: nothing in it can end the element."""
    return (json.dumps(value, separators=(",", ":"), ensure_ascii=False)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def first_frame(hub, room, seat: int | None) -> dict:
    """What the game page draws first, as ``seat`` may see it: the view and the newest log page."""
    return {"view": hub.view(room, seat), "log": projection.log_page(room, seat, None, LOG_PAGE)}


ICON = "data:image/svg+xml," + quote((Path(__file__).resolve().parents[2] / "web" / "static" / "favicon.svg").read_text().strip())


class GamePage:
    """``game.html`` with its first frame: the files it loads named with their versions, the game's
    board among them, the boot script inline (allowed by its hash in the page's content policy)
    and, for a spectator, the view and the newest log page."""

    def __init__(self, web: Path) -> None:
        static = web / "static"
        self.versions = {p.relative_to(static).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()[:12]
                         for p in static.rglob("*") if p.is_file()}
        text = self.versioned((web / "game.html").read_text())
        boot = "\n".join(line for line in (web / "boot.js").read_text().splitlines()
                         if line.strip() and not line.lstrip().startswith("//")).replace("LOG_PAGE", str(LOG_PAGE))
        self.head, self.rest = text.split("<!--first-frame-->")
        self.boot = f"<script>{boot}</script>"
        digest = base64.b64encode(hashlib.sha256(boot.encode()).digest()).decode()
        self.policy = HEADERS["content-security-policy"].replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'")

    def asset(self, name: str) -> str:
        return f"/static/{name}?v={self.versions[name]}" if name in self.versions else f"/static/{name}"

    def versioned(self, text: str) -> str:
        text = text.replace('href="/static/favicon.svg"', f'href="{ICON}"')  # one request fewer
        return re.sub(r'(href|src)="/static/([^"?#]+)"', lambda m: f'{m.group(1)}="{self.asset(m.group(2))}"', text)

    def render(self, game: str, board: bool, first: dict | None) -> HTMLResponse:
        scripts = ""
        if board:
            scripts = "".join(f'<script defer blocking="render" src="{self.asset(name)}"></script>'
                              for name in ("board.js", f"games/{game}.js"))
        data = f'<script type="application/json" id="first-frame">{script_json(first)}</script>' if first else ""
        # the first frame's data before the boot script (which looks for it), both before the stylesheet
        # (an inline script after a stylesheet would wait for it)
        body = self.head + data + self.boot + self.rest.replace("<!--board-->", scripts)
        return HTMLResponse(body, headers={"content-security-policy": self.policy, "cache-control": "no-cache"})


def make_router(web: Path) -> APIRouter:
    r = APIRouter(include_in_schema=False)
    game_page = GamePage(web)

    @r.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(web / "lobby.html")

    async def settled(request: Request, room_id: str):
        """The room as the API reads it (raises :class:`RoomError`, 404 for no such room)."""
        hub = hub_of(request)
        wait = getattr(hub, "settled", None)  # a room whose decisions are stored, where the hub has it
        return await wait(room_id) if wait else hub.get(room_id)

    async def room_of(request: Request, room_id: str):
        """The room, or None when there is no such room (the caller answers 404)."""
        try:
            return await settled(request, room_id)
        except RoomError as exc:
            if exc.status == 404:
                return None
            raise

    def no_room() -> HTMLResponse:
        return not_found("There is no game with this link. It may have been mistyped, or the link is incomplete.")

    async def game(request: Request, room_id: str, spectator: bool):
        room = await room_of(request, room_id)
        if room is None:
            return no_room()
        hub = hub_of(request)
        board = room.game.name in getattr(hub, "renderers", ())
        # a spectator's first frame comes with the page; a seat's needs its token (not sent here)
        return game_page.render(room.game.name, board, first_frame(hub, room, None) if spectator else None)

    @r.get("/play/{room_id}")
    async def play_page(request: Request, room_id: str):
        return await game(request, room_id, spectator=False)

    @r.get("/play/{room_id}/first")
    async def play_first_frame(request: Request, room_id: str, token: str | None = SeatToken) -> dict:
        """The game page's first frame for the seat of the token (a spectator's without one)."""
        room = await settled(request, room_id)
        return first_frame(hub_of(request), room, seat_in(room, token))

    @r.get("/watch/{room_id}")
    async def watch_page(request: Request, room_id: str):
        return await game(request, room_id, spectator=True)

    @r.get("/replay")
    async def replay_upload_page():
        path = web / "replay.html"
        return FileResponse(path) if path.is_file() else not_found("The replay viewer is not installed.")

    @r.get("/replay/{room_id}")
    async def replay_page(request: Request, room_id: str):
        if not (web / "replay.html").is_file():
            return not_found("The replay viewer is not installed.")
        if await room_of(request, room_id) is None:
            return no_room()
        return FileResponse(web / "replay.html")

    @r.get("/rules/{game}")
    async def rules_page(game: str):
        """A game's rules page as HTML (the same text as ``brawl rules GAME``)."""
        try:
            cls = game_class(game)
        except UnknownGame:
            return not_found(f"There is no game called {game!r}.")
        body = MarkdownIt("commonmark", {"html": False}).enable("table").render(cls.rules_page())
        return page(f"Rules of {cls.title}", body)

    return r
