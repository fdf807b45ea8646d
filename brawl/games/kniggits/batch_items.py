"""Things to carry in the compiled Kniggits games (:mod:`.batch`): the scenarios' flags, princess
and grail (ruling 35) and the magic potions (ruling 30), as :mod:`.setup` lays them out,
:mod:`.movement` picks them up, carries, drops, drinks and returns them, and :mod:`.bots` goes for
them.

Where they start comes from the rules themselves (:meth:`.setup.Setup._initial_items`, read by
:func:`things_record`), and so do the reach (:attr:`.geometry.Table.reach`), a potion's tokens
(:data:`.mechanics.POTION_TOKENS`) and the heuristic's distances (:data:`.bots.GUARD_WATCH`,
:data:`.bots.GUARD_STAY`, :data:`.bots.POTION_EASY`).

A game's things are rows of ``w.things`` (the game's scratch space, :func:`.batch.new_work`): row
0 holds how many there are and the winner + 1 once a kniggit has brought one home (0 while the game
goes on); row ``r`` (1 on, in the rules' order) where thing ``r`` stands (a thing carried stands
where its carrier does) and whether it is still on the table (a potion drunk is not).  A
kniggit's ``K[CARRY]`` is the row of what it carries (0 for nothing) and ``K[HAND]`` the hand
(:data:`SWORD` or :data:`SHIELD`): who carries a thing is read there, so a kniggit that flees puts
down what it carries by clearing both (:func:`.batch_game._flight`).  A potion drunk leaves its
row; the rules' list of things is the rows still on the table, in order.
"""

from __future__ import annotations

import numpy as np

from ...sim.kernel import borrowing
from . import mechanics
from .batch_geom import dist
from .batch_moves import ARCHER, ATTACK, CARRY, DEFENSE, FIGHTING, HAND, MOVE, RANK, SEAT, SHOT, STATUS, allowance, engaged
from .geometry import EPS

FLAG, PRINCESS, GRAIL, POTION = range(4)  # a thing's kind (``Item.kind``)
KINDS = ("flag", "princess", "grail", "potion")
SWORD, SHIELD = 1, 2  # ``K[HAND]``: the hand that carries (0 for none)
HANDS = ("sword", "shield")
X, Y, KIND, OWNER, POWER = range(5)  # columns of a thing's row of ``Rules.things``
REACH, POTION_TOKENS, GUARD_WATCH, GUARD_STAY, POTION_EASY = range(5)  # columns of its row 0
ON = 2  # the column of ``w.things`` after x and y
MAX_ITEMS = 2 + 2 * len(mechanics.POTION_PLACES)  # two flags and the potions


def things_record(game) -> np.ndarray:
    """``Rules.things``: the things of ``game`` as the rules lay them out
    (:meth:`.setup.Setup._initial_items`), row ``r`` (1 on) the x, y, kind, owner and the ``K`` row
    a potion adds to of thing ``r``; row 0 the reach, a potion's tokens, and the heuristic's
    distances for a flag's guard and a potion (one array: the parallel games take no records within
    records)."""
    from .bots import GUARD_STAY, GUARD_WATCH, POTION_EASY

    rows = {"move": MOVE, "attack": ATTACK, "defense": DEFENSE}
    head = (float(game.table.reach), mechanics.POTION_TOKENS, GUARD_WATCH, GUARD_STAY, POTION_EASY)
    return np.array([head] + [(it.x, it.y, KINDS.index(it.kind), it.owner, rows.get(it.power, -1))
                              for it in game._initial_items()], np.float64)


def item_ids(game) -> list[str]:
    """The things' names by row (row ``r`` is ``item_ids(game)[r - 1]``)."""
    return [it.id for it in game._initial_items()]


@borrowing
def lay_out(o, T):
    """The game's things where the rules put them before the armies take the field."""
    S = o.things
    T[:] = 0.0
    T[0, 0] = len(S) - 1
    for r in range(1, len(S)):
        T[r, X], T[r, Y], T[r, ON] = S[r, X], S[r, Y], 1.0


