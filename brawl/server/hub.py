"""The hub: the one path every change of a room takes (check, apply, store, then tell).

It keeps the rooms this process has in memory (loaded on first use from their stored events,
dropped again when nobody has looked at them for a while) and hands the rest of each job to its
part: :class:`~brawl.server.store.Store` (the database), :mod:`~brawl.server.projection` (what each
seat may see), :class:`~brawl.server.clocks.Clocks`, :class:`~brawl.server.botrunner.BotRunner`,
:class:`~brawl.server.notify.Notifier` and :class:`~brawl.server.writer.Writer` (a thread that commits
decisions, many rooms' at once).  Three base classes of the hub hold the rest of its work, each in a
module of its own: :class:`~brawl.server.creating.Creating` (new rooms and rematches),
:class:`~brawl.server.sharing.Sharing` (several processes: leases, news and catching up) and
:class:`~brawl.server.people.People` (names, chat, claims and takebacks).  The clocks and the bots
are given the hub as a :class:`~brawl.server.host.Host` and never import it.

A decision is applied in memory, handed to the writer, and told to nobody until it is committed:
meanwhile the room is ``pending``, its connections wait and :meth:`Hub.settled` holds readers and
the next decision of the same room back (one write in flight per room; other rooms go on).

Start-up loads nothing but the rooms where the server must act (a bot's or a clock's decision
open), and those in the background, so it takes the same time whatever the database holds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any

from ..core.game import BrawlError, IllegalAction
from ..games import make_game
from . import projection
from .accounts.rated import restrict as rated_rules
from .botrunner import BotRunner
from .clocks import Clocks
from .correspondence import is_correspondence, sweep
from .creating import Creating
from .db import utcnow
from .notify import Notifier
from .people import People, RateLimit
from .room import Ending, Room, RoomError, SeatInfo, code_version
from .settings import Settings
from .sharing import Sharing
from .store import Conflict, Store, event_row, replay_stored
from .writer import Staged, Write, Writer, refusal

log = logging.getLogger("brawl.server")
NOT_A_ROLL = object()  # what _stage is given when it applies a decision


class Hub(Creating, Sharing, People):
    def __init__(self, store: Store, settings: Settings | None = None, holder: str | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.holder = holder or secrets.token_hex(8)  # this process, for leases
        self.rooms: dict[str, Room] = {}
        self.clocks = Clocks(self)
        self.bots = BotRunner(self, self.settings.bot_delay)
        self.notifier = Notifier(self.settings.away_after)
        self.notifier.grace_of = self.presence_grace
        self.decisions = RateLimit(self.settings.decisions_per_second, 1.0)
        self.chats = RateLimit(self.settings.chat_per_minute, 60.0)
        self.creations = RateLimit(self.settings.rooms_per_minute, 60.0)
        self.takeback_asks = RateLimit(self.settings.takebacks_per_minute, 60.0)
        self.takebacks: dict[str, dict] = {}  # room id -> the open takeback request
        self.claim_wakes: dict[str, float] = {}  # room id -> when its connections are woken for a claim
        self.renderers: set[str] = set()  # games whose browser board the page loads (set by the app)
        self.leased: set[str] | None = None  # several processes: the rooms whose bots and clocks run here
        self.lease_asked: dict[str, float] = {}  # room id -> when this process may next ask for its lease
        self._tasks: list[asyncio.Task] = []
        self.writer = Writer(store)  # started by the app; without it decisions are stored inline

    # -- loading -------------------------------------------------------------------------------
    def load(self, room_id: str) -> Room:
        """A room from the store: its snapshot (when this code wrote one) and the events after it."""
        stored = self.store.load(room_id, code_version())
        row = stored.row
        seats = [SeatInfo(s["seat"], s["kind"], s["bot"], s["token_hash"], s.get("player")) for s in stored.seats]
        game = make_game(row["game"], row["options"])
        time_control, one_device = Clocks.split_stored(row.get("time_control"))

        def fresh() -> Room:
            return Room(row["id"], game, row["seed_hex"], seats, commitment=row["commitment"], parent_id=row["parent_id"],
                        rematch_id=row["rematch_id"], public=bool(row.get("public")), time_control=time_control,
                        dice=row["dice_kind"], one_device=one_device, stored_options=row["options"],
                        rated=bool(row.get("rated")))

        room = fresh()
        if stored.snapshot is not None:
            try:
                room.restore(stored.snapshot[2])
            except Exception:  # an unreadable snapshot: replay everything instead
                log.exception("room %s: snapshot unreadable; replaying all its events", room_id)
                stored, room = self.store.load(room_id), fresh()
        replay_stored(room, stored.events)
        if row.get("ended"):
            ended = json.loads(row["ended"])
            room.ending = Ending(ended["reason"], tuple(ended["winners"]))
        room.chat = [self._chat_json(room, c["n"], c["seat"], c["text"], c["created_at"].timestamp()
                                     if hasattr(c["created_at"], "timestamp") else 0.0) for c in stored.chat]
        self.rooms[room_id] = room
        room.on_request = self.seen_asking  # a request with a seat's token shows it present
        self.clocks.arm(room)  # an open clock starts a full new period
        return room

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is not None and room.unheard and not room.pending:
            self._hear(room)  # news kept for its first use here (see catch_up)
            room = self.rooms.get(room_id)
        if room is None:
            room = self.load(room_id)
            self.bots.kick(room)
        room.touched = time.monotonic()
        return room

    def forget(self, room_id: str) -> None:
        """Drop a room from memory (the store keeps it; the next use loads it again)."""
        self.rooms.pop(room_id, None)
        self.clocks.forget(room_id)
        self.bots.forget(room_id)

    def awake(self, room: Room) -> bool:
        """Whether the server must act in the room (a bot's decision, a running clock)."""
        if room.over:
            return False
        return self.bots.needed(room) or room.game.decision_deadline(room.match.state) is not None \
            or (Clocks.control(room) is not None and bool(room.waiting()))

    def resume(self) -> int:
        """Load the rooms where the server must act and set their bots and clocks going."""
        ids = self.store.waking()
        for room_id in ids:
            self.resume_room(room_id)
        return len(ids)

    async def resume_gently(self) -> int:
        """:meth:`resume` on the event loop, one room at a time with the loop free between them, so
        that requests are answered while many rooms are loaded."""
        ids = self.store.waking()
        for room_id in ids:
            self.resume_room(room_id)
            await asyncio.sleep(0)
        return len(ids)

    def resume_room(self, room_id: str) -> None:
        if room_id not in self.rooms:
            try:
                self.get(room_id)
            except BrawlError as exc:
                log.error("room %s could not be resumed: %s", room_id, exc)

    def evict_idle(self) -> int:
        """Rooms nobody watches and where the server has nothing to do leave memory after a while."""
        now = time.monotonic()
        idle = [r for r in self.rooms.values()
                if not self.notifier.watching(r.id) and now - r.touched > self.settings.idle_evict
                and not (self.awake(r) and self.runs(r)) and r.id not in self.takebacks and not r.pending]
        for room in idle:
            self.forget(room.id)
        return len(idle)

    # -- deciding ------------------------------------------------------------------------------
    async def decide(self, room: Room, seat: int | None, action: Any, expect: int | None = None,
                     client_id: str | None = None) -> tuple[int, int]:
        """Check, apply, store, then tell: the one path every decision takes.  Returns once the
        decision is committed (the event loop serves others meanwhile; see writer.py), with the
        numbers of the first and last events it made (the decision and the rolls after it).

        Several processes: a sealed choice at a simultaneous decision that another process's
        sealed choice beat to the store is judged and stored again (sealed choices do not
        conflict), as long as the same decision is still open and waits for this seat."""
        if seat is None:
            raise RoomError("spectators cannot decide; open your seat's invite link", 403)
        if room.waiting_for_players:
            raise RoomError("a rated game starts when every seat is taken", 409)
        for tries_left in range(len(room.seats), -1, -1):
            room = await self.settled(room.id)  # one write in flight per room: judge against what is stored
            if client_id is not None and client_id in room.client_ids:
                return room.client_ids[client_id]  # a resend: the first answer, applied once
            room = self._judge(room, seat, action, expect)
            opened, sealed = room.opened, projection.sealed_open(room)
            staged = self._stage(room, seat, action, client_id)
            try:
                await self._commit(room, staged)
            except Conflict:
                if not sealed or not tries_left:
                    raise
                fresh = await self.settled(room.id)  # rebuilt from the store, the other choice in it
                if fresh.opened != opened or seat not in fresh.waiting():
                    raise
                continue
            self.clocks.accepted(room, seat)
            return staged.start, staged.start + len(staged.entries) - 1
        raise AssertionError("unreachable: the last try returns or raises")

    async def roll(self, room: Room, seat: int | None, outcome: Any = None) -> tuple[int, int]:
        """Dice rolled at the table: a seated person enters the face the awaited die shows
        (``outcome``), or with ``None`` has the server draw it from the room's committed seed; the
        same path as a decision (check, apply, store, then tell).  Returns the numbers of the first
        and last events it made."""
        if seat is None:
            raise RoomError("spectators cannot roll; open your seat's invite link", 403)
        room = await self.settled(room.id)
        self._check_roll(room, seat)
        staged = self._stage(room, seat, None, None, rolled=outcome)
        await self._commit(room, staged)
        return staged.start, staged.start + len(staged.entries) - 1

    def play_from_one_device(self, room: Room, seats: set[int]) -> None:
        """One device for the table: a page that holds every person's seat (``seats``, from their
        tokens) plays the room; from now on a sealed decision's clock runs for one seat at a time
        (see clocks.py).  Stored with the room; asking again changes nothing."""
        if self.clocks.play_from_one_device(room, seats, lambda stored: self.store.set_time_control(room.id, stored)):
            self.notifier.changed(room, reload=True)

    def take_phone(self, room: Room, seat: int | None) -> None:
        """One device for the table: ``seat``'s person took the phone ("I am Moon"); at a sealed
        decision with a clock, that seat's clock starts now (see :meth:`Clocks.take_phone`)."""
        if seat is None:
            raise RoomError("a spectator holds no seat; give the token of the seat that takes the phone", 403)
        self.decisions.hit((room.id, seat), "phone passes")
        if self.clocks.take_phone(room, seat):
            self.notifier.changed(room, announce=False)  # kept in this process's memory, like the clock itself

    async def _commit(self, room: Room, staged: Staged) -> None:
        """Store a staged change: by the writer thread when it runs (the event loop serves others
        meanwhile), else on this thread; a refusal is raised as the API's error."""
        if self.writer.running:
            write = self._write(room, staged)
            self.writer.submit(write)
            try:
                await write.future
            except Exception as exc:
                raise refusal(exc) from None
        else:
            self._store_now(room, staged)

    def _check_roll(self, room: Room, seat: int) -> None:
        if room.seats[seat].kind != "human":
            raise RoomError("a bot's seat enters no dice", 403)
        self.decisions.hit((room.id, seat), "rolls")
        if room.over:
            raise RoomError("the game is over", 409)
        if room.dice != "table":
            raise RoomError("this room's dice are rolled by the server; none are entered", 409)
        if room.match.awaiting is None:
            waiting = ", ".join(room.seat_label(s) for s in room.waiting()) or "nobody"
            raise RoomError(f"no roll is awaited now; waiting for a decision of {waiting}", 409)

    def decide_now(self, room: Room, seat: int | None, action: Any, expect: int | None = None,
                   client_id: str | None = None) -> list[dict]:
        """:meth:`decide` for a caller without an event loop (tests, tools): stored before it returns."""
        if seat is None:
            raise RoomError("spectators cannot decide; open your seat's invite link", 403)
        room = self.get(room.id)
        if room.pending:
            raise RoomError("a decision in this room is being stored; try again", 409)
        if client_id is not None and client_id in room.client_ids:
            first, last = room.client_ids[client_id]
            return room.match.record.entries[first:last + 1]
        room = self._judge(room, seat, action, expect)
        entries = self.apply(room, seat, action, client_id)
        self.clocks.accepted(room, seat)
        return entries

    def _judge(self, room: Room, seat: int, action: Any, expect: int | None) -> Room:
        """The rate limit and :meth:`_check_turn`; several processes: judged again against what is
        stored now before a refusal for being stale.  Returns the room to apply to."""
        if room.seats[seat].kind == "human":
            self.decisions.hit((room.id, seat), "decisions")
        try:
            self._check_turn(room, seat, action, expect)
        except RoomError as exc:
            if exc.status != 409 or self.leased is None:
                raise
            # several processes: this copy may not have heard the latest news yet; judge again
            # against what is stored now (the store's event order settles any race either way)
            self.catch_up(room.id)
            room = self.get(room.id)
            self._check_turn(room, seat, action, expect)
        return room

    async def settled(self, room_id: str) -> Room:
        """The room once no decision of it is waiting for the store: what it shows is stored."""
        while True:
            room = self.get(room_id)
            if not room.pending:
                return room
            waiter = asyncio.get_running_loop().create_future()
            room.waiters.append(waiter)
            await waiter

    def _check_turn(self, room: Room, seat: int, action: Any, expect: int | None) -> None:
        """Refuse (409) a decision out of turn, after its clock ran out, stale or after the end."""
        self.clocks.check(room)
        late = self.clocks.refuse_late(room, seat, action, expect) if isinstance(action, str) else None
        if late:
            raise RoomError(late, 409)
        if room.over:
            raise RoomError("the game is over", 409)
        if expect is not None and expect != room.last:
            raise RoomError(f"the game has moved on (last event {room.last}, you expected {expect}); "
                            "refresh and decide again", 409)
        if seat not in room.waiting():
            waiting = ", ".join(room.seat_label(s) for s in room.waiting()) or "nobody"
            raise RoomError(f"it is not {room.seat_label(seat)}'s decision now; waiting for {waiting}", 409)

    def apply(self, room: Room, seat: int, action: Any, client_id: str | None = None) -> list[dict]:
        """Apply, store, arm the next clock, tell and wake the bots (checks done by the caller), all
        before it returns (a clock's stand-in decision).  If the store refuses, the room is rebuilt
        from what is stored and nothing was told."""
        staged = self._stage(room, seat, action, client_id)
        self._store_now(room, staged)
        return staged.entries

    def _stage(self, room: Room, seat: int, action: Any, client_id: str | None, rolled: Any = NOT_A_ROLL,
               forfeit: str | None = None) -> Staged:
        """Apply a decision (or, with ``rolled``, a roll of dice rolled at the table: the face
        entered, or None for a roll the server draws; with ``forfeit``, ``seat`` leaving a game the
        others play on) in memory and make its rows; the room is ``pending`` until it is stored."""
        start = room.last + 1
        try:
            entries = room.forfeit(seat, forfeit) if forfeit else \
                room.decide(seat, action) if rolled is NOT_A_ROLL else room.roll(rolled)
        except IllegalAction as exc:
            raise RoomError(str(exc), 422) from None
        if client_id is not None:
            room.client_ids[client_id] = (start, room.last)
        self.takebacks.pop(room.id, None)
        banks = self.clocks.spend(room, seat) if rolled is NOT_A_ROLL else self.clocks.rolled(room)
        capped = not room.over and room.last + 1 >= self.settings.max_events
        if capped:
            room.ending = Ending(f"the game reached the server's limit of {self.settings.max_events} events", ())
        now = utcnow()
        rows = [event_row(room, k, client_id if k == start else None, now) for k in range(start, room.last + 1)]
        room.pending += 1
        return Staged(start, entries, rows, banks, self.news(room.id, rows=rows) if self.leased is not None else None, capped)

    def _write(self, room: Room, staged: Staged) -> Write:
        return Write(room, staged.rows, finished=room.over, wake=self.awake(room), time_control=staged.banks,
                     news=staged.news, done=lambda failure: self._stored(room, staged, failure))

    def _store_now(self, room: Room, staged: Staged) -> None:
        """Store a staged decision on this thread (no writer running, or a clock's stand-in)."""
        failure: RoomError | None = None
        try:
            self.store.append(room.id, staged.rows, finished=room.over, wake=self.awake(room),
                              time_control=staged.banks, news=staged.news)
        except RoomError as exc:
            failure = exc
        self._stored(room, staged, failure)
        if failure is not None:
            raise refusal(failure) from None

    def _stored(self, room: Room, staged: Staged, failure: BaseException | None) -> None:
        """A staged decision is committed (``failure`` None) or refused: tell and go on, or throw the
        change away (the room is rebuilt from the store, nobody was told).  Then whoever waits for
        the room goes on."""
        room.pending -= 1
        try:
            if failure is not None:
                if self.rooms.get(room.id) is room:
                    self._rebuild(room)
                return
            if self.rooms.get(room.id) is not room:  # read afresh meanwhile: that copy catches up
                self.catch_up(room.id)
                self.notifier.wake(room.id)
                return
            if staged.capped:
                try:
                    self.store.end(room.id, room.ending.reason, ())
                except RoomError:
                    log.error("room %s: could not store that it reached the event limit", room.id)
            if (room.last + 1) // self.settings.snapshot_every > staged.start // self.settings.snapshot_every:
                try:
                    self.store.save_snapshot(room.id, room.last, code_version(), room.snapshot())
                except RoomError:
                    pass  # only a shortcut for loading: the events are the truth
            self.after_change(room, announced=staged.news is not None)
        finally:
            waiters, room.waiters = room.waiters, []
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(None)

    def _rebuild(self, room: Room) -> None:
        """Throw away the in-memory change and load the room again from the store (if it can be
        reached; otherwise on the next use)."""
        self.forget(room.id)
        try:
            self.get(room.id)
        except RoomError:
            pass
        self.notifier.wake(room.id)

    def after_change(self, room: Room, announced: bool = True) -> None:
        """Clocks, news and bots after a change that is stored (``announced``: other processes
        were told in the same transaction)."""
        if self.leased is not None and room.id not in self.leased and self.awake(room):
            self.lease(room.id)
        self.clocks.arm(room)
        self.notifier.changed(room, announce=not announced)
        self.bots.kick(room)

    # -- people --------------------------------------------------------------------------------
    def presence(self, room: Room):
        return lambda seat: self.notifier.status(room.id, seat)

    def view(self, room: Room, seat: int | None) -> dict:
        """The room as ``seat`` sees it, through the projection, with the server's own parts."""
        return rated_rules(projection.view(room, seat, presence=self.presence(room), hints=hints_available(room),
                                           timer=self.clocks.timer_json(room), clocks=self.clocks.json(room),
                                           one_device=self.clocks.phone_json(room),
                                           takeback=self.takeback_json(room, seat), claim=self.claim_json(room, seat),
                                           renderer=room.game.name in self.renderers), room)

    # -- background --------------------------------------------------------------------------------
    async def housekeeping(self, every: float = 5.0) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                self.evict_idle()
                for room in list(self.rooms.values()):
                    if Clocks.control(room) is not None and not room.unheard \
                            and not is_correspondence(room):  # (a copy behind: not before its use)
                        self.clocks.flag(room)
                sweep(self)  # correspondence deadlines: those due (correspondence.py)
            except Exception:  # keep serving whatever one pass met
                log.exception("housekeeping failed")


HINTS_RECHECK = 60.0  # seconds before "no hints" is asked again for a game and options (a solution may be saved since)
_hints_known: dict[tuple[str, str], tuple[bool, float]] = {}  # (game, options) -> (hints can be had, when asked)


def hints_available(room: Room) -> bool:
    """Whether hints can be had for this room's game and options (a solver that answers at once).

    Asking costs about a millisecond (the solver's options are checked and its saved solutions
    looked for on disk), so the answer is kept on the room and, for every room with the same game
    and options, in this process: a yes for good, a no for ``HINTS_RECHECK`` seconds."""
    known = room._hints
    if known is None:
        key = (room.game.name, json.dumps(room.game.options_json(), sort_keys=True))
        now = time.monotonic()
        hit = _hints_known.get(key)
        if hit is not None and (hit[0] or now - hit[1] < HINTS_RECHECK):
            known = hit[0]
        else:
            try:
                from ..solve.hints import hints_possible
            except ImportError:
                known = False
            else:
                known = hints_possible(room.game)
            if len(_hints_known) > 1_000:
                _hints_known.clear()
            _hints_known[key] = (known, now)
        room._hints = known
    return known
