"""The advanced rules in the Kniggits vector environment (:mod:`.vector`): horses (and the joust),
magic swords, double defense, two swords and archers (seed, Optional/Advanced Rules; rules page,
rules 25 to 29 and 39), as the research encoding (:mod:`.encoding`) offers their decisions and the
kernel (:mod:`.batch_advanced`) fights them.  A magic sword's second target is the encoding's
``second:<slot>:<n>``, the ``n``-th nearest enemy within the ring other than the one declared
(:func:`mark_seconds`); the second attack is the kernel's (:func:`.batch_advanced.second_fight`).
An archer's aim is ``shoot:<slot>:<n>``, the ``n``-th nearest enemy the kernel's rules let it shoot
at (:func:`mark_shots`); the shot is the kernel's fight of kind shot (:mod:`.batch_archers`).

What each hand may show is the kernel's list of the rules' hand options
(:func:`.batch_advanced.hand_lists`: the heights, the heights a kniggit on foot reaches a horseman
at, the guards of a double defense, a second sword), and the encoding's ``fight:<sword>:<shield>``
is ``fight[sword code, other hand's code]`` (a guard is :data:`.batch_advanced.GUARD` plus its
height, :func:`.vector_view.tables`).  A fight's kind rides in the defender's column of the turn's
fights as the kernel writes it (:data:`.batch_advanced.KIND`).
"""

from __future__ import annotations

from numba import njit

from . import batch_advanced as adv
from .batch_fighters import advanced_blows
from .batch_geom import norm
from .batch_archers import AIM, aim_choices
from .batch_moves import ARCHER, FACING, FIGHTING, SEAT, SECOND, SHOT, STATUS, engaged
from .encoding import MENU_MOVES, TARGETS

SECONDS = MENU_MOVES + TARGETS  # ``second:<slot>:1`` less the slot's first menu move (the encoding's order)
SHOTS = MENU_MOVES + 2 * TARGETS  # ``shoot:<slot>:1`` less the slot's first menu move


@njit(cache=True)
def ranked_targets(K, XY, n, i, ring, skip, buf, out):
    """The enemies within the ``ring`` of kniggit ``i`` but ``skip``, the :data:`.encoding.TARGETS`
    nearest first, ties to the lower slot (the encoding's ranking), in ``out``; returns how many."""
    ne = engaged(K, XY, n, XY[0, i], XY[1, i], K[SEAT, i], ring, buf)
    m = 0
    for a in range(ne):
        if buf[a] != skip:
            out[m] = buf[a]
            m += 1
    return rank_nearest(XY, i, out, m)


@njit(cache=True)
def rank_nearest(XY, i, out, m):
    """The ``m`` kniggits in ``out`` ranked by their distance from ``i``, ties to the lower slot (the
    encoding's ranking of targets); returns how many of them are offered (at most :data:`.encoding.TARGETS`)."""
    kx, ky = XY[0, i], XY[1, i]
    for a in range(1, m):  # a handful: by insertion
        e = out[a]
        de = norm(XY[0, e] - kx, XY[1, e] - ky)
        b = a - 1
        while b >= 0:
            f = out[b]
            df = norm(XY[0, f] - kx, XY[1, f] - ky)
            if df < de or (df == de and f < e):
                break
            out[b + 1] = f
            b -= 1
        out[b + 1] = e
    return min(m, TARGETS)


@njit(cache=True)
def mark_seconds(K, XY, n, seat, base, o, firsts, buf, out, mask):
    """The encoding's ``second:<slot>:<n>`` (:meth:`.decisions.Decisions.combat_choices`): each of
    ``seat``'s kniggits with a magic sword (:func:`.batch_advanced.magic_sword`) may aim its second
    attack at an enemy within the ring other than the one declared; marked in ``mask``, returns how
    many (``base`` the column of the seat's first kniggit)."""
    count = 0
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING or not adv.magic_sword(o, K, i):
            continue
        m = ranked_targets(K, XY, n, i, o.ring, K[SECOND, i] - 1, buf, out)
        for r in range(m):
            mask[firsts[i - base + 1] + SECONDS + r] = 1
        count += m
    return count


@njit(cache=True)
def second_to(K, XY, n, i, ring, r, buf, out):
    """Kniggit ``i`` aims its magic sword's second attack at the ``r``-th nearest enemy offered."""
    ranked_targets(K, XY, n, i, ring, K[SECOND, i] - 1, buf, out)
    K[SECOND, i] = out[r] + 1


@njit(cache=True)
def fight_mask(K, a, seat, lists, fight, mask):
    """The encoding's fight actions ``seat`` may take (``lists`` from :func:`.batch_fighters.fight_lists`) in ``mask``;
    returns how many."""
    base = 0 if seat == K[SEAT, a] else 2
    h0, h1 = adv.LENGTHS[lists[base]], adv.LENGTHS[lists[base + 1]]
    for c0 in range(h0):
        for c1 in range(h1):
            mask[fight[adv.LISTS[lists[base], c0], adv.LISTS[lists[base + 1], c1]]] = 1
    return h0 * h1


@njit(cache=True)
def blows_land(o, K, n, a, dk, shown, hands):
    """Both sides' hands (``shown``: seat 0's sword and other hand, then seat 1's) land as the
    kernel's advanced fights land them (:func:`.batch_fighters.advanced_blows`, ``hands`` its
    scratch); returns the winner or :data:`.batch_moves.NOT_OVER`."""
    sa = K[SEAT, a]
    hands[0], hands[1] = shown[2 * sa], shown[2 * sa + 1]
    hands[2], hands[3] = shown[2 * (1 - sa)], shown[2 * (1 - sa) + 1]
    return advanced_blows(o, K, n, a, dk % adv.KIND, hands)


@njit(cache=True)
def shot_targets(o, K, XY, n, i, opts, out):
    """The enemies archer ``i`` may aim at now (:func:`.batch_archers.aim_choices`: not moved, in range
    and sight, not the one it aims at already), ranked as the encoding ranks them, in ``out``;
    returns how many are offered."""
    m = aim_choices(o, K, XY, n, i, opts, 0)
    for c in range(m):
        out[c] = opts[c, 1] - AIM
    return rank_nearest(XY, i, out, m)


@njit(cache=True)
def mark_shots(K, XY, n, seat, base, o, firsts, opts, out, mask):
    """The encoding's ``shoot:<slot>:<n>`` (:meth:`.shooting.Shooting.targets`) of ``seat``'s archers,
    marked in ``mask``; returns how many."""
    count = 0
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING or K[ARCHER, i] == 0:
            continue
        m = shot_targets(o, K, XY, n, i, opts, out)
        for r in range(m):
            mask[firsts[i - base + 1] + SHOTS + r] = 1
        count += m
    return count


@njit(cache=True)
def shoot_at(o, K, XY, n, i, r, opts, out):
    """Archer ``i`` declares its shot at the ``r``-th nearest enemy offered and turns to it
    (:meth:`.shooting.Shooting._aim`); it may not move this turn."""
    shot_targets(o, K, XY, n, i, opts, out)
    K[SHOT, i], K[FACING, i] = out[r] + 1, out[r]
