"""Exact solution of the KtOG duel (two players, spells and disarming, default options otherwise).

State space.  A player is a *config* (hit points 1..H, Haste 0..2, Cure, Bless, Mighty Blow,
Dodge: ``48 H`` configs) and a scramble count 0..2.  A turn starts at one of five *positions*: the
round leader's turn (nobody has cast yet), or the second player's turn with the two "cast a spell
this round" flags (the second player may have cast Dodge during the leader's turn, the leader may
have cast on his own).  ``V[pos, mover, other]`` is the mover's win probability at the start of
his turn, optimal play on both sides; ``W[posW, mover config, other]`` the mover's value in the
middle of a Haste turn with one attack or disarm attempt left (``posW``: leader or second, and
whether the other has cast this round).  At hit points 20 that is 5 x 2880 x 2880 values (332 MB
in float64) plus W (4 x 960 x 2880, 88 MB); at 25 hit points 518 MB plus 138 MB.  Saved solutions
keep float32 (210 MB at 20 hit points).

Order.  Spells are never regained and hit points only go up through Cure, which spends the Cure,
so the rank ``hp + 11 Cure + 12 (Haste + Bless + Mighty Blow + Dodge)`` of a config strictly drops
whenever it changes.  A *block* is an unordered pair of configs; every transition either stays
in the block (a miss, a disarm attempt, a scramble, a dropped weapon, a bare-handed blow for 0)
or moves to a block of smaller total rank, already solved.  Blocks of one total rank are solved
in parallel.  Inside a block each action's value is a constant (everything that leaves the block)
plus a linear term in the block's own values, built once; the block is then iterated to
convergence (Gauss-Seidel).  Bare-handed blows mix both inside the Dodge and Mighty Blow
decisions and are re-decided on every sweep.  The rules follow ``shared/RULINGS.md`` (KtOG) as
``brawl.games.ktog.rules`` implements them, with every number from
``brawl.games.ktog.mechanics``, for two players with any ``to_hit``, the d6 or d10 initiative
(ties re-roll: each player leads with chance 1/2), no standing at 0, no flying weapon,
no touch roll, no classes, and the Cure cap.

``brute=True`` evaluates the fixed brute-against-brute policy instead of optimising: the check
against an independent dynamic program of that policy.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from . import mechanics as M

TOL = 1e-13
_hit_threshold = njit(cache=True)(M.hit_threshold)
_attack_faces = njit(cache=True)(M.attack_faces)
_disarm_faces = njit(cache=True)(M.disarm_faces)
_disarm_target = njit(cache=True)(M.disarm_target)
_damage = njit(cache=True)(M.damage)
_cured = njit(cache=True)(M.cured)
_scramble_left = njit(cache=True)(M.scramble_left)
_may_haste_scramble = njit(cache=True)(M.may_haste_scramble)
# the critical miss, with no flying weapon (the options this solver covers)
P_SELF = sum(M.fumble_self_hit(f) for f in range(1, M.D20 + 1)) / M.D20
P_NOT_SELF = (M.D20 - sum(M.fumble_self_hit(f) for f in range(1, M.D20 + 1))) / M.D20
P_DROP = sum(M.fumble_drop_turns(f, False) > 0 for f in range(1, M.D20 + 1)) / M.D20
P_KEEP = (M.D20 - sum(M.fumble_drop_turns(f, False) > 0 for f in range(1, M.D20 + 1))) / M.D20
ORDINARY_FACES = M.D20 - 2  # the faces between the natural 1 and the natural 20
# The table layout below (Haste 0..2 in a config, scramble counts 0..2) is built for these numbers:
# a change to them in the mechanics must change the layout too, so it stops here rather than
# solving something else.
assert M.HASTE_SPELLS == 2 and M.SCRAMBLE_TURNS == 2, "the KtOG solver's table layout needs updating"
NPOS = 5
NW = 4
# turn actions (index in the Q vector)
A_ATTACK, A_DISARM, A_CURE_SELF, A_CURE_OTHER, A_HASTE, A_BLESS, A_SCRAMBLE, A_FIGHT = range(8)
NA = 8
ACTION_NAMES = ("attack", "disarm", "cure_self", "cure_other", "haste", "bless", "scramble", "fight")


# -- encoding --------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def cfg_of(h, ha, cu, bl, mi, do):
    return (h - 1) * 48 + ha * 16 + cu * 8 + bl * 4 + mi * 2 + do


@njit(cache=True, inline="always")
def hp_of(c):
    return c // 48 + 1


@njit(cache=True, inline="always")
def haste_of(c):
    return (c % 48) // 16


@njit(cache=True, inline="always")
def bit(c, k):  # k: 3 cure, 2 bless, 1 mighty, 0 dodge
    return ((c % 16) >> k) & 1


@njit(cache=True, inline="always")
def with_hp(c, h):
    return (h - 1) * 48 + c % 48


@njit(cache=True, inline="always")
def rank(c):
    r = c % 48
    return hp_of(c) + 11 * ((r >> 3) & 1) + 12 * (r // 16 + ((r >> 2) & 1) + ((r >> 1) & 1) + (r & 1))


@njit(cache=True, inline="always")
def spend(c, k):
    """The config with spell bit ``k`` spent (k: 3 cure, 2 bless, 1 mighty, 0 dodge)."""
    return c - (1 << k)


@njit(cache=True, inline="always")
def spend_haste(c):
    return c - 16


# -- values ----------------------------------------------------------------------------------------

@njit(cache=True)
def end_value(V, every, posM, castM, castO, cM, dM, cO, dO):
    """The mover's value when his turn ends with these configs, counts and cast flags."""
    m = cM * 3 + dM
    o = cO * 3 + dO
    if posM == 0:
        return 1.0 - V[1 + 2 * castO + castM, o, m]
    if every:
        return 0.5 * (1.0 - V[0, o, m]) + 0.5 * V[0, m, o]
    return 1.0 - V[0, o, m]


