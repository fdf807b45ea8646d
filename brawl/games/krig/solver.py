"""Exact solution of Krig for both editions and any starting hit points, on a dense table.

The value table ``V[hm, ho, dm, do, cm, co]`` is the win probability of the player on turn (the
mover) at a turn decision, where ``hm``/``ho`` are the mover's and the opponent's hit points,
``dm``/``do`` their active defense (0 = none) and ``cm``/``co`` whether each is charging.  The game
is symmetric, so a state seen from the other side is the same table read with the roles swapped:
handing the turn over is worth ``1 - V[ho, hm, do, dm, co, cm]``.

Hit points never go up, so the table is solved layer by layer: a layer is one unordered pair of
hit points ``{a, b}``, and every way out of a layer lands in a layer with a smaller total that is
already solved.  Inside a layer play can cycle (a miss, a parry, a defense that absorbs a blow, a
charge), so each layer is iterated (Gauss-Seidel, in place) until no value moves by more than
``TOL``.  The transitions follow the rules page (Krig) exactly as ``brawl.games.krig.rules``
implements them; ``tests/test_solve_krig.py`` checks the result against the rules module walked
state by state and against an independent solver.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from . import mechanics as M

TOL = 1e-14
ND = M.DEFENSE_SIDES + 1  # defense 0 (none) to the d8's top face
P_MISS = M.MISS_FACES / M.AGILITY_SIDES
P_CRIT = M.CRITICAL_FACES / M.AGILITY_SIDES
P_ORDINARY = M.ORDINARY_FACES / M.AGILITY_SIDES
_absorb = njit(cache=True)(M.absorb)
_critical_hit = njit(cache=True)(M.critical_hit)
_knocked_out = njit(cache=True)(M.knocked_out)
_parry_faces = njit(cache=True)(M.parry_faces)
_may_parry = njit(cache=True)(M.may_parry)
_charge_damage = njit(cache=True)(M.charge_damage)
_defense_after_charge = njit(cache=True)(M.defense_after_charge)
ACTIONS = ("attack", "defend", "charge")  # index order of the turn policy table
ATTACK, DEFEND, CHARGE = 0, 1, 2


@njit(cache=True)
def _hit(V, hm, ho, dm, do, cm, co, dmg, crit, again):
    """The mover's value after ``dmg`` lands on the opponent (critical: past the defense).

    ``again``: the mover keeps the turn (a failed parry); otherwise the turn passes."""
    if crit:
        ho2 = _critical_hit(ho, dmg)
        do2 = do
    else:
        ho2, do2 = _absorb(ho, do, dmg)
    if _knocked_out(ho2):
        return 1.0
    if again:
        return V[hm, ho2, dm, do2, cm, co]
    return 1.0 - V[ho2, hm, do2, dm, co, cm]


@njit(cache=True)
def _pass(V, hm, ho, dm, do, cm, co):
    return 1.0 - V[ho, hm, do, dm, co, cm]


@njit(cache=True)
def parry_value(V, hm, ho, dm, do, cm, co, b):
    """The mover's value when the opponent parries an ordinary attack with d6 = ``b``."""
    k = _parry_faces(b) / M.PARRY_SIDES
    return k * _pass(V, hm, ho, dm, do, cm, co) + (1.0 - k) * _hit(V, hm, ho, dm, do, cm, co, b, False, True)


@njit(cache=True)
def take_value(V, hm, ho, dm, do, cm, co, b):
    """The mover's value when the opponent takes an ordinary attack with d6 = ``b``."""
    return _hit(V, hm, ho, dm, do, cm, co, b, False, False)


