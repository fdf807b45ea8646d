"""The review document as a response model: what ``GET /api/rooms/ID/review``, ``POST
/api/review`` and ``brawl review --json`` give, field by field (shown in ``/docs``).  Figures are
win chances in [0, 1]; luck and skill are differences of win chances; :mod:`brawl.review.judge`
defines each."""

from __future__ import annotations

from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, Field

Judgement = Field(description="best, good, inaccuracy, mistake, blunder, or uncertain (an estimate whose 95% "
                              "interval of the loss crosses a threshold)")


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Intervals(Open):
    win_after: Optional[list[float]] = Field(None, description="95% interval of win_after")
    best_win: Optional[list[float]] = Field(None, description="95% interval of best_win")
    loss: Optional[list[float]] = Field(None, description="95% interval of the loss; it decides the judgement")


class ReviewDecision(Open):
    index: int = Field(description="the record's entry")
    step: int = Field(description="the replay viewer's step that shows the position decided from")
    seat: int
    action: str
    label: str = Field(description="the decision in the game's words")
    best_action: str = Field(description="the best decision compared")
    best_label: str
    win_before: float = Field(description="the decider's win chance with the best decision compared")
    win_after: float = Field(description="the decider's win chance after the decision taken")
    best_win: float
    loss: float = Field(description="best_win - win_after (the point estimate in an estimate)")
    judgement: str = Judgement
    between: Optional[list[str]] = Field(None, description="for 'uncertain': the judgements at the two ends of the interval")
    judged: bool = Field(description="counted in accuracy: a choice with a judgement (not uncertain, forced or hidden)")
    forced: bool = Field(description="only one legal decision")
    simultaneous: bool = Field(description="chosen at the same time as another seat's hidden choice")
    values: dict[str, float] = Field(description="each compared decision's win chance for the decider")
    compared: int = Field(description="how many decisions were compared (the keys of values)")
    legal: Optional[int] = Field(description="how many legal decisions there were (None: decisions to any point)")
    effect: list[float] = Field(description="how the decision moved each seat's win chance (its part of skill)")
    playouts: Optional[int] = Field(None, description="playouts of the decision taken (estimates)")
    interval: Optional[Intervals] = Field(None, description="95% intervals (estimates)")


class ReviewRoll(Open):
    index: int
    step: int
    seat: Optional[int]
    roll: str = Field(description="the chance event")
    outcome: Any
    before: list[float] = Field(description="each seat's win chance before the roll")
    after: list[float]
    swing: list[float] = Field(description="after - before, per seat: the roll's luck")


class ReviewSeat(Open):
    seat: int
    name: str
    accuracy: Optional[float] = Field(description="100 * mean(exp(-loss / 0.1)) over the judged decisions; None when none")
    judged: int = Field(description="decisions counted in accuracy")
    choices: int = Field(description="decisions that had a choice")
    start: float = Field(description="win chance at the start")
    luck: float = Field(description="what the rolls (and revealed rounds of hidden choices) did to the win chance")
    skill: float = Field(description="what the decisions did to it: skill_own + skill_others")
    skill_own: float
    skill_others: float
    result: float = Field(description="1 won, 0 lost, shared for a draw")
    residual: float = Field(description="result - start - luck - skill: rounding, or a game ended by the server")
    lost: float
    judgements: dict[str, int]


class ReviewDocument(Open):
    """A finished game's review: start + luck + skill + residual = result for every seat."""

    game: str
    title: str
    options: dict
    exact: bool = Field(description="every figure exact (a solver, or each round a matrix game); else estimated")
    method: str = Field(description="solver, matrix or playouts")
    note: str
    players: list[str]
    start: list[float]
    result: list[float]
    decisions: list[ReviewDecision]
    dice: list[ReviewRoll]
    rounds: list[dict] = Field(description="rounds of hidden choices revealed together: their swing is luck")
    accuracy: list[Optional[float]]
    luck: list[float]
    skill: list[float]
    residual: list[float]
    judged: dict[str, int] = Field(description="decisions judged, with a choice, and uncertain, in all")
    seats: list[ReviewSeat]
    graph: list[dict] = Field(description="each seat's win chance after every step")
    puzzles: list[dict]
    intervals: Optional[dict] = Field(None, description="95% intervals of start, luck and skill (estimates)")
    policy: Optional[str] = Field(None, description="the playouts' policy (estimates)")
    playouts: Optional[int] = Field(None, description="playouts spent (estimates)")
    budget: Optional[int] = Field(None, description="the budget in playouts (estimates)")


class ReviewRunning(BaseModel):
    status: str = Field(description="running")
    waiting: bool = Field(description="queued behind other reviews")
    kind: str = Field(description="estimate, solve (the exact solution is worked out first, then kept) or matrix")
    progress: dict = Field(description="done and total (playouts of an estimate, or the solver's own count of work "
                                       "while the phase is solving), the fraction done (0 to 1), and the phase")
