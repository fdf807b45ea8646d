"""A match: one game being played, with its dice source, its record and its log.

The match is the only place where rules meet dice.  After every decision it rolls whatever chance
events follow (asking its :class:`~brawl.core.sources.DiceSource`), appends each decision and each
roll to the :class:`~brawl.core.record.Record`, and writes a log line.  Log lines carry who may
read them: a choice made at a simultaneous decision is logged for its own seat only ("You chose:
Player 2 shows paper", in the game's words from :meth:`~brawl.core.game.Game.describe_action`) and
for everyone else as "Player 2 has chosen"; once the last seat has chosen, one public line reveals
them all, in the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .game import Chance, Decision, Game, IllegalAction, Terminal
from .record import FORFEITS, Record
from .sources import AwaitRoll, CommittedDice, DiceSource, SeededDice, TableDice


@dataclass(frozen=True)
class LogLine:
    n: int
    text: str
    kind: str  # "roll" | "decision" | "sealed" | "reveal" | "result" | "forfeit" | "end"
    seat: int | None = None
    private_to: int | None = None  # None: everyone may read it
    data: dict = field(default_factory=dict)

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat

    def to_json(self) -> dict:
        return {"n": self.n, "text": self.text, "kind": self.kind, "seat": self.seat, **({"data": self.data} if self.data else {})}


class Match:
    def __init__(self, game: Game, source: DiceSource | None = None, *, seed: Any = None,
                 on_roll: Callable[[LogLine], None] | None = None) -> None:
        if source is None:
            source = SeededDice(0 if seed is None else int(seed))
        self.game = game
        self.source = source
        self.state = game.initial_state()
        self.record = Record.start(game, source)
        self.log: list[LogLine] = []
        self._sealed: list[tuple[int, str]] = []
        self.on_roll = on_roll
        self.advance()

    # -- flow ----------------------------------------------------------------------------------
    def node(self):
        return self.game.node(self.state)

    def advance(self) -> None:
        """Roll every pending chance event until a decision is open or the game ends (with dice
        rolled at the table, also until the table's roll is awaited: see :attr:`awaiting`)."""
        while True:
            node = self.game.node(self.state)
            if not isinstance(node, Chance):
                break
            try:
                outcome = self.source.roll(node.event)
            except AwaitRoll:
                return
            before = self.state
            self.state = self.game.apply_chance(self.state, outcome)
            self.record.add_roll(node.event.name, outcome, entered=getattr(self.source, "entered", False))
            who = self.game.seat_name(node.seat) + " rolls " if node.seat is not None else "Roll "
            label = f" ({node.event.label})" if node.event.label else ""
            line = self._add(f"{who}{node.event.name}{label}: {_show(outcome)}", "roll", node.seat,
                             data={"event": node.event.name, "outcome": outcome, "sides": len(node.event.outcomes)})
            if self.on_roll:
                self.on_roll(line)
            self._after(before)
            self._narrate(before)
        if isinstance(self.game.node(self.state), Terminal) and not (self.log and self.log[-1].kind == "end"):
            winners = self.game.winners(self.state)
            verb = "win" if len(winners) > 1 or (winners and self.game.seat_plural(winners[0])) else "wins"
            text = "Game over: " + (", ".join(self.game.seat_name(w) for w in winners) + " " + verb if winners else "no winner")
            self._add(text, "end", data={"winners": list(winners)})

    # -- dice rolled at the table ----------------------------------------------------------------
    @property
    def awaiting(self):
        """The :class:`~brawl.core.game.Chance` node whose roll the table must enter (dice rolled
        at the table only), else None."""
        node = self.game.node(self.state)
        return node if isinstance(node, Chance) and isinstance(self.source, TableDice) else None

    def enter_roll(self, outcome: Any) -> None:
        """The face the table rolled for the awaited die; a face the die cannot show (or no roll
        awaited) raises :class:`IllegalAction` and changes nothing."""
        node = self._awaited()
        value = tuple(outcome) if isinstance(outcome, list) else outcome
        faces = node.event.outcomes
        if (isinstance(value, bool) and not any(isinstance(o, bool) for o in faces)) or value not in faces:  # true is not 1
            shown = ", ".join(_show(o) for o in faces[:12]) + (" ..." if len(faces) > 12 else "")
            raise IllegalAction(f"{_show(value)} is not a face of {node.event.name} (it shows {shown})")
        self.source.enter(value)
        self.advance()

    def roll_for_me(self) -> None:
        """The server draws the awaited roll from its committed seed instead of the table."""
        self._awaited()
        self.source.draw_next()
        self.advance()

    def _awaited(self):
        node = self.awaiting
        if node is None:
            raise IllegalAction("no roll is awaited now" if isinstance(self.source, TableDice)
                                else "this game's dice are rolled by the server, not entered")
        return node

    def decide(self, seat: int, action: str) -> None:
        """Apply ``seat``'s decision; raises :class:`IllegalAction` and changes nothing if it is not legal."""
        node = self.game.node(self.state)
        if isinstance(node, Chance):
            raise IllegalAction(f"the table's roll of {node.event.name} comes first")
        before = self.state
        new_state = self.game.apply_action(self.state, seat, action)  # raises before anything changes
        self.state = new_state
        self.record.add_decision(seat, action)
        if isinstance(node, Decision) and node.kind == "simultaneous":
            words = self.game.describe_action(before, seat, action)
            self._sealed.append((seat, action, words))
            self._add(f"{self.game.seat_name(seat)} has chosen", "sealed", seat)
            self._add(f"You chose: {words}", "sealed", seat, private_to=seat)
        else:
            self._add(self.game.describe_action(before, seat, action), "decision", seat, data={"action": action})
        self._after(before)
        if not self._sealed:  # nothing may be told while a choice is still sealed
            self._narrate(before)
        self.advance()

    def forfeit(self, seat: int, reason: str = "time") -> None:
        """``seat`` leaves a game that goes on without it (:meth:`Game.forfeit`): recorded as an
        entry of its own and logged for everyone ("Ann ran out of time and is out").  Raises
        :class:`IllegalAction` and changes nothing when the game has no such rule, no decision is
        open, or the seat is out already."""
        if reason not in FORFEITS:
            raise IllegalAction(f"a seat leaves a game for one of these reasons: {', '.join(FORFEITS)}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.num_players:
            raise IllegalAction(f"no seat {seat!r} in this game")
        node = self.game.node(self.state)
        if not isinstance(node, Decision):
            raise IllegalAction("no decision is open: " + ("the game is over" if isinstance(node, Terminal) else "dice are to be rolled"))
        before = self.state
        after = self.game.forfeit(self.state, seat)
        if after is None:
            raise IllegalAction(f"{self.game.title} has no rule for a player who leaves while the others play on")
        self.state = after
        self.record.add_forfeit(seat, reason)
        self._add(f"{self.game.seat_name(seat)} ran out of time and is out", "forfeit", seat, data={"forfeit": reason})
        self._after(before)
        if not self._sealed:
            self._narrate(before)
        self.advance()

    def take(self, step: dict) -> None:
        """One step of a record (see :meth:`Record.steps`): a decision or a forfeit."""
        if "forfeit" in step:
            self.forfeit(step["seat"], step["forfeit"])
        else:
            self.decide(step["seat"], step["action"])

    def _narrate(self, before) -> None:
        step_line = self.log[-1].text if self.log else None
        for text in self.game.narrate(before, self.state):
            if text != step_line:  # a result that only repeats the decision says nothing new
                self._add(text[:1].upper() + text[1:], "result")

    def _after(self, before) -> None:
        if not self._sealed:
            return
        node = self.game.node(self.state)
        still = isinstance(node, Decision) and node.kind == "simultaneous" and any(s not in node.seats for s, _, _ in self._sealed)
        if still:
            return
        text = "Revealed: " + "; ".join(words for _, _, words in self._sealed)
        self._add(text, "reveal", data={"choices": {str(s): a for s, a, _ in self._sealed}})
        self._sealed = []

    def _add(self, text: str, kind: str, seat: int | None = None, private_to: int | None = None, data: dict | None = None) -> LogLine:
        line = LogLine(len(self.log), text, kind, seat, private_to, data or {})
        self.log.append(line)
        return line

    # -- reading -------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return isinstance(self.game.node(self.state), Terminal)

    def legal_actions(self, seat: int) -> list[str]:
        node = self.game.node(self.state)
        if isinstance(node, Decision) and seat in node.seats:
            return self.game.legal_actions(self.state, seat)
        return []

    def log_for(self, seat: int | None, since: int = 0) -> list[dict]:
        return [line.to_json() for line in self.log[since:] if line.visible_to(seat)]

    def view(self, seat: int | None) -> dict:
        node = self.game.node(self.state)
        waiting: list[int] = list(node.seats) if isinstance(node, Decision) else []
        roll = self.awaiting
        return {
            "game": self.game.name,
            "options": self.game.options_json(),
            "state": self.game.view(self.state, seat),
            "node": {"type": type(node).__name__.lower(), "seats": waiting,
                     "kind": node.kind if isinstance(node, Decision) else None,
                     "winners": list(node.winners) if isinstance(node, Terminal) else None},
            "legal": self.legal_actions(seat) if seat is not None else [],
            "log": self.log_for(seat),
            **({"roll": roll_wanted(self.game, roll)} if roll is not None else {}),
        }


def roll_wanted(game: Game, node: Chance) -> dict:
    """The die the table must roll, in words: ``{"roll": "d10", "seat": 1, "label": ..., "faces": [...],
    "text": "Moon rolls d10 for agility"}``."""
    event = node.event
    who = game.seat_name(node.seat) + " rolls" if node.seat is not None else "Roll"
    label = f" for {event.label}" if event.label else ""
    faces = [list(o) if isinstance(o, tuple) else o for o in event.outcomes]
    return {"roll": event.name, "seat": node.seat, "label": event.label, "faces": faces, "text": f"{who} {event.name}{label}"}


def _show(outcome: Any) -> str:
    if isinstance(outcome, tuple):
        return ", ".join(str(o) for o in outcome)
    return str(outcome)


def new_match(game: Game, seed: int | None = None, committed: bool = False) -> Match:
    source: DiceSource = CommittedDice() if committed else SeededDice(seed if seed is not None else 0)
    return Match(game, source)


__all__ = ["Match", "LogLine", "new_match", "IllegalAction"]
