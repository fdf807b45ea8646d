"""Estimated reviews: playouts that sample until each judgement is decided or the budget ends.

The budget is counted in **playouts**, never seconds, so a record gets the same review on a busy
machine and a quiet one (``budget``; each game's default is in :mod:`.settings`).  The work:

1. **The game's path**: every position the game passed through is played out ``first`` times (fewer
   when the budget is small, never under two) by the policy (:mod:`.policy`), playout ``j`` on the
   dice of seed ``j`` everywhere; a position between two hidden choices of one round is worth the
   round's start (the second chooser's bot would see the first's choice).  These give the graph,
   the start and each roll's swing.  A decision's part of skill is what it did to every seat
   against the best decision compared (on common dice from one position: precise; counted where
   the playouts show a loss, the low end of its interval above zero), and luck the
   rest of the way from the start to the end, so start + luck + skill = result (:mod:`.judge`).
2. **The decisions compared** at each decision (:mod:`.candidates`), the one taken among them, are
   played out on seeds of the decision's own (common to the decisions it compares).  A decision's loss is the largest mean difference between a compared
   decision and the one taken; its 95% interval (:mod:`.stats`) decides the judgement, or
   ``uncertain`` while it crosses a threshold.
   Where the budget cannot reach every decision, the decisions where the decider's win chance
   fell most along the path come first (where a mistake can be); the rest stay ``uncertain``.
3. **Rounds**: while budget is left, every decision still ``uncertain`` doubles its playouts, in
   that order, round after round, dropping compared decisions whose difference is surely
   below the loss's low end; a decision stops once judged.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import numpy as np

from ..core.game import Decision, Game, Terminal
from .build import labels
from .candidates import ALL_WHEN_AT_MOST, compared
from .judge import UNCERTAIN, judgement_of_interval
from .stats import difference_interval, interval, mean_interval, z_for

FIRST = 16  # playouts per position of the game's path, when a third of the budget allows
FIRST_COMPARED = 16  # playouts per decision compared in the first round
LEAST = 2  # never fewer playouts per position
MOST_PER_DECISION = 4096  # a decision stops doubling here
CLEAR_MARGIN = 0.02  # a best decision is clear when it beats every other compared one by this (and surely)
# a win chance's 95% interval is taken at 97.5%: the playouts of one review share their dice seeds,
# so the rare misses of its many intervals come together; wider, they stay under one in twenty
Z_WIN = z_for(2)


class _Sampler:
    """Playout results per position, extended on demand and counted against the budget."""

    def __init__(self, policy: Any, budget: int, progress: Callable[[int, int], None] | None) -> None:
        self.policy = policy
        self.budget = budget
        self.used = 0
        self.progress = progress
        self.rows: dict[Any, np.ndarray] = {}

    def have(self, key: Any) -> int:
        return len(self.rows[key]) if key in self.rows else 0

    def get(self, key: Any, state: Any, n: int, offset: int = 0) -> np.ndarray:
        """The first ``n`` playouts from ``state``, playout ``j`` on seed ``offset + j``."""
        have = self.have(key)
        if have < n:
            new = self.policy.results(state, range(offset + have, offset + n))
            self.used += n - have
            self.rows[key] = new if have == 0 else np.vstack([self.rows[key], new])
            if self.progress is not None:
                self.progress(min(self.used, self.budget), self.budget)
        return self.rows[key][:n]


class _Judged:
    """One decision being judged: its compared decisions and what their playouts say so far."""

    def __init__(self, k: int, step: Any, names: list[str], legal: int | None) -> None:
        self.k = k
        self.step = step
        self.names = names  # the taken decision first
        self.legal = legal
        self.alive = set(names[1:])
        self.z = z_for(max(1, len(names) - 1))
        self.outcome: dict = {}

    def key(self, a: str) -> Any:
        return ("cand", self.k, a)

    @property
    def offset(self) -> int:
        """The decision's own seeds: common to the decisions it compares, apart from every other
        decision's (so the rare misses of their intervals do not come together)."""
        return (self.k + 1) * 1_000_003

    def state(self, a: str, game: Game) -> Any:
        st = self.step
        return st.after if a == self.names[0] else game.apply_action(st.before, st.seat, a)


def _assess(j: _Judged, sampler: _Sampler) -> dict:
    """The loss's interval and judgement from the playouts so far."""
    seat = j.step.seat
    taken = sampler.rows[j.key(j.names[0])][:, seat]
    means = {j.names[0]: float(taken.mean())}
    diffs: dict[str, tuple[float, list[float]]] = {}
    for a in j.names[1:]:
        x = sampler.rows[j.key(a)][:, seat]
        d = x - taken[:len(x)]
        means[a] = float(x.mean())
        diffs[a] = (float(d.mean()), difference_interval(d, j.z))
    point = max([0.0] + [m for m, _ in diffs.values()])
    lo = max([0.0] + [iv[0] for _, iv in diffs.values()])
    hi = max([0.0] + [iv[1] for _, iv in diffs.values()])
    best = max(diffs, key=lambda a: diffs[a][0]) if diffs and point > 0 else j.names[0]
    word, between = judgement_of_interval(lo, hi, point)
    clear = False
    if best != j.names[0]:  # the best is clear when it surely beats each other compared decision by a margin
        xb = sampler.rows[j.key(best)][:, seat]
        clear = True
        for a in j.names:
            if a == best:
                continue
            xa = sampler.rows[j.key(a)][:, seat]
            m = min(len(xa), len(xb))
            d = xb[:m] - xa[:m]
            if float(d.mean()) < CLEAR_MARGIN or difference_interval(d, j.z)[0] <= 0.0:
                clear = False
                break
    for a in list(j.alive):  # surely not the largest difference: no more playouts for it
        if diffs[a][1][1] < lo:
            j.alive.discard(a)
    return {"means": means, "point": point, "lo": lo, "hi": hi, "best": best, "judgement": word, "between": between,
            "clear": clear}