@njit(cache=True)
def q_attack(V, hm, ho, dm, do, cm, co, article):
    """Value of ``attack`` for the mover (the charge attack when charging)."""
    if cm == 1:
        # d10, d6, d8; damage d6 + d8; never parried; afterwards the mover's defense is 0
        d0 = M.DEFENSE_AFTER_CHARGE_ATTACK
        q = P_MISS * _pass(V, hm, ho, d0, do, 0, co)
        for b in range(1, M.ATTACK_SIDES + 1):
            for c in range(1, M.DEFENSE_SIDES + 1):
                dmg = _charge_damage(b, c)
                q += (P_CRIT * _hit(V, hm, ho, d0, do, 0, co, dmg, True, False)
                      + P_ORDINARY * _hit(V, hm, ho, d0, do, 0, co, dmg, False, False)) / (M.ATTACK_SIDES * M.DEFENSE_SIDES)
        return q
    q = P_MISS * _pass(V, hm, ho, dm, do, cm, co)  # the agility d10 misses
    can_parry = _may_parry(article, co == 1)
    for b in range(1, M.ATTACK_SIDES + 1):
        crit = _hit(V, hm, ho, dm, do, cm, co, b, True, False)
        normal = take_value(V, hm, ho, dm, do, cm, co, b)
        if can_parry:
            normal = min(normal, parry_value(V, hm, ho, dm, do, cm, co, b))
        q += (P_CRIT * crit + P_ORDINARY * normal) / M.ATTACK_SIDES
    return q


@njit(cache=True)
def q_defend(V, hm, ho, dm, do, cm, co):
    q = 0.0
    for c in range(1, M.DEFENSE_SIDES + 1):
        q += _pass(V, hm, ho, c, do, cm, co) / M.DEFENSE_SIDES
    return q


@njit(cache=True)
def q_charge(V, hm, ho, dm, do, cm, co, article):
    return _pass(V, hm, ho, _defense_after_charge(article, dm), do, 1, co)


@njit(cache=True)
def best(V, hm, ho, dm, do, cm, co, article):
    """(value, action index) of the mover's best turn action; ties go to the lower index."""
    v = q_attack(V, hm, ho, dm, do, cm, co, article)
    a = ATTACK
    if cm == 0:
        if dm == 0:
            q = q_defend(V, hm, ho, dm, do, cm, co)
            if q > v + 1e-12:
                v, a = q, DEFEND
        q = q_charge(V, hm, ho, dm, do, cm, co, article)
        if q > v + 1e-12:
            v, a = q, CHARGE
    return v, a


@njit(cache=True)
def _reachable(hm, ho, dm, do, cm, co, article):
    """Table cells that play can reach (article: a charging player has no defense)."""
    if cm == 1 and _defense_after_charge(article, dm) != dm:
        return False
    if co == 1 and _defense_after_charge(article, do) != do:
        return False
    return True


