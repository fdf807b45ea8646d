"""The full engine's side of a Kniggits tape (:mod:`brawl.sim.kernel`): the rules module's own bots
play one game drawing every random value from the tape as the compiled kernel does
(:func:`play_engine_tape`), and each decision's state is logged as the kernel logs its own
(:func:`snapshot`), so ``tests/games/kniggits/test_batch_agrees.py`` compares the two decision by
decision.  :mod:`.batch` gives these names too."""

from __future__ import annotations

from typing import Mapping

import numpy as np


STATUS_CODES = {"fighting": 0, "fleeing": 1, "gone": 2}


def snapshot(state) -> tuple:
    """Every kniggit of an engine state as the kernel logs it: place in millionths of an inch,
    tokens, status and the column of the enemy it faces (-1 for none)."""
    where = {k.id: i for i, k in enumerate(state.kniggits)}
    return tuple((int(np.rint(k.x * 1e6)), int(np.rint(k.y * 1e6)), k.move, k.attack, k.defense,
                  STATUS_CODES[k.status], where.get(k.facing, -1)) for k in state.kniggits)


class TapeRandom:
    """A bot's random generator reading a tape as the kernel does: ``random()`` the next value over
    2**31, ``choice`` of ``k`` things the next value mod ``k`` (nothing taken when ``k`` is 1),
    ``uniform(a, b)`` as the standard library makes it from ``random()``."""

    def __init__(self, values) -> None:
        self.values = [int(v) for v in values]
        self.used = 0

    def _take(self) -> int:
        self.used += 1
        return self.values[self.used - 1]

    def random(self) -> float:
        return self._take() / 2147483648.0

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def choice(self, seq):
        return seq[0] if len(seq) == 1 else seq[self._take() % len(seq)]


def play_engine_tape(options: Mapping, bot_specs: list[str], values, given=(None, None)) -> dict:
    """The full engine's side of a tape: one game of the rules module whose bots (the game's own,
    :mod:`.bots`) draw from one :class:`TapeRandom` over ``values``.  Returns what
    :func:`.batch.play_tape` does, each decision's state as :func:`snapshot`, and the final state.  A seat
    ``given`` an army plays the heuristic with it (:class:`.analysis_runs.ArmyBot`, ``PresetBot``)."""
    from ...bots import make_bot
    from ...core.game import Terminal
    from .. import make_game
    from .analysis_runs import ArmyBot, PresetBot

    game = make_game("kniggits", options)
    rng = TapeRandom(values)
    bots = [make_bot("kniggits", b, seed=0, game=game) if army is None
            else PresetBot(army, game=game) if isinstance(army, str) else ArmyBot(army, game=game)
            for b, army in zip(bot_specs, given)]
    for bot in bots:
        bot.rng = rng
        if hasattr(bot, "base"):
            bot.base.rng = rng
    state = game.initial_state()
    decisions = []
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            winner = node.winners[0] if len(node.winners) == 1 else -1
            return {"winner": winner, "first": state.first_mover, "turns": state.turns, "used": rng.used,
                    "decisions": decisions, "state": state}
        seat = node.seats[0]
        action = bots[seat].choose(game, state, seat)
        decisions.append((seat, action, snapshot(state)))
        state = game.apply_action(state, seat, action)
