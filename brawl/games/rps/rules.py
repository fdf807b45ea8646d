"""Best-of-three rock-paper-scissors, the way Kniggits decides who goes first.

Both players choose at once and in secret (a simultaneous decision); each choice is sealed in the
state and stays out of the other seat's view until both are in.  Rock beats scissors, scissors
beat paper, paper beats rock; a tie is played again.  The first to win two rounds wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from ...core.game import Decision, Game, GameOptions, IllegalAction, Terminal
from ...core.values import replace

MOVES = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}


class RpsOptions(GameOptions):
    wins_needed: int = Field(2, ge=1, le=5, title="Wins needed",
                             description="Rounds a player must win to win the game; 2 makes it best of three.")
    max_rounds: int = Field(100, ge=1, le=1000, title="Round limit",
                            description="Rounds played at most, ties included; then whoever won more rounds wins, "
                                        "and equal wins are a draw (so a game of endless ties still ends).")


@dataclass(frozen=True)
class RpsState:
    wins: tuple[int, int] = (0, 0)
    sealed: tuple[str | None, str | None] = (None, None)
    rounds: tuple[tuple[str, str], ...] = ()  # revealed rounds, ties included
    turns: int = 0


def round_winner(a: str, b: str) -> int | None:
    """0 if ``a`` beats ``b``, 1 if ``b`` beats ``a``, None for a tie."""
    if a == b:
        return None
    return 0 if BEATS[a] == b else 1


class RockPaperScissors(Game[RpsState]):
    name = "rps"
    title = "Rock-paper-scissors (best of three)"
    description = ("Both players show rock, paper or scissors at once; rock beats scissors, scissors beat paper, "
                   "paper beats rock. The first to win two rounds wins: Kniggits settles who goes first this way.")
    Options = RpsOptions
    State = RpsState

    def initial_state(self) -> RpsState:
        return RpsState()

    def node(self, state: RpsState):
        for seat, w in enumerate(state.wins):
            if w >= self.options.wins_needed:
                return Terminal((seat,))
        if len(state.rounds) >= self.options.max_rounds:
            a, b = state.wins
            return Terminal(() if a == b else ((0,) if a > b else (1,)))
        waiting = tuple(s for s in (0, 1) if state.sealed[s] is None)
        return Decision(waiting, "simultaneous",
                        f"Round {len(state.rounds) + 1}: rock, paper or scissors? (the other player sees it only when both have chosen)")

    def position_key(self, state: RpsState) -> tuple:
        """What a position's worth depends on (the exact review values rounds by it): the wins, the
        sealed choices and the rounds played, not which rounds they were."""
        return state.wins, state.sealed, len(state.rounds)

    def legal_actions(self, state: RpsState, seat: int) -> list[str]:
        return list(MOVES) if state.sealed[seat] is None else []

    def _apply_action(self, state: RpsState, seat: int, action: str) -> RpsState:
        sealed = list(state.sealed)
        sealed[seat] = action
        if None in sealed:
            return replace(state, sealed=tuple(sealed))
        a, b = sealed
        wins = list(state.wins)
        winner = round_winner(a, b)
        if winner is not None:
            wins[winner] += 1
        return RpsState(tuple(wins), (None, None), state.rounds + ((a, b),), state.turns + 1)

    def view(self, state: RpsState, seat: int | None) -> dict:
        data = self.state_to_json(state)
        data["sealed"] = [
            (choice if s == seat else ("chosen" if choice is not None else None))
            for s, choice in enumerate(state.sealed)
        ]
        return data

    def check_action(self, state: RpsState, seat: int, action: str) -> None:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("that is not legal now: show rock, paper or scissors", self.legal_actions(state, seat))

    def describe_action(self, state: RpsState, seat: int, action: str) -> str:
        if action in MOVES:
            return f"{self.seat_name(seat)} shows {action}"
        return f"{self.seat_name(seat)} shows something that is not rock, paper or scissors"

    def narrate(self, before: RpsState, after: RpsState) -> list[str]:
        """Who won the round just revealed, and the score."""
        if len(after.rounds) <= len(before.rounds):
            return []
        a, b = after.rounds[-1]
        w = round_winner(a, b)
        if w is None:
            line = f"Round {len(after.rounds)}: both show {a}, a tie that counts for nobody"
        else:
            won, lost = (a, b) if w == 0 else (b, a)
            beats = "beat" if won == "scissors" else "beats"
            line = f"Round {len(after.rounds)}: {won} {beats} {lost}, {self.seat_name(w)} wins the round"
        return [f"{line}; {self.summary(after)}"]

    def status_rows(self, state: RpsState) -> list[dict]:
        over = self.node(state)
        rows = []
        for s in (0, 1):
            shown = [r[s] for r in state.rounds]
            if isinstance(over, Terminal):
                mark = "winner" if s in over.winners else "beaten"
            else:
                mark = "to choose" if state.sealed[s] is None else "has chosen"
            rows.append({"Player": self.seat_name(s), "Rounds won": state.wins[s],
                         "Shown so far": ", ".join(shown) or "nothing yet", "Status": mark})
        return rows

    def summary(self, state: RpsState) -> str:
        need = self.options.wins_needed
        score = f"{self.seat_name(0)} {state.wins[0]}, {self.seat_name(1)} {state.wins[1]}"
        node = self.node(state)
        if isinstance(node, Terminal):
            if not node.winners:  # the round limit with equal wins
                return f"a draw at the round limit: {score}"
            return f"{self.seat_name(node.winners[0])} wins: {score}"
        return f"{score} (first to {need} round{'s' if need != 1 else ''} wins)"
