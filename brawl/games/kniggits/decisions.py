"""Decisions: which are legal now, reading a decision string, and the transition it makes.

The rules judge a decision by making it: the transition raises :class:`IllegalAction` with the
reason when the decision is against the rules, and returns the new state otherwise (states are
values, so a refusal changes nothing).  The core asks twice for each decision, once to check
(:meth:`Decisions.check_action`) and once to apply (:meth:`Decisions._apply_action`); both read the
same result of :func:`decided`, a pure function of the game, the state, the seat and the decision
with a small memo of the decisions last made, so the rules run once per decision and the game
object holds no state.

:class:`Decisions` is one part of :class:`.rules.Kniggits`.
"""

from __future__ import annotations

import math
from threading import Lock

from ...core.game import IllegalAction
from ...core.values import replace
from ..rps.rules import MOVES as RPS_MOVES
from . import combat
from .army import parse_army, preset_names
from .geometry import EPS, dist
from .state import KniggitsState, kniggit, put, set_seat


class _Memo:
    """The last few decisions made, keyed by the game, the state (both by identity: the state is
    an immutable value, and the memo holds it, so its identity stays its own), the seat and the
    decision.  Only finished transitions are remembered, never a refusal."""

    SIZE = 16

    def __init__(self) -> None:
        self._made: dict[tuple, tuple] = {}
        self._lock = Lock()

    def get(self, game, state, seat: int, action: str):
        made = self._made.get((id(game), id(state), seat, action))
        if made is not None and made[0] is game and made[1] is state:
            return made[2]
        return None

    def put(self, game, state, seat: int, action: str, after) -> None:
        made = self._made
        made[(id(game), id(state), seat, action)] = (game, state, after)  # one dict operation: atomic
        if len(made) > 2 * self.SIZE:  # trimmed now and then, to the latest SIZE
            with self._lock:  # trimming reads and deletes: one thread at a time
                while len(made) > self.SIZE:
                    made.pop(next(iter(made)), None)


_MEMO = _Memo()

# How :meth:`Decisions.sample_action` (the random bot) moves: a straight move of a kniggit that
# has not moved this often, with this many tries to find a legal one, and otherwise another listed
# decision this often before ending the moving phase (the compiled games read the same numbers).
MOVE_ODDS = 0.85
MOVE_TRIES = 12
OTHER_ODDS = 0.3


def decided(game, state: KniggitsState, seat: int, action: str) -> KniggitsState:
    """The state after ``seat``'s ``action`` in ``state``, or :class:`IllegalAction`: a pure
    function of its arguments, remembered for the few decisions last made, so that checking a
    decision and then applying it runs the rules once."""
    after = _MEMO.get(game, state, seat, action)
    if after is None:
        after = game._transition(state, seat, action)
        _MEMO.put(game, state, seat, action, after)
    return after


