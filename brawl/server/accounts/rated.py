"""Rated games: the rules the server fixes for them, whoever made the room.

A rated game is a separate, stricter kind of game:

- **server dice** only (no dice rolled at the table, no one-device play);
- **no hints** and no solver odds (a game whose decisions' odds are a solver's advice says so with
  ``odds_advise``; the rules' own chances of an attempt, such as "parry succeeds 2 in 4", stay),
  and **no takebacks**;
- a **time control from a fixed list** (:data:`TIME_CONTROLS`, or a game's own
  ``rated_time_controls``), the first one unless another of the list is asked for, shown in the
  lobby and on the game page; a person whose clock runs out loses at once;
- a **fixed away limit** of :data:`AWAY_LIMIT` seconds (never less than 30) before the opponents may
  claim against an absent person;
- a game in which a person's seat makes no decision in its first :data:`ABORT_AFTER` seconds (from
  when its first decision opened) is **aborted**: it ends with no winner and changes no rating.

Each seat of a rated room belongs to one account, which took it through its own join (or pairing);
a bot level may sit in a rated game when the bot ladder rated it (``bot_ratings.json`` in the game's
package): its rating is fixed, and only the person's moves.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from ...games import game_class
from .. import correspondence
from ..room import RoomError

if TYPE_CHECKING:  # pragma: no cover
    from ..room import Room

log = logging.getLogger("brawl.server")
AWAY_LIMIT = 60.0  # seconds: the away limit of every rated game
ABORT_AFTER = 45.0  # seconds a person's first decision may stay open before the game is aborted
ABORTED = "aborted: a player made no first decision in time"
DAILY_CAP = 5  # rated games a day between the same two accounts; more are played unrated
DAY = 86_400.0
BOT_DEVIATION = 50.0  # a bot level's rating is measured by the ladder: nearly certain
ABANDONED_AFTER = DAY  # an unfinished game nobody touched for this long shows as abandoned

# Each entry: a name people know, and the room's time control (see clocks.TimeControl).
TIME_CONTROLS: list[dict[str, Any]] = [
    {"name": "5+3", "mode": "game", "seconds": 300.0, "increment": 3.0},
    {"name": "3+2", "mode": "game", "seconds": 180.0, "increment": 2.0},
    {"name": "10+5", "mode": "game", "seconds": 600.0, "increment": 5.0},
    {"name": "1 minute a decision", "mode": "move", "seconds": 60.0, "increment": 0.0},
    *correspondence.RATED,  # days a decision: no away limit, no abort (see server/correspondence.py)
]


def time_controls(game: str) -> list[dict[str, Any]]:
    """The time controls a rated game of ``game`` may have (the first is the default)."""
    return [dict(c) for c in (getattr(game_class(game), "rated_time_controls", None) or TIME_CONTROLS)]


def fixed_time_control(game: str, asked: dict | None) -> dict:
    """The room's time control of a rated game: the entry of the list that ``asked`` names (by
    ``name``, or by mode, seconds and increment), the first one when nothing is asked; anything
    else is refused (422).  The away limit is always :data:`AWAY_LIMIT`."""
    listed = time_controls(game)
    chosen = listed[0]
    if asked and (asked.get("mode", "none") != "none" or asked.get("name")):
        def same(c: dict) -> bool:
            if asked.get("name"):
                return asked["name"] == c["name"]
            seconds = (asked.get("days") or 0) * correspondence.DAY if asked.get("mode") == correspondence.MODE \
                and "seconds" not in asked else asked.get("seconds", -1)
            return (asked.get("mode") == c["mode"] and float(seconds) == c["seconds"]
                    and float(asked.get("increment", 0)) == c["increment"])
        found = [c for c in listed if same(c)]
        if not found:
            raise RoomError("a rated game takes one of these time controls: "
                            + ", ".join(c["name"] for c in listed), 422)
        chosen = found[0]
    return {"mode": chosen["mode"], "seconds": chosen["seconds"], "increment": chosen["increment"],
            "away_limit": AWAY_LIMIT}


def control_name(game: str, control: dict | None) -> str | None:
    """The list's name of a room's time control (None: not one of the list)."""
    for c in time_controls(game):
        if control and control.get("mode") == c["mode"] and control.get("seconds") == c["seconds"] \
                and float(control.get("increment", 0)) == c["increment"]:
            return c["name"]
    return None


_LADDER: dict[str, dict[str, int]] = {}  # game -> its bot levels' ratings, read once


def bot_rating(game: str, bot: str, made: Any = None) -> int | None:
    """A bot's fixed rating (``bot_ratings.json`` in the game's package, written from the bot
    ladder), or None when the ladder has not rated it.  A level (easy, normal, hard) stands for the
    bot that plays it in a game with ``made``'s options."""
    ladder = _ladder(game)
    if bot in ladder:
        return ladder[bot]
    from ...bots import UnknownBot, bot_for_level

    try:
        return ladder.get(bot_for_level(game, bot, made))
    except (UnknownBot, ValueError):
        return None


