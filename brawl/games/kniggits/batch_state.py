"""A Kniggits position of the rules engine as the compiled kernel's arrays (:mod:`.batch_playout`
plays on from them).

:func:`load` writes an engine state (:class:`.state.KniggitsState`) into the tables the kernel's
games run on (:mod:`.batch_moves`: ``K[row, i]`` and ``XY[0 or 1, i]``, the kniggits in the
state's order, with the advanced rules' rows: the powers lost, two swords, archer, guarded, a
magic sword's second target, an archer's aim, and what a kniggit carries with which hand; and the
things' table of :mod:`.batch_items`: where each thing of the rules' list stands, whether it is
still on the table) and says where in the turn the game stands: rock-paper-scissors (a sealed
choice and the rounds won so far kept), the moving phase (the kniggits that have moved this turn
kept), phase two (turning), or a fight (the turn's fights still to come, each of its kind as
:mod:`.batch_advanced` writes them, and the hands already sealed in the open one).  Every position
of a battle with the kernel's options (:func:`.batch.unsupported`) loads, whatever the armies
(ready-made, written kniggit by kniggit, or the search bot's champion), the scenario's things and
the potions, the advanced rules and the archers.

What does not load (:func:`why_not` says why) is played by the engine: the choice of armies (the
kernel's game starts from ready-made armies; :mod:`.batch_playout` makes the armies' decisions
itself and loads the state after them), a finished game (its result is known), and a real table's
declared contacts (the kernel does not play a real table).

:func:`play_engine_from` is the engine's side of a tape (:mod:`brawl.sim.kernel`) from a state:
the review's playout (:class:`brawl.review.policy.EnginePolicy`: each seat's bot, and with
probability ``epsilon`` a decision drawn uniformly among the listed ones) with every draw read from
one tape, so a test plays the kernel and the engine through the same playout decision by decision.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from ..rps.rules import MOVES as RPS_MOVES
from .batch_advanced import HAND_NAMES, KIND, KIND_NAMES
from .batch_items import HANDS, MAX_ITEMS, ON, X, Y
from .batch_moves import (ARCHER, ATTACK, CARRY, DEFENSE, FACING, GUARDED, HAND, LOST, LOST_DOUBLE, LOST_HORSE, LOST_MAGIC,
                          MOVE, MOVED, NROWS, RANK, SEAT, SECOND, SHOT, STATUS, TWO)

RPS, MOVING, TURNING, FIGHT = range(4)  # where a loaded game stands (the kernel's phases)
PHASES = {"rps": RPS, "move": MOVING, "turning": TURNING, "fight": FIGHT}
STATUS_CODES = {"fighting": 0, "fleeing": 1, "gone": 2}
LOST_BITS = {"horse": LOST_HORSE, "magic": LOST_MAGIC, "double": LOST_DOUBLE}  # ``K[LOST]``'s bit of each power lost

#: a loaded position: the kniggits' tables, how many, the phase, who is on turn, the first mover,
#: the turns played, the fights still to come this turn (attacker, defender + KIND * kind), the
#: hands sealed in the open fight (-1 where none), rock-paper-scissors (each seat's sealed choice or
#: -1, the rounds each has won) and the things' table (``w.things``, :mod:`.batch_items`)
Start = namedtuple("Start", "K XY n phase to_act first turns fights nfights sealed rps things")


def why_not(state) -> str | None:
    """Why the kernel cannot play on from ``state`` (None when it can): the armies' choice, a
    finished game, or a real table's declared contacts."""
    if state.phase not in PHASES:
        return f"the phase {state.phase}"
    if state.contacts or state.left:
        return "a real table's declared contacts"
    return None


def _things(state, game) -> np.ndarray:
    """``w.things`` of ``state`` (:mod:`.batch_items`): row 0 how many things the rules lay out (and
    0 for the winner: the game goes on), row ``r`` where thing ``r`` of the rules' list
    (:func:`.batch_items.item_ids`) stands and whether it is still on the table (a potion drunk is
    not: it has left the state's things)."""
    T = np.zeros((1 + MAX_ITEMS, 4))
    if game is None:
        if state.items:
            raise ValueError("a position with things loads with its game (the rules' list of things)")
        return T
    initial = game._initial_items()
    T[0, 0] = len(initial)
    where = {it.id: it for it in state.items}
    unknown = set(where) - {it.id for it in initial}
    if unknown:
        raise ValueError(f"things the rules do not lay out: {sorted(unknown)}")
    for r, it in enumerate(initial, 1):
        now = where.get(it.id)
        if now is None:  # drunk: off the table, where it stood
            T[r, X], T[r, Y] = it.x, it.y
            continue
        T[r, X], T[r, Y], T[r, ON] = now.x, now.y, 1.0
    return T


