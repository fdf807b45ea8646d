"""How a review judges: results, judgements, accuracy, and each seat's luck and skill.

Definitions (the same in the terminal, the API and the browser):

- **Win chance** of a seat: the probability that it wins from a position, a draw counting one half
  (a game that ends with no winner, or with several, shares the one point among them).
- **Loss** of a decision: ``best_win - win_after``, the deciding seat's win chance with the best
  decision minus its win chance after the decision it took (never negative).
- **Judgement** by the loss (thresholds :data:`THRESHOLDS`): ``best`` below 1e-9 (the taken
  decision is as good as any), ``good`` below 0.02, ``inaccuracy`` below 0.05, ``mistake`` below
  0.10, ``blunder`` from 0.10.  A decision with one legal choice is ``forced`` as well (``best``),
  and so is a choice made at the same time as another seat's hidden one (``simultaneous``: its
  value rests on what the others would have chosen, which one game does not tell; not judged).
  An estimated review judges by the low end of the loss's 95% interval (a decision is called a
  mistake only where the playouts show it); its ``loss`` is the point estimate.
- **Accuracy** of a seat: ``100 * mean(exp(-loss / ACCURACY_SCALE))`` over the seat's decisions
  that had a choice, ``ACCURACY_SCALE = 0.10``: 100 for best play; a loss of 0.02 scores 82, 0.05
  scores 61, 0.10 scores 37.  ``None`` when the seat never had a choice.
- **Luck** of a seat: the sum over the dice of how much each roll moved its win chance.
- **Skill** of a seat: the sum of the losses of the other seats' decisions minus the sum of its
  own.  In an exact two-player review the win chances of the two seats add up to one everywhere,
  so each decision moves the decider by ``-loss`` and the other seat by ``+loss``, each roll moves
  a seat by its swing, and the changes add up: ``result = start + luck + skill``.
"""

from __future__ import annotations

import math
from typing import Iterable

#: (largest loss, judgement), checked in order; a loss at or above the last bound is a blunder
THRESHOLDS = ((1e-9, "best"), (0.02, "good"), (0.05, "inaccuracy"), (0.10, "mistake"))
BLUNDER = "blunder"
JUDGEMENTS = tuple(name for _, name in THRESHOLDS) + (BLUNDER,)
ACCURACY_SCALE = 0.10


def judgement(loss: float) -> str:
    """The word for a decision that lost ``loss`` of the decider's win chance."""
    for bound, name in THRESHOLDS:
        if loss < bound:
            return name
    return BLUNDER


def result_of(winners: Iterable[int], players: int) -> list[float]:
    """Each seat's share of the result: 1 for a lone winner, split among several, 1/n for no winner."""
    valid = sorted({w for w in winners if 0 <= w < players})
    if not valid:
        return [1.0 / players] * players
    return [1.0 / len(valid) if s in valid else 0.0 for s in range(players)]


def accuracy(losses: list[float]) -> float | None:
    """``100 * mean(exp(-loss / ACCURACY_SCALE))``; None for no decisions."""
    if not losses:
        return None
    return 100.0 * sum(math.exp(-max(0.0, x) / ACCURACY_SCALE) for x in losses) / len(losses)


def per_seat(players: int, decisions: list[dict], dice: list[dict]) -> dict:
    """``accuracy``, ``luck`` and ``skill`` per seat (lists indexed by seat) and the loss counts."""
    own = [0.0] * players
    counts = [{name: 0 for name in JUDGEMENTS} for _ in range(players)]
    choices: list[list[float]] = [[] for _ in range(players)]
    for d in decisions:
        own[d["seat"]] += d["loss"]
        counts[d["seat"]][d["judgement"]] += 1
        if not d.get("forced"):
            choices[d["seat"]].append(d["loss"])
    total = sum(own)
    luck = [sum(r["swing"][s] for r in dice) for s in range(players)]
    skill = [(total - own[s]) - own[s] for s in range(players)]
    return {"accuracy": [accuracy(c) for c in choices], "luck": luck, "skill": skill,
            "lost": own, "judgements": counts}
