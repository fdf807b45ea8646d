"""What serves friends at one table: dice rolled at the table, and QR codes of invite links, so
phones at the table join by scanning the lobby's screen.

- ``POST /api/rooms/ID/rolls`` {token, outcome} enters the face a die shows in a room whose dice are
  rolled at the table (``"dice": "table"``); {token, "for_me": true} has the server draw that roll
  from the room's committed seed.  Any person seated in the room may enter any roll (the table
  shares its dice); a face the die cannot show is refused (422) and changes nothing, and so is a
  number written with a fraction or an exponent (``3.0``, ``1e0``): a face is a whole number.
- ``POST /api/rooms/ID/one-device`` {tokens}: one page plays every person's seat (pass-and-play;
  the page opened by the lobby's "Play every seat on this device" asks it with every token it
  holds).  From then on, stored with the room, a sealed decision's clock (a Kniggits fight's
  ``fight_timer``) runs for one seat at a time.  A token of another room is refused (403), and so
  is a set that misses a person's seat (403): one player alone cannot stop the others' clocks.
- ``POST /api/rooms/ID/phone`` {token}: that seat's person took the phone ("I am Moon" on the
  pass screen): at a sealed decision with a clock, its clock starts now and runs until it has
  chosen.  Refused (409, nothing changes) in a room not played from one device, for a seat with
  no choice to make now, and while another seat holds the phone with its clock running.
- ``POST /api/qr`` {text}: a QR code as SVG.  The link goes in the request body, never in a URL:
  an invite link carries its seat's token.  Drawing one costs a fifth of a second of processor, so
  each address may ask ``qr_per_minute`` a minute (429; counted in the database on PostgreSQL, for
  every process), at most ``qr_at_once`` are drawn at the same time, on threads of their own (503
  with ``Retry-After`` while as many more wait), and the last 256 drawn are kept by their content:
  the same link again costs nothing (and counts nothing against the address).
"""

from __future__ import annotations

import asyncio
import io
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from .. import metrics, projection
from ..accounts import rated
from ..people import RateLimit
from ..room import RoomError
from ..schemas import refusals
from . import client_of, hub_of, seat_in

router = APIRouter(prefix="/api", tags=["table"], responses=refusals(413, 422))


class QrIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(..., min_length=1, max_length=1000, description="what the code holds (an invite link)")
    title: str = Field("", max_length=100, description="the picture's title for screen readers")


class RollIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200, description="your seat's token")
    outcome: Any = Field(None, description="the face the die shows (a number; several dice: a list)")
    for_me: StrictBool = Field(False, description="true: the server draws this roll from the committed seed")


@router.post("/rooms/{room_id}/rolls", responses=refusals(403, 404, 409, 422, 429, 503))
async def roll(room_id: str, body: RollIn, request: Request) -> dict:
    """Enter the face the awaited die shows (dice rolled at the table), or let the server roll it."""
    if body.for_me == (body.outcome is not None):
        raise RoomError("give the face the die shows as outcome, or for_me: true (not both)", 422)
    fraction = written_with_fraction(body.outcome)
    if fraction is not None:
        raise RoomError(f"a face is a whole number: {fraction!r} is written with a fraction or an exponent "
                        f"(send {int(fraction) if fraction.is_integer() else 'the face'} as it shows)", 422)
    hub = hub_of(request)
    room = await hub.settled(room_id)
    rated.refuse(room, "dice rolled at the table")
    seat = seat_in(room, body.token)
    first, last = await hub.roll(room, seat, None if body.for_me else body.outcome)
    room = hub.get(room_id)
    return {"first": first, "last": last, "events": projection.events(room, seat, first - 1)}


def written_with_fraction(outcome: Any) -> float | None:
    """The first number of ``outcome`` (a face or a list of faces) that JSON wrote with a fraction
    or an exponent (``3.0``, ``1e0``: a float, never a die's face), or None."""
    stack = [outcome]
    while stack:
        item = stack.pop()
        if isinstance(item, float):
            return item
        if isinstance(item, list):
            stack.extend(reversed(item))
    return None


class OneDeviceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[Annotated[str, Field(max_length=200)]] = Field(
        ..., min_length=1, max_length=8, description="the token of every person's seat (a bot's place may be \"\")")


class PhoneIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200, description="the token of the seat whose person takes the phone")