def load(state, game=None) -> Start:
    """The kernel's arrays of ``state`` (:class:`Start`); :class:`ValueError` where :func:`why_not`
    names something.  ``game`` (the state's game) gives the rules' list of things, which a state
    with things on the table needs."""
    why = why_not(state)
    if why is not None:
        raise ValueError(f"the compiled kernel does not play on from this position: {why}")
    ks = state.kniggits
    n = len(ks)
    col = {k.id: i for i, k in enumerate(ks)}
    rank = {kid: r for r, kid in enumerate(sorted(col))}  # the rules break ties by name, as text
    things = _things(state, game)
    rows = {} if game is None else {it.id: r for r, it in enumerate(game._initial_items(), 1)}
    K = np.zeros((NROWS, max(n, 1)), np.int64)
    XY = np.zeros((2, max(n, 1)))
    for i, k in enumerate(ks):
        K[SEAT, i], K[MOVE, i], K[ATTACK, i], K[DEFENSE, i] = k.seat, k.move, k.attack, k.defense
        K[STATUS, i], K[FACING, i] = STATUS_CODES[k.status], col.get(k.facing, -1)
        K[MOVED, i], K[RANK, i] = int(k.moved), rank[k.id]
        K[LOST, i] = sum(LOST_BITS[p] for p in set(k.lost))
        K[TWO, i], K[ARCHER, i], K[GUARDED, i] = int(k.two_swords), int(k.archer), int(k.guarded)
        K[SECOND, i], K[SHOT, i] = col.get(k.second, -1) + 1, col.get(k.shot, -1) + 1
        if k.carrying:
            K[CARRY, i], K[HAND, i] = rows[k.carrying], HANDS.index(k.hand) + 1
        XY[0, i], XY[1, i] = k.x, k.y
    fights = np.zeros((max(n, 1), 2), np.int64)
    for f, (a, d, kind) in enumerate(state.fights):
        fights[f] = col[a], col[d] + KIND * KIND_NAMES.index(kind)
    sealed = np.full((2, 2), -1, np.int64)
    for seat, hands in enumerate(state.sealed):
        if hands is not None:
            sealed[seat] = HAND_NAMES.index(hands[0]), HAND_NAMES.index(hands[1])
    rps = np.array([-1 if r is None else RPS_MOVES.index(r) for r in state.rps_sealed] + list(state.rps_wins), np.int64)
    return Start(K, XY, n, PHASES[state.phase], int(state.to_act), int(state.first_mover), int(state.turns), fights,
                 len(state.fights), sealed, rps, things)


def play_engine_from(game, state, bots: list[str], epsilon: float, values) -> dict:
    """The engine's side of a tape from ``state``: seat ``s`` plays ``bots[s]`` (the game's own
    bots, their random generator reading ``values``: :class:`.batch.TapeRandom`), and before each
    decision, when ``epsilon`` is set, one value says whether the decision is instead drawn
    uniformly among the listed ones (as :class:`brawl.review.policy.EnginePolicy` does).  Returns
    the winner (-1 a draw), the turns, the values used, each decision as (seat, decision, every
    kniggit as :func:`.batch.snapshot`) and the final state."""
    from ...bots import make_bot
    from ...core.game import Terminal
    from .batch import TapeRandom, snapshot

    rng = TapeRandom(values)
    made = [make_bot("kniggits", b, seed=0, game=game) for b in bots]
    for bot in made:
        bot.rng = rng
    decisions = []
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            winner = node.winners[0] if len(node.winners) == 1 else -1
            return {"winner": winner, "turns": state.turns, "used": rng.used, "decisions": decisions, "state": state}
        seat = node.seats[0]
        if epsilon and rng.random() < epsilon:
            action = rng.choice(game.legal_actions(state, seat))
        else:
            action = made[seat].choose(game, state, seat)
        decisions.append((seat, action, snapshot(state)))
        state = game.apply_action(state, seat, action)


__all__ = ["Start", "load", "play_engine_from", "why_not"]
