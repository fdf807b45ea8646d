"""Krig for learning agents.

Actions (``Discrete(5)``): ``0 attack`` (the charge attack while charging), ``1 defend``,
``2 charge``, ``3 parry``, ``4 take``.  The first three are turn decisions, the last two the
defender's reaction to an attack that may be parried (rules page, Parry).

Observation (15 floats in [0, 1], from the observing seat; "my" is that seat):

====  ============================================================
 0    my hit points / 20
 1    opponent's hit points / 20
 2    my active defense d8 / 8 (0: no active defense)
 3    opponent's active defense / 8
 4    I am charging (1/0)
 5    the opponent is charging
 6    I am deciding a turn (attack, defend, charge)
 7    I am deciding a reaction (parry or take)
 8-13 the attack d6 I may parry shows 1..6 (one-hot; zeros otherwise)
 14   the edition is ``article``
====  ============================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...rl.encodings import Encoding, one_hot


class KrigEncoding(Encoding):
    game_name = "krig"
    actions = ("attack", "defend", "charge", "parry", "take")
    observation_labels = (
        "my hit points / 20", "opponent hit points / 20",
        "my active defense / 8", "opponent active defense / 8",
        "I am charging", "opponent is charging",
        "deciding a turn", "deciding a parry",
        *(f"attack d6 to parry is {k}" for k in range(1, 7)),
        "edition is article",
    )
    max_chance_outcomes = 10  # the agility d10
    volatile_fields = ("turns", "last", "first_mover")
    chance_loops = True  # a tie on the initiative d10s is rolled again

    def margin(self, state: Any, seat: int) -> float:
        """My hit points less the opponent's, over the starting hit points."""
        return (max(0, state.hp[seat]) - max(0, state.hp[1 - seat])) / self.game.options.hp

    def observe(self, state: Any, seat: int) -> np.ndarray:
        other = 1 - seat
        vec = np.zeros(self.observation_size, dtype=np.float32)
        vec[0] = state.hp[seat] / 20
        vec[1] = state.hp[other] / 20
        vec[2] = state.defense[seat] / 8
        vec[3] = state.defense[other] / 8
        vec[4] = float(state.charging[seat])
        vec[5] = float(state.charging[other])
        if state.phase == "turn" and state.to_act == seat:
            vec[6] = 1.0
        if state.phase == "parry?" and state.defender == seat:
            vec[7] = 1.0
            one_hot(vec, 8, state.rolls[1] - 1, 6)
        vec[14] = float(self.game.options.edition == "article")
        return vec

    def state_key(self, state: Any) -> str:
        # Between turns the dice of the last step no longer matter; within an attack the agility
        # d10 matters only as a miss (1), a critical (10) or neither (2 to 9 alike, shown as 2).
        phase = state.phase
        if phase == "over":
            return f"over winner={state.winner}"
        rolls = state.rolls
        if phase == "turn":
            rolls = ()
        elif rolls and phase in ("attack", "charge_attack", "parry?", "parry") and rolls[0] not in (1, 10):
            rolls = (2,) + tuple(rolls[1:])
        return (f"{phase} to_act={state.to_act} hp={state.hp[0]},{state.hp[1]} defense={state.defense[0]},"
                f"{state.defense[1]} charging={int(state.charging[0])}{int(state.charging[1])} rolls={','.join(map(str, rolls))}")
