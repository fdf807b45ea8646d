"""How a review judges: results, judgements, accuracy, and each seat's luck and skill.

Definitions (the same in the terminal, the API and the browser):

- **Win chance** of a seat: the probability that it wins from a position, a draw counting one half
  (a game that ends with no winner, or with several, shares the one point among them).
- **Loss** of a decision: ``best_win - win_after``, the deciding seat's win chance with the best
  decision compared minus its win chance after the decision it took (never negative).
- **Judgement** by the loss (thresholds :data:`THRESHOLDS`): ``best`` below 1e-9 (the taken
  decision is as good as any), ``good`` below 0.02, ``inaccuracy`` below 0.05, ``mistake`` below
  0.10, ``blunder`` from 0.10.  A decision with one legal choice is ``forced`` (and ``best``); a
  choice made at the same time as another seat's hidden one is ``simultaneous`` (judged against
  the other's equilibrium mix where the review is exact, else not judged).
  An **estimated** review judges by the loss's 95% interval (:func:`judgement_of_interval`): the
  judgement whose band holds the whole interval, ``good`` when the whole interval lies below 0.02
  (``best`` when no compared decision did better in the playouts), and ``uncertain`` when the
  interval crosses a threshold (``between`` then names the two ends).  Nothing is ``good`` or
  ``best`` by default: only when the playouts show it.
- **Accuracy** of a seat: ``100 * mean(exp(-loss / ACCURACY_SCALE))`` over the seat's *judged*
  decisions (a choice, not ``uncertain``), ``ACCURACY_SCALE = 0.10``: 100 for best play; a loss of
  0.02 scores 82, 0.05 scores 61, 0.10 scores 37.  ``None`` when none was judged; ``judged`` says
  how many of the seat's ``choices`` it counts.
- **Skill** of a seat: what the decisions did to its win chance, each decision against the best
  decision compared at its position (a position is worth its best decision): the decider moves by
  minus its loss, and every seat by the difference the decision made to it (in a two-player game
  the other gains the loss).  It splits into ``skill_own`` (the seat's own decisions) and
  ``skill_others`` (what the others' decisions gave it or took from it), and the skills of all
  seats add up to zero whatever the number of seats.
- **Luck** of a seat: what the rest did.  In an exact review, the sum of the swings of the rolls
  (each roll's value after minus before) and of the rounds of hidden choices (what the round did
  beyond the choices' own losses: which of the equally good choices each side happened to make).
  In an estimate, the rest of the way: the value of the last position minus the start minus the
  skill (a roll's swing is shown, but single rolls are noisier than their sum).
- So for every seat ``start + luck + skill + residual = result``, where ``residual`` is zero but
  for rounding, and for a game the server ended before the rules did (a claim: the result is not
  the position's value).
"""

from __future__ import annotations

import math
from typing import Iterable

#: (largest loss, judgement), checked in order; a loss at or above the last bound is a blunder
THRESHOLDS = ((1e-9, "best"), (0.02, "good"), (0.05, "inaccuracy"), (0.10, "mistake"))
BLUNDER = "blunder"
JUDGEMENTS = tuple(name for _, name in THRESHOLDS) + (BLUNDER,)
UNCERTAIN = "uncertain"
ACCURACY_SCALE = 0.10
GOOD_BELOW = THRESHOLDS[1][0]


def judgement(loss: float) -> str:
    """The word for a decision that lost ``loss`` of the decider's win chance."""
    for bound, name in THRESHOLDS:
        if loss < bound:
            return name
    return BLUNDER


def judgement_of_interval(lo: float, hi: float, point: float) -> tuple[str, list[str] | None]:
    """(judgement, between) for a loss known to lie in [lo, hi] (95%) with estimate ``point``."""
    if hi < GOOD_BELOW:
        return ("best" if point <= 0.0 else "good"), None
    low = judgement(max(lo, THRESHOLDS[0][0]))  # an estimate never proves a loss below 1e-9
    high = judgement(hi)
    if low == high:
        return low, None
    return UNCERTAIN, [low, high]


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


def judged(d: dict) -> bool:
    """Whether a decision counts in its seat's accuracy: a choice with a judgement (not uncertain)."""
    return not d.get("forced") and not d.get("simultaneous") and d["judgement"] in JUDGEMENTS


def per_seat(players: int, decisions: list[dict], dice: list[dict], rounds: list[dict] | None = None) -> dict:
    """Each seat's figures (lists indexed by seat): ``accuracy`` (judged decisions only), ``judged``,
    ``choices``, ``luck`` (rolls and revealed rounds: their ``swing``), ``skill`` (decisions: their
    ``effect``) with ``skill_own`` and ``skill_others``, ``lost`` and the judgement counts."""
    own_loss = [0.0] * players
    counts = [{name: 0 for name in JUDGEMENTS + (UNCERTAIN,)} for _ in range(players)]
    losses: list[list[float]] = [[] for _ in range(players)]
    choices = [0] * players
    skill_own = [0.0] * players
    skill_others = [0.0] * players
    for d in decisions:
        seat = d["seat"]
        counts[seat][d["judgement"]] += 1
        if not d.get("forced") and not d.get("simultaneous"):
            choices[seat] += 1
        if judged(d):
            losses[seat].append(d["loss"])
            own_loss[seat] += d["loss"]
        for s, x in enumerate(d.get("effect") or [0.0] * players):
            if s == seat:
                skill_own[s] += x
            else:
                skill_others[s] += x
    luck = [0.0] * players
    for r in list(dice) + list(rounds or []):
        for s in range(players):
            luck[s] += r["swing"][s]
    return {"accuracy": [accuracy(x) for x in losses], "judged": [len(x) for x in losses], "choices": choices,
            "luck": luck, "skill": [a + b for a, b in zip(skill_own, skill_others)], "skill_own": skill_own,
            "skill_others": skill_others, "lost": own_loss, "judgements": counts}
