"""Tactics bots.

- ``random`` (generic): uniform over the legal decisions.
- ``heuristic``: takes every attack of opportunity; heals the fallen (cure spells, then the Heal
  check); stands up when prone; casters keep out of melee and use their best spell (a fireball
  only when it hits at least two enemies and no friend); fighters and rogues focus the weakest
  reachable enemy, close by the route that provokes least, prefer squares that flank, and pick the
  attack with the highest expected damage; a rogue with nothing to hit after moving hides.  The
  expected damage counts every modifier the options apply, so with cover on it prefers targets
  without cover (and shooters and casters move to squares with a clear shot), with shooting into
  melee on it prefers targets no friend is fighting, with iterative attacks on it makes full
  attacks when it stands next to its enemy, and it punches (unarmed strikes) only when it has
  nothing better, the punch's nonlethal damage counting half.
- ``mcts``: Monte Carlo search over the heuristic's choice and its best alternatives (the other
  standard actions with the highest expected value), each judged by rollouts in which the
  heuristic plays both sides for a round's worth of turns (dice sampled from the chance events,
  the same dice for every candidate) and the hit-point balance scores the end; it keeps the
  heuristic's choice unless another decision does better on those common dice.  Deterministic for
  a given seed and iteration budget (36 rollouts a decision by default); ``mcts-1s`` searches for
  one second a decision.
- ``search``: the strongest: a sampled lookahead over a pruned set of candidates (the heuristic's
  choice, the best attacks and spells on each target, moves next to each enemy, a caster's way
  out of reach), each played out on the same dice for the rest of the turn and a few turns after
  it by the heuristic on both sides and scored by hit points and the fallen; successive halving
  gives the closest candidates the most playouts.  Deterministic for a seed (48 playouts a
  decision, capped at 0.9 s).
"""

from __future__ import annotations

from .heuristic import HeuristicBot
from .search import MCTSBot, TimedMCTSBot, evaluate
from .search_bot import SearchBot

__all__ = ["BOTS", "HeuristicBot", "MCTSBot", "SearchBot", "TimedMCTSBot", "evaluate"]

BOTS = {"heuristic": HeuristicBot, "mcts": MCTSBot, "mcts-1s": TimedMCTSBot, "search": SearchBot}
