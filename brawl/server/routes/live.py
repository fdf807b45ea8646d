"""The WebSocket ``/api/rooms/{room}/ws``: live updates and decisions.

The client first sends ``{"type": "hello", "token": ..., "since": N, "chat_since": M}`` (N: the last
event it has, -1 for none; M likewise for chat).  The server answers ``{"type": "welcome", "seat":
...}`` and then ``{"type": "update", "events": [...], "view": {...}, "last": N, "chat": [...]}`` with
everything after N (and M), and again after every change: only what is new, so a message's size
does not grow with the game.  The client sends ``{"type": "decide", "action", "expect"?, "ref"?,
"client_id"?}`` (answered by ``{"type": "ok", "ref", "last"}`` after the update, or ``{"type":
"error", "ref", "status", "message"}``), ``{"type": "chat", "text", "ref"?}``, ``{"type": "name",
"name", "ref"?}``, ``{"type": "sync", "since": N}`` and ``{"type": "ping", "ref"?}``.

Refusals that end the socket: a bad hello (4400), a wrong token (4403), an unknown room (4404), a
foreign page's Origin (4403), too many sockets on the room or from the client (4429), a message
over the size limit (1009).  A malformed message otherwise gets an error answer and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .. import projection
from ..hub import Hub
from ..notify import Connection
from ..room import RoomError
from ..security import BadInput, check_json

router = APIRouter()
log = logging.getLogger("brawl.server")
INBOX = 32  # messages of one connection read ahead of the one being handled (a flood waits on its socket)
RETRY = 1.0  # seconds between a connection's tries to read its room while the store is down

try:
    import orjson

    def dumps(message: Any) -> str:
        """A message as JSON text (built once per change and seat; the fast encoder when installed)."""
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
except ImportError:  # pragma: no cover - orjson is a pinned dependency
    def dumps(message: Any) -> str:
        return json.dumps(message, separators=(",", ":"))


def origin_ok(ws: WebSocket, allowed: list[str]) -> bool:
    """A browser's WebSocket must come from this server's own pages (the same scheme, host and
    port: a page served over http may not open this server's wss, nor the other way round) or a
    listed origin; a client that sends no Origin (not a browser) is judged by its token alone."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = ws.headers.get("host", "")
    page = urlsplit(origin)
    own = "https" if ws.scope.get("scheme") in ("wss", "https") else "http"
    return page.scheme.lower() == own and page.netloc.lower() == host.lower()


async def close_with(ws: WebSocket, message: str, code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_json({"type": "error", "message": message})
        await ws.close(code=code)


async def receive(ws: WebSocket, hub: Hub) -> Any:
    """The next message, parsed and checked; raises BadInput for a malformed one and
    OverflowError for one over the size limit (the socket is then closed with 1009)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw = message.get("text")
    if raw is None:
        data = message.get("bytes") or b""
        if len(data) > hub.settings.max_message_bytes:
            raise OverflowError(f"message too large: at most {hub.settings.max_message_bytes} bytes")
        raise BadInput("malformed message: send JSON text")
    if len(raw) > hub.settings.max_message_bytes:
        raise OverflowError(f"message too large: at most {hub.settings.max_message_bytes} bytes")
    return check_json(raw, hub.settings.max_json_depth)


@router.websocket("/api/rooms/{room_id}/ws")
async def live(ws: WebSocket, room_id: str) -> None:
    hub: Hub = ws.app.state.hub
    await ws.accept()
    if not origin_ok(ws, hub.settings.allowed_origins):
        await close_with(ws, "this page's origin may not open a live connection here", 4403)
        return
    client = ws.client.host if ws.client else "?"
    try:
        hello = await asyncio.wait_for(receive(ws, hub), timeout=30)
    except (asyncio.TimeoutError, WebSocketDisconnect, BadInput, OverflowError, KeyError, TypeError):
        await close_with(ws, "expected a hello message: {type: hello, token, since}", 4400)
        return
    since = hello.get("since", -1) if isinstance(hello, dict) else None
    chat_since = hello.get("chat_since", -1) if isinstance(hello, dict) else None
    token = hello.get("token") if isinstance(hello, dict) else None
    if not isinstance(hello, dict) or hello.get("type") != "hello" or not isinstance(since, int) \
            or isinstance(since, bool) or not isinstance(chat_since, int) or (token is not None and not isinstance(token, str)):
        await close_with(ws, "expected a hello message: {type: hello, token (text or null), since (a number)}", 4400)
        return
    try:
        room = hub.get(room_id)
        seat = room.seat_for(token)
    except RoomError as exc:
        await close_with(ws, str(exc), 4000 + min(exc.status, 599))
        return
    if hub.notifier.count(room_id) >= hub.settings.sockets_per_room:
        await close_with(ws, f"this room has its {hub.settings.sockets_per_room} live connections already", 4429)
        return
    if hub.notifier.per_client.get(client, 0) >= hub.settings.sockets_per_client:
        await close_with(ws, f"too many live connections from one client (at most {hub.settings.sockets_per_client})", 4429)
        return
    shared = getattr(ws.app.state, "limits", None)  # several processes: counted for all of them
    counted = await shared.open_socket(client) if shared is not None else None
    if shared is not None and counted is None:
        await close_with(ws, f"too many live connections from one client (at most {hub.settings.sockets_per_client})", 4429)
        return
    conn = Connection(room_id, seat, client, last_sent=max(-1, since), chat_sent=max(-1, chat_since))
    hub.notifier.add(conn)
    try:
        await ws.send_json({"type": "welcome", "room": room_id, "seat": seat,
                            "name": room.seat_label(seat) if seat is not None else None})
        conn.wake.set()
        writer = asyncio.create_task(write_loop(ws, hub, conn))
        inbox: asyncio.Queue = asyncio.Queue(INBOX)
        handler = asyncio.create_task(handle_in_turn(hub, inbox, conn))
        try:
            while True:
                try:
                    msg = await receive(ws, hub)
                except BadInput as exc:
                    conn.tell({"type": "error", "status": 400, "message": str(exc)})
                    continue
                except OverflowError as exc:
                    await close_with(ws, str(exc), 1009)
                    return
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    conn.tell({"type": "pong", "ref": reference(msg)})  # at once, whatever else waits
                else:
                    await inbox.put(msg)  # waits only while INBOX messages are unhandled
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            writer.cancel()
            handler.cancel()
    finally:
        hub.notifier.remove(conn)
        if counted is not None:
            shared.close_socket(counted)


def reference(msg: Any) -> str | int | None:
    """A message's ``ref`` as its answer repeats it (none when it is not short text or a number)."""
    ref = msg.get("ref") if isinstance(msg, dict) else None
    if ref is not None and not isinstance(ref, (str, int)) or isinstance(ref, str) and len(ref) > 64:
        return None
    return ref


async def handle_in_turn(hub: Hub, inbox: asyncio.Queue, conn: Connection) -> None:
    """A connection's messages other than pings, each handled once the one before it is answered
    (a client's decisions are judged in the order it sent them)."""
    while True:
        msg = await inbox.get()
        try:
            await handle(hub, msg, conn)
        except asyncio.CancelledError:
            raise
        except Exception:  # never leave a sender waiting, nor the rest of the connection's messages
            log.exception("handling a live message failed")
            conn.tell({"type": "error", "ref": reference(msg), "status": 500, "message": "the server failed to handle that message"})


async def handle(hub: Hub, msg: Any, conn: Connection) -> None:
    ref = reference(msg)
    kind = msg.get("type") if isinstance(msg, dict) else None
    try:
        if kind == "ping":
            conn.tell({"type": "pong", "ref": ref})
            return
        room = hub.get(conn.room_id)
        if kind == "decide":
            action, expect, client_id = msg.get("action"), msg.get("expect"), msg.get("client_id")
            if not isinstance(action, str):
                raise RoomError("malformed message: decide needs an action string", 400)
            if expect is not None and (not isinstance(expect, int) or isinstance(expect, bool)):
                raise RoomError("malformed message: expect must be an event number", 400)
            if client_id is not None and (not isinstance(client_id, str) or len(client_id) > 64):
                raise RoomError("malformed message: client_id must be text of at most 64 characters", 400)
            await hub.decide(room, conn.seat, action, expect, client_id)
            conn.tell({"type": "ok", "ref": ref, "last": hub.get(conn.room_id).last})
        elif kind == "chat":
            hub.chat(room, conn.seat, msg.get("text"))
            conn.tell({"type": "ok", "ref": ref})
        elif kind == "name":
            conn.tell({"type": "ok", "ref": ref, "name": hub.set_name(room, conn.seat, msg.get("name"))})
        elif kind == "sync":
            since = msg.get("since", -1)
            if not isinstance(since, int) or isinstance(since, bool):
                raise RoomError("malformed message: since must be an event number", 400)
            conn.last_sent = max(-1, since)
            conn.dirty = True
            conn.wake.set()
        else:
            raise RoomError(f"malformed message: unknown type {str(kind)[:40]!r}; use decide, chat, name, sync or ping", 400)
    except RoomError as exc:
        conn.tell({"type": "error", "ref": ref, "status": exc.status, "message": str(exc)})


async def write_loop(ws: WebSocket, hub: Hub, conn: Connection) -> None:
    """Send a connection what is new (an update) and its direct answers (the outbox), in order.

    An update waits while a decision of the room is being stored (its finish wakes the loop) or
    while the store cannot be read (the loop tries again every ``RETRY`` seconds, so the
    connection catches up once the store is back); the answers do not wait for either: a refusal
    or a pong goes at once.  Only a decision's ``ok`` follows the update that shows it."""
    loop = asyncio.get_running_loop()
    retry: asyncio.TimerHandle | None = None
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError, OSError):
        while True:
            await conn.wake.wait()
            conn.wake.clear()
            try:
                room = hub.get(conn.room_id)
            except RoomError:  # the store is down: answers go now, the update once it is back
                room = None
                if retry is None or retry.cancelled() or loop.time() >= retry.when():
                    retry = loop.call_later(RETRY, conn.wake.set)
            if room is None or room.pending:
                # a decision is being stored (nothing it changed is told before it is), or the store
                # is down: send the answers, up to an ``ok`` waiting for an update being stored
                while conn.outbox and not (room is not None and conn.outbox[0].get("type") == "ok"
                                           and "last" in conn.outbox[0]):
                    await ws.send_text(dumps(conn.outbox.pop(0)))
                continue
            if room.last > conn.last_sent or conn.dirty or len(room.chat) - 1 > conn.chat_sent:
                def update(room=room, since=conn.last_sent, chat_since=conn.chat_sent, seat=conn.seat) -> str:
                    return dumps({"type": "update", "events": projection.events(room, seat, since),
                                       "view": hub.view(room, seat), "last": room.last,
                                       "chat": projection.chat(room, chat_since)})
                if conn.seat is None:  # spectators at the same point all get the same text
                    key = (room.id, id(room), hub.notifier.version(room.id), room.last, len(room.chat),
                           conn.last_sent, conn.chat_sent)
                    text = hub.notifier.shared(key, update)
                else:
                    text = update()
                conn.last_sent = room.last
                conn.chat_sent = len(room.chat) - 1
                conn.dirty = False
                await ws.send_text(text)
            while conn.outbox:
                await ws.send_text(dumps(conn.outbox.pop(0)))
