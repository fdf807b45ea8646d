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

The rules page (``rules.md``) names the seed section or ruling of each rule.  The rules are kept
by concept: options in :mod:`.options`, numbers in :mod:`.data`, attack and damage modifiers in
:mod:`.modifiers`, cover and lines of fire in :mod:`.cover`, the grid in :mod:`.grid`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from ...core.dice import ChanceEvent, die, parse
from ...core.game import Chance, Decision, Game, IllegalAction, Terminal
from .characters import CharacterError, Sheet, custom_party, party
from .data import (BLUR_MISS, FIREBALL_RADIUS, HASTE_FEET, HEAL_DC, HIDE_BASE_DC, IMPROVISED_THROW_RANGE,
                   MAX_INCREMENTS_PROJECTILE, MAX_INCREMENTS_THROWN, PRONE_SPEED, RESISTANCE_BONUS,
                   RESISTANCE_ROUNDS, SPELLS, STAGGERED_ACTIONS, SURPRISE_ACTIONS, TURN_ACTIONS, WEAPONS)
from .grid import MAPS, Map, Route, Square, adjacent, burst, distance_feet, flanks, line_of_effect, routes
from . import attacks as A
from . import words as W
from .options import TacticsOptions

__all__ = ["Tactics", "TacticsOptions", "TacticsState", "Unit", "Step", "AttackProfile", "d20_result",
           "save_result"]

BLUR_CHANCE = Fraction(*BLUR_MISS)


@lru_cache(maxsize=8192)
def labelled_die(sides: int, label: str) -> ChanceEvent:
    """A die whose label says whose roll it is and what for ("Steve's attack roll against Jeff"):
    the log's roll line reads as the character who rolls."""
    return die(sides, f"d{sides}", label)


@lru_cache(maxsize=4096)
def concealment(label: str) -> ChanceEvent:
    return ChanceEvent("concealment", ("miss", "hit"), (BLUR_CHANCE, 1 - BLUR_CHANCE), label)


MELEE_KINDS = ("main", "off", "main_tw", "off_tw", "aoo", "trip", "hamstring", "touch", "unarmed")
# how the log names the blow that did damage ("hit: Vex takes 4"), by attack kind
ATTACK_WORDS = {"main": "hit", "off": "off-hand hit", "main_tw": "main-hand hit", "off_tw": "off-hand hit",
                "aoo": "attack of opportunity", "shoot": "shot", "throw": "thrown weapon", "ray": "ray",
                "touch": "touch", "hamstring": "hamstring", "trip": "trip", "unarmed": "punch"}


@lru_cache(maxsize=4096)
def dice_event(expr: str, label: str = "damage") -> ChanceEvent:
    return parse(expr).event(expr, label)


def scale_dice(expr: str, mult: int) -> str:
    """``1d8+3`` times 2 is ``2d8+6``: a critical rolls the damage ``mult`` times (seed: Damage)."""
    e = parse(expr)
    parts = []
    for sign, term in e.terms:
        parts.append(("-" if sign < 0 else "+") + f"{term.count * mult}d{term.sides}")
    const = e.constant * mult
    text = "".join(parts).lstrip("+")
    if const:
        text += f"{const:+d}"
    return text


def add_dice(expr: str, extra: str) -> str:
    return expr if not extra else f"{expr}+{extra}" if expr else extra


@dataclass(frozen=True)
class Unit:
    """What changes about one character during a battle."""

    x: int
    y: int
    hp: int
    prone: bool = False
    stable: bool = False
    dead: bool = False
    acted: bool = False  # has had a turn (no longer flat-footed)
    main: str = ""
    off: str = ""
    two_handed: bool = False
    sheath: str = ""
    ammo: int = 0
    spells: tuple = ()  # ((spell, casts left), ...)
    hamstrung: bool = False
    blur: bool = False
    haste: bool = False
    resist_until: int = 0  # resistance lasts through this round
    hidden: bool = False  # a successful Hide check; enemies cannot single it out
    nonlethal: int = 0  # nonlethal damage taken (option unarmed_strikes; SRD)

    @property
    def pos(self) -> Square:
        return (self.x, self.y)

    @property
    def conscious(self) -> bool:
        """Seed (Conditions): 1 or more hit points; SRD: and no more nonlethal damage than that."""
        return not self.dead and self.hp >= 1 and self.nonlethal <= self.hp

    @property
    def knocked_out(self) -> bool:
        """SRD (Nonlethal Damage): more nonlethal damage than hit points knocks a character out."""
        return not self.dead and self.hp >= 1 and self.nonlethal > self.hp

    @property
    def staggered(self) -> bool:
        """SRD (Nonlethal Damage): nonlethal damage equal to the hit points staggers: one action a turn."""
        return not self.dead and self.hp >= 1 and self.nonlethal == self.hp

    @property
    def down(self) -> bool:
        """Alive but not conscious: incapacitated (0 to -9 hit points) or knocked out."""
        return not self.dead and not self.conscious

    @property
    def incapacitated(self) -> bool:
        return not self.dead and self.hp <= 0

    def casts(self, spell: str) -> int:
        for k, n in self.spells:
            if k == spell:
                return n
        return 0


@dataclass(frozen=True)
class Step:
    """One pending piece of resolution, kept on the state's stack (top last)."""

    kind: str  # offer, attack, save, conc, healcheck, cure, spelldmg, fireball, bleed, move, do
    actor: int
    target: int = -1
    arg: str = ""
    n: int = 0
    m: int = 0
    rolls: tuple = ()
    unseen: bool = False  # an attack (or the action that makes it) from hiding
    iterative: int = 0  # which attack of a full attack (0: the first, at the full bonus)


@dataclass(frozen=True)
class TacticsState:
    units: tuple
    round: int = 1
    order: tuple = ()  # this round's initiative order (unit indices)
    pos: int = -1  # index in ``order`` of the character on turn; -1 while rolling initiative
    init: tuple = ()  # ((unit, d20), ...) rolled so far this round
    groups: tuple = ()  # initiative order as groups of equal totals awaiting tie-breaks
    moved: bool = False  # the move action is used
    acted_std: bool = False  # the standard action is used
    stack: tuple = ()
    hits: tuple = ()  # damage from attacks of opportunity during the current provoking action
    spoiled: bool = False  # a Concentration save failed: the spell is lost
    turns: int = 0
    first_mover: int = -1
    over: bool = False
    winners: tuple = ()
    last: str = ""

    @property
    def actor(self) -> int:
        return self.order[self.pos] if self.pos >= 0 else -1


AttackProfile = A.AttackProfile


def d20_result(roll: int, bonus: int, ac: int, crit_lo: int = 20) -> str:
    """Seed (Armor Class): a hit when d20 + bonus >= AC; a natural 20 always hits and is a critical;
    a natural 1 always misses; a hit in the weapon's critical range is a critical.
    Returns "miss", "hit" or "crit"."""
    if roll == 1:
        return "miss"
    if roll == 20:
        return "crit"
    if roll + bonus < ac:
        return "miss"
    return "crit" if roll >= crit_lo else "hit"


