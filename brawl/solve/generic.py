"""A generic exact solver for two-player zero-sum games with chance, driven by the rules module.

It asks nothing of a game but the core API: starting from ``initial_state()`` it walks
``node(state)``: a :class:`~brawl.core.game.Chance` node is the expectation over
``event.items()``, a :class:`~brawl.core.game.Decision` is a maximum for seat 0 and a minimum for
seat 1 (values are seat 0's win probability), and a :class:`~brawl.core.game.Terminal` is 1, 0 or
one half for a shared result.  Every distinct state reached becomes a node of a graph; games whose
states carry bookkeeping that does not change the future (turn counters, log text, dice already
used) pass a ``key`` function, so equal futures share one node: either one that maps a state to a
canonical representative (a state of the game), or one that names the position by any other value,
such as the research encodings' ``state_key`` (a string: ``key=encoding_for(game).state_key``);
the node then stands for the first state reached with that name.  :mod:`.response` builds the same
graph with one seat's decisions drawn from a fixed policy (a bot, a learned agent) and solves the
other seat's best response to it.

Play may cycle (a missed blow changes nothing), so the graph is solved by Gauss-Seidel value
iteration, sweeping from the last-found nodes to the first (children before parents, as far as
the graph allows) until no value moves by more than ``tol``.  The sweep runs compiled (Numba).
This solver is the reference for any game; games with large state spaces also have a dense
solver of their own (``brawl.games.krig.solver``), checked against this one on small set-ups.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

import numpy as np
from numba import njit

from ..core.game import Chance, Decision, Game, Terminal

TERMINAL, CHANCE, MAX, MIN = 0, 1, 2, 3


@dataclass
class GraphSolution:
    """The solved graph: ``value[i]`` is seat 0's win probability at node ``i``."""

    game: Game
    key: Callable[[Any], Hashable]
    index: dict
    states: list
    kind: np.ndarray
    value: np.ndarray
    actions: dict = field(default_factory=dict)  # node -> [(action, child)]
    seconds: float = 0.0
    sweeps: int = 0

    def win_probability(self, state, seat: int) -> float:
        v = float(self.value[self.index[self.key(state)]])
        return v if seat == 0 else 1.0 - v

    def action_values(self, state, seat: int) -> dict[str, float]:
        """Each legal decision of ``seat`` at ``state`` with ``seat``'s win probability."""
        i = self.index[self.key(state)]
        out = {}
        for action, child in self.actions.get(i, []):
            v = float(self.value[child])
            out[action] = v if seat == 0 else 1.0 - v
        return out

    @property
    def decision_states(self) -> int:
        return int(np.count_nonzero((self.kind == MAX) | (self.kind == MIN)))


def representative(game: Game, state: Any, k: Hashable) -> Any:
    """The state a node of the graph stands for: the key itself when the key is a canonical state
    of the game, else the state it was worked out from (a key that names a position, a string)."""
    return k if isinstance(k, game.State) else state


def explore(game: Game, key: Callable[[Any], Hashable] | None = None, limit: int = 5_000_000):
    """Every canonical state reachable from the start, with its edges (compressed rows).  ``key``
    maps a state to a canonical state or to a name of its position (see the module's docstring);
    ``states`` holds the states the nodes stand for, ``index`` maps each key to its node."""
    key = key or (lambda s: s)
    first = game.initial_state()
    start = key(first)
    index: dict = {start: 0}
    states: list = [representative(game, first, start)]
    kind: list[int] = []
    terminal_value: list[float] = []
    indptr: list[int] = [0]
    child: list[int] = []
    weight: list[float] = []
    actions: dict = {}

    def add(state) -> int:
        k = key(state)
        i = index.get(k)
        if i is None:
            if len(states) >= limit:
                raise MemoryError(f"more than {limit} states; this set-up is too large for the generic solver")
            i = len(states)
            index[k] = i
            states.append(representative(game, state, k))
        return i

    n = 0
    while n < len(states):
        state = states[n]
        node = game.node(state)
        if isinstance(node, Terminal):
            kind.append(TERMINAL)
            terminal_value.append(1.0 if node.winners == (0,) else 0.0 if 0 not in node.winners else 0.5)
        elif isinstance(node, Chance):
            kind.append(CHANCE)
            terminal_value.append(0.0)
            merged: dict[int, float] = {}
            for outcome, p in node.event.items():
                c = add(game._apply_chance(state, outcome))
                merged[c] = merged.get(c, 0.0) + float(p)
            for c, p in merged.items():
                child.append(c)
                weight.append(p)
        elif isinstance(node, Decision):
            if len(node.seats) != 1 or node.seats[0] not in (0, 1):
                raise ValueError("the generic solver handles one deciding seat of two at a time")
            seat = node.seats[0]
            kind.append(MAX if seat == 0 else MIN)
            terminal_value.append(0.0)
            acts = []
            for action in game.legal_actions(state, seat):
                c = add(game._apply_action(state, seat, action))
                acts.append((action, c))
                child.append(c)
                weight.append(1.0)
            if not acts:
                raise ValueError(f"no legal decision at a decision node: {state!r}")
            actions[n] = acts
        else:
            raise TypeError(f"unknown node {node!r}")
        indptr.append(len(child))
        n += 1
    return (index, states, np.array(kind, np.int8), np.array(terminal_value), np.array(indptr, np.int64),
            np.array(child, np.int64), np.array(weight), actions)


@njit(cache=True)
def _sweep_to_convergence(kind, terminal_value, indptr, child, weight, tol, max_sweeps):
    n = kind.shape[0]
    v = np.full(n, 0.5)
    for i in range(n):
        if kind[i] == 0:
            v[i] = terminal_value[i]
    sweeps = 0
    while sweeps < max_sweeps:
        sweeps += 1
        delta = 0.0
        for i in range(n - 1, -1, -1):
            k = kind[i]
            if k == 0:
                continue
            a, b = indptr[i], indptr[i + 1]
            if k == 1:
                x = 0.0
                for e in range(a, b):
                    x += weight[e] * v[child[e]]
            elif k == 2:
                x = -1.0
                for e in range(a, b):
                    if v[child[e]] > x:
                        x = v[child[e]]
            else:
                x = 2.0
                for e in range(a, b):
                    if v[child[e]] < x:
                        x = v[child[e]]
            d = abs(x - v[i])
            if d > delta:
                delta = d
            v[i] = x
        if delta <= tol:
            break
    return v, sweeps


def solve_game(game: Game, key: Callable[[Any], Hashable] | None = None, tol: float = 1e-14,
               max_sweeps: int = 1_000_000, limit: int = 5_000_000) -> GraphSolution:
    t0 = time.perf_counter()
    key = key or (lambda s: s)
    index, states, kind, tv, indptr, child, weight, actions = explore(game, key, limit)
    value, sweeps = _sweep_to_convergence(kind, tv, indptr, child, weight, tol, max_sweeps)
    return GraphSolution(game, key, index, states, kind, value, actions, time.perf_counter() - t0, int(sweeps))
