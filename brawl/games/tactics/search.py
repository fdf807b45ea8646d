"""The ``mcts`` and ``mcts-1s`` Tactics bots: Monte Carlo search over the heuristic's choice and
its best alternatives, judged by rollouts in which the heuristic plays both sides (see :mod:`.bots`)."""

from __future__ import annotations

import math
import random
import time

from ...core.game import Chance, Terminal
from .heuristic import HeuristicBot, _fireball_mean
from .rules import Tactics, TacticsState


# ----------------------------------------------------------------------------------------------
# Monte Carlo tree search


def evaluate(game: Tactics, state: TacticsState, seat: int) -> float:
    """A value in [-1, 1] for ``seat``: the result at the end, otherwise the balance of hit points
    (fractions of each side's total, the fallen counting nothing)."""
    node = game.node(state)
    if isinstance(node, Terminal):
        if not node.winners:
            return 0.0
        return 1.0 if seat in node.winners else -1.0
    share = [0.0, 0.0]
    total = [0.0, 0.0]
    for j, u in enumerate(state.units):
        side = game.sides[j]
        total[side] += game.sheets[j].max_hp
        if u.conscious:
            share[side] += u.hp + 0.25 * game.sheets[j].max_hp
    mine = share[seat] / max(1.0, total[seat])
    theirs = share[1 - seat] / max(1.0, total[1 - seat])
    return max(-1.0, min(1.0, mine - theirs))


def _sample(event, rng: random.Random):
    r = rng.random()
    acc = 0.0
    for o, p in zip(event.outcomes, event.probabilities):
        acc += float(p)
        if r < acc:
            return o
    return event.outcomes[-1]


class MCTSBot:
    """Monte Carlo search at the decision on hand over the heuristic's choice and a few alternatives
    (the other standard actions with the highest expected value), each scored by rollouts in which
    the heuristic plays both sides for ``horizon`` turns and the hit-point balance judges the end.
    Rollout ``k`` of every candidate draws its dice from the same generator, so the candidates are
    compared on common dice; another candidate replaces the heuristic's choice only when its mean
    paired gain over the rollouts is above ``margin`` and ``z`` standard errors."""

    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int = 36, time_budget: float | None = None,
                 horizon: int = 8, width: int = 3, margin: float = 0.0, z: float = 0.0) -> None:
        self.seed = seed or 0
        self.iterations = iterations
        self.time_budget = time_budget
        self.horizon = horizon
        self.width = width
        self.margin = margin
        self.z = z
        self.helper = HeuristicBot(seed)
        self.calls = 0

    def candidates(self, game: Tactics, state: TacticsState, seat: int) -> list[str]:
        """The heuristic's choice first, then up to ``width - 1`` other standard actions by expected
        value (never a throw, nor a fireball that catches a friend or no enemy)."""
        legal = game.legal_actions(state, seat)
        if "aoo" in legal:
            return ["aoo"]  # always right: an attack of opportunity costs nothing
        hint = self.helper.choose(game, state, seat)
        i = state.actor
        scored = []
        for a in legal:
            verb = a.split(":")[0]
            if a == hint or verb in ("move", "end_turn", "throw"):
                continue
            if a.startswith("cast:fireball:"):
                v = self.helper.fireball_value(game, state, i, a)
                if v >= 1:
                    scored.append((v * _fireball_mean(), a))
                continue
            if a.startswith("cast:cure_"):
                scored.append((5.0, a))
                continue
            v = self.helper.expected(game, state, i, a)
            if v > 0:
                scored.append((v, a))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [hint] + [a for _, a in scored[: max(0, self.width - 1)]]

    def rollout(self, game: Tactics, state: TacticsState, rng: random.Random, seat: int) -> float:
        """The heuristic plays both sides until ``horizon`` more turns have begun; the balance then."""
        limit = state.turns + self.horizon
        while True:
            g = game.node(state)
            if isinstance(g, Terminal):
                break
            if isinstance(g, Chance):
                state = game._apply_chance(state, _sample(g.event, rng))
                continue
            if state.turns >= limit and g.kind == "turn" and not state.moved and not state.acted_std:
                break
            s = g.seats[0]
            state = game._apply_action(state, s, self.helper.choose(game, state, s))
        return evaluate(game, state, seat)

    def choose(self, game: Tactics, state: TacticsState, seat: int) -> str:
        cands = self.candidates(game, state, seat)
        if len(cands) == 1:
            return cands[0]
        self.calls += 1
        base = (self.seed * 1_000_003 + self.calls) & 0xFFFFFFFF
        after = [game._apply_action(state, seat, a) for a in cands]
        gains: list[list[float]] = [[] for _ in cands]  # rollout value minus the heuristic choice's
        start = time.perf_counter()
        rounds = max(1, self.iterations // len(cands))
        k = 0
        while True:
            if self.time_budget is not None:
                if k and time.perf_counter() - start > self.time_budget:
                    break
            elif k >= rounds:
                break
            values = [self.rollout(game, s, random.Random(base * 7919 + k), seat) for s in after]
            for n, v in enumerate(values):
                gains[n].append(v - values[0])
            k += 1
        best = max(range(len(cands)), key=lambda n: (sum(gains[n]), -n))
        if best == 0:
            return cands[0]
        g = gains[best]
        mean = sum(g) / len(g)
        err = math.sqrt(sum((x - mean) ** 2 for x in g) / max(1, len(g) - 1) / len(g))
        return cands[best] if mean > self.margin and mean > self.z * err else cands[0]


class TimedMCTSBot(MCTSBot):
    """``mcts-1s``: the search bot with a one-second budget per decision instead of an iteration
    count (stronger on a fast machine, not reproducible)."""

    name = "mcts-1s"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=100_000, time_budget=1.0)
