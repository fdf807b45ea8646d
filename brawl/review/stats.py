"""The intervals of an estimated review, and the judgement an interval supports.

Every estimated figure is the mean of one number per playout, each bounded (a win chance lies in
[0, 1], a difference of two in [-1, 1]).  Its 95% interval adds pseudo-playouts at both ends of
that range before taking the mean plus or minus ``z`` standard errors (for a win or a loss this is
the Agresti-Coull interval).  So an interval is never zero-width by accident: 32 playouts that all
agree still leave room for what 32 playouts cannot see (about 3 in 32, as the rule of three says).

A decision's loss is the largest of the differences between each compared decision and the one
taken (on common dice); its interval takes the largest low end and the largest high end of the
differences' intervals, each at the level that keeps the whole family at 95%
(:func:`z_for`: Bonferroni over the decisions compared).
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

Z95 = 1.959963984540054


def z_for(comparisons: int, level: float = 0.95) -> float:
    """The two-sided ``z`` that keeps ``comparisons`` intervals together at ``level``."""
    return NormalDist().inv_cdf(1.0 - (1.0 - level) / (2.0 * max(1, comparisons)))


def interval(samples: np.ndarray, lo: float = 0.0, hi: float = 1.0, z: float = Z95,
             pseudo: float | None = None) -> list[float]:
    """The interval of the mean of ``samples`` (numbers in [lo, hi]) with ``pseudo`` pseudo-playouts
    at each end (``z**2 / 2`` by default: Agresti-Coull for a win), clipped to [lo, hi]."""
    x = np.asarray(samples, dtype=float)
    w = z * z / 2.0 if pseudo is None else pseudo
    n = len(x) + 2.0 * w
    centre = (float(x.sum()) + w * (lo + hi)) / n
    spread = float(((x - centre) ** 2).sum()) + w * ((lo - centre) ** 2 + (hi - centre) ** 2)
    half = z * math.sqrt(spread / n / n)
    return [max(lo, centre - half), min(hi, centre + half)]


def difference_interval(diff: np.ndarray, z: float) -> list[float]:
    """The interval of a mean difference of two win chances (paired playouts, in [-1, 1]): one
    pseudo-playout's weight (``z**2 / 4``) at each end, half of a win's, since a difference of
    two win chances rarely reaches either end."""
    return interval(diff, -1.0, 1.0, z=z, pseudo=z * z / 4.0)


def mean_interval(samples: np.ndarray, lo: float, hi: float) -> list[float]:
    """A 95% interval for a sum of differences (luck, skill): the mean plus or minus 1.96 standard
    errors, widened as if two more playouts had each been one range away (never zero-width)."""
    x = np.asarray(samples, dtype=float)
    n = len(x)
    mean = float(x.mean()) if n else 0.0
    var = float(((x - mean) ** 2).sum()) if n else 0.0
    span = min(hi - lo, 2.0)
    half = Z95 * math.sqrt((var + span * span / 2.0) / (n + 1) / max(n, 1))
    return [max(lo, mean - half), min(hi, mean + half)]
