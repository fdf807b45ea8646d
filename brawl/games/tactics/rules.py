"""Tactics: a d20 skirmish on a square grid between two parties.

Each seat is a side (a party of ready-made characters, option ``party1`` / ``party2``).  Every round
all characters roll initiative (d20 + Dex, ties broken by a die) and then take turns in that order;
the side that owns the character on turn decides for it.  Decisions (``<id>`` is a character's id,
its lower-case name, e.g. ``steve``):

- ``move:X,Y``: the move action, to square (X, Y) by the route that provokes the fewest attacks of
  opportunity, then the shortest (diagonals 5-10-5).
- ``attack:<id>``: a melee attack with the main-hand weapon; ``twoweapon:<id>``: with both weapons.
- ``shoot:<id>`` (bow or sling in hand), ``throw:<id>`` (the main-hand weapon).
- ``trip:<id>``, ``hamstring:<id>``: the special attacks.
- ``fullattack:<id>`` (option iterative_attacks: the whole turn on every attack the base attack
  gives) and ``punch:<id>`` (option unarmed_strikes: 1d3 nonlethal, provoking from the target).
- ``cast:<spell>`` (self spells), ``cast:<spell>:<id>``, ``cast:fireball:X,Y``.
- ``heal:<id>`` (Heal check DC 15 on a fallen ally), ``stand``, ``draw`` (swap the main-hand weapon
  with the sheathed one), ``hide`` (a Hide check, out of combat and in cover), ``end_turn``.
- Reactions: when a character provokes, each threatening enemy's side answers ``aoo`` (take the
  attack of opportunity) or ``pass``.

The rules page (``rules.md``) names the seed section or ruling of each rule.  This class is the
game the core sees; it settles the pending steps (:mod:`.steps`) and hands each to the module of
its concept: :mod:`.actions` (a turn's decisions), :mod:`.turns` (initiative and turns),
:mod:`.movement` (moving and attacks of opportunity), :mod:`.strikes` (attack rolls and damage;
their numbers in :mod:`.attacks`, :mod:`.modifiers` and :mod:`.cover`), :mod:`.saves` (saves,
checks, hiding), :mod:`.spells`, :mod:`.effects` (damage, healing, dying).  Numbers are in
:mod:`.data`, formulas in :mod:`.mechanics`, options in :mod:`.options`, the grid in :mod:`.grid`.
"""

from __future__ import annotations

from ...core.game import Decision, Game, Terminal, _jsonable, _tuplify
from . import actions, effects, movement, saves, spells, strikes, turns
from . import attacks as A
from . import words as W
from .characters import CharacterError, Sheet, custom_party, party
from .grid import MAPS, Map, Square, adjacent
from .mechanics import d20_result, damage_expr, save_result
from .options import TacticsOptions
from .state import TacticsState, Unit, replace, set_unit
from .steps import (ROLL, Attack, Bleed, Concentration, Cure, Do, Fireball, GoOn, HealCheck, HideCheck, Move, Offer, Save,
                    SpellDamage, Step, step_from_json, step_to_json)

__all__ = ["Tactics", "TacticsOptions", "TacticsState", "Unit", "Step", "AttackProfile", "d20_result",
           "save_result"]

AttackProfile = A.AttackProfile

#: the chance event each kind of pending step waits for, and what its outcome does
PLURAL_PARTIES = ("heroes", "raiders", "wardens")  # the ready parties named by a plural noun

_NODES = {Attack: strikes.attack_node, Save: saves.check_node, Concentration: saves.check_node,
          HealCheck: saves.check_node, HideCheck: saves.check_node, Cure: spells.spell_node,
          SpellDamage: spells.spell_node, Fireball: spells.spell_node, Bleed: effects.bleed_node}
_ROLLS = {Attack: strikes.roll_attack, **saves.ROLLS, **spells.ROLLS, Bleed: effects.roll_bleed}