@njit(cache=True)
def after_swing(V, W, every, posM, castM, castO, cM, dM, cO, dO, cont):
    """After one swing of a living mover against a living opponent: the next Haste swing (W, when
    ``cont`` and the mover is armed) or the end of the turn."""
    if cont and dM == 0:
        return W[(2 if posM else 0) + castO, cM, cO * 3 + dO]
    return end_value(V, every, posM, castM, castO, cM, dM, cO, dO)


@njit(cache=True)
def hurt_other(V, W, every, posM, castM, castO, cM, dM, cO, dO, dmg, cont):
    if dmg <= 0:
        return after_swing(V, W, every, posM, castM, castO, cM, dM, cO, dO, cont)
    h = hp_of(cO) - dmg
    if h <= 0:
        return 1.0
    return after_swing(V, W, every, posM, castM, castO, cM, dM, with_hp(cO, h), dO, cont)


@njit(cache=True)
def damage_value(V, W, every, posM, castM, castO, cM, dM, cO, dO, crit, bare, mighty, cont):
    """Expected value over the damage roll of a hit that was not dodged."""
    total = 0.0
    if crit:
        for a in range(1, M.DAMAGE_SIDES + 1):
            for b in range(1, M.DAMAGE_SIDES + 1):
                d = _damage(a + b, bare, mighty)
                total += hurt_other(V, W, every, posM, castM, castO, cM, dM, cO, dO, d, cont) / (M.DAMAGE_SIDES ** 2)
    else:
        for a in range(1, M.DAMAGE_SIDES + 1):
            d = _damage(a, bare, mighty)
            total += hurt_other(V, W, every, posM, castM, castO, cM, dM, cO, dO, d, cont) / M.DAMAGE_SIDES
    return total


