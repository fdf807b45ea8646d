"""The pages people open: the lobby, a game (as a seat or a spectator), the replay viewer, the
rules of each game, and a page in the site's own look for anything that is not there (404).

The game page opens on its first frame, the room's view and the newest page of its log, built by
:func:`first_frame` from the projection (the same view and log page as ``GET /api/rooms/ID`` and
``/log`` give).  The page comes in one response with its stylesheet and scripts inline (a game page
is mostly opened by someone who has not opened one before: an invited player, a spectator).  A
spectator's page carries its first frame too, so it is drawn with no further request.  A seat's
token is never sent with the page's address (it is in the fragment), so a seat's page asks for its
frame in one request (``GET /play/ID/first`` with the ``X-Seat-Token`` header) from a small script
at the top of the page, while the rest of the page arrives and its scripts run.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import re
from pathlib import Path
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from ...games import UnknownGame, game_class
from .. import projection
from ..hub import Hub
from ..room import Room, RoomError
from ..security import HEADERS
from . import SeatToken, hub_of, seat_in
from .games import renderer_parts

LOG_PAGE = 40  # events in the log's first page: a long game opens with its newest forty

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · brawl</title><link rel="icon" href="/static/favicon.svg">
<link rel="stylesheet" href="/static/style.css"></head>
<body><a class="skip" href="#main">Skip to the content</a>
<header class="top"><strong><a href="/">brawl</a></strong></header>
<main id="main" class="panel {kind}">{body}</main></body></html>"""


def page(title: str, body: str, kind: str = "rules", status: int = 200, lang: str = "en") -> HTMLResponse:
    text = PAGE.format(title=html.escape(title), body=body, kind=kind)
    if lang != "en":  # the frame's own words in the page's language
        text = text.replace('<html lang="en">', f'<html lang="{lang}">').replace(">Skip to the content<", f">{SKIP[lang]}<")
    return HTMLResponse(text, status_code=status)


SKIP = {"es": "Saltar al contenido"}
RULES_TITLE = {"es": "Reglas de {title}"}
NOT_YET = {"es": "Las reglas de este juego aún no están traducidas al español: este es el texto en inglés."}


def rules_in(cls, lang: str) -> str | None:
    """The game's rules page in ``lang`` (``rules.<lang>.md`` in its package), or None."""
    from importlib import resources

    path = resources.files(cls.__module__.rsplit(".", 1)[0]).joinpath(f"rules.{lang}.md")
    return path.read_text(encoding="utf-8") if path.is_file() else None


# the not-found page's words come in English and are put in the reader's language on the page
# itself (i18n.js, as on every page: the language a person chose is kept in the browser)
WORDS = ('<script src="/static/i18n-es.js"></script><script src="/static/i18n-es-errors.js"></script>'
         '<script src="/static/i18n.js"></script>')


def not_found(what: str, name: str | None = None) -> HTMLResponse:
    """The 404 page: ``what`` says what is missing (a fixed sentence, translated on the page), and
    ``name`` the address's part that named it, shown as it was typed."""
    named = f" <strong>{html.escape(name)}</strong>" if name is not None else ""
    body = (f"<h1 data-i18n>Not found</h1><p><span data-i18n>{html.escape(what)}</span>{named}</p>"
            '<p><a href="/" data-i18n>Back to the lobby</a>: <span data-i18n>start a new game or pick one of the open ones.</span></p>')
    text = page("Not found", body, kind="missing", status=404).body.decode()
    text = text.replace('<a class="skip" href="#main">', '<a class="skip" href="#main" data-i18n>').replace("</body>", WORDS + "</body>")
    return HTMLResponse(text, status_code=404)


