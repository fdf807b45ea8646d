"""Rooms: matches the server owns, stored as events and rebuilt from them.

A :class:`Room` wraps a :class:`~brawl.core.match.Match` with committed dice.  Its record entries
(decisions and rolls) are the room's events, numbered from 0; every log line is tied to the event
that produced it so a client can ask for "everything after event N" and get exactly the lines its
seat may read.  The :class:`Hub` keeps the rooms in memory, writes each accepted change to the
database before anyone is told, rebuilds rooms from their events after a restart, moves the bots,
keeps the decision clocks and wakes the connected clients.

Decision clocks: when the open decision has a deadline (:meth:`Game.decision_deadline`), the hub
fixes its end as an absolute time, shows it in every view (``timer``) and, when it passes, submits
:meth:`Game.timeout_action` for each seat still to choose, through the same path as any decision,
so the events replay and verify exactly.  A choice that arrives after the end is refused.  The end
is kept in memory only: after a restart every open clock starts a full new period, since nobody
could reach the server while it was down.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from sqlalchemy import insert, select, update
from sqlalchemy.orm import sessionmaker

from ..bots import make_bot
from ..core.game import BrawlError, Decision, Game, IllegalAction, Terminal
from ..core.match import Match
from ..core.record import Record
from ..core.sources import CommittedDice
from ..games import game_class, make_game
from .db import EventRow, RoomRow, SeatRow, utcnow

log = logging.getLogger("brawl.server")


class RoomError(BrawlError):
    """A refusal with an HTTP status: the request changes nothing."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatInfo:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None = None
    token_hash: str | None = None


def parse_seat_spec(game_name: str, spec: str) -> tuple[str, str | None]:
    """``"human"`` or ``"bot:NAME"`` -> (kind, bot name); a bad spec or unknown bot is refused."""
    if spec == "human":
        return "human", None
    if isinstance(spec, str) and spec.startswith("bot:"):
        name = spec[4:]
        make_bot(game_name, name, seed=0)  # raises UnknownBot with the list of bots
        return "bot", name
    raise RoomError(f"bad seat {spec!r}: use 'human' or 'bot:NAME'", 422)