def _ladder(game: str) -> dict[str, int]:
    if game not in _LADDER:
        import json
        from importlib import resources

        path = resources.files(game_class(game).__module__.rsplit(".", 1)[0]).joinpath("bot_ratings.json")
        _LADDER[game] = {b: int(r) for b, r in json.loads(path.read_text())["ratings"].items()} if path.is_file() else {}
    return _LADDER[game]


def check_seats(game: str, parsed: list[tuple[str, str | None]], made: Any = None) -> None:
    """A rated game has at least one person's seat, and a bot only of a level the ladder rated."""
    if not any(kind == "human" for kind, _ in parsed):
        raise RoomError("a rated game needs a person's seat", 422)
    for kind, bot in parsed:
        if kind == "bot" and bot_rating(game, bot or "", made) is None:
            raise RoomError(f"the bot {bot!r} has no rating from the ladder: it cannot play a rated game", 422)


def check_dice(dice: str) -> None:
    if dice not in ("server", "hmac-sha256"):
        raise RoomError("a rated game uses the server's dice (no dice rolled at the table)", 422)


def refuse(room: "Room", what: str) -> None:
    """Refuse ``what`` (hints, takebacks, one-device play ...) in a rated room (403)."""
    if getattr(room, "rated", False):
        raise RoomError(f"a rated game has no {what}", 403)


def rules_json(room: "Room") -> dict | None:
    """What a view says of a rated room's rules (None: a casual room)."""
    if not getattr(room, "rated", False):
        return None
    control = room.time_control or {}
    return {"time_control": control_name(room.game.name, control), "away_limit": AWAY_LIMIT,
            "abort_after": ABORT_AFTER, "dice": "server", "hints": False, "takebacks": False}


def restrict(view: dict, room: "Room") -> dict:
    """A view of a room with its rated rules applied: ``rated`` (the rules, or null), no hints and
    no takeback offered."""
    rules = rules_json(room)
    view["rated"] = rules
    if rules is not None:
        view["hints"] = False
        view["can_take_back"] = False
        view["takeback"] = None
        if room.waiting_for_players:
            view["claim"] = None  # nobody to claim against before every seat is taken
        if getattr(room.game, "odds_advise", False):  # a solver's odds (a game says so), not the rules' chances
            view["legal"] = [dict(d, odds=None) for d in view.get("legal") or ()]
    return view


# --- the server's watch over rated games in play ------------------------------------------------

def stalled(room: "Room", now: float) -> list[int]:
    """People's seats of a rated room that made no decision yet and whose first decision has been
    open for :data:`ABORT_AFTER` seconds (watched from the first time this process saw it open)."""
    if room.over or correspondence.is_correspondence(room):  # days to begin, like any decision
        return []
    started: dict[int, float] | None = getattr(room, "rated_first", None)
    if started is None:
        started = room.rated_first = {}  # type: ignore[attr-defined]
    decided = {seat for seat, _ in room.match.record.decisions()}
    waiting = [s.seat for s in room.seats if s.kind == "human" and s.seat not in decided]
    if not waiting:
        room.rated_begun = True  # type: ignore[attr-defined]
        return []
    now_open = set(room.waiting())
    late = []
    for seat in waiting:
        if seat in now_open:
            since = started.setdefault(seat, now)
            if now - since >= ABORT_AFTER:
                late.append(seat)
    return late


def watch(hub, now: float | None = None) -> int:
    """One look at the rated rooms this process runs: abort those a person never began, and end at
    once those where a person's time ran out (the others win).  The number of rooms ended."""
    now = time.monotonic() if now is None else now
    ended = 0
    for room in list(hub.rooms.values()):
        if not getattr(room, "rated", False) or room.over or getattr(room, "rated_begun", False) and \
                not hub.clocks.of(room).flagged:
            continue
        if hub.leased is not None and room.id not in hub.leased:
            continue  # another process runs its clocks
        if room.waiting_for_players:
            continue  # a lobby's rated room waits for its joiners: no one has begun, no one is late
        try:
            if not getattr(room, "rated_begun", False) and stalled(room, now):
                hub._end(room, ABORTED, ())
                ended += 1
                continue
            flagged = hub.clocks.of(room).flagged
            if flagged and not room.over:  # KtOG: each falls and the others play on; else the game ends
                hub.out_of_time(room, sorted(flagged))
                ended += room.over
        except RoomError as refused:  # another process stored the room's next event first: it moved on
            log.info("rated watch: %s not ended here: %s", room.id, refused)
    return ended
