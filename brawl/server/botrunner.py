"""Bots on the server: each bot seat moves when its decision opens, after a short delay so people
can follow.  A bot looks at the room only through the projection (its own seat's knowledge); a bot
that fails is replaced, for that decision, by a uniform choice among its legal decisions, so the
game goes on."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import TYPE_CHECKING

from ..bots import make_bot
from . import projection
from .room import RoomError

if TYPE_CHECKING:  # pragma: no cover
    from .host import Host
    from .room import Room

log = logging.getLogger("brawl.server")


class BotRunner:
    def __init__(self, hub: "Host", delay: float) -> None:
        self.hub = hub
        self.delay = delay
        self.bots: dict[str, dict[int, object]] = {}  # room id -> seat -> bot
        self.tasks: dict[tuple[str, int], asyncio.Task] = {}

    def _bots_of(self, room: "Room") -> dict[int, object]:
        bots = self.bots.get(room.id)
        if bots is None:
            bots = self.bots[room.id] = {s.seat: make_bot(room.game.name, s.bot, seed=secrets.randbelow(2**31), game=room.game)
                                         for s in room.seats if s.kind == "bot"}
        return bots

    def needed(self, room: "Room") -> bool:
        """Whether a bot's decision is open (the room must stay awake)."""
        return any(room.seats[s].kind == "bot" for s in room.waiting())

    def kick(self, room: "Room") -> None:
        """Start a move for every bot whose decision is open (once each)."""
        if not self.needed(room) or not self.hub.runs(room):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a synchronous caller): bots move when the server runs
        for seat in room.waiting():
            if room.seats[seat].kind == "bot" and (room.id, seat) not in self.tasks:
                self.tasks[(room.id, seat)] = loop.create_task(self._move(room, seat))

    def forget(self, room_id: str) -> None:
        self.bots.pop(room_id, None)
        for key in [k for k in self.tasks if k[0] == room_id]:
            self.tasks.pop(key).cancel()

    def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    async def _move(self, room: "Room", seat: int) -> None:
        try:
            await asyncio.sleep(self.delay)
            if self.hub.rooms.get(room.id) is not room or seat not in room.waiting():
                return
            action = self.choice(room, seat)
        finally:
            self.tasks.pop((room.id, seat), None)
        try:
            await self.hub.decide(room, seat, action)
        except RoomError as exc:
            log.warning("a bot in room %s was refused: %s", room.id, exc)

    def choice(self, room: "Room", seat: int) -> str:
        bot = self._bots_of(room)[seat]
        try:
            return bot.choose(room.game, projection.bot_state(room, seat), seat)
        except Exception:
            log.exception("bot %s failed in room %s; a random legal decision stands in", getattr(bot, "name", "?"), room.id)
        stand_in = make_bot(room.game.name, "random", seed=secrets.randbelow(2**31))
        try:
            return stand_in.choose(room.game, projection.bot_state(room, seat), seat)
        except Exception:
            log.exception("the random stand-in failed in room %s", room.id)
        legal = room.match.legal_actions(seat)
        if not legal:
            raise RoomError("the bot failed and the decision has no listed choices", 500)
        return random.Random(secrets.randbits(32)).choice(legal)