@router.post("/rooms/{room_id}/one-device", responses=refusals(403, 404, 503))
async def one_device(room_id: str, body: OneDeviceIn, request: Request) -> dict:
    """One device plays every person's seat (pass-and-play): a sealed decision's clock then runs for
    one seat at a time, from when it takes the phone (``/phone``) until it has chosen."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    rated.refuse(room, "play from one device")
    seats = {seat_in(room, token) for token in body.tokens if token}
    hub.play_from_one_device(room, {s for s in seats if s is not None})
    return {"one_device": True}


@router.post("/rooms/{room_id}/phone", responses=refusals(403, 404, 409, 429, 503))
async def take_phone(room_id: str, body: PhoneIn, request: Request) -> dict:
    """A room played from one device: this seat's person has the phone now; at a sealed decision
    with a clock, that seat's clock starts.  Answers the room as that seat sees it."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    rated.refuse(room, "play from one device")
    seat = seat_in(room, body.token)
    hub.take_phone(room, seat)
    return hub.view(room, seat)


class Drawing:
    """The QR codes of one server process: the per-address limit, the threads that draw, the cache."""

    KEEP = 256  # codes kept by content

    def __init__(self, settings) -> None:
        self.limit = RateLimit(settings.qr_per_minute, 60.0)  # replaced by the database's on PostgreSQL
        self.at_once = settings.qr_at_once
        self.pool = ThreadPoolExecutor(settings.qr_at_once, thread_name_prefix="brawl-qr")
        self.waiting = 0  # codes asked of the pool and not drawn yet (queued or drawing)
        self.drawing = 0  # drawn at this moment
        self.most = 0  # the most ever drawn at once
        self.drawn = 0  # codes drawn (not from the cache)
        self.cache: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def _draw(self, text: str, title: str) -> bytes:
        import segno  # only when a code is first drawn

        with self._lock:
            self.drawing += 1
            self.most = max(self.most, self.drawing)
        try:
            out = io.BytesIO()
            segno.make(text, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False, svgns=True,
                                             omitsize=True, title=title or None, svgclass="qr", lineclass=None,
                                             dark="#000", light="#fff")
            return out.getvalue()
        finally:
            with self._lock:
                self.drawing -= 1
                self.drawn += 1

    async def svg(self, text: str, title: str, client: str) -> bytes:
        key = (text, title)
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
            metrics.QR.labels("cached").inc()
            return found
        try:
            if isinstance(self.limit, RateLimit):
                self.limit.hit(client, "QR codes")
            else:  # counted in the database: off the event loop
                await asyncio.get_running_loop().run_in_executor(None, self.limit.hit, client, "QR codes")
        except RoomError:
            metrics.QR.labels("limited").inc()
            raise
        if self.waiting >= 2 * self.at_once:
            metrics.QR.labels("busy").inc()
            raise Busy("too many QR codes are being drawn; try again in a moment")
        self.waiting += 1
        try:
            svg = await asyncio.get_running_loop().run_in_executor(self.pool, self._draw, text, title)
        finally:
            self.waiting -= 1
        metrics.QR.labels("drawn").inc()
        self.cache[key] = svg
        while len(self.cache) > self.KEEP:
            self.cache.popitem(last=False)
        return svg


class Busy(RoomError):
    def __init__(self, message: str) -> None:
        super().__init__(message, 503)
        self.headers = {"Retry-After": "1"}


def drawing_of(request: Request) -> Drawing:
    state = request.app.state
    if getattr(state, "qr", None) is None:
        state.qr = Drawing(state.settings)
        shared = getattr(state, "limits", None)  # PostgreSQL: counted for every process
        if shared is not None:
            state.qr.limit = shared.rate(state.settings.qr_per_minute, 60.0, "qr")
    return state.qr


@router.post("/qr", response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}, **refusals(429, 503)})
async def qr_code(body: QrIn, request: Request) -> Response:
    """A QR code of ``text`` as an SVG picture (error correction M, a two-module border).  Limited
    per address (429) and in number drawn at once (503 with Retry-After); the same text again
    comes from the cache."""
    svg = await drawing_of(request).svg(body.text, body.title, client_of(request))
    return Response(svg, media_type="image/svg+xml", headers={"cache-control": "no-store"})