class Tactics(Game[TacticsState]):
    name = "tactics"
    title = "Tactics"
    description = ("Two parties of d20 characters fight on a grid of five-foot squares: move, strike, shoot and cast "
                   "spells, with attacks of opportunity, flanking and saves; the side left standing wins.")
    Options = TacticsOptions
    State = TacticsState
    min_players = 2
    max_players = 2

    def __init__(self, options=None, **kwargs) -> None:
        super().__init__(options, **kwargs)
        o = self.options
        sides = tuple(custom_party(c, o.level) if c.strip() else party(p, o.level)
                      for p, c in ((o.party1, o.custom1), (o.party2, o.custom2)))
        self._setup(MAPS[o.map], sides)

    @classmethod
    def custom(cls, parties: tuple[tuple[Sheet, ...], tuple[Sheet, ...]], game_map: Map | None = None,
               **options) -> "Tactics":
        """A battle between any two lists of sheets (the odds service and tests use it); records of
        such battles do not replay from options alone."""
        game = cls(options)
        game._setup(game_map or game.map, parties)
        return game

    def _setup(self, game_map: Map, parties) -> None:
        """The battle's fixed facts, set once when the game is made: the map, every character's
        sheet, side and id."""
        self.map = game_map
        sheets, sides, ids = [], [], []
        taken: set[str] = set()
        for side, members in enumerate(parties):
            if len(members) > len(self.map.starts[side]):
                raise CharacterError(f"map {game_map.key} has {len(self.map.starts[side])} start squares for side "
                                     f"{side + 1}; party has {len(members)}")
            for sheet in members:
                ident = sheet.name.lower()
                if ident in taken:
                    ident = f"{ident}{side + 1}"
                    sheet = replace(sheet, name=f"{sheet.name} {side + 1}")
                taken.add(ident)
                sheets.append(sheet)
                sides.append(side)
                ids.append(ident)
        self.sheets: tuple[Sheet, ...] = tuple(sheets)
        self.sides: tuple[int, ...] = tuple(sides)
        self.ids: tuple[str, ...] = tuple(ids)
        self.index = {ident: i for i, ident in enumerate(ids)}

    @property
    def num_players(self) -> int:
        return 2

    def initial_state(self) -> TacticsState:
        """Everyone on its start square with its gear.  With a surprise round (option, SRD) the
        battle opens with round 0, the aware side's alone, and its enemies start flat-footed."""
        units = []
        count = [0, 0]
        aware = self.aware_side()
        for i, sheet in enumerate(self.sheets):
            side = self.sides[i]
            x, y = self.map.starts[side][count[side]]
            count[side] += 1
            surprised = aware is not None and side != aware
            units.append(Unit(x=x, y=y, hp=sheet.max_hp, main=sheet.main, off=sheet.off,
                              two_handed=sheet.two_handed, sheath=sheet.sheath, ammo=sheet.starting_ammo(),
                              spells=tuple(sheet.spells().items()),
                              acted=not (self.options.flat_footed or surprised)))
        return TacticsState(units=tuple(units), round=0 if aware is not None else 1)

    # -- reading the state (each rule in the module of its concept) ---------------------------

    def name_of(self, i: int) -> str:
        return self.sheets[i].name

    def enemies(self, state: TacticsState, i: int) -> list[int]:
        return [j for j, u in enumerate(state.units) if self.sides[j] != self.sides[i] and not u.dead]

    def allies(self, state: TacticsState, i: int) -> list[int]:
        return [j for j, u in enumerate(state.units) if self.sides[j] == self.sides[i] and j != i and not u.dead]

    melee_weapon = staticmethod(movement.melee_weapon)
    can_threaten = movement.can_threaten
    makes_aoo = movement.makes_aoo
    strikes_back = movement.strikes_back
    in_combat = movement.in_combat
    is_flanked = movement.is_flanked
    speed = movement.speed
    move_routes = movement.move_routes
    move_squares = movement.move_squares
    move_route = movement.move_route
    provoke_watchers = movement.provoke_watchers
    hide_cover = saves.hide_cover
    may_stay_hidden = saves.may_stay_hidden
    can_hide = saves.can_hide
    hide_dc = saves.hide_dc
    flat_footed = saves.flat_footed
    save_bonus = saves.save_bonus
    trip_dc = saves.trip_dc
    trip_save = saves.trip_save
    armor_class = A.armor_class
    cover_notes = A.cover_notes
    attack_profile = A.attack_profile
    full_attack_count = A.full_attack_count
    _full_attacks = A.full_attacks
    full_attack_steps = A.full_attack_steps
    _profile_of = strikes.profile_of
    aware_side = turns.aware_side
    actions_allowed = turns.actions_allowed
    _standard_actions = actions.standard_actions
    _in_range = actions.in_range
    _cast_options = spells.cast_options
    _area_ok = spells.area_ok
    _parse_square = staticmethod(actions.parse_square)
    _set_unit = staticmethod(set_unit)
    _damage = effects.damage
    _heal = effects.heal

    def occupied(self, state: TacticsState, exclude: int = -1) -> set:
        return movement.occupied(state, exclude)

    def reflex_cover(self, origin: Square, i: int, state: TacticsState) -> int:
        return A.reflex_cover(self, origin, i, state)

    def damage_expr(self, profile: AttackProfile, crit: bool) -> str:
        return damage_expr(profile, crit)

    def one_action_turn(self, state: TacticsState, i: int) -> bool:
        """A turn with no room for both actions (and so for no full attack)."""
        return turns.actions_allowed(self, state, i) < turns.TURN_ACTIONS

    # -- whose decision ------------------------------------------------------------------------

    def node(self, state: TacticsState):
        """Whose decision it is or which dice are due (worked out once per state: the environments
        and the checks of every decision ask it again and again)."""
        return state.remembered(self, "node", lambda: self._node(state))

    def _node(self, state: TacticsState):
        if state.over:
            return Terminal(state.winners)
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, Offer):
                return movement.offer_node(self, state, top)
            if isinstance(top, GoOn):
                return Decision((self.sides[top.actor],), "turn",
                                f"{self.name_of(top.actor)}: go on with the full attack, or move instead?")
            node = _NODES.get(type(top))
            if node is None:
                raise ValueError(f"step {top.kind!r} should have been settled")
            return node(self, state, top)
        if state.pos < 0:
            return turns.initiative_node(self, state)
        return Decision((self.sides[state.actor],), "turn", f"{self.name_of(state.actor)} to act")

    def _attack_words(self, step: Attack) -> str:
        return W.attack_words(self, step)

    def legal_actions(self, state: TacticsState, seat: int) -> list[str]:
        node = self.node(state)
        if not isinstance(node, Decision) or seat not in node.seats:
            return []
        if node.kind == "reaction":
            return ["aoo", "pass"]
        return actions.turn_actions(self, state)

    def check_action(self, state: TacticsState, seat: int, action: str) -> None:
        """Everything in ``legal_actions``, plus a fireball at any square in range and in line of
        effect (the list names only occupied squares)."""
        actions.check(self, state, seat, action)

    def refusal(self, state: TacticsState, seat: int, action: str, legal: list[str]) -> str:
        """Why a decision is refused, in a player's words, with what may be done instead."""
        return W.refusal(self, state, seat, action, legal)

    # -- transitions ---------------------------------------------------------------------------

    def _apply_action(self, state: TacticsState, seat: int, action: str) -> TacticsState:
        if state.stack and isinstance(state.stack[-1], Offer):
            return self._settle(movement.answer_offer(self, state, state.stack[-1], action))
        return self._settle(actions.decide(self, state, seat, action))

    def _apply_chance(self, state: TacticsState, outcome) -> TacticsState:
        if not state.stack:
            after = turns.roll_initiative(self, state, outcome)
            return self._settle(after) if after.groups else after
        top = state.stack[-1]
        roll = _ROLLS.get(type(top))
        if roll is None:
            raise ValueError(f"no dice for step {top.kind!r}")
        return self._settle(roll(self, state, top, outcome))

    def _settle(self, state: TacticsState) -> TacticsState:
        """Everything that needs no decision and no dice: the end of the battle, moves square by
        square, offers that can no longer be taken, standard actions whose attacks of opportunity
        are over, attacks that can no longer be made, the start of the round and of turns."""
        units = standing = None
        while True:
            if state.over:
                return state
            if state.units is not units:  # who still stands changes only with the characters
                units = state.units
                standing = {self.sides[j] for j, u in enumerate(units) if u.conscious}
            if len(standing) < 2:
                for st in state.stack:
                    if isinstance(st, Move):
                        state = movement.fall_back(self, state, st)
                return replace(state, over=True, winners=tuple(sorted(standing)), stack=(),
                               last=(state.last + "; " if state.last else "") + "the battle is over")
            if state.stack:
                top = state.stack[-1]
                if isinstance(top, Offer):
                    if movement.offer_stands(self, state, top):
                        return state
                    state = replace(state, stack=state.stack[:-1])
                elif isinstance(top, Move):
                    state = movement.move_step(self, state, top)
                elif isinstance(top, Do):
                    state = actions.settle_do(self, state, top)
                elif isinstance(top, GoOn) and not state.units[top.actor].conscious:
                    state = replace(state, stack=state.stack[:-1])
                elif isinstance(top, Attack) and top.stage == ROLL and not strikes.attack_possible(self, state, top):
                    state = replace(state, stack=state.stack[:-1])
                else:
                    return state
                continue
            if state.pos < 0:
                begun = turns.begin_round(self, state)
                if begun is None:
                    return state
                state = begun
                continue
            if not turns.turn_over(self, state):
                return state
            state = turns.end_turn(self, state)

    def _start_turn(self, state: TacticsState) -> TacticsState:
        return turns.start_turn(self, state)

    def _end_turn(self, state: TacticsState) -> TacticsState:
        return turns.end_turn(self, state)

    # -- serialisation and views ---------------------------------------------------------------

    def state_to_json(self, state: TacticsState) -> dict:
        data = _jsonable(replace(state, stack=()))
        data["stack"] = [step_to_json(step) for step in state.stack]
        return data

    def state_from_json(self, data) -> TacticsState:
        names = set(TacticsState.__dataclass_fields__)
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown state fields: {sorted(unknown)}")
        d = {k: _tuplify(v) for k, v in data.items()}
        d["units"] = tuple(Unit(**dict(u)) for u in data["units"])
        d["units"] = tuple(replace(u, spells=tuple(tuple(p) for p in u.spells)) for u in d["units"])
        d["stack"] = tuple(step_from_json(s) for s in data.get("stack", []))
        return TacticsState(**d)

    def view(self, state: TacticsState, seat: int | None) -> dict:
        data = self.state_to_json(state)
        data["map"] = self.map.to_json()
        data["characters"] = [dict(self.sheets[i].to_json(), id=self.ids[i], side=self.sides[i])
                              for i in range(len(self.sheets))]
        data["actor"] = state.actor
        data["ids"] = list(self.ids)
        # what the board shows before a move: squares each side threatens, where the character on
        # turn may go (feet walked 5-10-5, attacks of opportunity provoked), and whom it would flank
        data["threatened"] = [sorted({(u.x + dx, u.y + dy) for j, u in enumerate(state.units)
                                      if self.sides[j] == side and self.can_threaten(state, j)
                                      for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy})
                              for side in (0, 1)]
        data["moves"] = {}
        node = self.node(state)
        going_on = bool(state.stack) and isinstance(state.stack[-1], GoOn)  # may move instead (rule 68)
        if isinstance(node, Decision) and node.kind == "turn" and (not state.moved or going_on):
            i = state.actor
            for sq, route in self.move_routes(state, i).items():
                moved = set_unit(state, i, replace(state.units[i], x=sq[0], y=sq[1]))
                flanked = [self.ids[j] for j in self.enemies(state, i)
                           if state.units[j].conscious and adjacent(sq, state.units[j].pos)
                           and self.is_flanked(moved, i, j)]
                data["moves"][f"{sq[0]},{sq[1]}"] = {"feet": route.feet, "provokes": route.provokes,
                                                     "path": [list(p) for p in route.path], "flanks": flanked}
        return data

    # -- for people ----------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        if seat in (0, 1):
            names = tuple("custom" if c.strip() else p for p, c in ((self.options.party1, self.options.custom1),
                                                                      (self.options.party2, self.options.custom2)))
            label = names[seat].capitalize()
            return f"{label} ({seat + 1})" if names[0] == names[1] else label
        return super().seat_name(seat)

    def seat_plural(self, seat: int) -> bool:
        """A party named by a plural ("Heroes", "Raiders", "Wardens") wins as one: "Heroes win"."""
        party = (self.options.party1, self.options.party2)[seat] if seat in (0, 1) else ""
        custom = (self.options.custom1, self.options.custom2)[seat] if seat in (0, 1) else ""
        return not custom.strip() and party in PLURAL_PARTIES

    def turns(self, state: TacticsState) -> int:
        return state.turns

    def first_mover(self, state: TacticsState) -> int | None:
        return state.first_mover if state.first_mover >= 0 else None

    def describe_action(self, state: TacticsState, seat: int, action: str) -> str:
        """A decision in a player's words ("Steve moves to square 3,4 (15 ft)"), never its code."""
        return W.describe(self, state, seat, action)

    def action_odds(self, state: TacticsState, seat: int, action: str) -> str | None:
        return W.odds_line(self, state, seat, action)

    def status_rows(self, state: TacticsState) -> list[dict]:
        """One row per character, in a player's words (public information only)."""
        return W.status_rows(self, state)

    def summary(self, state: TacticsState) -> str:
        return W.summary(self, state)
