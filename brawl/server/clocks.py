"""Clocks the server keeps: the rules' decision clocks and the room's time control.

**Decision clocks** come from the rules (:meth:`Game.decision_deadline`, e.g. a Kniggits fight):
when one runs out the server submits :meth:`Game.timeout_action` for every seat still to choose,
through the same path as any decision, so the events replay and verify exactly.  A choice that
arrives after the end is refused.  The end is kept in memory only: after a restart an open clock
starts a full new period, since nobody could reach the server while it was down.

**One device for the table** (pass-and-play): a room whose every person's seat is played from one
page (:meth:`Clocks.play_from_one_device`, marked by a page that holds every person's token; kept
in the stored ``time_control`` as ``"one_device": true``, so a restart keeps it; in memory it is
``Room.one_device``, apart from the agreed control that a rematch copies).  There, the clock
of a sealed simultaneous decision runs for one seat at a time: it starts when that seat's person
takes the phone (:meth:`Clocks.take_phone`: the page's "I am Moon"), stops when that seat has
chosen, and when it runs out only that seat's stand-in is submitted.  Nobody's clock runs while
the phone goes round.  Who holds the phone is kept in memory like the end: after a restart nobody
holds it, and the next seat to take it gets a full period (the page takes it again at once when
its person was choosing).  Other decisions' clocks run as in any room.

**Time controls** are a room option chosen by people (:class:`TimeControl`): none, a limit per
decision, or a bank of time for the whole game with an increment after each decision.  Only
people's seats have clocks.  When a person's clock runs out, or a person whose decision is open
stays away past ``away_limit``, the opponents may claim the game; where every opponent is a bot,
the server claims for them.  Banks are stored with each decision, so a restart keeps them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, model_serializer, model_validator

from ..core.game import Decision
from . import correspondence as corr
from .room import RoomError

if TYPE_CHECKING:  # pragma: no cover
    from .host import Host
    from .room import Room

log = logging.getLogger("brawl.server")


class TimeControl(BaseModel):
    """A room's time control (the lobby's "Time" choice)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)  # each number finite, never text or true/false

    mode: Literal["none", "move", "game", "correspondence"] = Field(
        "none", description="none; move: a limit per decision; game: a bank for the whole game per person; "
        "correspondence: days per decision (days) or a bank of days (bank_days, increment_days)")
    seconds: StrictFloat = Field(300, gt=0, le=86_400, description="move: seconds per decision; game: each person's bank")
    increment: StrictFloat = Field(0, ge=0, le=3_600, description="game: seconds added to the bank after each decision")
    away_limit: StrictFloat = Field(120, gt=0, le=86_400, description="seconds a person whose decision is open may stay "
                                                                      "away before the opponents may claim the game")
    days: StrictInt | None = Field(None, description="correspondence: days for each decision (1, 2, 3, 7 or 14)")
    bank_days: StrictInt | None = Field(None, description="correspondence: each person's bank of days for the whole "
                                                          "game (1, 2, 3, 7, 14, 21 or 30)")
    increment_days: StrictInt | None = Field(None, description="correspondence with bank_days: days added to the bank "
                                                               "after each decision (0 to 3)")

    @model_validator(mode="before")
    @classmethod
    def _days_decide(cls, data):
        return corr.prepare(data)

    @model_validator(mode="after")
    def _days(self) -> "TimeControl":
        corr.outside(self.mode, self.days, self.bank_days, self.increment_days)
        if self.mode == corr.MODE:
            self.seconds, self.increment = corr.check(self.days, self.bank_days, self.increment_days)
            self.away_limit = 86_400.0  # never asked: a correspondence game has no claims
        return self

    @model_serializer(mode="wrap")
    def _dump(self, handler):
        out = handler(self)
        return {k: v for k, v in out.items() if v is not None or k not in ("days", "bank_days", "increment_days")}

    @property
    def banked(self) -> bool:
        """A bank for the whole game (mode game, or correspondence with bank_days)."""
        return self.mode == "game" or (self.mode == corr.MODE and self.bank_days is not None)


@dataclass
class RoomClocks:
    """The clocks of one room (in memory; the time-control banks are also stored)."""

    deadline: float | None = None  # the rules' clock: Unix time when the open decision runs out
    deadline_for: int | None = None  # the ``opened`` of the decision that clock belongs to
    deadline_seconds: float | None = None
    task: asyncio.Task | None = None
    expired: dict[int, tuple[frozenset[str], str, str]] = field(default_factory=dict)  # seat -> (choices, prompt, stand-in)
    banks: dict[int, float] = field(default_factory=dict)  # time control: seconds left per person's seat
    started: dict[int, float] = field(default_factory=dict)  # seat -> when its open decision started
    flagged: set[int] = field(default_factory=set)  # seats whose time control ran out
    flag_task: asyncio.Task | None = None
    holder: int | None = None  # one device for the table: the seat whose person took the phone (its clock runs)
    roll_started: float | None = None  # correspondence: when the open table roll was first awaited


