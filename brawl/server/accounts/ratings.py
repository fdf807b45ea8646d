"""Ratings: OpenSkill (Plackett-Luce) on a scale people know.

An account starts at mu 25, sigma 25/3 in each game.  What a page shows is
``rating = 1500 + SCALE (mu - 25)`` and ``deviation = SCALE sigma``, with ``SCALE`` (about 29.5)
chosen so that 400 points mean ten to one odds between two settled players, as on the Elo scale of
the bot ladder (``brawl ladder``): the model's win chance is ``1 / (1 + exp(-d / c))`` for a
difference ``d`` in mu, with ``c = sqrt(2) beta`` once the sigmas are small (beta = 25/6).  A new
player reads 1500 with a deviation of about 246.  A rating is *provisional* ("1500 ?") while its
deviation is above 110; a provisional rating moves faster by itself (OpenSkill moves a rating in
proportion to its uncertainty).

A game's result becomes ranks: the winners share the first place; in a game where players fall one
after another (KtOG with 3 to 8), the others are ranked by the order they fell, the last to fall
best; everyone else shares the last place.  A draw ranks everyone first.
"""

from __future__ import annotations

import math
from typing import Sequence

from openskill.models import PlackettLuce

MU, SIGMA = 25.0, 25.0 / 3.0
BETA = SIGMA / 2
SCALE, CENTRE = 400.0 / (math.sqrt(2) * BETA * math.log(10)), 1500.0
PROVISIONAL = 110.0  # deviation above which a rating shows with "?"

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


def shown(mu: float, sigma: float) -> dict:
    """A rating as pages and the API show it."""
    deviation = SCALE * sigma
    return {"rating": round(CENTRE + SCALE * (mu - MU)), "deviation": round(deviation),
            "provisional": deviation > PROVISIONAL}


def rating_of(display: float) -> float:
    """The mu of a shown rating (bots' ladder ratings are given on the shown scale)."""
    return MU + (display - CENTRE) / SCALE


def ranks(seats: int, winners: Sequence[int], fell: Sequence[Sequence[int]] | None = None) -> list[int]:
    """Each seat's place (1 best) from the winners and, where players fall one after another, the
    order they fell in: a list of groups, the first to fall first (a group fell at one moment and
    shares its place)."""
    if not winners or len(winners) == seats:
        return [1] * seats
    place = [0] * seats
    for s in winners:
        place[s] = 1
    nxt = 2
    for group in reversed(list(fell or [])):  # the last to fall comes right after the winners
        group = [s for s in group if not place[s]]
        for s in group:
            place[s] = nxt
        nxt += 1 if group else 0
    return [p or nxt for p in place]


def update(players: Sequence[tuple[float, float]], places: Sequence[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) of each player after a game they finished in ``places``."""
    teams = [[_MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in players]
    rated = _MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in rated]