def save_result(roll: int, bonus: int, dc: int, natural: bool) -> bool:
    """Seed (Difficulty Check): saved when d20 + save >= DC.  Ruling (SRD): on Fortitude, Reflex
    and Will saves a natural 1 always fails and a natural 20 always succeeds (``natural``)."""
    if natural and roll == 1:
        return False
    if natural and roll == 20:
        return True
    return roll + bonus >= dc


class Tactics(Game[TacticsState]):
    name = "tactics"
    title = "Tactics"
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
        o = self.options
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

    # ------------------------------------------------------------------------------------------
    # set-up

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

    # ------------------------------------------------------------------------------------------
    # reading the state

    def name_of(self, i: int) -> str:
        return self.sheets[i].name

    def enemies(self, state: TacticsState, i: int) -> list[int]:
        return [j for j, u in enumerate(state.units) if self.sides[j] != self.sides[i] and not u.dead]

    def allies(self, state: TacticsState, i: int) -> list[int]:
        return [j for j, u in enumerate(state.units) if self.sides[j] == self.sides[i] and j != i and not u.dead]

    def melee_weapon(self, unit: Unit) -> str:
        """The weapon a character attacks with in melee (and threatens with): the main-hand weapon,
        else a weapon in the off hand; "" when it holds none (ruling)."""
        if unit.main and WEAPONS[unit.main].melee:
            return unit.main
        if unit.off in WEAPONS:
            return unit.off
        return ""

    def can_threaten(self, state: TacticsState, i: int) -> bool:
        """Ruling: a conscious character with a melee weapon in hand makes attacks of opportunity
        (prone ones too: seed, Conditions)."""
        u = state.units[i]
        return u.conscious and bool(self.melee_weapon(u))

    def in_combat(self, state: TacticsState, i: int, ignoring: int = -1) -> bool:
        """Seed (Range): within melee range of an enemy.  Ruling: only a conscious enemy counts."""
        p = state.units[i].pos
        for j in self.enemies(state, i):
            if j != ignoring and state.units[j].conscious and adjacent(p, state.units[j].pos):
                return True
        return False

    def hide_cover(self, state: TacticsState, i: int) -> bool:
        """Ruling (SRD Hide needs cover or concealment from each observer): where character ``i``
        stands, every conscious enemy either has no line of effect to it or it is next to a wall
        square (diagonals included), which counts as cover."""
        p = state.units[i].pos
        if any(sq in self.map.walls for sq in ((p[0] + dx, p[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))):
            return True
        return not any(state.units[j].conscious and line_of_effect(self.map, state.units[j].pos, p)
                       for j in self.enemies(state, i))

    def may_stay_hidden(self, state: TacticsState, i: int) -> bool:
        """Ruling: a square where a character may hide, and so stay hidden after a step: not in
        combat (no conscious enemy in melee range) and in cover from every conscious enemy."""
        return not self.in_combat(state, i) and self.hide_cover(state, i)

    def can_hide(self, state: TacticsState, i: int) -> bool:
        """Ruling: a conscious character that is not hidden yet may try to hide where it could stay
        hidden (seed: Skills names Hide; SRD: no hiding in plain sight or in melee)."""
        u = state.units[i]
        return u.conscious and not u.hidden and self.may_stay_hidden(state, i)

    def hide_dc(self, state: TacticsState, i: int) -> int:
        """Ruling: the seed has no Spot skill, so the enemies take 10 on a Spot check of their
        Wisdom modifier alone (SRD: Spot is Wisdom-based, opposed to Hide): DC 10 + the best Wisdom
        modifier among the conscious enemies."""
        mods = [self.sheets[j].mod("wis") for j in self.enemies(state, i) if state.units[j].conscious]
        return HIDE_BASE_DC + max(mods, default=0)

    def flat_footed(self, state: TacticsState, i: int) -> bool:
        """Ruling (SRD, option flat_footed): a character that has not had a turn yet loses its Dex
        bonus to AC.  Option surprise_round (SRD): the surprised side is flat-footed until its first
        turn even with flat_footed off."""
        if state.units[i].acted:
            return False
        aware = self.aware_side()
        return self.options.flat_footed or (aware is not None and self.sides[i] != aware)

    def is_flanked(self, state: TacticsState, attacker: int, target: int) -> bool:
        """Seed (Flanking): attacker and a conscious ally both in melee range of the target with the
        target on the straight line between them.  Seed (Conditions): an incapacitated target is
        always treated as flanked; so is one knocked out (option unarmed_strikes; ruling, SRD
        helpless)."""
        t = state.units[target]
        if t.down:
            return True
        a = state.units[attacker]
        if not adjacent(a.pos, t.pos):
            return False
        for j in self.allies(state, attacker):
            b = state.units[j]
            if b.conscious and flanks(a.pos, b.pos, t.pos):
                return True
        return False

    def speed(self, state: TacticsState, i: int) -> int:
        """Seed: 30 feet, 20 in medium or heavier armor, 5 when prone; expeditious retreat +10 (seed);
        hamstrung halves it (ruling)."""
        u = state.units[i]
        if u.prone:
            return PRONE_SPEED
        feet = self.sheets[i].base_speed + (HASTE_FEET if u.haste else 0)
        if u.hamstrung:
            feet = max(5, feet // 2 // 5 * 5)
        return feet

    def occupied(self, state: TacticsState, exclude: int = -1) -> set:
        return {u.pos for j, u in enumerate(state.units) if not u.dead and j != exclude}

    def move_routes(self, state: TacticsState, i: int) -> dict[Square, Route]:
        """Where character ``i`` can move this turn, each by its least-provoking route."""
        key = (state.units, i)
        cache = self.__dict__.setdefault("_route_cache", {})
        hit = cache.get(key)
        if hit is not None:
            return hit
        u = state.units[i]
        blocked = {state.units[j].pos for j in self.enemies(state, i) if state.units[j].conscious}
        watchers = tuple(state.units[j].pos for j in self.provoke_watchers(state, i))
        out = routes(self.map, u.pos, self.speed(state, i), blocked, self.occupied(state, i), watchers)
        if len(cache) > 256:
            cache.clear()
        cache[key] = out
        return out

    def provoke_watchers(self, state: TacticsState, mover: int) -> list[int]:
        """Enemies whose melee range the mover would provoke by entering or leaving: those that can
        make attacks of opportunity and are not in combat with anyone but the mover (seed: Attacks
        of Opportunity; its example of Jeff's retreat)."""
        return [j for j in self.enemies(state, mover)
                if self.can_threaten(state, j) and not self.in_combat(state, j, ignoring=mover)]

    # -- attack numbers ------------------------------------------------------------------------

    def armor_class(self, state: TacticsState, attacker: int, target: int, touch: bool,
                    unseen: bool = False, ranged: bool = False) -> tuple[int, tuple]:
        return A.armor_class(self, state, attacker, target, touch, unseen, ranged)

    def cover_notes(self, state: TacticsState, attacker: int, target: int, ranged: bool) -> list[tuple[str, int]]:
        return A.cover_notes(self, state, attacker, target, ranged)

    def reflex_cover(self, origin: Square, i: int, state: TacticsState) -> int:
        return A.reflex_cover(self, origin, i, state)

    def attack_profile(self, state: TacticsState, attacker: int, target: int, kind: str,
                       spell: str = "", unseen: bool | None = None, iterative: int = 0) -> "AttackProfile":
        """Everything an attack roll needs (see the attacks module)."""
        return A.attack_profile(self, state, attacker, target, kind, spell, unseen, iterative)

    def damage_expr(self, profile: AttackProfile, crit: bool) -> str:
        expr = scale_dice(profile.dice, profile.mult) if crit else profile.dice
        if profile.sneak:
            expr = add_dice(expr, f"{profile.sneak}d6")
        return expr

    def save_bonus(self, state: TacticsState, i: int, kind: str) -> int:
        """A save of character ``i``: Fortitude/Reflex/Will or a statistic save, +1 under resistance."""
        bonus = self.sheets[i].save(kind)
        if state.units[i].resist_until >= state.round:
            bonus += RESISTANCE_BONUS
        return bonus

    def trip_dc(self, i: int) -> int:
        """Ruling (seed's trip example: Jeff "only generates a 9 DC"): 10 + the tripper's Str modifier."""
        return 10 + self.sheets[i].mod("str")

    def trip_save(self, state: TacticsState, i: int) -> int:
        """Seed (trip example): the higher of the Strength save and the Dexterity save."""
        return max(self.save_bonus(state, i, "str"), self.save_bonus(state, i, "dex"))

    # ------------------------------------------------------------------------------------------
    # whose decision

    def node(self, state: TacticsState):
        if state.over:
            return Terminal(state.winners)
        if state.stack:
            top = state.stack[-1]
            k = top.kind
            if k == "offer":
                return Decision((self.sides[top.actor],), "reaction",
                                f"{self.name_of(top.target)} provokes: attack of opportunity by {self.name_of(top.actor)}?")
            # every roll is labelled with the character who rolls it, and has no seat: the log
            # reads "Roll d20 (Steve's attack roll against Jeff): 14", not the side's name
            who = self.name_of(top.actor)
            if k == "attack":
                whom = self.name_of(top.target)
                if top.m == 0:
                    what = self._attack_words(top)
                    return Chance(labelled_die(20, f"{who}'s {what} against {whom}"), None)
                if top.m == 1:
                    return Chance(concealment(f"{whom}'s blur: 20% miss"), None)
                profile = self._profile_of(state, top)
                return Chance(dice_event(self.damage_expr(profile, bool(top.n)), f"{who}'s damage to {whom}"), None)
            if k == "save":
                what = top.arg.partition(":")[0]
                text = (f"{who}'s save against the trip" if what == "trip" else
                        f"{who}'s Will save against {SPELLS[top.arg.partition(':')[2]].name}")
                return Chance(labelled_die(20, text), None)
            if k == "conc":
                return Chance(labelled_die(20, f"{who}'s Concentration"), None)
            if k == "healcheck":
                return Chance(labelled_die(20, f"{who}'s Heal check on {self.name_of(top.target)}"), None)
            if k == "hidecheck":
                return Chance(labelled_die(20, f"{who}'s Hide check"), None)
            if k in ("cure", "spelldmg"):
                spell = SPELLS[top.arg].name
                text = (f"{who}'s {spell} healing {self.name_of(top.target)}" if k == "cure" else
                        f"{who}'s {spell} damage to {self.name_of(top.target)}")
                return Chance(dice_event(SPELLS[top.arg].dice, text), None)
            if k == "fireball":
                if not top.rolls:
                    return Chance(dice_event(SPELLS["fireball"].dice, f"{who}'s fireball damage"), None)
                saver = self._fireball_savers(top)[len(top.rolls) - 1]
                return Chance(labelled_die(20, f"{self.name_of(saver)}'s Reflex save against the fireball"), None)
            if k == "bleed":
                return Chance(labelled_die(10, f"{who}'s bleeding"), None)
            raise ValueError(f"step {k!r} should have been settled")
        if state.pos < 0:
            if state.groups:
                group = next(g for g in state.groups if len(g) > 1)
                names = ", ".join(self.name_of(j) for j in group)
                return Chance(labelled_die(len(group), f"initiative tie between {names}"), None)
            nxt = self._next_roller(state)
            return Chance(labelled_die(20, f"{self.name_of(nxt)}'s initiative"), None)
        return Decision((self.sides[state.actor],), "turn", f"{self.name_of(state.actor)} to act")

    def _attack_words(self, step: Step) -> str:
        return W.attack_words(self, step)

    def _rollers(self, state: TacticsState) -> list[int]:
        """Who rolls initiative and acts this round: every living character, or in the surprise
        round only the aware side's (option surprise_round; SRD, Surprise)."""
        aware = self.aware_side()
        return [j for j, u in enumerate(state.units)
                if not u.dead and (state.round > 0 or aware is None or self.sides[j] == aware)]

    def _next_roller(self, state: TacticsState) -> int:
        rolled = {u for u, _ in state.init}
        return next(j for j in self._rollers(state) if j not in rolled)

    def aware_side(self) -> int | None:
        """The side that is not surprised (option surprise_round), or None."""
        return {"first": 0, "second": 1}.get(self.options.surprise_round)

    def _profile_of(self, state: TacticsState, step: Step) -> AttackProfile:
        kind, _, spell = step.arg.partition(":")
        return self.attack_profile(state, step.actor, step.target, kind, spell, step.unseen, step.iterative)

    def _fireball_savers(self, step: Step) -> tuple[int, ...]:
        part = step.arg.split("|")[1]
        return tuple(int(t) for t in part.split(",")) if part else ()

    # ------------------------------------------------------------------------------------------
    # legal decisions

    def legal_actions(self, state: TacticsState, seat: int) -> list[str]:
        node = self.node(state)
        if not isinstance(node, Decision) or seat not in node.seats:
            return []
        if node.kind == "reaction":
            return ["aoo", "pass"]
        i = state.actor
        u = state.units[i]
        out: list[str] = []
        if not state.moved:
            for sq in sorted(self.move_routes(state, i)):
                out.append(f"move:{sq[0]},{sq[1]}")
        if not state.acted_std:
            out.extend(self._standard_actions(state, i))
            if not state.moved and not self.one_action_turn(state, i):
                out.extend(self._full_attacks(state, i))
        out.append("end_turn")
        return out

    def actions_allowed(self, state: TacticsState, i: int) -> int:
        """Actions a turn has: a move and a standard action (seed: Actions); one of them in the
        surprise round (option surprise_round; SRD) or when staggered (option unarmed_strikes; SRD)."""
        if state.round == 0:
            return SURPRISE_ACTIONS
        if state.units[i].staggered:
            return STAGGERED_ACTIONS
        return TURN_ACTIONS

    def one_action_turn(self, state: TacticsState, i: int) -> bool:
        """A turn with no room for both actions (and so for no full attack)."""
        return self.actions_allowed(state, i) < TURN_ACTIONS

    def full_attack_count(self, i: int) -> int:
        return A.full_attack_count(self, i)

    def _full_attacks(self, state: TacticsState, i: int) -> list[str]:
        return A.full_attacks(self, state, i)

    def full_attack_steps(self, state: TacticsState, i: int, j: int, unseen: bool) -> tuple[Step, ...]:
        return A.full_attack_steps(self, state, i, j, unseen)

    def _standard_actions(self, state: TacticsState, i: int) -> list[str]:
        u = state.units[i]
        out: list[str] = []
        if u.prone:
            out.append("stand")
        foes = self.enemies(state, i)
        melee = self.melee_weapon(u)
        main_melee = bool(u.main) and WEAPONS[u.main].melee
        for j in foes:
            t = state.units[j]
            if t.hidden:
                continue  # ruling: a hidden character cannot be singled out by attacks
            ident = self.ids[j]
            near = adjacent(u.pos, t.pos)
            if near and melee:
                out.append(f"attack:{ident}")
            if near and main_melee:
                if u.off in WEAPONS:
                    out.append(f"twoweapon:{ident}")
                out.append(f"hamstring:{ident}")
            if near and t.conscious and not t.prone:
                out.append(f"trip:{ident}")
            if near and self.options.unarmed_strikes:
                out.append(f"punch:{ident}")
            if u.main and not WEAPONS[u.main].melee and u.ammo > 0 and self._in_range(state, i, j, "shoot"):
                out.append(f"shoot:{ident}")
            if u.main and WEAPONS[u.main].melee and self._in_range(state, i, j, "throw"):
                out.append(f"throw:{ident}")
        if u.sheath:
            out.append("draw")
        if self.can_hide(state, i):
            out.append("hide")
        for spell, left in u.spells:
            if left > 0:
                out.extend(self._cast_options(state, i, spell))
        for j in self.allies(state, i):
            t = state.units[j]
            if t.incapacitated and not t.stable and adjacent(u.pos, t.pos):
                out.append(f"heal:{self.ids[j]}")
        return out

    def _in_range(self, state: TacticsState, i: int, j: int, kind: str, spell: str = "") -> bool:
        a, t = state.units[i].pos, state.units[j].pos
        feet = distance_feet(a, t)
        if kind == "shoot":
            limit = WEAPONS[state.units[i].main].ranged * MAX_INCREMENTS_PROJECTILE
        elif kind == "throw":
            w = WEAPONS[state.units[i].main]
            limit = (w.thrown or IMPROVISED_THROW_RANGE) * MAX_INCREMENTS_THROWN
        else:
            limit = SPELLS[spell].range
        return feet <= limit and line_of_effect(self.map, a, t)

    def _cast_options(self, state: TacticsState, i: int, spell: str) -> list[str]:
        s = SPELLS[spell]
        u = state.units[i]
        out = []
        if s.target == "self":
            if (s.effect == "blur" and not u.blur) or (s.effect == "haste" and not u.haste):
                out.append(f"cast:{spell}")
        elif s.target == "ally":
            for j in [i] + self.allies(state, i):
                t = state.units[j]
                if j != i and not adjacent(u.pos, t.pos):
                    continue
                if s.effect == "heal" and (t.hp < self.sheets[j].max_hp or t.nonlethal > 0):
                    out.append(f"cast:{spell}:{self.ids[j]}")
                elif s.effect == "resistance" and t.conscious and t.resist_until < state.round:
                    out.append(f"cast:{spell}:{self.ids[j]}")
        elif s.target == "enemy_melee_touch":
            for j in self.enemies(state, i):
                if adjacent(u.pos, state.units[j].pos) and not state.units[j].hidden:
                    out.append(f"cast:{spell}:{self.ids[j]}")
        elif s.target in ("enemy", "enemy_ranged_touch"):
            for j in self.enemies(state, i):
                if self._in_range(state, i, j, "spell", spell) and not state.units[j].hidden:
                    out.append(f"cast:{spell}:{self.ids[j]}")
        elif s.target == "area":
            seen = set()
            for j, t in enumerate(state.units):
                if not t.dead and t.pos not in seen and self._area_ok(state, i, t.pos):
                    seen.add(t.pos)
                    out.append(f"cast:{spell}:{t.x},{t.y}")
        return out

    def _area_ok(self, state: TacticsState, i: int, sq: Square) -> bool:
        a = state.units[i].pos
        return (self.map.open(sq) and distance_feet(a, sq) <= SPELLS["fireball"].range
                and line_of_effect(self.map, a, sq))

    def check_action(self, state: TacticsState, seat: int, action: str) -> None:
        """Everything in ``legal_actions``, plus a fireball at any square in range and in line of
        effect (the list names only occupied squares)."""
        legal = self.legal_actions(state, seat)
        if action in legal:
            return
        if action.startswith("cast:fireball:") and any(a.startswith("cast:fireball:") for a in legal):
            sq = self._parse_square(action.split(":", 2)[2])
            if sq is not None and self._area_ok(state, state.actor, sq):
                return
        raise IllegalAction(self.refusal(state, seat, action, legal), legal)

    def refusal(self, state: TacticsState, seat: int, action: str, legal: list[str]) -> str:
        """Why a decision is refused, in a player's words, with what may be done instead."""
        return W.refusal(self, state, seat, action, legal)

    @staticmethod
    def _parse_square(text: str) -> Square | None:
        try:
            x, y = text.split(",")
            return (int(x), int(y))
        except ValueError:
            return None

    # ------------------------------------------------------------------------------------------
    # transitions: decisions

    def _apply_action(self, state: TacticsState, seat: int, action: str) -> TacticsState:
        if state.stack and state.stack[-1].kind == "offer":
            top = state.stack[-1]
            rest = state.stack[:-1]
            if action == "aoo":
                unseen = state.units[top.actor].hidden
                if unseen:  # ruling: attacking ends hiding; this attack is made from hiding
                    state = self._set_unit(state, top.actor, replace(state.units[top.actor], hidden=False))
                state = replace(state, stack=rest + (Step("attack", top.actor, top.target, "aoo", unseen=unseen),),
                                last=f"{self.name_of(top.actor)} takes an attack of opportunity on {self.name_of(top.target)}")
            else:
                state = replace(state, stack=rest, last=f"{self.name_of(top.actor)} lets it pass")
            return self._settle(state)
        i = state.actor
        verb, _, rest = action.partition(":")
        name = self.name_of(i)
        if verb == "end_turn":
            return self._settle(self._end_turn(replace(state, last=f"{name} ends the turn")))
        if verb == "move":
            sq = self._parse_square(rest)
            route = self.move_routes(state, i)[sq]
            path = ";".join(f"{x},{y}" for x, y in route.path)
            state = replace(state, moved=True, stack=state.stack + (Step("move", i, arg=path),),
                            last=self.describe_action(state, seat, action))
            return self._settle(state)
        state = replace(state, acted_std=True, hits=(), spoiled=False)
        # ruling: an action aimed at an enemy or at a square ends hiding; its first attack roll is
        # made from hiding
        unseen = state.units[i].hidden and self._hostile(action)
        if unseen:
            state = self._set_unit(state, i, replace(state.units[i], hidden=False))
        if verb == "fullattack":
            # option iterative_attacks (SRD): a full attack takes the whole turn
            j = self.index[rest]
            steps = self.full_attack_steps(state, i, j, unseen)
            return self._settle(replace(state, moved=True, stack=state.stack + steps,
                                        last=f"{name} makes a full attack on {self.name_of(j)}"))
        if verb == "punch":
            # option unarmed_strikes (SRD): the punch provokes an attack of opportunity from its target
            j = self.index[rest]
            state = replace(state, stack=state.stack + (Step("do", i, arg=action, unseen=unseen),),
                            last=self.describe_action(state, seat, action))
            if self.can_threaten(state, j):
                state = replace(state, stack=state.stack + (Step("offer", j, i, verb),))
            return self._settle(state)
        if verb in ("attack", "twoweapon"):
            j = self.index[rest]
            if verb == "attack":
                steps = (Step("attack", i, j, "main" if WEAPONS.get(state.units[i].main, None) and WEAPONS[state.units[i].main].melee else "aoo", unseen=unseen),)
            else:
                steps = (Step("attack", i, j, "off_tw"), Step("attack", i, j, "main_tw", unseen=unseen))
            return self._settle(replace(state, stack=state.stack + steps, last=f"{name} attacks {self.name_of(j)}"))
        # every other standard action: spend what it costs now, provoke if in combat (seed), then do it
        if verb == "cast":
            spell = rest.split(":")[0]
            u = state.units[i]
            spells = tuple((k, n - 1 if k == spell else n) for k, n in u.spells)
            state = self._set_unit(state, i, replace(u, spells=spells))
        state = replace(state, stack=state.stack + (Step("do", i, arg=action, unseen=unseen),),
                        last=self.describe_action(state, seat, action))
        if self.in_combat(state, i) and not state.units[i].hidden:
            offers = [Step("offer", j, i, verb) for j in self.enemies(state, i)
                      if self.can_threaten(state, j) and adjacent(state.units[j].pos, state.units[i].pos)]
            state = replace(state, stack=state.stack + tuple(reversed(offers)))
        return self._settle(state)

    def _hostile(self, action: str) -> bool:
        """An action that ends hiding: an attack, a spell on an enemy, or a spell on a square."""
        verb, _, rest = action.partition(":")
        if verb in ("attack", "twoweapon", "shoot", "throw", "trip", "hamstring", "fullattack", "punch"):
            return True
        if verb == "cast":
            s = SPELLS[rest.split(":")[0]]
            return s.target not in ("self", "ally")
        return False

    # ------------------------------------------------------------------------------------------
    # transitions: dice

    def _apply_chance(self, state: TacticsState, outcome) -> TacticsState:
        if not state.stack:
            if state.groups:
                idx = next(k for k, g in enumerate(state.groups) if len(g) > 1)
                g = state.groups[idx]
                first = g[outcome - 1]
                rest = tuple(x for x in g if x != first)
                groups = state.groups[:idx] + ((first,), rest) + state.groups[idx + 1:]
                return self._settle(replace(state, groups=groups, last=f"tie broken: {self.name_of(first)} first"))
            nxt = self._next_roller(state)
            init = state.init + ((nxt, outcome),)
            if len(init) < len(self._rollers(state)):
                return replace(state, init=init)
            totals: dict[int, list[int]] = {}
            for j, r in init:
                totals.setdefault(r + self.sheets[j].mod("dex"), []).append(j)
            groups = tuple(tuple(totals[t]) for t in sorted(totals, reverse=True))
            return self._settle(replace(state, init=init, groups=groups))
        top = state.stack[-1]
        rest = state.stack[:-1]
        k = top.kind
        if k == "attack":
            return self._settle(self._attack_roll(state, top, rest, outcome))
        if k == "save":
            return self._settle(self._save_roll(state, top, rest, outcome))
        if k == "conc":
            ok = outcome + self.sheets[top.actor].skill("concentration") >= top.n
            text = f"{self.name_of(top.actor)} {'keeps' if ok else 'loses'} concentration ({outcome} + " \
                   f"{self.sheets[top.actor].skill('concentration')} against DC {top.n})"
            return self._settle(replace(state, stack=rest, spoiled=state.spoiled or not ok, last=text))
        if k == "hidecheck":
            bonus = self.sheets[top.actor].skill("hide")
            ok = outcome + bonus >= top.n
            state = replace(state, stack=rest)
            if ok:
                state = self._set_unit(state, top.actor, replace(state.units[top.actor], hidden=True))
            text = (f"{self.name_of(top.actor)} {'hides' if ok else 'fails to hide'} "
                    f"(Hide d20 {outcome} {bonus:+d} against DC {top.n})")
            return self._settle(replace(state, last=text))
        if k == "healcheck":
            total = outcome + self.sheets[top.actor].skill("heal")
            state = replace(state, stack=rest)
            if total >= HEAL_DC:
                t = state.units[top.target]
                state = self._set_unit(state, top.target, replace(t, stable=True))
                text = f"{self.name_of(top.actor)} stabilizes {self.name_of(top.target)} (Heal {total} against DC {HEAL_DC})"
            else:
                text = f"{self.name_of(top.actor)} fails to stabilize {self.name_of(top.target)} (Heal {total} against DC {HEAL_DC})"
            return self._settle(replace(state, last=text))
        if k == "cure":
            state = replace(state, stack=rest)
            return self._settle(self._heal(state, top.target, outcome, f"{SPELLS[top.arg].name}"))
        if k == "spelldmg":
            state = replace(state, stack=rest)
            return self._settle(self._damage(state, top.actor, top.target, outcome, SPELLS[top.arg].name))
        if k == "fireball":
            return self._settle(self._fireball_roll(state, top, rest, outcome))
        if k == "bleed":
            u = state.units[top.actor]
            state = replace(state, stack=rest)
            if outcome == 10:
                return self._settle(replace(self._set_unit(state, top.actor, replace(u, stable=True)),
                                            last=f"{self.name_of(top.actor)} stabilizes (d10 = 10)"))
            hp = u.hp - 1
            u = replace(u, hp=hp, dead=hp <= -10)
            text = f"{self.name_of(top.actor)} bleeds (d10 = {outcome}): {hp} hp" + (", dead" if u.dead else "")
            return self._settle(replace(self._set_unit(state, top.actor, u), last=text))
        raise ValueError(f"no dice for step {k!r}")

    def _attack_roll(self, state: TacticsState, top: Step, rest: tuple, outcome) -> TacticsState:
        a, t = top.actor, top.target
        kind, _, spell = top.arg.partition(":")
        who, whom = self.name_of(a), self.name_of(t)
        profile = self._profile_of(state, top)
        if top.m == 0:
            result = d20_result(outcome, profile.bonus, profile.ac, profile.crit_lo)
            parts = ", ".join(f"{k} {v:+d}" for k, v in profile.notes if v)
            ac_parts = ", ".join(k if "lost" in k else f"{k} {v}" if k == "base" else f"{k} {v:+d}"
                                 for k, v in profile.ac_notes if v or k == "base" or "lost" in k)
            card = (f"d20 {outcome} {profile.bonus:+d} = {outcome + profile.bonus} [{parts}] against "
                    f"{'touch ' if profile.touch else ''}AC {profile.ac} [{ac_parts}]")
            if result == "miss":
                why = "natural 1" if outcome == 1 else "miss"
                return replace(state, stack=rest, last=f"{who} misses {whom} ({card}; {why})")
            crit = result == "crit"
            if state.units[t].blur:
                return replace(state, stack=rest + (replace(top, m=1, n=int(crit), rolls=(outcome,)),),
                               last=f"{who} {'critically ' if crit else ''}hits {whom} ({card}); blur may turn it aside")
            state = replace(state, last=f"{who} {'critically ' if crit else ''}hits {whom} ({card})")
            return self._after_hit(state, replace(top, n=int(crit), rolls=(outcome,)), rest)
        if top.m == 1:
            if outcome == "miss":
                return replace(state, stack=rest, last=f"{whom}'s blur turns the attack aside")
            return self._after_hit(state, top, rest)
        # damage
        total = max(1, outcome) if profile.min_one else max(0, outcome)
        state = replace(state, stack=rest)
        what = spell.replace("_", " ") if spell else ATTACK_WORDS.get(kind, kind)
        if kind == "touch" and SPELLS[spell].save == "will_half":
            dc = self.sheets[a].spell_dc(spell)
            return replace(state, stack=rest + (Step("save", t, a, "will_half:" + spell, n=dc, m=total),),
                           last=f"{SPELLS[spell].name}: {total} damage unless {whom} saves (Will DC {dc})")
        state = self._damage(state, a, t, total, what, nonlethal=profile.nonlethal)
        if kind == "hamstring" and not state.units[t].dead:
            state = self._set_unit(state, t, replace(state.units[t], hamstrung=True))
            state = replace(state, last=state.last + f"; {whom} is hamstrung")
        return state

    def _after_hit(self, state: TacticsState, top: Step, rest: tuple) -> TacticsState:
        kind = top.arg.partition(":")[0]
        if kind == "trip":
            dc = self.trip_dc(top.actor)
            return replace(state, stack=rest + (Step("save", top.target, top.actor, "trip", n=dc),))
        return replace(state, stack=rest + (replace(top, m=2),))

    def _save_roll(self, state: TacticsState, top: Step, rest: tuple, outcome: int) -> TacticsState:
        i = top.actor
        what = top.arg.partition(":")[0]
        state = replace(state, stack=rest)
        if what == "trip":
            bonus = self.trip_save(state, i)
            ok = save_result(outcome, bonus, top.n, natural=False)
            text = f"{self.name_of(i)} {'stays up' if ok else 'is tripped'} (d20 {outcome} {bonus:+d} against DC {top.n})"
            if not ok:
                state = self._set_unit(state, i, replace(state.units[i], prone=True))
            return replace(state, last=text)
        if what == "will_half":
            bonus = self.save_bonus(state, i, "will")
            ok = save_result(outcome, bonus, top.n, natural=True)
            damage = top.m // 2 if ok else top.m
            state = replace(state, last=f"{self.name_of(i)} {'saves' if ok else 'fails'} (Will d20 {outcome} {bonus:+d} against DC {top.n})")
            return self._damage(state, top.target, i, damage, top.arg.partition(":")[2].replace("_", " "))
        raise ValueError(f"unknown save {top.arg!r}")

    def _fireball_roll(self, state: TacticsState, top: Step, rest: tuple, outcome) -> TacticsState:
        rolls = top.rolls + (outcome,)
        savers = self._fireball_savers(top)
        if len(rolls) <= len(savers):
            return replace(state, stack=rest + (replace(top, rolls=rolls),),
                           last=f"fireball: {rolls[0]} damage" if len(rolls) == 1 else state.last)
        damage = rolls[0]
        dc = top.n
        burned = [int(x) for x in top.arg.split("|")[2].split(",") if x]  # incapacitated: no save
        texts = []
        origin = self._parse_square(top.arg.split("|")[0])
        for j, r in zip(savers, rolls[1:]):
            cover = self.reflex_cover(origin, j, state)
            bonus = self.save_bonus(state, j, "ref") + cover
            note = f", cover +{cover}" if cover else ""
            if save_result(r, bonus, dc, natural=True):
                texts.append(f"{self.name_of(j)} dodges (Reflex {r} {bonus:+d} against DC {dc}{note})")
            else:
                texts.append(f"{self.name_of(j)} fails (Reflex {r} {bonus:+d} against DC {dc}{note})")
                burned.append(j)
        state = replace(state, stack=rest)
        for j in sorted(burned):
            state = self._damage(state, top.actor, j, damage, "fireball")
        return replace(state, last=f"fireball {damage}: " + "; ".join(texts + [f"{self.name_of(j)} burns" for j in sorted(burned)]))

    # ------------------------------------------------------------------------------------------
    # effects

    def _set_unit(self, state: TacticsState, i: int, unit: Unit) -> TacticsState:
        units = state.units[:i] + (unit,) + state.units[i + 1:]
        return replace(state, units=units)

    def _damage(self, state: TacticsState, source: int, i: int, amount: int, what: str,
                nonlethal: bool = False) -> TacticsState:
        """Seed (Conditions): at 0 to -9 incapacitated (and prone), at -10 or fewer dead; a stabilized
        character who takes damage stays stabilized.  Option unarmed_strikes (SRD, Nonlethal
        Damage): nonlethal damage is counted apart; more of it than hit points knocks a character
        out (it falls prone), as much as its hit points staggers it."""
        u = state.units[i]
        hp = u.hp if nonlethal else u.hp - amount
        taken = u.nonlethal + amount if nonlethal else u.nonlethal
        dead = hp <= -10
        stable = u.stable and hp <= 0 and u.hp <= 0
        unit = replace(u, hp=hp, nonlethal=taken, dead=dead, stable=stable,
                       hidden=u.hidden and amount <= 0)  # ruling: being hurt ends hiding
        unit = replace(unit, prone=u.prone or unit.down)
        state = self._set_unit(state, i, unit)
        if (state.pos >= 0 and i == state.actor and state.stack and any(s.kind == "do" for s in state.stack)
                and amount > 0):
            state = replace(state, hits=state.hits + (amount,))
        status = ("dead" if dead else "down" if hp <= 0 else "knocked out" if unit.knocked_out else
                  f"{hp} hp, staggered" if unit.staggered else f"{hp} hp")
        kind = " nonlethal" if nonlethal else ""
        return replace(state, last=f"{state.last}; {what}: {self.name_of(i)} takes {amount}{kind} ({status})".lstrip("; "))

    def _heal(self, state: TacticsState, i: int, amount: int, what: str) -> TacticsState:
        """Seed (Conditions): any healing stabilizes an incapacitated character."""
        u = state.units[i]
        hp = min(self.sheets[i].max_hp, u.hp + amount)
        # SRD (Nonlethal Damage): healing cures as much nonlethal damage as it heals
        unit = replace(u, hp=hp, stable=u.stable or u.hp <= 0, nonlethal=max(0, u.nonlethal - amount))
        if hp >= 1:
            unit = replace(unit, stable=False)
        state = self._set_unit(state, i, unit)
        return replace(state, last=f"{what}: {self.name_of(i)} heals {amount} ({hp} hp)")

    def _perform(self, state: TacticsState, i: int, action: str, unseen: bool = False) -> TacticsState:
        verb, _, rest = action.partition(":")
        u = state.units[i]
        name = self.name_of(i)
        if verb == "hide":
            return replace(state, stack=state.stack + (Step("hidecheck", i, n=self.hide_dc(state, i)),))
        if verb == "stand":
            return replace(self._set_unit(state, i, replace(u, prone=False)), last=f"{name} stands up")
        if verb == "draw":
            drawn = WEAPONS[u.sheath]
            off = u.off
            dropped = ""
            two = drawn.grip == "two"
            if two and off:
                dropped, off = off, ""
            unit = replace(u, main=u.sheath, sheath=u.main, off=off, two_handed=two)
            text = f"{name} draws the {drawn.name}" + (f" (drops the {dropped})" if dropped else "")
            return replace(self._set_unit(state, i, unit), last=text)
        if verb in ("shoot", "throw", "trip", "hamstring", "punch"):
            j = self.index[rest]
            if state.units[j].dead:
                return replace(state, last=f"{name}'s target is gone")
            if verb == "punch":
                return replace(state, stack=state.stack + (Step("attack", i, j, "unarmed", unseen=unseen),))
            if verb == "shoot":
                state = self._set_unit(state, i, replace(u, ammo=u.ammo - 1))
            step = Step("attack", i, j, verb, unseen=unseen)
            if verb == "throw":
                # the profile is computed with the weapon still in hand; it leaves the hand when rolled
                state = replace(state, stack=state.stack + (Step("do", i, arg="drop_main"), step))
                return state
            return replace(state, stack=state.stack + (step,))
        if verb == "drop_main":
            return self._set_unit(state, i, replace(u, main="", two_handed=False))
        if verb == "heal":
            j = self.index[rest]
            if state.hits:
                return replace(state, last=f"{name}'s Heal check is spoiled by the attack of opportunity")
            return replace(state, stack=state.stack + (Step("healcheck", i, j),))
        if verb == "cast":
            parts = rest.split(":")
            spell = parts[0]
            s = SPELLS[spell]
            if state.spoiled:
                return replace(state, last=f"{name} loses the {s.name}")
            if s.effect == "blur":
                return replace(self._set_unit(state, i, replace(u, blur=True)), last=f"{name} blurs")
            if s.effect == "haste":
                return replace(self._set_unit(state, i, replace(u, haste=True)), last=f"{name} casts {s.name}: +10 ft")
            target = parts[1]
            if s.target == "area":
                sq = self._parse_square(target)
                hit = set(burst(self.map, sq, FIREBALL_RADIUS))
                inside = [j for j, t in enumerate(state.units) if not t.dead and t.pos in hit]
                savers = ",".join(str(j) for j in inside if state.units[j].conscious)
                helpless = ",".join(str(j) for j in inside if not state.units[j].conscious)
                step = Step("fireball", i, arg=f"{sq[0]},{sq[1]}|{savers}|{helpless}", n=self.sheets[i].spell_dc(spell))
                return replace(state, stack=state.stack + (step,), last=f"{name} casts fireball at square {sq[0]},{sq[1]}")
            j = self.index[target]
            if state.units[j].dead:
                return replace(state, last=f"{name}'s target is gone")
            if s.effect == "resistance":
                t = state.units[j]
                return replace(self._set_unit(state, j, replace(t, resist_until=state.round + RESISTANCE_ROUNDS - 1)),
                               last=f"{name} casts resistance on {self.name_of(j)}")
            if s.effect == "heal":
                return replace(state, stack=state.stack + (Step("cure", i, j, spell),))
            if s.target == "enemy":
                return replace(state, stack=state.stack + (Step("spelldmg", i, j, spell),))
            kind = "ray" if s.target == "enemy_ranged_touch" else "touch"
            return replace(state, stack=state.stack + (Step("attack", i, j, f"{kind}:{spell}", unseen=unseen),))
        raise ValueError(f"cannot perform {action!r}")

    # ------------------------------------------------------------------------------------------
    # the flow: everything that needs no decision and no dice

    def _settle(self, state: TacticsState) -> TacticsState:
        while True:
            if state.over:
                return state
            standing = {self.sides[j] for j, u in enumerate(state.units) if u.conscious}
            if len(standing) < 2:
                for st in state.stack:
                    if st.kind == "move":
                        state = self._fall_back(state, st)
                return replace(state, over=True, winners=tuple(sorted(standing)), stack=(),
                               last=(state.last + "; " if state.last else "") + "the battle is over")
            if state.stack:
                top = state.stack[-1]
                k = top.kind
                if k == "offer":
                    if (self.can_threaten(state, top.actor) and state.units[top.target].conscious
                            and not state.units[top.target].hidden
                            and adjacent(state.units[top.actor].pos, state.units[top.target].pos)):
                        return state
                    state = replace(state, stack=state.stack[:-1])
                    continue
                if k == "move":
                    state = self._move_step(state, top)
                    continue
                if k == "do":
                    rest = state.stack[:-1]
                    if top.m == 0:
                        if not state.units[top.actor].conscious:
                            state = replace(state, stack=rest)
                            continue
                        if top.arg.startswith("cast:") and state.hits:
                            concs = tuple(Step("conc", top.actor, n=h) for h in reversed(state.hits))
                            state = replace(state, stack=rest + (replace(top, m=1),) + concs)
                            continue
                    state = self._perform(replace(state, stack=rest), top.actor, top.arg, top.unseen)
                    continue
                if k == "attack" and top.m == 0 and not self._attack_possible(state, top):
                    state = replace(state, stack=state.stack[:-1])
                    continue
                return state
            if state.pos < 0:
                if not state.groups or any(len(g) > 1 for g in state.groups):
                    return state
                order = tuple(g[0] for g in state.groups)
                state = replace(state, order=order, groups=(), init=(),
                                first_mover=self.sides[order[0]] if state.first_mover < 0 else state.first_mover)
                state = self._start_turn(replace(state, pos=0))
                continue
            i = state.actor
            u = state.units[i]
            if not u.conscious or int(state.moved) + int(state.acted_std) >= self.actions_allowed(state, i):
                state = self._end_turn(state)
                continue
            return state

    def _attack_possible(self, state: TacticsState, step: Step) -> bool:
        a, t = state.units[step.actor], state.units[step.target]
        if not a.conscious or t.dead:
            return False
        kind = step.arg.partition(":")[0]
        if kind in MELEE_KINDS and not adjacent(a.pos, t.pos):
            return False
        if kind in ("main", "main_tw", "hamstring", "shoot", "throw") and not a.main:
            return False
        return True

    def _move_step(self, state: TacticsState, step: Step) -> TacticsState:
        path = [tuple(int(v) for v in p.split(",")) for p in step.arg.split(";")]
        i = step.actor
        rest = state.stack[:-1]
        idx, phase = divmod(step.n, 2)
        if idx >= len(path) - 1 or not state.units[i].conscious:
            return replace(self._fall_back(state, step), stack=rest)
        a, b = path[idx], path[idx + 1]
        if phase == 0:
            # leaving: the mover is still in range when the attack comes
            watchers = [j for j in self.provoke_watchers(state, i)
                        if adjacent(state.units[j].pos, a) and not adjacent(state.units[j].pos, b)]
            offers = tuple(Step("offer", j, i, "leaves") for j in reversed(watchers))
            return replace(state, stack=rest + (replace(step, n=step.n + 1),) + offers)
        u = state.units[i]
        state = self._set_unit(state, i, replace(u, x=b[0], y=b[1]))
        if u.hidden and not self.may_stay_hidden(state, i):
            # ruling: a step into melee range of an enemy or out of cover ends hiding
            state = self._set_unit(state, i, replace(state.units[i], hidden=False))
            state = replace(state, last=f"{state.last}; {self.name_of(i)} comes out of hiding".lstrip("; "))
        watchers = [j for j in self.provoke_watchers(state, i)
                    if adjacent(state.units[j].pos, b) and not adjacent(state.units[j].pos, a)]
        offers = tuple(Step("offer", j, i, "enters") for j in reversed(watchers))
        return replace(state, stack=rest + (replace(step, n=step.n + 1),) + offers)

    def _fall_back(self, state: TacticsState, step: Step) -> TacticsState:
        """A mover dropped while passing through someone's square falls in the last free square of
        its route (ruling)."""
        i = step.actor
        u = state.units[i]
        if u.dead or u.pos not in self.occupied(state, i):
            return state
        path = [tuple(int(v) for v in p.split(",")) for p in step.arg.split(";")]
        here = path.index(u.pos)
        back = next(sq for sq in reversed(path[:here]) if sq not in self.occupied(state, i))
        return self._set_unit(state, i, replace(u, x=back[0], y=back[1]))

    def _start_turn(self, state: TacticsState) -> TacticsState:
        """The character at ``pos`` begins its turn (dead ones are skipped by _end_turn)."""
        i = state.actor
        u = state.units[i]
        state = replace(state, moved=False, acted_std=False, hits=(), spoiled=False, turns=state.turns + 1)
        if u.dead:
            return self._end_turn(state)
        if u.conscious:
            if not u.acted:
                state = self._set_unit(state, i, replace(u, acted=True))
            return state
        if u.knocked_out:
            # option unarmed_strikes (SRD): out cold, neither bleeding nor acting
            return replace(state, moved=True, acted_std=True, last=f"{self.name_of(i)} is knocked out and cannot act")
        # incapacitated: seed (Conditions)
        state = replace(state, moved=True, acted_std=True)
        if u.stable:
            hp = u.hp + 1
            unit = replace(u, hp=hp, stable=hp <= 0, acted=True)
            state = self._set_unit(state, i, unit)
            text = f"{self.name_of(i)} recovers 1 hp ({hp})"
            if hp >= 1:
                return replace(state, moved=False, acted_std=False, last=text + " and comes to, prone")
            return replace(state, last=text)
        return replace(state, stack=state.stack + (Step("bleed", i),))

    def _end_turn(self, state: TacticsState) -> TacticsState:
        pos = state.pos + 1
        while pos < len(state.order) and state.units[state.order[pos]].dead:
            pos += 1
        if pos < len(state.order):
            return self._start_turn(replace(state, pos=pos))
        # the round is over: initiative again (seed: Initiative)
        nxt = state.round + 1
        if nxt > self.options.max_rounds:
            return replace(state, over=True, winners=(), stack=(), pos=-1,
                           last=f"{self.options.max_rounds} rounds fought: a draw")
        return replace(state, round=nxt, pos=-1, order=(), init=(), groups=(), moved=False, acted_std=False)

    # ------------------------------------------------------------------------------------------
    # serialisation and views

    def state_to_json(self, state: TacticsState) -> dict:
        from ...core.game import _jsonable
        return _jsonable(state)

    def state_from_json(self, data) -> TacticsState:
        from ...core.game import _tuplify
        names = set(TacticsState.__dataclass_fields__)
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown state fields: {sorted(unknown)}")
        d = {k: _tuplify(v) for k, v in data.items()}
        d["units"] = tuple(Unit(**dict(u)) for u in data["units"])
        d["units"] = tuple(replace(u, spells=tuple(tuple(p) for p in u.spells)) for u in d["units"])
        d["stack"] = tuple(Step(**{**s, "rolls": _tuplify(s.get("rolls", []))}) for s in data.get("stack", []))
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
        if isinstance(node, Decision) and node.kind == "turn" and not state.moved:
            i = state.actor
            for sq, route in self.move_routes(state, i).items():
                moved = self._set_unit(state, i, replace(state.units[i], x=sq[0], y=sq[1]))
                flanked = [self.ids[j] for j in self.enemies(state, i)
                           if state.units[j].conscious and adjacent(sq, state.units[j].pos)
                           and self.is_flanked(moved, i, j)]
                data["moves"][f"{sq[0]},{sq[1]}"] = {"feet": route.feet, "provokes": route.provokes,
                                                     "path": [list(p) for p in route.path], "flanks": flanked}
        return data

    # ------------------------------------------------------------------------------------------
    # for people

    def seat_name(self, seat: int) -> str:
        if seat in (0, 1):
            names = tuple("custom" if c.strip() else p for p, c in ((self.options.party1, self.options.custom1),
                                                                      (self.options.party2, self.options.custom2)))
            label = names[seat].capitalize()
            return f"{label} ({seat + 1})" if names[0] == names[1] else label
        return super().seat_name(seat)

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
