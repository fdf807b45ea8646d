"""Kniggits for learning agents: a discretised table.

Kniggits moves are points on a measured table, not a finite list, so the encoding offers a fixed
menu of moves and checks each against the rules (``check_action``) for the mask.  Kniggits are
numbered by slot: my slot ``i`` is my kniggit ``A<i>`` (Red) or ``B<i>`` (Blue), enemy slot ``j``
the other army's.  ``K`` is the largest army a preset makes with these options (6 at 50 points);
armies are the presets (a custom army string is a rules decision the encoding does not offer).

Actions (``Discrete``; the size depends on the options through the presets and ``K``):

- ``army:<preset>`` for each preset, then ``rock``, ``paper``, ``scissors``, ``end_move``,
  ``end_turning``;
- for each of my slots ``i``: ``move:i:<deg>`` (a straight move of the full allowance towards
  0, 45, ..., 315 degrees, 0 along +x, clipped to the table), ``step:i:<deg>`` (half the
  allowance), ``charge:i:j`` (straight at enemy ``j``, as far as the allowance goes; the rules stop
  it on contact), ``face:i:j``, ``second:i:j``, ``shoot:i:j``, ``pick:i:<item>:<hand>`` for the
  flags, princess or grail of the scenario, and ``drop:i``;
- ``fight:<sword hand>:<shield hand>`` for the fight in progress: sword hand ``high``, ``middle``,
  ``low``, ``guard-high``, ``guard-middle``, ``guard-low`` or ``none``; shield hand ``high``,
  ``middle``, ``low`` or ``none`` (a two-sword kniggit's second sword).

Observation (floats in [0, 1]): ``2K`` kniggit blocks of 16 (mine, then the enemy's):
exists, fighting, fleeing, x / table, y / table, movement, attack and defense tokens / 20,
archer, two swords, carrying, moved this turn, has declared a shot, within 2 inches of an enemy,
attacker in the fight in progress, defender in it; then a block of 5 per item (on the table,
x / table, y / table, carried by mine, carried by the enemy's); then 17: the phase (army, rock-paper-
scissors, moving, turning, fighting), my and the other's rock-paper-scissors wins / 2, turns /
turn limit, I am on turn, I am Blue, I have sealed my choice, the scenario (battle, flag,
princess, grail, joust), the table's side / 144.  Sealed choices of the other army (its army,
its rock-paper-scissors, its hands) never enter it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...core.game import IllegalAction
from .army import parse_army, preset_names
from .combat import GUARDS, NONE
from .geometry import dist
from .model import HEIGHTS
from .rules import ARMY_LETTERS, SCENARIOS
from ...rl.encodings import Encoding

DIRECTIONS = tuple(range(0, 360, 45))
SWORD_HANDS = HEIGHTS + GUARDS + (NONE,)
SHIELD_HANDS = HEIGHTS + (NONE,)
PHASES = ("army", "rps", "move", "turning", "fight")
PER_KNIGGIT = 16
PER_ITEM = 5


class KniggitsEncoding(Encoding):
    game_name = "kniggits"
    simultaneous = True
    max_chance_outcomes = 1  # no dice
    volatile_fields = ("events", "revealed", "rps_rounds")

    def margin(self, state: Any, seat: int) -> float:
        """The share of my kniggits still fighting less the enemy's (0 before the armies are out)."""
        def share(s: int) -> float:
            mine = [k for k in state.kniggits if k.seat == s]
            return sum(k.active for k in mine) / len(mine) if mine else 0.0

        return share(seat) - share(1 - seat)

    def __init__(self, game) -> None:
        opts = game.options
        self.presets = preset_names(opts)
        self.slots = max([1] + [len(parse_army(p, 0, opts, game.table)) for p in self.presets])
        start = game.initial_state().items
        self.items = [it.id for it in start]
        self.pickable = [it.id for it in start if it.kind != "potion"]
        K = self.slots
        actions = [f"army:{p}" for p in self.presets] + ["rock", "paper", "scissors", "end_move", "end_turning"]
        for i in range(1, K + 1):
            actions += [f"move:{i}:{d}" for d in DIRECTIONS] + [f"step:{i}:{d}" for d in DIRECTIONS]
            for verb in ("charge", "face", "second", "shoot"):
                actions += [f"{verb}:{i}:{j}" for j in range(1, K + 1)]
            actions += [f"pick:{i}:{it}:{hand}" for it in self.pickable for hand in ("sword", "shield")]
            actions.append(f"drop:{i}")
        actions += [f"fight:{a}:{b}" for a in SWORD_HANDS for b in SHIELD_HANDS]
        self.actions = tuple(actions)
        labels = []
        for side in ("my", "enemy"):
            for i in range(1, K + 1):
                labels += [f"{side} {i}: {f}" for f in (
                    "exists", "fighting", "fleeing", "x", "y", "movement", "attack", "defense", "archer",
                    "two swords", "carrying", "moved", "shot declared", "engaged", "attacker now", "defender now")]
        for it in self.items:
            labels += [f"item {it}: {f}" for f in ("on table", "x", "y", "carried by mine", "carried by enemy")]
        labels += [f"phase {p}" for p in PHASES] + ["my rps wins / 2", "other rps wins / 2", "turns / limit",
                                                    "I am on turn", "I am Blue", "my choice is sealed"]
        labels += [f"scenario {s}" for s in SCENARIOS] + ["table side / 144"]
        self.observation_labels = tuple(labels)
        self._legal_cache: dict[int, tuple] = {}
        super().__init__(game)

    # -- slots ---------------------------------------------------------------------------------
    @staticmethod
    def kid(seat: int, slot: int) -> str:
        return f"{ARMY_LETTERS[seat]}{slot}"

    def slot_of(self, kid: str) -> int:
        return int(kid[1:])

    # -- actions -------------------------------------------------------------------------------
    def _encode(self, seat: int, action: str) -> str:
        """A rules decision string in this encoding's terms (None when it has no number)."""
        parts = action.split(":")
        verb = parts[0]
        if verb in ("face", "second", "shoot"):
            return f"{verb}:{self.slot_of(parts[1])}:{self.slot_of(parts[2])}"
        if verb == "pick":
            return f"pick:{self.slot_of(parts[1])}:{parts[2]}:{parts[3]}"
        if verb == "drop":
            return f"drop:{self.slot_of(parts[1])}"
        if verb == "fight":
            return f"fight:{parts[2]}:{parts[3]}"
        return action

    def legal_indices(self, state: Any, seat: int) -> list[int]:
        # Checking every move in the menu against the rules is the costly part of a step: the
        # answer for the latest state of each seat is kept (states are immutable values).
        cached = self._legal_cache.get(seat)
        if cached is not None and cached[0] is state:
            return list(cached[1])
        out = self._legal_indices(state, seat)
        self._legal_cache[seat] = (state, tuple(out))
        return out

    def _legal_indices(self, state: Any, seat: int) -> list[int]:
        game = self.game
        out = set()
        for a in game.legal_actions(state, seat):
            name = self._encode(seat, a)
            if name in self._index:
                out.add(self._index[name])
        if state.phase == "move" and seat == state.to_act:
            for k in state.kniggits:
                if k.seat != seat or not k.active or k.moved or k.shot:
                    continue
                i = self.slot_of(k.id)
                if i > self.slots:
                    continue
                names = [f"move:{i}:{d}" for d in DIRECTIONS] + [f"step:{i}:{d}" for d in DIRECTIONS]
                names += [f"charge:{i}:{j}" for j in range(1, self.slots + 1)]
                for name in names:
                    idx = self._index[name]
                    if self._move_is_legal(state, seat, k, idx):
                        out.add(idx)
        return sorted(out)

    def _move_is_legal(self, state: Any, seat: int, k: Any, index: int) -> bool:
        """Whether menu move ``index`` of kniggit ``k`` (mine, active, not moved, not shooting) is
        legal: the rules' own path check (``check_path``) on the point :meth:`decode` names, which
        is what ``check_action`` comes to for such a kniggit, without building the state after."""
        parts = self.decode(state, seat, index).split(":")
        try:
            x, y = float(parts[2]), float(parts[3])
            if len(parts) != 4 or not (math.isfinite(x) and math.isfinite(y)):
                return False
            self.game.check_path(state, k, [(x, y)])
        except (IllegalAction, ValueError):
            return False
        return True

    def _legal_by_transition(self, state: Any, seat: int, index: int) -> bool:
        """The slow reference for :meth:`_move_is_legal` (the tests compare them): the full rules."""
        try:
            self.game.check_action(state, seat, self.decode(state, seat, index))
        except IllegalAction:
            return False
        return True

    def decode(self, state: Any, seat: int, index: int) -> str:
        name = super().decode(state, seat, index)
        parts = name.split(":")
        verb = parts[0]
        if verb in ("army", "rock", "paper", "scissors", "end_move", "end_turning"):
            return name
        if verb == "fight":
            pair = f"{state.fights[0][0]}-{state.fights[0][1]}" if state.fights else "none-none"
            return f"fight:{pair}:{parts[1]}:{parts[2]}"
        me = self.kid(seat, int(parts[1]))
        if verb in ("face", "second", "shoot"):
            return f"{verb}:{me}:{self.kid(1 - seat, int(parts[2]))}"
        if verb == "pick":
            return f"pick:{me}:{parts[2]}:{parts[3]}"
        if verb == "drop":
            return f"drop:{me}"
        k = self.game.kniggit(state, me)
        if k is None:
            return f"move:{me}:0:0"  # no such kniggit: the rules refuse it
        reach = self.game.move_allowance(k)
        if verb == "charge":
            enemy = self.game.kniggit(state, self.kid(1 - seat, int(parts[2])))
            if enemy is None or not enemy.on_table:
                return f"move:{me}:{k.x:.3f}:{k.y:.3f}"  # nowhere to go: refused (no distance)
            d = dist(k.pos, enemy.pos)
            angle = math.atan2(enemy.y - k.y, enemy.x - k.x)
            reach = min(reach, d)
        else:
            angle = math.radians(int(parts[2]))
            if verb == "step":
                reach /= 2
        size = self.game.table.size
        x = min(max(k.x + reach * math.cos(angle), 0.0), size)
        y = min(max(k.y + reach * math.sin(angle), 0.0), size)
        return f"move:{me}:{x:.3f}:{y:.3f}"

    # -- observations --------------------------------------------------------------------------
    def observe(self, state: Any, seat: int) -> np.ndarray:
        game = self.game
        size = game.table.size
        ring = game.table.ring + 1e-9
        K = self.slots
        vec = np.zeros(self.observation_size, dtype=np.float32)
        fight = state.fights[0] if state.phase == "fight" and state.fights else ("", "", "")
        on_table = [k for k in state.kniggits if k.on_table]
        for k in state.kniggits:
            slot = self.slot_of(k.id)
            if slot > K:
                continue
            b = PER_KNIGGIT * ((0 if k.seat == seat else K) + slot - 1)
            engaged = any(e.seat != k.seat and dist(e.pos, k.pos) <= ring for e in on_table) if k.on_table else False
            vec[b:b + PER_KNIGGIT] = (
                1.0, float(k.status == "fighting"), float(k.status == "fleeing"),
                min(1.0, max(0.0, k.x / size)), min(1.0, max(0.0, k.y / size)),
                min(1.0, k.move / 20), min(1.0, k.attack / 20), min(1.0, k.defense / 20),
                float(k.archer), float(k.two_swords), float(bool(k.carrying)), float(k.moved), float(bool(k.shot)),
                float(engaged), float(k.id == fight[0]), float(k.id == fight[1]),
            )
        b = PER_KNIGGIT * 2 * K
        for n, iid in enumerate(self.items):
            it = game.item(state, iid)
            if it is None:
                continue
            carrier = game.kniggit(state, it.carrier) if it.carrier else None
            o = b + PER_ITEM * n
            vec[o:o + PER_ITEM] = (float(carrier is None), min(1.0, max(0.0, it.x / size)), min(1.0, max(0.0, it.y / size)),
                                   float(carrier is not None and carrier.seat == seat),
                                   float(carrier is not None and carrier.seat != seat))
        g = b + PER_ITEM * len(self.items)
        if state.phase in PHASES:
            vec[g + PHASES.index(state.phase)] = 1.0
        vec[g + 5] = min(1.0, state.rps_wins[seat] / 2)
        vec[g + 6] = min(1.0, state.rps_wins[1 - seat] / 2)
        limit = game.options.turn_limit
        vec[g + 7] = min(1.0, state.turns / limit) if limit else 0.0
        vec[g + 8] = float(state.phase in ("move", "fight") and state.to_act == seat)
        vec[g + 9] = float(seat == 1)
        sealed = {"army": state.armies, "rps": state.rps_sealed, "fight": state.sealed}.get(state.phase)
        vec[g + 10] = float(sealed is not None and sealed[seat] is not None)
        vec[g + 11 + SCENARIOS.index(game.options.scenario)] = 1.0
        vec[g + 16] = min(1.0, size / 144)
        return vec

    def render(self, state: Any) -> str:
        lines = [self.game.summary(state)]
        for row in self.game.status_rows(state):
            lines.append("  " + ", ".join(f"{k}: {v}" for k, v in row.items() if k))
        if state.events:
            lines.append("last: " + state.events[-1])
        return "\n".join(lines)
