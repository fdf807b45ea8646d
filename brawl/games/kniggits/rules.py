"""Kniggits: rock-paper-scissors meets sword and shield, on a measured table.

Two armies of toy knights ("kniggits") carry skill tokens of three colours: movement, attack and
defense.  The rules page (``rules.md``) gives every rule with its seed section or ruling.  Kniggits
uses no dice: every uncertainty is a sealed, simultaneous choice.

Decisions (strings)
-------------------
Set-up, both armies at once, sealed until both are in:

- ``army:<preset>`` (``balanced``, ``heavy``, ``horde``; ``archers``, ``cavalry``, ``duelists``
  with their options; ``jouster`` for jousting) or ``army:<m>/<a>/<d>[/archer]@<x>,<y>;...``
  (see :mod:`.army`).

Who goes first, both at once, sealed, best of three: ``rock``, ``paper``, ``scissors``.

Phase one, moving (the player on turn, any order, then ``end_move``):

- ``move:<id>:<x>:<y>[:<x>:<y>...]``: move a kniggit along straight segments through the given
  points (at most 8); once per kniggit per turn.  The move stops by itself on coming within 2 inches
  of an enemy; a kniggit that starts in combat may only make one straight move away.
- ``face:<id>:<enemy>``: face an enemy within 2 inches.
- ``second:<id>:<enemy>``: where a magic sword's second attack goes (magic swords).
- ``shoot:<id>:<enemy>``: an archer that has not moved shoots this turn (archers).
- ``pick:<id>:<item>:<sword|shield>``: pick up a flag, the princess or the grail with that hand.
- ``drop:<id>``: put down what the kniggit carries.
- ``end_move``.

Phase two, turning (the other player): ``face:<id>:<enemy>`` for his kniggits in combat with more
than one enemy, then ``end_turning``.  (With one enemy there is no choice; it is done for him.)

Phase three, fighting, one fight after the other, each side at once and sealed:
``fight:<attacker>-<defender>:<sword hand>:<shield hand>``, each hand ``high``, ``middle``, ``low``
or ``none``; with double defense the sword hand may be ``guard-<height>``; a two-sword kniggit's
second hand is a second sword.  ``legal_actions`` lists the finite decisions; moves are checked by
``check_action`` and drawn by ``sample_action``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Literal

from pydantic import Field

from ...core.game import Decision, Game, GameOptions, IllegalAction, OptionsError, Terminal
from ..rps.rules import MOVES as RPS_MOVES, round_winner
from . import combat, words
from .army import parse_army, preset_names
from .geometry import EPS, Table, dist, first_ring_contact, path_length, truncate
from .model import COLOURS, HEIGHTS, Item, Kniggit
from .words import PHASES, PRESET_WORDS

SEAT_NAMES = ("Red", "Blue")
ARMY_LETTERS = ("A", "B")
MAX_WAYPOINTS = 8
EVENTS_KEPT = 40  # the latest things that happened, for people
SCENARIOS = ("battle", "flag", "princess", "grail", "joust")


class KniggitsOptions(GameOptions):
    points: int = Field(50, ge=5, le=500, title="Points",
                        description="Points for each army: a kniggit costs 5, a skill token 1. The seed suggests 50.")
    table: float = Field(36.0, ge=12, le=144, title="Table",
                         description="Side of the square table in inches (the seed: at least 3 feet).")
    scale: float = Field(1.0, ge=0.25, le=4, title="Scale",
                         description="Every distance of the rules times this: 0.5 for figures under an inch, 2 for big ones.")
    terrain: Literal["village", "forest", "open"] = Field(
        "village", title="Terrain",
        description="Obstacles on the table: village, forest or open ground, each the same for both armies.")
    horses: bool = Field(False, title="Horses",
                         description="Advanced rule: a kniggit with 5 or more movement tokens rides a horse.")
    magic_swords: bool = Field(False, title="Magic swords",
                               description="Advanced rule: a kniggit with 5 or more attack tokens attacks twice on its turn.")
    double_defense: bool = Field(False, title="Double defense",
                                 description="Advanced rule: a kniggit with 5 or more defense tokens may guard with the sword hand too.")
    two_swords: bool = Field(False, title="Two swords",
                             description="Advanced rule: a kniggit bought with no defense tokens and 5 or more attack tokens fights with two swords.")
    archers: bool = Field(False, title="Archers",
                          description="Advanced rule: bows that shoot 2 inches for each defense token; no moving and shooting in one turn.")
    archer_defense: Literal["shots", "never"] = Field(
        "shots", title="Archer defense",
        description=("When an archer may defend. shots (the seed's words): an archer shot at defends normally, "
                     "and is defenseless only hand to hand. never: an archer never defends, not even against arrows."))
    potions: bool = Field(False, title="Potions",
                          description="Advanced rule: magic potions on the table, each 5 more tokens of one colour.")
    scenario: Literal["battle", "flag", "princess", "grail", "joust"] = Field(
        "battle", title="Scenario",
        description="What wins: battle (rout the enemy army), flag (capture the flag), princess (rescue the princess), "
                    "grail (quest for the grail) or joust (one horseman each).")
    disengage: Literal["direct", "away"] = Field(
        "direct", title="Disengage",
        description="Leaving combat: direct (straight away from a single enemy) or away (any straight line that takes "
                    "the kniggit further from every enemy).")
    turn_limit: int = Field(60, ge=0, le=10000, title="Turn limit",
                            description="Turns (both players together) before the game is scored; 0 for none.")
    fight_timer: float = Field(30.0, ge=0, le=3600, title="Fight timer",
                               description="Seconds a fight's hands may take in live play on the server; a hand not "
                                           "chosen in time does nothing. 0 for no timer.")


@dataclass(frozen=True)
class KniggitsState:
    phase: str = "army"  # army | rps | move | turning | fight | over
    armies: tuple = (None, None)  # sealed army decisions
    rps_sealed: tuple = (None, None)
    rps_wins: tuple = (0, 0)
    rps_rounds: tuple = ()
    kniggits: tuple = ()
    items: tuple = ()
    to_act: int = 0
    first_mover: int = -1
    turns: int = 0
    fights: tuple = ()  # (attacker id, defender id, kind) still to fight this turn
    sealed: tuple = (None, None)  # hands chosen in the current fight
    revealed: tuple = ()  # the last fight: (pair, hands of seat 0, hands of seat 1, result)
    events: tuple = ()  # the latest things that happened, for people
    winners: tuple = ()
    end: str = ""


def _set(pair: tuple, seat: int, value) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


_NUM = r"(-?\d+(?:\.\d+)?)"


class Kniggits(Game[KniggitsState]):
    name = "kniggits"
    title = "Kniggits"
    free_form = True  # armies and moves are written as text (a point on the table), judged by the rules
    description = ("Rock-paper-scissors meets sword and shield: two armies of toy knights on a measured table; "
                   "in every fight both sides show sword and shield at once, high, middle or low.")
    Options = KniggitsOptions
    State = KniggitsState

    def __init__(self, options=None, **kwargs) -> None:
        super().__init__(options, **kwargs)
        o = self.options
        self.table = Table(o.table, o.terrain, o.scale)
        problems = self.table.spacing_problems()
        if problems:
            raise OptionsError(f"bad options for kniggits: terrain {o.terrain!r} on a {o.table:g} in table: " + "; ".join(problems))
        if o.scenario == "joust" and o.points < 10:
            raise OptionsError("bad options for kniggits: jousting needs at least 10 points (a kniggit on horseback)")
        self._cache: tuple | None = None

    # -- set-up ----------------------------------------------------------------------------------
    def initial_state(self) -> KniggitsState:
        return KniggitsState(items=tuple(self._initial_items()))

    def _initial_items(self) -> list[Item]:
        o, s = self.options, self.table.size
        items: list[Item] = []
        if o.scenario == "flag":
            for seat in (0, 1):
                items.append(Item(f"flag-{seat}", "flag", *self.flag_base(seat), owner=seat))
        elif o.scenario in ("princess", "grail"):
            items.append(Item(o.scenario, o.scenario, s / 2, s / 2))
        if o.potions:
            spots = [("attack", 0.2, 0.5), ("defense", 0.40, 0.45), ("move", 0.5, 0.38)]
            for colour, fx, fy in spots:
                items.append(Item(f"potion-{colour}-1", "potion", fx * s, fy * s, power=colour))
                items.append(Item(f"potion-{colour}-2", "potion", (1 - fx) * s, (1 - fy) * s, power=colour))
        return items

    def flag_base(self, seat: int) -> tuple[float, float]:
        s = self.table.size
        y = 2.0 * self.table.scale
        return (s / 2, y if seat == 0 else s - y)

    # -- reading the state -------------------------------------------------------------------------
    @staticmethod
    def kniggit(state: KniggitsState, kid: str) -> Kniggit | None:
        for k in state.kniggits:
            if k.id == kid:
                return k
        return None

    @staticmethod
    def item(state: KniggitsState, iid: str) -> Item | None:
        for it in state.items:
            if it.id == iid:
                return it
        return None

    def engaged(self, state: KniggitsState, k: Kniggit) -> list[Kniggit]:
        """Enemies within 2 inches (seed, Phase one: "IN COMBAT"), nearest first."""
        r = self.table.ring + EPS
        out = [e for e in state.kniggits if e.seat != k.seat and e.on_table and dist(e.pos, k.pos) <= r]
        return sorted(out, key=lambda e: (dist(e.pos, k.pos), e.id))

    def move_allowance(self, k: Kniggit) -> float:
        """2 inches a movement token, at most 12 (no cap on horseback), 2 for a crawl (seed)."""
        t = self.table
        if k.move <= 0:
            return t.inches_per_token
        inches = t.inches_per_token * k.move
        if combat.mounted(k, self.options):
            return inches
        return min(inches, t.max_move)

    def shooting_range(self, k: Kniggit) -> float:
        """Two inches for each defense token (seed, Archers)."""
        return self.table.inches_per_token * k.defense

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
        d = dist(k.pos, target.pos)
        if d > self.shooting_range(k) + EPS:
            return f"{target.id} is {d:.2f} in away; {k.id}'s range is {self.shooting_range(k):g} in"
        others = [o.pos for o in state.kniggits if o.on_table and o.id not in (k.id, target.id)]
        if not self.table.line_of_sight(k.pos, target.pos, others):
            return f"no clear line from {k.id} to {target.id}"
        return None

    # -- the flow ----------------------------------------------------------------------------------
    def node(self, state: KniggitsState):
        p = state.phase
        if p == "over":
            return Terminal(tuple(state.winners))
        if p == "army":
            return Decision(tuple(s for s in (0, 1) if state.armies[s] is None), "simultaneous",
                            "Choose and place your army (the other player sees it only when both are in)")
        if p == "rps":
            return Decision(tuple(s for s in (0, 1) if state.rps_sealed[s] is None), "simultaneous",
                            "Rock, paper or scissors for who goes first?")
        if p == "move":
            return Decision((state.to_act,), "turn",
                            f"{self.seat_name(state.to_act)}: move your kniggits, then end the moving phase")
        if p == "turning":
            return Decision((1 - state.to_act,), "reaction",
                            f"{self.seat_name(1 - state.to_act)}: turn your kniggits in combat to face an attacker, then say you are done")
        if p == "fight":
            needs = self.fight_seats(state)
            # With one side only able to choose there is nothing to keep secret from the other.
            kind = "simultaneous" if len(needs) == 2 else "turn"
            return Decision(tuple(s for s in needs if state.sealed[s] is None), kind, self._fight_prompt(state))
        raise ValueError(f"unknown phase {p!r}")

    def _fight_prompt(self, state: KniggitsState) -> str:
        aid, did, kind = state.fights[0]
        a = self.kniggit(state, aid)
        side = self.seat_name(a.seat) if a is not None else "?"
        if kind == "shot":
            return f"{side}'s archer {aid} shoots at {did}: show your hands"
        if kind in ("again", "second"):
            return f"{side}'s {aid} strikes {did} again with a magic sword: show your hands"
        return f"{side}'s {aid} attacks {did}: show sword and shield"

    def decision_deadline(self, state: KniggitsState) -> float | None:
        """The fight's timer (option ``fight_timer``) while hands are to be shown; no clock for
        the armies, rock-paper-scissors, moving or turning (ruling, rule 19)."""
        if state.phase == "fight" and self.options.fight_timer > 0:
            return float(self.options.fight_timer)
        return None

    def timeout_action(self, state: KniggitsState, seat: int) -> str:
        """Both hands ``none`` for a seat whose time ran out: the seed's fumble (Fumbles; RULINGS)."""
        if state.phase != "fight" or not state.fights:
            raise IllegalAction("only a fight's hands have a timer")
        fight = state.fights[0]
        return f"fight:{fight[0]}-{fight[1]}:{combat.NONE}:{combat.NONE}"

    def fight_hands(self, state: KniggitsState, fight: tuple) -> tuple[tuple, tuple] | None:
        """Hand choices of the attacker's and the defender's seat in ``fight``, or None when the
        fight cannot happen any more."""
        aid, did, kind = fight
        a, d = self.kniggit(state, aid), self.kniggit(state, did)
        if a is None or d is None or not d.on_table or not combat.can_strike(a, kind):
            return None
        if kind in ("again", "second") and not combat.magic_sword(a, self.options):
            return None  # the sword lost its magic in the first fight
        shooting = kind == "shot"
        ha = combat.hand_options(a, d, True, self.options, shooting=shooting)
        hd = combat.hand_options(d, a, combat.strikes_back(a, d, kind, self.options), self.options, shot_at=shooting)
        if not combat.has_choice(ha):
            return None
        return ha, hd

    def fight_seats(self, state: KniggitsState) -> tuple[int, ...]:
        hands = self.fight_hands(state, state.fights[0])
        a = self.kniggit(state, state.fights[0][0])
        out = []
        for side, seat in ((0, a.seat), (1, 1 - a.seat)):
            if combat.has_choice(hands[side]):
                out.append(seat)
        return tuple(sorted(out))

    # -- decisions ---------------------------------------------------------------------------------
    def legal_actions(self, state: KniggitsState, seat: int) -> list[str]:
        p = state.phase
        if p == "army":
            return [] if state.armies[seat] is not None else ["army:" + n for n in preset_names(self.options)]
        if p == "rps":
            return [] if state.rps_sealed[seat] is not None else list(RPS_MOVES)
        if p == "move" and seat == state.to_act:
            return self._move_phase_actions(state, seat)
        if p == "turning" and seat == 1 - state.to_act:
            out = []
            for k in state.kniggits:
                if k.seat == seat and k.active:
                    enemies = self.engaged(state, k)
                    if len(enemies) > 1:
                        out += [f"face:{k.id}:{e.id}" for e in enemies if e.id != k.facing]
            return out + ["end_turning"]
        if p == "fight" and state.sealed[seat] is None and seat in self.fight_seats(state):
            hands = self.fight_hands(state, state.fights[0])
            a = self.kniggit(state, state.fights[0][0])
            mine = hands[0] if a.seat == seat else hands[1]
            pair = f"{state.fights[0][0]}-{state.fights[0][1]}"
            return [f"fight:{pair}:{h1}:{h2}" for h1 in mine[0] for h2 in mine[1]]
        return []

    def _move_phase_actions(self, state: KniggitsState, seat: int) -> list[str]:
        out = []
        for k in state.kniggits:
            if k.seat != seat or not k.active:
                continue
            enemies = self.engaged(state, k)
            out += [f"face:{k.id}:{e.id}" for e in enemies if e.id != k.facing]
            if enemies and combat.magic_sword(k, self.options):
                out += [f"second:{k.id}:{e.id}" for e in enemies if e.id != k.second]
            if self.options.archers and k.archer and not k.moved:
                for e in state.kniggits:
                    if e.seat != seat and e.on_table and e.id != k.shot and self.can_shoot_at(state, k, e) is None:
                        out.append(f"shoot:{k.id}:{e.id}")
            if k.carrying:
                out.append(f"drop:{k.id}")
            else:
                for it in state.items:
                    if self._may_pick(k, it) and dist(k.pos, it.pos) <= self.table.reach + EPS:
                        out += [f"pick:{k.id}:{it.id}:sword", f"pick:{k.id}:{it.id}:shield"]
        return out + ["end_move"]

    def _may_pick(self, k: Kniggit, it: Item) -> bool:
        if it.carrier or it.kind == "potion":
            return False
        if it.kind == "flag":
            return it.owner != k.seat  # one's own flag returns to its base instead (ruling)
        return True

    def check_action(self, state: KniggitsState, seat: int, action: str) -> None:
        self._resolve(state, seat, action)

    def _apply_action(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        return self._resolve(state, seat, action)

    def _resolve(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        cached = self._cache
        if cached is not None and cached[0] is state and cached[1] == seat and cached[2] == action:
            return cached[3]
        new = self._transition(state, seat, action)
        self._cache = (state, seat, action, new)
        return new

    def _transition(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        p = state.phase
        if p == "army":
            if state.armies[seat] is not None:
                raise IllegalAction(f"{self.seat_name(seat)} has already chosen an army")
            if not action.startswith("army:"):
                raise IllegalAction("choose an army first: a ready-made one ("
                                    + ", ".join(preset_names(self.options)) + ") or one written kniggit by kniggit",
                                    self.legal_actions(state, seat))
            parse_army(action[5:], seat, self.options, self.table)  # raises on bad input
            armies = _set(state.armies, seat, action[5:])
            state = replace(state, armies=armies)
            return self._muster(state) if None not in armies else state
        if p == "rps":
            if state.rps_sealed[seat] is not None:
                raise IllegalAction(f"{self.seat_name(seat)} has already chosen in this round of rock-paper-scissors")
            if action not in RPS_MOVES:
                raise IllegalAction("that is not legal now: choose rock, paper or scissors for who goes first", list(RPS_MOVES))
            sealed = _set(state.rps_sealed, seat, action)
            if None in sealed:
                return replace(state, rps_sealed=sealed)
            return self._rps_round(state, sealed)
        if p == "move":
            if seat != state.to_act:
                raise IllegalAction(f"it is {self.seat_name(state.to_act)}'s turn")
            return self._move_phase(state, seat, action)
        if p == "turning":
            if seat != 1 - state.to_act:
                raise IllegalAction(f"{self.seat_name(1 - state.to_act)} turns now")
            if action == "end_turning":
                return self._start_fights(self._auto_face(state, seat))
            if action.startswith("face:"):
                return self._face(state, seat, action)
            raise IllegalAction("that is not legal while turning: turn a kniggit in combat to face one of its attackers, "
                                "or say you are done turning", self.legal_actions(state, seat))
        if p == "fight":
            return self._fight_choice(state, seat, action)
        raise IllegalAction("the game is over" if p == "over" else f"no decision in phase {p}")

    # -- set-up transitions ------------------------------------------------------------------------
    def _muster(self, state: KniggitsState) -> KniggitsState:
        kniggits = []
        events = []
        for seat in (0, 1):
            recruits = parse_army(state.armies[seat], seat, self.options, self.table)
            for i, r in enumerate(recruits):
                kid = f"{ARMY_LETTERS[seat]}{i + 1}"
                two = bool(self.options.two_swords and r.defense == 0 and r.attack >= 5 and not r.archer)
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
        a, b = sealed
        wins = list(state.rps_wins)
        w = round_winner(a, b)
        if w is not None:
            wins[w] += 1
        state = replace(state, rps_sealed=(None, None), rps_wins=tuple(wins), rps_rounds=state.rps_rounds + ((a, b),))
        for seat in (0, 1):
            if wins[seat] >= 2:
                return self._start_turn(replace(state, first_mover=seat, to_act=seat, phase="move",
                                                events=(f"{self.seat_name(seat)} wins rock-paper-scissors and goes first",)))
        return state

    # -- phase one: moving -------------------------------------------------------------------------
    def _own(self, state: KniggitsState, seat: int, kid: str) -> Kniggit:
        k = self.kniggit(state, kid)
        if k is None or k.seat != seat:
            raise IllegalAction(f"{kid} is not one of {self.seat_name(seat)}'s kniggits")
        if not k.active:
            raise IllegalAction(f"{kid} is {'fleeing' if k.status == 'fleeing' else 'gone'} and takes no orders")
        return k

    def _move_phase(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        parts = action.split(":")
        verb = parts[0]
        if action == "end_move":
            return self._end_move(state)
        if verb == "move":
            if len(parts) < 4 or len(parts) % 2 != 0:
                raise IllegalAction("a move names one of your kniggits and the points it goes through, each with two numbers")
            k = self._own(state, seat, parts[1])
            try:
                coords = [float(v) for v in parts[2:]]
            except ValueError:
                raise IllegalAction("the points of a move must be numbers of inches") from None
            if not all(math.isfinite(c) for c in coords):
                raise IllegalAction("the points of a move must be numbers of inches")
            points = [(coords[i], coords[i + 1]) for i in range(0, len(coords), 2)]
            return self._move(state, k, points)
        if verb in ("face", "second", "shoot") and len(parts) == 3:
            if verb == "face":
                return self._face(state, seat, action)
            k = self._own(state, seat, parts[1])
            e = self.kniggit(state, parts[2])
            if e is None or e.seat == seat or not e.on_table:
                raise IllegalAction(f"{parts[2]} is not an enemy on the table")
            if verb == "second":
                if not combat.magic_sword(k, self.options):
                    raise IllegalAction(f"{k.id} has no magic sword")
                if e not in self.engaged(state, k):
                    raise IllegalAction(f"{e.id} is not within {self.table.ring:g} in of {k.id}")
                return self._put(state, replace(k, second=e.id))
            why = self.can_shoot_at(state, k, e)
            if why:
                raise IllegalAction(why)
            return self._put(state, replace(k, shot=e.id, facing=e.id, heading=_heading(k.pos, e.pos)))
        if verb == "pick" and len(parts) == 4:
            k = self._own(state, seat, parts[1])
            it = self.item(state, parts[2])
            if it is None or not self._may_pick(k, it):
                thing = words.item(it, SEAT_NAMES) if it is not None else "that"
                raise IllegalAction(f"{k.id} cannot pick up {thing}")
            if k.carrying:
                raise IllegalAction(f"{k.id} already carries {words.item(self.item(state, k.carrying), SEAT_NAMES)}")
            if parts[3] not in ("sword", "shield"):
                raise IllegalAction("carry with the sword hand or the shield hand")
            if dist(k.pos, it.pos) > self.table.reach + EPS:
                raise IllegalAction(f"{words.item(it, SEAT_NAMES)} is {dist(k.pos, it.pos):.2f} in from {k.id}; "
                                    f"reach it within {self.table.reach:g} in")
            k = replace(k, carrying=it.id, hand=parts[3], shot="")
            state = self._put(state, k)
            return self._put_item(state, replace(it, carrier=k.id, x=k.x, y=k.y))
        if verb == "drop" and len(parts) == 2:
            k = self._own(state, seat, parts[1])
            if not k.carrying:
                raise IllegalAction(f"{k.id} carries nothing")
            return self._drop(state, k)
        raise IllegalAction("that is not a decision of the moving phase: move a kniggit, turn one in combat to face "
                            "an enemy, aim an archer, pick up or put down what a kniggit carries, or end the moving phase",
                            self._move_phase_actions(state, seat))

    def _face(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        parts = action.split(":")
        if len(parts) != 3:
            raise IllegalAction("turning names one of your kniggits and the enemy it is to face")
        k = self._own(state, seat, parts[1])
        enemies = self.engaged(state, k)
        e = next((x for x in enemies if x.id == parts[2]), None)
        if e is None:
            raise IllegalAction(f"{parts[2]} is not an enemy within {self.table.ring:g} in of {k.id}")
        return self._put(state, replace(k, facing=e.id, heading=_heading(k.pos, e.pos)))

    def check_path(self, state: KniggitsState, k: Kniggit, points: list[tuple[float, float]]) -> tuple[list, str]:
        """The path a move really takes: (points up to where it stops, why it stopped).  Raises
        :class:`IllegalAction` when the path is against the rules."""
        t = self.table
        if not 1 <= len(points) <= MAX_WAYPOINTS:
            raise IllegalAction(f"a move has 1 to {MAX_WAYPOINTS} points")
        path = [k.pos] + [(float(x), float(y)) for x, y in points]
        for p in path[1:]:
            if not t.on_table(p):
                raise IllegalAction(f"({p[0]:g}, {p[1]:g}) is off the {t.size:g} in table")
        length = path_length(path)
        allowance = self.move_allowance(k)
        if length > allowance + 1e-3:
            raise IllegalAction(f"the move is {length:.2f} in; {k.id} may move {allowance:g} in")
        for a, b in zip(path, path[1:]):
            if t.segment_blocked(a, b):
                raise IllegalAction(f"the line ({a[0]:.2f}, {a[1]:.2f}) to ({b[0]:.2f}, {b[1]:.2f}) crosses an obstacle")
        start_engaged = self.engaged(state, k)
        if start_engaged:
            if len(path) != 2:
                raise IllegalAction(f"{k.id} starts in combat and may only move straight away (one segment)")
            d = (path[1][0] - k.x, path[1][1] - k.y)
            norm = math.hypot(*d)
            for e in start_engaged:
                away = (k.x - e.x, k.y - e.y)
                if d[0] * away[0] + d[1] * away[1] <= EPS * norm:
                    raise IllegalAction(f"{k.id} starts in combat with {e.id} and may only move further away from "
                                        + " and ".join(x.id for x in start_engaged))
            if self.options.disengage == "direct" and len(start_engaged) == 1 and norm > EPS:
                e = start_engaged[0]
                away = (k.x - e.x, k.y - e.y)
                cos = (d[0] * away[0] + d[1] * away[1]) / (norm * math.hypot(*away) or 1)
                if cos < math.cos(math.radians(5)):
                    raise IllegalAction(f"{k.id} may only move directly away from {e.id} (within 5 degrees)")
        others = [e for e in state.kniggits if e.seat != k.seat and e.on_table and e not in start_engaged]
        ring = t.ring
        out = [path[0]]
        why = ""
        for a, b in zip(path, path[1:]):
            hit_t, hit_e = None, None
            for e in others:
                tt = first_ring_contact(a, b, e.pos, ring)
                if tt is not None and (hit_t is None or tt < hit_t):
                    hit_t, hit_e = tt, e
            if hit_t is not None:
                out.append((a[0] + hit_t * (b[0] - a[0]), a[1] + hit_t * (b[1] - a[1])))
                why = f"stops {ring:g} in from {hit_e.id}: in combat"
                break
            out.append(b)
        end = out[-1]
        for o in state.kniggits:
            if o.id != k.id and o.on_table and dist(o.pos, end) < 2 * t.figure_radius - 1e-9:
                raise IllegalAction(f"{k.id} would end on top of {o.id} (closer than {2 * t.figure_radius:g} in)")
        return out, why

    def _move(self, state: KniggitsState, k: Kniggit, points: list) -> KniggitsState:
        if k.moved:
            raise IllegalAction(f"{k.id} has already moved this turn")
        if k.shot:
            raise IllegalAction(f"{k.id} is shooting this turn and may not move: an archer may not move and shoot in the same turn")
        path, why = self.check_path(state, k, points)
        state = self._arrive(state, k, path)
        k2 = self.kniggit(state, k.id)
        state = self._put(state, replace(k2, moved=True))
        text = f"{k.id} moves {path_length(path):.1f} in to ({k2.x:.1f}, {k2.y:.1f})" + (f", {why}" if why else "")
        return self._event(state, text)

    def _arrive(self, state: KniggitsState, k: Kniggit, path: list) -> KniggitsState:
        """Put ``k`` at the end of ``path`` and apply what happens there (potions, flags,
        scenario objectives, facing the enemy it met)."""
        end = path[-1]
        heading = k.heading
        for a, b in zip(path, path[1:]):
            if dist(a, b) > EPS:
                heading = _heading(a, b)
        k = replace(k, x=end[0], y=end[1], heading=heading)
        state = self._put(state, k)
        enemies = self.engaged(state, k)
        if enemies and k.active and k.facing not in {e.id for e in enemies}:
            k = replace(k, facing=enemies[0].id, heading=_heading(k.pos, enemies[0].pos))
            state = self._put(state, k)
        if k.carrying:
            it = self.item(state, k.carrying)
            state = self._put_item(state, replace(it, x=k.x, y=k.y))
        reach = self.table.reach + EPS
        for it in list(state.items):
            if it.carrier or dist(it.pos, k.pos) > reach:
                continue
            if it.kind == "potion" and k.on_table:
                k = replace(k, **{it.power: k.tokens(it.power) + 5})
                state = self._put(state, k)
                state = replace(state, items=tuple(x for x in state.items if x.id != it.id))
                state = self._event(state, f"{k.id} drinks a potion: 5 more {words.TOKEN[it.power]} tokens")
            elif it.kind == "flag" and it.owner == k.seat and it.pos != self.flag_base(k.seat):
                state = self._put_item(state, replace(it, x=self.flag_base(k.seat)[0], y=self.flag_base(k.seat)[1]))
                state = self._event(state, f"{k.id} returns {self.seat_name(k.seat)}'s flag to its base")
        if k.carrying and self.table.at_own_edge(k.seat, k.pos):
            it = self.item(state, k.carrying)
            if it.kind in ("flag", "princess", "grail"):
                what = {"flag": "the enemy flag", "princess": "the princess", "grail": "the grail"}[it.kind]
                return self._finish(state, (k.seat,), f"{k.id} brings {what} to {self.seat_name(k.seat)}'s edge")
        return state

    def _drop(self, state: KniggitsState, k: Kniggit) -> KniggitsState:
        it = self.item(state, k.carrying)
        state = self._put(state, replace(k, carrying="", hand=""))
        if it is not None:
            state = self._put_item(state, replace(it, carrier="", x=k.x, y=k.y))
        return self._event(state, f"{k.id} puts down {words.item(it, SEAT_NAMES)}")

    def _end_move(self, state: KniggitsState) -> KniggitsState:
        mover = state.to_act
        state = self._auto_face(state, mover)
        state = self._auto_face(state, 1 - mover)
        for k in state.kniggits:
            if k.seat != mover and k.active and len(self.engaged(state, k)) > 1:
                return replace(state, phase="turning")
        return self._start_fights(state)

    def _auto_face(self, state: KniggitsState, seat: int) -> KniggitsState:
        """Kniggits in combat face an enemy within 2 inches (the nearest if none was named);
        others face no one (ruling: facing matters only in combat)."""
        for k in state.kniggits:
            if k.seat != seat or not k.on_table:
                continue
            enemies = self.engaged(state, k)
            ids = {e.id for e in enemies}
            if not enemies or not k.active:
                if k.facing and not (k.shot and k.facing == k.shot):
                    state = self._put(state, replace(k, facing=""))
            elif k.facing not in ids:
                state = self._put(state, replace(k, facing=enemies[0].id, heading=_heading(k.pos, enemies[0].pos)))
        return state

    # -- phase three: fighting ---------------------------------------------------------------------
    def _start_fights(self, state: KniggitsState) -> KniggitsState:
        mover = state.to_act
        fights = []
        for k in state.kniggits:
            if k.seat != mover or not k.active:
                continue
            if k.archer:
                if k.shot:
                    target = self.kniggit(state, k.shot)
                    why = self.can_shoot_at(state, k, target)
                    if why is None:
                        fights.append((k.id, target.id, "shot"))
                    else:
                        state = self._event(state, f"{k.id} cannot shoot: {why}")
                continue
            enemies = {e.id for e in self.engaged(state, k)}
            if k.facing in enemies:
                fights.append((k.id, k.facing, "melee"))
                if combat.magic_sword(k, self.options):
                    second = k.second if k.second in enemies else k.facing
                    fights.append((k.id, second, "again" if second == k.facing else "second"))
        return self._next_fight(replace(state, phase="fight", fights=tuple(fights), sealed=(None, None)))

    def _next_fight(self, state: KniggitsState) -> KniggitsState:
        fights = state.fights
        while fights and self.fight_hands(state, fights[0]) is None:
            fights = fights[1:]
        state = replace(state, fights=fights, sealed=(None, None))
        if not fights:
            return self._end_turn(state)
        return state

    def _fight_choice(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        fight = state.fights[0]
        pair = f"{fight[0]}-{fight[1]}"
        legal = self.legal_actions(state, seat)
        if action not in legal:
            if state.sealed[seat] is not None:
                raise IllegalAction(f"{self.seat_name(seat)} has already chosen in this fight")
            raise IllegalAction(f"that is not a gesture {self.seat_name(seat)} may show in the fight of {fight[0]} against "
                                f"{fight[1]}; {self._gestures_words(state, seat)}", legal)
        hands = tuple(action.split(":")[2:4])
        sealed = _set(state.sealed, seat, hands)
        needs = self.fight_seats(state)
        if any(sealed[s] is None for s in needs):
            return replace(state, sealed=sealed)
        return self._fight(state, fight, sealed)

    def _gestures_words(self, state: KniggitsState, seat: int) -> str:
        """What each hand of ``seat`` may show in the open fight, in words."""
        fight = state.fights[0]
        hands = self.fight_hands(state, fight)
        if hands is None or seat not in self.fight_seats(state):
            return f"{self.seat_name(seat)} has nothing to show in this fight"
        a = self.kniggit(state, fight[0])
        k = a if a.seat == seat else self.kniggit(state, fight[1])
        mine = hands[0] if a.seat == seat else hands[1]
        out = []
        for which in (0, 1):
            if list(mine[which]) == [combat.NONE]:
                continue
            shown = [words.hand(k, which, g) for g in mine[which]]
            out.append(", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0])
        return "choose " + "; and ".join(out)

    def _fight(self, state: KniggitsState, fight: tuple, sealed: tuple) -> KniggitsState:
        aid, did, kind = fight
        a, d = self.kniggit(state, aid), self.kniggit(state, did)
        choices = self.fight_hands(state, fight)
        none = (combat.NONE, combat.NONE)
        hands_a = sealed[a.seat] or none
        hands_d = sealed[d.seat] or none
        new_a, new_d, lost_a, lost_d = combat.resolve(a, d, hands_a, hands_d)
        new_a = combat.powers_after(a, new_a, self.options)
        new_d = combat.powers_after(d, new_d, self.options)
        state = self._put(self._put(state, new_a), new_d)
        verb = "shoots at" if kind == "shot" else "attacks"
        shows_a = words.hands(a, hands_a, choices[0] if choices else None)
        shows_d = words.hands(d, hands_d, choices[1] if choices else None)
        parts = [f"{aid} {verb} {did}: {aid} shows {shows_a}, {did} shows {shows_d}"]
        parts.append(f"{did} loses {words.tokens(lost_d)}" if lost_d else f"{did} loses nothing")
        if lost_a:
            parts.append(f"{aid} loses {words.tokens(lost_a)}")
        result = "; ".join(parts)
        state = replace(state, revealed=(f"{aid}-{did}", "/".join(sealed[0] or none), "/".join(sealed[1] or none), result))
        state = self._event(state, result)
        for kid in (aid, did):
            state = self._check_flight(state, kid)
        if self.options.scenario == "joust":
            for k in (self.kniggit(state, aid), self.kniggit(state, did)):
                if "horse" in k.lost:
                    return self._finish(state, (1 - k.seat,), f"{k.id} is unhorsed")
        state = self._check_end(state)
        if state.phase == "over":
            return state
        return self._next_fight(replace(state, fights=state.fights[1:]))

    def _check_flight(self, state: KniggitsState, kid: str) -> KniggitsState:
        """Tokens of one colour left (or none): the kniggit flees (seed, The Results)."""
        k = self.kniggit(state, kid)
        if not k.active or k.colours > 1:
            return state
        if k.carrying:
            state = self._drop(state, k)
            k = self.kniggit(state, kid)
        state = self._put(state, replace(k, status="fleeing", facing="", shot="", second=""))
        return self._event(state, f"{kid} is scared and flees toward {self.seat_name(k.seat)}'s edge")

    # -- turns -------------------------------------------------------------------------------------
    def _end_turn(self, state: KniggitsState) -> KniggitsState:
        state = self._check_end(state)
        if state.phase == "over":
            return state
        fresh = tuple(replace(k, moved=False, shot="", second="", guarded=False) for k in state.kniggits)
        state = replace(state, kniggits=fresh, to_act=1 - state.to_act, turns=state.turns + 1,
                        phase="move", fights=(), sealed=(None, None))
        limit = self.options.turn_limit
        if limit and state.turns >= limit:
            return self._score(state)
        return self._start_turn(state)

    def _start_turn(self, state: KniggitsState) -> KniggitsState:
        """Fleeing kniggits of the army on turn run for their edge at full speed and leave the
        game on reaching it (seed, The Results; ruling)."""
        for k in state.kniggits:
            if k.seat == state.to_act and k.status == "fleeing":
                state = self._flee(state, k)
        return self._check_end(state)

    def flee_path(self, state: KniggitsState, k: Kniggit) -> list | None:
        """Where a fleeing kniggit runs: the shortest way toward its own edge; if that is against
        the rules of moving (it is in combat), straight away from its enemies instead (ruling)."""
        t = self.table
        allowance = self.move_allowance(k)
        routes = []
        route = t.plan(k.pos, (k.x, t.edge_y(k.seat)))
        if route is not None:
            routes.append(route)
        enemies = self.engaged(state, k)
        if enemies:
            ax = sum(k.x - e.x for e in enemies)
            ay = sum(k.y - e.y for e in enemies)
            n = math.hypot(ax, ay)
            if n > EPS:
                far = (min(max(k.x + ax / n * allowance, 0.0), t.size), min(max(k.y + ay / n * allowance, 0.0), t.size))
                routes.append([k.pos, far])
        for route in routes:
            for cut in (allowance, allowance * 0.75, allowance * 0.5, allowance * 0.25):
                pts = truncate(route, cut)[1:]
                if not pts or len(pts) > MAX_WAYPOINTS:
                    continue
                try:
                    path, _ = self.check_path(state, k, pts)
                except IllegalAction:
                    continue
                return path
        return None

    def _flee(self, state: KniggitsState, k: Kniggit) -> KniggitsState:
        path = self.flee_path(state, k)
        if path is None or len(path) < 2:
            return self._event(state, f"{k.id} is fleeing but cannot get away")
        state = self._arrive(state, k, path)
        k = self.kniggit(state, k.id)
        if self.table.at_own_edge(k.seat, k.pos):
            state = self._put(state, replace(k, status="gone", facing=""))
            return self._event(state, f"{k.id} flees off the table and leaves the game")
        return self._event(state, f"{k.id} flees to ({k.x:.1f}, {k.y:.1f})")

    def _check_end(self, state: KniggitsState) -> KniggitsState:
        """An army whose kniggits are all fleeing or gone has lost (seed, Winning)."""
        if state.phase == "over":
            return state
        beaten = [s for s in (0, 1) if not any(k.seat == s and k.active for k in state.kniggits)]
        if not beaten:
            return state
        if len(beaten) == 2:
            return self._finish(state, (), "both armies are fleeing or gone")
        loser = beaten[0]
        return self._finish(state, (1 - loser,), f"every kniggit of {self.seat_name(loser)} is fleeing or gone")

    def score(self, state: KniggitsState, seat: int) -> int:
        """Tokens on kniggits still fighting (ruling: the turn limit)."""
        return sum(k.total for k in state.kniggits if k.seat == seat and k.active)

    def _score(self, state: KniggitsState) -> KniggitsState:
        a, b = self.score(state, 0), self.score(state, 1)
        text = f"turn limit: {self.seat_name(0)} {a} tokens, {self.seat_name(1)} {b} tokens"
        return self._finish(state, () if a == b else ((0,) if a > b else (1,)), text)

    def _finish(self, state: KniggitsState, winners: tuple, why: str) -> KniggitsState:
        return replace(state, phase="over", winners=tuple(winners), end=why, fights=(), sealed=(None, None))

    # -- helpers -----------------------------------------------------------------------------------
    def _put(self, state: KniggitsState, k: Kniggit) -> KniggitsState:
        return replace(state, kniggits=tuple(k if x.id == k.id else x for x in state.kniggits))

    def _put_item(self, state: KniggitsState, it: Item) -> KniggitsState:
        return replace(state, items=tuple(it if x.id == it.id else x for x in state.items))

    def _event(self, state: KniggitsState, text: str) -> KniggitsState:
        return replace(state, events=(state.events + (f"turn {state.turns + 1}: {text}",))[-EVENTS_KEPT:])

    # -- random decisions for continuous choices ---------------------------------------------------
    def sample_action(self, state: KniggitsState, seat: int, rng) -> str:
        """A random decision: in the moving phase a random straight move of a random kniggit that
        has not moved (or another finite decision); elsewhere uniform over the legal decisions."""
        legal = self.legal_actions(state, seat)
        if state.phase != "move":
            return rng.choice(legal)
        movers = [k for k in state.kniggits if k.seat == seat and k.active and not k.moved and not k.shot]
        if movers and rng.random() < 0.85:
            k = rng.choice(movers)
            allowance = self.move_allowance(k)
            for _ in range(12):
                angle = rng.uniform(0, 2 * math.pi)
                length = rng.uniform(0, allowance)
                x = min(max(k.x + length * math.cos(angle), 0.0), self.table.size)
                y = min(max(k.y + length * math.sin(angle), 0.0), self.table.size)
                action = f"move:{k.id}:{x:.3f}:{y:.3f}"
                try:
                    self.check_action(state, seat, action)
                except IllegalAction:
                    continue
                return action
        others = [a for a in legal if a != "end_move"]
        if others and rng.random() < 0.3:
            return rng.choice(others)
        return "end_move"

    # -- views and words ---------------------------------------------------------------------------
    def view(self, state: KniggitsState, seat: int | None) -> dict:
        """The state as ``seat`` may see it: the other seat's sealed army, rock-paper-scissors and
        fight hands read "chosen" until revealed.  ``board`` adds the table (size, obstacles, zones)
        for drawing; ``state_from_json`` accepts a view back (what a bot may look at)."""
        data = self.state_to_json(state)
        hide = lambda pair: [(v if s == seat else ("chosen" if v is not None else None)) for s, v in enumerate(pair)]  # noqa: E731
        if state.phase == "army":
            data["armies"] = hide(state.armies)
        data["rps_sealed"] = hide(state.rps_sealed)
        data["sealed"] = hide([("/".join(h) if h is not None else None) for h in state.sealed])
        board = self.table.to_json()
        board.update(deploy_depth=self.table.deploy_depth, ring=self.table.ring, reach=self.table.reach,
                     allowance={k.id: self.move_allowance(k) for k in state.kniggits},
                     range={k.id: self.shooting_range(k) for k in state.kniggits if k.archer},
                     flag_base=[list(self.flag_base(0)), list(self.flag_base(1))])
        data["board"] = board
        return data

    def state_from_json(self, data):
        data = {k: v for k, v in data.items() if k != "board"}
        state = super().state_from_json(data)
        ks = tuple(k if isinstance(k, Kniggit) else Kniggit(**k) for k in state.kniggits)
        its = tuple(i if isinstance(i, Item) else Item(**i) for i in state.items)
        sealed = tuple(None if h is None else (("sealed", "sealed") if h == "chosen" else
                                               tuple(h.split("/")) if isinstance(h, str) else tuple(h))
                       for h in state.sealed)
        return replace(state, kniggits=ks, items=its, sealed=sealed)

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat] if seat in (0, 1) else super().seat_name(seat)

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
            thing = words.item(self.item(state, parts[2]), SEAT_NAMES)
            return f"{who} picks up {thing} with {parts[1]}'s {parts[3]} hand"
        if verb == "drop" and len(parts) == 2:
            k = self.kniggit(state, parts[1])
            thing = words.item(self.item(state, k.carrying), SEAT_NAMES) if k is not None and k.carrying else "what it carries"
            return f"{who} puts down {thing} that {parts[1]} carries"
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
            pair = parts[1].split("-")
            shown = (parts[2], parts[3])
            mine = choices = None
            if len(pair) == 2:
                for kid in pair:
                    k = self.kniggit(state, kid)
                    if k is not None and k.seat == seat:
                        mine = k
                if state.phase == "fight" and state.fights and tuple(state.fights[0][:2]) == tuple(pair):
                    options = self.fight_hands(state, state.fights[0])
                    if options is not None:
                        attacker = self.kniggit(state, pair[0])
                        choices = options[0] if attacker is not None and attacker.seat == seat else options[1]
            where = f" ({pair[0]} against {pair[1]})" if len(pair) == 2 else ""
            return f"{who} shows {words.hands(mine, shown, choices)}{where}"
        if action in RPS_MOVES:
            return f"{who} shows {action}"
        return {"end_move": f"{who} ends the moving phase",
                "end_turning": f"{who} is done turning"}.get(action, f"{who} makes a decision the rules do not know")

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


def _heading(a, b) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


__all__ = ["Kniggits", "KniggitsOptions", "KniggitsState", "HEIGHTS"]