class Decisions:
    # -- legal decisions ---------------------------------------------------------------------------
    def legal_actions(self, state: KniggitsState, seat: int) -> list[str]:
        memo = state.memo()
        legal = memo.get((self, ("legal", seat)))
        if legal is None:
            legal = memo[self, ("legal", seat)] = tuple(self._legal_actions(state, seat))
        return list(legal)

    def _legal_actions(self, state: KniggitsState, seat: int) -> list[str]:
        p = state.phase
        if p == "army":
            return [] if state.armies[seat] is not None else ["army:" + n for n in preset_names(self.options)]
        if p == "rps":
            return [] if state.rps_sealed[seat] is not None else list(RPS_MOVES)
        if p == "move" and seat == state.to_act:
            if self.on_real_table:
                return self.real_table_actions(state, seat)
            return self._move_phase_actions(state, seat)
        if p == "turning" and seat == 1 - state.to_act:
            return self.turning_actions(state, seat)
        if p == "fight":
            return self.fight_actions(state, seat)
        return []

    def combat_choices(self, k, enemies: tuple) -> list[str]:
        """A kniggit in combat in its moving phase: which enemy it faces, and where a magic
        sword's second attack goes (seed, Phase one; Magic Swords)."""
        out = [f"face:{k.id}:{e.id}" for e in enemies if e.id != k.facing]
        if enemies and combat.magic_sword(k, self.options):
            out += [f"second:{k.id}:{e.id}" for e in enemies if e.id != k.second]
        return out

    def _move_phase_actions(self, state: KniggitsState, seat: int) -> list[str]:
        """The listed decisions of the moving phase (moves to a point are free-form)."""
        out = []
        for k in state.kniggits:
            if k.seat != seat or not k.active:
                continue
            out += self.combat_choices(k, self.engaged(state, k))
            if k.archer:
                out += [f"shoot:{k.id}:{e.id}" for e in self.targets(state, k)]
            if k.carrying:
                out.append(f"drop:{k.id}")
            elif state.items:
                for it in state.items:
                    if self.may_pick(k, it) and dist(k.pos, it.pos) <= self.table.reach + EPS:
                        out += [f"pick:{k.id}:{it.id}:sword", f"pick:{k.id}:{it.id}:shield"]
        return out + ["end_move"]

    # -- judging and making a decision -------------------------------------------------------------
    def check_action(self, state: KniggitsState, seat: int, action: str) -> None:
        decided(self, state, seat, action)

    def _apply_action(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        return decided(self, state, seat, action)

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
            armies = set_seat(state.armies, seat, action[5:])
            state = replace(state, armies=armies)
            return self._muster(state) if None not in armies else state
        if p == "rps":
            if state.rps_sealed[seat] is not None:
                raise IllegalAction(f"{self.seat_name(seat)} has already chosen in this round of rock-paper-scissors")
            if action not in RPS_MOVES:
                raise IllegalAction("that is not legal now: choose rock, paper or scissors for who goes first", list(RPS_MOVES))
            sealed = set_seat(state.rps_sealed, seat, action)
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

    def _move_phase(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        parts = action.split(":")
        verb = parts[0]
        if action == "end_move":
            return self._end_move(state)
        if self.on_real_table and verb in ("reach", "moved", "leave", "off", "move"):
            if verb == "move":
                raise IllegalAction("on a real table the players measure: say which enemy a kniggit reached, "
                                    "that it moved, or that it left combat", self.real_table_actions(state, seat))
            return self.real_table_move(state, seat, verb, parts)
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
            e = kniggit(state, parts[2])
            if e is None or e.seat == seat or not e.on_table:
                raise IllegalAction(f"{parts[2]} is not an enemy on the table")
            if verb == "second":
                if not combat.magic_sword(k, self.options):
                    raise IllegalAction(f"{k.id} has no magic sword")
                if e not in self.engaged(state, k):
                    raise IllegalAction(f"{e.id} is not within {self.table.ring:g} in of {k.id}")
                return put(state, replace(k, second=e.id))
            return self._aim(state, k, e)
        if verb == "pick" and len(parts) == 4:
            return self._pick(state, seat, parts[1], parts[2], parts[3])
        if verb == "drop" and len(parts) == 2:
            k = self._own(state, seat, parts[1])
            if not k.carrying:
                raise IllegalAction(f"{k.id} carries nothing")
            return self._drop(state, k)
        raise IllegalAction("that is not a decision of the moving phase: move a kniggit, turn one in combat to face "
                            "an enemy, aim an archer, pick up or put down what a kniggit carries, or end the moving phase",
                            self._move_phase_actions(state, seat))

    # -- random decisions for continuous choices ---------------------------------------------------
    def sample_action(self, state: KniggitsState, seat: int, rng) -> str:
        """A random decision: in the moving phase a random straight move of a random kniggit that
        has not moved (or another finite decision); elsewhere uniform over the legal decisions."""
        legal = self.legal_actions(state, seat)
        if state.phase != "move" or self.on_real_table:
            if state.phase == "move" and len(legal) > 1 and rng.random() < 0.3:
                return "end_move"  # the decisions of a real table are all listed: end now and then
            return rng.choice(legal)
        movers = [k for k in state.kniggits if k.seat == seat and k.active and not k.moved and not k.shot]
        if movers and rng.random() < MOVE_ODDS:
            k = rng.choice(movers)
            allowance = self.move_allowance(k)
            for _ in range(MOVE_TRIES):
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
        if others and rng.random() < OTHER_ODDS:
            return rng.choice(others)
        return "end_move"


__all__ = ["Decisions", "decided"]
