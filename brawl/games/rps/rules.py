"""Best-of-three rock-paper-scissors, the way Kniggits decides who goes first.

Both players choose at once and in secret (a simultaneous decision); each choice is sealed in the
state and stays out of the other seat's view until both are in.  Rock beats scissors, scissors
beat paper, paper beats rock; a tie is played again.  The first to win two rounds wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pydantic import Field

from ...core.game import Decision, Game, GameOptions, Terminal

MOVES = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}


class RpsOptions(GameOptions):
    wins_needed: int = Field(2, ge=1, le=5, description="rounds needed to win (2: best of three)")


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
    Options = RpsOptions
    State = RpsState

    def initial_state(self) -> RpsState:
        return RpsState()

    def node(self, state: RpsState):
        for seat, w in enumerate(state.wins):
            if w >= self.options.wins_needed:
                return Terminal((seat,))
        waiting = tuple(s for s in (0, 1) if state.sealed[s] is None)
        return Decision(waiting, "simultaneous", "rock, paper or scissors?")

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

    def summary(self, state: RpsState) -> str:
        return f"{self.seat_name(0)} {state.wins[0]} - {state.wins[1]} {self.seat_name(1)}"