class Room:
    def __init__(self, room_id: str, game: Game, seed_hex: str, seats: list[SeatInfo],
                 parent_id: str | None = None, rematch_id: str | None = None) -> None:
        self.id = room_id
        self.game = game
        self.seed_hex = seed_hex
        self.source = CommittedDice(seed_hex)
        self.seats = seats
        self.parent_id = parent_id
        self.rematch_id = rematch_id
        self.match = Match(game, self.source)
        self.line_event: list[int] = []  # line n -> event number it belongs to
        self.sealed: set[int] = set()  # event numbers of choices made at a simultaneous decision
        self.opened = len(self.match.record.entries)  # events before the open decision opened: its identity
        self.deadline: float | None = None  # Unix time when the open decision's clock runs out
        self.deadline_for: int | None = None  # the ``opened`` of the decision that clock belongs to
        self.deadline_seconds: float | None = None
        self.timer_task: asyncio.Task | None = None
        self.expired: dict[int, tuple[frozenset[str], str, str]] = {}  # seat -> (its choices then, prompt, stand-in)
        self._index_lines(-1)
        self.connections: set["Connection"] = set()
        self.bot_tasks: dict[int, asyncio.Task] = {}
        self.bots = {s.seat: make_bot(game.name, s.bot, seed=secrets.randbelow(2**31), game=game)
                     for s in seats if s.kind == "bot"}

    # -- events --------------------------------------------------------------------------------
    @property
    def commitment(self) -> str:
        return self.source.commitment

    @property
    def last(self) -> int:
        """The number of the last event (-1 before any)."""
        return len(self.match.record.entries) - 1

    @property
    def over(self) -> bool:
        return self.match.over

    def _index_lines(self, current: int) -> None:
        """Tie each new log line to its event: a roll line to the roll it reports, every other line
        to the event most recently added when it was written."""
        for line in self.match.log[len(self.line_event):]:
            if line.kind == "roll":
                current += 1
            self.line_event.append(max(current, 0))

    def decide(self, seat: int, action: Any) -> list[dict]:
        """Apply a decision; return the new record entries.  Raises IllegalAction, changing nothing."""
        if not isinstance(action, str):
            raise IllegalAction(f"a decision is a string, not {type(action).__name__}")
        node = self.game.node(self.match.state)
        start = len(self.match.record.entries)
        self.match.decide(seat, action)
        if isinstance(node, Decision) and node.kind == "simultaneous":
            self.sealed.add(start)
        self._index_lines(start)
        if not self._same_decision(node, seat, start):
            self.opened = len(self.match.record.entries)
        return self.match.record.entries[start:]

    def _same_decision(self, before, seat: int, start: int) -> bool:
        """True when ``seat`` only sealed its choice and the same simultaneous decision still waits
        for the others (one clock covers it all)."""
        after = self.game.node(self.match.state)
        return (isinstance(before, Decision) and before.kind == "simultaneous"
                and isinstance(after, Decision) and after.kind == "simultaneous"
                and len(self.match.record.entries) == start + 1
                and set(after.seats) == set(before.seats) - {seat})

    def timer_json(self) -> dict | None:
        """The open decision's clock as the views show it, or None when there is none."""
        if self.deadline is None:
            return None
        return {"ends_at": self.deadline, "seconds": self.deadline_seconds,
                "left": max(0.0, self.deadline - time.time())}

    def entry_values(self, n: int) -> dict:
        """Event ``n`` as the column values of its database row."""
        entry = self.match.record.entries[n]
        row = {"room_id": self.id, "n": n, "kind": "roll", "seat": None, "action": None, "event": None,
               "outcome": None, "sealed": False, "created_at": utcnow()}
        if "roll" in entry:
            row.update(event=entry["roll"], outcome=entry["outcome"])
        else:
            row.update(kind="decision", seat=entry["seat"], action=entry["action"], sealed=n in self.sealed)
        return row

    def entry_row(self, n: int) -> EventRow:
        return EventRow(**self.entry_values(n))

    def events_for(self, seat: int | None, since: int = -1) -> list[dict]:
        """The events after ``since`` as ``seat`` may see them, each with its log lines."""
        since = max(-1, since)
        lines: dict[int, list[dict]] = {}
        for line, ev in zip(self.match.log, self.line_event):
            if ev > since and line.visible_to(seat):
                lines.setdefault(ev, []).append(line.to_json())
        out = []
        for n in range(since + 1, len(self.match.record.entries)):
            entry = self.match.record.entries[n]
            if "roll" in entry:
                item = {"n": n, "type": "roll", "event": entry["roll"], "outcome": entry["outcome"]}
            else:
                item = {"n": n, "type": "decision", "seat": entry["seat"], "sealed": n in self.sealed}
                if n not in self.sealed or entry["seat"] == seat:
                    item["action"] = entry["action"]
            item["log"] = lines.get(n, [])
            out.append(item)
        return out

    # -- reading -------------------------------------------------------------------------------
    def seat_for(self, token: str | None) -> int | None:
        """The seat a token opens; ``None`` (no token) is a spectator; a wrong token is refused."""
        if token is None or token == "":
            return None
        h = token_hash(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.seat
        raise RoomError("this seat token does not belong to this room", 403)

    def free_form(self) -> bool:
        return type(self.game).check_action is not Game.check_action

    def view_for(self, seat: int | None) -> dict:
        g, state = self.game, self.match.state
        node = g.node(state)
        legal = self.match.legal_actions(seat) if seat is not None else []
        waiting = list(node.seats) if isinstance(node, Decision) else []
        rows_fn = getattr(g, "status_rows", None)
        seen = g.view(state, seat)
        public = state
        if isinstance(node, Decision) and node.kind == "simultaneous":
            # sealed choices are in the state: build the table and summary from what this seat may see
            try:
                public = g.state_from_json(seen)
            except (TypeError, ValueError, KeyError, AttributeError):
                public = state
        return {
            "room": self.id,
            "game": g.name,
            "title": g.title,
            "options": g.options_json(),
            "seat": seat,
            "seats": [{"seat": s.seat, "name": g.seat_name(s.seat), "kind": s.kind, "bot": s.bot} for s in self.seats],
            "state": seen,
            "status_rows": rows_fn(public) if rows_fn else None,
            "summary": g.summary(public),
            "node": {"type": type(node).__name__.lower(), "seats": waiting,
                     "kind": node.kind if isinstance(node, Decision) else None,
                     "prompt": node.prompt if isinstance(node, Decision) else "",
                     "winners": list(node.winners) if isinstance(node, Terminal) else None},
            "your_turn": seat is not None and seat in waiting,
            "legal": [{"action": a, "label": g.describe_action(state, seat, a), "odds": g.action_odds(state, seat, a)}
                      for a in legal],
            "free_form": self.free_form() and seat is not None and seat in waiting,
            "over": isinstance(node, Terminal),
            "winners": list(node.winners) if isinstance(node, Terminal) else None,
            "last": self.last,
            "commitment": self.commitment,
            "seed": self.seed_hex if isinstance(node, Terminal) else None,
            "rematch": self.rematch_id,
            "timer": self.timer_json(),
        }

    def record_json(self) -> dict:
        if not self.over:
            raise RoomError("the record (with the dice seed) is published when the game ends", 409)
        record = Record.from_json(self.match.record.to_json())
        record.reveal(self.seed_hex)
        data = record.to_json()
        data["room"] = self.id
        return data

    def bot_state(self, seat: int):
        """What a bot may look at: at a simultaneous decision its own view (others' sealed choices
        stripped), rebuilt as a state when the game allows; otherwise the state."""
        state = self.match.state
        node = self.game.node(state)
        if isinstance(node, Decision) and node.kind == "simultaneous":
            try:
                return self.game.state_from_json(self.game.view(state, seat))
            except (TypeError, ValueError, KeyError):
                return state
        return state


@dataclass(eq=False)
class Connection:
    """A client watching a room: its seat and the last event it has been sent."""

    seat: int | None
    last_sent: int = -1
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dirty: bool = True  # the view changed since it was last sent
    outbox: list[dict] = field(default_factory=list)  # direct answers, sent after any pending update


class Hub:
    def __init__(self, sessions: sessionmaker, bot_delay: float = 0.6) -> None:
        self.sessions = sessions
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.on_change: Callable[[Room], None] | None = None

    # -- loading -------------------------------------------------------------------------------
    def load(self, room_id: str) -> Room:
        with self.sessions() as db:
            row = db.get(RoomRow, room_id)
            if row is None:
                raise RoomError(f"no room {room_id!r}", 404)
            events = db.scalars(select(EventRow).where(EventRow.room_id == room_id).order_by(EventRow.n)).all()
            seats = [SeatInfo(s.seat, s.kind, s.bot, s.token_hash) for s in row.seats]
            game = make_game(row.game, row.options)
            room = Room(row.id, game, row.seed_hex, seats, row.parent_id, row.rematch_id)
            if room.commitment != row.commitment:
                raise RoomError(f"room {room_id}: stored seed does not match its commitment", 500)
            for ev in events:
                if ev.kind == "decision":
                    room.decide(ev.seat, ev.action)
            stored = [_row_entry(ev) for ev in events]
            if stored != room.match.record.entries:
                first = next((i for i, (a, b) in enumerate(zip(stored, room.match.record.entries)) if a != b),
                             min(len(stored), len(room.match.record.entries)))
                raise RoomError(f"room {room_id}: replaying its events disagrees with the store at event {first}", 500)
        self.rooms[room_id] = room
        self.arm(room)  # an open clock starts a full new period
        return room

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        return room if room is not None else self.load(room_id)

    def resume_all(self) -> int:
        """Load every unfinished room (so its bots move again) and return how many."""
        with self.sessions() as db:
            ids = db.scalars(select(RoomRow.id).where(RoomRow.finished_at.is_(None))).all()
        for room_id in ids:
            if room_id not in self.rooms:
                try:
                    self.kick_bots(self.load(room_id))
                except BrawlError:
                    continue
        return len(ids)

    # -- changes -------------------------------------------------------------------------------
    def create(self, game_name: str, options: dict | None, seat_specs: list[str],
               tokens: dict[int, str] | None = None, parent: Room | None = None) -> tuple[Room, dict[int, str]]:
        cls = game_class(game_name)
        game = make_game(game_name, options or {})
        n = game.num_players
        if not (cls.min_players <= n <= cls.max_players):
            raise RoomError(f"{game_name} takes {cls.min_players} to {cls.max_players} players", 422)
        if len(seat_specs) != n:
            raise RoomError(f"{game_name} with these options has {n} seats; {len(seat_specs)} given", 422)
        parsed = [parse_seat_spec(game_name, spec) for spec in seat_specs]
        new_tokens: dict[int, str] = {}
        seats = []
        for i, (kind, bot) in enumerate(parsed):
            h = None
            if kind == "human":
                if parent is not None:
                    h = parent.seats[i].token_hash
                else:
                    new_tokens[i] = (tokens or {}).get(i) or secrets.token_urlsafe(18)
                    h = token_hash(new_tokens[i])
            seats.append(SeatInfo(i, kind, bot, h))
        room_id = secrets.token_urlsafe(9)
        seed_hex = secrets.token_hex(32)
        room = Room(room_id, game, seed_hex, seats, parent.id if parent else None)
        with self.sessions() as db:
            db.add(RoomRow(id=room_id, game=game_name, options=game.options_json(), dice_kind=CommittedDice.kind,
                           seed_hex=seed_hex, commitment=room.commitment, parent_id=room.parent_id,
                           finished_at=utcnow() if room.over else None,
                           seats=[SeatRow(seat=s.seat, kind=s.kind, bot=s.bot, token_hash=s.token_hash) for s in seats]))
            db.flush()  # the room row first: events refer to it
            db.add_all(room.entry_row(k) for k in range(len(room.match.record.entries)))
            if parent is not None:
                parent_row = db.get(RoomRow, parent.id)
                parent_row.rematch_id = room_id
            db.commit()
        self.rooms[room_id] = room
        self.arm(room)
        if parent is not None:
            parent.rematch_id = room_id
            self.notify(parent)
        self.kick_bots(room)
        return room, new_tokens

    def decide(self, room: Room, seat: int | None, action: Any, expect: int | None = None) -> list[dict]:
        """Check, apply, store, then tell: the one path every decision takes."""
        if seat is None:
            raise RoomError("spectators cannot decide; open your seat's invite link", 403)
        if room.deadline is not None and time.time() >= room.deadline:
            self.expire(room)  # the clock ran out before its timer fired: the stand-ins come first
        late = room.expired.get(seat)
        if late is not None and isinstance(action, str) and action in late[0] and (
                (expect is not None and expect != room.last) or action not in room.match.legal_actions(seat)):
            _, prompt, stand_in = late
            raise RoomError(f"too late: the time for {prompt or 'that decision'} ran out and {stand_in!r} stood in "
                            f"for {room.game.seat_name(seat)}", 409)
        if room.over:
            raise RoomError("the game is over", 409)
        if expect is not None and expect != room.last:
            raise RoomError(f"the game has moved on (last event {room.last}, you expected {expect}); "
                            "refresh and decide again", 409)
        node = room.game.node(room.match.state)
        if not isinstance(node, Decision) or seat not in node.seats:
            waiting = ", ".join(room.game.seat_name(s) for s in node.seats) if isinstance(node, Decision) else "nobody"
            raise RoomError(f"it is not {room.game.seat_name(seat)}'s decision now; waiting for {waiting}", 409)
        entries = self._apply(room, seat, action)
        room.expired.pop(seat, None)
        return entries

    def _apply(self, room: Room, seat: int, action: Any) -> list[dict]:
        """Apply, store, arm the next clock, tell and wake the bots (checks done by the caller)."""
        start = room.last + 1
        try:
            entries = room.decide(seat, action)
        except IllegalAction as exc:
            raise RoomError(str(exc), 422) from None
        try:
            with self.sessions() as db:
                # bulk insert of plain rows: the hot path of every decision
                db.execute(insert(EventRow), [room.entry_values(k) for k in range(start, room.last + 1)])
                if room.over:
                    db.execute(update(RoomRow).where(RoomRow.id == room.id).values(finished_at=utcnow()))
                db.commit()
        except Exception:
            # nothing was told; drop the in-memory change and rebuild from what is stored
            self.rooms.pop(room.id, None)
            rebuilt = self.load(room.id)
            rebuilt.connections = room.connections
            self.kick_bots(rebuilt)
            raise RoomError("the decision could not be stored; try again", 503) from None
        self.arm(room)
        self.notify(room)
        self.kick_bots(room)
        return entries

    # -- decision clocks -----------------------------------------------------------------------
    def arm(self, room: Room) -> None:
        """Start the open decision's clock if the game sets one and it is not running yet; stop
        a clock whose decision has closed."""
        node = room.game.node(room.match.state)
        seconds = room.game.decision_deadline(room.match.state) if isinstance(node, Decision) and node.seats else None
        if seconds is None:
            room.deadline = room.deadline_for = room.deadline_seconds = None
            self._stop_timer(room)
            return
        if room.deadline_for == room.opened:
            return  # this decision's clock is already running (or has run out)
        self._stop_timer(room)
        room.deadline_for = room.opened
        room.deadline_seconds = float(seconds)
        room.deadline = time.time() + float(seconds)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop: the clock is checked when the next decision arrives
        room.timer_task = loop.create_task(self._run_out(room, room.opened, room.deadline))

    @staticmethod
    def _stop_timer(room: Room) -> None:
        task, room.timer_task = room.timer_task, None
        try:
            current = asyncio.current_task()
        except RuntimeError:  # no event loop running
            current = None
        if task is not None and task is not current:
            task.cancel()

    async def _run_out(self, room: Room, opened: int, at: float) -> None:
        while (left := at - time.time()) > 0:  # the wall clock decides, even if the sleep was short
            await asyncio.sleep(left)
        if self.rooms.get(room.id) is room and room.deadline_for == opened and room.deadline is not None:
            self.expire(room)

    def expire(self, room: Room) -> None:
        """The open decision's time is up: its stand-in decision for every seat still to choose."""
        opened = room.deadline_for
        room.deadline = None  # the view no longer shows a running clock
        while not room.over and room.opened == opened:
            node = room.game.node(room.match.state)
            if not isinstance(node, Decision) or not node.seats:
                break
            seat = node.seats[0]
            choices = frozenset(room.match.legal_actions(seat))
            try:
                stand_in = room.game.timeout_action(room.match.state, seat)
                self._apply(room, seat, stand_in)
            except (RoomError, BrawlError, NotImplementedError) as exc:
                log.error("room %s: the stand-in for %s when the time ran out was refused: %s",
                          room.id, room.game.seat_name(seat), exc)
                self.notify(room)
                return
            room.expired[seat] = (choices, node.prompt, stand_in)
            log.info("room %s: time ran out for %s; %s stood in", room.id, room.game.seat_name(seat), stand_in)

    def rematch(self, room: Room, seat: int | None) -> Room:
        if seat is None:
            raise RoomError("only a player can ask for a rematch", 403)
        if not room.over:
            raise RoomError("a rematch can start when the game is over", 409)
        if room.rematch_id:
            return self.get(room.rematch_id)
        specs = ["human" if s.kind == "human" else f"bot:{s.bot}" for s in room.seats]
        new, _ = self.create(room.game.name, room.game.options_json(), specs, parent=room)
        return new

    # -- telling and bots ----------------------------------------------------------------------
    def notify(self, room: Room) -> None:
        for conn in list(room.connections):
            conn.dirty = True
            conn.wake.set()
        if self.on_change:
            self.on_change(room)

    def kick_bots(self, room: Room) -> None:
        if not room.bots:
            return
        node = room.game.node(room.match.state)
        if not isinstance(node, Decision):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a synchronous caller); bots move when the server runs
        for seat in node.seats:
            if seat in room.bots and seat not in room.bot_tasks:
                room.bot_tasks[seat] = loop.create_task(self._bot_move(room, seat))

    async def _bot_move(self, room: Room, seat: int) -> None:
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            else:
                await asyncio.sleep(0)
            if self.rooms.get(room.id) is not room:
                return
            node = room.game.node(room.match.state)
            if not isinstance(node, Decision) or seat not in node.seats:
                return
            action = self._bot_choice(room, seat)
        finally:
            room.bot_tasks.pop(seat, None)
        try:
            self.decide(room, seat, action)
        except RoomError as exc:
            log.warning("bot %s in room %s was refused: %s", room.bots[seat].name, room.id, exc)


    @staticmethod
    def _bot_choice(room: Room, seat: int) -> str:
        """The bot's decision; a bot that fails on its own view is asked again with the state, and one
        that fails altogether is replaced by a uniform random legal decision so the game goes on."""
        bot = room.bots[seat]
        try:
            return bot.choose(room.game, room.bot_state(seat), seat)
        except Exception:
            log.exception("bot %s failed in room %s; retrying", bot.name, room.id)
        try:
            return bot.choose(room.game, room.match.state, seat)
        except Exception:
            log.exception("bot %s failed again in room %s; a random decision stands in", bot.name, room.id)
        return make_bot(room.game.name, "random", seed=secrets.randbelow(2**31)).choose(room.game, room.match.state, seat)


def _row_entry(ev: EventRow) -> dict:
    if ev.kind == "roll":
        return {"roll": ev.event, "outcome": ev.outcome}
    return {"seat": ev.seat, "action": ev.action}
