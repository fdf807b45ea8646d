"""Your games: ``/games`` (the page) and ``GET /api/me/games`` (an account's games in progress,
those waiting for its decision first, each with its time left), and ``POST
/api/me/games/ROOM/seat``, which opens the account's own seat from any device.

A seat's token is kept only as its hash, so the list carries no token; opening a seat from the list
gives that seat a fresh token, answered only to the account the seat is bound to (logged in, with
the CSRF token) and never put in an address the server sees: the page goes to
``/play/ROOM#t=TOKEN``.  A token the seat had before stops working (a page open elsewhere with it
asks to be opened again from the list).  A guest's page lists the games of its own browser (the
lobby's recent games) and asks each room with the token it holds."""

from __future__ import annotations

import secrets
import time
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy import select, update

from ..db import ROOMS, SEATS
from ..room import RoomError, token_hash
from ..schemas import refusals
from . import hub_of
from .accounts import acting, signed_in

router = APIRouter(tags=["your games"], responses=refusals(401, 403, 404, 409))
pages = APIRouter(include_in_schema=False)
GAMES_PAGE = Path(str(resources.files("brawl.web"))) / "games.html"


class MyGame(BaseModel):
    room: str
    game: str
    title: str = Field(description="the game's title")
    seat: int = Field(description="your seat")
    seat_name: str = Field(description="your seat as people see it")
    others: list[str] = Field(description="the other players, as people see them")
    your_turn: bool = Field(description="the game waits for a decision of yours")
    left: float | None = Field(None, description="seconds you have left for your open decision (null: no clock)")
    deadline: float | None = Field(None, description="Unix time when your open decision's time runs out (null: no clock)")
    correspondence: bool = Field(False, description="days per decision (see the correspondence time control)")
    rated: bool = False
    last: int = Field(description="the room's last event number")
    page_open: bool = Field(False, description="a game page of your seat is open now (a page shows nothing for it)")
    open: str = Field(description="POST here (logged in, with the CSRF token) for your seat's fresh token")


class MyGames(BaseModel):
    games: list[MyGame] = Field(description="games in progress, those waiting for you first (least time left first)")
    waiting: int = Field(description="how many wait for a decision of yours")


class SeatOpened(BaseModel):
    room: str
    seat: int
    token: str = Field(description="your seat's fresh secret token (the one it had before stops working)")
    invite: str = Field(description="/play/ROOM#t=TOKEN: the token stays in the fragment")


def bound_seats(engine, account_id: int) -> list[tuple[str, int]]:
    """The (room, seat) of every unfinished game whose seat belongs to the account."""
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(
            select(SEATS.c.room_id, SEATS.c.seat).join(ROOMS, ROOMS.c.id == SEATS.c.room_id)
            .where(SEATS.c.account_id == account_id, ROOMS.c.finished_at.is_(None))).all()]


def entry(hub, room, seat: int, now: float) -> dict[str, Any]:
    """One game of the list, as ``seat`` sees it (public facts only, and that seat's own time)."""
    from ..correspondence import is_correspondence

    yours = seat in room.waiting()
    left = hub.clocks.left(room, seat) if yours else None
    if yours and left is None:
        timer = hub.clocks.timer_json(room)
        left = timer["left"] if timer else None
    return {"room": room.id, "game": room.game.name, "title": room.game.title, "seat": seat,
            "seat_name": room.seat_label(seat),
            "others": [room.seat_label(s.seat) for s in room.seats if s.seat != seat],
            "your_turn": yours, "left": left, "deadline": now + left if left is not None else None,
            "correspondence": is_correspondence(room), "rated": bool(getattr(room, "rated", False)),
            "last": room.last, "open": f"/api/me/games/{room.id}/seat", "page_open": _page_open(hub, room.id, seat)}


def _page_open(hub, room_id: str, seat: int) -> bool:
    """Whether a connection of the seat's game page is open (in this process), as push and mail ask."""
    p = hub.notifier.presence.get((room_id, seat))
    return p is not None and p.open > 0


def games_of(hub, engine, account_id: int) -> dict[str, Any]:
    now = time.time()
    out = []
    for room_id, seat in bound_seats(engine, account_id):
        try:
            room = hub.get(room_id)
        except RoomError:
            continue
        if not room.over:
            out.append(entry(hub, room, seat, now))
    out.sort(key=lambda g: (not g["your_turn"], g["left"] if g["left"] is not None else float("inf"), g["room"]))
    return {"games": out, "waiting": sum(g["your_turn"] for g in out)}


@pages.get("/games")
async def games_page() -> FileResponse:
    return FileResponse(GAMES_PAGE)


@router.get("/api/me/games", response_model=MyGames)
async def my_games(request: Request) -> dict:
    """Your games in progress (logged in): those waiting for your decision first, each with the time
    you have left and where to open your seat.  A guest's page lists its browser's games itself."""
    found = await run_in_threadpool(signed_in, request)
    return games_of(hub_of(request), request.app.state.engine, found["account_id"])


@router.post("/api/me/games/{room_id}/seat", response_model=SeatOpened)
async def open_my_seat(room_id: str, request: Request) -> dict:
    """Open your seat of a game in progress from this device: a fresh token for it (the seat must
    be your account's; the old token stops working)."""
    found = await run_in_threadpool(acting, request)
    hub = hub_of(request)
    engine = request.app.state.engine
    mine = [seat for rid, seat in await run_in_threadpool(bound_seats, engine, found["account_id"]) if rid == room_id]
    if not mine:
        raise RoomError("you play no seat of a game in progress in this room", 404)
    room = await hub.settled(room_id)
    seat = mine[0]
    token = secrets.token_urlsafe(18)
    with engine.begin() as conn:
        conn.execute(update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == seat)
                     .values(token_hash=token_hash(token)))
    room.seats[seat].token_hash = token_hash(token)
    hub.notifier.changed(room, reload=True)
    return {"room": room_id, "seat": seat, "token": token, "invite": f"/play/{room_id}#t={token}"}


