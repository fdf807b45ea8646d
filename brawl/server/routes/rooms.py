"""``/api/rooms``: create a room, read it as your seat, decide, and the rest of a room's life
(names, chat, claims, takebacks, rematch, the record and replay frames).

The seat token travels in the ``X-Seat-Token`` header (reads) or the body (writes); never in a URL
the server would log.  Every refusal is ``{"error": message}`` with a 4xx or 503 status and changes
nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.concurrency import run_in_threadpool

from ...core.record import Record, RecordError
from ...core.replay import verify as verify_record
from ...games import make_game, replay
from ...core.sources import ReplayDice
from .. import projection
from ..accounts import book, rated
from ..room import Room, RoomError
from ..schemas import (ChatIn, CreateRoom, Decide, Decided, Events, Hints, NameIn, RoomCreated, RoomView,
                       TakebackAnswer, TokenOnly, refusals)
from . import SeatToken, client_of, hub_of, seat_in
from .accounts import acting

REFUSALS = refusals(400, 403, 404, 409, 413, 422, 429, 503)
router = APIRouter(prefix="/api/rooms", tags=["rooms"], responses=REFUSALS)


def created(room: Room, tokens: dict[int, str]) -> dict:
    """What a new room answers.  A rated room's people's seats that nobody holds yet have no token
    and the room's own page as their invite: an account takes such a seat there, by its own join."""
    seats = []
    for s in room.seats:
        tok = tokens.get(s.seat)
        invite = f"/play/{room.id}#t={tok}" if tok else (
            f"/play/{room.id}" if room.rated and s.kind == "human" and s.token_hash is None else None)
        seats.append({"seat": s.seat, "name": room.game.seat_name(s.seat), "kind": s.kind, "bot": s.bot, "token": tok,
                      "player": s.player, "invite": invite})
    return {"room": room.id, "game": room.game.name, "commitment": room.commitment,
            "spectate": f"/watch/{room.id}", "seats": seats, "rated": room.rated}


@router.post("", response_model=RoomCreated, status_code=201)
async def create_room(body: CreateRoom, request: Request) -> dict:
    """Create a room. Each human seat gets a secret token and an invite path; bots move on the server.

    A rated room (logged in, with the session's CSRF token) answers your own seat's token only: each
    other person's seat is taken by an account through ``POST /api/rooms/ID/join`` (the room's page
    offers "Play this rated game as NAME"), and the server fixes its rules (see ``GET /api/rated/GAME``)."""
    hub = hub_of(request)
    control = body.time_control.model_dump(exclude_unset=True) if body.time_control is not None else None
    if body.rated:
        return await create_rated(body, control, request)
    room, tokens = hub.create(body.game, body.options, body.seats, public=body.public,
                              time_control=control, names=body.names, client=client_of(request), dice=body.dice)
    return created(room, tokens)


async def create_rated(body: CreateRoom, control: dict | None, request: Request) -> dict:
    found = await run_in_threadpool(acting, request)
    people = [i for i, spec in enumerate(body.seats) if spec == "human"]
    mine = body.seat if body.seat is not None else (people[0] if people else None)
    if mine is None or mine not in people:
        raise RoomError("a rated game needs your own seat: a person's seat of this room", 422)
    room, tokens = hub_of(request).create(body.game, body.options, body.seats, public=body.public, time_control=control,
                                          names={mine: found["username"]}, client=client_of(request), dice=body.dice,
                                          rated=True, open_seats=set(people) - {mine})
    book.bind_seat(request.app.state.engine, room.id, mine, found["account_id"])
    return created(room, tokens)


@router.get("/public", tags=["rooms"])
async def public_rooms(request: Request) -> dict:
    """Open games: public rooms with a seat free, for strangers to join from the lobby."""
    hub = hub_of(request)
    out = []
    for row in hub.store.public_rooms():
        try:
            room = hub.get(row["id"])
        except RoomError:
            continue
        free = [s.seat for s in room.seats if s.kind == "human" and not s.player]
        if free and not room.over:
            out.append({"room": room.id, "game": room.game.name, "title": room.game.title,
                        "seat_names": [room.game.seat_name(s.seat) for s in room.seats],
                        "players": [room.seat_label(s.seat) if s.kind == "human" and s.player else
                                    (f"bot ({s.bot})" if s.kind == "bot" else None) for s in room.seats],
                        "free": free, "rated": room.rated})
    return {"rooms": out}


