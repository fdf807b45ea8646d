"""KtOG ("Kill the Other Guy"): a d20 and d6 free-for-all for 2 to 8 players.

Every player has hit points and six spells (Haste x2, Cure, Bless, Mighty Blow, Dodge).  Players
take turns in initiative order, attacking a named opponent with a d20 (``to_hit`` or more hits, a
natural 20 is a critical for 2d6, a natural 1 a critical miss) and rolling a d6 for damage.  The last
conscious player wins.  Rulings: ``shared/RULINGS.md``, KtOG; the rules page is ``rules.md``.

Decisions (player numbers are 1-based, as in the seat names "Player 1" to "Player 8"):

``fighter`` / ``magic_user``
    the class picked at the start, one player after another in seat order (option ``classes``).
``attack:N``
    an armed player attacks Player N (d20 to hit).
``disarm:N``
    an armed player tries to disarm armed Player N (d20 >= 17, 16 with Bless).
``cure:N``
    casts Cure on conscious Player N (self included) instead of an attack.
``haste``
    at the start of a turn: armed, two attacks or disarm attempts follow, each with its own target;
    disarmed (scramble count 2 or more), the player scrambles twice.
``bless``
    at the start of an armed player's turn: -2 to hit and -1 to disarm for this turn.
``scramble``
    a disarmed player spends the turn getting the weapon back (count -1).
``fight:N``
    a disarmed player attacks Player N bare-handed (+1 threshold, -2 damage).
``dodge`` / ``none``
    the target of a hit, before any damage die: cast Dodge (the hit does nothing) or not.
``mighty_blow`` / ``none``
    the attacker after a hit that was not dodged, before the damage roll: double the damage or not.

A window whose player cannot act (no Dodge or Mighty Blow left, a spell already cast this round,
a fighter) is never opened: the transitions skip it, so ``node`` never asks that player.

Chance events, in the order they come: initiative (``d6``/``d10`` for each player still rolling),
``d20`` to hit or to disarm, ``d6`` or ``2d6`` damage, ``d20`` for the critical-miss self-hit and
then the drop, ``d6`` self-damage, ``d20`` touch roll (``cure_touch_roll``), ``d10r1`` Cure,
``d100`` for standing at 0 (``stand_at_zero``).

The state is one flat frozen dataclass of ints, bools, strings and tuples; the fields marked
``compare=False`` (``turns``, ``rounds``, ``last``) are bookkeeping, not part of the position, so two
states that differ only there are equal and hash alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from pydantic import Field

from ...core.dice import die, roll_event
from ...core.game import Chance, Decision, Game, GameOptions, IllegalAction, Terminal
from . import mechanics as M
from .mechanics import DISARM_TARGET, FIGHTER_HP, FLYING_TURNS, FUMBLE_TARGET, SCRAMBLE_TURNS, STAND_MAX  # noqa: F401

_D20 = f"d{M.D20}"
_D6 = f"d{M.DAMAGE_SIDES}"
_CRIT_DICE = f"{M.CRITICAL_DAMAGE_DICE}d{M.DAMAGE_SIDES}"
_BARE = f"{_D6}-{M.BARE_HANDED_DAMAGE}"
_CURE_DICE = f"d{M.CURE_SIDES}r{M.CURE_REROLLED}"
D20_HIT = die(M.D20, _D20, "to hit")
D20_DISARM = die(M.D20, _D20, "disarm")
D20_SELF = die(M.D20, _D20, f"critical miss: hits himself on {M.FUMBLE_TARGET}+")
D20_DROP = die(M.D20, _D20, f"critical miss: drops the weapon on {M.FUMBLE_TARGET}+")
D20_TOUCH = die(M.D20, _D20, "touch to cure")
D6_DAMAGE = die(M.DAMAGE_SIDES, _D6, "damage")
D6_SELF = die(M.DAMAGE_SIDES, _D6, "damage to himself")
TWO_D6 = roll_event(_CRIT_DICE, _CRIT_DICE, "critical damage")
CURE = roll_event(_CURE_DICE, _CURE_DICE, "cure")
D100 = die(M.PERCENTILE, f"d{M.PERCENTILE}", f"stays standing on {M.STAND_MAX} or less")
INITIATIVE = {name: die(sides, name, "initiative") for name, sides in M.INITIATIVE_SIDES.items()}

STANDARD, FIGHTER, MAGIC_USER = "standard", "fighter", "magic_user"


class KtogOptions(GameOptions):
    players: int = Field(M.MIN_PLAYERS, ge=M.MIN_PLAYERS, le=M.MAX_PLAYERS, title="Players",
                         description=f"Number of players, {M.MIN_PLAYERS} to {M.MAX_PLAYERS}.")
    hp: int = Field(M.STARTING_HP, ge=1, le=99, title="Hit points",
                    description="Hit points each player starts with (the rules suggest 15 to 25).")
    to_hit: int = Field(M.TO_HIT, ge=2, le=M.D20, title="To hit", description="What the d20 must show to hit.")
    initiative: Literal["once", "every_round"] = Field(
        "once", title="Initiative",
        description="once: roll for who goes first once, then keep the seat order; every_round: roll again at the "
                    "start of every round.")
    initiative_die: Literal["d6", "d10"] = Field("d6", title="Initiative die", description="The die rolled for initiative.")
    stand_at_zero: bool = Field(False, title="Stand at zero",
                                description=f"At 0 hit points, a d{M.PERCENTILE} of {M.STAND_MAX} or less keeps a player in "
                                            "the fight.")
    fumble_flying: bool = Field(False, title="Fumble flying",
                                description=f"After a critical miss, a {M.NATURAL_MISS} on the drop roll also disarms, "
                                            f"for {M.FLYING_TURNS} turns: the weapon flies across the room.")
    cure_touch_roll: bool = Field(False, title="Cure touch roll",
                                  description="Curing someone else first needs a d20 roll to touch them.")
    classes: bool = Field(False, title="Classes",
                          description=f"Each player picks fighter (better to hit, {M.FIGHTER_HP} more hit points, "
                                      "no spells) or magic-user at the start.")
    cure_cap: bool = Field(True, title="Cure cap", description="Cure never heals above the starting hit points.")


@dataclass(frozen=True)
class KtogState:
    hp: tuple[int, ...]
    max_hp: tuple[int, ...]  # starting hit points (fighters +5): the Cure cap
    up: tuple[bool, ...]  # conscious (still in the game)
    role: tuple[str, ...]  # "standard", "fighter", "magic_user"; "" while still to pick
    haste: tuple[int, ...]  # Haste spells left (0 to mechanics.HASTE_SPELLS)
    cure: tuple[bool, ...]  # spell still there
    bless: tuple[bool, ...]
    mighty: tuple[bool, ...]
    dodge: tuple[bool, ...]
    cast: tuple[bool, ...]  # has cast a spell this round
    disarmed: tuple[int, ...]  # scramble turns still to go (0: armed)
    phase: str = "init"  # see Ktog.node
    leader: int = -1  # the player who goes first this round
    to_act: int = 0  # the player on turn (the attacker during an attack)
    rollers: tuple[int, ...] = ()  # initiative: the players rolling in this pass
    rolls: tuple[int, ...] = ()  # initiative: their rolls so far
    swings: int = 0  # attacks or disarm attempts left this turn, the current one included
    blessed: bool = False  # Bless cast this turn
    target: int = -1  # of the current attack, disarm attempt or Cure
    action: str = ""  # "attack", "disarm", "fight" or "cure" in progress
    critical: bool = False  # the current hit is a natural 20
    mighty_on: bool = False  # Mighty Blow cast on the current hit
    pending: int = -1  # the player rolling d100 to stay standing at 0
    first_mover: int = -1
    winner: int = -1
    turns: int = field(default=0, compare=False)
    rounds: int = field(default=0, compare=False)
    last: str = field(default="", compare=False)  # what just happened, for people


# -- pure rules ----------------------------------------------------------------------------------

def _set(values: tuple, seat: int, value) -> tuple:
    return values[:seat] + (value,) + values[seat + 1:]


def hit_threshold(state: KtogState, to_hit: int, attacker: int, target: int, blessed: bool) -> int:
    """The d20 roll an attack of ``attacker`` on ``target`` needs (:func:`mechanics.hit_threshold`)."""
    return M.hit_threshold(to_hit, blessed, state.disarmed[target] > 0, state.disarmed[attacker] > 0,
                           state.role[attacker] == FIGHTER)


disarm_threshold = M.disarm_target
attack_faces = M.attack_faces
disarm_faces = M.disarm_faces
damage_of = M.damage


def can_cast(state: KtogState, seat: int) -> bool:
    """No spells for fighters; at most one spell per player per round (RULINGS KtOG, Spells)."""
    return state.role[seat] != FIGHTER and not state.cast[seat] and state.up[seat]


def conscious(state: KtogState) -> list[int]:
    return [s for s, u in enumerate(state.up) if u]


def opponents(state: KtogState, seat: int) -> list[int]:
    return [s for s, u in enumerate(state.up) if u and s != seat]


class Ktog(Game[KtogState]):
    name = "ktog"
    title = "KtOG (Kill the Other Guy)"
    description = ("A free-for-all for 2 to 8 players with a d20 and a d6: attack, disarm and cast six spells "
                   "(Haste, Cure, Bless, Mighty Blow, Dodge); the last one standing wins.")
    Options = KtogOptions
    State = KtogState
    min_players = 2
    max_players = 8

    # -- set-up --------------------------------------------------------------------------------
    def initial_state(self) -> KtogState:
        n = self.options.players
        hp = self.options.hp
        base = KtogState(
            hp=(hp,) * n, max_hp=(hp,) * n, up=(True,) * n,
            role=("",) * n if self.options.classes else (STANDARD,) * n,
            haste=(M.HASTE_SPELLS,) * n, cure=(True,) * n, bless=(True,) * n, mighty=(True,) * n,
            dodge=(True,) * n, cast=(False,) * n, disarmed=(0,) * n,
        )
        if self.options.classes:
            return replace(base, phase="class", to_act=0)
        return self._start_round(base)

    # Phases: "class" (decision: fighter or magic-user, seat order), "init" (initiative dice),
    # "turn" (the opening decision of a turn), "action" (the next attack or disarm attempt after
    # Haste or Bless), "to_hit" (d20), "dodge?" (reaction of the target), "mighty?" (decision of
    # the attacker), "damage" (d6 or 2d6), "fumble_self" (d20), "self_damage" (d6), "fumble_drop"
    # (d20), "touch" (d20), "cure" (d10r1), "stand" (d100), "over".
    def node(self, state: KtogState):
        p = state.phase
        if p == "over":
            return Terminal((state.winner,))
        me = state.to_act
        who = self.seat_name(me)
        if p == "turn":
            return Decision((me,), "turn", self._turn_prompt(state))
        if p == "action":
            if state.blessed:
                return Decision((me,), "turn", f"{who}: Bless is on: attack or try to disarm?")
            which = "first" if state.swings == M.HASTE_SWINGS else "second"
            return Decision((me,), "turn", f"{who}: Haste: your {which} attack or disarm attempt?")
        if p == "dodge?":
            what = f"a critical hit ({_CRIT_DICE} damage)" if state.critical else "a hit"
            return Decision((state.target,), "reaction",
                            f"{who} scores {what} on {self.seat_name(state.target)}: "
                            f"{self.seat_name(state.target)}, cast Dodge so that the hit does nothing?")
        if p == "mighty?":
            return Decision((me,), "turn", f"{who}: your hit on {self.seat_name(state.target)} lands: "
                                           "cast Mighty Blow to double the damage?")
        if p == "class":
            return Decision((me,), "turn", f"{who}: pick your class: fighter ({M.FIGHTER_TO_HIT} better to hit, "
                                           f"{M.FIGHTER_HP} more hit points, no spells) or magic-user (all the "
                                           "spells)?")
        if p == "init":
            return Chance(INITIATIVE[self.options.initiative_die], state.rollers[len(state.rolls)])
        if p == "to_hit":
            return Chance(D20_DISARM if state.action == "disarm" else D20_HIT, me)
        if p == "damage":
            return Chance(TWO_D6 if state.critical else D6_DAMAGE, me)
        if p == "fumble_self":
            return Chance(D20_SELF, me)
        if p == "self_damage":
            return Chance(D6_SELF, me)
        if p == "fumble_drop":
            return Chance(D20_DROP, me)
        if p == "touch":
            return Chance(D20_TOUCH, me)
        if p == "cure":
            return Chance(CURE, me)
        if p == "stand":
            return Chance(D100, state.pending)
        raise ValueError(f"unknown phase {p!r}")

    def _turn_prompt(self, state: KtogState) -> str:
        me = state.to_act
        who = self.seat_name(me)
        verbs = {a.partition(":")[0] for a in self.legal_actions(state, me)}
        if state.disarmed[me]:
            n = state.disarmed[me]
            what = ["scramble for the weapon"] + (["cast Haste to scramble twice"] if "haste" in verbs else [])
            what += ["fight bare-handed"] + (["cast Cure"] if "cure" in verbs else [])
            return f"{who}: you are disarmed ({n} scramble turn{'s' if n != 1 else ''} to go): {_or(what)}?"
        first = [name for verb, name in (("haste", "Haste"), ("bless", "Bless")) if verb in verbs]
        what = "attack or try to disarm an opponent" + (f" (you may cast {_or(first)} first)" if first else "")
        return f"{who}: {what}" + (", or cast Cure instead?" if "cure" in verbs else "?")

    # -- decisions -----------------------------------------------------------------------------
    def legal_actions(self, state: KtogState, seat: int) -> list[str]:
        p = state.phase
        if p == "class":
            return [FIGHTER, MAGIC_USER] if seat == state.to_act else []
        if p == "dodge?":
            return ["dodge", "none"] if seat == state.target else []
        if seat != state.to_act:
            return []
        if p == "mighty?":
            return ["mighty_blow", "none"]
        if p == "action":
            return self._swing_actions(state, seat)
        if p != "turn":
            return []
        spells = can_cast(state, seat)
        cures = [f"cure:{s + 1}" for s in conscious(state)] if spells and state.cure[seat] else []
        if state.disarmed[seat]:
            out = ["scramble"]
            if spells and state.haste[seat] > 0 and M.may_haste_scramble(state.disarmed[seat]):
                out.append("haste")
            return out + cures + [f"fight:{s + 1}" for s in opponents(state, seat)]
        out = self._swing_actions(state, seat) + cures
        if spells and state.haste[seat] > 0:
            out.append("haste")
        if spells and state.bless[seat]:
            out.append("bless")
        return out

    def _swing_actions(self, state: KtogState, seat: int) -> list[str]:
        foes = opponents(state, seat)
        return [f"attack:{s + 1}" for s in foes] + [f"disarm:{s + 1}" for s in foes if state.disarmed[s] == 0]

    def _apply_action(self, state: KtogState, seat: int, action: str) -> KtogState:
        p = state.phase
        who = self.seat_name(seat)
        if p == "class":
            state = self._pick_class(state, seat, action)
            nxt = seat + 1
            if nxt < len(state.hp):
                return replace(state, to_act=nxt)
            return self._start_round(state)
        if p == "dodge?":
            if action == "dodge":
                state = replace(state, dodge=_set(state.dodge, seat, False), cast=_set(state.cast, seat, True),
                                last=f"{who} casts Dodge: the hit does nothing")
                return self._after_swing(state)
            return self._after_dodge(replace(state, last=f"{who} does not dodge"))
        if p == "mighty?":
            if action == "mighty_blow":
                state = replace(state, mighty=_set(state.mighty, seat, False), cast=_set(state.cast, seat, True),
                                mighty_on=True, last=f"{who} casts Mighty Blow")
            return replace(state, phase="damage")
        if p == "turn":
            state = replace(state, turns=state.turns + 1, swings=1, blessed=False)
            if action == "scramble":
                return self._scramble(state, seat, 1)
            if action == "haste":
                state = replace(state, haste=_set(state.haste, seat, state.haste[seat] - 1),
                                cast=_set(state.cast, seat, True))
                if state.disarmed[seat]:
                    return self._scramble(state, seat, M.HASTE_SWINGS)
                return replace(state, phase="action", swings=M.HASTE_SWINGS, last=f"{who} casts Haste: two attacks")
            if action == "bless":
                return replace(state, bless=_set(state.bless, seat, False), cast=_set(state.cast, seat, True),
                               phase="action", blessed=True, last=f"{who} casts Bless")
        verb, _, num = action.partition(":")
        target = int(num) - 1
        if verb == "cure":
            state = replace(state, cure=_set(state.cure, seat, False), cast=_set(state.cast, seat, True),
                            action="cure", target=target)
            if self.options.cure_touch_roll and target != seat:
                return replace(state, phase="touch")
            return replace(state, phase="cure")
        return replace(state, phase="to_hit", action=verb, target=target, critical=False, mighty_on=False)

    def _pick_class(self, state: KtogState, seat: int, action: str) -> KtogState:
        if action == FIGHTER:
            hp = self.options.hp + M.FIGHTER_HP
            return replace(state, role=_set(state.role, seat, FIGHTER), hp=_set(state.hp, seat, hp),
                           max_hp=_set(state.max_hp, seat, hp), haste=_set(state.haste, seat, 0),
                           cure=_set(state.cure, seat, False), bless=_set(state.bless, seat, False),
                           mighty=_set(state.mighty, seat, False), dodge=_set(state.dodge, seat, False),
                           last=f"{self.seat_name(seat)} is a fighter")
        return replace(state, role=_set(state.role, seat, MAGIC_USER), last=f"{self.seat_name(seat)} is a magic-user")

    def _scramble(self, state: KtogState, seat: int, steps: int) -> KtogState:
        left = M.scramble_left(state.disarmed[seat], steps)
        text = f"{self.seat_name(seat)} scrambles" + (" twice (Haste)" if steps > 1 else "")
        text += ": weapon back from the next turn" if left == 0 else f": {left} to go"
        return self._end_turn(replace(state, disarmed=_set(state.disarmed, seat, left), last=text))

    # -- chance --------------------------------------------------------------------------------
    def _apply_chance(self, state: KtogState, outcome: int) -> KtogState:
        p = state.phase
        me = state.to_act
        if p == "init":
            return self._initiative(state, outcome)
        if p == "to_hit":
            return self._to_hit(state, outcome)
        if p == "damage":
            dmg = M.damage(outcome, state.action == "fight", state.mighty_on)
            return self._hurt(state, state.target, dmg, "critical " if state.critical else "")
        if p == "fumble_self":
            if M.fumble_self_hit(outcome):
                return replace(state, phase="self_damage", last=f"{self.seat_name(me)} hits himself")
            if state.disarmed[me]:
                # RULINGS KtOG, Disarmed: a disarmed player cannot be disarmed again.
                return self._after_swing(replace(state, last=f"{self.seat_name(me)} does not hit himself"))
            return replace(state, phase="fumble_drop", last=f"{self.seat_name(me)} does not hit himself")
        if p == "self_damage":
            return self._hurt(replace(state, target=me), me, outcome, "self-")
        if p == "fumble_drop":
            turns = M.fumble_drop_turns(outcome, self.options.fumble_flying)
            if turns:
                flies = turns == M.FLYING_TURNS
                state = replace(state, disarmed=_set(state.disarmed, me, turns),
                                last=f"{self.seat_name(me)} drops the weapon" + (" (it flies across the room)" if flies else ""))
            else:
                state = replace(state, last=f"{self.seat_name(me)} keeps hold of the weapon")
            return self._after_swing(state)
        if p == "touch":
            t = hit_threshold(state, self.options.to_hit, me, state.target, False)
            if M.touch_succeeds(outcome, t):
                return replace(state, phase="cure", last=f"{self.seat_name(me)} touches {self.seat_name(state.target)}")
            return self._end_turn(replace(state, last=f"{self.seat_name(me)} fails to touch {self.seat_name(state.target)}: Cure spent"))
        if p == "cure":
            t = state.target
            hp = M.cured(state.hp[t], outcome, state.max_hp[t], self.options.cure_cap)
            gained = hp - state.hp[t]
            return self._end_turn(replace(state, hp=_set(state.hp, t, hp),
                                          last=f"{self.seat_name(t)} is cured of {gained} (now {hp})"))
        if p == "stand":
            s = state.pending
            if M.stands_at_zero(outcome):
                state = replace(state, pending=-1, last=f"{self.seat_name(s)} stays standing at 0")
            else:
                state = replace(state, pending=-1, up=_set(state.up, s, False), last=f"{self.seat_name(s)} falls unconscious")
            return self._after_swing(state)
        raise ValueError(f"no chance in phase {p!r}")

    def _initiative(self, state: KtogState, outcome: int) -> KtogState:
        rolls = state.rolls + (outcome,)
        if len(rolls) < len(state.rollers):
            return replace(state, rolls=rolls)
        best = max(rolls)
        tied = tuple(s for s, r in zip(state.rollers, rolls) if r == best)
        if len(tied) > 1:
            return replace(state, rollers=tied, rolls=(),
                           last="initiative tie between " + ", ".join(self.seat_name(s) for s in tied) + ": they roll again")
        first = tied[0]
        state = replace(state, rollers=(), rolls=(), leader=first, to_act=first, phase="turn",
                        first_mover=first if state.first_mover < 0 else state.first_mover,
                        last=f"{self.seat_name(first)} goes first")
        return state

    def _to_hit(self, state: KtogState, roll: int) -> KtogState:
        me, t = state.to_act, state.target
        who, whom = self.seat_name(me), self.seat_name(t)
        if M.is_critical_miss(roll):
            return replace(state, phase="fumble_self", last=f"{who} critically misses")
        if state.action == "disarm":
            if M.disarm_succeeds(roll, M.disarm_target(state.blessed)):
                return self._after_swing(replace(state, disarmed=_set(state.disarmed, t, M.SCRAMBLE_TURNS),
                                                 last=f"{who} disarms {whom}"))
            return self._after_swing(replace(state, last=f"{who} fails to disarm {whom}"))
        critical = M.is_critical_hit(roll)
        if not M.attack_hits(roll, hit_threshold(state, self.options.to_hit, me, t, state.blessed)):
            return self._after_swing(replace(state, last=f"{who} misses {whom}"))
        state = replace(state, critical=critical, last=f"{who} {'critically ' if critical else ''}hits {whom}")
        if state.up[t] and can_cast(state, t) and state.dodge[t]:
            return replace(state, phase="dodge?")
        return self._after_dodge(state)

    def _after_dodge(self, state: KtogState) -> KtogState:
        me = state.to_act
        if can_cast(state, me) and state.mighty[me]:
            return replace(state, phase="mighty?")
        return replace(state, phase="damage")

    def _hurt(self, state: KtogState, victim: int, dmg: int, how: str) -> KtogState:
        name = self.seat_name(victim)
        if dmg <= 0:
            return self._after_swing(replace(state, last=f"no {how}damage to {name}"))
        hp = state.hp[victim] - dmg
        text = f"{name} takes {dmg} {how}damage"
        if not M.knocked_out(hp):
            return self._after_swing(replace(state, hp=_set(state.hp, victim, hp), last=text))
        state = replace(state, hp=_set(state.hp, victim, 0))
        if self.options.stand_at_zero:
            return replace(state, phase="stand", pending=victim, last=text + ", down to 0")
        return self._after_swing(replace(state, up=_set(state.up, victim, False), last=text + " and falls unconscious"))

    # -- flow ----------------------------------------------------------------------------------
    def _after_swing(self, state: KtogState) -> KtogState:
        """One attack, disarm attempt or fight is over: the next Haste attack, or the next turn."""
        standing = conscious(state)
        if len(standing) <= 1:
            return replace(state, phase="over", winner=standing[0], last=state.last + f"; {self.seat_name(standing[0])} wins")
        me = state.to_act
        swings = state.swings - 1
        state = replace(state, swings=swings, critical=False, mighty_on=False, action="", target=-1)
        if swings > 0 and state.up[me] and state.disarmed[me] == 0:
            return replace(state, phase="action")
        return self._end_turn(state)

    def _end_turn(self, state: KtogState) -> KtogState:
        n = len(state.hp)
        state = replace(state, swings=0, blessed=False, action="", target=-1, critical=False, mighty_on=False)
        offset = (state.to_act - state.leader) % n
        for k in range(offset + 1, n):
            seat = (state.leader + k) % n
            if state.up[seat]:
                return replace(state, to_act=seat, phase="turn")
        return self._start_round(state)

    def _start_round(self, state: KtogState) -> KtogState:
        """RULINGS KtOG, Round and Initiative: every conscious player has one turn per round;
        spells cast reset; initiative is rolled at the start (``every_round``: every round)."""
        n = len(state.hp)
        state = replace(state, cast=(False,) * n, rounds=state.rounds + 1)
        if state.leader < 0 or self.options.initiative == "every_round":
            return replace(state, phase="init", rollers=tuple(conscious(state)), rolls=())
        for k in range(n):
            seat = (state.leader + k) % n
            if state.up[seat]:
                return replace(state, to_act=seat, phase="turn")
        raise AssertionError("a round starts only while two or more players are conscious")

    # -- input checks --------------------------------------------------------------------------
    def check_action(self, state: KtogState, seat: int, action: str) -> None:
        legal = self.legal_actions(state, seat)
        if action in legal:
            return
        reason = self._why_not(state, seat, action)
        who = self.seat_name(seat)
        may = f"{who} may {self._choices_words(state, seat, legal)}" if legal else f"{who} has nothing to decide now"
        raise IllegalAction(f"that is not legal now{': ' + reason if reason else ''}; {may}", legal)

    def _doing(self, state: KtogState, seat: int, action: str) -> tuple[str, str]:
        """(verb phrase, whom) of a decision, as the player would be told to do it: ("attack", "Player 3")."""
        verb, _, num = action.partition(":")
        if num.isdigit():
            target = int(num) - 1
            whom = "yourself" if target == seat else self.seat_name(target)
            return {"attack": "attack", "disarm": "try to disarm", "fight": "fight bare-handed",
                    "cure": "cast Cure on"}.get(verb, verb), whom
        if action == "none":
            return ("let the hit land" if state.phase == "dodge?" else "do without Mighty Blow"), ""
        return {"haste": "cast Haste", "bless": "cast Bless", "scramble": "scramble for the weapon",
                "dodge": "cast Dodge", "mighty_blow": "cast Mighty Blow", FIGHTER: "be a fighter",
                MAGIC_USER: "be a magic-user"}.get(action, "something KtOG does not know"), ""

    def _choices_words(self, state: KtogState, seat: int, legal: list[str]) -> str:
        """The legal decisions in words, targets of one verb together: "attack Player 2 or Player 3,
        cast Cure on yourself, Player 2 or Player 3, or cast Haste"."""
        groups: dict[str, list[str]] = {}
        for a in legal:
            verb, whom = self._doing(state, seat, a)
            groups.setdefault(verb, [])
            if whom:
                groups[verb].append(whom)
        phrases = []
        for verb, whoms in groups.items():
            if verb == "fight bare-handed":
                phrases.append("fight " + _or(whoms) + " bare-handed")
            else:
                phrases.append(verb + (" " + _or(whoms) if whoms else ""))
        return _or(phrases, ", or ") if len(phrases) > 1 else phrases[0]

    def _why_not(self, state: KtogState, seat: int, action: str) -> str:
        verb = action.partition(":")[0]
        if state.phase == "action" and verb in ("cure", "haste", "bless"):
            return "Haste and Bless are cast at the start of a turn, Cure instead of an attack"
        spell = {"haste": "Haste", "bless": "Bless", "cure": "Cure", "dodge": "Dodge", "mighty_blow": "Mighty Blow"}.get(verb)
        if spell:
            if state.role[seat] == FIGHTER:
                return "a fighter casts no spells"
            if state.cast[seat]:
                return "only one spell per player per round"
        if verb == "disarm" and state.disarmed[seat]:
            return "no disarm attempts bare-handed"
        if verb == "attack" and state.disarmed[seat]:
            return "disarmed: scramble, cure or fight bare-handed"
        return ""

    # -- for people ----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def describe_action(self, state: KtogState, seat: int, action: str) -> str:
        who = self.seat_name(seat)
        verb, _, num = action.partition(":")
        target = int(num) - 1 if num.isdigit() else -1
        whom = self.seat_name(target)
        if verb == "attack":
            return f"{who} attacks {whom}"
        if verb == "disarm":
            return f"{who} tries to disarm {whom}"
        if verb == "fight":
            return f"{who} fights {whom} bare-handed"
        if verb == "cure":
            return f"{who} casts Cure on " + ("himself" if target == seat else whom)
        if action == "none":
            return f"{who} does not dodge" if state.phase == "dodge?" else f"{who} does without Mighty Blow"
        return {
            "haste": f"{who} casts Haste" + (" to scramble twice" if state.disarmed[seat] else ": two attacks"),
            "bless": f"{who} casts Bless",
            "scramble": f"{who} scrambles for the weapon",
            "dodge": f"{who} casts Dodge: the hit does nothing",
            "mighty_blow": f"{who} casts Mighty Blow",
            FIGHTER: f"{who} picks fighter",
            MAGIC_USER: f"{who} picks magic-user",
        }.get(action, f"{who} makes a decision KtOG does not know")

    def action_odds(self, state: KtogState, seat: int, action: str) -> str | None:
        verb, _, num = action.partition(":")
        if verb in ("attack", "fight") and num.isdigit():
            t = hit_threshold(state, self.options.to_hit, seat, int(num) - 1, state.blessed)
            dmg = _BARE if verb == "fight" else _D6
            return (f"need {max(t, M.NATURAL_MISS + 1)}+: {_percent(M.attack_faces(t))} ({M.NATURAL_CRITICAL}: "
                    f"critical {_CRIT_DICE}, {M.NATURAL_MISS}: critical miss); damage {dmg}")
        if verb == "disarm" and num.isdigit():
            t = M.disarm_target(state.blessed)
            return f"need {t}+: {_percent(M.disarm_faces(t))}"
        if verb == "cure" and num.isdigit():
            t = int(num) - 1
            room = state.max_hp[t] - state.hp[t]
            cap = ""
            if self.options.cure_cap and room <= 0:
                cap = f", but {self.seat_name(t)} is at the cap ({state.max_hp[t]})"
            elif self.options.cure_cap and room < M.CURE_SIDES:
                cap = f", at most {room} here (cap {state.max_hp[t]})"
            touch = ""
            if self.options.cure_touch_roll and t != seat:
                th = hit_threshold(state, self.options.to_hit, seat, t, False)
                faces = sum(M.touch_succeeds(face, th) for face in range(1, M.D20 + 1))
                touch = f"; touch roll need {th}+: {_percent(faces)}"
            return f"heals {M.CURE_MIN}-{M.CURE_SIDES}{cap}{touch}"
        if action == "haste":
            if state.disarmed[seat]:
                left = M.scramble_left(state.disarmed[seat], M.HASTE_SWINGS)
                return f"scramble twice: {state.disarmed[seat]} turns to go -> {left}"
            return "two attacks or disarm attempts this turn"
        if action == "bless":
            to_hit = M.hit_threshold(self.options.to_hit, True, False, False, False)
            return (f"this turn: need {max(M.NATURAL_MISS + 1, to_hit)}+ to hit (before other modifiers), "
                    f"{M.disarm_target(True)}+ to disarm")
        if action == "scramble":
            left = M.scramble_left(state.disarmed[seat], 1)
            return "weapon back from your next turn" if left <= 0 else f"{left} scramble turn{'s' if left != 1 else ''} left after this"
        if action == "dodge":
            crit = f" (a critical: {_CRIT_DICE}, x{M.MIGHTY_MULTIPLIER} with Mighty Blow)"
            return "the hit does nothing" + (crit if state.critical else "")
        if action == "mighty_blow":
            base = _CRIT_DICE if state.critical else (_BARE if state.action == "fight" else _D6)
            return f"damage {base} x{M.MIGHTY_MULTIPLIER}"
        return None

    def view(self, state: KtogState, seat: int | None) -> dict:
        """Nothing in KtOG is hidden: every seat sees the whole state, plus the names."""
        data = self.state_to_json(state)
        data["names"] = [self.seat_name(s) for s in range(len(state.hp))]
        return data

    def status_rows(self, state: KtogState) -> list[dict]:
        rows = []
        for s in range(len(state.hp)):
            if state.phase == "over":
                mark = "winner" if s == state.winner else "out"
            elif not state.up[s]:
                mark = "out"
            else:
                mark = "on turn" if s == state.to_act and state.phase not in ("init", "class") else ""
            spells = []
            if state.haste[s]:
                spells.append(f"Haste×{state.haste[s]}")
            spells += [name for name, have in (("Cure", state.cure[s]), ("Bless", state.bless[s]),
                                                ("Mighty Blow", state.mighty[s]), ("Dodge", state.dodge[s])) if have]
            row = {"Player": self.seat_name(s)}
            if self.options.classes:
                row["Class"] = {FIGHTER: "fighter", MAGIC_USER: "magic-user"}.get(state.role[s], "not yet chosen")
            row.update({
                "Hit points": f"{state.hp[s]}/{state.max_hp[s]}",
                "Spells left": ", ".join(spells) or "none",
                "Spell cast this round": "yes" if state.cast[s] else "",
                "Disarmed": f"{state.disarmed[s]} scramble turn{'s' if state.disarmed[s] != 1 else ''} to go" if state.disarmed[s] else "",
                "Status": mark,
            })
            rows.append(row)
        return rows

    def summary(self, state: KtogState) -> str:
        parts = []
        for s in range(len(state.hp)):
            flag = "" if state.up[s] else " (out)"
            if state.disarmed[s]:
                flag += f", disarmed ({state.disarmed[s]} to go)"
            parts.append(f"{self.seat_name(s)}: {state.hp[s]} hit points{flag}")
        return " | ".join(parts)


def _percent(faces: int) -> str:
    """Faces of the d20 as a percentage: 7 -> "35%"."""
    return f"{faces * 100 // M.D20}%"


def _or(items: list[str], last: str = " or ") -> str:
    """["a", "b", "c"] -> "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + last + items[-1]
