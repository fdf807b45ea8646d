"""Exact solution of the KtOG duel: two players, spells and disarming, with any ``to_hit``, either
initiative and initiative die, and the options ``stand_at_zero``, ``fumble_flying``,
``cure_touch_roll`` and ``classes``.

The tables and the value of every decision are compiled in :mod:`.duel` (its docstring gives the
layout and the order of solving); this module reads them at an engine state, names what it
covers, and keeps solutions.  The rules follow the rules page (KtOG) as
``brawl.games.ktog.rules`` implements them, with every number from
``brawl.games.ktog.mechanics``.  Each option stays a zero-sum game of two players with chance, so
it is solved by the same method:

- ``stand_at_zero``: hit points run from 0; a blow that takes a player to 0 or below rolls the
  d100, and a player who stays standing at 0 is still a config of the block (a later blow rolls
  again, and Cure heals from 0).
- ``fumble_flying``: a natural 1 on the drop roll disarms for 3 turns, so scramble counts run to 3.
- ``cure_touch_roll``: a Cure on the other first needs the touch roll; a failure spends the Cure.
- ``classes``: a fighter is a config of hit points alone (5 more, no spells, -2 to hit).  Seat 0
  picks, then seat 1 knowing it, then initiative: each seat leads with chance 1/2.  The solution's
  first-mover value is the leader's chance under the classes both seats pick (ties to fighter, the
  first decision, as the ``optimal`` bot breaks them).

Not covered: more than two players (not a two-player game: a third player's value is not the
complement of one player's) and ``cure_cap`` off (hit points could rise without bound, so the
ranks that order the solve no longer drop).

``brute=True`` evaluates the fixed brute-against-brute policy instead of optimising: the check
against an independent dynamic program of that policy.
"""

from __future__ import annotations

import numpy as np

from . import mechanics as M
from .duel import (A_ATTACK, A_BLESS, A_CURE_OTHER, A_CURE_SELF, A_DISARM, A_FIGHT, A_HASTE, A_SCRAMBLE, NA,
                   R_ND, after_swing, bit, blocks_by_rank, cfg_of, class_values, damage_value, layout, solve_tables,
                   spend, start_cfg, swing_value, turn_values)


def solve_ktog_duel(H: int, every_round: bool, brute: bool = False, progress=None, to_hit: int = M.TO_HIT,
                    **options):
    """Solve; returns (V, W, total sweeps).  ``options``: ``stand``, ``flying``, ``touch``, ``classes``."""
    return solve_tables(layout(H, every_round, brute, to_hit, **options), progress)


def start_index(H: int, R=None) -> tuple[int, int, int]:
    """Where the leader's first turn is, two magic-users (or standard players) at full strength."""
    R = R or layout(H)
    full = int(start_cfg(R, False)) * R[R_ND]
    return 0, full, full


# -- reading a solution at an engine state ---------------------------------------------------------

#: options the solver covers only at this value; ``OPTION_FLAGS`` it covers either way
SUPPORTED = {"players": 2, "cure_cap": True}
OPTION_FLAGS = {"stand_at_zero": "stand", "fumble_flying": "flying", "cure_touch_roll": "touch", "classes": "classes"}
WHY = {"players": "more than two players is not a two-player zero-sum game",
       "cure_cap": "without the cap Cure could heal without bound, so the solve has no order"}


def unsupported(options: dict) -> list[str]:
    """The options this solver does not cover, each with the reason."""
    bad = [f"{k}={options.get(k)!r} ({WHY[k]})" for k, v in SUPPORTED.items() if options.get(k) != v]
    if not 1 <= int(options.get("hp", 0)) <= 25:
        bad.append(f"hp={options.get('hp')!r} (1 to 25)")
    return bad


def rules_layout(options: dict, brute: bool = False) -> tuple:
    """The compiled options tuple (:func:`.duel.layout`) of validated options."""
    flags = {name: bool(options.get(k, False)) for k, name in OPTION_FLAGS.items()}
    return layout(int(options["hp"]), options["initiative"] == "every_round", brute, int(options["to_hit"]), **flags)


