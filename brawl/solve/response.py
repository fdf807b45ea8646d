"""The exact best response to a fixed policy: how well the best possible player does against a bot
or a learned agent, and how.

Against an opponent whose decisions follow a fixed policy (a probability for each legal decision
in each state), the opponent's decisions are no longer choices but chances, and the game becomes a
one-player game with dice: its exact value is the highest win probability any player can reach
against that opponent.  That is the measure of a learned agent (how much a perfect adversary takes
from it: 0.5 for a fair game's equilibrium, more the more exploitable the agent) and the check of a
bot.  :func:`best_response` builds the graph of every position, as :func:`.generic.explore` does
(the same ``key`` may merge equal futures, a canonical state or a name such as the encodings'
``state_key``), and solves it by the same value iteration, cycles and all.

- A **policy** is ``policy(state, seat) -> {decision: probability}`` over legal decisions.
  :func:`bot_policy` makes one of a bot: the random bot is uniform over the legal decisions; a bot
  with a ``policy(game, state, seat)`` method gives its own; any other bot is asked once per state
  and must choose the same whatever its random generator holds (else it is refused, since its
  choice would not be a fixed policy).  :func:`encoding_policy` makes one of a learned agent that
  maps the encoding's observation and action mask to probabilities of the action numbers.
- At a **simultaneous** decision (rock-paper-scissors, a Kniggits fight) the responder chooses
  without seeing the opponent's sealed choice, and the opponent's policy is asked at the state
  before either choice, so neither sees the other: the responder's choice leads to a node where
  the opponent's decision is drawn from its policy.
- Values are win probabilities with a draw (no winner, or both) counted one half.

Two-player games whose decisions are a finite list (``legal_actions``); the responder may be
either seat.  ``limit`` bounds the number of positions (a :class:`MemoryError` beyond it).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping

import numpy as np

from ..core.game import Chance, Decision, Game, Terminal
from .generic import CHANCE, MAX, MIN, TERMINAL, GraphSolution, _sweep_to_convergence, representative

Policy = Callable[[Any, int], Mapping[str, float]]


def bot_policy(game: Game, bot: Any) -> Policy:
    """A bot as a policy (see the module's docstring): its own ``policy`` method, uniform for the
    random bot, or its one choice in each state for a bot that does not choose at random."""
    own = getattr(bot, "policy", None)
    if callable(own):
        return lambda state, seat: own(game, state, seat)
    from ..bots import RandomBot

    if isinstance(bot, RandomBot):
        def uniform(state, seat):
            legal = game.legal_actions(state, seat)
            return {a: 1.0 / len(legal) for a in legal}
        return uniform
    rng = getattr(bot, "rng", None)

    def chosen(state, seat):
        if not isinstance(rng, random.Random):
            return {bot.choose(game, state, seat): 1.0}
        saved = rng.getstate()
        try:
            answers = set()
            for seed in range(8):
                rng.seed(seed)
                answers.add(bot.choose(game, state, seat))
        finally:
            rng.setstate(saved)
        if len(answers) > 1:
            raise ValueError(f"the {getattr(bot, 'name', 'given')} bot chooses at random ({', '.join(sorted(answers))} "
                             "in one state), so it is not a fixed policy; give its probabilities as a policy")
        return {answers.pop(): 1.0}
    return chosen


def encoding_policy(game: Game, act: Callable[[np.ndarray, np.ndarray], Any]) -> Policy:
    """A learned agent as a policy: ``act(observation, mask)`` gives a probability (or a weight) for
    each action number of the game's encoding (the vectors PettingZoo, Gymnasium and OpenSpiel
    give); the weights of legal actions are normalised."""
    from ..rl.encodings import encoding_for

    encoding = encoding_for(game)

    def policy(state, seat):
        mask = encoding.action_mask(state, seat)
        weights = np.asarray(act(encoding.observe(state, seat), mask), dtype=float) * mask
        total = weights.sum()
        if not total > 0:
            raise ValueError("the agent gives no weight to any legal action")
        return {encoding.decode(state, seat, int(i)): float(weights[i] / total) for i in np.flatnonzero(weights)}
    return policy


@dataclass
class ResponseSolution(GraphSolution):
    """The solved best response: ``value`` is seat 0's win probability at each node, as in
    :class:`.generic.GraphSolution`; ``responder`` is the seat that plays its best."""

    responder: int = 0

    @property
    def responder_value(self) -> float:
        """The responder's win probability from the start: the most any player takes from the policy."""
        return self.win_probability(self.states[0], self.responder)

    def best_action(self, state) -> str:
        """The responder's best decision at ``state`` (at a simultaneous decision, its choice)."""
        values = self.action_values(state, self.responder)
        return max(values, key=lambda a: values[a])


