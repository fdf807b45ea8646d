"""A bot ladder: a round robin between a game's bots, rated by a Bradley-Terry model.

Every pair of bots plays ``games`` games.  A *pairing* of bots A and B seats A alone against
copies of B in every other seat, then B alone against copies of A, alternating game by game, while
the lone bot's seat walks round the table.  With two seats this is the usual seat swap (A first
then B first); with more (KtOG with ``players`` above 2) it is one bot against a table of another.
A game counts for the bot whose seat won; a game with no single winner (a draw, or two winning
seats) counts half to each.  Two equally strong bots then score 50% either way: the lone bot wins
``1/n`` of its games, its copies ``(n-1)/n`` of the others'.

Each seating of a pairing is one run of :func:`brawl.sim.engine.run_slice` (or of the game's batch
kernel, when its entry has one that plays those bots), seeded from the ladder's seed, the pairing
and the seating, so a ladder replays exactly and any part of it can be run again alone.

Ratings come from the Bradley-Terry model ``P(i beats j) = 1 / (1 + exp(s_j - s_i))`` fitted by
maximum likelihood (SciPy); draws enter as half a win for each side.  Every pair gets
:data:`PRIOR_GAMES` drawn game more than it played, a prior that keeps a bot that won every game
finite (and its interval on the right side of zero); against hundreds of games it moves nothing.  Intervals are 95% normal intervals from the inverse Fisher information (the
Hessian of the log-likelihood at the fit), for ratings centred on the mean bot.  Ratings are
printed on the Elo scale (400 points: ten to one odds).
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from ..core.game import BrawlError
from .engine import SimResult, run_slice

Z = 1.959963984540054
ELO = 400 / math.log(10)  # Elo points per unit of Bradley-Terry strength
PRIOR_GAMES = 1.0  # drawn games added to every pair: keeps perfect records finite
RIDGE = 1e-6  # a vanishing ridge that fixes the ratings' common level
ENGINE_GAMES = 40  # default games per pairing on the full engine
BATCH_GAMES = 2000  # default games per pairing on a batch kernel


class LadderError(BrawlError):
    pass


# -- the fit --------------------------------------------------------------------------------------

@dataclass
class Fit:
    strength: np.ndarray  # natural scale, mean zero
    cov: np.ndarray  # covariance of the centred strengths
    converged: bool

    def interval(self, i: int) -> tuple[float, float]:
        half = Z * math.sqrt(max(0.0, float(self.cov[i, i])))
        return float(self.strength[i] - half), float(self.strength[i] + half)


def fit_bradley_terry(n: int, results: Sequence[tuple[int, int, float, float]], prior_games: float = PRIOR_GAMES) -> Fit:
    """Maximum-likelihood Bradley-Terry strengths of ``n`` players from ``results``: tuples
    ``(i, j, score_i, games)`` where ``score_i`` counts i's wins plus half the draws over ``games``
    games between i and j.  Returns strengths centred on zero and their covariance."""
    from scipy.optimize import minimize

    if n < 2:
        raise LadderError("a ladder needs at least two bots")
    rows = np.array([(i, j, s, g) for i, j, s, g in results if g > 0], float).reshape(-1, 4)
    ii, jj = rows[:, 0].astype(int), rows[:, 1].astype(int)
    score, games = rows[:, 2], rows[:, 3]
    if np.any(score < 0) or np.any(score > games):
        raise LadderError("a score must lie between 0 and the number of games")
    score, games = score + prior_games / 2, games + prior_games
    ridge = RIDGE

    def nll(theta):
        d = theta[ii] - theta[jj]
        # -(s log p + (g - s) log(1 - p)) with p = sigmoid(d), written stably
        value = np.sum(score * np.logaddexp(0, -d) + (games - score) * np.logaddexp(0, d))
        return value + 0.5 * ridge * theta @ theta

    def grad(theta):
        p = 1 / (1 + np.exp(-(theta[ii] - theta[jj])))
        r = games * p - score
        g = ridge * theta
        np.add.at(g, ii, r)
        np.add.at(g, jj, -r)
        return g

    def hess(theta):
        p = 1 / (1 + np.exp(-(theta[ii] - theta[jj])))
        w = games * p * (1 - p)
        h = ridge * np.eye(n)
        np.add.at(h, (ii, ii), w)
        np.add.at(h, (jj, jj), w)
        np.add.at(h, (ii, jj), -w)
        np.add.at(h, (jj, ii), -w)
        return h

    res = minimize(nll, np.zeros(n), jac=grad, hess=hess, method="trust-exact")
    theta = res.x - res.x.mean()
    centre = np.eye(n) - 1.0 / n
    cov = centre @ np.linalg.inv(hess(res.x)) @ centre
    return Fit(theta, cov, bool(res.success))


# -- the round robin ------------------------------------------------------------------------------

@dataclass
class Pairing:
    a: str
    b: str
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0

    @property
    def score_a(self) -> float:
        return self.wins_a + 0.5 * self.draws

    def to_json(self) -> dict[str, Any]:
        from ..analysis.common import wilson

        rate = wilson(self.score_a, self.games) if self.games else (0.0, 0.0, 1.0)
        return {"a": self.a, "b": self.b, "games": self.games, "wins_a": self.wins_a, "wins_b": self.wins_b,
                "draws": self.draws, "score_a": self.score_a, "score_a_rate": list(rate)}


@dataclass
class Rating:
    bot: str
    rating: float  # Elo scale, mean bot 0
    low: float
    high: float
    score: float  # share of points over all its games
    games: int

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "rating": round(self.rating, 1), "ci95": [round(self.low, 1), round(self.high, 1)],
                "score": self.score, "games": self.games}


@dataclass
class LadderResult:
    game: str
    options: dict
    bots: list[str]  # labels (a bot entered twice gets "#2")
    specs: list[str]  # the bot names behind the labels
    games_per_pairing: int  # 0: pairs played different numbers (see each pairing's games)
    seed: int
    seats: int
    ratings: list[Rating] = field(default_factory=list)  # best first
    pairings: list[Pairing] = field(default_factory=list)
    backends: list[str] = field(default_factory=list)
    converged: bool = True
    seconds: float = 0.0

    def pairing(self, a: str, b: str) -> tuple[float, int]:
        """(a's points, games) against b."""
        for p in self.pairings:
            if (p.a, p.b) == (a, b):
                return p.score_a, p.games
            if (p.a, p.b) == (b, a):
                return p.games - p.score_a, p.games
        raise KeyError((a, b))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "options": self.options, "bots": self.bots, "bot_names": self.specs,
                "games_per_pairing": self.games_per_pairing, "seed": self.seed, "seats": self.seats,
                "pairing_rule": pairing_rule(self.seats), "model": "Bradley-Terry, maximum likelihood; "
                "95% intervals from the Fisher information; Elo scale, mean bot 0; draws count half",
                "ratings": [r.to_json() for r in self.ratings], "pairings": [p.to_json() for p in self.pairings],
                "backends": sorted(set(self.backends)), "converged": self.converged,
                "seconds": round(self.seconds, 3)}


