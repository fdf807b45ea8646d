"""The compiled value tables of the KtOG duel: the layout of a position and the value of every
decision, read by the solver (:mod:`.solver`), the ``optimal`` bot, hints and the batch kernel.

Layout.  A player is a *config*: a magic-user's (or, without ``classes``, everyone's) hit points,
Haste 0..2, Cure, Bless, Mighty Blow and Dodge (48 configs per hit point), or with ``classes`` a
fighter's hit points alone (a fighter has no spells); and a scramble count 0..2 (0..3 with
``fumble_flying``: the weapon that flies is gone for 3 turns).  Hit points run from 1, or from 0
with ``stand_at_zero`` (a player who stayed standing at 0 is still in).  A turn starts at one of
five *positions*: the round leader's turn (nobody has cast yet), or the second player's turn with
the two "cast a spell this round" flags (the second player may have cast Dodge during the leader's
turn, the leader may have cast on his own).  ``V[pos, mover, other]`` is the mover's win
probability at the start of his turn, optimal play on both sides; ``W[posW, mover config,
other]`` the mover's value in the middle of a Haste turn with one attack or disarm attempt left
(``posW``: leader or second, and whether the other has cast this round).  At hit points 20 with
default options that is 5 x 2880 x 2880 values (332 MB in float64) plus W (4 x 960 x 2880, 88 MB).

Order.  Spells are never regained and hit points only go up through Cure, which spends the Cure,
so the rank ``hp + 11 Cure + 12 (Haste + Bless + Mighty Blow + Dodge)`` of a config never rises,
and strictly drops whenever the config changes (a Cure on the other heals at most 10, for the 11
its caster spends).  A *block* is an unordered pair of configs; every transition either stays in
the block (a miss, a disarm attempt, a scramble, a dropped weapon, a bare-handed blow for 0, a
blow on a player at 0 who stays standing) or moves to a block of smaller total rank, already
solved.  Blocks of one total rank are solved in parallel.  Inside a block the values are iterated
to convergence (Gauss-Seidel); the Dodge and Mighty Blow decisions are re-decided on every sweep.

The options of one solve travel as one tuple of ints, ``R`` (:func:`layout`; ``R_*`` name its
fields).  Every number and formula comes from :mod:`brawl.games.ktog.mechanics`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from ...sim.kernel import PARALLEL
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
_knocked_out = njit(cache=True)(M.knocked_out)
_touch_succeeds = njit(cache=True)(M.touch_succeeds)

_FACES = range(1, M.D20 + 1)
#: a critical miss: the chance of hitting himself, and of each scramble count from the drop roll
#: (``DROP[flying, turns]``), from mechanics.fumble_self_hit and fumble_drop_turns
P_SELF = sum(M.fumble_self_hit(f) for f in _FACES) / M.D20
P_NOT_SELF = 1.0 - P_SELF
DROP = np.zeros((2, M.FLYING_TURNS + 1))
for _flying in (0, 1):
    for _f in _FACES:
        DROP[_flying, M.fumble_drop_turns(_f, bool(_flying))] += 1.0 / M.D20
#: ``stand_at_zero``: the chance the d100 keeps a player in at 0 (mechanics.stands_at_zero)
P_STAND = sum(M.stands_at_zero(f) for f in range(1, M.PERCENTILE + 1)) / M.PERCENTILE
ORDINARY_FACES = M.D20 - 2  # the faces between the natural 1 and the natural 20
# The layout (Haste 0..2 in a config, scramble counts up to 2 or 3) is built for these numbers: a
# change to them in the mechanics must change the layout too, so it stops here rather than solving
# something else.
assert M.HASTE_SPELLS == 2 and M.SCRAMBLE_TURNS == 2 and M.FLYING_TURNS == 3, "the KtOG duel layout needs updating"
SPELL_CONFIGS = 48
NPOS = 5
NW = 4
# turn actions (index in the Q vector)
A_ATTACK, A_DISARM, A_CURE_SELF, A_CURE_OTHER, A_HASTE, A_BLESS, A_SCRAMBLE, A_FIGHT = range(8)
NA = 8
ACTION_NAMES = ("attack", "disarm", "cure_self", "cure_other", "haste", "bless", "scramble", "fight")

# fields of the options tuple R
(R_EVERY, R_BRUTE, R_TO_HIT, R_H, R_LO, R_ND, R_F0, R_C, R_STAND, R_FLYING, R_TOUCH) = range(11)


def layout(H: int, every_round: bool = False, brute: bool = False, to_hit: int = M.TO_HIT, stand: bool = False,
           flying: bool = False, touch: bool = False, classes: bool = False) -> tuple:
    """The options tuple ``R`` of a duel at ``H`` hit points."""
    lo = 0 if stand else 1
    f0 = SPELL_CONFIGS * (H + 1 - lo)  # the first fighter config
    c = f0 + (H + M.FIGHTER_HP + 1 - lo if classes else 0)
    nd = (M.FLYING_TURNS if flying else M.SCRAMBLE_TURNS) + 1
    return (int(every_round), int(brute), int(to_hit), int(H), lo, nd, f0, c, int(stand), int(flying), int(touch))


# -- encoding --------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def cfg_of(R, h, ha, cu, bl, mi, do, fighter):
    if fighter:
        return R[R_F0] + h - R[R_LO]
    return (h - R[R_LO]) * SPELL_CONFIGS + ha * 16 + cu * 8 + bl * 4 + mi * 2 + do


@njit(cache=True, inline="always")
def is_fighter(R, c):
    return c >= R[R_F0]


@njit(cache=True, inline="always")
def hp_of(R, c):
    if c >= R[R_F0]:
        return c - R[R_F0] + R[R_LO]
    return c // SPELL_CONFIGS + R[R_LO]


@njit(cache=True, inline="always")
def max_hp(R, c):
    """The starting hit points, the Cure cap: a fighter's are higher (rule 3, ``classes``)."""
    return R[R_H] + M.FIGHTER_HP if c >= R[R_F0] else R[R_H]