@router.post("/{room_id}/join", tags=["rooms"])
async def join_public(room_id: str, request: Request, body: dict = Body(..., examples=[{"seat": 1, "name": "Ana"}])) -> dict:
    """Take a free seat of a public room under a name: answers that seat's secret invite.  A rated
    room's seat is taken by an account (logged in, with the CSRF token), under its username, one
    seat per account; the room needs no listing for that (its page is its invite)."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    if room.rated:
        return await join_rated(room, body.get("seat"), request)
    if not room.public:
        raise RoomError("this room is not open to strangers: ask its players for an invite link", 403)
    seat = body.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(room.seats) or room.seats[seat].kind != "human" \
            or room.seats[seat].player:
        raise RoomError("that seat is not free", 409)
    token = hub.claim_public_seat(room, seat, body.get("name"))
    return {"room": room.id, "seat": seat, "token": token, "invite": f"/play/{room.id}#t={token}"}


async def join_rated(room: Room, seat: Any, request: Request) -> dict:
    found = await run_in_threadpool(acting, request)
    hub = hub_of(request)
    engine = request.app.state.engine
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(room.seats) \
            or room.seats[seat].kind != "human" or room.seats[seat].token_hash is not None or room.over:
        raise RoomError("that seat is not free", 409)
    if found["account_id"] in book.seat_accounts(engine, room.id).values():
        raise RoomError("you already play a seat of this rated game", 409)
    token = hub.claim_public_seat(room, seat, found["username"])
    book.bind_seat(engine, room.id, seat, found["account_id"])
    hub.clocks.arm(room)  # the last seat taken: the clocks start now
    hub.bots.kick(room)  # and the bots move (a bot was refused while a seat was free)
    hub.notifier.changed(room, reload=True)
    return {"room": room.id, "seat": seat, "token": token, "invite": f"/play/{room.id}#t={token}", "rated": True}


@router.get("/{room_id}", response_model=RoomView)
async def get_room(room_id: str, request: Request, token: str | None = SeatToken) -> dict:
    """The room as your seat sees it (a spectator without a token)."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    return hub.view(room, seat_in(room, token))


@router.get("/{room_id}/events", response_model=Events, response_model_exclude_none=True)
async def get_events(room_id: str, request: Request,
                     since: int = Query(-1, ge=-1, description="last event number you have; -1 for all"),
                     limit: int | None = Query(None, ge=1, le=5000, description="at most this many events"),
                     token: str | None = SeatToken) -> dict:
    """Catch-up: the events after ``since`` with the log lines your seat may read."""
    room = await hub_of(request).settled(room_id)
    return {"last": room.last, "events": projection.events(room, seat_in(room, token), since, limit)}


@router.get("/{room_id}/log")
async def get_log(room_id: str, request: Request,
                  before: int | None = Query(None, ge=0, description="events before this number (default: the end)"),
                  size: int = Query(200, ge=1, le=2000), token: str | None = SeatToken) -> dict:
    """A page of the log, newest last: a long game opens with its last page and loads older ones on demand."""
    room = await hub_of(request).settled(room_id)
    return projection.log_page(room, seat_in(room, token), before, size)


