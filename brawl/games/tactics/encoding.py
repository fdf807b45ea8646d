"""Tactics for learning agents.

Characters are numbered from the observer's side: ``me1..me4`` are my side's characters in party
order, ``foe1..foe4`` the other side's (the rules name them by id, ``attack:brok``; :meth:`decode`
turns ``attack:foe1`` into that form for the observing seat).  Squares are named as the rules
name them, ``X,Y``.

Actions (``Discrete``; the size depends on the map, 340 on the 16 x 8 bridge):

- ``move:X,Y`` for every square of the map;
- ``attack``, ``twoweapon``, ``hamstring``, ``trip``, ``shoot``, ``throw`` on ``foe1..foe4``, and
  ``fullattack`` and ``punch`` (legal only under the options iterative_attacks and unarmed_strikes);
  ``heal:me1..me4``;
- ``cast:<spell>`` for the self spells, ``cast:<spell>:me<k>`` for the ally spells,
  ``cast:<spell>:foe<k>`` for the enemy spells, ``cast:<spell>:X,Y`` for area spells on every
  square;
- ``stand``, ``draw``, ``hide``, ``end_turn``, and the reactions ``aoo`` and ``pass``.

Observation (floats in [0, 1]): 8 character blocks of 19 (my four, then the foes' four; zeros
for empty places): present, conscious, dead, stable, hit points / maximum, x / (width - 1),
y / (height - 1), prone, has acted, hamstrung, blur, haste, resistance on, on turn, a ranged weapon
in the main hand, ammunition left, spells left, provoking an attack of opportunity now, hidden; then 8:
I decide a turn, I decide an attack of opportunity, the move action is used, the standard action
is used, round / max_rounds, and the map (one-hot of 3).
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

import numpy as np

from .characters import PARTIES
from .data import SPELLS, WEAPONS
from .grid import MAPS
from ...rl.encodings import Encoding

FOE_VERBS = ("attack", "twoweapon", "hamstring", "trip", "shoot", "throw", "fullattack", "punch")
PER_UNIT = 19
MAP_KEYS = tuple(MAPS)
SIDE_SIZE = max(len(p) for p in PARTIES.values())
_EMPTY_PLACE = (0.0,) * PER_UNIT  # the block of a place no character fills


class _Written(str):
    """A value's ``repr``, worked out once, standing in for the value where a larger ``repr`` is
    written (its own ``repr`` is the text itself)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


