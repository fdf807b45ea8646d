"""A Kniggits position of the rules engine as the compiled kernel's arrays (:mod:`.batch_playout`
plays on from them).

:func:`load` writes an engine state (:class:`.state.KniggitsState`) into the tables the kernel's
games run on (:mod:`.batch_moves`: ``K[row, i]`` and ``XY[0 or 1, i]``, the kniggits in the
state's order) and says where in the turn the game stands: rock-paper-scissors (a sealed choice
and the rounds won so far kept), the moving phase (the kniggits that have moved this turn kept),
phase two (turning), or a fight (the turn's fights still to come and the hands already sealed in
the open one).  Every position of a battle with the kernel's options (:func:`.batch.unsupported`)
loads, whatever the armies (ready-made, written kniggit by kniggit, or the search bot's champion).

What does not load (:func:`why_not` says why) is played by the engine: the choice of armies (the
kernel's game starts from ready-made armies; :mod:`.batch_playout` makes the armies' decisions
itself and loads the state after them), a finished game (its result is known), and anything a
battle with the kernel's options cannot hold (archers, a real table's declared contacts), or things
on the table: the kernel's own games lay out, carry and drink them (:mod:`.batch_items`), but a
position does not load them yet, so a game of the flag, the princess or the grail, or one with
potions left, plays on on the engine.

:func:`play_engine_from` is the engine's side of a tape (:mod:`brawl.sim.kernel`) from a state:
the review's playout (:class:`brawl.review.policy.EnginePolicy`: each seat's bot, and with
probability ``epsilon`` a decision drawn uniformly among the listed ones) with every draw read from
one tape, so a test plays the kernel and the engine through the same playout decision by decision.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from ..rps.rules import MOVES as RPS_MOVES
from .batch_moves import ATTACK, DEFENSE, FACING, MOVE, MOVED, NROWS, RANK, SEAT, STATUS
from .mechanics import HEIGHTS

RPS, MOVING, TURNING, FIGHT = range(4)  # where a loaded game stands (the kernel's phases)
PHASES = {"rps": RPS, "move": MOVING, "turning": TURNING, "fight": FIGHT}
STATUS_CODES = {"fighting": 0, "fleeing": 1, "gone": 2}
NO_HAND = 3  # a hand showing nothing (``batch_game.NONE``)

#: a loaded position: the kniggits' tables, how many, the phase, who is on turn, the first mover,
#: the turns played, the fights still to come this turn (attacker, defender), the hands sealed in
#: the open fight (-1 where none) and rock-paper-scissors (each seat's sealed choice or -1, the
#: rounds each has won)
Start = namedtuple("Start", "K XY n phase to_act first turns fights nfights sealed rps")

_PLAIN = {"archer": False, "two_swords": False, "lost": (), "carrying": "", "hand": "", "shot": "", "second": "",
          "guarded": False}


def why_not(state) -> str | None:
    """Why the kernel cannot play on from ``state`` (None when it can): the armies' choice, a
    finished game, or something a battle with the kernel's options does not have."""
    if state.phase not in PHASES:
        return f"the phase {state.phase}"
    if state.items or state.contacts or state.left:
        return "things to carry or a real table's declared contacts"
    for k in state.kniggits:
        for field, plain in _PLAIN.items():
            if getattr(k, field) != plain:
                return f"{k.id}'s {field}"
    if any(f[2] != "melee" for f in state.fights):
        return "a fight that is not hand to hand"
    return None


def _hand(h) -> int:
    return HEIGHTS.index(h) if h in HEIGHTS else NO_HAND


def load(state) -> Start:
    """The kernel's arrays of ``state`` (:class:`Start`); :class:`ValueError` where :func:`why_not`
    names something."""
    why = why_not(state)
    if why is not None:
        raise ValueError(f"the compiled kernel does not play on from this position: {why}")
    ks = state.kniggits
    n = len(ks)
    col = {k.id: i for i, k in enumerate(ks)}
    rank = {kid: r for r, kid in enumerate(sorted(col))}  # the rules break ties by name, as text
    K = np.zeros((NROWS, max(n, 1)), np.int64)
    XY = np.zeros((2, max(n, 1)))
    for i, k in enumerate(ks):
        K[SEAT, i], K[MOVE, i], K[ATTACK, i], K[DEFENSE, i] = k.seat, k.move, k.attack, k.defense
        K[STATUS, i], K[FACING, i] = STATUS_CODES[k.status], col.get(k.facing, -1)
        K[MOVED, i], K[RANK, i] = int(k.moved), rank[k.id]
        XY[0, i], XY[1, i] = k.x, k.y
    fights = np.zeros((max(n, 1), 2), np.int64)
    for f, (a, d, _) in enumerate(state.fights):
        fights[f] = col[a], col[d]
    sealed = np.full((2, 2), -1, np.int64)
    for seat, hands in enumerate(state.sealed):
        if hands is not None:
            sealed[seat] = _hand(hands[0]), _hand(hands[1])
    rps = np.array([-1 if r is None else RPS_MOVES.index(r) for r in state.rps_sealed] + list(state.rps_wins), np.int64)
    return Start(K, XY, n, PHASES[state.phase], int(state.to_act), int(state.first_mover), int(state.turns), fights,
                 len(state.fights), sealed, rps)


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