@njit(cache=True)
def hit_value(V, W, every, brute, posM, castM, castO, cM, dM, cO, dO, crit, bare, cont):
    """A hit before any damage die: the other may Dodge, then the mover may cast Mighty Blow."""
    none = damage_value(V, W, every, posM, castM, castO, cM, dM, cO, dO, crit, bare, False, cont)
    inner = none
    if not brute and castM == 0 and bit(cM, 1) == 1:
        mighty = damage_value(V, W, every, posM, 1, castO, spend(cM, 1), dM, cO, dO, crit, bare, True, cont)
        inner = max(none, mighty)
    if not brute and castO == 0 and bit(cO, 0) == 1:
        dodge = after_swing(V, W, every, posM, castM, 1, cM, dM, spend(cO, 0), dO, cont)
        inner = min(inner, dodge)
    return inner


@njit(cache=True)
def fumble_value(V, W, every, posM, castM, castO, cM, dM, cO, dO, cont):
    """A natural 1: a d20 may make him hit himself for d6; otherwise (armed) another may make him
    drop the weapon (mechanics.fumble_self_hit and fumble_drop_turns)."""
    total = 0.0
    for a in range(1, M.DAMAGE_SIDES + 1):
        h = hp_of(cM) - a
        if h > 0:
            total += P_SELF / M.DAMAGE_SIDES * after_swing(V, W, every, posM, castM, castO, with_hp(cM, h), dM, cO, dO, cont)
    if dM:
        total += P_NOT_SELF * after_swing(V, W, every, posM, castM, castO, cM, dM, cO, dO, cont)
    else:
        total += P_NOT_SELF * P_DROP * after_swing(V, W, every, posM, castM, castO, cM, M.SCRAMBLE_TURNS, cO, dO, cont)
        total += P_NOT_SELF * P_KEEP * after_swing(V, W, every, posM, castM, castO, cM, 0, cO, dO, cont)
    return total


@njit(cache=True)
def hit_faces(dM, dO, blessed, to_hit):
    """Faces 2..19 of the d20 that hit (the natural 20 is counted apart)."""
    return _attack_faces(_hit_threshold(to_hit, blessed, dO > 0, dM > 0, False)) - 1


@njit(cache=True)
def swing_value(V, W, every, brute, posM, castM, castO, cM, dM, cO, dO, kind, blessed, cont, to_hit):
    """The mover's value of one attack (kind 0), disarm attempt (1) or bare-handed blow (2)."""
    v = fumble_value(V, W, every, posM, castM, castO, cM, dM, cO, dO, cont) / M.D20
    if kind == 1:
        ok = _disarm_faces(_disarm_target(blessed))
        v += ok / M.D20 * after_swing(V, W, every, posM, castM, castO, cM, dM, cO, M.SCRAMBLE_TURNS, cont)
        v += (M.D20 - 1 - ok) / M.D20 * after_swing(V, W, every, posM, castM, castO, cM, dM, cO, dO, cont)
        return v
    bare = kind == 2
    k = hit_faces(dM, dO, blessed, to_hit)
    v += (ORDINARY_FACES - k) / M.D20 * after_swing(V, W, every, posM, castM, castO, cM, dM, cO, dO, cont)
    if k:
        v += k / M.D20 * hit_value(V, W, every, brute, posM, castM, castO, cM, dM, cO, dO, False, bare, cont)
    v += hit_value(V, W, every, brute, posM, castM, castO, cM, dM, cO, dO, True, bare, cont) / M.D20
    return v


@njit(cache=True)
def cure_value(V, every, posM, castO, cM, dM, cO, dO, H, on_self):
    c = spend(cM, 3)
    total = 0.0
    for heal in range(M.CURE_MIN, M.CURE_SIDES + 1):
        if on_self:
            total += end_value(V, every, posM, 1, castO, with_hp(c, _cured(hp_of(c), heal, H, True)), dM, cO, dO) / M.CURE_FACES
        else:
            total += end_value(V, every, posM, 1, castO, c, dM, with_hp(cO, _cured(hp_of(cO), heal, H, True)), dO) / M.CURE_FACES
    return total


