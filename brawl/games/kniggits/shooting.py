"""Archers: range, sight and taking aim (seed, Archers; ruling 27).

An archer that has not moved this turn declares a target in its moving phase; the shot itself is a
fight of kind ``shot`` (:mod:`.fights`), in which sight and range are checked again.
:class:`Shooting` is one part of :class:`.rules.Kniggits`.
"""

from __future__ import annotations

from ...core.game import IllegalAction
from ...core.values import replace
from . import combat, mechanics
from .geometry import EPS, dist, heading
from .model import Kniggit
from .state import KniggitsState, put


class Shooting:
    def shooting_range(self, k: Kniggit) -> float:
        """Two inches for each defense token (seed, Archers)."""
        return mechanics.shooting_range(k.defense, self.table.scale)

    def can_shoot_at(self, state: KniggitsState, k: Kniggit, target: Kniggit) -> str | None:
        """Why ``k`` may not shoot at ``target`` now, or None when it may."""
        if not self.options.archers or not k.archer:
            return f"{k.id} is not an archer"
        if not combat.can_strike(k, "shot"):
            return f"{k.id} cannot shoot (fleeing, no attack tokens, or a hand is carrying)"
        if k.moved:
            return f"{k.id} has moved this turn and may not shoot: an archer may not move and shoot in the same turn"
        if target.seat == k.seat or not target.on_table:
            return f"{target.id} is not an enemy on the table"
        if self.on_real_table:
            return None  # range and sight are measured at the table (module real_table)
        d = dist(k.pos, target.pos)
        if d > self.shooting_range(k) + EPS:
            return f"{target.id} is {d:.2f} in away; {k.id}'s range is {self.shooting_range(k):g} in"
        others = [o.pos for o in state.kniggits if o.on_table and o.id not in (k.id, target.id)]
        if not self.table.line_of_sight(k.pos, target.pos, others):
            return f"no clear line from {k.id} to {target.id}"
        return None

    def targets(self, state: KniggitsState, k: Kniggit) -> list[Kniggit]:
        """The enemies ``k`` may aim at now, other than the one it aims at already."""
        if not (self.options.archers and k.archer and not k.moved):
            return []
        return [e for e in state.kniggits if e.seat != k.seat and e.on_table and e.id != k.shot
                and self.can_shoot_at(state, k, e) is None]

    def _aim(self, state: KniggitsState, k: Kniggit, target: Kniggit) -> KniggitsState:
        """Declare the shot: the archer turns to its target (ruling 27) and may not move this turn."""
        why = self.can_shoot_at(state, k, target)
        if why:
            raise IllegalAction(why)
        return put(state, replace(k, shot=target.id, facing=target.id, heading=heading(k.pos, target.pos)))