@njit(cache=True, inline="always")
def haste_of(R, c):
    return 0 if c >= R[R_F0] else (c % SPELL_CONFIGS) // 16


@njit(cache=True, inline="always")
def bit(R, c, k):  # k: 3 cure, 2 bless, 1 mighty, 0 dodge
    return 0 if c >= R[R_F0] else ((c % 16) >> k) & 1


@njit(cache=True, inline="always")
def with_hp(R, c, h):
    if c >= R[R_F0]:
        return R[R_F0] + h - R[R_LO]
    return (h - R[R_LO]) * SPELL_CONFIGS + c % SPELL_CONFIGS


@njit(cache=True, inline="always")
def rank(R, c):
    if c >= R[R_F0]:
        return hp_of(R, c)
    r = c % SPELL_CONFIGS
    return hp_of(R, c) + 11 * ((r >> 3) & 1) + 12 * (r // 16 + ((r >> 2) & 1) + ((r >> 1) & 1) + (r & 1))


@njit(cache=True, inline="always")
def spend(c, k):
    """The config with spell bit ``k`` spent (k: 3 cure, 2 bless, 1 mighty, 0 dodge)."""
    return c - (1 << k)


@njit(cache=True, inline="always")
def spend_haste(c):
    return c - 16


# -- values ----------------------------------------------------------------------------------------

@njit(cache=True)
def end_value(V, R, posM, castM, castO, cM, dM, cO, dO):
    """The mover's value when his turn ends with these configs, counts and cast flags."""
    m = cM * R[R_ND] + dM
    o = cO * R[R_ND] + dO
    if posM == 0:
        return 1.0 - V[1 + 2 * castO + castM, o, m]
    if R[R_EVERY]:
        return 0.5 * (1.0 - V[0, o, m]) + 0.5 * V[0, m, o]
    return 1.0 - V[0, o, m]


@njit(cache=True)
def after_swing(V, W, R, posM, castM, castO, cM, dM, cO, dO, cont):
    """After one swing of a living mover against a living opponent: the next Haste swing (W, when
    ``cont`` and the mover is armed) or the end of the turn."""
    if cont and dM == 0:
        return W[(2 if posM else 0) + castO, cM, cO * R[R_ND] + dO]
    return end_value(V, R, posM, castM, castO, cM, dM, cO, dO)


@njit(cache=True)
def hurt_other(V, W, R, posM, castM, castO, cM, dM, cO, dO, dmg, cont):
    """Damage to the other: at 0 he is out, unless ``stand_at_zero`` and the d100 keeps him in."""
    if dmg <= 0:
        return after_swing(V, W, R, posM, castM, castO, cM, dM, cO, dO, cont)
    h = hp_of(R, cO) - dmg
    if not _knocked_out(h):
        return after_swing(V, W, R, posM, castM, castO, cM, dM, with_hp(R, cO, h), dO, cont)
    if R[R_STAND]:
        return (1.0 - P_STAND) + P_STAND * after_swing(V, W, R, posM, castM, castO, cM, dM, with_hp(R, cO, 0), dO, cont)
    return 1.0


@njit(cache=True)
def damage_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, crit, bare, mighty, cont):
    """Expected value over the damage roll of a hit that was not dodged."""
    total = 0.0
    if crit:
        for a in range(1, M.DAMAGE_SIDES + 1):
            for b in range(1, M.DAMAGE_SIDES + 1):
                d = _damage(a + b, bare, mighty)
                total += hurt_other(V, W, R, posM, castM, castO, cM, dM, cO, dO, d, cont) / (M.DAMAGE_SIDES ** 2)
    else:
        for a in range(1, M.DAMAGE_SIDES + 1):
            d = _damage(a, bare, mighty)
            total += hurt_other(V, W, R, posM, castM, castO, cM, dM, cO, dO, d, cont) / M.DAMAGE_SIDES
    return total