@njit(cache=True)
def turn_values(V, W, every, brute, H, pos, cM, dM, cO, dO, q, to_hit):
    """Fill ``q`` (NaN: not legal) with the value of each turn action, reading V and W as they are."""
    for a in range(NA):
        q[a] = np.nan
    castM = 0 if pos == 0 else (pos - 1) // 2
    castO = 0 if pos == 0 else (pos - 1) % 2
    spells = castM == 0 and not brute
    if dM == 0:
        q[A_ATTACK] = swing_value(V, W, every, brute, pos, castM, castO, cM, 0, cO, dO, 0, False, False, to_hit)
        if dO == 0 and not brute:
            q[A_DISARM] = swing_value(V, W, every, brute, pos, castM, castO, cM, 0, cO, dO, 1, False, False, to_hit)
        if spells and haste_of(cM) > 0:
            c = spend_haste(cM)
            best = swing_value(V, W, every, brute, pos, 1, castO, c, 0, cO, dO, 0, False, True, to_hit)
            if dO == 0:
                best = max(best, swing_value(V, W, every, brute, pos, 1, castO, c, 0, cO, dO, 1, False, True, to_hit))
            q[A_HASTE] = best
        if spells and bit(cM, 2) == 1:
            c = spend(cM, 2)
            best = swing_value(V, W, every, brute, pos, 1, castO, c, 0, cO, dO, 0, True, False, to_hit)
            if dO == 0:
                best = max(best, swing_value(V, W, every, brute, pos, 1, castO, c, 0, cO, dO, 1, True, False, to_hit))
            q[A_BLESS] = best
    else:
        q[A_SCRAMBLE] = end_value(V, every, pos, castM, castO, cM, _scramble_left(dM, 1), cO, dO)
        if not brute:
            q[A_FIGHT] = swing_value(V, W, every, brute, pos, castM, castO, cM, dM, cO, dO, 2, False, False, to_hit)
            if spells and haste_of(cM) > 0 and _may_haste_scramble(dM):
                q[A_HASTE] = end_value(V, every, pos, 1, castO, spend_haste(cM), _scramble_left(dM, M.HASTE_SWINGS), cO, dO)
    if spells and bit(cM, 3) == 1:
        q[A_CURE_SELF] = cure_value(V, every, pos, castO, cM, dM, cO, dO, H, True)
        q[A_CURE_OTHER] = cure_value(V, every, pos, castO, cM, dM, cO, dO, H, False)


@njit(cache=True)
def _best(q):
    b = -1.0
    for a in range(NA):
        if not np.isnan(q[a]) and q[a] > b:
            b = q[a]
    return b


@njit(cache=True)
def _solve_block(V, W, every, brute, H, c1, c2, tol, to_hit):
    """Iterate the block {c1, c2} to convergence, then fill W for its configs.  Returns sweeps."""
    q = np.empty(NA)
    orients = 2 if c1 != c2 else 1
    sweeps = 0
    while True:
        sweeps += 1
        delta = 0.0
        for o in range(orients):
            cM = c1 if o == 0 else c2
            cO = c2 if o == 0 else c1
            for dM in range(3):
                for dO in range(3):
                    for pos in range(NPOS):
                        turn_values(V, W, every, brute, H, pos, cM, dM, cO, dO, q, to_hit)
                        v = _best(q)
                        m = cM * 3 + dM
                        d = abs(v - V[pos, m, cO * 3 + dO])
                        if d > delta:
                            delta = d
                        V[pos, m, cO * 3 + dO] = v
        if delta <= tol or sweeps > 100000:
            break
    # the middle of a Haste turn: one swing left, the mover armed and cast
    for o in range(orients):
        cM = c1 if o == 0 else c2
        cO = c2 if o == 0 else c1
        for dO in range(3):
            for pw in range(NW):
                posM = 0 if pw < 2 else 1
                castO = pw % 2
                best = swing_value(V, W, every, brute, posM, 1, castO, cM, 0, cO, dO, 0, False, False, to_hit)
                if dO == 0:
                    best = max(best, swing_value(V, W, every, brute, posM, 1, castO, cM, 0, cO, dO, 1, False, False, to_hit))
                W[pw, cM, cO * 3 + dO] = best
    return sweeps


