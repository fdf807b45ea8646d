"""Rock-paper-scissors (best of ``wins_needed``) for learning agents.

Actions (``Discrete(3)``): ``0 rock``, ``1 paper``, ``2 scissors``; every decision is
simultaneous, so the environments ask both seats and reveal together.

Observation (9 floats in [0, 1], from the observing seat; a sealed choice of the other seat is
never in it):

====  ============================================================
 0    my round wins / wins_needed
 1    opponent's round wins / wins_needed
 2-4  my move in the last revealed round (one-hot rock, paper, scissors)
 5-7  the opponent's move in the last revealed round (one-hot)
 8    the last revealed round was a tie
====  ============================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .rules import MOVES
from ...rl.encodings import Encoding, one_hot


class RpsEncoding(Encoding):
    game_name = "rps"
    simultaneous = True
    actions = MOVES
    observation_labels = (
        "my wins / wins_needed", "opponent wins / wins_needed",
        "my last move rock", "my last move paper", "my last move scissors",
        "opponent last move rock", "opponent last move paper", "opponent last move scissors",
        "last round tied",
    )
    max_chance_outcomes = 1  # no dice
    volatile_fields = ("turns", "rounds")

    def state_key(self, state: Any) -> str:
        """The wins, the sealed choices and how many rounds were played (the game ends on
        ``max_rounds``, ties included, so a round played tells two positions apart), not which
        moves they were."""
        return repr((("wins", state.wins), ("sealed", state.sealed), ("rounds", len(state.rounds))))

    def margin(self, state: Any, seat: int) -> float:
        """My round wins less the opponent's, over wins_needed."""
        need = self.game.options.wins_needed
        return max(-1.0, min(1.0, (state.wins[seat] - state.wins[1 - seat]) / need))

    def observe(self, state: Any, seat: int) -> np.ndarray:
        other = 1 - seat
        need = self.game.options.wins_needed
        vec = np.zeros(self.observation_size, dtype=np.float32)
        vec[0] = min(state.wins[seat], need) / need
        vec[1] = min(state.wins[other], need) / need
        if state.rounds:
            last = state.rounds[-1]
            one_hot(vec, 2, MOVES.index(last[seat]), 3)
            one_hot(vec, 5, MOVES.index(last[other]), 3)
            vec[8] = float(last[0] == last[1])
        return vec