class TacticsEncoding(Encoding):
    game_name = "tactics"
    volatile_fields = ("turns", "last", "first_mover")

    def margin(self, state: Any, seat: int) -> float:
        """My side's hit points (0 for the dead) over their maxima, less the foes' share."""
        mine, foes = self._sides(seat)

        def share(units: list[int]) -> float:
            top = sum(max(1, self.game.sheets[j].max_hp) for j in units)
            left = sum(0 if state.units[j].dead else max(0, state.units[j].hp) for j in units)
            return min(1.0, left / top) if top else 0.0

        return share(mine) - share(foes)

    def __init__(self, game) -> None:
        m = game.map
        self.width, self.height = m.width, m.height
        squares = [f"{x},{y}" for y in range(m.height) for x in range(m.width)]
        actions = [f"move:{sq}" for sq in squares]
        actions += [f"{verb}:foe{k}" for verb in FOE_VERBS for k in range(1, SIDE_SIZE + 1)]
        actions += [f"heal:me{k}" for k in range(1, SIDE_SIZE + 1)]
        for key, spell in SPELLS.items():
            if spell.target == "self":
                actions.append(f"cast:{key}")
            elif spell.target == "ally":
                actions += [f"cast:{key}:me{k}" for k in range(1, SIDE_SIZE + 1)]
            elif spell.target == "area":
                actions += [f"cast:{key}:{sq}" for sq in squares]
            else:
                actions += [f"cast:{key}:foe{k}" for k in range(1, SIDE_SIZE + 1)]
        actions += ["stand", "draw", "hide", "end_turn", "aoo", "pass"]
        self.actions = tuple(actions)
        fields = ("present", "conscious", "dead", "stable", "hit points", "x", "y", "prone", "acted", "hamstrung",
                  "blur", "haste", "resistance", "on turn", "ranged weapon", "ammunition", "spells left", "provoking", "hidden")
        labels = [f"{side}{k}: {f}" for side in ("me", "foe") for k in range(1, SIDE_SIZE + 1) for f in fields]
        labels += ["deciding a turn", "deciding an attack of opportunity", "move action used", "standard action used",
                   "round / max_rounds"] + [f"map {k}" for k in MAP_KEYS]
        self.observation_labels = tuple(labels)
        # A bound on the distinct totals of any roll (a critical of many dice plus sneak attack
        # dice stays far below it); OpenSpiel's chance nodes refuse an event that exceeds it.
        self.max_chance_outcomes = 1000
        self.spell_totals = [max(1, sum(n for _, n in game.sheets[j].spells().items())) for j in range(len(game.sheets))]
        self._top_hp = tuple(max(1, sheet.max_hp) for sheet in game.sheets)
        # each seat's character blocks in order: my side, then the foes', None for an empty place
        self._places = {}
        for seat in (0, 1):
            mine, foes = self._sides_of(game, seat)
            gap = [None] * (SIDE_SIZE - len(mine)), [None] * (SIDE_SIZE - len(foes))
            self._places[seat] = tuple(mine + gap[0] + foes + gap[1])
        # the state fields a state key is made of, in order (see Encoding.state_key)
        self._key_fields = tuple(f.name for f in dataclasses.fields(game.State) if f.name not in self.volatile_fields)
        # the action number of each rules decision, per seat, noted the first time it is met
        self._numbers: dict[int, dict[str, int]] = {}
        super().__init__(game)

    def state_key(self, state: Any) -> str:
        """The key of :meth:`Encoding.state_key`, the very same text, with each character's part
        written once and kept with the character (most characters do not change from one
        position to the next)."""
        units = tuple(_Written(u.remembered(self, "repr", u.__repr__)) for u in state.units)
        return repr(tuple((name, units if name == "units" else getattr(state, name)) for name in self._key_fields))

    # -- names ---------------------------------------------------------------------------------
    def _sides(self, seat: int) -> tuple[list[int], list[int]]:
        return self._sides_of(self.game, seat)

    @staticmethod
    def _sides_of(game, seat: int) -> tuple[list[int], list[int]]:
        """The characters of ``seat``'s side and of the other, in party order."""
        sides = game.sides
        return ([j for j, s in enumerate(sides) if s == seat], [j for j, s in enumerate(sides) if s != seat])

    def _slot_name(self, seat: int, unit: int) -> str:
        mine, foes = self._sides(seat)
        return f"me{mine.index(unit) + 1}" if unit in mine else f"foe{foes.index(unit) + 1}"

    def _unit_of(self, seat: int, slot: str) -> int | None:
        mine, foes = self._sides(seat)
        group, k = (mine, slot[2:]) if slot.startswith("me") else (foes, slot[3:])
        k = int(k) - 1
        return group[k] if 0 <= k < len(group) else None

    def _encode(self, seat: int, action: str) -> str:
        parts = action.split(":")
        index = self.game.index
        if len(parts) >= 2 and parts[-1] in index:
            parts[-1] = self._slot_name(seat, index[parts[-1]])
        return ":".join(parts)

    def legal_indices(self, state: Any, seat: int) -> list[int]:
        """The legal action numbers, ascending; listed once per state and seat (the mask, the
        check for a forced decision and the step all ask)."""
        return list(state.remembered(self, ("legal", seat), lambda: tuple(sorted(
            self._number(seat, a) for a in self.game.legal_actions(state, seat)))))

    def _number(self, seat: int, action: str) -> int:
        """The action number of the rules' decision ``action`` for ``seat`` (``ValueError`` when
        it has none); the same decision always has the same number, so each is worked out once."""
        known = self._numbers.setdefault(seat, {})
        number = known.get(action)
        if number is None:
            number = known[action] = self.action_index(self._encode(seat, action))
        return number

    def decode(self, state: Any, seat: int, index: int) -> str:
        name = super().decode(state, seat, index)
        parts = name.split(":")
        last = parts[-1]
        if last.startswith(("me", "foe")) and last[-1].isdigit():
            unit = self._unit_of(seat, last)
            parts[-1] = self.game.ids[unit] if unit is not None else last  # no such character: refused
        return ":".join(parts)

    # -- observations --------------------------------------------------------------------------
    def _own_values(self, u, unit: int) -> tuple[tuple[float, ...], tuple[float, ...], float]:
        """The entries of character ``unit``'s block that depend on nothing but the character
        (a character that does not change keeps them from state to state): present to haste, the
        ranged weapon, ammunition and spells left, and hidden."""
        main = WEAPONS.get(u.main)
        head = (1.0, float(u.conscious), float(u.dead), float(u.stable), min(1.0, max(0, u.hp) / self._top_hp[unit]),
                u.x / max(1, self.width - 1), u.y / max(1, self.height - 1), float(u.prone), float(u.acted),
                float(u.hamstrung), float(u.blur), float(u.haste))
        kit = (float(main is not None and not main.melee), float(u.ammo > 0),
               min(1.0, sum(n for _, n in u.spells) / self.spell_totals[unit]))
        return head, kit, float(u.hidden)

    def observe(self, state: Any, seat: int) -> np.ndarray:
        game = self.game
        offer = state.stack[-1] if state.stack and state.stack[-1].kind == "offer" else None
        # on turn: deciding a turn, or whether a full attack goes on (rule 68)
        actor = state.actor if (not state.stack or state.stack[-1].kind == "goon") and state.pos >= 0 \
            and not state.over else -1
        places = self._places.get(seat)
        if places is None:  # not a side of this battle: every character is a foe
            places = self._places[seat] = tuple([None] * SIDE_SIZE + self._sides(seat)[1])
        values: list[float] = []
        for unit in places:
            if unit is None:
                values += _EMPTY_PLACE
                continue
            u = state.units[unit]
            head, kit, hidden = u.remembered(self, unit, partial(self._own_values, u, unit))
            values += head
            values += (float(u.resist_until >= state.round), float(unit == actor))
            values += kit
            values += (float(offer is not None and offer.target == unit), hidden)
        node = game.node(state)
        deciding = getattr(node, "seats", ()) == (seat,)
        on_map = [0.0] * len(MAP_KEYS)
        on_map[MAP_KEYS.index(game.options.map)] = 1.0
        values += (float(deciding and node.kind == "turn"), float(deciding and node.kind == "reaction"),
                   float(state.moved), float(state.acted_std), min(1.0, state.round / game.options.max_rounds),
                   *on_map)
        return np.array(values, dtype=np.float32)
