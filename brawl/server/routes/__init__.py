"""The HTTP and WebSocket routes, one module per resource: games, rooms, live (the WebSocket) and
pages.  Each asks the hub (``request.app.state.hub``) and answers through the projection."""

from __future__ import annotations

from fastapi import Header, Request

from ..hub import Hub
from ..room import Room


def hub_of(request: Request) -> Hub:
    return request.app.state.hub


def client_of(request: Request) -> str:
    return request.client.host if request.client else "?"


SeatToken = Header(None, alias="X-Seat-Token", description="your seat's secret token; none: a spectator")


def seat_in(room: Room, token: str | None) -> int | None:
    """The seat a token opens (None: a spectator); a wrong token is refused with 403.  A request
    with a seat's token shows its person present (the hub's ``on_request``: the HTTP API counts)."""
    seat = room.seat_for(token)
    if seat is not None:
        seen = getattr(room, "on_request", None)
        if seen is not None:
            seen(room, seat)
    return seat