@njit(cache=True, parallel=True)
def _solve_group(V, W, every, brute, H, firsts, seconds, tol, to_hit):
    n = firsts.shape[0]
    sweeps = np.zeros(n, np.int64)
    for i in prange(n):
        sweeps[i] = _solve_block(V, W, every, brute, H, firsts[i], seconds[i], tol, to_hit)
    return sweeps.sum()


def blocks_by_rank(H: int):
    """Unordered pairs of configs grouped by total rank, lowest first."""
    C = 48 * H
    ranks = np.array([rank(c) for c in range(C)])
    a, b = np.triu_indices(C)
    total = ranks[a] + ranks[b]
    order = np.argsort(total, kind="stable")
    a, b, total = a[order], b[order], total[order]
    cuts = np.flatnonzero(np.diff(total)) + 1
    return np.split(a, cuts), np.split(b, cuts)


def solve_ktog_duel(H: int, every_round: bool, brute: bool = False, progress=None, to_hit: int = M.TO_HIT):
    """Solve; returns (V, W, total sweeps)."""
    C = 48 * H
    V = np.zeros((NPOS, 3 * C, 3 * C))
    W = np.zeros((NW, C, 3 * C))
    firsts, seconds = blocks_by_rank(H)
    sweeps = 0
    for k, (fa, fb) in enumerate(zip(firsts, seconds)):
        sweeps += int(_solve_group(V, W, every_round, brute, H, fa.astype(np.int64), fb.astype(np.int64), TOL, to_hit))
        if progress:
            progress(k + 1, len(firsts))
    return V, W, sweeps


def start_index(H: int) -> tuple[int, int, int]:
    full = cfg_of(H, 2, 1, 1, 1, 1)
    return 0, full * 3, full * 3


# -- reading a solution at an engine state ---------------------------------------------------------

SUPPORTED = {"players": 2, "stand_at_zero": False, "fumble_flying": False,
             "cure_touch_roll": False, "classes": False, "cure_cap": True}


def unsupported(options: dict) -> list[str]:
    """The options this solver does not cover (it covers the default duel, both initiatives, any
    ``to_hit``)."""
    bad = [f"{k}={options.get(k)!r}" for k, v in SUPPORTED.items() if options.get(k) != v]
    if not 1 <= int(options.get("hp", 0)) <= 25:
        bad.append(f"hp={options.get('hp')!r} (1 to 25)")
    return bad


def _player(state, s: int) -> int:
    return cfg_of(state.hp[s], state.haste[s], int(state.cure[s]), int(state.bless[s]), int(state.mighty[s]),
                  int(state.dodge[s]))