@borrowing
def winner(T):
    """The seat that brought a thing home, or -2 (``batch_moves.NOT_OVER``) while the game goes on."""
    return int(T[0, 1]) - 1 if T[0, 1] > 0 else -2


@borrowing
def carrier(K, r):
    """The column of the kniggit carrying thing ``r``, -1 for none."""
    for f in range(K.shape[1]):
        if K[CARRY, f] == r:
            return f
    return -1


@borrowing
def _may_pick(K, i, r, o, T):
    """:meth:`.movement.Movement.may_pick`: not carried, not a potion, not one's own flag."""
    S = o.things
    if T[r, ON] == 0 or carrier(K, r) >= 0 or S[r, KIND] == POTION:
        return False
    return S[r, KIND] != FLAG or S[r, OWNER] != K[SEAT, i]


@borrowing
def list_items(K, XY, i, o, T, opts, nf):
    """Kniggit ``i``'s listed decisions about things (:meth:`.decisions.Decisions._move_phase_actions`):
    a drop, or a pick of each thing in reach with either hand, appended to ``opts`` from row ``nf``
    as (``i``, -1) for a drop and (``i``, -(2 + 2 * (row - 1) + hand - 1)) for a pick; returns how
    many rows ``opts`` has then."""
    if K[CARRY, i] > 0:
        opts[nf, 0], opts[nf, 1] = i, -1
        return nf + 1
    for r in range(1, int(T[0, 0]) + 1):
        reach = o.things[0, REACH] + EPS
        if _may_pick(K, i, r, o, T) and dist((XY[0, i], XY[1, i]), (T[r, X], T[r, Y])) <= reach:
            for h in range(2):
                opts[nf, 0], opts[nf, 1] = i, -(2 + 2 * (r - 1) + h)
                nf += 1
    return nf


@borrowing
def order_code(e):
    """(row, hand) of a listed decision's code (:func:`list_items`): row 0 for a drop."""
    if e == -1:
        return 0, 0
    return (-e - 2) // 2 + 1, (-e - 2) % 2 + 1


@borrowing
def take(K, XY, i, r, hand, T):
    """:meth:`.movement.Movement._pick` of row ``r`` with ``hand`` (``r`` 0: :meth:`~.movement.Movement._drop`
    what ``i`` carries, where it stands).  An archer who picks a thing up lets go of his aim (a bow
    needs both hands), and may move again this turn."""
    if r == 0:
        r = K[CARRY, i]
        K[CARRY, i], K[HAND, i] = 0, 0
    else:
        K[CARRY, i], K[HAND, i], K[SHOT, i] = r, hand, 0
    T[r, X], T[r, Y] = XY[0, i], XY[1, i]


@borrowing
def arrived(K, XY, n, i, o, T):
    """The end of :meth:`.movement.Movement._arrive` for kniggit ``i`` where it now stands: what it
    carries comes along, it drinks the potions in reach, returns its own flag to its base, and
    brings home what it carries at its own edge (the game's winner, :func:`winner`)."""
    S = o.things
    c = K[CARRY, i]
    kx, ky = XY[0, i], XY[1, i]
    if c > 0:
        T[c, X], T[c, Y] = kx, ky
    reach = o.things[0, REACH] + EPS
    for r in range(1, int(T[0, 0]) + 1):
        if T[r, ON] == 0 or carrier(K, r) >= 0 or dist((T[r, X], T[r, Y]), (kx, ky)) > reach:
            continue
        kind = S[r, KIND]
        if kind == POTION:
            K[int(S[r, POWER]), i] += int(o.things[0, POTION_TOKENS])
            T[r, ON] = 0.0
        elif kind == FLAG and S[r, OWNER] == K[SEAT, i] and (T[r, X] != S[r, X] or T[r, Y] != S[r, Y]):
            T[r, X], T[r, Y] = S[r, X], S[r, Y]
    edge = 0.0 if K[SEAT, i] == 0 else o.size
    if c > 0 and abs(ky - edge) <= EPS * 10:  # geometry.Table.at_own_edge
        T[0, 1] = K[SEAT, i] + 1


