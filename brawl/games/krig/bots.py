"""Krig bots.

- ``attacker``: the reference policy that checks rely on.  Always ``attack`` (which is the charge
  attack when charging, the only legal decision then) and never parry.  Keep exactly this.
- ``heuristic``: defends when it has no defense, finishes a weak opponent, charges into an
  undefended opponent, and parries when the d4 is likely to beat the attack d6.
- ``optimal``: plays the exact solution (``brawl.solve``), the best any policy can do.
"""

from __future__ import annotations

import random

from .mechanics import absorb, parry_faces
from .rules import Krig, KrigState


class AttackerBot:
    name = "attacker"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, game: Krig, state: KrigState, seat: int) -> str:
        return "take" if state.phase == "parry?" else "attack"


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Krig, state: KrigState, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        other = 1 - seat
        if state.phase == "parry?":
            attack = state.rolls[1]
            odds = parry_faces(attack)
            hp_after, _ = absorb(state.hp[seat], state.defense[seat], attack)
            if odds >= 3 or (odds >= 1 and hp_after <= 0):
                return "parry"
            if odds == 2 and hp_after <= 3:
                return "parry"
            return "take"
        if legal == ["attack"]:
            return "attack"
        opponent_reach = state.hp[other] + state.defense[other]
        if opponent_reach <= 4:
            return "attack"  # one more blow is likely to finish it
        if "defend" in legal and state.hp[seat] > 3:
            return "defend"
        charge_safe = game.options.edition == "author" or state.defense[seat] <= 2
        if charge_safe and state.defense[other] <= 2 and state.hp[other] > 6 and not state.charging[other]:
            return "charge"
        return "attack"


BOTS = {"attacker": AttackerBot, "heuristic": HeuristicBot}