def script_json(value) -> str:
    """JSON to sit inside a ``<script type="application/json">``: nothing in it can end the element."""
    return (json.dumps(value, separators=(",", ":"), ensure_ascii=False)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def first_frame(hub: Hub, room: Room, seat: int | None) -> dict:
    """What the game page draws first, as ``seat`` may see it: the view and the newest log page."""
    return {"view": hub.view(room, seat), "log": projection.log_page(room, seat, None, LOG_PAGE)}


# game.js's parts, each a factory on brawl.gamePage that game.js calls once (they come before it)
GAME_PARTS = ("game-decision.js", "game-people.js", "game-log.js", "game-talk.js", "game-end.js")


class GamePage:
    """``game.html`` as the server sends it: everything the page needs to draw comes in the one
    response, its stylesheet and scripts inline (the scripts allowed by their hashes in the page's
    content policy): the boot script at the top, then the interface's words (i18n-es.js,
    i18n-es-boards.js, i18n-es-errors.js) and i18n.js, common.js, the game's own board when
    it has one (board.js and games/GAME.js), table-sheet.js and table-dice.js (the game sheet, dice
    rolled at the table, one device for a table's seats), game.js's parts (``GAME_PARTS``) and game.js
    at the end; for a spectator also the first frame.  Built once per game (a page is the same for
    every room of a game but for the frame)."""

    SCRIPTS = re.compile(r'<!--scripts:.*?-->.*?(?=</body>)', re.S)

    def __init__(self, web: Path) -> None:
        self.static = web / "static"
        icon = "data:image/svg+xml," + quote((self.static / "favicon.svg").read_text().strip())
        text = (web / "game.html").read_text().replace('href="/static/favicon.svg"', f'href="{icon}"')
        text = text.replace('<link rel="stylesheet" href="/static/style.css">', f"<style>{(self.static / 'style.css').read_text()}</style>")
        self.head, self.rest = re.split(r"<!--first-frame:.*?-->", text, maxsplit=1)
        # the boot script without its comments, told the log's page size
        self.boot = "\n".join(line for line in (web / "boot.js").read_text().splitlines()
                              if line.strip() and not line.lstrip().startswith("//")).replace("LOG_PAGE", str(LOG_PAGE))
        self.pages: dict[tuple[str, bool], tuple[str, str, str]] = {}
        self.zipped: dict[tuple[str, bool], bytes] = {}

    def script(self, name: str) -> str:
        text = (self.static / name).read_text()
        if "</script" in text.lower() or "<!--" in text:
            raise ValueError(f"{name} cannot be put inline (it holds </script or <!--)")
        return text

    def parts(self, game: str, board: bool) -> tuple[str, str, str]:
        """The page of ``game`` before and after its first frame, and its content policy."""
        # a board this page does not hold comes the usual way (game.js loads it from /static)
        key = (game, board and (self.static / "games" / f"{game}.js").is_file())
        board = key[1]
        if key not in self.pages:
            from ...games.lang import catalogue  # the games' words load with the first page drawn

            parts = [f"games/{name}" for name in renderer_parts(game, self.static)] if board else []
            names = (["i18n-es.js", "i18n-es-boards.js", "i18n-es-errors.js", "i18n.js", "common.js", "accounts.js"] + (["board.js", *parts, f"games/{game}.js"] if board else [])
                     + ["table-sheet.js", "table-dice.js", *GAME_PARTS, "game.js"])
            scripts = [self.script(name) for name in names]
            # the game's Spanish catalogue, read by i18n.js on a Spanish page (data, not a script)
            words = f'<script type="application/json" id="words">{script_json(catalogue("es", (game,)).to_json())}</script>'
            rest = self.SCRIPTS.sub(lambda m: words + "".join(f"<script>{s}</script>" for s in scripts) + "\n", self.rest, count=1)
            hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
                              for s in [self.boot] + scripts)
            policy = HEADERS["content-security-policy"].replace("script-src 'self'", f"script-src 'self' {hashes}")
            self.pages[key] = (self.head, f"<script>{self.boot}</script>" + rest, policy)
        return self.pages[key]

    def render(self, game: str, board: bool, first: dict | None, gzip_ok: bool = False) -> Response:
        """The page; a seat's page (the same for every room of the game) gzipped once and kept, for a
        browser that takes gzip (a spectator's carries its room's frame and goes as it is)."""
        head, rest, policy = self.parts(game, board)
        headers = {"content-security-policy": policy, "cache-control": "no-cache", "vary": "accept-encoding"}
        if first is None and gzip_ok:
            key = (game, board)
            if key not in self.zipped:
                self.zipped[key] = gzip.compress((head + rest).encode(), 6, mtime=0)
            return Response(self.zipped[key], media_type="text/html; charset=utf-8", headers={**headers, "content-encoding": "gzip"})
        # the first frame's data before the boot script (which looks for it), both before the stylesheet
        data = f'<script type="application/json" id="first-frame">{script_json(first)}</script>' if first else ""
        return HTMLResponse(head + data + rest, headers=headers)


def make_router(web: Path) -> APIRouter:
    r = APIRouter(include_in_schema=False)
    game_page = GamePage(web)

    @r.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(web / "lobby.html")

    async def room_of(request: Request, room_id: str):
        """The room as the API reads it, or None when there is no such room (the caller answers 404)."""
        try:
            return await hub_of(request).settled(room_id)
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
        board = room.game.name in hub.renderers
        # a spectator's first frame comes with the page; a seat's needs its token (not sent here)
        gzip_ok = "gzip" in request.headers.get("accept-encoding", "")
        return game_page.render(room.game.name, board, first_frame(hub, room, None) if spectator else None, gzip_ok)

    @r.get("/play/{room_id}")
    async def play_page(request: Request, room_id: str):
        return await game(request, room_id, spectator=False)

    @r.get("/play/{room_id}/first")
    async def play_first_frame(request: Request, room_id: str, token: str | None = SeatToken) -> dict:
        """The game page's first frame for the seat of the token (a spectator's without one)."""
        room = await hub_of(request).settled(room_id)
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
    async def rules_page(game: str, lang: str = "en"):
        """A game's rules page as HTML (the same text as ``brawl rules GAME``); ``lang=es`` gives its
        Spanish page (``rules.es.md`` beside ``rules.md``) where the game has one."""
        try:
            cls = game_class(game)
        except UnknownGame:
            return not_found("There is no game called", game)
        from markdown_it import MarkdownIt  # only when a rules page is first drawn (start-up, issue 12)

        from ...games.lang import LANGUAGES, catalogue

        translated = rules_in(cls, lang) if lang in LANGUAGES else None
        text = translated if translated is not None else cls.rules_page()
        body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
        if translated is None:
            if lang in LANGUAGES:  # asked for in a language the game's page is not written in yet
                body = f'<p class="hint" lang="{lang}">{NOT_YET[lang]}</p>' + body
            return page(f"Rules of {cls.title}", body)
        title = catalogue(lang, (game,)).show(cls.title)
        return page(RULES_TITLE[lang].format(title=title), body, lang=lang)

    return r
