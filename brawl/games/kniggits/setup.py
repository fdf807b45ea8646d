"""Before the battle: the things on the table, the armies taking the field, and
rock-paper-scissors for who goes first (seed, Setup; Dispute Resolution; Magic Potions; Scenarios;
rulings 5 to 11, 30, 35).

Buying and placing one army is :mod:`.army`; this part musters both.  :class:`Setup` is one part of
:class:`.rules.Kniggits`.
"""

from __future__ import annotations

from ...core.values import replace
from ..rps.rules import round_winner
from . import mechanics
from .army import parse_army
from .model import Item, Kniggit
from .state import ARMY_LETTERS, KniggitsState


class Setup:
    def initial_state(self) -> KniggitsState:
        return KniggitsState(items=tuple(self._initial_items()))

    def _initial_items(self) -> list[Item]:
        """The scenario's objects (ruling 35) and the potions (ruling 30)."""
        o, s = self.options, self.table.size
        items: list[Item] = []
        if o.scenario == "flag":
            for seat in (0, 1):
                items.append(Item(f"flag-{seat}", "flag", *self.flag_base(seat), owner=seat))
        elif o.scenario in ("princess", "grail"):
            items.append(Item(o.scenario, o.scenario, s / 2, s / 2))
        if o.potions:
            for colour, fx, fy in mechanics.POTION_PLACES:
                items.append(Item(f"potion-{colour}-1", "potion", fx * s, fy * s, power=colour))
                items.append(Item(f"potion-{colour}-2", "potion", (1 - fx) * s, (1 - fy) * s, power=colour))
        return items

    def flag_base(self, seat: int) -> tuple[float, float]:
        """Where an army's flag stands: 2 inches in front of the middle of its edge (ruling 35)."""
        s = self.table.size
        y = mechanics.FLAG_BASE_DISTANCE * self.table.scale
        return (s / 2, y if seat == 0 else s - y)

    def _muster(self, state: KniggitsState) -> KniggitsState:
        """Both armies take the field; a kniggit without a token of each colour runs away in terror
        (seed, Setup 3), unless it fights with two swords (Two Swords)."""
        kniggits = []
        events = []
        for seat in (0, 1):
            recruits = parse_army(state.armies[seat], seat, self.options, self.table)
            for i, r in enumerate(recruits):
                kid = f"{ARMY_LETTERS[seat]}{i + 1}"
                two = bool(self.options.two_swords and mechanics.fights_with_two_swords(r.attack, r.defense, r.archer))
                k = Kniggit(kid, seat, r.x, r.y, r.move, r.attack, r.defense, archer=r.archer, two_swords=two,
                            heading=90.0 if seat == 0 else 270.0)
                if not two and (r.move == 0 or r.attack == 0 or r.defense == 0):
                    k = replace(k, status="gone")
                    events.append(f"{kid} has not a token of each colour and runs away in terror")
                elif two and r.move == 0:
                    k = replace(k, status="gone")
                    events.append(f"{kid} has no movement token and runs away in terror")
                kniggits.append(k)
        state = replace(state, kniggits=tuple(kniggits), phase="rps", events=tuple(events))
        return self._check_end(state)

    def _rps_round(self, state: KniggitsState, sealed: tuple) -> KniggitsState:
        """One round of best-of-three rock-paper-scissors; ties are played again (seed, Dispute
        Resolution)."""
        a, b = sealed
        wins = list(state.rps_wins)
        w = round_winner(a, b)
        if w is not None:
            wins[w] += 1
        state = replace(state, rps_sealed=(None, None), rps_wins=tuple(wins), rps_rounds=state.rps_rounds + ((a, b),))
        for seat in (0, 1):
            if wins[seat] >= mechanics.RPS_WINS_TO_GO_FIRST:
                return self._start_turn(replace(state, first_mover=seat, to_act=seat, phase="move",
                                                events=(f"{self.seat_name(seat)} wins rock-paper-scissors and goes first",)))
        return state
