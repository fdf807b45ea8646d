"""A room in memory: one match with committed dice, its seats, and its events indexed for catch-up.

A :class:`Room` does no I/O and knows nothing of connections; the hub stores what it accepts and
the projection decides what each seat may see of it.  Its record entries (decisions and rolls) are
the room's events, numbered from 0.  Every log line is filed under the event that produced it, so
"everything after event N" costs the events after N, never the whole game.
"""

from __future__ import annotations

import hashlib
import pickle
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.game import BrawlError, Decision, Game, IllegalAction, Terminal
from ..core.match import LogLine, Match
from ..core.sources import CommittedDice, TableDice, commitment_of


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
    player: str | None = None  # the name its player chose when joining


@dataclass
class Ending:
    """A room the server ended before the rules did: a claim on time or absence, or the event cap."""

    reason: str
    winners: tuple[int, ...]


def code_version() -> str:
    """A name for this very code (a hash of the package's Python files): a snapshot is used only by
    the code that wrote it."""
    global _CODE
    if _CODE is None:
        root = Path(__file__).resolve().parents[1]
        digest = hashlib.sha256()
        for path in sorted(root.rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
        _CODE = digest.hexdigest()
    return _CODE


_CODE: str | None = None


def covers(game: Game, seats: list[SeatInfo]) -> dict:
    """What a room's dice commitment binds beside the seed: the game, its options and its seats."""
    return {"game": game.name, "options": game.options_json(),
            "seats": [{"kind": s.kind, **({"bot": s.bot} if s.bot else {})} for s in seats]}


class Room:
    def __init__(self, room_id: str, game: Game, seed_hex: str, seats: list[SeatInfo], *,
                 commitment: str | None = None, parent_id: str | None = None, rematch_id: str | None = None,
                 public: bool = False, time_control: dict | None = None, dice: str = CommittedDice.kind,
                 one_device: bool = False, stored_options: dict | None = None, rated: bool = False) -> None:
        self.id = room_id
        self.game = game
        self.seed_hex = seed_hex
        bound = covers(game, seats)
        mine = commitment_of(seed_hex, bound)
        if commitment is not None and commitment != mine and stored_options is not None:
            # options stored before the game gained an option: committed as they were stored
            as_stored = dict(bound, options=stored_options)
            if commitment_of(seed_hex, as_stored) == commitment:
                bound, mine = as_stored, commitment
        if commitment is not None and commitment != mine:
            bound = None  # a room made before commitments covered options and seats
            mine = commitment_of(seed_hex, bound)
            if mine != commitment:
                raise RoomError(f"room {room_id}: stored seed does not match its commitment", 500)
        # dice the server rolls, or dice rolled at the table (each face entered by a player)
        self.dice = TableDice.kind if dice == TableDice.kind else CommittedDice.kind
        self.source = (TableDice if self.dice == TableDice.kind else CommittedDice)(seed_hex, covers=bound)
        self.commitment = mine  # shown at the start, checked against the seed revealed at the end
        self.seats = seats
        self.parent_id = parent_id
        self.rematch_id = rematch_id
        self.public = public
        self.time_control = time_control
        self.one_device = one_device  # every person's seat is played from one page (see clocks.py)
        self.rated = rated  # a rated game: the server's rules (see accounts/rated.py)
        self.ending: Ending | None = None
        self.match = Match(game, self.source)
        self.event_lines: list[list[LogLine]] = []  # event n -> the log lines it wrote
        self._filed = 0  # log lines filed so far
        self.sealed: set[int] = set()  # event numbers of choices made at a simultaneous decision
        self.client_ids: dict[str, tuple[int, int]] = {}  # a decision's client id -> (first event, last event)
        self.opened = 0  # events before the open decision opened: its identity (one clock per decision)
        self.chat: list[dict] = []
        self.touched = time.monotonic()  # last time anyone read or changed it (idle rooms leave memory)
        self.pending = 0  # decisions applied here and not yet stored (nothing is told until they are)
        self.waiters: list = []  # futures of those waiting for the room to be stored (see Hub.settled)
        self.unheard: list[list[dict] | None] = []  # news of other processes not applied yet (see Hub.catch_up)
        self.broken = False  # a write of it was refused: it is rebuilt from the store
        self.shared_status: tuple | None = None  # (state, names, status rows, summary): see projection.status
        self.shared_state: tuple | None = None  # (state, its view for all): see projection.state_view
        self.shared_renamer: tuple | None = None  # (names, the function): see projection.renamer
        self.shared_options: dict | None = None  # the options as JSON: see projection.options_json
        self._file_lines(-1)
        self.opened = len(self.match.record.entries)

    # -- events --------------------------------------------------------------------------------
    _hints: bool | None = None  # whether hints can be had here (asked once; see hub.hints_available)

    @property
    def last(self) -> int:
        """The number of the last event (-1 before any)."""
        return len(self.match.record.entries) - 1

    @property
    def waiting_for_players(self) -> bool:
        """A rated room some of whose people's seats nobody has taken yet: no decision and no clock
        until every seat is taken."""
        return self.rated and any(s.kind == "human" and s.token_hash is None for s in self.seats)

    @property
    def over(self) -> bool:
        return self.ending is not None or isinstance(self.node(), Terminal)

    @property
    def winners(self) -> tuple[int, ...] | None:
        if self.ending is not None:
            return self.ending.winners
        node = self.node()
        return node.winners if isinstance(node, Terminal) else None

    def node(self):
        """The game's node at the current state (a decision asks for it a dozen times: waiting,
        over, the views, the clocks; the game works it out once per state, see core/game.py)."""
        return self.game.node(self.match.state)

    def waiting(self) -> list[int]:
        """The seats whose decision is open (none once the room is over)."""
        node = self.node()
        return list(node.seats) if isinstance(node, Decision) and self.ending is None else []

    def _file_lines(self, current: int) -> None:
        """File each new log line under its event: a roll line under the roll it reports, every
        other line under ``current``, the newest event when it was written (lines before any
        event go under event 0)."""
        while len(self.event_lines) < max(len(self.match.record.entries), 1):
            self.event_lines.append([])
        for line in self.match.log[self._filed:]:
            if line.kind == "roll":
                current += 1
            self.event_lines[max(current, 0)].append(line)
        self._filed = len(self.match.log)

    def decide(self, seat: int, action: Any) -> list[dict]:
        """Apply a decision; return the new record entries.  Raises IllegalAction, changing nothing."""
        if not isinstance(action, str):
            raise IllegalAction(f"a decision is a string, not {type(action).__name__}")
        if self.ending is not None:
            raise IllegalAction("the game is over")
        before = self.node()
        start = len(self.match.record.entries)
        self.match.decide(seat, action)
        if isinstance(before, Decision) and before.kind == "simultaneous":
            self.sealed.add(start)
        self._file_lines(start)
        if not self._same_decision(before, seat, start):
            self.opened = len(self.match.record.entries)
        return self.match.record.entries[start:]

    def forfeit(self, seat: int, reason: str = "time") -> list[dict]:
        """``seat`` leaves a game that goes on without it (its time ran out; see ``Game.forfeit``);
        return the new record entries.  Raises IllegalAction, changing nothing."""
        if self.ending is not None:
            raise IllegalAction("the game is over")
        start = len(self.match.record.entries)
        self.match.forfeit(seat, reason)
        self._file_lines(start)
        self.opened = len(self.match.record.entries)
        return self.match.record.entries[start:]

    def roll(self, outcome: Any = None) -> list[dict]:
        """Dice rolled at the table: the face entered for the awaited roll (``outcome``), or, with
        ``None``, the roll drawn by the server ("roll for me"); return the new record entries (the
        roll and any rolls after it).  Raises IllegalAction, changing nothing."""
        if self.ending is not None:
            raise IllegalAction("the game is over")
        start = len(self.match.record.entries)
        if outcome is None:
            self.match.roll_for_me()
        else:
            self.match.enter_roll(outcome)
        self._file_lines(start - 1)
        self.opened = len(self.match.record.entries)
        return self.match.record.entries[start:]

    def _same_decision(self, before, seat: int, start: int) -> bool:
        """True when ``seat`` only sealed its choice and the same simultaneous decision still waits
        for the others (one clock covers it all)."""
        after = self.node()
        return (isinstance(before, Decision) and before.kind == "simultaneous"
                and isinstance(after, Decision) and after.kind == "simultaneous"
                and len(self.match.record.entries) == start + 1
                and set(after.seats) == set(before.seats) - {seat})

    # -- snapshots -------------------------------------------------------------------------------
    _SNAPSHOT = ("match", "event_lines", "_filed", "sealed", "client_ids", "opened")

    def snapshot(self) -> bytes:
        """The match and its event index as bytes: what replaying every event would rebuild."""
        return pickle.dumps({k: getattr(self, k) for k in self._SNAPSHOT}, protocol=pickle.HIGHEST_PROTOCOL)

    def restore(self, data: bytes) -> None:
        """Take the match and its index from a :meth:`snapshot` of this room (made by this code)."""
        parts = pickle.loads(data)  # our own store's bytes, written by this very code
        if parts["match"].source.commitment != self.commitment:
            raise RoomError(f"room {self.id}: its snapshot belongs to other dice", 500)
        for k in self._SNAPSHOT:
            setattr(self, k, parts[k])
        self.source = self.match.source

    # -- seats ---------------------------------------------------------------------------------
    def seat_for(self, token: str | None) -> int | None:
        """The seat a token opens; ``None`` (no token) is a spectator; a wrong token is refused."""
        if token is None or token == "":
            return None
        h = token_hash(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.seat
        raise RoomError("this seat token does not belong to this room", 403)

    def seat_label(self, seat: int) -> str:
        """How people see a seat: the name its player chose with the game's seat name, or the latter."""
        name = self.game.seat_name(seat)
        player = self.seats[seat].player if 0 <= seat < len(self.seats) else None
        return f"{player} ({name})" if player else name

    def free_form(self) -> bool:
        return self.game.free_form