def _player(R, state, s: int) -> int:
    return int(cfg_of(R, state.hp[s], state.haste[s], int(state.cure[s]), int(state.bless[s]), int(state.mighty[s]),
                      int(state.dodge[s]), state.role[s] == "fighter"))


def action_values(V, W, R, state, seat: int) -> dict[str, float]:
    """Each legal decision of ``seat`` (engine names) with ``seat``'s win probability."""
    p = state.phase
    if p == "class":
        if seat != state.to_act:
            return {}
        fighter, magic_user = class_values(V, R, seat, state.role[0] == "fighter", start_cfg(R, False))
        return {"fighter": float(fighter), "magic_user": float(magic_user)}
    m = state.to_act
    o = 1 - m
    cM, cO = _player(R, state, m), _player(R, state, o)
    dM, dO = state.disarmed[m], state.disarmed[o]
    posM = 0 if m == state.leader else 1
    castM, castO = int(state.cast[m]), int(state.cast[o])
    name_o = str(o + 1)
    out: dict[str, float] = {}
    if p == "turn" and seat == m:
        pos = 0 if posM == 0 else 1 + 2 * castM + castO
        q = np.empty(NA)
        turn_values(V, W, R, pos, cM, dM, cO, dO, q)
        names = {A_ATTACK: f"attack:{name_o}", A_DISARM: f"disarm:{name_o}", A_CURE_SELF: f"cure:{m + 1}",
                 A_CURE_OTHER: f"cure:{name_o}", A_HASTE: "haste", A_BLESS: "bless", A_SCRAMBLE: "scramble",
                 A_FIGHT: f"fight:{name_o}"}
        for a, name in names.items():
            if not np.isnan(q[a]):
                out[name] = float(q[a])
        return out
    cont = state.swings > 1
    if p == "action" and seat == m:
        out[f"attack:{name_o}"] = float(swing_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, 0, state.blessed, cont))
        if dO == 0:
            out[f"disarm:{name_o}"] = float(swing_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, 1, state.blessed, cont))
        return out
    bare = state.action == "fight"
    crit = state.critical
    if p == "mighty?" and seat == m:
        out["mighty_blow"] = float(damage_value(V, W, R, posM, 1, castO, spend(cM, 1), dM, cO, dO, crit, bare, True, cont))
        out["none"] = float(damage_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, crit, bare, False, cont))
        return out
    if p == "dodge?" and seat == o:
        dodge = after_swing(V, W, R, posM, castM, 1, cM, dM, spend(cO, 0), dO, cont)
        none = damage_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, crit, bare, False, cont)
        if castM == 0 and bit(R, cM, 1) == 1:
            none = max(none, damage_value(V, W, R, posM, 1, castO, spend(cM, 1), dM, cO, dO, crit, bare, True, cont))
        return {"dodge": 1.0 - float(dodge), "none": 1.0 - float(none)}
    return out


def first_mover_value(V, R, classes: bool) -> float:
    """The leader's chance to win; with ``classes``, under the classes both seats pick (ties to
    fighter, the first decision)."""
    if not classes:
        i = int(start_cfg(R, False)) * R[R_ND]
        return float(V[0, i, i])
    magic_user = start_cfg(R, False)
    f, m = class_values(V, R, 0, False, magic_user)
    fighter0 = f >= m
    f, m = class_values(V, R, 1, fighter0, magic_user)
    fighter1 = f >= m
    a = int(start_cfg(R, fighter0)) * R[R_ND]
    b = int(start_cfg(R, fighter1)) * R[R_ND]
    return 0.5 * float(V[0, a, b]) + 0.5 * float(V[0, b, a])


# -- the solution the rest of brawl reads (bots, hints, the batch kernel, the CLI) ------------------

COVERS = ("the KtOG solver covers the two-player duel with the Cure cap (initiative once or every_round, either "
          "initiative die, any to_hit, stand_at_zero, fumble_flying, cure_touch_roll, classes, hp 1 to 25)")