@njit(cache=True)
def _solve_total(V, H, article, tol, total):
    """Solve the layers ``{a, b}`` with ``a + b = total`` in ``V`` (those of smaller totals solved
    already); returns the sweeps."""
    sweeps = 0
    for a in range(max(1, total - H), total // 2 + 1):
        b = total - a
        while True:
            delta = 0.0
            sweeps += 1
            for side in range(2):
                hm = a if side == 0 else b
                ho = b if side == 0 else a
                for dm in range(ND):
                    for do in range(ND):
                        for cm in range(2):
                            for co in range(2):
                                if not _reachable(hm, ho, dm, do, cm, co, article):
                                    continue
                                v, _ = best(V, hm, ho, dm, do, cm, co, article)
                                d = abs(v - V[hm, ho, dm, do, cm, co])
                                if d > delta:
                                    delta = d
                                V[hm, ho, dm, do, cm, co] = v
                if a == b:
                    break
            if delta <= tol:
                break
    return sweeps


def _layers(H: int, total: int) -> int:
    """How many layers ``{a, b}`` have ``a + b = total`` (each of 1 to ``H``)."""
    return total // 2 - max(1, total - H) + 1


def _solve(H, article, tol, progress=None):
    """The value table and the sweeps; ``progress(done, total)`` in layers solved of all layers."""
    V = np.full((H + 1, H + 1, ND, ND, 2, 2), 0.5)
    totals = range(2, 2 * H + 1)
    every = sum(_layers(H, t) for t in totals)
    done = sweeps = 0
    if progress:
        progress(0, every)
    for total in totals:
        sweeps += int(_solve_total(V, H, article, tol, total))
        done += _layers(H, total)
        if progress:
            progress(done, every)
    return V, sweeps


@njit(cache=True)
def _policy(V, H, article):
    turn = np.zeros((H + 1, H + 1, ND, ND, 2, 2), dtype=np.int8)
    parry = np.zeros((H + 1, H + 1, ND, ND, 2, 2, M.ATTACK_SIDES + 1), dtype=np.int8)
    for hm in range(1, H + 1):
        for ho in range(1, H + 1):
            for dm in range(ND):
                for do in range(ND):
                    for cm in range(2):
                        for co in range(2):
                            _, act = best(V, hm, ho, dm, do, cm, co, article)
                            turn[hm, ho, dm, do, cm, co] = act
                            # the opponent parries when that leaves the mover less
                            for b in range(1, M.ATTACK_SIDES + 1):
                                if parry_value(V, hm, ho, dm, do, cm, co, b) < take_value(V, hm, ho, dm, do, cm, co, b) - 1e-12:
                                    parry[hm, ho, dm, do, cm, co, b] = 1
    return turn, parry


def count_states(H: int, article: bool) -> int:
    """Decision states valued, counted as the game sees them (either seat on turn): turn
    decisions plus parry decisions (one per attack d6)."""
    per_layer = 0
    for dm in range(ND):
        for do in range(ND):
            for cm in range(2):
                for co in range(2):
                    if _reachable(1, 1, dm, do, cm, co, article):
                        per_layer += 1 + (0 if cm else M.ATTACK_SIDES)
    return 2 * H * H * per_layer


def solve_tables(hp: int, edition: str, progress=None) -> dict[str, np.ndarray]:
    """Solve Krig; returns the value table, the turn policy and the parry policy (``progress(done,
    total)`` meanwhile: layers of hit points solved of all layers)."""
    article = edition == "article"
    V, sweeps = _solve(hp, article, TOL, progress)
    turn, parry = _policy(V, hp, article)
    return {"value": V, "turn": turn, "parry": parry, "sweeps": np.int64(sweeps)}


def _agility_class(a: int) -> int:
    return a if a in (M.MISS_FACE, M.CRITICAL_FACE) else 2


def krig_key(state):
    """Canonical representative of a Krig state for the generic solver: drops what cannot change
    the future (turn counter, first mover, log text, dice already used) and treats every agility
    d10 from 2 to 9 alike (only 1, a miss, and 10, a critical, differ)."""
    from dataclasses import replace

    if state.phase == "over":
        return type(state)(hp=(0, 0), phase="over", winner=state.winner)
    rolls = state.rolls
    if state.phase == "turn":
        rolls = ()
    elif state.phase in ("attack", "charge_attack", "parry?", "parry") and rolls:
        rolls = (_agility_class(rolls[0]),) + tuple(rolls[1:])
    return replace(state, rolls=rolls, turns=0, first_mover=-1, last="")


def value_of_state(V: np.ndarray, state, seat: int) -> float:
    """``seat``'s win probability at a Krig turn decision ``state`` from the value table."""
    m = state.to_act
    o = 1 - m
    v = float(V[state.hp[m], state.hp[o], state.defense[m], state.defense[o],
                int(state.charging[m]), int(state.charging[o])])
    return v if seat == m else 1.0 - v


# -- the solution the rest of brawl reads (bots, hints, the batch kernel, the CLI) ------------------

COVERS = "the Krig solver covers both editions at any hit points"


def unsupported(options: dict) -> list[str]:
    """The options this solver does not cover: none."""
    return []


def quick(options: dict) -> bool:
    """Whether a solve takes seconds at most (Krig at 20 hit points: under one)."""
    return True


class KrigSolution:
    """Krig solved: value and policy tables and how they were made."""

    game_name = "krig"

    def __init__(self, options: dict, tables, seconds: float, cached: bool) -> None:
        self.options = dict(options)
        self.value = np.asarray(tables["value"])
        self.turn = np.asarray(tables["turn"])
        self.parry = np.asarray(tables["parry"])
        self.seconds = seconds
        self.cached = cached
        self.article = self.options["edition"] == "article"
        self.hp = int(self.options["hp"])

    @property
    def states(self) -> int:
        return count_states(self.hp, self.article)

    @property
    def first_mover_win(self) -> float:
        """The first mover's win probability from the start (after initiative), optimal play."""
        return float(self.value[self.hp, self.hp, 0, 0, 0, 0])

    def _cell(self, state):
        m = state.to_act
        o = 1 - m
        return (state.hp[m], state.hp[o], state.defense[m], state.defense[o],
                int(state.charging[m]), int(state.charging[o]))

    def win_probability(self, state, seat: int) -> float | None:
        """``seat``'s win probability at a turn decision or at the end; None elsewhere."""
        if state.phase == "over":
            return 1.0 if state.winner == seat else 0.0
        if state.phase != "turn":
            return None
        return value_of_state(self.value, state, seat)

    def action_values(self, state, seat: int) -> dict[str, float]:
        """Each legal decision of ``seat`` with ``seat``'s win probability after it (optimal play)."""
        cell = self._cell(state)
        if state.phase == "turn" and seat == state.to_act:
            out = {"attack": q_attack(self.value, *cell, self.article)}
            if not state.charging[seat]:
                if state.defense[seat] == 0:
                    out["defend"] = q_defend(self.value, *cell)
                out["charge"] = q_charge(self.value, *cell, self.article)
            return {a: float(v) for a, v in out.items()}
        if state.phase == "parry?" and seat == 1 - state.to_act:
            b = state.rolls[1]
            return {"parry": 1.0 - float(parry_value(self.value, *cell, b)),
                    "take": 1.0 - float(take_value(self.value, *cell, b))}
        return {}

    def best_action(self, state, seat: int) -> str:
        """The solved policy's decision (the table the batch simulator also plays)."""
        cell = self._cell(state)
        if state.phase == "parry?":
            return "parry" if self.parry[cell + (state.rolls[1],)] else "take"
        return ACTIONS[int(self.turn[cell])]

    def to_json(self) -> dict:
        from ...solve.cache import SOLVER_VERSION

        return {"game": "krig", "options": self.options, "first_mover_win": self.first_mover_win,
                "states": self.states, "seconds": round(self.seconds, 4), "cached": self.cached,
                "solver_version": SOLVER_VERSION}


def solve(options: dict, path=None, progress=None) -> KrigSolution:
    """The solution for ``options``: read from ``path`` when saved there, else solved (and saved
    there when a path is given; ``progress(done, total)`` meanwhile, see :func:`solve_tables`)."""
    from ...solve.cache import load_tables, save_tables

    tables = load_tables(path, ("value", "turn", "parry")) if path is not None else None
    if tables is not None:
        return KrigSolution(options, tables, float(tables.get("seconds", 0.0)), True)
    t0 = time.perf_counter()
    tables = solve_tables(options["hp"], options["edition"], progress)
    seconds = time.perf_counter() - t0
    solution = KrigSolution(options, tables, seconds, False)
    if path is not None:
        save_tables(path, {"value": solution.value, "turn": solution.turn, "parry": solution.parry,
                           "seconds": np.float64(seconds)})
    return solution


def first_mover_generic(game, limit: int = 3_000_000) -> dict:
    """The first mover's value by walking the rules module state by state (:mod:`brawl.solve.generic`),
    the reference for small set-ups: the mean over the states right after initiative."""
    from ...core.game import BrawlError
    from ...solve.generic import solve_game

    try:
        sol = solve_game(game, krig_key, limit=limit)
    except MemoryError as exc:
        raise BrawlError(str(exc)) from None
    start = game.initial_state()
    firsts = [s for s in sol.index if s.phase == "turn" and s.hp == start.hp and s.defense == (0, 0)
              and s.charging == (False, False)]
    if not firsts:
        raise BrawlError("cannot find the first turn of krig")
    fm = sum(sol.win_probability(s, s.to_act) for s in firsts) / len(firsts)
    return {"game": "krig", "options": game.options_json(), "first_mover_win": fm, "states": sol.decision_states,
            "graph_nodes": len(sol.states), "seconds": round(sol.seconds, 4), "method": "generic", "cached": False}
