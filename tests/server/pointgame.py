"""A tiny test game whose decisions are points on a 10 by 10 table (free-form, judged by
``check_action``), for the web app's free-form decisions and the renderer plug-in point."""

from __future__ import annotations

from dataclasses import dataclass, replace

from brawl.core.dice import die
from brawl.core.game import Chance, Decision, Game, GameOptions, IllegalAction, Terminal

D6 = die(6, "d6", "luck")


class PointOptions(GameOptions):
    pass


@dataclass(frozen=True)
class PointState:
    to_act: int = 0
    points: tuple = ()  # (seat, x, y) placed so far
    phase: str = "place"  # "place" | "roll" | "over"
    winner: int = -1


def parse_point(action: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in action.split(","))
    except ValueError:
        raise IllegalAction(f"{action!r} is not a point: write x,y (e.g. 3.5,7)") from None
    if not (0 <= x <= 10 and 0 <= y <= 10):
        raise IllegalAction(f"({x}, {y}) is off the table: x and y run from 0 to 10")
    return x, y


class PointGame(Game[PointState]):
    """Place a point, roll a d6: a 6 wins, otherwise the other player places."""

    name = "pointgame"
    title = "Point game (test)"
    free_form = True
    Options = PointOptions
    State = PointState

    def initial_state(self) -> PointState:
        return PointState()

    def node(self, state: PointState):
        if state.phase == "over":
            return Terminal((state.winner,))
        if state.phase == "roll":
            return Chance(D6, state.to_act)
        return Decision((state.to_act,), "turn", "place a point x,y")

    def legal_actions(self, state: PointState, seat: int) -> list[str]:
        return []  # any point on the table: see check_action

    def check_action(self, state: PointState, seat: int, action: str) -> None:
        parse_point(action)

    def sample_action(self, state: PointState, seat: int, rng) -> str:
        return f"{rng.uniform(0, 10):.2f},{rng.uniform(0, 10):.2f}"

    def _apply_action(self, state: PointState, seat: int, action: str) -> PointState:
        x, y = parse_point(action)
        return replace(state, points=state.points + ((seat, x, y),), phase="roll")

    def _apply_chance(self, state: PointState, outcome: int) -> PointState:
        if outcome == 6:
            return replace(state, phase="over", winner=state.to_act)
        return replace(state, phase="place", to_act=1 - state.to_act)
