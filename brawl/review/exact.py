"""Exact values from a solution: every position of a game a solver covers, under optimal play.

A solution (:mod:`brawl.solve`) gives, at each decision, every legal decision's win chance for the
deciding seat (``action_values``: the same numbers as the hints).  A position where dice are to be
rolled is worth the mean of its outcomes weighted by their probabilities, down to the next
decision or the end; rolls that can repeat (an initiative tie rolled again) make that a small
linear system, solved at once.  Values are seat 0's win chance; the games solved are two-player and
zero-sum, so seat 1's is the rest.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ..core.game import Chance, Decision, Game, Terminal
from .judge import result_of

CLOSURE_LIMIT = 20_000  # chance positions in one closure before the review gives up on exactness


class NotCovered(Exception):
    """A position the solution does not value: the review cannot be exact."""


def key_of(state: Any) -> Any:
    """The position without the text of what just happened (which never changes a value)."""
    if dataclasses.is_dataclass(state) and any(f.name == "last" for f in dataclasses.fields(state)):
        state = dataclasses.replace(state, last="")
    try:
        hash(state)
    except TypeError:
        return id(state)
    return state


class ExactValues:
    """Seat 0's win chance at any position of ``game`` from ``solution``, memoised."""

    def __init__(self, game: Game, solution: Any) -> None:
        if game.num_players != 2:
            raise NotCovered("an exact review needs a two-player game")
        self.game = game
        self.solution = solution
        self.memo: dict[Any, float] = {}

    def action_values(self, state: Any, seat: int) -> dict[str, float]:
        """Each legal decision of ``seat`` with ``seat``'s win chance after it (optimal play on)."""
        legal = self.game.legal_actions(state, seat)
        values = self.solution.action_values(state, seat) if legal else {}
        out = {a: float(values[a]) for a in legal if a in values}
        if not out or len(out) != len(legal):
            raise NotCovered(f"no exact value for every decision at {getattr(state, 'phase', state)!r}")
        return out

    def _leaf(self, state: Any, node: Any) -> float:
        if isinstance(node, Terminal):
            return result_of(node.winners, 2)[0]
        if isinstance(node, Decision):
            if len(node.seats) != 1:
                raise NotCovered("simultaneous decisions are not valued exactly")
            seat = node.seats[0]
            best = max(self.action_values(state, seat).values())
            return best if seat == 0 else 1.0 - best
        raise NotCovered(f"unknown node {node!r}")

    def value(self, state: Any) -> float:
        """Seat 0's win chance at ``state`` under optimal play."""
        key = key_of(state)
        if key in self.memo:
            return self.memo[key]
        node = self.game.node(state)
        if not isinstance(node, Chance):
            v = self._leaf(state, node)
        else:
            v = self._chance(state, key)
        self.memo[key] = v
        return v

    def _chance(self, start: Any, start_key: Any) -> float:
        """The value of a chance position: its closure of chance positions, solved together."""
        index = {start_key: 0}
        todo = [(start, 0)]
        rows: list[tuple[int, list[tuple[int, float]]]] = []
        consts: list[float] = []
        while todo:
            state, at = todo.pop()
            node = self.game.node(state)
            row: list[tuple[int, float]] = []
            const = 0.0
            for outcome, p in node.event.items():
                child = self.game.apply_chance(state, outcome)
                key = key_of(child)
                if key in self.memo:
                    const += float(p) * self.memo[key]
                    continue
                cnode = self.game.node(child)
                if not isinstance(cnode, Chance):
                    v = self._leaf(child, cnode)
                    self.memo[key] = v
                    const += float(p) * v
                    continue
                if key not in index:
                    if len(index) >= CLOSURE_LIMIT:
                        raise NotCovered("too many chance positions in a row")
                    index[key] = len(index)
                    todo.append((child, index[key]))
                row.append((index[key], float(p)))
            rows.append((at, row))
            consts.append(const)
        n = len(index)
        if all(not r for _, r in rows):  # no chance position leads to another: no system to solve
            by = {i: c for (i, _), c in zip(rows, consts)}
            return by[0]
        a = np.eye(n)
        b = np.zeros(n)
        for (i, row), c in zip(rows, consts):
            b[i] = c
            for j, p in row:
                a[i, j] -= p
        x = np.linalg.solve(a, b)
        keys = list(index)
        for k, v in zip(keys, x):
            self.memo[k] = float(v)
        return float(x[0])
