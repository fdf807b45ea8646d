"""Correspondence games: days for each decision instead of seconds.

A correspondence time control is a room's time control (:class:`~brawl.server.clocks.TimeControl`)
with ``mode`` ``"correspondence"``: either ``days`` for each decision (one of :data:`DAYS`), or a
bank of ``bank_days`` for the whole game with ``increment_days`` added after each decision.  The
clocks keep it as they keep any time control (``seconds`` and ``increment`` are worked out from the
days), with three differences:

- **Every start is stored.**  When a decision opens (a turn, an off-turn reaction, a sealed
  choice), the time it opened is stored with the room's time control (``started``), in the same
  transaction as the decision or roll that opened it, so a restart, or another process taking the
  room's lease, counts from the same moment; nothing starts a full new period.
- **A seat whose time runs out loses at once** (see :func:`ran_out`): in a game whose players fall
  one by one (``Game.forfeit``: KtOG) it falls, an entry of the record, and the others play on; in
  the others the game ends, the seats still in win.  Nobody has to claim it.  A seat marked out of
  time whose loss could not be stored (a decision being stored, a restart) is judged again at the
  next look.
- **No away limit**: nobody may claim a correspondence game against an absent person; days away
  are what the game is for (:func:`is_correspondence`, asked by the claims).

A roll of dice rolled at the table has a deadline too: when the period of a decision passes with
the roll not entered, the server rolls it (as "Roll for me" does); nobody loses over a die.

Which process enforces a deadline: the one that runs the room's clocks (its lease), by the clocks'
own timer and by :func:`sweep`, which the housekeeping round calls (the clocks' ``flag`` on every
room with a time control).  Tests replace the clocks' wall clock (``clocks.time``).
"""

from __future__ import annotations

import heapq
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .room import Room

log = logging.getLogger("brawl.server")

MODE = "correspondence"
DAY = 86_400.0
DAYS = (1, 2, 3, 7, 14)  # days a decision may take
BANK_DAYS = (1, 2, 3, 7, 14, 21, 30)  # a bank's days for the whole game
INCREMENT_DAYS = (0, 1, 2, 3)  # days added to a bank after each decision
ROLL = "roll"  # the key of a table roll's start in the stored ``started``

# The rated list's correspondence entries (see accounts/rated.py): a day count people know.
RATED = [{"name": f"{d} day{'s' if d > 1 else ''} a decision", "mode": MODE, "seconds": d * DAY, "increment": 0.0,
          "days": d} for d in DAYS]


