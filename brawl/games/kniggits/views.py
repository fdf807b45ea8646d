"""What people see: each seat's view of the state (sealed choices hidden), a view read back as a
state, decisions and events in words, the status table and the one-line summary (DEVELOPERS: views
per seat; rulings 8, 11, 34).

:class:`Views` is one part of :class:`.rules.Kniggits`; the words themselves are :mod:`.words`.
"""

from __future__ import annotations

from ...core.game import Game, IllegalAction
from ...core.values import replace
from ..rps.rules import MOVES as RPS_MOVES
from . import mechanics, words
from .army import parse_army
from .model import Item, Kniggit
from .state import SEAT_NAMES, KniggitsState, item, kniggit
from .words import PHASES, PRESET_WORDS


class Views:
    def state_to_json(self, state: KniggitsState) -> dict:
        """The state's JSON; ``contacts`` (a real table's declared combat) and ``left`` (whom a
        kniggit left combat with this turn) only when there are some, so that a measured game's
        JSON is what it always was."""
        data = Game.state_to_json(self, state)
        if not state.contacts:
            data.pop("contacts", None)
        if not state.left:
            data.pop("left", None)
        return data

    def view(self, state: KniggitsState, seat: int | None) -> dict:
        """The state as ``seat`` may see it: the other seat's sealed army, rock-paper-scissors and
        fight hands read "chosen" until revealed.  ``board`` adds the table (size, obstacles, zones)
        for drawing; ``state_from_json`` accepts a view back (what a bot may look at)."""
        data = self.state_to_json(state)
        hide = lambda pair: [(v if s == seat else ("chosen" if v is not None else None)) for s, v in enumerate(pair)]
        if state.phase == "army":
            data["armies"] = hide(state.armies)
        data["rps_sealed"] = hide(state.rps_sealed)
        data["sealed"] = hide([("/".join(h) if h is not None else None) for h in state.sealed])
        board = self.table.to_json()
        board.update(deploy_depth=self.table.deploy_depth, ring=self.table.ring, reach=self.table.reach,
                     allowance={k.id: self.move_allowance(k) for k in state.kniggits},
                     range={k.id: self.shooting_range(k) for k in state.kniggits if k.archer},
                     flag_base=[list(self.flag_base(0)), list(self.flag_base(1))],
                     costs={"kniggit": mechanics.KNIGGIT_COST, "token": mechanics.TOKEN_COST},
                     potion=mechanics.POTION_TOKENS, real=self.on_real_table)
        data["board"] = board
        return data

    def state_from_json(self, data):
        data = {k: v for k, v in data.items() if k != "board"}
        state = Game.state_from_json(self, data)
        ks = tuple(k if isinstance(k, Kniggit) else Kniggit(**k) for k in state.kniggits)
        its = tuple(i if isinstance(i, Item) else Item(**i) for i in state.items)
        sealed = tuple(None if h is None else (("sealed", "sealed") if h == "chosen" else
                                               tuple(h.split("/")) if isinstance(h, str) else tuple(h))
                       for h in state.sealed)
        return replace(state, kniggits=ks, items=its, sealed=sealed)

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat] if seat in (0, 1) else Game.seat_name(self, seat)

    def narrate(self, before: KniggitsState, after: KniggitsState) -> list[str]:
        """The events a step added (blows, tokens lost, flights), for the match log.  The state keeps
        a rolling window of recent events, so the new ones are what follows the longest overlap of
        the old window's tail with the new window's head."""
        old, new = before.events, after.events
        if new == old:
            return []
        for start in range(min(len(new), len(old)), -1, -1):
            if start == 0 or old[-start:] == new[:start]:
                return list(new[start:])
        return []

    def describe_action(self, state: KniggitsState, seat: int, action: str) -> str:
        """A decision in words, starting with the player's name ("Red turns A1 to face B2")."""
        who = self.seat_name(seat)
        parts = action.split(":")
        verb = parts[0]
        if verb == "move" and len(parts) >= 4:
            return f"{who} moves {parts[1]}"  # where it ends and why is the step's result line
        if verb == "face" and len(parts) == 3:
            return f"{who} turns {parts[1]} to face {parts[2]}"
        if verb == "shoot" and len(parts) == 3:
            return f"{who} aims archer {parts[1]} at {parts[2]}"
        if verb == "pick" and len(parts) == 4:
            thing = words.item(item(state, parts[2]), SEAT_NAMES)
            return f"{who} picks up {thing} with {parts[1]}'s {parts[3]} hand"
        if verb == "drop" and len(parts) == 2:
            k = kniggit(state, parts[1])
            thing = words.item(item(state, k.carrying), SEAT_NAMES) if k is not None and k.carrying else "what it carries"
            return f"{who} puts down {thing} that {parts[1]} carries"
        if verb == "reach" and len(parts) == 3:
            return f"{who}: {parts[1]} reached {parts[2]} (within {self.table.ring:g} in: in combat)"
        if verb == "moved" and len(parts) == 2:
            return f"{who}: {parts[1]} moved, no enemy within {self.table.ring:g} in"
        if verb == "leave" and len(parts) == 2:
            return f"{who}: {parts[1]} moved directly away, out of combat"
        if verb == "off" and len(parts) == 2:
            return f"{who}: {parts[1]} ran off the table"
        if verb == "second" and len(parts) == 3:
            return f"{who} sends {parts[1]}'s second magic-sword attack at {parts[2]}"
        if verb == "army" and len(parts) == 2:
            if parts[1] in PRESET_WORDS:
                return f"{who} takes {PRESET_WORDS[parts[1]]}"
            try:
                recruits = parse_army(parts[1], seat, self.options, self.table)
            except IllegalAction:
                return f"{who} writes an army that cannot be used"
            return f"{who} takes {words.army(recruits)}"
        if verb == "fight" and len(parts) == 4:
            return f"{who} shows {self._fight_words(state, seat, parts)}"
        if action in RPS_MOVES:
            return f"{who} shows {action}"
        return {"end_move": f"{who} ends the moving phase",
                "end_turning": f"{who} is done turning"}.get(action, f"{who} makes a decision the rules do not know")

    def _fight_words(self, state: KniggitsState, seat: int, parts: list[str]) -> str:
        """``fight:<a>-<d>:<sword>:<shield>`` in words, leaving out a hand with no choice."""
        pair = parts[1].split("-")
        shown = (parts[2], parts[3])
        mine = choices = None
        if len(pair) == 2:
            for kid in pair:
                k = kniggit(state, kid)
                if k is not None and k.seat == seat:
                    mine = k
            if state.phase == "fight" and state.fights and tuple(state.fights[0][:2]) == tuple(pair):
                options = self.fight_hands(state, state.fights[0])
                if options is not None:
                    attacker = kniggit(state, pair[0])
                    choices = options[0] if attacker is not None and attacker.seat == seat else options[1]
        where = f" ({pair[0]} against {pair[1]})" if len(pair) == 2 else ""
        return f"{words.hands(mine, shown, choices)}{where}"

    def status_rows(self, state: KniggitsState) -> list[dict]:
        rows = []
        for s in (0, 1):
            mine = [k for k in state.kniggits if k.seat == s]
            on_table = [k for k in mine if k.on_table]
            if state.phase == "over":
                mark = "winner" if s in state.winners else ("draw" if not state.winners else "beaten")
            else:
                mark = "on turn" if state.phase in ("move", "fight") and s == state.to_act else ""
            rows.append({"Army": self.seat_name(s),
                         "Fighting": sum(k.active for k in mine),
                         "Fleeing": sum(k.status == "fleeing" for k in mine),
                         "Gone": sum(k.status == "gone" for k in mine),
                         "Movement tokens": sum(k.move for k in on_table),
                         "Attack tokens": sum(k.attack for k in on_table),
                         "Defense tokens": sum(k.defense for k in on_table),
                         "Status": mark})
        return rows

    def summary(self, state: KniggitsState) -> str:
        if state.phase == "over":
            return state.end[:1].upper() + state.end[1:]
        if state.phase in ("army", "rps"):
            return f"Before the battle: {PHASES[state.phase]}"
        return f"Turn {state.turns + 1}: {self.seat_name(state.to_act)} on turn, {PHASES.get(state.phase, state.phase)}"