@router.post("/{room_id}/decisions", response_model=Decided)
async def decide(room_id: str, body: Decide, request: Request) -> dict:
    """Make your seat's decision. A wrong token (403), a decision out of turn or after the end (409),
    an illegal decision (422) or too many at once (429) is refused and changes nothing."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    seat = seat_in(room, body.token)
    first, last = await hub.decide(room, seat, body.action, body.expect, body.client_id)
    room = await hub.settled(room_id)  # only this decision's events, as this seat may see them
    return {"accepted": projection.events(room, seat, first - 1, last - first + 1), "view": hub.view(room, seat)}


@router.get("/{room_id}/hints", response_model=Hints)
async def hints(room_id: str, request: Request, token: str | None = SeatToken) -> dict:
    """Each of your decisions' chance of winning with best play, where a solver knows the game."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    seat = seat_in(room, token)
    if seat is None:
        raise RoomError("hints are for a seat; open your invite link", 403)
    rated.refuse(room, "hints or solver odds")
    from ..hub import hints_available
    if not hints_available(room):
        return {"available": False, "hints": {}, "message": "no exact solution is known for this game and options"}
    if seat not in room.waiting():
        return {"available": True, "hints": {}, "message": "not your decision"}
    from ...core.game import BrawlError
    from ...solve.hints import hint_values
    try:
        values = hint_values(room.match, seat) or {}
    except (BrawlError, ValueError, NotImplementedError) as exc:
        return {"available": False, "hints": {}, "message": str(exc)}
    return {"available": bool(values), "hints": {str(k): float(v) for k, v in values.items()}}


@router.get("/{room_id}/record")
async def record(room_id: str, request: Request) -> dict:
    """The game record with the revealed dice seed (after the end); check it with ``brawl verify``.
    ``accounts`` names the account that played each seat (null: a guest or a bot)."""
    data = projection.record(await hub_of(request).settled(room_id))
    data["accounts"], data["rated"] = book.record_accounts(request.app.state.engine, room_id)
    return data


@router.get("/{room_id}/dice")
async def dice(room_id: str, request: Request) -> dict:
    """After the end, everything a browser needs to recompute every roll from the revealed seed:
    roll k is HMAC-SHA256(seed, "k:j") read as a big-endian integer, the first j (0, 1, ...) whose
    value is below the largest multiple of ``denominator`` under 2^256, taken modulo
    ``denominator``; that number r picks the outcome whose running total of ``weights`` first
    exceeds r."""
    return dice_tables(projection.record(await hub_of(request).settled(room_id)))


@router.post("/dice", tags=["rooms"])
async def dice_of_record(body: dict = Body(...)) -> dict:
    """The dice tables of an uploaded record with its revealed seed (the replay viewer's file mode)."""
    return dice_tables(body)


def replayed(data: Any, *, steps: int | None = None, dice: type[ReplayDice] = ReplayDice):
    """A record (as posted or stored) played back to ``steps`` decisions, its recorded rolls fed by
    ``dice``; a record that is not one, or that does not replay, is refused with 422."""
    try:
        rec = Record.from_json(data)
        return rec, replay(rec, verify=False, steps=steps, dice=dice(rec.rolls()))
    except RecordError as exc:
        raise RoomError(str(exc), 422) from None
    except Exception as exc:  # an unknown game, an illegal decision or an impossible roll in an upload
        raise RoomError(f"the record does not replay: {exc}", 422) from None


