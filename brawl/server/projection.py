"""The one outgoing filter: everything a seat or a spectator gets of a room passes through here.

Views, events with their log lines, catch-up, hints' inputs, chat, records and every bot's input
are built by the functions of this module from what ``seat`` may know, and from nothing else.
While a simultaneous decision is open, the state itself holds sealed choices; this module then
works from the game's view for that seat rebuilt as a state (:func:`known_state`), and where a
game cannot rebuild one it shows less (no status table), never more.  There is no fallback to the
full state anywhere.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..core.game import Decision, Game
from ..core.match import roll_wanted
from ..core.record import Record
from ..core.sources import TableDice
from .room import Room, RoomError


class Unprojectable(Exception):
    """The game cannot rebuild a state from a seat's view: show less, never the full state."""


def sealed_open(room: Room) -> bool:
    node = room.node()
    return isinstance(node, Decision) and node.kind == "simultaneous"


def known_state(room: Room, seat: int | None):
    """The state as ``seat`` may know it: the state itself unless choices are sealed in it, else
    the seat's view rebuilt as a state.  Raises :class:`Unprojectable` when the game cannot."""
    state = room.match.state
    if not sealed_open(room):
        return state
    try:
        return room.game.state_from_json(room.game.view(state, seat))
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise Unprojectable(str(exc)) from None


def renamer(room: Room) -> Callable[[str], str]:
    """Text with each seat's name ("Sun", "Player 2") replaced by the name its person chose, where
    one was chosen: what people read names people, not seats.  Made once per set of names and kept
    on the room (a decision asks for it in every view and event it tells)."""
    players = tuple(s.player for s in room.seats)
    known = room.shared_renamer
    if known is not None and known[0] == players:
        return known[1]
    names = {room.game.seat_name(s.seat): s.player for s in room.seats if s.player}
    if not names:
        named = _same
    else:
        pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")
        named = lambda text: pattern.sub(lambda m: names[m.group(1)], text) if isinstance(text, str) else text
    room.shared_renamer = (players, named)
    return named


def _same(text):
    return text


def state_view(room: Room, seat: int | None) -> dict:
    """The game's view of the state for ``seat``.  A game that keeps the base class's
    :meth:`~brawl.core.game.Game.view` hides nothing from anyone (the view does not even take the
    seat into account): its view is then worked out once per state and shared by every seat and
    spectator.  A game that overrides ``view`` is asked for each seat, every time."""
    g, state = room.game, room.match.state
    if type(g).view is not Game.view:
        return g.view(state, seat)
    shared = room.shared_state
    if shared is None or shared[0] is not state:
        shared = room.shared_state = (state, g.view(state, None))
    return shared[1]


def options_json(room: Room) -> dict:
    """The room's options as JSON: a room's game and its options never change, so worked out once."""
    if room.shared_options is None:
        room.shared_options = room.game.options_json()
    return room.shared_options


def seats_json(room: Room, presence: Callable[[int], str | None]) -> list[dict]:
    g = room.game
    return [{"seat": s.seat, "name": g.seat_name(s.seat), "plural": g.seat_plural(s.seat), "kind": s.kind, "bot": s.bot, "player": s.player,
             "presence": presence(s.seat) if s.kind == "human" else None} for s in room.seats]


def status(room: Room, seat: int | None, named: Callable[[str], str]) -> tuple[list[dict] | None, str]:
    """The status rows and summary from what ``seat`` may know.  With no sealed choice open they
    are the same for every seat: worked out once per state (states never change; a transition
    makes a new one) and the seats' names, and shared by every seat's view of it."""
    players = tuple(s.player for s in room.seats)
    state = room.match.state
    shared = room.shared_status
    if shared is not None and shared[0] is state and shared[1] == players:
        return shared[2], shared[3]
    sealed = sealed_open(room)
    try:
        known = known_state(room, seat)
        rows = room.game.status_rows(known)
        summary = named(room.game.summary(known))
    except Unprojectable:
        rows, summary = None, ""
    if rows:
        rows = [{k: named(v) for k, v in row.items()} for row in rows]
    if not sealed:
        room.shared_status = (state, players, rows, summary)
    return rows, summary


def takeback_refusal(room: Room, seat: int) -> str | None:
    """Why ``seat`` may not ask to take back a decision now, or None when it may: only the last
    event, a decision of its own with no roll after it and no sealed choice, in a game not over."""
    if room.over:
        return "the game is over: nothing can be taken back"
    if room.last < 0:
        return "nothing to take back"
    entry = room.match.record.entries[room.last]
    if "roll" in entry:
        return "a die was rolled after it: a decision can be taken back only before any roll"
    if "forfeit" in entry:
        return "a seat left the game after it (its time ran out): nothing can be taken back"
    if entry["seat"] != seat:
        return "only the last decision can be taken back, and only by whoever made it"
    if room.last in room.sealed:
        return "a sealed choice cannot be taken back"
    return None


