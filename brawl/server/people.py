"""What people do in a room besides deciding: their names, the chat, claims when an opponent's time
ran out or they stayed away, and takebacks.

:class:`People` is part of the :class:`~brawl.server.hub.Hub` (a base class of it): each change
here is stored through the hub's :class:`~brawl.server.store.Store` first, then told through its
:class:`~brawl.server.notify.Notifier`, like a decision.  The rate limits and text checks every
request passes are here too.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import TYPE_CHECKING, Any, Callable

from .clocks import TimeControl
from .correspondence import is_correspondence
from .projection import takeback_refusal
from .room import Ending, Room, RoomError, token_hash
from .sql import Conflict
from .store import end_row

if TYPE_CHECKING:  # pragma: no cover
    from .clocks import Clocks as _Clocks
    from .botrunner import BotRunner
    from .notify import Notifier
    from .settings import Settings
    from .store import Store


AWAY_LIMIT = TimeControl.model_fields["away_limit"].default  # a room's away limit unless it chose one


class RateLimit:
    """At most ``count`` events per ``per`` seconds for each key (a sliding window)."""

    def __init__(self, count: int, per: float) -> None:
        self.count, self.per = count, per
        self.seen: dict[Any, list[float]] = {}

    def hit(self, key: Any, what: str) -> None:
        now = time.monotonic()
        times = [t for t in self.seen.get(key, ()) if now - t < self.per]
        if len(times) >= self.count:
            self.seen[key] = times
            raise RoomError(f"too many {what}: at most {self.count} per {self.per:g} s; wait a moment", 429)
        times.append(now)
        self.seen[key] = times
        if len(self.seen) > 10_000:  # forget quiet keys
            self.seen = {k: v for k, v in self.seen.items() if v and now - v[-1] < self.per}


def clean_text(text: Any, what: str, limit: int) -> str:
    """A name or chat line: a string, printable, trimmed, non-empty and at most ``limit`` long."""
    if not isinstance(text, str):
        raise RoomError(f"{what} must be text", 422)
    text = " ".join(text.split())
    if not text:
        raise RoomError(f"{what} is empty", 422)
    if len(text) > limit:
        raise RoomError(f"{what} is too long: at most {limit} characters", 422)
    if any(not ch.isprintable() for ch in text):
        raise RoomError(f"{what} has characters that cannot be shown", 422)
    return text


class People:
    """Names, chat, claims and takebacks (the hub's; see :class:`~brawl.server.hub.Hub`)."""

    store: "Store"
    settings: "Settings"
    clocks: "_Clocks"
    notifier: "Notifier"
    takebacks: dict[str, dict]
    claim_wakes: dict[str, float]
    rooms: dict[str, Room]
    chats: "RateLimit"
    takeback_asks: "RateLimit"
    bots: "BotRunner"
    catch_up: Callable[..., None]  # the sharing part's
    fresh_presence: Callable[..., None]  # the sharing part's
    leased: set[str] | None

    def set_name(self, room: Room, seat: int | None, name: Any) -> str:
        if seat is None:
            raise RoomError("a name belongs to a seat; open your invite link", 403)
        name = clean_text(name, "a player name", self.settings.name_length)
        self.store.set_player(room.id, seat, name)
        room.seats[seat].player = name
        self.notifier.changed(room, reload=True)
        return name

    def claim_public_seat(self, room: Room, seat: int, name: Any) -> str:
        """A stranger takes a free seat of a public room under ``name``: the seat's new token."""
        name = clean_text(name, "a player name", self.settings.name_length)
        token = secrets.token_urlsafe(18)
        if not self.store.take_seat(room.id, seat, token_hash(token), name):
            raise RoomError("that seat was taken a moment ago", 409)
        room.seats[seat].token_hash, room.seats[seat].player = token_hash(token), name
        self.notifier.changed(room, reload=True)
        return token

    def chat(self, room: Room, seat: int | None, text: Any) -> dict:
        if seat is None:
            raise RoomError("spectators read the chat; only players write in it", 403)
        text = clean_text(text, "a chat line", self.settings.chat_length)
        self.chats.hit((room.id, seat), "chat lines")
        n = len(room.chat)
        self.store.add_chat(room.id, n, seat, text)
        line = self._chat_json(room, n, seat, text, time.time())
        room.chat.append(line)
        self.notifier.changed(room, reload=True)
        return line

    @staticmethod
    def _chat_json(room: Room, n: int, seat: int, text: str, at: float) -> dict:
        return {"n": n, "seat": seat, "name": room.seat_label(seat), "text": text, "at": at}

    def seen_asking(self, room: Room, seat: int) -> None:
        """A request came with ``seat``'s token: its person is present now (see routes.seat_in)."""
        self.notifier.touch(room.id, seat)

    # -- claims ------------------------------------------------------------------------------------
    def claim_grace(self, room: Room) -> float:
        """Seconds a person whose decision is open must have been away before the others may
        claim the game: the room's away limit, and never less than the time a seat still shows
        online after its last connection closed (:meth:`presence_grace`, which the notifier
        asks), so that no claim ends the game of someone the page shows online.  A seat's view
        carries this number with whom it may claim against now (``claim``), and the page offers a
        claim from that alone."""
        agreed = room.time_control.get("away_limit", AWAY_LIMIT) if room.time_control else AWAY_LIMIT
        return max(float(agreed), self.presence_grace(room.id))

    def presence_grace(self, room_id: str) -> float:
        """Seconds a seat still shows online after its last connection closed: ``away_after`` (a
        reload is not an absence), or the room's away limit where that is shorter, so that "away"
        shows within the limit the players agreed on (the notifier asks this per room)."""
        room = self.rooms.get(room_id)
        agreed = room.time_control.get("away_limit", AWAY_LIMIT) if room is not None and room.time_control else AWAY_LIMIT
        return min(float(agreed), self.notifier.away_after)

    def _claims(self, room: Room, by: int, fresh: float = 0.0) -> tuple[list[int], float | None]:
        """The waiting people ``by`` may claim against now (out of time, or away for the grace),
        and the seconds until the next one that is away may be claimed against (None: nobody).
        Several processes: before anyone is found claimable, the room's presence in every process
        is read afresh (unless read within ``fresh`` seconds); unreadable, nobody is."""
        out, soonest = self._judge_claims(room, by)
        if out and self.leased is not None:
            try:
                self.fresh_presence(room.id, fresh)
            except RoomError:
                return [], None
            out, soonest = self._judge_claims(room, by)
        return out, soonest

    def _judge_claims(self, room: Room, by: int) -> tuple[list[int], float | None]:
        if room.over or is_correspondence(room):  # days away are what a correspondence game is for
            return [], None
        grace = self.claim_grace(room)
        flagged = self.clocks.of(room).flagged
        out, soonest = [], None
        for s in room.waiting():
            if s == by or room.seats[s].kind != "human":
                continue
            away = 0.0 if s in flagged else self.notifier.away_for(room.id, s)
            if s in flagged or away >= grace:
                out.append(s)
            elif away > 0:
                soonest = grace - away if soonest is None else min(soonest, grace - away)
        return out, soonest

    def claimable(self, room: Room, by: int) -> list[int]:
        """The waiting people ``by`` may claim against: out of time, or away for :meth:`claim_grace`."""
        return self._claims(room, by)[0]

    def claim_json(self, room: Room, seat: int | None) -> dict | None:
        """For a seat's view: the grace and whom it may claim against now.  When an absent
        person may be claimed against later, the room's connections are woken then (the view
        itself holds nothing that changes with the time alone)."""
        if seat is None or room.over:
            return None
        against, soonest = self._claims(room, seat, fresh=1.0)
        if soonest is not None:
            self._wake_for_claim(room.id, soonest)
        return {"after": self.claim_grace(room), "against": against}

    def _wake_for_claim(self, room_id: str, delay: float) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a synchronous caller): the next view says it
        now = time.monotonic()
        due = self.claim_wakes.get(room_id)
        if due is not None and now < due <= now + delay + 0.5:
            return  # an earlier wake is due; it asks again
        self.claim_wakes[room_id] = now + delay
        loop.call_later(delay + 0.05, self._claim_due, room_id)

    def _claim_due(self, room_id: str) -> None:
        self.claim_wakes.pop(room_id, None)
        self.notifier.wake(room_id)

    def claim(self, room: Room, seat: int | None) -> Room:
        if seat is None:
            raise RoomError("only a player can claim the game", 403)
        if room.over:
            raise RoomError("the game is over", 409)
        against = self.claimable(room, seat)
        if not against:
            raise RoomError("nothing to claim: no opponent is out of time or away past the limit", 409)
        flagged = self.clocks.of(room).flagged  # the reason names what happened to each: out of time, or away
        why = " and ".join(f"{', '.join(room.seat_label(s) for s in group)} {words}" for group, words in (
            ([s for s in against if s in flagged], "ran out of time"), ([s for s in against if s not in flagged], "stayed away")) if group)
        winners = tuple(s.seat for s in room.seats if s.seat not in against)
        self._end(room, f"claimed by {room.seat_label(seat)}: {why}", winners, by=seat)
        return room

    def abort(self, room: Room, reason: str) -> None:
        """End the game with no winner (a pairing someone never came for): an ending like a claim's."""
        self._end(room, reason, ())

    def time_ran_out(self, room: Room, seats: list[int]) -> None:
        """A person's time control ran out: tell everyone; where only bots could claim, the seats
        lose at once (:meth:`out_of_time`)."""
        self.store.set_time_control(room.id, self.clocks.stored(room))
        people = [s for s in room.seats if s.kind == "human" and s.seat not in seats]
        if not people and not room.over:
            self.out_of_time(room, seats)
            return
        self.notifier.changed(room)

    def out_of_time(self, room: Room, seats: list[int]) -> None:
        """The server's judgement on ``seats`` whose time ran out (nobody claims it): in a game whose
        players fall one by one (``Game.forfeit``: KtOG) each of them falls, a step of the record, and
        the others play on; in any other game it ends, the seats still in winning.  A decision that
        came first (another process) leaves it to the clocks' next look."""
        if room.over or not seats:
            return
        if not room.game.has_forfeit():
            out = set(seats) | set(self.clocks.of(room).flagged)
            winners = tuple(s.seat for s in room.seats if s.seat not in out)
            try:
                self._end(room, f"{', '.join(room.seat_label(s) for s in sorted(out))} ran out of time", winners)
            except RoomError:  # a decision came first (another process): the clocks judge again
                pass
            return
        for seat in sorted(seats):
            if room.over or room.pending or seat not in room.waiting():
                return  # over, being stored (the clocks' next look), or no longer this seat's decision
            try:
                self.forfeit(room, seat, "time")
            except RoomError:  # a decision came first (another process): the clocks judge again
                return

    def forfeit(self, room: Room, seat: int, reason: str) -> None:
        """``seat`` leaves a game the others play on: an event of the record, stored (with the clocks:
        the seat no longer flagged, the next decision's start) before anyone is told."""
        self.clocks.of(room).flagged.discard(seat)
        staged = self._stage(room, seat, None, None, forfeit=reason)
        self._store_now(room, staged)

    def _end(self, room: Room, reason: str, winners: tuple[int, ...], by: int | None = None) -> None:
        """The server ends the game (a claim, a clock): an event numbered after the room's last,
        stored with the room's ending in one transaction, so that of it and a decision sent at the
        same moment (through any process) the database lets exactly one in, and the record, the
        result and the ratings agree.  When a decision or roll took the number first, this copy
        catches up and the ending is refused (409): the game moved on."""
        try:
            self.store.end_at(end_row(room.id, room.last + 1, reason, winners, by))
        except Conflict:
            self.catch_up(room.id)
            self.notifier.wake(room.id)
            raise RoomError("the game moved on a moment ago (a decision came first); look again", 409) from None
        room.ending = Ending(reason, winners)
        self.takebacks.pop(room.id, None)
        self.clocks.arm(room)
        self.notifier.changed(room, reload=True)

    # -- takebacks ---------------------------------------------------------------------------------
    def _takeback_target(self, room: Room, seat: int) -> int:
        """The event number of ``seat``'s decision that may be taken back, or a refusal (the
        reasons are the projection's, which tells each seat whether it may ask now)."""
        refusal = takeback_refusal(room, seat)
        if refusal is not None:
            raise RoomError(refusal, 409)
        return room.last

    def ask_takeback(self, room: Room, seat: int | None) -> dict:
        if seat is None:
            raise RoomError("only a player can take a decision back", 403)
        self.takeback_asks.hit((room.id, seat), "takeback requests")
        n = self._takeback_target(room, seat)
        asked = [s.seat for s in room.seats if s.kind == "human" and s.seat != seat]
        if not asked:  # bots agree
            self._take_back(room, n)
            return {"done": True}
        self.takebacks[room.id] = {"seat": seat, "n": n, "asked": asked}
        self.notifier.changed(room)
        return {"done": False, "waiting": asked}

    def answer_takeback(self, room: Room, seat: int | None, accept: bool) -> dict:
        request = self.takebacks.get(room.id)
        if seat is None or request is None or seat not in request["asked"]:
            raise RoomError("no takeback is waiting for your answer", 409)
        if not accept:
            self.takebacks.pop(room.id, None)
            self.notifier.changed(room)
            return {"done": False, "refused": True}
        request["asked"] = [s for s in request["asked"] if s != seat]
        if request["asked"]:
            self.notifier.changed(room)
            return {"done": False, "waiting": request["asked"]}
        self.takebacks.pop(room.id, None)
        if self._takeback_target(room, request["seat"]) != request["n"]:
            raise RoomError("the game has moved on since the takeback was asked", 409)
        self._take_back(room, request["n"])
        return {"done": True}

    def _take_back(self, room: Room, n: int) -> None:
        """Remove event ``n`` (the last, a decision with no roll after it) and rebuild the room."""
        self.store.truncate(room.id, n, wake=True)
        self.forget(room.id)
        fresh = self.get(room.id)
        self.notifier.changed(fresh, reload=True)
        self.bots.kick(fresh)

    def takeback_json(self, room: Room, seat: int | None) -> dict | None:
        request = self.takebacks.get(room.id)
        if request is None:
            return None
        return {"by": request["seat"], "waiting": request["asked"], "yours": seat in request["asked"]}