def best_response(game: Game, policy: Policy | Any, responder: int, key: Callable[[Any], Hashable] | None = None,
                  tol: float = 1e-14, max_sweeps: int = 1_000_000, limit: int = 2_000_000) -> ResponseSolution:
    """The exact best response of seat ``responder`` to the other seat playing ``policy`` (a policy
    function, or a bot: :func:`bot_policy`)."""
    if game.num_players != 2 or responder not in (0, 1):
        raise ValueError("a best response here is one seat of a two-player game against the other")
    if not callable(policy) or hasattr(policy, "choose"):
        policy = bot_policy(game, policy)
    t0 = time.perf_counter()
    key = key or (lambda s: s)
    mine = MAX if responder == 0 else MIN
    index: dict = {}
    states: list = []
    kind: list[int] = []
    terminal_value: list[float] = []
    indptr: list[int] = [0]
    child: list[int] = []
    weight: list[float] = []
    actions: dict = {}
    pending: dict[int, tuple] = {}  # a node after the responder's sealed choice: (state before, state after)

    def add(state, k=None, before=None) -> int:
        k = key(state) if k is None else k
        i = index.get(k)
        if i is None:
            if len(states) >= limit:
                raise MemoryError(f"more than {limit} positions; too large for an exact best response")
            i = index[k] = len(states)
            states.append(representative(game, state, k) if before is None else state)
            if before is not None:
                pending[i] = before
        return i

    def draw(state, seat) -> dict[str, float]:
        probs = {a: float(p) for a, p in policy(state, seat).items() if p > 0}
        legal = set(game.legal_actions(state, seat))
        bad = sorted(set(probs) - legal)
        if bad or not probs or abs(sum(probs.values()) - 1.0) > 1e-9:
            raise ValueError(f"the policy of seat {seat} must give probabilities summing to 1 over legal "
                             f"decisions; got {probs}")
        return probs

    add(game.initial_state())
    n = 0
    while n < len(states):
        state = states[n]
        edges: dict[int, float] = {}
        if n in pending:  # the responder has chosen in secret; the opponent draws from its policy
            before, sealed = pending[n]
            other = 1 - responder
            kind.append(CHANCE)
            for a, p in draw(before, other).items():
                c = add(game._apply_action(sealed, other, a))
                edges[c] = edges.get(c, 0.0) + p
        else:
            node = game.node(state)
            if isinstance(node, Terminal):
                kind.append(TERMINAL)
            elif isinstance(node, Chance):
                kind.append(CHANCE)
                for outcome, p in node.event.items():
                    c = add(game._apply_chance(state, outcome))
                    edges[c] = edges.get(c, 0.0) + float(p)
            elif isinstance(node, Decision) and responder in node.seats:
                kind.append(mine)
                acts = []
                both = len(node.seats) == 2
                for action in game.legal_actions(state, responder):
                    after = game._apply_action(state, responder, action)
                    c = add(after, ("sealed", key(state), action), (state, after)) if both else add(after)
                    acts.append((action, c))
                    edges[c] = 1.0
                if not acts:
                    raise ValueError(f"no listed decision for seat {responder} at {state!r}")
                actions[n] = acts
            elif isinstance(node, Decision):
                kind.append(CHANCE)
                for a, p in draw(state, node.seats[0]).items():
                    c = add(game._apply_action(state, node.seats[0], a))
                    edges[c] = edges.get(c, 0.0) + p
            else:
                raise TypeError(f"unknown node {node!r}")
        if kind[-1] == TERMINAL:
            winners = game.node(state).winners
            terminal_value.append(1.0 if winners == (0,) else 0.0 if winners == (1,) else 0.5)  # a draw: one half
        else:
            terminal_value.append(0.0)
        for c, w in edges.items():
            child.append(c)
            weight.append(w)
        indptr.append(len(child))
        n += 1
    value, sweeps = _sweep_to_convergence(np.array(kind, np.int8), np.array(terminal_value), np.array(indptr, np.int64),
                                          np.array(child, np.int64), np.array(weight), tol, max_sweeps)
    return ResponseSolution(game, key, index, states, np.array(kind, np.int8), value, actions,
                            time.perf_counter() - t0, int(sweeps), responder)


__all__ = ["Policy", "ResponseSolution", "best_response", "bot_policy", "encoding_policy"]
