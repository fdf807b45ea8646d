"""Kniggits for learning agents: a discretised table.

Kniggits moves are points on a measured table, not a finite list, so the encoding offers a fixed
menu of moves, judged by the rules for the mask.  Kniggits are numbered by slot: my slot ``i`` is
my kniggit ``A<i>`` (Red) or ``B<i>`` (Blue).  ``K`` is the largest army a preset makes with these
options (6 at 50 points, 62 at 500); armies are the presets (a custom army string is a rules
decision the encoding does not offer).

Actions (``Discrete``; the size depends on the options through the presets and ``K``, and grows
with ``K``, not with its square: 210 at 50 points, 1,834 at 500):

- ``army:<preset>`` for each preset, then ``rock``, ``paper``, ``scissors``, ``end_move``,
  ``end_turning``;
- for each of my slots ``i``: ``move:i:<deg>`` (a straight move of the full allowance towards
  0, 45, ..., 315 degrees, 0 along +x, clipped to the table), ``step:i:<deg>`` (half the
  allowance), ``charge:i:<n>`` (straight at the ``n``-th nearest enemy on the table, as far as the
  allowance goes; the rules stop it on contact), ``face:i:<n>``, ``second:i:<n>`` and
  ``shoot:i:<n>`` (the ``n``-th nearest of the enemies the rules let kniggit ``i`` face, aim a
  magic sword's second attack at, or shoot now), for ``n`` from 1 to :data:`TARGETS`;
  ``pick:i:<item>:<hand>`` for the flags, princess or grail of the scenario, and ``drop:i``;
- ``fight:<sword hand>:<shield hand>`` for the fight in progress: sword hand ``high``, ``middle``,
  ``low``, ``guard-high``, ``guard-middle``, ``guard-low`` or ``none``; shield hand ``high``,
  ``middle``, ``low`` or ``none`` (a two-sword kniggit's second sword).

Targets are named by nearness, not by slot, so that the menu stays linear in the army's size:
enemies within reach of a sword or a bow are few, and the nearest are the ones that matter.  Ties
in distance go to the lower slot.

The mask asks the rules for every finite decision (``legal_actions``) and judges the menu's moves
all at once with the rules' batch path check (:func:`.fast_moves.judge_menu`: the menu's points and
:func:`.fast_moves.straight_moves` in one compiled call, then
:meth:`.movement.Movement.settle_straight_moves`; then standing room among friends,
:func:`.fast_moves.menu_rows`), not one geometry call per candidate.  A move decodes to ``move:<id>:<x>:<y>`` with the point written
exactly (``repr``), so the rules judge the very point the mask judged.

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
import struct
from bisect import bisect_left
from typing import Any

import numpy as np

from ...core.game import IllegalAction
from .army import parse_army, preset_names
from .combat import GUARDS, NONE
from .fast_moves import judge_menu, kniggit_blocks, menu_points, menu_rows
from .geometry import norm
from .menus import Judged, Menu
from .model import HEIGHTS
from .rules import ARMY_LETTERS, SCENARIOS
from ...rl.encodings import Encoding

DIRECTIONS = tuple(range(0, 360, 45))
#: the unit step of each direction, worked out once so the mask and the decoder move by the same numbers
UNIT = tuple((math.cos(math.radians(d)), math.sin(math.radians(d))) for d in DIRECTIONS)
_UNIT = np.array(UNIT)
#: how many targets a kniggit is offered for each of charge, face, second and shoot: the nearest
TARGETS = 3
TARGET_VERBS = ("face", "second", "shoot")
SWORD_HANDS = HEIGHTS + GUARDS + (NONE,)
SHIELD_HANDS = HEIGHTS + (NONE,)
PHASES = ("army", "rps", "move", "turning", "fight")
PER_KNIGGIT = 16
PER_ITEM = 5
#: menu moves of one kniggit: full moves, half moves, then charges
MENU_MOVES = 2 * len(DIRECTIONS) + TARGETS


def k_row(k: Any) -> tuple:
    """A kniggit's row for :func:`.fast_moves.kniggit_blocks`: its block of the observation (the
    fight flags, entries 14 and 15, are the state's and start at 0), then its seat, whether it is
    on the table, its slot."""
    return (1.0, k.status == "fighting", k.status == "fleeing", k.x, k.y, k.move, k.attack, k.defense,
            k.archer, k.two_swords, bool(k.carrying), k.moved, bool(k.shot), 0.0, 0.0, 0.0,
            k.seat, k.status != "gone", int(k.id[1:]))


_PACK_ROW = struct.Struct("19d").pack  # a row as the float64 array kniggit_blocks reads
_ROW = "kniggits encoding row"  # its key in a kniggit's memo: the row depends on the kniggit alone


def _rows(ks: tuple) -> bytes:
    """Each kniggit's :func:`k_row` packed (float64) and joined; a row is kept with its kniggit."""
    out = []
    for k in ks:
        memo = k.__dict__.get("_memo")
        row = memo.get(_ROW) if memo else None
        if row is None:
            row = k.memo()[_ROW] = _PACK_ROW(*k_row(k))
        out.append(row)
    return b"".join(out)


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
        if game.on_real_table:  # a real table's decisions are what the players saw there, not moves to learn
            raise ValueError("the Kniggits encoding plays the measured game (measure: app), not a real table")
        self.presets = preset_names(opts)
        self.slots = max([1] + [len(parse_army(p, 0, opts, game.table)) for p in self.presets])
        start = game.initial_state().items
        self.items = [it.id for it in start]
        self.pickable = [it.id for it in start if it.kind != "potion"]
        K = self.slots
        actions = [f"army:{p}" for p in self.presets] + ["rock", "paper", "scissors", "end_move", "end_turning"]
        self._first_move = {}  # slot -> the number of its first menu move
        for i in range(1, K + 1):
            self._first_move[i] = len(actions)
            actions += [f"move:{i}:{d}" for d in DIRECTIONS] + [f"step:{i}:{d}" for d in DIRECTIONS]
            actions += [f"charge:{i}:{n}" for n in range(1, TARGETS + 1)]
            for verb in TARGET_VERBS:
                actions += [f"{verb}:{i}:{n}" for n in range(1, TARGETS + 1)]
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
        self._menus: dict[int, tuple[Any, Menu]] = {}
        self._read: dict[str, tuple] = {}
        self._rows: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray]] = {}
        self._slotted = frozenset(self.kid(seat, i) for seat in (0, 1) for i in range(1, K + 1))  # ids with a slot
        super().__init__(game)

    # -- slots ---------------------------------------------------------------------------------
    @staticmethod
    def kid(seat: int, slot: int) -> str:
        return f"{ARMY_LETTERS[seat]}{slot}"

    def slot_of(self, kid: str) -> int:
        return int(kid[1:])

    # -- the menu ------------------------------------------------------------------------------
    def legal_indices(self, state: Any, seat: int) -> list[int]:
        return list(self._menu(state, seat).legal)

    def action_mask(self, state: Any, seat: int) -> np.ndarray:
        menu = self._menu(state, seat)
        if menu.mask is None:
            menu.mask = np.zeros(self.num_actions, dtype=np.int8)
            menu.mask[menu.moves] = 1
            for index in menu.named:  # a few: set one by one
                menu.mask[index] = 1
        return menu.mask.copy()

    def _menu(self, state: Any, seat: int) -> Menu:
        """The menu of ``seat`` in ``state``, kept for the latest state of each seat (states are
        immutable values; the mask, the decoder and the environments all ask for it)."""
        cached = self._menus.get(seat)
        if cached is not None and cached[0] is state:
            return cached[1]
        menu = self._build_menu(state, seat)
        self._menus[seat] = (state, menu)
        return menu

    def _build_menu(self, state: Any, seat: int) -> Menu:
        game = self.game
        menu = Menu()
        ranked: dict[tuple[str, str], list[str]] = {}
        read = self._read
        for a in game.legal_actions(state, seat):
            how = read.get(a)
            if how is None:
                how = self._read_action(a)
            if len(how) == 3:
                ranked.setdefault(how[:2], []).append(how[2])
            elif how[0] is not None:
                menu.named[how[0]] = a
        for (verb, kid), targets in ranked.items():
            k = game.kniggit(state, kid)
            for n, target in enumerate(self._nearest(state, k, targets), start=1):
                idx = self._index.get(f"{verb}:{self.slot_of(kid)}:{n}")
                if idx is not None:
                    menu.named[idx] = f"{verb}:{kid}:{target}"
        if state.phase == "move" and seat == state.to_act:
            slotted = self._slotted
            movers = [k for k in state.kniggits if k.seat == seat and k.status == "fighting" and not k.moved
                      and not k.shot and k.id in slotted]
            if movers:
                self._judge_moves(state, seat, movers, menu)
        menu.move_list = menu.moves.tolist()
        menu.legal = sorted(list(menu.named) + menu.move_list)
        return menu

    def _read_action(self, a: str) -> tuple:
        """What a legal decision string of the rules is in the menu: ``(verb, kniggit, target)``
        for a decision with a target (ranked by nearness), else ``(action number,)`` (``(None,)``
        when the action list has no such action).  Kept per string: a game says the same few
        strings again and again."""
        parts = a.split(":")
        verb = parts[0]
        if verb in TARGET_VERBS:
            how = (verb, parts[1], parts[2])
        else:
            if verb == "pick":
                name = f"pick:{self.slot_of(parts[1])}:{parts[2]}:{parts[3]}"
            elif verb == "drop":
                name = f"drop:{self.slot_of(parts[1])}"
            elif verb == "fight":
                name = f"fight:{parts[2]}:{parts[3]}"
            else:
                name = a
            how = (self._index.get(name),)
        if len(self._read) > 100_000:
            self._read.clear()
        self._read[a] = how
        return how

    def _judge_moves(self, state: Any, seat: int, movers: list[Any], menu: Menu) -> None:
        """The legal menu moves of ``movers`` into ``menu``: the path check of the last menu of
        this seat is kept while it holds (:meth:`Judged.holds_for`), and only standing room among
        friends is asked again."""
        game = self.game
        enemies = tuple([e for e in state.kniggits if e.seat != seat])
        last = self._menus.get(seat)
        judged = last[1].judged if last is not None else None
        if judged is None or not judged.holds_for(state, enemies, movers):
            judged = self._judge(state, movers, enemies)
        menu.judged = judged
        moving = {k.id for k in movers}
        still = np.array([k.id in moving for k in judged.movers])
        menu.rows = menu_rows(judged.passed, judged.owner, judged.stops, still, judged.where,
                              game.table_rows(state), seat, game.table.standing_room)
        menu.moves = judged.index[menu.rows]

    def _judge(self, state: Any, movers: list[Any], enemies: tuple) -> Judged:
        """The path check of every menu move of ``movers`` (all at once, compiled), in slot
        order so that the action numbers ascend with the rows."""
        game = self.game
        movers = sorted(movers, key=lambda k: int(k.id[1:]))
        me = np.array([(k.x, k.y, game.move_allowance(k)) for k in movers])
        owner, index = self._rows_of(tuple(int(k.id[1:]) for k in movers))
        where = game.places(state, movers)
        table = game.table_rows(state)
        # the menu's points and the rules' batch path check in one compiled call, then what the
        # check leaves to the rules' own tests (Movement.settle_straight_moves)
        ends, real, rows, passed, short, near, stops, any_short, any_near = judge_menu(
            me, where, self._enemy_rows(state, movers[0].seat), _UNIT, TARGETS, table, *game.path_check_args())
        game.settle_straight_moves(state, table, rows, ends, passed, short, near, any_short, any_near)
        return Judged(enemies=enemies, movers=tuple(movers), owner=owner, where=where, index=index, points=ends,
                      passed=passed & real, stops=stops, place={k.id: n for n, k in enumerate(movers)})

    def _rows_of(self, slots: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """For movers in ``slots`` (ascending), each menu row's mover (its number among them) and
        action number; kept per set of slots (read-only arrays)."""
        rows = self._rows.get(slots)
        if rows is None:
            owner = np.repeat(np.arange(len(slots)), MENU_MOVES)
            first = np.array([self._first_move[i] for i in slots], dtype=np.intp)
            index = first[owner] + np.arange(len(owner)) % MENU_MOVES
            owner.flags.writeable = index.flags.writeable = False
            rows = self._rows[slots] = (owner, index)
        return rows

    def _nearest(self, state: Any, k: Any, ids: list[str]) -> list[str]:
        """Of the kniggits ``ids``, the :data:`TARGETS` nearest to ``k``, nearest first (ties: lower slot)."""
        def key(kid: str) -> tuple[float, int]:
            e = self.game.kniggit(state, kid)
            return (norm(e.x - k.x, e.y - k.y), self.slot_of(kid))

        return sorted(ids, key=key)[:TARGETS]

    @staticmethod
    def _enemy_rows(state: Any, seat: int) -> np.ndarray:
        """A row per enemy of ``seat`` on the table: x, y, slot (for :func:`.fast_moves.menu_points`:
        :data:`MENU_MOVES` points a mover, in the order of the action list, full moves, half moves,
        charges at the nearest enemies on the table first)."""
        return np.array([(e.x, e.y, int(e.id[1:])) for e in state.kniggits if e.seat != seat and e.on_table],
                        dtype=float).reshape(-1, 3)

    def _legal_by_transition(self, state: Any, seat: int, index: int) -> bool:
        """The slow reference for the mask (the tests compare them): the whole rules."""
        try:
            self.game.check_action(state, seat, self.decode(state, seat, index))
        except IllegalAction:
            return False
        return True

    def decode(self, state: Any, seat: int, index: int) -> str:
        name = super().decode(state, seat, index)
        index = int(index)
        menu = self._menu(state, seat)
        if index in menu.named:
            return menu.named[index]
        moves = menu.move_list
        at = bisect_left(moves, index)
        if at < len(moves) and moves[at] == index:
            judged, row = menu.judged, menu.rows[at]
            x, y = judged.points[row].tolist()
            return f"move:{judged.movers[judged.owner[row]].id}:{x!r}:{y!r}"
        # not legal now: a decision string the rules refuse with their reason
        parts = name.split(":")
        verb = parts[0]
        if verb == "fight":
            pair = f"{state.fights[0][0]}-{state.fights[0][1]}" if state.fights else "none-none"
            return f"fight:{pair}:{parts[1]}:{parts[2]}"
        if verb not in ("move", "step", "charge", "face", "second", "shoot", "pick", "drop"):
            return name
        me = self.kid(seat, int(parts[1]))
        if verb in TARGET_VERBS:
            return f"{verb}:{me}:none"
        if verb == "pick":
            return f"pick:{me}:{parts[2]}:{parts[3]}"
        if verb == "drop":
            return f"drop:{me}"
        k = self.game.kniggit(state, me)
        if k is None:
            return f"move:{me}:0:0"  # no such kniggit: the rules refuse it
        me_row = np.array([(k.x, k.y, self.game.move_allowance(k))])
        ends, real = menu_points(me_row, self._enemy_rows(state, seat), _UNIT, TARGETS, float(self.game.table.size))
        row = index - self._first_move[int(parts[1])]
        if not real[row]:
            return f"move:{me}"  # a charge with no such enemy: the rules refuse a move to nowhere
        return f"move:{me}:{float(ends[row, 0])!r}:{float(ends[row, 1])!r}"

    # -- observations --------------------------------------------------------------------------
    # A kniggit's row (:func:`k_row`) is kept with it: a kniggit that has not changed is the same
    # value in the next state, so most rows of an observation are ready.
    def observe(self, state: Any, seat: int) -> np.ndarray:
        game = self.game
        size = game.table.size
        ring = game.table.ring + 1e-9
        K = self.slots
        vec = np.zeros(self.observation_size, dtype=np.float32)
        ks = state.kniggits
        if ks:
            rows = np.frombuffer(_rows(ks)).reshape(len(ks), -1)
            if state.phase == "fight" and state.fights:
                rows = rows.copy()
                for n, k in enumerate(ks):
                    rows[n, 14], rows[n, 15] = k.id == state.fights[0][0], k.id == state.fights[0][1]
            kniggit_blocks(rows, seat, K, float(size), ring, vec)
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
