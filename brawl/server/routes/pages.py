"""The pages people open: the lobby, a game (as a seat or a spectator), the replay viewer, the
rules of each game, and a page in the site's own look for anything that is not there (404)."""

from __future__ import annotations

import html
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from markdown_it import MarkdownIt

from ...games import UnknownGame, game_class
from ..room import RoomError
from . import hub_of

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


def make_router(web: Path) -> APIRouter:
    r = APIRouter(include_in_schema=False)

    @r.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(web / "lobby.html")

    def game_page(request: Request, room_id: str, file: str = "game.html"):
        try:
            hub_of(request).get(room_id)
        except RoomError as exc:
            if exc.status == 404:
                return not_found("There is no game with this link. It may have been mistyped, or the link is incomplete.")
            raise
        return FileResponse(web / file)

    @r.get("/play/{room_id}")
    async def play_page(request: Request, room_id: str):
        return game_page(request, room_id)

    @r.get("/watch/{room_id}")
    async def watch_page(request: Request, room_id: str):
        return game_page(request, room_id)

    @r.get("/replay")
    async def replay_upload_page():
        path = web / "replay.html"
        return FileResponse(path) if path.is_file() else not_found("The replay viewer is not installed.")

    @r.get("/replay/{room_id}")
    async def replay_page(request: Request, room_id: str):
        if not (web / "replay.html").is_file():
            return not_found("The replay viewer is not installed.")
        return game_page(request, room_id, "replay.html")

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
