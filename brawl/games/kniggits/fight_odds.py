"""The odds of one fight: the sealed hands as a matrix game, its equilibrium and each hand's
expected token loss.

Both sides of a fight show their hands at once (seed, Playing, Phase three), so a fight is a
two-player simultaneous game.  Its payoff here is the token count: the tokens the other side
loses minus the tokens this side loses, from :func:`.combat.resolve` (the rules' own blows).  The
game is zero-sum, so an equilibrium mix for each side comes from one linear program (SciPy's
``linprog``), and no mix does better against it.  Against the opponent's equilibrium mix each hand
has an expected loss and gain of tokens, which is what a player's hint shows.

This reads a token of each colour as worth the same.  It is a guide, not a solution of the whole
battle: a last defense token, say, may be worth more than a first movement token.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from . import combat
from .model import Kniggit


@dataclass(frozen=True)
class HandOdds:
    """One hand pair (sword hand, shield hand) of one side against the other side's equilibrium."""

    hands: tuple[str, str]
    weight: float  # its share in this side's equilibrium mix
    loses: float  # tokens this side expects to lose
    takes: float  # tokens the other side expects to lose


@dataclass(frozen=True)
class FightOdds:
    value: float  # the attacker's expected tokens taken minus tokens lost, both sides at equilibrium
    attacker: tuple[HandOdds, ...]
    defender: tuple[HandOdds, ...]


def outcome(a: Kniggit, d: Kniggit, hands_a: tuple[str, str], hands_d: tuple[str, str]) -> tuple[int, int]:
    """(tokens the attacker loses, tokens the defender loses) when these hands are shown."""
    _, _, lost_a, lost_d = combat.resolve(a, d, hands_a, hands_d)
    return len(lost_a), len(lost_d)


def equilibrium(payoff: np.ndarray) -> tuple[np.ndarray, float]:
    """The row player's maximin mixed strategy and the game's value for the zero-sum matrix game
    ``payoff`` (rows: the maximiser's choices, columns: the minimiser's; entries: the row player's
    gain), by linear programming.  Should the solver fail, the uniform mix and a value of NaN."""
    from scipy.optimize import linprog

    payoff = np.asarray(payoff, dtype=float)
    n, m = payoff.shape
    # variables: x_1..x_n, v; maximise v subject to v <= sum_i x_i payoff_ij for every column j
    c = np.zeros(n + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-payoff.T, np.ones((m, 1))])
    a_eq = np.hstack([np.ones((1, n)), np.zeros((1, 1))])
    bounds = [(0, None)] * n + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(m), A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if not res.success:
        return np.full(n, 1.0 / n), float("nan")
    x = np.clip(res.x[:n], 0, None)
    return x / x.sum(), float(res.x[-1])


def fight_odds(a: Kniggit, d: Kniggit, hands_a: list[tuple[str, str]], hands_d: list[tuple[str, str]]) -> FightOdds:
    """The fight between attacker ``a`` and defender ``d`` whose sides may show ``hands_a`` and
    ``hands_d`` (pairs of sword hand and shield hand, as the rules list them)."""
    lost = np.array([[outcome(a, d, ha, hd) for hd in hands_d] for ha in hands_a], dtype=float)
    payoff = lost[:, :, 1] - lost[:, :, 0]  # the attacker's gain
    mix_a, value = equilibrium(payoff)
    mix_d, _ = equilibrium(-payoff.T)
    attacker = tuple(HandOdds(ha, float(mix_a[i]), float(lost[i, :, 0] @ mix_d), float(lost[i, :, 1] @ mix_d))
                     for i, ha in enumerate(hands_a))
    defender = tuple(HandOdds(hd, float(mix_d[j]), float(mix_a @ lost[:, j, 1]), float(mix_a @ lost[:, j, 0]))
                     for j, hd in enumerate(hands_d))
    return FightOdds(value, attacker, defender)


def draw(mix: np.ndarray, rng) -> int:
    """An index drawn from the mixed strategy ``mix`` with ``rng`` (a :class:`random.Random`): one
    draw whatever the mix (the most likely index should the weights sum short of the draw)."""
    r = rng.random()
    acc = 0.0
    for i, w in enumerate(mix):
        acc += w
        if r < acc:
            return i
    return int(np.argmax(mix))


def share(weight: float) -> str:
    """A mix weight in words a player reads at a glance: "1/3", "1/2", "never"."""
    if weight < 1e-9:
        return "never"
    f = Fraction(weight).limit_denominator(12)
    return "always" if f == 1 else f"{f.numerator}/{f.denominator}" if abs(float(f) - weight) < 1e-6 else f"{weight:.0%}"


def regret_matching(payoff: np.ndarray, iterations: int = 300) -> tuple[np.ndarray, np.ndarray]:
    """Approximate equilibrium mixes of the zero-sum matrix game ``payoff`` (rows maximise, columns
    minimise) by regret matching with alternating updates; returns the average strategies."""
    n, m = payoff.shape
    rx, ry = np.zeros(n), np.zeros(m)
    sx, sy = np.zeros(n), np.zeros(m)
    x, y = np.full(n, 1.0 / n), np.full(m, 1.0 / m)
    for t in range(1, iterations + 1):
        u = payoff @ y
        rx = np.maximum(rx + u - x @ u, 0.0)
        x = rx / rx.sum() if rx.sum() > 0 else np.full(n, 1.0 / n)
        sx += t * x
        v = -(x @ payoff)
        ry = np.maximum(ry + v - v @ y, 0.0)
        y = ry / ry.sum() if ry.sum() > 0 else np.full(m, 1.0 / m)
        sy += t * y
    return sx / sx.sum(), sy / sy.sum()
