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
- ``search``: the static expectimax of :mod:`.expectimax` (every attack's dice enumerated: hit,
  critical, damage roll by roll, sneak attack, a blur's miss chance; strikes scored by the chance
  to drop the target and the share of hit points taken, times what the target is worth; a
  fireball aimed at any square, never catching a friend; the square to strike from weighed against
  the attacks of opportunity of the way), checked by playouts where the heuristic loses most: at
  the start of a melee character's turn it also weighs moving next to each of the nearest enemies,
  the heuristic playing both sides for a few turns on common dice, on the compiled kernel (800
  playouts a candidate where the engine's thinking time bought 6; the engine where the kernel
  cannot play the options).  Deterministic for a seed; the engine form won 68% of 400 games
  against ``heuristic`` (``benchmarks/bench_bots_tactics.py``), and the kernel form 55.0% (50.1%
  to 59.8%) of 400 against the engine form at the same time a decision (104 against 107 ms a
  searched decision, ``benchmarks/tactics_search_kernel.py``).
"""

from __future__ import annotations

from .heuristic import HeuristicBot
from .search import MCTSBot, TimedMCTSBot, evaluate
from .search_bot import SearchBot

__all__ = ["BOTS", "HeuristicBot", "MCTSBot", "SearchBot", "TimedMCTSBot", "evaluate"]

BOTS = {"heuristic": HeuristicBot, "mcts": MCTSBot, "mcts-1s": TimedMCTSBot, "search": SearchBot}
