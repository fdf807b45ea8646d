"""KtOG ("Kill the Other Guy"): a d20 and d6 free-for-all for 2 to 8 players.

Every player has hit points and six spells (Haste x2, Cure, Bless, Mighty Blow, Dodge).  Players
take turns in initiative order, attacking a named opponent with a d20 (``to_hit`` or more hits, a
natural 20 is a critical for 2d6, a natural 1 a critical miss) and rolling a d6 for damage.  The last
conscious player wins.  The rules page (``rules.md``) cites each rule's source and says how brawl
reads what the rule text leaves open.

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

from ...core.game import Chance, Decision, Game, IllegalAction, Terminal
from ...core.values import replace
from . import mechanics as M
from .mechanics import DISARM_TARGET, FIGHTER_HP, FLYING_TURNS, FUMBLE_TARGET, SCRAMBLE_TURNS, STAND_MAX  # noqa: F401
from .state import (_CRIT_DICE, CURE, D6_DAMAGE, D6_SELF, D20_DISARM, D20_DROP, D20_HIT, D20_SELF,  # noqa: F401
                    D20_TOUCH, D100, FIGHTER, INITIATIVE, MAGIC_USER, STANDARD, TWO_D6, KtogOptions, KtogState,
                    _set, attack_faces, can_cast, conscious, damage_of, disarm_faces, disarm_threshold,
                    hit_threshold, opponents)
from .words import KtogWords, _or, _percent  # noqa: F401


class Ktog(KtogWords, Game[KtogState]):
    name = "ktog"
    title = "KtOG (Kill the Other Guy)"
    description = ("A free-for-all for 2 to 8 players with a d20 and a d6: attack, disarm and cast six spells "
                   "(Haste, Cure, Bless, Mighty Blow, Dodge); the last one standing wins.")
    Options = KtogOptions
    State = KtogState
    min_players = 2
    max_players = 8

    def standing(self, state: KtogState) -> frozenset[int]:
        """Rules, Winning: a player at 0 hit points or less is out; the rest are still in."""
        return frozenset(seat for seat, up in enumerate(state.up) if up)

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
            return self._next_class(self._pick_class(state, seat, action), seat)
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

    def _next_class(self, state: KtogState, seat: int) -> KtogState:
        """The next player still in picks a class after ``seat``; after the last, the first round."""
        nxt = seat + 1
        while nxt < len(state.hp) and not state.up[nxt]:
            nxt += 1  # a player out of time before picking is skipped
        if nxt < len(state.hp):
            return replace(state, to_act=nxt)
        return self._start_round(state)

    def forfeit(self, state: KtogState, seat: int) -> KtogState:
        """A player whose time ran out is out, as if at 0 hit points and not standing, and the others
        play on: a hit waiting for their Dodge, or a Mighty Blow on them, is dropped (the attacker's
        turn goes on to its next swing or ends); on their own turn the turn passes on; when one
        player is left, that player wins (rules page, KtOG, Winning)."""
        if state.phase == "over":
            raise IllegalAction("the game is over")
        if not state.up[seat]:
            raise IllegalAction(f"{self.seat_name(seat)} is out already")
        state = replace(state, hp=_set(state.hp, seat, 0), up=_set(state.up, seat, False), last="")
        standing = conscious(state)
        if len(standing) == 1:
            return replace(state, phase="over", winner=standing[0], pending=-1)
        if state.phase == "class":
            return self._next_class(state, seat) if seat == state.to_act else state
        if seat == state.to_act:
            return self._end_turn(state)
        if seat == state.target and state.phase in ("dodge?", "mighty?"):
            return self._after_swing(state)
        return state

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
                return replace(state, phase="self_damage", last=f"{self.seat_name(me)} hits themselves")
            if state.disarmed[me]:
                # Rules page, KtOG, Disarmed: a disarmed player cannot be disarmed again.
                return self._after_swing(replace(state, last=f"{self.seat_name(me)} does not hit themselves"))
            return replace(state, phase="fumble_drop", last=f"{self.seat_name(me)} does not hit themselves")
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
        """Rules page, KtOG, Round and Initiative: every conscious player has one turn per round;
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
