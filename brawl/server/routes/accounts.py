"""Accounts (optional; guests play as before): sign up, log in and out, the session's CSRF token,
change password, delete; quick pairing (seeks); profiles and leaderboards.

The session is an HttpOnly cookie (SameSite=Lax; Secure when the page came over HTTPS).  Every
request that changes something *as the account* (log out, password, deletion, seeks, taking a seat
as oneself) is refused with 403 when its Origin is another site's or its ``X-CSRF-Token`` header
is not the session's token (``GET /api/me`` gives it).  Signing up and logging in are refused from
another site's pages too.  A wrong password answers the same whether the username exists or not,
and failed log-ins are limited per account and per address (429).
"""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlsplit

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from ...games import game_class
from ..accounts import book
from ..accounts import rated
from ..accounts import seeks
from ..accounts import ratings as R
from ..accounts.logins import DEVICE
from ..accounts.service import AccountError, Accounts
from ..schemas import refusals
from . import client_of, hub_of, seat_in

COOKIE = "brawl_session"
router = APIRouter(tags=["accounts"], responses=refusals(400, 401, 403, 404, 409, 422, 429))
pages = APIRouter(include_in_schema=False)
PROFILE_PAGE = Path(str(resources.files("brawl.web"))) / "profile.html"


@pages.get("/@/{name}")
async def profile_page(name: str, request: Request):
    """A player's profile: ratings with their graphs, tallies, recent games (drawn by profile.js);
    the not-found page (404) for a name no account has."""
    if await run_in_threadpool(book.account_by_name, accounts_of(request).engine, name) is None:
        from .pages import not_found

        return not_found("There is no player called", name)
    return FileResponse(PROFILE_PAGE)


@pages.get("/leaderboard")
@pages.get("/leaderboard/{game}")
async def leaderboard_page(game: str | None = None) -> FileResponse:
    return FileResponse(PROFILE_PAGE)


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(..., max_length=64)
    password: str = Field(..., max_length=200)


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    old: str = Field(..., max_length=200)
    new: str = Field(..., max_length=200)