def dice_tables(data: Any) -> dict:
    """Each roll of a record with the event's outcomes and integer weights (see :func:`dice`)."""
    if not isinstance(data, dict) or not isinstance(data.get("dice"), dict) or "seed" not in data["dice"]:
        raise RoomError("the record holds no revealed seed: its dice cannot be recomputed", 422)
    rolls: list[dict] = []

    class Watch(ReplayDice):
        def roll(self, event):
            outcome = super().roll(event)
            d = event.denominator()
            rolls.append({"n": len(rolls), "event": event.name, "outcome": outcome, "denominator": d,
                          "outcomes": list(event.outcomes),
                          "weights": [p.numerator * (d // p.denominator) for p in event.probabilities]})
            return outcome

    rec, _ = replayed(data, dice=Watch)
    return {"seed": rec.dice["seed"], "commitment": rec.dice.get("commitment"), "covers": rec.dice.get("covers"),
            "rolls": rolls}


@router.post("/{room_id}/rematch", response_model=RoomCreated)
async def rematch(room_id: str, body: TokenOnly, request: Request) -> dict:
    """Start (or join) the rematch: same game, options and seats; every seat keeps its token."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    new = hub.rematch(room, seat_in(room, body.token))
    if new.rated:  # the same accounts play the rated rematch
        book.copy_accounts(request.app.state.engine, room.id, new.id)
    return created(new, {})


@router.post("/{room_id}/name")
async def set_name(room_id: str, body: NameIn, request: Request) -> dict:
    """The name your seat goes by, shown to everyone and kept in the record."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    return {"name": hub.set_name(room, seat_in(room, body.token), body.name)}


@router.get("/{room_id}/chat")
async def get_chat(room_id: str, request: Request, since: int = Query(-1, ge=-1)) -> dict:
    """The room's chat after line ``since`` (public to the room; never in the dice record)."""
    room = await hub_of(request).settled(room_id)
    return {"last": len(room.chat) - 1, "lines": projection.chat(room, since)}


@router.post("/{room_id}/chat")
async def post_chat(room_id: str, body: ChatIn, request: Request) -> dict:
    """Say something to the room (players only; length- and rate-limited)."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    return hub.chat(room, seat_in(room, body.token), body.text)


@router.post("/{room_id}/claim")
async def claim(room_id: str, body: TokenOnly, request: Request) -> dict:
    """Claim the game when an opponent's clock ran out or the opponent stayed away past the limit."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    seat = seat_in(room, body.token)
    if room.waiting_for_players:
        raise RoomError("a rated game starts when every seat is taken: nothing to claim before", 409)
    hub.claim(room, seat)
    return hub.view(room, seat)


@router.post("/{room_id}/takeback")
async def takeback(room_id: str, body: TokenOnly, request: Request) -> dict:
    """Ask to take your last decision back (before any roll after it and before anyone acted on it);
    people who saw it must agree (bots always do)."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    rated.refuse(room, "takebacks")
    return hub.ask_takeback(room, seat_in(room, body.token))


@router.post("/{room_id}/takeback/answer")
async def takeback_answer(room_id: str, body: TakebackAnswer, request: Request) -> dict:
    """Agree to (or refuse) the open takeback request."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    return hub.answer_takeback(room, seat_in(room, body.token), body.accept)


@router.get("/{room_id}/replay")
async def replay_frame(room_id: str, request: Request, step: int = Query(0, ge=0)) -> dict:
    """A finished game as it stood after ``step`` decisions, as a spectator saw it (for the replay viewer)."""
    hub = hub_of(request)
    room = await hub.settled(room_id)
    if not room.over:
        raise RoomError("a game can be replayed once it is over", 409)
    return frame(projection.record(room), step)


def frame(data: Any, step: int) -> dict:
    """The spectator's view after ``step`` decisions of a record, with the log up to there."""
    rec, match = replayed(data, steps=step)
    game, decisions = match.game, rec.steps()  # decisions and forfeits: a step each
    node = game.node(match.state)
    return {"step": min(step, len(decisions)), "steps": len(decisions), "game": game.name, "title": game.title,
            "state": game.view(match.state, None), "status_rows": game.status_rows(match.state),
            "summary": game.summary(match.state), "over": match.over,
            "seats": [game.seat_name(s) for s in range(game.num_players)], "players": data.get("players"),
            "node": {"type": type(node).__name__.lower()},
            "log": [line.to_json() for line in match.log if line.visible_to(None)]}


@router.post("/replay", tags=["rooms"])
async def replay_upload(request: Request, step: int = Query(0, ge=0), body: dict = Body(...)) -> dict:
    """An uploaded game record as it stood after ``step`` decisions (the replay viewer's file mode)."""
    return frame(body, step)


@router.post("/verify", tags=["rooms"])
async def verify_upload(body: dict = Body(...)) -> dict:
    """The whole check ``brawl verify`` makes of a record: its commitment, then every decision played
    again with the dice drawn from its revealed seed.  ``ok`` is true only when every entry is the
    record's own; otherwise ``problem`` says what differs and ``step`` the replay step where it shows."""
    try:
        rec = Record.from_json(body)
    except RecordError as exc:
        raise RoomError(str(exc), 422) from None
    return verify_record(rec, make_game).to_json()


@router.get("/{room_id}/verify")
async def verify_room(room_id: str, request: Request) -> dict:
    """After the end, the same whole check of the room's published record (see ``POST /verify``)."""
    data = projection.record(await hub_of(request).settled(room_id))
    return verify_record(Record.from_json(data), make_game).to_json()