@njit(cache=True)
def hit_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, crit, bare, cont):
    """A hit before any damage die: the other may Dodge, then the mover may cast Mighty Blow."""
    none = damage_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, crit, bare, False, cont)
    inner = none
    brute = R[R_BRUTE]
    if not brute and castM == 0 and bit(R, cM, 1) == 1:
        mighty = damage_value(V, W, R, posM, 1, castO, spend(cM, 1), dM, cO, dO, crit, bare, True, cont)
        inner = max(none, mighty)
    if not brute and castO == 0 and bit(R, cO, 0) == 1:
        dodge = after_swing(V, W, R, posM, castM, 1, cM, dM, spend(cO, 0), dO, cont)
        inner = min(inner, dodge)
    return inner


@njit(cache=True)
def fumble_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, cont):
    """A natural 1: a d20 may make him hit himself for d6 (at 0 he is out, unless he stays
    standing); otherwise (armed) another may make him drop the weapon, for 2 turns, or for 3 when
    it flies (mechanics.fumble_self_hit and fumble_drop_turns)."""
    total = 0.0
    for a in range(1, M.DAMAGE_SIDES + 1):
        h = hp_of(R, cM) - a
        if not _knocked_out(h):
            total += P_SELF / M.DAMAGE_SIDES * after_swing(V, W, R, posM, castM, castO, with_hp(R, cM, h), dM, cO, dO, cont)
        elif R[R_STAND]:
            total += P_SELF / M.DAMAGE_SIDES * P_STAND * after_swing(V, W, R, posM, castM, castO, with_hp(R, cM, 0), dM,
                                                                     cO, dO, cont)
    if dM:
        total += P_NOT_SELF * after_swing(V, W, R, posM, castM, castO, cM, dM, cO, dO, cont)
    else:
        for turns in range(R[R_ND]):
            p = DROP[R[R_FLYING], turns]
            if p > 0.0:
                total += P_NOT_SELF * p * after_swing(V, W, R, posM, castM, castO, cM, turns, cO, dO, cont)
    return total


@njit(cache=True)
def hit_faces(R, cM, dM, dO, blessed):
    """Faces 2..19 of the d20 that hit (the natural 20 is counted apart)."""
    return _attack_faces(_hit_threshold(R[R_TO_HIT], blessed, dO > 0, dM > 0, is_fighter(R, cM))) - 1


@njit(cache=True)
def swing_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, kind, blessed, cont):
    """The mover's value of one attack (kind 0), disarm attempt (1) or bare-handed blow (2)."""
    v = fumble_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, cont) / M.D20
    if kind == 1:
        ok = _disarm_faces(_disarm_target(blessed))
        v += ok / M.D20 * after_swing(V, W, R, posM, castM, castO, cM, dM, cO, M.SCRAMBLE_TURNS, cont)
        v += (M.D20 - 1 - ok) / M.D20 * after_swing(V, W, R, posM, castM, castO, cM, dM, cO, dO, cont)
        return v
    bare = kind == 2
    k = hit_faces(R, cM, dM, dO, blessed)
    v += (ORDINARY_FACES - k) / M.D20 * after_swing(V, W, R, posM, castM, castO, cM, dM, cO, dO, cont)
    if k:
        v += k / M.D20 * hit_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, False, bare, cont)
    v += hit_value(V, W, R, posM, castM, castO, cM, dM, cO, dO, True, bare, cont) / M.D20
    return v