class PasswordOnly(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(..., max_length=200)


class SeekIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(..., max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    rated: bool = False
    time_control: dict[str, Any] | None = None
    opponent: str | None = Field(None, max_length=64, description="a challenge: only this player may take it")
    client_id: str | None = Field(None, min_length=1, max_length=64,
                                  description="your id for this seek: sent again (an answer lost), it is the same seek")


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)


def accounts_of(request: Request) -> Accounts:
    return request.app.state.accounts


def same_site(request: Request) -> bool:
    """The request comes from this server's own pages (or a listed origin), or from no page at all."""
    origin = request.headers.get("origin")
    if origin is None or origin in request.app.state.settings.allowed_origins:
        return True
    page = urlsplit(origin)
    return page.scheme.lower() == request.url.scheme and page.netloc.lower() == request.headers.get("host", "").lower()


def signed_in(request: Request) -> dict:
    """The session of the request's cookie (401 without one)."""
    token = request.cookies.get(COOKIE)
    found = book.session(accounts_of(request).engine, token) if token else None
    if found is None:
        raise AccountError("not logged in", 401)
    return found


def acting(request: Request) -> dict:
    """The session of a request that changes something as the account: same site and CSRF token."""
    if not same_site(request):
        raise AccountError("refused: this request comes from another site's page", 403)
    found = signed_in(request)
    sent = request.headers.get("x-csrf-token")
    if not sent or not secrets.compare_digest(sent, found["csrf"]):
        raise AccountError("refused: the X-CSRF-Token header is missing or wrong (GET /api/me gives it)", 403)
    return found


def with_cookie(request: Request, response: Response, token: str) -> None:
    secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(COOKIE, token, max_age=int(request.app.state.settings.session_days * 86_400), httponly=True,
                        samesite="lax", secure=secure, path="/")


def with_device(request: Request, response: Response, device: str) -> None:
    """The browser's device cookie (:mod:`..accounts.logins`): it logged in to an account before."""
    if request.cookies.get(DEVICE) == device:
        return
    secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(DEVICE, device, max_age=int(request.app.state.settings.session_days * 86_400), httponly=True,
                        samesite="lax", secure=secure, path="/api/")


@router.post("/api/accounts", status_code=201, responses=refusals(503))
async def sign_up(body: Credentials, request: Request, response: Response) -> dict:
    """Make an account: answers your username and CSRF token, and sets the session cookie.  Limited
    per address (429); 503 with ``Retry-After`` while too many passwords wait for their hash."""
    if not same_site(request):
        raise AccountError("refused: this request comes from another site's page", 403)
    me, token, device = await accounts_of(request).sign_up(body.username, body.password, client_of(request),
                                                           request.cookies.get(DEVICE))
    with_cookie(request, response, token)
    with_device(request, response, device)
    return me


@router.post("/api/session", responses=refusals(503))
async def log_in(body: Credentials, request: Request, response: Response) -> dict:
    """Log in: answers your username and CSRF token, and sets the session cookie.  Failed log-ins
    are limited per account and address, per address and per account (429); see the limits in
    ``brawl serve --help``.  503 with ``Retry-After`` while too many passwords wait for their hash."""
    if not same_site(request):
        raise AccountError("refused: this request comes from another site's page", 403)
    me, token, device = await accounts_of(request).log_in(body.username, body.password, client_of(request),
                                                          request.cookies.get(DEVICE))
    with_cookie(request, response, token)
    with_device(request, response, device)
    return me


@router.delete("/api/session")
def log_out(request: Request, response: Response) -> dict:
    acting(request)
    book.close_session(accounts_of(request).engine, request.cookies.get(COOKIE, ""))
    response.delete_cookie(COOKIE, path="/")
    return {"ok": True}


@router.get("/api/me")
def me(request: Request, guest_ok: bool = False) -> dict:
    """Who you are logged in as, and the CSRF token to send as ``X-CSRF-Token`` (401: not logged in;
    ``guest_ok=true``: 200 with ``username`` null instead, so a page asking leaves no error behind)."""
    if guest_ok and not request.cookies.get(COOKIE):
        return {"username": None, "csrf": None}
    if guest_ok:
        try:
            found = signed_in(request)
        except AccountError:
            return {"username": None, "csrf": None}
        return {"username": found["username"], "csrf": found["csrf"]}
    found = signed_in(request)
    return {"username": found["username"], "csrf": found["csrf"]}


@router.post("/api/me/password")
async def change_password(body: PasswordChange, request: Request, response: Response) -> dict:
    """A new password; every session of the account ends, and this one starts again."""
    found = await run_in_threadpool(acting, request)
    accounts = accounts_of(request)
    account = await run_in_threadpool(book.account_by_id, accounts.engine, found["account_id"])
    if not account or not await accounts.passwords.check_async(account["password_hash"], body.old or ""):
        raise AccountError("wrong password", 401)
    accounts.check_new(account["username"], body.new)
    hashed = await accounts.passwords.hash_async(body.new)
    await run_in_threadpool(book.set_password, accounts.engine, found["account_id"], hashed)
    me_, token, _ = await run_in_threadpool(accounts.open_session, {"id": found["account_id"],
                                                                     "username": found["username"]})
    with_cookie(request, response, token)
    return me_


@router.delete("/api/me")
async def delete_me(body: PasswordOnly, request: Request, response: Response) -> dict:
    """Delete your account (your password again): its games stay, under "deleted player"."""
    found = await run_in_threadpool(acting, request)
    accounts = accounts_of(request)
    account = await run_in_threadpool(book.account_by_id, accounts.engine, found["account_id"])
    if not await accounts.passwords.check_async(account["password_hash"], body.password):
        raise AccountError("wrong password", 401)
    live = await run_in_threadpool(book.live_seats, accounts.engine, found["account_id"])
    await run_in_threadpool(book.delete_account, accounts.engine, found["account_id"])
    deleted_names(request, live)
    response.delete_cookie(COOKIE, path="/")
    return {"deleted": True}


@router.post("/api/seeks", status_code=201)
async def seek(body: SeekIn, request: Request) -> dict:
    """Ask for a game: you are paired with the waiting player of the closest rating (the window
    widens while you wait).  Ask ``GET /api/seeks/ID`` every second or so: a seek whose page (or
    client) stops asking lapses within seconds.  Once paired, the answer holds the room, seat and
    seat token, and ``ready`` once every player fetched theirs (open the game then); a player who
    never does gets the game aborted and the others back in the pool.  Send a ``client_id``: the
    same one again is the same seek.  One waiting seek per game (a new one replaces it), a few in all."""
    found = await run_in_threadpool(acting, request)
    accounts = accounts_of(request)
    row, _ = await run_in_threadpool(accounts.seek, found, body.game, body.options, body.rated, body.time_control,
                                     body.opponent, body.client_id)
    await accounts.round_async()
    return await run_in_threadpool(accounts.seek_state, found, row["id"])


@router.get("/api/seeks")
def my_seeks(request: Request) -> dict:
    """Your seeks: those waiting (asking keeps them alive) and those paired within the hour."""
    return {"seeks": accounts_of(request).my_seeks(signed_in(request))}


@router.get("/api/seeks/{seek_id}")
def seek_state(seek_id: str, request: Request) -> dict:
    """Waiting (with how many wait for this game) or paired (room, seat, token, invite, ``ready``).
    Asking keeps a waiting seek alive; fetching a pairing is your arrival."""
    return accounts_of(request).seek_state(signed_in(request), seek_id)


@router.delete("/api/seeks")
def cancel(request: Request) -> dict:
    found = acting(request)
    return {"cancelled": seeks.cancel(accounts_of(request).engine, found["account_id"])}


@router.post("/api/rooms/{room_id}/account")
async def take_seat_as_me(room_id: str, body: SeatIn, request: Request) -> dict:
    """Play the seat of ``token`` as your account: its name becomes your username."""
    found = await run_in_threadpool(acting, request)
    hub = hub_of(request)
    room = await hub.settled(room_id)
    seat = seat_in(room, body.token)
    if seat is None:
        raise AccountError("a seat's token is needed", 403)
    accounts = accounts_of(request)
    taken = book.seat_accounts(accounts.engine, room_id).get(seat)
    if taken is not None and taken != found["account_id"]:
        raise AccountError("this seat belongs to another account", 409)
    if room.rated and taken is None:  # a rated seat is an account's from its own join, never from a token
        raise AccountError("a rated game's seat is taken with its own join (\"Play this rated game as ...\"), "
                           "not with a token", 409)
    book.bind_seat(accounts.engine, room_id, seat, found["account_id"])
    if room.seats[seat].player != found["username"]:
        hub.set_name(room, seat, found["username"])
    return {"seat": seat, "username": found["username"]}


def deleted_names(request: Request, live: list[tuple[str, int]]) -> None:
    """The games in play of a deleted account show "deleted player" at once (its seats are renamed
    in the rooms this process holds and their pages told; other processes read the stored name)."""
    hub = hub_of(request)
    for room_id, seat in live:
        room = hub.rooms.get(room_id)
        if room is not None and room.seats[seat].player != book.DELETED:
            hub.set_name(room, seat, book.DELETED)


@router.get("/api/rated/{game}")
def rated_rules(game: str) -> dict:
    """The rules the server fixes for a rated game of ``game``: the time controls it may have
    (the first is the default), the away limit, and the seconds a person's first decision may stay
    open before the game is aborted."""
    game_class(game)  # 404 for an unknown game
    return {"game": game, "time_controls": rated.time_controls(game), "away_limit": rated.AWAY_LIMIT,
            "abort_after": rated.ABORT_AFTER, "daily_cap": rated.DAILY_CAP, "dice": "server", "hints": False,
            "takebacks": False}


@router.get("/api/players/{name}")
def player(name: str, request: Request) -> dict:
    """A player's ratings per game (with their history), tallies and recent games."""
    engine = accounts_of(request).engine
    account = book.account_by_name(engine, name)
    if account is None:
        raise AccountError("no such player", 404)
    return {"username": account["username"], **book.profile(engine, account["id"])}


@router.get("/api/leaderboard/{game}")
def leaderboard(game: str, request: Request) -> dict:
    """The top players of a game (settled ratings only), and where each bot level stands."""
    cls = game_class(game)
    accounts = accounts_of(request)
    bots = [{"bot": name, "rating": rating} for name, rating in accounts.bot_ratings(game).items()]
    return {"game": game, "title": cls.title, "players": book.leaderboard(accounts.engine, game), "bots": bots,
            "scale": {"start": R.CENTRE, "provisional_above": R.PROVISIONAL}}
