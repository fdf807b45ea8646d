"""The things to carry and drink in the Kniggits vector environment (:mod:`.vector`): the scenarios'
flags, princess and grail and the magic potions, as the research encoding (:mod:`.encoding`) shows
and offers them, computed from the kernel's arrays (:mod:`.batch_items`).

A game's things are the kernel's rows (``w.things``: row ``r`` is thing ``r`` of the rules' list,
:func:`.batch_items.lay_out`); the environment keeps each game's rows beside its other arrays and
hands them to the kernel's bots in ``w.things`` while that game steps.  The encoding's action
``pick:<slot>:<thing>:<hand>`` is ``picks[slot, row, hand - 1]`` here and ``drop:<slot>``
``drops[slot]`` (:func:`item_tables`, from the encoding's own action names); which of them a
kniggit may take is the kernel's own list of the rules' decisions (:func:`.batch_items.list_items`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .batch_items import HANDS, MAX_ITEMS, ON, X, Y, carrier, list_items, order_code
from .batch_moves import CARRY, FIGHTING, SEAT, STATUS
from .encoding import PER_ITEM


def item_tables(enc) -> tuple[np.ndarray, np.ndarray, dict]:
    """``picks`` (slot, thing's row, hand - 1: the action number, -1 for none), ``drops`` (slot:
    the action number), and each such action number's (slot, argument) for the kernel
    (argument ``2 * row + hand - 1`` for a pick, 0 for a drop), from the encoding's action names;
    the rows are the encoding's things in the rules' order (``enc.items``)."""
    picks = np.full((enc.slots + 1, 1 + MAX_ITEMS, 2), -1, np.int64)
    drops = np.full(enc.slots + 1, -1, np.int64)
    args = {}
    for i, a in enumerate(enc.actions):
        parts = a.split(":")
        if parts[0] == "pick":
            s, r, h = int(parts[1]), enc.items.index(parts[2]) + 1, HANDS.index(parts[3])
            picks[s, r, h] = i
            args[i] = ("pick", s, 2 * r + h)
        elif parts[0] == "drop":
            s = int(parts[1])
            drops[s] = i
            args[i] = ("drop", s, 0)
    return picks, drops, args


@njit(cache=True)
def item_choices(K, XY, n, seat, o, T, opts):
    """The rules' decisions about things of ``seat``'s kniggits still fighting (a drop, or a pick of
    each thing in reach with either hand: :func:`.batch_items.list_items`) in ``opts``; returns how
    many."""
    nf = 0
    if T[0, 0] == 0:
        return 0
    for i in range(n):
        if K[SEAT, i] == seat and K[STATUS, i] == FIGHTING:
            nf = list_items(K, XY, i, o, T, opts, nf)
    return nf


@njit(cache=True)
def mark_items(opts, count, base, picks, drops, mask):
    """Mark in ``mask`` the ``count`` decisions about things listed in ``opts`` (:func:`item_choices`),
    ``base`` the column of the seat's first kniggit; returns how many."""
    for c in range(count):
        i, e = opts[c, 0], opts[c, 1]
        r, hand = order_code(e)
        s = i - base + 1
        mask[drops[s] if r == 0 else picks[s, r, hand - 1]] = 1
    return count


@njit(cache=True)
def item_blocks(K, T, seat, size, out, b):
    """The encoding's block of ``PER_ITEM`` per thing from ``out[b]`` on: on the table (not carried),
    x and y / table, carried by ``seat``'s kniggit, by the other's; a potion drunk shows zeros."""
    for r in range(1, int(T[0, 0]) + 1):
        if T[r, ON] == 0:
            continue
        c = carrier(K, r)
        o = b + PER_ITEM * (r - 1)
        out[o] = 1.0 if c < 0 else 0.0
        out[o + 1] = min(1.0, max(0.0, T[r, X] / size))
        out[o + 2] = min(1.0, max(0.0, T[r, Y] / size))
        out[o + 3] = 1.0 if c >= 0 and K[SEAT, c] == seat else 0.0
        out[o + 4] = 1.0 if c >= 0 and K[SEAT, c] != seat else 0.0


@njit(cache=True)
def carries(K, i):
    """Whether kniggit ``i`` carries a thing (its observation's entry)."""
    return 1.0 if K[CARRY, i] > 0 else 0.0