def view(room: Room, seat: int | None, *, presence: Callable[[int], str | None] = lambda s: None,
         hints: bool = False, timer: dict | None = None, clocks: dict | None = None,
         takeback: dict | None = None, claim: dict | None = None, renderer: bool = False,
         one_device: dict | None = None) -> dict:
    """The room as ``seat`` sees it (``None``: a spectator).  Its size depends on the game's state,
    never on how long the game has run: the log comes through :func:`events`."""
    g, state = room.game, room.match.state
    node = room.node()
    waiting = room.waiting()
    named = renamer(room)
    rows, summary = status(room, seat, named)
    legal = g.legal_actions(state, seat) if seat is not None and seat in waiting else []
    over = room.over
    winners = room.winners
    return {
        "room": room.id,
        "game": g.name,
        "title": g.title,
        "options": options_json(room),
        "seat": seat,
        "seats": seats_json(room, presence),
        "state": state_view(room, seat),
        "status_rows": rows,
        "summary": summary,
        "node": {"type": "terminal" if over else type(node).__name__.lower(), "seats": waiting,
                 "kind": node.kind if isinstance(node, Decision) and not over else None,
                 "prompt": named(node.prompt) if isinstance(node, Decision) and not over else "",
                 "winners": list(winners) if winners is not None else None},
        "your_turn": seat is not None and seat in waiting,
        "legal": [{"action": a, "label": named(g.describe_action(state, seat, a)), "odds": g.action_odds(state, seat, a)}
                  for a in legal],
        "free_form": room.free_form() and seat is not None and seat in waiting,
        "over": over,
        "winners": list(winners) if winners is not None else None,
        "ended": room.ending.reason if room.ending else None,
        "last": room.last,
        "table_dice": room.dice == TableDice.kind,
        "roll": rolling(room, named) if not over else None,
        "commitment": room.commitment,
        "seed": room.seed_hex if over else None,
        "rematch": room.rematch_id,
        "timer": timer,
        "one_device": one_device,
        "clocks": clocks,
        "hints": hints and seat is not None,
        "dice": room.game.has_dice(),
        "public": room.public,
        "takeback": takeback,
        "can_take_back": seat is not None and takeback_refusal(room, seat) is None,
        "claim": claim,
        "chat_last": len(room.chat) - 1,
        "renderer": renderer,
    }


def rolling(room: Room, named: Callable[[str], str]) -> dict | None:
    """The die the table must roll now (dice rolled at the table), in words: ``{"roll": "d10",
    "seat": 1, "label": "agility", "faces": [1, ..., 10], "text": "Moon rolls d10 for agility"}``."""
    node = room.match.awaiting
    if node is None:
        return None
    wanted = roll_wanted(room.game, node)
    return dict(wanted, text=named(wanted["text"]))


def event(room: Room, seat: int | None, n: int, named: Callable[[str], str] | None = None) -> dict:
    """Event ``n`` as ``seat`` may see it, with the log lines it wrote that ``seat`` may read; a
    sealed choice of another seat shows as made, not what it was."""
    entry = room.match.record.entries[n]
    if "roll" in entry:
        item: dict[str, Any] = {"n": n, "type": "roll", "event": entry["roll"], "outcome": entry["outcome"]}
    elif "forfeit" in entry:  # a seat out of time left the game
        item = {"n": n, "type": "forfeit", "seat": entry["seat"], "forfeit": entry["forfeit"]}
    else:
        item = {"n": n, "type": "decision", "seat": entry["seat"], "sealed": n in room.sealed}
        if n not in room.sealed or entry["seat"] == seat:
            item["action"] = entry["action"]
    lines = room.event_lines[n] if n < len(room.event_lines) else []
    named = named or renamer(room)
    item["log"] = [dict(line.to_json(), text=named(line.text)) for line in lines if line.visible_to(seat)]
    return item


def events(room: Room, seat: int | None, since: int = -1, limit: int | None = None) -> list[dict]:
    """The events after ``since`` (at most ``limit``, oldest first): cost in proportion to what is
    sent.  With nothing before event 0, the lines written before the first event come with it."""
    since = max(-1, since)
    end = room.last + 1 if limit is None else min(room.last + 1, since + 1 + limit)
    named = renamer(room)
    out = [event(room, seat, n, named) for n in range(since + 1, end)]
    if since < 0 and room.last < 0 and room.event_lines and room.event_lines[0]:
        out.append({"n": -1, "type": "start", "log": [l.to_json() for l in room.event_lines[0] if l.visible_to(seat)]})
    return out


def log_page(room: Room, seat: int | None, before: int | None, size: int) -> dict:
    """A page of the log, newest last: the ``size`` events before event ``before`` (default: the
    end).  A finished game of any length opens with its last page and loads older ones on demand."""
    end = room.last + 1 if before is None else max(0, min(before, room.last + 1))
    start = max(0, end - size)
    named = renamer(room)
    return {"from": start, "to": end - 1, "last": room.last,
            "events": [event(room, seat, n, named) for n in range(start, end)]}


def chat(room: Room, since: int = -1) -> list[dict]:
    """Chat lines after ``since``: the same for every seat and spectator (a chat line is public)."""
    return room.chat[max(-1, since) + 1:]


def bot_state(room: Room, seat: int):
    """What a bot may look at: :func:`known_state` for its seat (raises :class:`Unprojectable`)."""
    return known_state(room, seat)


def record(room: Room) -> dict:
    """The game record with the revealed seed: published only when the game is over."""
    if not room.over:
        raise RoomError("the record (with the dice seed) is published when the game ends", 409)
    rec = Record.from_json(room.match.record.to_json())
    rec.reveal(room.seed_hex)
    data = rec.to_json()
    data["room"] = room.id
    data["players"] = [s.player for s in room.seats]
    if room.ending is not None:
        data["ended"] = {"reason": room.ending.reason, "winners": list(room.ending.winners)}
    return data