def action_values(V, W, every: bool, H: int, state, seat: int, to_hit: int = M.TO_HIT) -> dict[str, float]:
    """Each legal decision of ``seat`` (engine names) with ``seat``'s win probability."""
    m = state.to_act
    o = 1 - m
    cM, cO = _player(state, m), _player(state, o)
    dM, dO = state.disarmed[m], state.disarmed[o]
    posM = 0 if m == state.leader else 1
    castM, castO = int(state.cast[m]), int(state.cast[o])
    name_o = str(o + 1)
    p = state.phase
    out: dict[str, float] = {}
    if p == "turn" and seat == m:
        pos = 0 if posM == 0 else 1 + 2 * castM + castO
        q = np.empty(NA)
        turn_values(V, W, every, False, H, pos, cM, dM, cO, dO, q, to_hit)
        names = {A_ATTACK: f"attack:{name_o}", A_DISARM: f"disarm:{name_o}", A_CURE_SELF: f"cure:{m + 1}",
                 A_CURE_OTHER: f"cure:{name_o}", A_HASTE: "haste", A_BLESS: "bless", A_SCRAMBLE: "scramble",
                 A_FIGHT: f"fight:{name_o}"}
        for a, name in names.items():
            if not np.isnan(q[a]):
                out[name] = float(q[a])
        return out
    if p == "action" and seat == m:
        cont = state.swings > 1
        out[f"attack:{name_o}"] = float(swing_value(V, W, every, False, posM, castM, castO, cM, dM, cO, dO, 0, state.blessed, cont, to_hit))
        if dO == 0:
            out[f"disarm:{name_o}"] = float(swing_value(V, W, every, False, posM, castM, castO, cM, dM, cO, dO, 1, state.blessed, cont, to_hit))
        return out
    cont = state.swings > 1
    bare = state.action == "fight"
    if p == "mighty?" and seat == m:
        out["mighty_blow"] = float(damage_value(V, W, every, posM, 1, castO, spend(cM, 1), dM, cO, dO, state.critical, bare, True, cont))
        out["none"] = float(damage_value(V, W, every, posM, castM, castO, cM, dM, cO, dO, state.critical, bare, False, cont))
        return out
    if p == "dodge?" and seat == o:
        dodge = after_swing(V, W, every, posM, castM, 1, cM, dM, spend(cO, 0), dO, cont)
        none = damage_value(V, W, every, posM, castM, castO, cM, dM, cO, dO, state.critical, bare, False, cont)
        if castM == 0 and bit(cM, 1) == 1:
            none = max(none, damage_value(V, W, every, posM, 1, castO, spend(cM, 1), dM, cO, dO, state.critical, bare, True, cont))
        return {"dodge": 1.0 - float(dodge), "none": 1.0 - float(none)}
    return out


# -- the solution the rest of brawl reads (bots, hints, the batch kernel, the CLI) ------------------

COVERS = ("the KtOG solver covers the two-player duel with default options (initiative once or every_round, "
          "either initiative die, any to_hit, hp 1 to 25)")
QUICK_HP = 8  # a duel up to this many hit points solves in well under a minute


def quick(options: dict) -> bool:
    """Whether a solve takes seconds, not minutes."""
    return int(options["hp"]) <= QUICK_HP


class KtogSolution:
    """The KtOG duel solved: turn-start values V and mid-Haste values W."""

    game_name = "ktog"

    def __init__(self, options: dict, V: np.ndarray, W: np.ndarray, seconds: float, cached: bool,
                 first_mover_win: float, sweeps: int = 0) -> None:
        self.options = dict(options)
        self.V, self.W = V, W
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
        if len(state.hp) != 2 or state.phase not in ("turn", "action", "dodge?", "mighty?"):
            return {}
        return action_values(self.V, self.W, self.every, self.hp, state, seat, int(self.options["to_hit"]))

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


def solve(options: dict, path=None) -> KtogSolution:
    """The solution for ``options`` (covered by this solver): read from ``path`` when saved there,
    else solved (minutes at 20 hit points) and saved there in float32."""
    import time

    from ...solve.cache import load_tables, save_tables

    tables = load_tables(path, ("V", "W", "seconds", "first_mover_win", "sweeps")) if path is not None else None
    if tables is not None:
        return KtogSolution(options, tables["V"].astype(np.float64), tables["W"].astype(np.float64),
                            float(tables["seconds"]), True, float(tables["first_mover_win"]), int(tables["sweeps"]))
    t0 = time.perf_counter()
    V, W, sweeps = solve_ktog_duel(options["hp"], options["initiative"] == "every_round", to_hit=int(options["to_hit"]))
    seconds = time.perf_counter() - t0
    fm = float(V[start_index(options["hp"])])
    if path is not None:
        save_tables(path, {"V": V.astype(np.float32), "W": W.astype(np.float32), "seconds": np.float64(seconds),
                           "first_mover_win": np.float64(fm), "sweeps": np.int64(sweeps)}, compressed=False)
    return KtogSolution(options, V, W, seconds, False, fm, sweeps)
