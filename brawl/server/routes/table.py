"""What serves friends at one table: dice rolled at the table, and QR codes of invite links, so
phones at the table join by scanning the lobby's screen.

- ``POST /api/rooms/ID/rolls`` {token, outcome} enters the face a die shows in a room whose dice are
  rolled at the table (``"dice": "table"``); {token, "for_me": true} has the server draw that roll
  from the room's committed seed.  Any person seated in the room may enter any roll (the table
  shares its dice); a face the die cannot show is refused (422) and changes nothing.
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
  an invite link carries its seat's token.
"""

from __future__ import annotations

import io

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from .. import projection
from ..accounts import rated
from ..schemas import refusals
from . import hub_of, seat_in

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
    from ..room import RoomError

    if body.for_me == (body.outcome is not None):
        raise RoomError("give the face the die shows as outcome, or for_me: true (not both)", 422)
    hub = hub_of(request)
    room = await hub.settled(room_id)
    rated.refuse(room, "dice rolled at the table")
    seat = seat_in(room, body.token)
    first, last = await hub.roll(room, seat, None if body.for_me else body.outcome)
    room = hub.get(room_id)
    return {"first": first, "last": last, "events": projection.events(room, seat, first - 1)}


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


@router.post("/qr", response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}})
def qr_code(body: QrIn) -> Response:
    """A QR code of ``text`` as an SVG picture (error correction M, a two-module border)."""
    import segno  # only when a code is first drawn

    out = io.BytesIO()
    segno.make(body.text, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False, svgns=True, omitsize=True,
                                          title=body.title or None, svgclass="qr", lineclass=None, dark="#000",
                                          light="#fff")
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-store"})