@njit(cache=True)
def cure_value(V, R, posM, castO, cM, dM, cO, dO, on_self):
    """Cure (capped at the starting hit points); on the other with ``cure_touch_roll``, a d20 roll
    to touch him first, whose failure spends the Cure and ends the turn (FAQ 1)."""
    c = spend(cM, 3)
    total = 0.0
    for heal in range(M.CURE_MIN, M.CURE_SIDES + 1):
        if on_self:
            h = _cured(hp_of(R, c), heal, max_hp(R, c), True)
            total += end_value(V, R, posM, 1, castO, with_hp(R, c, h), dM, cO, dO) / M.CURE_FACES
        else:
            h = _cured(hp_of(R, cO), heal, max_hp(R, cO), True)
            total += end_value(V, R, posM, 1, castO, c, dM, with_hp(R, cO, h), dO) / M.CURE_FACES
    if on_self or not R[R_TOUCH]:
        return total
    th = _hit_threshold(R[R_TO_HIT], False, dO > 0, dM > 0, is_fighter(R, cM))
    ok = 0
    for f in range(1, M.D20 + 1):
        if _touch_succeeds(f, th):
            ok += 1
    return ok / M.D20 * total + (M.D20 - ok) / M.D20 * end_value(V, R, posM, 1, castO, c, dM, cO, dO)


@njit(cache=True)
def turn_values(V, W, R, pos, cM, dM, cO, dO, q):
    """Fill ``q`` (NaN: not legal) with the value of each turn action, reading V and W as they are."""
    for a in range(NA):
        q[a] = np.nan
    brute = R[R_BRUTE]
    castM = 0 if pos == 0 else (pos - 1) // 2
    castO = 0 if pos == 0 else (pos - 1) % 2
    spells = castM == 0 and not brute
    if dM == 0:
        q[A_ATTACK] = swing_value(V, W, R, pos, castM, castO, cM, 0, cO, dO, 0, False, False)
        if dO == 0 and not brute:
            q[A_DISARM] = swing_value(V, W, R, pos, castM, castO, cM, 0, cO, dO, 1, False, False)
        if spells and haste_of(R, cM) > 0:
            c = spend_haste(cM)
            best = swing_value(V, W, R, pos, 1, castO, c, 0, cO, dO, 0, False, True)
            if dO == 0:
                best = max(best, swing_value(V, W, R, pos, 1, castO, c, 0, cO, dO, 1, False, True))
            q[A_HASTE] = best
        if spells and bit(R, cM, 2) == 1:
            c = spend(cM, 2)
            best = swing_value(V, W, R, pos, 1, castO, c, 0, cO, dO, 0, True, False)
            if dO == 0:
                best = max(best, swing_value(V, W, R, pos, 1, castO, c, 0, cO, dO, 1, True, False))
            q[A_BLESS] = best
    else:
        q[A_SCRAMBLE] = end_value(V, R, pos, castM, castO, cM, _scramble_left(dM, 1), cO, dO)
        if not brute:
            q[A_FIGHT] = swing_value(V, W, R, pos, castM, castO, cM, dM, cO, dO, 2, False, False)
            if spells and haste_of(R, cM) > 0 and _may_haste_scramble(dM):
                q[A_HASTE] = end_value(V, R, pos, 1, castO, spend_haste(cM), _scramble_left(dM, M.HASTE_SWINGS), cO, dO)
    if spells and bit(R, cM, 3) == 1:
        q[A_CURE_SELF] = cure_value(V, R, pos, castO, cM, dM, cO, dO, True)
        q[A_CURE_OTHER] = cure_value(V, R, pos, castO, cM, dM, cO, dO, False)


@njit(cache=True)
def start_cfg(R, fighter):
    """A fresh player's config: full hit points (+5 for a fighter) and every spell, or none."""
    if fighter:
        return cfg_of(R, R[R_H] + M.FIGHTER_HP, 0, 0, 0, 0, 0, True)
    return cfg_of(R, R[R_H], M.HASTE_SPELLS, 1, 1, 1, 1, False)