def pairing_rule(seats: int) -> str:
    if seats == 2:
        return "each pair plays half its games with each bot in the first seat"
    return (f"each pair plays half its games with the first bot alone against {seats - 1} copies of the second "
            "and half the other way round, the lone seat rotating; a game counts for the bot whose seat won")


def seatings(seats: int, games: int) -> list[tuple[int, int, int]]:
    """``(lone, seat, count)``: game ``k`` of a pairing puts bot ``k % 2`` (0: the first bot of the
    pair, 1: the second) alone in seat ``(k // 2) % seats``."""
    counts: dict[tuple[int, int], int] = {}
    for k in range(games):
        key = (k % 2, (k // 2) % seats)
        counts[key] = counts.get(key, 0) + 1
    return [(lone, seat, c) for (lone, seat), c in sorted(counts.items())]


def _seed(seed: int, pair: int, seating: int) -> int:
    return (seed * 0x9E3779B1 + pair * 0xC2B2AE3D + seating * 0x27D4EB2F + 1) % (2**62)


def _run(game: str, options: dict, specs: list[str], seed: int, count: int, use_batch: bool,
         workers: int | None) -> SimResult:
    if use_batch:
        from ..games import entry

        return entry(game).load("batch").run_range(options, specs, seed, 0, count, workers)
    return run_slice(game, options, specs, seed, 0, count)


def labels_for(names: Sequence[str]) -> list[str]:
    out, seen = [], {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def ladder_jobs(specs: Sequence, seats: int, games: int, seed: int) -> list[tuple]:
    """The seatings of a round robin: ``(pair index, lone, seat, bots by seat, seed, games)`` for
    every pair of ``specs`` in order (0-1, 0-2, ..., 1-2, ...)."""
    jobs = []
    pairs = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    for p, (i, j) in enumerate(pairs):
        for k, (lone, seat, count) in enumerate(seatings(seats, games)):
            alone, others = (specs[i], specs[j]) if lone == 0 else (specs[j], specs[i])
            table = [others] * seats
            table[seat] = alone
            jobs.append((p, lone, seat, table, _seed(seed, p, k), count))
    return jobs


def collect(labels: Sequence[str], jobs: Sequence[tuple], results: Sequence) -> list[Pairing]:
    """The pairings' totals from the runs of :func:`ladder_jobs` (anything with ``games``,
    ``wins`` by seat and ``draws``)."""
    pairs = [(i, j) for i in range(len(labels)) for j in range(i + 1, len(labels))]
    pairings = [Pairing(labels[i], labels[j]) for i, j in pairs]
    for job, r in zip(jobs, results):
        p, lone, seat = job[0], job[1], job[2]
        alone = r.wins[seat]
        rest = sum(r.wins) - alone
        pr = pairings[p]
        pr.games += r.games
        pr.draws += r.draws
        if lone == 0:
            pr.wins_a += alone
            pr.wins_b += rest
        else:
            pr.wins_b += alone
            pr.wins_a += rest
    return pairings


def run_ladder(game: str, options: dict | None = None, bots: Sequence[str] | None = None, games: int | None = None,
               seed: int = 0, workers: int | None = None, engine: bool = False,
               progress: Callable[[int, int], None] | None = None) -> LadderResult:
    """Play the round robin and fit the ratings.  ``bots``: names (default every bot of the game;
    a name given twice plays itself, a check that equal bots tie); ``games``: games per pairing
    (default :data:`BATCH_GAMES` when the game's batch kernel plays every bot, else
    :data:`ENGINE_GAMES`); ``engine``: never use a batch kernel; ``progress(done, total)`` is told
    after each seating."""
    from ..bots import bot_names, make_bot
    from ..games import entry, make_game

    g = make_game(game, options or {})
    opts = g.options_json()
    seats = g.num_players
    specs = list(bots) if bots is not None else bot_names(game)
    specs = [s.strip() for s in specs if s.strip()]
    for name in specs:
        make_bot(game, name, seed=0, game=g)  # an unknown name fails here, before any game
    if len(specs) < 2:
        have = ", ".join(bot_names(game))
        raise LadderError(f"a ladder needs at least two bots; {game} has {have}"
                          + ("" if len(specs) == 0 else f" (name a bot twice, e.g. --bots {specs[0]},{specs[0]}, "
                                                         "to play it against itself)"))
    if games is not None and games < 2:
        raise LadderError("--games must be at least 2 (one with each bot in the lone seat)")
    labels = labels_for(specs)
    batch = None if engine else entry(game).load("batch")
    pair_list = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    jobs = []
    counts = set()
    for p, (i, j) in enumerate(pair_list):
        # a pair the batch kernel plays in every seating gets its many games by default
        both = [specs[i]] + [specs[j]] * (seats - 1), [specs[j]] + [specs[i]] * (seats - 1)
        fast = batch is not None and all(batch.can_run(t) for t in both)
        n = games if games is not None else (BATCH_GAMES if fast else ENGINE_GAMES)
        counts.add(n)
        for job in ladder_jobs([specs[i], specs[j]], seats, n, seed):
            if job[0] == 0:
                jobs.append((p, job[1], job[2], job[3], _seed(seed, p, len([x for x in jobs if x[0] == p])), job[5],
                             batch is not None and batch.can_run(job[3])))
    per_pair = counts.pop() if len(counts) == 1 else 0
    t0 = time.perf_counter()
    workers = workers if workers is not None else (os.cpu_count() or 1)
    results: list[SimResult | None] = [None] * len(jobs)
    engine_jobs = [n for n, job in enumerate(jobs) if not job[6]]
    done = 0
    for n, job in enumerate(jobs):
        if job[6]:
            results[n] = _run(game, opts, job[3], job[4], job[5], True, workers)
            done += 1
            if progress:
                progress(done, len(jobs))
    if workers <= 1 or len(engine_jobs) <= 1:
        for n in engine_jobs:
            job = jobs[n]
            results[n] = _run(game, opts, job[3], job[4], job[5], False, None)
            done += 1
            if progress:
                progress(done, len(jobs))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {n: pool.submit(_run, game, opts, jobs[n][3], jobs[n][4], jobs[n][5], False, None)
                       for n in engine_jobs}
            for n, fut in futures.items():
                results[n] = fut.result()
                done += 1
                if progress:
                    progress(done, len(jobs))

    pairings = collect(labels, jobs, results)
    backends = [r.backend for r in results]
    return rate(game, opts, labels, specs, per_pair, seed, seats, pairings, backends, time.perf_counter() - t0)


def rate(game: str, options: dict, labels: list[str], specs: list[str], per_pair: int, seed: int, seats: int,
         pairings: list[Pairing], backends: list[str] | None = None, seconds: float = 0.0) -> LadderResult:
    """Fit the ratings to played pairings (also used to rate results gathered elsewhere)."""
    index = {name: k for k, name in enumerate(labels)}
    fit = fit_bradley_terry(len(labels), [(index[p.a], index[p.b], p.score_a, p.games) for p in pairings])
    points = np.zeros(len(labels))
    played = np.zeros(len(labels), int)
    for p in pairings:
        points[index[p.a]] += p.score_a
        points[index[p.b]] += p.games - p.score_a
        played[index[p.a]] += p.games
        played[index[p.b]] += p.games
    ratings = []
    for k, name in enumerate(labels):
        lo, hi = fit.interval(k)
        ratings.append(Rating(name, ELO * float(fit.strength[k]), ELO * lo, ELO * hi,
                              float(points[k] / played[k]) if played[k] else 0.0, int(played[k])))
    ratings.sort(key=lambda r: -r.rating)
    return LadderResult(game, options, labels, specs, per_pair, seed, seats, ratings, pairings,
                        list(backends or []), fit.converged, seconds)
