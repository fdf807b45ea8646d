"""Krig: a two-player duel of five dice.

Each player has hit points (a d20 showing 20), an agility d10, a defense d8, an attack d6 and a
parry d4.  A turn is one action:

- ``attack``: roll agility d10 and attack d6 together.  A 1 on the d10 misses; a 10 is a critical
  that goes straight to hit points and cannot be parried; otherwise the defender may ``parry``
  (a reaction, decided after seeing both dice) or ``take`` the blow.  Damage is absorbed by the
  defender's active defense first, the rest comes off hit points.
- ``defend``: roll the d8; it becomes the active defense (only when none is active).
- ``charge``: the turn ends; the next turn must be the charge attack (also called ``attack``):
  d10, d6 and d8 together, damage d6 + d8, never parried.  Afterwards the charger's defense is 0.

A parry rolls the d4: at least the attack d6 and the blow is avoided; otherwise the damage is taken
and the attacker goes again at once.  The two editions differ on charging: in ``article`` a charge
drops the charger's defense at once and forbids parrying until the charge attack; in ``author``
neither happens.  The rules page (``rules.md``) cites each rule's source and says how brawl reads
what the two texts leave open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from ...core.dice import die
from ...core.game import Chance, Decision, Game, GameOptions, IllegalAction, Terminal
from ...core.values import replace
from . import mechanics as M

D10 = die(M.AGILITY_SIDES, f"d{M.AGILITY_SIDES}", "agility")
D6 = die(M.ATTACK_SIDES, f"d{M.ATTACK_SIDES}", "attack")
D8_DEFENSE = die(M.DEFENSE_SIDES, f"d{M.DEFENSE_SIDES}", "defense")
D8_CHARGE = die(M.DEFENSE_SIDES, f"d{M.DEFENSE_SIDES}", "charge")
D4 = die(M.PARRY_SIDES, f"d{M.PARRY_SIDES}", "parry")


class KrigOptions(GameOptions):
    edition: Literal["author", "article"] = Field(
        "author", title="Edition",
        description=("Which rules: author (the designer's own page) or article (a later write-up: charging drops "
                     "your defense at once and you may not parry until the charge attack)."))
    hp: int = Field(M.STARTING_HP, ge=1, le=M.STARTING_HP, title="Hit points", description=f"Hit points each player starts with, 1 to {M.STARTING_HP}.")


@dataclass(frozen=True)
class KrigState:
    hp: tuple[int, int]
    defense: tuple[int, int] = (0, 0)  # 0: no active defense
    charging: tuple[bool, bool] = (False, False)
    phase: str = "init"  # see Krig.node
    to_act: int = 0  # the player on turn (the attacker during an attack)
    rolls: tuple[int, ...] = ()  # dice of the step in progress, in the order rolled
    turns: int = 0
    first_mover: int = -1
    winner: int = -1
    last: str = ""  # what the last completed step did, for people

    @property
    def defender(self) -> int:
        return 1 - self.to_act


#: faces of the d4 that parry an attack d6, out of 4 (the name the bots and hints use)
parry_chance = M.parry_faces
absorb = M.absorb



def _hit_points(n: int) -> str:
    """"1 hit point", "7 hit points"."""
    return f"{n} hit point" if n == 1 else f"{n} hit points"

def _set(pair: tuple, seat: int, value) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


class Krig(Game[KrigState]):
    name = "krig"
    title = "Krig"
    description = "A two-player duel of five dice: attack, defend or charge, and parry your opponent's blows."
    Options = KrigOptions
    State = KrigState

    def initial_state(self) -> KrigState:
        hp = self.options.hp
        return KrigState(hp=(hp, hp))

    # Phases: "init" (agility d10 of each player, ties re-roll), "turn" (decision of to_act),
    # "attack" (d10 then d6), "parry?" (reaction of the defender), "parry" (d4), "defend" (d8),
    # "charge_attack" (d10, d6, d8), "over".
    def node(self, state: KrigState):
        p = state.phase
        if p == "over":
            return Terminal((state.winner,))
        if p == "turn":
            return Decision((state.to_act,), "turn", self._turn_prompt(state))
        if p == "parry?":
            agility, attack = state.rolls[:2]
            return Decision((state.defender,), "reaction",
                            f"{self.seat_name(state.to_act)} attacks with {attack} on the d6 (agility {agility}): "
                            f"{self.seat_name(state.defender)}, parry with the d4 (it needs {attack} or more) "
                            f"or take the blow?")
        if p == "init":
            return Chance(D10, len(state.rolls))
        if p == "attack":
            return Chance(D10 if not state.rolls else D6, state.to_act)
        if p == "charge_attack":
            return Chance((D10, D6, D8_CHARGE)[len(state.rolls)], state.to_act)
        if p == "parry":
            return Chance(D4, state.defender)
        if p == "defend":
            return Chance(D8_DEFENSE, state.to_act)
        raise ValueError(f"unknown phase {p!r}")

    def _turn_prompt(self, state: KrigState) -> str:
        me = state.to_act
        who = self.seat_name(me)
        if state.charging[me]:
            return f"{who}: make your charge attack (d10, d6 and d8)"
        if state.defense[me]:
            return f"{who}: attack or charge? (your defense {state.defense[me]} is still active)"
        return f"{who}: attack, defend or charge?"

    def check_action(self, state: KrigState, seat: int, action: str) -> None:
        """Refuse a decision that is not legal now, saying why and what may be done, in words."""
        legal = self.legal_actions(state, seat)
        if action in legal:
            return
        who = self.seat_name(seat)
        if state.phase == "parry?":
            why = f"{who} is hit and may only parry or take the blow"
        elif action == "defend" and state.defense[seat]:
            why = f"{who}'s defense {state.defense[seat]} is still active, so {who} cannot defend again"
        elif action == "charge" and state.charging[seat]:
            why = f"{who} is charging and must make the charge attack"
        elif action in ("parry", "take"):
            why = "a parry answers an attack; it is never a turn's action"
        else:
            why = "Krig knows attack, defend, charge, parry and take the blow"
        doing = {"attack": "make the charge attack" if state.charging[seat] else "attack (d10, d6)",
                 "defend": "defend (d8)", "charge": "charge", "parry": "parry (d4)", "take": "take the blow"}
        may = [doing[a] for a in legal]
        raise IllegalAction(f"that is not legal now: {why}; {who} may {_or(may)}", legal)

    def legal_actions(self, state: KrigState, seat: int) -> list[str]:
        if state.phase == "turn" and seat == state.to_act:
            if state.charging[seat]:
                return ["attack"]  # the charge attack is forced
            actions = ["attack"]
            if state.defense[seat] == 0:
                actions.append("defend")
            actions.append("charge")
            return actions
        if state.phase == "parry?" and seat == state.defender:
            return ["parry", "take"]
        return []

    def can_parry(self, state: KrigState, seat: int) -> bool:
        return M.may_parry(self.options.edition == "article", state.charging[seat])

    # -- transitions ---------------------------------------------------------------------------
    def _apply_action(self, state: KrigState, seat: int, action: str) -> KrigState:
        if state.phase == "parry?":
            if action == "parry":
                return replace(state, phase="parry")
            return self._hit(state, state.rolls[1], "hit")
        turn = replace(state, turns=state.turns + 1, rolls=())
        if action == "attack":
            return replace(turn, phase="charge_attack" if state.charging[seat] else "attack")
        if action == "defend":
            return replace(turn, phase="defend")
        # charge
        charged = replace(turn, charging=_set(state.charging, seat, True), last=f"{self.seat_name(seat)} charges")
        defense = M.defense_after_charge(self.options.edition == "article", state.defense[seat])
        return self._end_turn(replace(charged, defense=_set(state.defense, seat, defense)))

    def _apply_chance(self, state: KrigState, outcome: int) -> KrigState:
        rolls = state.rolls + (outcome,)
        p = state.phase
        if p == "init":
            if len(rolls) < 2:
                return replace(state, rolls=rolls)
            a, b = rolls
            first = M.initiative_first(a, b)
            if first < 0:
                return replace(state, rolls=(), last=f"initiative tie {a}-{b}: roll again")
            return replace(state, rolls=(), phase="turn", to_act=first, first_mover=first,
                           last=f"{self.seat_name(first)} goes first ({a} against {b})")
        if p == "defend":
            return self._end_turn(replace(state, rolls=(), defense=_set(state.defense, state.to_act, outcome),
                                          last=f"{self.seat_name(state.to_act)} defends with {outcome}"))
        if p == "attack":
            if len(rolls) < 2:
                return replace(state, rolls=rolls)
            agility, attack = rolls
            state = replace(state, rolls=rolls)
            if M.is_miss(agility):
                return self._end_turn(replace(state, last=f"{self.seat_name(state.to_act)} misses"))
            if M.is_critical(agility):
                return self._hit(state, attack, "critical", critical=True)
            if self.can_parry(state, state.defender):
                return replace(state, phase="parry?")
            return self._hit(state, attack, "no parry while charging")
        if p == "parry":
            attack = state.rolls[1]
            if M.parry_succeeds(outcome, attack):
                return self._end_turn(replace(state, rolls=state.rolls + (outcome,),
                                              last=f"{self.seat_name(state.defender)} parries ({outcome} against {attack})"))
            hit = self._hit(replace(state, rolls=state.rolls + (outcome,)), attack,
                            f"parry fails ({outcome} against {attack})", end=False)
            if hit.phase == "over":
                return hit
            # the defender loses the next turn: the attacker takes another turn at once
            return replace(hit, phase="turn", rolls=())
        if p == "charge_attack":
            if len(rolls) < 3:
                return replace(state, rolls=rolls)
            agility, attack, extra = rolls
            me = state.to_act
            after = replace(state, rolls=rolls, charging=_set(state.charging, me, False),
                            defense=_set(state.defense, me, M.DEFENSE_AFTER_CHARGE_ATTACK))
            if M.is_miss(agility):
                return self._end_turn(replace(after, last=f"{self.seat_name(me)}'s charge misses"))
            critical = M.is_critical(agility)
            return self._hit(after, M.charge_damage(attack, extra), "charge" + (", critical" if critical else ""),
                             critical=critical)
        raise ValueError(f"no chance in phase {p!r}")

    def _hit(self, state: KrigState, damage: int, how: str, critical: bool = False, end: bool = True) -> KrigState:
        target = state.defender
        if critical:
            hp, defense = M.critical_hit(state.hp[target], damage), state.defense[target]
        else:
            hp, defense = M.absorb(state.hp[target], state.defense[target], damage)
        soaked = state.defense[target] - defense
        lost = state.hp[target] - hp
        text = f"{how}: {damage} damage to {self.seat_name(target)}"
        if soaked:
            text += f", {soaked} absorbed by defense"
        text += f", {lost} off hit points ({hp} left)"
        state = replace(state, hp=_set(state.hp, target, hp), defense=_set(state.defense, target, defense), last=text)
        if M.knocked_out(hp):
            return replace(state, phase="over", winner=state.to_act, last=text + f"; {self.seat_name(state.to_act)} wins")
        return self._end_turn(state) if end else state

    def _end_turn(self, state: KrigState) -> KrigState:
        return replace(state, phase="turn", to_act=state.defender)

    # -- for people ----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return ("Sun", "Moon")[seat] if seat in (0, 1) else super().seat_name(seat)

    def describe_action(self, state: KrigState, seat: int, action: str) -> str:
        who = self.seat_name(seat)
        if action == "attack" and state.charging[seat]:
            return f"{who} makes the charge attack (d10, d6, d8)"
        return {"attack": f"{who} attacks (d10, d6)", "defend": f"{who} defends (d8)",
                "charge": f"{who} charges", "parry": f"{who} tries to parry (d4)",
                "take": f"{who} takes the blow"}.get(action, f"{who} makes a decision Krig does not know")

    def action_odds(self, state: KrigState, seat: int, action: str) -> str | None:
        other = 1 - seat
        if action == "parry" and state.phase == "parry?":
            k = M.parry_faces(state.rolls[1])
            return f"parry succeeds {k} in {M.PARRY_SIDES} (d{M.PARRY_SIDES} >= {state.rolls[1]})"
        if action == "take" and state.phase == "parry?":
            hp, _ = M.absorb(state.hp[seat], state.defense[seat], state.rolls[1])
            return f"you take {state.rolls[1]}, left with {_hit_points(hp)}"
        if action == "attack" and state.charging[seat]:
            return (f"charge attack: {_hits()} (1 in {M.AGILITY_SIDES} critical), damage {_CHARGE} "
                    f"({M.charge_damage(1, 1)}-{M.charge_damage(M.ATTACK_SIDES, M.DEFENSE_SIDES)}, average "
                    f"{_mean(M.ATTACK_SIDES) + _mean(M.DEFENSE_SIDES):g}), cannot be parried")
        if action == "attack":
            parry = "" if not self.can_parry(state, other) else "; the defender may parry"
            return (f"{_hits()} (1 in {M.AGILITY_SIDES} critical past defense), damage d{M.ATTACK_SIDES} "
                    f"(average {_mean(M.ATTACK_SIDES):g}){parry}")
        if action == "defend":
            return f"defense d{M.DEFENSE_SIDES}: 1 to {M.DEFENSE_SIDES}, average {_mean(M.DEFENSE_SIDES):g}"
        if action == "charge":
            article = self.options.edition == "article"
            lose = ", you lose your defense and cannot parry until then" if article else ""
            return (f"next turn: {_CHARGE} damage (average {_mean(M.ATTACK_SIDES) + _mean(M.DEFENSE_SIDES):g}), "
                    f"cannot be parried{lose}")
        return None

    def status_rows(self, state: KrigState) -> list[dict]:
        rows = []
        for s in (0, 1):
            turn = "on turn" if state.phase not in ("over", "init") and s == state.to_act else ""
            if state.phase == "over":
                turn = "winner" if s == state.winner else "beaten"
            rows.append({"Player": self.seat_name(s), "Hit points": f"{state.hp[s]}/{self.options.hp}",
                         "Defense d8": state.defense[s] if state.defense[s] else "none",
                         "Charging": "yes" if state.charging[s] else "no", "Status": turn})
        return rows

    def summary(self, state: KrigState) -> str:
        parts = []
        for s in (0, 1):
            flags = (f" defense {state.defense[s]}" if state.defense[s] else " no defense") + (", charging" if state.charging[s] else "")
            parts.append(f"{self.seat_name(s)}: {_hit_points(state.hp[s])},{flags}")
        return " | ".join(parts)


_CHARGE = f"d{M.ATTACK_SIDES}+d{M.DEFENSE_SIDES}"


def _mean(sides: int) -> float:
    return (sides + 1) / 2


def _hits() -> str:
    """"hits 9 in 10": the agility faces that do not miss."""
    return f"hits {M.AGILITY_SIDES - M.MISS_FACES} in {M.AGILITY_SIDES}"


def _or(items: list[str]) -> str:
    """["a", "b", "c"] -> "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