def _round_start(steps: list) -> list[int]:
    """For each position of the path (0 = the start), the position whose value it takes: itself,
    or the start of the round of hidden choices it lies inside."""
    src = [0]
    for k, st in enumerate(steps):
        node = st.node
        mid = (st.action is not None and isinstance(node, Decision) and node.kind == "simultaneous"
               and len(node.seats) > 1)
        src.append(src[k] if mid else k + 1)
    return src


def estimated_steps(game: Game, steps: list, result: list[float], policy: Any, budget: int, first: int = FIRST,
                    limit: int = ALL_WHEN_AT_MOST, seed: int = 1,
                    progress: Callable[[int, int], None] | None = None) -> dict:
    """Per-step figures by playouts (see :func:`brawl.review.build.assemble` for their shape)."""
    players = game.num_players
    sampler = _Sampler(policy, budget, progress)
    positions = [game.initial_state()] + [st.after for st in steps]
    src = _round_start(steps)
    open_positions = sorted({src[k] for k in range(len(positions))
                             if not isinstance(game.node(positions[src[k]]), Terminal)})
    n = max(LEAST, min(first, budget // max(1, 3 * len(open_positions))))
    for k in open_positions:
        sampler.get(("path", k), positions[k], n)
    path = [sampler.get(("path", src[k]), positions[src[k]], n) for k in range(len(positions))]
    # the decisions to judge, and their compared decisions played out as often as the path
    rng = random.Random(seed)
    judged: list[_Judged] = []
    for k, st in enumerate(steps):
        if st.action is None or (isinstance(st.node, Decision) and st.node.kind == "simultaneous"):
            continue
        names, legal = compared(game, st.before, st.seat, st.action,
                                lambda st=st: policy.suggestions(st.before, st.seat), random.Random(rng.random()), limit)
        j = _Judged(k, st, names, legal)
        if len(names) > 1:
            judged.append(j)
    # the first round, the decisions where the decider's win chance fell most on the game's path
    # first (where a mistake can be), while the budget lasts: a decision left out stays uncertain
    def drop(j: _Judged) -> float:
        return float((path[j.k + 1][:, j.step.seat] - path[j.k][:, j.step.seat]).mean())

    judged.sort(key=lambda j: (drop(j), j.k))
    m = max(n, FIRST_COMPARED)
    for j in judged:
        if sampler.used + m * len(j.names) > budget:
            continue
        for a in j.names:
            sampler.get(j.key(a), j.state(a, game), m, j.offset)
        j.outcome = _assess(j, sampler)
    # rounds: every decision still uncertain doubles its playouts while the budget lasts
    moved = True
    while moved:
        moved = False
        for j in judged:
            if not j.outcome or j.outcome["judgement"] != UNCERTAIN:
                continue
            have = sampler.have(j.key(j.names[0]))
            want = min(MOST_PER_DECISION, 2 * have)
            alive = [a for a in j.names[1:] if a in j.alive]
            cost = (want - have) + sum(want - sampler.have(j.key(a)) for a in alive)
            if want <= have or not alive or sampler.used + cost > budget:
                continue
            for a in [j.names[0]] + alive:
                sampler.get(j.key(a), j.state(a, game), want, j.offset)
            j.outcome = _assess(j, sampler)
            moved = True
    return _figures(game, steps, result, positions, path, src, judged, sampler, n)


def _effect(j: _Judged, sampler: _Sampler) -> tuple[np.ndarray, np.ndarray, int]:
    """(mean, variance of the mean, rows) of what the decision taken did to every seat against the
    best compared one, on the playouts they share."""
    taken = sampler.rows[j.key(j.names[0])]
    best = sampler.rows[j.key(j.outcome["best"])]
    m = min(len(taken), len(best))
    d = taken[:m] - best[:m]
    var = d.var(axis=0, ddof=1) / m if m > 1 else np.ones(d.shape[1])
    return d.mean(axis=0), var, m


def _figures(game: Game, steps: list, result: list[float], positions: list, path: list, src: list,
             judged: list[_Judged], sampler: _Sampler, n: int) -> dict:
    """Skill is what the decisions did, each against the best compared on common dice (precise:
    the compared decisions start from one position); luck is the rest of the way from the start
    to the end of the game (the dice, rounds of hidden choices), so the two add up exactly."""
    players = game.num_players
    by_k = {j.k: j for j in judged}
    skill = np.zeros(players)
    skill_var = np.zeros(players)
    decisions: list[dict] = []
    dice: list[dict] = []
    rounds: list[dict] = []
    for k, st in enumerate(steps):
        change = path[k + 1] - path[k]
        mean_change = [float(x) for x in change.mean(axis=0)]
        before = [float(x) for x in path[k].mean(axis=0)]
        after = [float(x) for x in path[k + 1].mean(axis=0)]
        if st.action is None:
            dice.append({"index": st.index, "step": st.step, "seat": st.seat, "roll": st.event,
                         "outcome": list(st.outcome) if isinstance(st.outcome, tuple) else st.outcome,
                         "before": before, "after": after, "swing": mean_change,
                         "interval": {"swing": [mean_interval(change[:, s], -1.0, 1.0) for s in range(players)]}})
            continue
        together = isinstance(st.node, Decision) and st.node.kind == "simultaneous"
        if together and src[k + 1] == k + 1:  # the round's last hidden choice: the round is revealed
            rounds.append({"index": st.index, "step": st.step, "before": [float(x) for x in path[src[k]].mean(axis=0)],
                           "after": after, "swing": mean_change})
        effect = [0.0] * players
        j = by_k.get(k)
        if j is not None and j.outcome and j.outcome["lo"] > 0.0:  # a loss the playouts show (noise alone is no skill)
            mean, var, _ = _effect(j, sampler)
            skill += mean
            skill_var += var
            effect = [float(x) for x in mean]
        decisions.append(_decision(game, st, j, sampler, together, before, after, effect,
                                   sampler.have(("path", src[k + 1]))))
    last = path[-1].mean(axis=0)
    start = path[0]
    start_mean = start.mean(axis=0)
    start_var = start.var(axis=0, ddof=1) / len(start) if len(start) > 1 else np.ones(players)
    luck = last - start_mean - skill
    # the rest of the way to the result (a game the server ended before the rules did)
    residual = [float(result[s] - last[s]) for s in range(players)]

    def around(x: float, var: float, n_eff: int) -> list[float]:
        half = 1.959963984540054 * float(np.sqrt(var + 1.0 / (n_eff + 2) ** 2))
        return [x - half, x + half]

    return {"start": [float(x) for x in start_mean],
            "start_interval": [interval(start[:, s]) for s in range(players)],
            "decisions": decisions, "dice": dice, "rounds": rounds, "residual": residual,
            "luck": [float(x) for x in luck],
            "luck_interval": [around(float(luck[s]), float(start_var[s] + skill_var[s]), n) for s in range(players)],
            "skill_interval": [around(float(skill[s]), float(skill_var[s]), n) for s in range(players)],
            "playouts": sampler.used, "budget": sampler.budget, "path_playouts": n}


def _decision(game: Game, st: Any, j: _Judged | None, sampler: _Sampler, together: bool, before: list[float],
              after: list[float], effect: list[float], path_playouts: int) -> dict:
    seat = st.seat
    base = {"index": st.index, "step": st.step, "seat": seat, "action": st.action, "effect": effect,
            "simultaneous": together, "path": {"before": before, "after": after}}
    win = after[seat]
    if j is not None and not j.outcome:  # the budget ended before its first round: not judged
        return {**base, **labels(game, st.before, seat, st.action, st.action), "win_before": win, "win_after": win,
                "best_action": st.action, "best_win": win, "loss": 0.0, "forced": False, "judgement": UNCERTAIN,
                "between": None, "judged": False, "clear_best": False, "values": {st.action: win}, "compared": 1,
                "legal": j.legal, "playouts": path_playouts}
    if j is None:  # one legal decision (forced), or a hidden choice (its worth rests on the other's)
        return {**base, **labels(game, st.before, seat, st.action, st.action), "win_before": win, "win_after": win,
                "best_action": st.action, "best_win": win, "loss": 0.0, "forced": not together,
                "judgement": UNCERTAIN if together else "best", "between": None, "judged": False, "clear_best": False,
                "values": {st.action: win}, "compared": 1, "legal": None if together else 1,
                "playouts": path_playouts}
    o = j.outcome
    taken = sampler.rows[j.key(j.names[0])][:, seat]
    best_rows = sampler.rows[j.key(o["best"])][:, seat]
    win_after = o["means"][j.names[0]]
    return {**base, **labels(game, st.before, seat, st.action, o["best"]),
            "win_before": win_after + o["point"], "win_after": win_after, "best_action": o["best"],
            "best_win": win_after + o["point"], "loss": o["point"], "forced": False,
            "judgement": o["judgement"], "between": o["between"], "judged": o["judgement"] != UNCERTAIN,
            "clear_best": o["clear"],
            "values": o["means"], "compared": len(j.names), "legal": j.legal, "playouts": len(taken),
            "interval": {"win_after": interval(taken, z=Z_WIN), "best_win": interval(best_rows, z=Z_WIN),
                         "loss": [o["lo"], o["hi"]]}}
