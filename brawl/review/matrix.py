"""Exact reviews of small two-player games of hidden choices (rock-paper-scissors): each round a
matrix game.

A game opts in by naming its positions (``position_key(state)``: what the value of a position
depends on, without the history that does not matter) and having few of them
(:data:`POSITIONS`).  A position is then worth, for seat 0: the result at the end; the mean of its
outcomes at a roll; the best decision of the deciding seat at a turn; and at a round of hidden
choices the value of the matrix game whose entries are the positions the pairs of choices reach
(each seat's equilibrium mix, by linear programming).

A hidden choice is judged against the other seat's equilibrium mix: its loss is the round's value
to the chooser minus what that choice earns against the mix (every choice the chooser's own
equilibrium uses loses nothing).  What the revealed round does beyond the choices' losses is
luck: which of the equally good choices each side happened to make.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.game import Chance, Decision, Game, Terminal
from .build import clear_best, labels
from .judge import judgement, result_of

POSITIONS = 50_000


class NotSmall(Exception):
    pass


def solve_matrix(m: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """(value, row mix, column mix) of the zero-sum game paying ``m[i, j]`` to the row player."""
    lo, hi = m.min(axis=1).max(), m.max(axis=0).min()
    if hi - lo <= 1e-15:  # a saddle point
        i = int(np.argmax(m.min(axis=1)))
        j = int(np.argmin(m.max(axis=0)))
        x = np.zeros(m.shape[0])
        y = np.zeros(m.shape[1])
        x[i] = y[j] = 1.0
        return float(lo), x, y
    v, x = _lp(m)
    return v, x, _lp(-m.T)[1]


def _lp(m: np.ndarray) -> tuple[float, np.ndarray]:
    """The row player's value and mix: maximise v with x @ m >= v, sum x = 1, x >= 0."""
    from scipy.optimize import linprog

    rows, cols = m.shape
    c = np.zeros(rows + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-m.T, np.ones((cols, 1))])
    a_eq = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * rows + [(None, None)], method="highs")
    if not res.success:
        raise NotSmall(f"a round's matrix game was not solved: {res.message}")
    x = np.clip(res.x[:rows], 0.0, None)
    return float(res.x[-1]), x / x.sum()