# -- the heuristic (bots.HeuristicBot.order_for and goal_for) -----------------------------------------
@borrowing
def heuristic_pick(K, XY, i, o, T):
    """The row of the first thing ``i`` may pick up within reach (the bot measures without the
    rules' margin), 0 for none or when it carries something already."""
    if K[CARRY, i] > 0:
        return 0
    for r in range(1, int(T[0, 0]) + 1):
        if _may_pick(K, i, r, o, T) and dist((XY[0, i], XY[1, i]), (T[r, X], T[r, Y])) <= o.things[0, REACH]:
            return r
    return 0


@borrowing
def _nearest_mine(K, XY, n, seat, x, y, o, buf, free):
    """The kniggit of ``seat`` still fighting, not an archer (``free``: and out of combat, carrying nothing) nearest
    to (x, y), ties by name; -1 for none."""
    best, bd = -1, 0.0
    for f in range(n):
        if K[SEAT, f] != seat or K[STATUS, f] != FIGHTING or K[ARCHER, f]:
            continue
        if free and (K[CARRY, f] > 0 or engaged(K, XY, n, XY[0, f], XY[1, f], seat, o.ring, buf) > 0):
            continue
        d = dist((XY[0, f], XY[1, f]), (x, y))
        if best < 0 or d < bd or (d == bd and K[RANK, f] < K[RANK, best]):
            best, bd = f, d
    return best


@borrowing
def item_goal(K, XY, n, i, o, T, buf):
    """The part of :meth:`.bots.HeuristicBot.goal_for` about things: (0, ...) when it has none
    (the bot goes for an enemy), (1, x, y) a point to go to, (2, ...) stay where it is."""
    S = o.things
    seat = K[SEAT, i]
    kx, ky = XY[0, i], XY[1, i]
    if K[CARRY, i] > 0:
        return 1, kx, (0.0 if seat == 0 else o.size)
    mine = 0
    for f in range(n):
        mine += K[SEAT, f] == seat and K[STATUS, f] == FIGHTING and K[ARCHER, f] == 0
    m = int(T[0, 0])
    for r in range(1, m + 1):
        kind = S[r, KIND]
        if T[r, ON] == 0 or not (kind == PRINCESS or kind == GRAIL or (kind == FLAG and S[r, OWNER] != seat)):
            continue
        c = carrier(K, r)
        if c >= 0 and K[SEAT, c] == seat:
            continue
        tx, ty = (T[r, X], T[r, Y]) if c < 0 else (XY[0, c], XY[1, c])
        if _nearest_mine(K, XY, n, seat, tx, ty, o, buf, True) == i:
            return 1, tx, ty
    for r in range(1, m + 1):  # a guard stays by one's own flag
        if S[r, KIND] != FLAG or S[r, OWNER] != seat:
            continue
        if mine > 1 and _nearest_mine(K, XY, n, seat, T[r, X], T[r, Y], o, buf, False) == i:
            threat, td = -1, 0.0
            for e in range(n):
                if K[SEAT, e] != seat and K[STATUS, e] == FIGHTING:
                    d = dist((XY[0, e], XY[1, e]), (T[r, X], T[r, Y]))
                    if d < o.things[0, GUARD_WATCH] * o.scale and (threat < 0 or d < td):
                        threat, td = e, d
            if threat >= 0:
                return 1, XY[0, threat], XY[1, threat]
            if dist((kx, ky), (T[r, X], T[r, Y])) > o.things[0, GUARD_STAY] * o.scale:
                return 1, T[r, X], T[r, Y]
            return 2, 0.0, 0.0
        break
    easy = allowance(K, i, o) * o.things[0, POTION_EASY]
    for r in range(1, m + 1):  # a potion in easy reach, no enemy nearer to it
        if T[r, ON] == 0 or S[r, KIND] != POTION:
            continue
        d = dist((kx, ky), (T[r, X], T[r, Y]))
        if d > easy:
            continue
        nearer = False
        for e in range(n):
            if K[SEAT, e] != seat and K[STATUS, e] == FIGHTING and dist((XY[0, e], XY[1, e]), (T[r, X], T[r, Y])) < d:
                nearer = True
        if not nearer:
            return 1, T[r, X], T[r, Y]
    return 0, 0.0, 0.0
