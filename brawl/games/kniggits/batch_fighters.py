"""A kniggit's standing in the kernel's fights (:mod:`.batch_game`): the armies take the field
(:func:`muster`), who may strike and defend hand to hand, what a blow knocks down, and who flees
(:mod:`.combat`, :mod:`.fights`, :mod:`.setup`)."""

from __future__ import annotations

from ...sim.kernel import borrowing
from . import batch_advanced as adv
from .batch_geom import flees
from .batch_items import SHIELD, SWORD
from .batch_moves import (ATTACK, CARRY, DEFENSE, FACING, FIGHTING, FLEEING, GONE, HAND, MOVE, RANK, SEAT, STATUS)

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
