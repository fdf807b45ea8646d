"""A kniggit's standing in the kernel's fights (:mod:`.batch_game`): the armies take the field
(:func:`muster`), who may strike and defend hand to hand, what a blow knocks down, and who flees
(:mod:`.combat`, :mod:`.fights`, :mod:`.setup`)."""

from __future__ import annotations

from ...sim.kernel import borrowing
from . import batch_advanced as adv
from . import batch_archers as bows
from .batch_geom import flees
from .batch_items import SHIELD, SWORD, list_items
from .batch_moves import (ATTACK, CARRY, DEFENSE, FACING, FIGHTING, FLEEING, GONE, HAND, MOVE, NOT_OVER, RANK, SEAT,
                          STATUS, check_end, engaged)

NONE = 3  # a hand's codes: 0, 1, 2 the heights (``mechanics.HEIGHTS``), 3 nothing


@borrowing
def muster(o, p0, p1, K, XY):
    """:meth:`.setup.Setup._muster`: both ready-made armies take the field; a kniggit without a
    token of each colour runs away (it is gone).  Returns how many kniggits there are.  The whole
    table is cleared first: a chunk's games share it, and a column an earlier game's larger army
    left behind would still carry its thing (:func:`.batch_items.carrier` reads every column)."""
    K[:] = 0
    n = 0
    for seat in range(2):
        p = p0 if seat == 0 else p1
        for j in range(o.army_size[p]):
            K[SEAT, n] = seat
            K[MOVE, n], K[ATTACK, n], K[DEFENSE, n] = o.army_tokens[p, j, 0], o.army_tokens[p, j, 1], o.army_tokens[p, j, 2]
            K[FACING, n] = -1
            K[RANK, n] = o.name_rank[j]
            XY[0, n], XY[1, n] = o.army_places[p, seat, j, 0], o.army_places[p, seat, j, 1]
            if adv.runs_away(o, K, n, p, j):  # no token of each colour (two swords need none of defense)
                K[STATUS, n] = GONE
            n += 1
    return n


@borrowing
def _can_strike(K, i):
    """:func:`.combat.can_strike` hand to hand (no archers or guarding in the kernel): a sword hand
    that carries something does not strike."""
    return K[STATUS, i] == FIGHTING and K[ATTACK, i] > 0 and K[HAND, i] != SWORD


@borrowing
def _can_defend(K, i):
    """:func:`.combat.can_defend` (no archers or two swords in the kernel): a shield hand that
    carries something does not defend."""
    return K[DEFENSE, i] > 0 and K[STATUS, i] != GONE and K[HAND, i] != SHIELD


@borrowing
def _blow(K, target, height, defended, o):
    """:func:`.combat.blows` of one hand: an undefended height knocks down a token of its colour."""
    if height == NONE or height == defended:
        return
    colour = o.height_row[height]
    if K[colour, target] > 0:
        K[colour, target] = max(0, K[colour, target] - o.per_blow)


@borrowing
def _flight(K, i):
    """:meth:`.fights.Fights._check_flight`: one colour left (or none), the kniggit flees, and puts
    down what it carries where it stands (batch_items: the thing stands where its carrier does)."""
    colours = (K[MOVE, i] > 0) + (K[ATTACK, i] > 0) + (K[DEFENSE, i] > 0)
    if K[STATUS, i] == FIGHTING and flees(colours):
        K[STATUS, i] = FLEEING
        K[FACING, i] = -1
        K[CARRY, i], K[HAND, i] = 0, 0


# -- a fight of the advanced rules (batch_advanced), as the kernel's games and the vector environment fight it
@borrowing
def fight_lists(o, K, a, dk, lists):
    """The list codes of the fight of ``a`` against ``dk`` (defender + :data:`.batch_advanced.KIND`
    times its kind) in ``lists`` (attacker's hands, then the defender's); False when it does not happen."""
    d, kind = dk % adv.KIND, dk // adv.KIND
    return adv.hand_lists(o, K, a, d, kind, _can_strike(K, a), _can_strike(K, d), _can_defend(K, a),
                          _can_defend(K, d), lists)


@borrowing
def hand_lengths(K, a, seat, lists):
    """(choices of the sword hand, of the other hand) of ``seat`` in the fight of attacker ``a``."""
    base = 0 if seat == K[SEAT, a] else 2
    return adv.LENGTHS[lists[base]], adv.LENGTHS[lists[base + 1]]


@borrowing
def listed_hands(K, a, seat, lists, c, h1):
    """The codes of pair ``c`` of ``seat``'s listed hands (``h1`` choices of the other hand)."""
    base = 0 if seat == K[SEAT, a] else 2
    return adv.LISTS[lists[base], c // h1], adv.LISTS[lists[base + 1], c % h1]


@borrowing
def advanced_blows(o, K, n, a, d, hands):
    """The hands shown (``hands``: the attacker's sword and other hand, then the defender's) land
    (:func:`.batch_advanced.land`), powers drop, kniggits flee; returns the winner (a joust won by
    unhorsing, or an army routed) or :data:`.batch_moves.NOT_OVER`."""
    adv.land(o, K, a, d, hands)
    _flight(K, a)
    _flight(K, d)
    won = adv.joust_end(o, K, a, d)
    return check_end(K, n) if won == NOT_OVER else won


@borrowing
def listed_choices(o, K, XY, n, seat, buf, opts, things):
    """The moving phase's listed decisions of ``seat`` (``legal_actions`` but the end), written to
    ``opts`` as (kniggit, enemy or code) for :mod:`.batch_game`'s random bot; returns how many: facing
    another enemy in combat, a magic sword's second target, an archer's targets, picks and drops
    (``buf`` scratch)."""
    nf = 0
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING:
            continue
        ne = engaged(K, XY, n, XY[0, i], XY[1, i], seat, o.ring, buf)
        for a in range(ne):
            if buf[a] != K[FACING, i]:
                opts[nf, 0], opts[nf, 1] = i, buf[a]
                nf += 1
        nf = adv.second_choices(o, K, i, buf, ne, opts, nf) if o.adv[adv.ADV_MAGIC] else nf  # a magic sword's second target
        nf = bows.aim_choices(o, K, XY, n, i, opts, nf) if o.adv[adv.ADV_ARCHERS] else nf  # an archer's targets
        nf = list_items(K, XY, i, o, things, opts, nf)  # its picks or drop (batch_items)
    return nf