ONE_DEVICE = "one_device"  # the key in a room's stored time_control that marks it played from one device


class Clocks:
    def __init__(self, hub: "Host") -> None:
        self.hub = hub
        self.rooms: dict[str, RoomClocks] = {}
        self.deadlines: list[tuple[float, str]] = []  # correspondence: (when, room) a heap the sweep pops
        self.noted: dict[str, float] = {}  # room -> its deadline noted in that heap
        self.walk: list[str] = []  # correspondence rooms the sweep has still to look at in this round
        self.walk_share = 1

    @staticmethod
    def wall() -> float:
        """The clocks' wall clock (tests replace ``clocks.time``)."""
        return time.time()

    def of(self, room: "Room") -> RoomClocks:
        clocks = self.rooms.get(room.id)
        if clocks is None:
            clocks = self.rooms[room.id] = RoomClocks()
            control = self.control(room)
            stored = (room.time_control or {}).get("banks") or {}
            if control is not None and control.banked:
                clocks.banks = {s.seat: float(stored.get(str(s.seat), control.seconds))
                                for s in room.seats if s.kind == "human"}
            clocks.flagged = {int(s) for s in (room.time_control or {}).get("flagged", [])}
            if control is not None and control.mode == corr.MODE:  # the stored starts: a restart counts on
                clocks.started, clocks.roll_started = corr.load_started(room.time_control)
        return clocks

    @staticmethod
    def agreed(room: "Room") -> TimeControl:
        """The room's time control as agreed (mode "none" by default)."""
        return TimeControl.model_validate({k: v for k, v in (room.time_control or {}).items()
                                           if k not in ("banks", "flagged", "started")})

    @classmethod
    def control(cls, room: "Room") -> TimeControl | None:
        """The room's time control when its clocks run (not mode "none")."""
        if (room.time_control or {}).get("mode", "none") == "none":
            return None  # most rooms, asked several times a decision: no model built for them
        known = getattr(room, "_control", None)  # built once per agreed control (a sweep asks every room)
        if known is not None and known[0] is room.time_control:
            return known[1]
        control = cls.agreed(room)
        control = None if control.mode == "none" else control
        room._control = (room.time_control, control)
        return control

    def forget(self, room_id: str) -> None:
        clocks = self.rooms.pop(room_id, None)
        self.noted.pop(room_id, None)
        if clocks is not None:
            for task in (clocks.task, clocks.flag_task):
                if task is not None:
                    task.cancel()

    # -- the rules' decision clocks --------------------------------------------------------------
    def timer_json(self, room: "Room") -> dict | None:
        clocks = self.of(room)
        if clocks.deadline is None:
            return None
        return {"ends_at": clocks.deadline, "seconds": clocks.deadline_seconds,
                "left": max(0.0, clocks.deadline - time.time())}

    def arm(self, room: "Room") -> None:
        """Start the open decision's clocks if they are not running yet; stop closed ones."""
        clocks = self.of(room)
        self._arm_controls(room, clocks)
        turns = getattr(self.hub, "turns", None)  # notifications of a correspondence game's turn
        if turns is not None:
            turns.opened(room)
        waiting = room.waiting()
        seconds = room.game.decision_deadline(room.match.state) if waiting else None
        if seconds is None:
            clocks.deadline = clocks.deadline_for = clocks.deadline_seconds = clocks.holder = None
            self._cancel(clocks, "task")
            return
        if self.per_seat(room):  # one device: no clock until a seat takes the phone (take_phone)
            if clocks.deadline_for != room.opened:
                clocks.deadline_for, clocks.deadline_seconds = room.opened, float(seconds)
                clocks.holder = None
            elif clocks.holder is not None and clocks.holder not in waiting:
                clocks.holder = None  # the seat with the phone has chosen (or its time ran out): its clock stops
            if clocks.holder is None:
                clocks.deadline = None
                self._cancel(clocks, "task")
            return
        clocks.holder = None
        if clocks.deadline_for == room.opened:
            return  # this decision's clock is already running (or has run out)
        self._cancel(clocks, "task")
        clocks.deadline_for = room.opened
        clocks.deadline_seconds = float(seconds)
        clocks.deadline = time.time() + float(seconds)
        clocks.task = _later(self._run_out(room, room.opened, clocks.deadline))

    @staticmethod
    def _cancel(clocks: RoomClocks, name: str) -> None:
        task = getattr(clocks, name)
        setattr(clocks, name, None)
        try:
            current = asyncio.current_task()
        except RuntimeError:  # no event loop running
            current = None
        if task is not None and task is not current:
            task.cancel()

    async def _run_out(self, room: "Room", opened: int, at: float) -> None:
        while (left := at - time.time()) > 0:  # the wall clock decides, even if the sleep was short
            await asyncio.sleep(left)
        while room.pending:  # a decision is being stored: the stand-in follows it
            await asyncio.sleep(0.005)
        clocks = self.rooms.get(room.id)
        if self.hub.rooms.get(room.id) is room and clocks is not None and clocks.deadline_for == opened \
                and clocks.deadline is not None and self.hub.runs(room):
            self.expire(room)

    def check(self, room: "Room") -> None:
        """Before a decision: a clock that ran out before its timer fired expires first."""
        clocks = self.of(room)
        if clocks.deadline is not None and time.time() >= clocks.deadline:
            self.expire(room)

    def refuse_late(self, room: "Room", seat: int, action: str, expect: int | None) -> str | None:
        """The refusal for a choice that came after its decision's clock ran out, or None."""
        late = self.of(room).expired.get(seat)
        if late is None or action not in late[0]:
            return None
        if (expect is not None and expect != room.last) or action not in room.match.legal_actions(seat):
            _, prompt, stand_in = late
            return (f"too late: the time for {prompt or 'that decision'} ran out and the rules chose for "
                    f"{room.seat_label(seat)} ({stand_in})")
        return None

    def expire(self, room: "Room") -> None:
        """The open decision's time is up: its stand-in decision for every seat still to choose
        (one device for the table: for the seat that held the phone only)."""
        clocks = self.of(room)
        opened = clocks.deadline_for
        holder = clocks.holder
        clocks.deadline = None  # the view no longer shows a running clock
        while not room.over and room.opened == opened:
            node = room.node()
            if not isinstance(node, Decision) or not node.seats:
                break
            if holder is not None and holder not in node.seats:
                break  # its stand-in is in: the others' clocks start when they take the phone
            seat = node.seats[0] if holder is None else holder
            choices = frozenset(room.match.legal_actions(seat))
            try:
                stand_in = room.game.timeout_action(room.match.state, seat)
                said = room.game.describe_action(room.match.state, seat, stand_in)
                self.hub.apply(room, seat, stand_in)
            except Exception as exc:  # the rules refused their own stand-in: say so, keep serving
                log.error("room %s: the stand-in for %s when the time ran out was refused: %s",
                          room.id, room.seat_label(seat), exc)
                self.hub.notifier.changed(room)
                return
            clocks.expired[seat] = (choices, node.prompt, said)
            log.info("room %s: time ran out for %s; %s stood in", room.id, room.seat_label(seat), stand_in)

    def accepted(self, room: "Room", seat: int) -> None:
        """A seat's choice was accepted: its late-refusal memory is cleared."""
        self.of(room).expired.pop(seat, None)

    # -- one device for the table ----------------------------------------------------------------
    def per_seat(self, room: "Room") -> bool:
        """Whether the open decision's rules clock runs one seat at a time: a sealed simultaneous
        decision in a room played from one device."""
        if not room.one_device:
            return False
        node = room.node()
        return isinstance(node, Decision) and node.kind == "simultaneous"

    def play_from_one_device(self, room: "Room", seats: set[int], store: Callable[[dict], None]) -> bool:
        """Mark the room as played from one device, asked by a page that holds the tokens of
        ``seats``: every person's seat, or it is refused with 403.  ``store`` keeps the mark with
        the room's time_control (if it fails, nothing changed).  Returns False when the room was
        marked already."""
        people = {s.seat for s in room.seats if s.kind == "human"}
        missing = sorted(people - seats)
        if missing:
            raise RoomError("one device plays every person's seat: the tokens of "
                            f"{', '.join(room.seat_label(s) for s in missing)} are missing", 403)
        if room.one_device:
            return False
        store({**(self.stored(room) or {}), ONE_DEVICE: True})
        room.one_device = True
        self.arm(room)  # a clock running for everyone at a sealed decision stops until a seat takes the phone
        return True

    def take_phone(self, room: "Room", seat: int) -> bool:
        """One device for the table: ``seat``'s person has the phone now.  At a sealed decision with
        a rules clock, that seat's clock starts (once per decision: taking it again lets it run on).
        Refused (409, nothing changes) in a room not played from one device, when the seat has no
        choice to make now, or while another seat holds the phone with its clock running.  Returns
        whether a clock started."""
        if not room.one_device:
            raise RoomError("this room is not played from one device: each seat's clock runs from the moment "
                            "its decision opens (a page with every seat's token marks it: POST /one-device)", 409)
        self.check(room)  # a clock that ran out first
        if room.over:
            raise RoomError("the game is over", 409)
        waiting = room.waiting()
        if seat not in waiting:
            others = ", ".join(room.seat_label(s) for s in waiting) or "nobody"
            raise RoomError(f"it is not {room.seat_label(seat)}'s decision now; waiting for {others}", 409)
        clocks = self.of(room)
        if not self.per_seat(room) or clocks.deadline_seconds is None or clocks.holder == seat:
            return False  # no clock to start here, or this seat's runs on (its page was opened again)
        if clocks.holder is not None:
            raise RoomError(f"{room.seat_label(clocks.holder)} has the phone: their time for this decision runs "
                            "until they choose", 409)
        clocks.holder = seat
        clocks.deadline = time.time() + clocks.deadline_seconds
        self._cancel(clocks, "task")
        clocks.task = _later(self._run_out(room, room.opened, clocks.deadline))
        return True

    def phone_json(self, room: "Room") -> dict | None:
        """One device for the table, for the view: ``holder`` (the seat whose clock runs now, or
        null) and ``seconds`` (each seat's period at the open sealed decision, or null when the
        rules set none); None for a room played from several devices."""
        if not room.one_device:
            return None
        clocks = self.of(room)
        per_seat = self.per_seat(room) and clocks.deadline_seconds is not None
        return {"holder": clocks.holder if per_seat else None, "seconds": clocks.deadline_seconds if per_seat else None}

    # -- time controls -----------------------------------------------------------------------------
    def _humans_waiting(self, room: "Room") -> list[int]:
        if room.waiting_for_players:
            return []  # a rated room's clocks start once every seat is taken
        return [s for s in room.waiting() if room.seats[s].kind == "human"]

    def spend(self, room: "Room", seat: int) -> dict | None:
        """Book the time ``seat`` took for the decision it just made; returns what to store."""
        control = self.control(room)
        clocks = self.of(room)
        started = clocks.started.pop(seat, None)
        if control is None or room.seats[seat].kind != "human":
            return None
        if control.banked and started is not None:
            clocks.banks[seat] = max(0.0, clocks.banks.get(seat, control.seconds)
                                     - self._taken(room, seat, started, time.time())) + control.increment
        if control.mode == corr.MODE:  # the decisions it opened start now, stored with it
            self._start_waiting(room, clocks)
        return self.stored(room)

    def stored(self, room: "Room") -> dict | None:
        """The room's time_control as stored: the agreed control with the banks and flags, and
        whether the room is played from one device."""
        mark = {ONE_DEVICE: True} if room.one_device else {}
        if room.time_control is None:
            return mark or None
        clocks = self.of(room)
        started = {"started": corr.dump_started(clocks.started, clocks.roll_started)} \
            if room.time_control.get("mode") == corr.MODE else {}
        return {**{k: v for k, v in room.time_control.items() if k not in ("banks", "flagged", "started")},
                "banks": {str(s): round(v, 3) for s, v in clocks.banks.items()}, "flagged": sorted(clocks.flagged),
                **started, **mark}

    def _start_waiting(self, room: "Room", clocks: RoomClocks) -> bool:
        """Correspondence: the open decisions (and an awaited table roll) start now unless started.
        Whether anything started."""
        now, before = time.time(), (dict(clocks.started), clocks.roll_started)
        waiting = self._humans_waiting(room)
        for seat in list(clocks.started):
            if seat not in waiting:
                clocks.started.pop(seat)
        for seat in waiting:
            clocks.started.setdefault(seat, now)
        awaiting = room.dice == "table" and room.match.awaiting is not None and not room.over
        clocks.roll_started = (clocks.roll_started or now) if awaiting else None
        return (clocks.started, clocks.roll_started) != before and bool(clocks.started or clocks.roll_started)

    def rolled(self, room: "Room") -> dict | None:
        """After a table roll: what to store (correspondence: the starts of what it opened)."""
        control = self.control(room)
        if control is None or control.mode != corr.MODE:
            return None
        self._start_waiting(room, self.of(room))
        return self.stored(room)

    @staticmethod
    def split_stored(stored: dict | None) -> tuple[dict | None, bool]:
        """A stored time_control as (the room's time_control, whether it is played from one device)."""
        if not stored or ONE_DEVICE not in stored:
            return stored, False
        rest = {k: v for k, v in stored.items() if k != ONE_DEVICE}
        return rest or None, bool(stored[ONE_DEVICE])

    def left(self, room: "Room", seat: int, now: float | None = None) -> float | None:
        """Seconds ``seat`` has left for its open decision (None without a time control)."""
        control = self.control(room)
        if control is None or room.seats[seat].kind != "human":
            return None
        clocks = self.of(room)
        now = time.time() if now is None else now
        base = clocks.banks.get(seat, control.seconds) if control.banked else control.seconds
        started = clocks.started.get(seat)
        return max(0.0, base - self._taken(room, seat, started, now)) if started is not None else base

    def _taken(self, room: "Room", seat: int, started: float, now: float) -> float:
        """Seconds a decision open since ``started`` has taken: in a correspondence game, less the
        time its account was on leave (see leave.py)."""
        leaves = getattr(self.hub, "leaves", None)
        if leaves is None or (room.time_control or {}).get("mode") != corr.MODE:
            return now - started
        return now - started - leaves.paused(room, seat, started, now)

    def _arm_controls(self, room: "Room", clocks: RoomClocks) -> None:
        control = self.control(room)
        if control is None or room.over:
            self._cancel(clocks, "flag_task")
            return
        now = time.time()
        waiting = self._humans_waiting(room)
        if control.mode == corr.MODE and self._start_waiting(room, clocks) and self.hub.runs(room):
            try:  # a start no decision stored (a new room, the last seat taken): stored now
                self.hub.store.set_time_control(room.id, self.stored(room))
            except Exception:  # the next decision stores it; meanwhile this process counts from it
                log.exception("room %s: could not store when its decision started", room.id)
        for seat in list(clocks.started):
            if seat not in waiting:
                clocks.started.pop(seat)
        for seat in waiting:
            clocks.started.setdefault(seat, now)
        self._cancel(clocks, "flag_task")
        live = [(self.left(room, s, now), s) for s in waiting if s not in clocks.flagged]
        if live:
            clocks.flag_task = _later(self._flag_at(room, now + min(live)[0]))
            if control.mode == corr.MODE:  # the sweep's list of deadlines (correspondence.py)
                corr.due(self, room, now + min(live)[0], clocks.roll_started, control.seconds)

    async def _flag_at(self, room: "Room", at: float) -> None:
        while (left := at - time.time()) > 0:
            await asyncio.sleep(left)
        if self.hub.runs(room):
            self.flag(room)

    def flag(self, room: "Room") -> None:
        """Mark every waiting person whose time is out; a room where only bots could claim ends."""
        clocks = self.of(room)
        if clocks.roll_started is not None and corr.is_correspondence(room):
            corr.roll_if_late(self.hub, room, time.time())  # a table roll left past its deadline is rolled for the table
        now = time.time()
        waiting = self._humans_waiting(room)
        newly = [s for s in waiting if s not in clocks.flagged and (self.left(room, s, now) or 0) <= 0]
        if newly:
            clocks.flagged.update(newly)
        if self.hub.rooms.get(room.id) is not room:
            return
        if newly:
            self.hub.time_ran_out(room, newly)
        # correspondence has no claims: the seats out of time lose at once (again, where their loss
        # could not be stored at the first look: a decision being stored, a restart in between)
        late = [s for s in waiting if s in clocks.flagged]
        if late and corr.is_correspondence(room) and not room.over:
            corr.ran_out(self.hub, room, late)

    def json(self, room: "Room") -> dict | None:
        control = self.control(room)
        if control is None:
            return None
        clocks = self.of(room)
        now = time.time()
        return {"mode": control.mode, "seconds": control.seconds, "increment": control.increment,
                "away_limit": control.away_limit, "now": now,
                "seats": {str(s.seat): {"left": self.left(room, s.seat, now), "running": s.seat in clocks.started,
                                        "flagged": s.seat in clocks.flagged, **self._leave_json(room, s.seat, control)}
                          for s in room.seats if s.kind == "human"}}

    def _leave_json(self, room: "Room", seat: int, control: TimeControl) -> dict:
        """A seat's clock's more: ``out`` (it fell), ``on_leave`` (see :func:`correspondence.seat_json`)."""
        return corr.seat_json(self.hub, room, seat, control.mode)


def _later(coro) -> asyncio.Task | None:
    """Run ``coro`` on the running event loop; without one (a synchronous caller) it is checked
    when the next decision arrives instead."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        coro.close()
        return None
    return loop.create_task(coro)