# -- notifications -------------------------------------------------------------------------------
from ..notifications import settings as notify  # noqa: E402


class NotificationsOut(notify.NotifySettings):
    vapid_public_key: str = Field(description="the server's VAPID public key: the applicationServerKey a page "
                                              "subscribes with (base64url)")
    subscriptions: int = Field(description="how many browsers of yours are subscribed to Web Push")


def _notifications(request: Request, account_id: int) -> dict:
    engine = request.app.state.engine
    settings, _ = notify.read(engine, account_id)
    return {**settings.model_dump(), "vapid_public_key": request.app.state.pusher.public,
            "subscriptions": len(notify.subscriptions(engine, account_id))}


@router.get("/api/me/notifications", response_model=NotificationsOut)
async def my_notifications(request: Request) -> dict:
    """Your notification choices, the key a page subscribes to Web Push with, and your subscriptions."""
    found = await run_in_threadpool(signed_in, request)
    return await run_in_threadpool(_notifications, request, found["account_id"])


@router.put("/api/me/notifications", response_model=NotificationsOut)
async def set_my_notifications(body: notify.NotifySettings, request: Request) -> dict:
    """Change your notification choices (every field; a bad one is a 422 and changes nothing)."""
    found = await run_in_threadpool(acting, request)
    await run_in_threadpool(notify.write, request.app.state.engine, found["account_id"], body)
    return await run_in_threadpool(_notifications, request, found["account_id"])


@router.post("/api/me/push", status_code=201)
async def subscribe_push(body: notify.Subscription, request: Request) -> dict:
    """Subscribe this browser to Web Push (the PushSubscription's JSON); a malformed one is a 422."""
    found = await run_in_threadpool(acting, request)
    await run_in_threadpool(notify.subscribe, request.app.state.engine, found["account_id"], body)
    return {"subscribed": True}


class Unsubscribe(BaseModel):
    endpoint: str = Field(max_length=1000, description="the subscription's endpoint")


@router.delete("/api/me/push")
async def unsubscribe_push(body: Unsubscribe, request: Request) -> dict:
    """Unsubscribe a browser of yours from Web Push."""
    found = await run_in_threadpool(acting, request)
    dropped = await run_in_threadpool(notify.unsubscribe_push, request.app.state.engine, found["account_id"], body.endpoint)
    return {"dropped": dropped}


@pages.get("/sw.js")
async def service_worker() -> FileResponse:
    """The service worker that shows push messages, served at the root so that it serves every page."""
    return FileResponse(GAMES_PAGE.parent / "sw.js", media_type="text/javascript")


@pages.get("/unsubscribe/{secret}")
@pages.post("/unsubscribe/{secret}")
async def unsubscribe_mail(secret: str, request: Request):
    """The one-click unsubscribe link of every mail (GET from the mail, POST from a mail program):
    the account's mails are off."""
    from fastapi.responses import HTMLResponse

    from .pages import not_found

    if not await run_in_threadpool(notify.unsubscribe, request.app.state.engine, secret):
        return not_found("There is no such unsubscribe link")
    return HTMLResponse("<!doctype html><meta charset=utf-8><title>brawl</title><p>No more mails from brawl. "
                        "<a href=/games>Your games and notifications</a></p>")


# -- leave ------------------------------------------------------------------------------------------
class LeaveIn(BaseModel):
    days: int = Field(ge=1, le=30, description="days of leave from now (at most 30 in any 365 days, all leaves together)")


class LeaveOut(BaseModel):
    on_leave: bool
    until: float | None = Field(None, description="Unix time the leave ends")
    used_days: float = Field(description="days of leave taken in the last 365 days")
    left_days: float = Field(description="days of leave still to take this year")


@router.get("/api/me/leave", response_model=LeaveOut)
async def my_leave(request: Request) -> dict:
    """Your leave: whether your correspondence clocks stand still now, and the days left this year."""
    found = await run_in_threadpool(signed_in, request)
    return await run_in_threadpool(hub_of(request).leaves.of, found["account_id"])


async def _clocks_again(request: Request, account_id: int) -> None:
    """A leave began or ended: the clocks of the account's rooms in memory run again from it, and
    their players see the change."""
    hub = hub_of(request)
    for room_id, _ in await run_in_threadpool(bound_seats, request.app.state.engine, account_id):
        room = hub.rooms.get(room_id)
        if room is not None:
            hub.clocks.arm(room)
            hub.notifier.changed(room, reload=True)


@router.post("/api/me/leave", response_model=LeaveOut)
async def take_leave(body: LeaveIn, request: Request) -> dict:
    """Go on leave now: every correspondence clock of yours stands still until it ends (the others
    see it on the room's clocks as ``on_leave``)."""
    found = await run_in_threadpool(acting, request)
    out = await run_in_threadpool(hub_of(request).leaves.take, found["account_id"], body.days)
    await _clocks_again(request, found["account_id"])
    return out


@router.delete("/api/me/leave", response_model=LeaveOut)
async def end_leave(request: Request) -> dict:
    """End your leave now: only the days taken count."""
    found = await run_in_threadpool(acting, request)
    out = await run_in_threadpool(hub_of(request).leaves.end, found["account_id"])
    await _clocks_again(request, found["account_id"])
    return out