class MatrixValues:
    """Seat 0's value of any position of a small two-player game, memoised by its key."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.memo: dict[Any, float] = {}
        self.rounds: dict[Any, tuple] = {}

    def key(self, state: Any) -> Any:
        return self.game.position_key(state)

    def value(self, state: Any) -> float:
        key = self.key(state)
        if key in self.memo:
            return self.memo[key]
        if len(self.memo) >= POSITIONS:
            raise NotSmall("too many positions")
        game = self.game
        node = game.node(state)
        if isinstance(node, Terminal):
            v = result_of(node.winners, 2)[0]
        elif isinstance(node, Chance):
            v = sum(float(p) * self.value(game.apply_chance(state, o)) for o, p in node.event.items())
        elif isinstance(node, Decision) and node.kind == "simultaneous":
            if len(node.seats) != 2:
                raise NotSmall("a round is valued from its start")
            v = self.round(state)[0]
        elif isinstance(node, Decision):
            seat = node.seats[0]
            vals = [self.value(game.apply_action(state, seat, a)) for a in game.legal_actions(state, seat)]
            if not vals:
                raise NotSmall("a decision that is not a list")
            v = max(vals) if seat == 0 else min(vals)
        else:
            raise NotSmall(f"unknown node {node!r}")
        self.memo[key] = v
        return v

    def round(self, state: Any) -> tuple[float, list[str], list[str], np.ndarray, np.ndarray, np.ndarray]:
        """(value, seat 0's choices, seat 1's, the matrix, seat 0's mix, seat 1's mix) of a round."""
        key = self.key(state)
        if key not in self.rounds:
            game = self.game
            first = game.legal_actions(state, 0)
            m = []
            second: list[str] = []
            for a in first:
                mid = game.apply_action(state, 0, a)
                second = game.legal_actions(mid, 1)
                m.append([self.value(game.apply_action(mid, 1, b)) for b in second])
            if not first or not second:
                raise NotSmall("a round without listed choices")
            matrix = np.array(m)
            v, x, y = solve_matrix(matrix)
            self.rounds[key] = (v, first, second, matrix, x, y)
        return self.rounds[key]


def matrix_review(game: Game, steps: list, result: list[float]) -> dict | None:
    """Exact per-step figures where the game opts in and is small (see the module), else None."""
    if game.num_players != 2 or not hasattr(game, "position_key"):
        return None
    if not any(st.action is not None and st.node.kind == "simultaneous" for st in steps):
        return None
    values = MatrixValues(game)
    try:
        return _figures(game, steps, values)
    except (NotSmall, RecursionError):
        return None


def _figures(game: Game, steps: list, values: MatrixValues) -> dict:
    start = values.value(game.initial_state())
    current = start  # seat 0's value of the position reached (a round's start while it is open)
    decisions: list[dict] = []
    dice: list[dict] = []
    rounds: list[dict] = []
    open_round: dict | None = None
    for st in steps:
        if st.action is None:
            after = values.value(st.after)
            dice.append({"index": st.index, "step": st.step, "seat": st.seat, "roll": st.event,
                         "outcome": list(st.outcome) if isinstance(st.outcome, tuple) else st.outcome,
                         "before": [current, 1 - current], "after": [after, 1 - after],
                         "swing": [after - current, current - after]})
            current = after
            continue
        seat = st.seat
        if st.node.kind == "simultaneous":
            if open_round is None:
                v, first, second, m, x, y = values.round(st.before)
                open_round = {"value": v, "first": first, "second": second, "m": m, "x": x, "y": y, "effects": [0.0, 0.0],
                              "start": current, "index": st.index, "step": st.step}
            r = open_round
            v = r["value"]
            if seat == 0:
                earns = {a: float(r["m"][i] @ r["y"]) for i, a in enumerate(r["first"])}
                worth, own = v, earns
            else:
                earns = {b: 1.0 - float(r["x"] @ r["m"][:, i]) for i, b in enumerate(r["second"])}
                worth, own = 1.0 - v, earns
            best = max(own, key=lambda a: own[a])
            loss = max(0.0, worth - own[st.action])
            if loss <= 1e-12:
                loss, best = 0.0, st.action
            effect = [-loss, loss] if seat == 0 else [loss, -loss]
            r["effects"] = [a + b for a, b in zip(r["effects"], effect)]
            decisions.append({"index": st.index, "step": st.step, "seat": seat, "action": st.action,
                              **labels(game, st.before, seat, st.action, best),
                              "win_before": worth, "win_after": own[st.action], "best_action": best, "best_win": own[best],
                              "loss": loss, "forced": len(own) == 1, "simultaneous": True, "judgement": judgement(loss),
                              "clear_best": clear_best(own),
                              "between": None, "judged": len(own) > 1, "values": own, "compared": len(own),
                              "legal": len(own), "effect": effect, "path": {"after": [current, 1 - current]}})
            if len(st.node.seats) == 1:  # the round's last choice: revealed
                after = values.value(st.after)
                decisions[-1]["path"] = {"after": [after, 1 - after]}
                swing = after - r["start"] - r["effects"][0]
                rounds.append({"index": r["index"], "step": r["step"], "before": [r["start"], 1 - r["start"]],
                               "after": [after, 1 - after], "swing": [swing, -swing]})
                current = after
                open_round = None
            continue
        legal = game.legal_actions(st.before, seat)
        av = {a: values.value(game.apply_action(st.before, seat, a)) for a in legal}
        av = {a: (v if seat == 0 else 1.0 - v) for a, v in av.items()}
        best = max(av, key=lambda a: av[a])
        loss = max(0.0, av[best] - av[st.action])
        if loss <= 1e-12:
            loss, best = 0.0, st.action
        after0 = values.value(st.after)
        decisions.append({"index": st.index, "step": st.step, "seat": seat, "action": st.action,
                          **labels(game, st.before, seat, st.action, best), "win_before": av[best],
                          "win_after": av[st.action], "best_action": best, "best_win": av[best], "loss": loss,
                          "forced": len(av) == 1, "simultaneous": False, "judgement": judgement(loss), "between": None,
                          "clear_best": clear_best(av),
                          "judged": len(av) > 1, "values": av, "compared": len(av), "legal": len(av),
                          "effect": [after0 - current, current - after0], "path": {"after": [after0, 1 - after0]}})
        current = after0
    return {"start": [start, 1.0 - start], "decisions": decisions, "dice": dice, "rounds": rounds}