QUICK_HP = 8  # a duel up to this many hit points solves in well under a minute


def quick(options: dict) -> bool:
    """Whether a solve takes seconds, not minutes."""
    return int(options["hp"]) <= QUICK_HP


class KtogSolution:
    """The KtOG duel solved: turn-start values V and mid-Haste values W, laid out by ``R``."""

    game_name = "ktog"

    def __init__(self, options: dict, V: np.ndarray, W: np.ndarray, seconds: float, cached: bool,
                 first_mover_win: float, sweeps: int = 0) -> None:
        self.options = dict(options)
        self.V, self.W = V, W
        self.R = rules_layout(self.options)
        self.seconds = seconds
        self.cached = cached
        self.hp = int(options["hp"])
        self.every = options["initiative"] == "every_round"
        self.first_mover_win = first_mover_win
        self.sweeps = sweeps

    @property
    def states(self) -> int:
        return int(self.V.size)

    def action_values(self, state, seat: int) -> dict[str, float]:
        if len(state.hp) != 2 or state.phase not in ("class", "turn", "action", "dodge?", "mighty?"):
            return {}
        return action_values(self.V, self.W, self.R, state, seat)

    def best_action(self, state, seat: int) -> str:
        from ...core.game import BrawlError

        values = self.action_values(state, seat)
        if not values:
            raise BrawlError(f"no solved decision for {state.phase!r}")
        return max(values, key=lambda a: values[a])  # ties: the first in the engine's order

    def to_json(self) -> dict:
        from ...solve.cache import SOLVER_VERSION

        return {"game": "ktog", "options": self.options, "first_mover_win": self.first_mover_win,
                "states": self.states, "mid_turn_states": int(self.W.size),
                "memory_bytes": int(self.V.nbytes + self.W.nbytes), "seconds": round(self.seconds, 3),
                "cached": self.cached, "solver_version": SOLVER_VERSION}


#: the version of the saved tables, part of their file's name (:func:`brawl.solve.cache_path`): 2 keeps
#: V and W in float64, read back bit for bit; a version-1 file (float32, off by up to 3e-8) is no
#: longer read, so its duel is solved again (once) and saved in float64
TABLES_VERSION = 2


def solve_progress(R, progress):
    """``progress(done, total)`` in the solver's own count of work: the pairs of configs solved of
    all pairs (the blocks of one rank are solved together, so it moves block by block)."""
    if progress is None:
        return None
    firsts, _ = blocks_by_rank(R)
    done = np.cumsum([len(f) for f in firsts])
    total = int(done[-1])
    progress(0, total)
    return lambda k, n: progress(int(done[k - 1]), total)


def solve(options: dict, path=None, progress=None) -> KtogSolution:
    """The solution for ``options`` (covered by this solver): read from ``path`` when saved there,
    else solved (minutes at 20 hit points; ``progress(done, total)`` meanwhile, see
    :func:`solve_progress`) and saved there in float64: read back, it is the solution as solved."""
    import time

    from ...solve.cache import load_tables, save_tables

    tables = load_tables(path, ("V", "W", "seconds", "first_mover_win", "sweeps")) if path is not None else None
    if tables is not None and tables["V"].dtype == np.float64 and tables["W"].dtype == np.float64:
        return KtogSolution(options, tables["V"], tables["W"], float(tables["seconds"]), True,
                            float(tables["first_mover_win"]), int(tables["sweeps"]))
    t0 = time.perf_counter()
    R = rules_layout(options)
    V, W, sweeps = solve_tables(R, solve_progress(R, progress))
    seconds = time.perf_counter() - t0
    fm = first_mover_value(V, R, bool(options.get("classes", False)))
    if path is not None:
        save_tables(path, {"V": V, "W": W, "seconds": np.float64(seconds),
                           "first_mover_win": np.float64(fm), "sweeps": np.int64(sweeps)}, compressed=False)
    return KtogSolution(options, V, W, seconds, False, fm, sweeps)