def prepare(data: Any) -> Any:
    """A correspondence time control's input before its fields are checked: its ``seconds`` and
    ``increment`` come from its days (a stored control carries both; the days decide).  A rated
    list's entry given by ``seconds`` alone names its days that way."""
    if not isinstance(data, dict) or data.get("mode") != MODE:
        return data
    data = dict(data)
    seconds = data.pop("seconds", None)
    data.pop("increment", None)
    if data.get("days") is None and data.get("bank_days") is None and isinstance(seconds, (int, float)) \
            and not isinstance(seconds, bool) and seconds > 0 and float(seconds) % DAY == 0:
        data["days"] = int(seconds // DAY)
    return data


def check(days: int | None, bank_days: int | None, increment_days: int | None) -> tuple[float, float]:
    """The (seconds, increment) of a correspondence control, or ValueError saying what is wrong."""
    if (days is None) == (bank_days is None):
        raise ValueError("a correspondence time control has either days (for each decision) or bank_days "
                         "(for the whole game)")
    if days is not None:
        if days not in DAYS:
            raise ValueError(f"days must be one of {', '.join(map(str, DAYS))}")
        if increment_days:
            raise ValueError("increment_days goes with bank_days")
        return days * DAY, 0.0
    if bank_days not in BANK_DAYS:
        raise ValueError(f"bank_days must be one of {', '.join(map(str, BANK_DAYS))}")
    if (increment_days or 0) not in INCREMENT_DAYS:
        raise ValueError(f"increment_days must be one of {', '.join(map(str, INCREMENT_DAYS))}")
    return bank_days * DAY, (increment_days or 0) * DAY


def outside(mode: str, days: Any, bank_days: Any, increment_days: Any) -> None:
    """Days belong to a correspondence control only."""
    if mode != MODE and any(v is not None for v in (days, bank_days, increment_days)):
        raise ValueError("days, bank_days and increment_days belong to mode correspondence")


def is_correspondence(room: "Room | None") -> bool:
    """Whether a room plays by days (no away limit, no claims, a loss on time at once)."""
    return room is not None and (room.time_control or {}).get("mode") == MODE


def load_started(stored: dict | None) -> tuple[dict[int, float], float | None]:
    """The stored starts of the open decisions (seat -> Unix time) and of an open table roll."""
    started = (stored or {}).get("started") or {}
    seats = {int(k): float(v) for k, v in started.items() if k != ROLL}
    roll = started.get(ROLL)
    return seats, (float(roll) if roll is not None else None)


def dump_started(seats: dict[int, float], roll: float | None) -> dict[str, float]:
    out = {str(s): round(t, 3) for s, t in sorted(seats.items())}
    if roll is not None:
        out[ROLL] = round(roll, 3)
    return out


def ran_out(hub, room: "Room", seats: list[int]) -> None:
    """Correspondence: the seats whose time ran out lose at once (see ``Host.out_of_time``): in KtOG
    each falls and the others play on; in the other games the game ends, the seats still in win."""
    if room.over or not seats:
        return
    try:
        hub.out_of_time(room, seats)
    except Exception:  # a decision came first (another process), the store refused: the clocks judge again
        log.exception("room %s: the seats out of time could not be judged now", room.id)


def seat_json(hub, room: "Room", seat: int, mode: str) -> dict:
    """What a seat's clock shows beside its time: ``out`` when the seat has fallen in a game the
    others play on (``Game.standing``: its clock no longer counts), and in a correspondence game
    ``on_leave``, until when the seat's account is on leave (null: it is not)."""
    standing = room.game.standing(room.match.state)
    out = {"out": True} if standing is not None and seat not in standing else {}
    leaves = getattr(hub, "leaves", None)
    if leaves is None or mode != MODE:
        return out
    return {**out, "on_leave": leaves.on_leave(room, seat)}


WALK_SHARE = 12  # each sweep also looks at this share of every correspondence room (a minute at 5 s a sweep)


def due(clocks, room: "Room", at: float, roll_started: float | None, period: float) -> None:
    """Note when ``room`` must next be looked at (its first deadline, or its table roll's)."""
    if roll_started is not None:
        at = min(at, roll_started + period)
    if clocks.noted.get(room.id) != at:  # noted once (an earlier note of the room is left to lapse)
        clocks.noted[room.id] = at
        heapq.heappush(clocks.deadlines, (at, room.id))


def sweep(hub, walk: bool = True) -> int:
    """Enforce the correspondence deadlines of the rooms this process runs: the rooms whose noted
    deadline has come (a heap: a sweep costs what is due, not what is open), and with ``walk`` the
    next 1/:data:`WALK_SHARE` of every correspondence room in turn (a room whose lease came here, a
    deadline moved by a leave: each looked at within a minute, no sweep holding the server long).
    A room out of time ends (see :func:`ran_out`); a table roll left past its deadline is rolled.
    Returns the rooms looked at."""
    clocks = hub.clocks
    now = clocks.wall()
    ids = []
    while clocks.deadlines and clocks.deadlines[0][0] <= now:
        at, room_id = heapq.heappop(clocks.deadlines)
        if clocks.noted.get(room_id) == at:  # (a note replaced by a later one is passed over)
            del clocks.noted[room_id]
            ids.append(room_id)
    if walk:
        if not clocks.walk:
            clocks.walk = [r.id for r in hub.rooms.values() if is_correspondence(r)]
            clocks.walk_share = -(-len(clocks.walk) // WALK_SHARE)
        ids.extend(clocks.walk[-clocks.walk_share:])
        del clocks.walk[-clocks.walk_share:]
    looked = 0
    for room in (hub.rooms.get(i) for i in dict.fromkeys(ids)):
        if room is None or room.over or room.unheard or not hub.runs(room) or not is_correspondence(room):
            continue
        looked += 1
        clocks.flag(room)
        if not room.over:
            clocks.arm(room)  # notes its next deadline
    turns = getattr(hub, "turns", None)
    if turns is not None:
        turns.digest_due()  # the daily digests: looked for hourly by the turns' clock
    return looked


def roll_if_late(hub, room: "Room", now: float) -> bool:
    """A table roll open past a decision's period is rolled by the server (as "Roll for me")."""
    clocks = hub.clocks.of(room)
    since = clocks.roll_started
    control = hub.clocks.control(room)
    if since is None or control is None or room.pending:
        return False
    if now - since < control.seconds:
        return False
    try:
        staged = hub._stage(room, None, None, None, rolled=None)  # the server draws it, as "Roll for me"
        hub._store_now(room, staged)
    except Exception:  # the rules or the store refused: the next look tries again
        return False
    return True
