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
from .record import Record
from .sources import CommittedDice, DiceSource, SeededDice


@dataclass(frozen=True)
class LogLine:
    n: int
    text: str
    kind: str  # "roll" | "decision" | "sealed" | "reveal" | "result" | "end"
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
        """Roll every pending chance event until a decision is open or the game ends."""
        while True:
            node = self.game.node(self.state)
            if not isinstance(node, Chance):
                break
            outcome = self.source.roll(node.event)
            before = self.state
            self.state = self.game.apply_chance(self.state, outcome)
            self.record.add_roll(node.event.name, outcome)
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
            text = "Game over: " + (", ".join(self.game.seat_name(w) for w in winners) + " wins" if winners else "no winner")
            self._add(text, "end", data={"winners": list(winners)})

    def decide(self, seat: int, action: str) -> None:
        """Apply ``seat``'s decision; raises :class:`IllegalAction` and changes nothing if it is not legal."""
        node = self.game.node(self.state)
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
        return {
            "game": self.game.name,
            "options": self.game.options_json(),
            "state": self.game.view(self.state, seat),
            "node": {"type": type(node).__name__.lower(), "seats": waiting,
                     "kind": node.kind if isinstance(node, Decision) else None,
                     "winners": list(node.winners) if isinstance(node, Terminal) else None},
            "legal": self.legal_actions(seat) if seat is not None else [],
            "log": self.log_for(seat),
        }


def _show(outcome: Any) -> str:
    if isinstance(outcome, tuple):
        return ", ".join(str(o) for o in outcome)
    return str(outcome)


def new_match(game: Game, seed: int | None = None, committed: bool = False) -> Match:
    source: DiceSource = CommittedDice() if committed else SeededDice(seed if seed is not None else 0)
    return Match(game, source)


__all__ = ["Match", "LogLine", "new_match", "IllegalAction"]
