"""Playing a game in the terminal: any brawl game whose decisions are a short list.

Humans are asked with numbered choices (a number or the decision's name answers); the chance of
what each choice tries is shown beside it; bad input is answered with the legal choices.  Every
roll is printed as it happens.  At a simultaneous decision each human chooses in turn without
seeing the others' choices (the screen shows only "has chosen" until the reveal).  With dice rolled
at the table (``brawl play --table-dice``) each roll is asked for: the face, or r to roll it."""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.table import Table

from ..bots import Bot
from ..core.game import Decision, Game, IllegalAction
from ..core.match import LogLine, Match


def status_table(game: Game, state) -> Table | None:
    rows = game.status_rows(state)
    if not rows:
        return None
    table = Table(show_header=True, header_style="bold")
    for key in rows[0]:
        table.add_column(str(key))
    for row in rows:
        table.add_row(*(str(v) for v in row.values()))
    return table


class TerminalGame:
    def __init__(self, match: Match, seats: list[Bot | None], console: Console,
                 ask: Callable[[str], str] | None = None, hints: Callable | None = None) -> None:
        self.match = match
        self.game = match.game
        self.seats = seats  # None: a human at that seat
        self.console = console
        self.ask = ask or (lambda prompt: console.input(prompt))
        self.hints = hints
        self.shown = 0

    def flush_log(self, seat: int | None = None) -> None:
        for line in self.match.log[self.shown:]:
            if not line.visible_to(seat):
                continue
            self.print_line(line)
        self.shown = len(self.match.log)

    def print_line(self, line: LogLine) -> None:
        style = {"roll": "cyan", "end": "bold green", "reveal": "bold magenta", "result": "italic"}.get(line.kind, "")
        prefix = "🎲 " if line.kind == "roll" else "   "
        self.console.print(f"{prefix}{line.text}", style=style or None, markup=False)

    def show_state(self) -> None:
        state = self.match.state
        table = status_table(self.game, state)
        if table is not None:
            self.console.print(table)
        else:
            self.console.print(self.game.summary(state), markup=False)

    def run(self) -> Match:
        humans = [i for i, b in enumerate(self.seats) if b is None]
        self.flush_log(humans[0] if len(humans) == 1 else None)
        while not self.match.over:
            if self.match.awaiting is not None:  # dice rolled at the table
                self.table_roll()
                self.flush_log(humans[0] if len(humans) == 1 else None)
                continue
            node = self.match.node()
            assert isinstance(node, Decision)
            for seat in list(node.seats):
                if self.match.over or seat not in self.match.node().seats:
                    continue
                bot = self.seats[seat]
                if bot is not None:
                    action = bot.choose(self.game, self.match.state, seat)
                    self.match.decide(seat, action)
                else:
                    self.human_turn(seat, node)
                private = seat if self.seats[seat] is None else (humans[0] if len(humans) == 1 else None)
                self.flush_log(private)
        self.show_state()
        return self.match

    def human_turn(self, seat: int, node: Decision) -> None:
        self.show_state()
        state = self.match.state
        legal = self.game.legal_actions(state, seat)
        kind = {"reaction": "reaction", "simultaneous": "secret choice", "turn": "turn"}[node.kind]
        self.console.print(f"[bold]{self.game.seat_name(seat)}[/], your {kind}" + (f": {node.prompt}" if node.prompt else ":"))
        hint_values = self.hints(self.match, seat) if self.hints else {}
        for i, action in enumerate(legal, 1):
            odds = self.game.action_odds(state, seat, action)
            hint = hint_values.get(action) if hint_values else None
            extra = (f"  ({odds})" if odds else "") + (f"  [win chance {hint:.0%}]" if hint is not None else "")
            label = self.game.describe_action(state, seat, action)
            self.console.print(f"  {i}. {label}{extra}", markup=False)
        if hint_values:
            from ..solve.hints import best_hint

            self.console.print(f"  Hint: {best_hint(hint_values)}", markup=False)
        while True:
            answer = self.ask(f"{self.game.seat_name(seat)}> ").strip()
            choice = self.resolve(answer, legal)
            if choice is None:
                self.console.print(f"Not a legal choice: {answer!r}. Choose one of: "
                                   + ", ".join(f"{i}={self.game.describe_action(state, seat, a)}"
                                               for i, a in enumerate(legal, 1)), style="yellow", markup=False)
                continue
            try:
                self.match.decide(seat, choice)
                return
            except IllegalAction as exc:
                self.console.print(str(exc), style="yellow", markup=False)

    def table_roll(self) -> None:
        """Ask the table for the awaited roll: the face it shows (several dice: their faces with
        commas), or r to let the computer roll it."""
        from ..core.match import roll_wanted

        wanted = roll_wanted(self.game, self.match.awaiting)
        faces = wanted["faces"]
        span = f"{faces[0]}-{faces[-1]}" if all(isinstance(f, int) for f in faces) else ", ".join(map(str, faces[:6]))
        self.console.print(f"[bold]{wanted['text']}[/]: roll it and type the face ({span}), or r to roll for you")
        while True:
            answer = self.ask("roll> ").strip().lower()
            try:
                if answer in ("r", "roll"):
                    self.match.roll_for_me()
                    return
                parts = [int(p) for p in answer.replace(" ", ",").split(",") if p]
                self.match.enter_roll(parts[0] if len(parts) == 1 else parts)
                return
            except ValueError:
                self.console.print(f"Type the face the die shows ({span}), or r.", style="yellow", markup=False)
            except IllegalAction as exc:
                self.console.print(str(exc), style="yellow", markup=False)

    @staticmethod
    def resolve(answer: str, legal: list[str]) -> str | None:
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        if answer in legal:
            return answer
        matches = [a for a in legal if a.startswith(answer)] if answer else []
        return matches[0] if len(matches) == 1 else None