@njit(cache=True)
def before_initiative(V, R, c0, c1):
    """Seat 0's value once both have their configs (classes picked): each seat leads with chance
    1/2 (the dice are alike and ties re-roll)."""
    a = c0 * R[R_ND]
    b = c1 * R[R_ND]
    return 0.5 * V[0, a, b] + 0.5 * (1.0 - V[0, b, a])


@njit(cache=True)
def class_values(V, R, seat, fighter0, magic_user):
    """(fighter, magic-user): the picking seat's value of each class (``classes``), a magic-user
    starting at config ``magic_user``.  Seat 0 picks first, knowing seat 1 answers best; seat 1
    knows seat 0's pick (``fighter0``)."""
    f = start_cfg(R, True)
    if seat == 0:
        return (min(before_initiative(V, R, f, f), before_initiative(V, R, f, magic_user)),
                min(before_initiative(V, R, magic_user, f), before_initiative(V, R, magic_user, magic_user)))
    c0 = f if fighter0 else magic_user
    return 1.0 - before_initiative(V, R, c0, f), 1.0 - before_initiative(V, R, c0, magic_user)


@njit(cache=True)
def _best(q):
    b = -1.0
    for a in range(NA):
        if not np.isnan(q[a]) and q[a] > b:
            b = q[a]
    return b


@njit(cache=True)
def _solve_block(V, W, R, c1, c2, tol):
    """Iterate the block {c1, c2} to convergence, then fill W for its configs.  Returns sweeps."""
    q = np.empty(NA)
    nd = R[R_ND]
    orients = 2 if c1 != c2 else 1
    sweeps = 0
    while True:
        sweeps += 1
        delta = 0.0
        for o in range(orients):
            cM = c1 if o == 0 else c2
            cO = c2 if o == 0 else c1
            for dM in range(nd):
                for dO in range(nd):
                    for pos in range(NPOS):
                        turn_values(V, W, R, pos, cM, dM, cO, dO, q)
                        v = _best(q)
                        m = cM * nd + dM
                        d = abs(v - V[pos, m, cO * nd + dO])
                        if d > delta:
                            delta = d
                        V[pos, m, cO * nd + dO] = v
        if delta <= tol or sweeps > 100000:
            break
    # the middle of a Haste turn: one swing left, the mover armed and cast
    for o in range(orients):
        cM = c1 if o == 0 else c2
        cO = c2 if o == 0 else c1
        for dO in range(nd):
            for pw in range(NW):
                posM = 0 if pw < 2 else 1
                castO = pw % 2
                best = swing_value(V, W, R, posM, 1, castO, cM, 0, cO, dO, 0, False, False)
                if dO == 0:
                    best = max(best, swing_value(V, W, R, posM, 1, castO, cM, 0, cO, dO, 1, False, False))
                W[pw, cM, cO * nd + dO] = best
    return sweeps


@njit(cache=True, parallel=PARALLEL)
def _solve_group(V, W, R, firsts, seconds, tol):
    n = firsts.shape[0]
    sweeps = np.zeros(n, np.int64)
    for i in prange(n):
        sweeps[i] = _solve_block(V, W, R, firsts[i], seconds[i], tol)
    return sweeps.sum()


def blocks_by_rank(R):
    """Unordered pairs of configs grouped by total rank, lowest first."""
    C = R[R_C]
    ranks = np.array([rank(R, c) for c in range(C)])
    a, b = np.triu_indices(C)
    total = ranks[a] + ranks[b]
    order = np.argsort(total, kind="stable")
    a, b, total = a[order], b[order], total[order]
    cuts = np.flatnonzero(np.diff(total)) + 1
    return np.split(a, cuts), np.split(b, cuts)


def solve_tables(R, progress=None):
    """Solve the duel laid out by ``R``; returns (V, W, total sweeps)."""
    C, nd = R[R_C], R[R_ND]
    V = np.zeros((NPOS, nd * C, nd * C))
    W = np.zeros((NW, C, nd * C))
    firsts, seconds = blocks_by_rank(R)
    sweeps = 0
    for k, (fa, fb) in enumerate(zip(firsts, seconds)):
        sweeps += int(_solve_group(V, W, R, fa.astype(np.int64), fb.astype(np.int64), TOL))
        if progress:
            progress(k + 1, len(firsts))
    return V, W, sweeps
