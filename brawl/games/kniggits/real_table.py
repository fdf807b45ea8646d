"""Kniggits on a real table (option ``measure: table``): the players measure, brawl keeps the rest
(rules page, ruling 40).

With toy knights on a real table, the ruler decides how far a kniggit goes, whether it came
within 2 inches of an enemy, and whether an archer's target is in range and in sight.  brawl does
not know where the figures stand, so the player on turn says what happened, and the rules check
everything that does not need a ruler:

- ``reach:<id>:<enemy>``: the kniggit moved and stopped within 2 inches of that enemy ("B1 reached
  A2: in combat").  Only a kniggit that is not in combat may go into combat, once per turn, and not
  an archer that is shooting this turn; a kniggit that stopped within 2 inches of several enemies
  says so with one ``reach`` for each.
- ``moved:<id>``: the kniggit moved and is not in combat (an archer that moved may not shoot).
- ``leave:<id>``: a kniggit that starts its move in combat moves directly away and is out of
  combat with everyone it was in combat with.  Moving away it may come within 2 inches of
  another enemy, where it must stop (seed, Phase one): ``reach:<id>:<enemy>`` after ``leave``
  says so, for any enemy but the ones it left.
- ``off:<id>``: a fleeing kniggit has reached its own edge and leaves the game.
- ``face``, ``second``, ``shoot`` and ``end_move`` as on brawl's own table; a shot is declared
  with range and sight judged at the table (2 inches of range for each defense token).

Who is in combat with whom is the state's ``contacts``: declared pairs, kept until one of the two
leaves combat or leaves the table.  A fleeing kniggit out of combat runs for its edge on its
army's turn; one in combat runs straight out of combat if it can, which its player says with
``leave:<id>``, and stays in combat if it cannot (rules page, rule 23: pinned against a wall or
surrounded).  The state's ``left`` keeps, for the turn, which enemies each kniggit left.
Facing, turning, fights, tokens, fleeing and winning are the rules of the measured game.

:class:`RealTable` is one part of :class:`.rules.Kniggits`.
"""

from __future__ import annotations

from ...core.game import IllegalAction
from ...core.values import replace
from .model import Kniggit
from .state import KniggitsState, add_event, kniggit, put

def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


class RealTable:
    on_real_table = False  # whether the players measure on a real table (option measure; set by the game)

    @property
    def people_only(self) -> str:
        """Why every seat must be a person, or "": on a real table somebody moves the toy knights
        and says what happened, which a computer player cannot do."""
        if not self.on_real_table:
            return ""
        return ("on a real table every seat is a person: the players move the toy knights and say what happened, "
                "which a computer player cannot do")

    def real_table_problems(self) -> list[str]:
        """Options that a real table cannot play (they need where things stand), in words."""
        o = self.options
        out = []
        if o.potions:
            out.append("potions (brawl would need to know where each potion and kniggit stands)")
        if o.scenario not in ("battle", "joust"):
            out.append(f"the {o.scenario} scenario (its objects are carried to places on the table)")
        return out

    # -- who is in combat --------------------------------------------------------------------------
    def declared_engaged(self, state: KniggitsState, k: Kniggit) -> tuple[Kniggit, ...]:
        """The enemies declared within 2 inches of ``k`` and still on the table, by id."""
        memo = state.memo()
        key = (self, ("declared", k.id))
        out = memo.get(key)
        if out is None:
            ids = {b if a == k.id else a for a, b in state.contacts if k.id in (a, b)}
            out = memo[key] = tuple(e for e in state.kniggits
                                    if e.id in ids and e.seat != k.seat and e.status != "gone")
        return out

    @staticmethod
    def _without_contacts(state: KniggitsState, kid: str) -> KniggitsState:
        return replace(state, contacts=tuple(p for p in state.contacts if kid not in p))

    @staticmethod
    def left_this_turn(state: KniggitsState, k: Kniggit) -> frozenset[str]:
        """The enemies ``k`` left combat with this turn (``leave``): it moved directly away from
        them, so it did not stop within 2 inches of them."""
        return frozenset(e for kid, e in state.left if kid == k.id)

    # -- the moving phase --------------------------------------------------------------------------
    def real_table_actions(self, state: KniggitsState, seat: int) -> list[str]:
        """The decisions of the moving phase on a real table, all of them listed."""
        out = []
        for k in state.kniggits:
            if k.seat != seat:
                continue
            if k.status == "fleeing":
                if not k.moved and self.engaged(state, k):
                    out.append(f"leave:{k.id}")  # it got away, running straight out of combat (rule 23)
                out.append(f"off:{k.id}")
                continue
            if not k.active:
                continue
            enemies = self.engaged(state, k)
            out += self.combat_choices(k, enemies)
            if self._may_reach(state, k, enemies):
                met = {e.id for e in enemies} | self.left_this_turn(state, k)
                out += [f"reach:{k.id}:{e.id}" for e in state.kniggits
                        if e.seat != seat and e.on_table and e.id not in met]
            if not k.moved and not k.shot:
                out.append(f"leave:{k.id}" if enemies else f"moved:{k.id}")
            if k.archer:
                out += [f"shoot:{k.id}:{e.id}" for e in self.targets(state, k)]
        return out + ["end_move"]

    def _may_reach(self, state: KniggitsState, k: Kniggit, enemies: tuple) -> bool:
        """A kniggit may go into combat when it has not moved and is not in combat; having moved
        into combat this turn, to say where it stopped it is near another enemy too; and having
        left combat this turn, to say it stopped near another enemy on its way (seed, Phase one:
        "If your kniggit comes within two inches of an enemy kniggit then you are IN COMBAT")."""
        if k.shot:
            return False
        if not k.moved:
            return not enemies
        return bool(enemies) or bool(self.left_this_turn(state, k))

    def real_table_move(self, state: KniggitsState, seat: int, verb: str, parts: list[str]) -> KniggitsState:
        """``reach``, ``moved``, ``leave`` and ``off`` (the others are the measured game's)."""
        if verb == "off" and len(parts) == 2:
            k = kniggit(state, parts[1])
            if k is None or k.seat != seat:
                raise IllegalAction(f"{parts[1]} is not one of {self.seat_name(seat)}'s kniggits")
            if k.status != "fleeing":
                raise IllegalAction(f"{k.id} is not fleeing: only a fleeing kniggit runs off the table")
            state = self._without_contacts(put(state, replace(k, status="gone", facing="")), k.id)
            return self._check_end(add_event(state, f"{k.id} flees off the table and leaves the game"))
        if verb == "leave" and len(parts) == 2:
            k = kniggit(state, parts[1])
            if k is not None and k.seat == seat and k.status == "fleeing":
                return self._leave(state, k)
        k = self._own(state, seat, parts[1]) if len(parts) >= 2 else None
        if k is None:
            raise IllegalAction("name one of your kniggits")
        enemies = self.engaged(state, k)
        if k.shot:
            raise IllegalAction(f"{k.id} is shooting this turn and may not move: "
                                "an archer may not move and shoot in the same turn")
        if verb == "reach" and len(parts) == 3:
            e = kniggit(state, parts[2])
            if e is None or e.seat == seat or not e.on_table:
                raise IllegalAction(f"{parts[2]} is not an enemy on the table")
            if e in enemies:
                raise IllegalAction(f"{k.id} is already in combat with {e.id}")
            if e.id in self.left_this_turn(state, k):
                raise IllegalAction(f"{k.id} left combat with {e.id} this turn, moving directly away from it")
            if not self._may_reach(state, k, enemies):
                if k.moved:
                    raise IllegalAction(f"{k.id} has already moved this turn")
                raise IllegalAction(f"{k.id} starts in combat with {', '.join(x.id for x in enemies)} and may only "
                                    "move directly away (leave combat)")
            facing = k.facing if enemies else e.id
            state = put(state, replace(k, moved=True, facing=facing))
            state = replace(state, contacts=tuple(sorted(state.contacts + (_pair(k.id, e.id),))))
            return add_event(state, f"{k.id} reaches {e.id}: in combat")
        if verb in ("moved", "leave") and len(parts) == 2:
            if k.moved:
                raise IllegalAction(f"{k.id} has already moved this turn")
            if verb == "moved":
                if enemies:
                    raise IllegalAction(f"{k.id} starts in combat and may only move directly away (leave combat)")
                return add_event(put(state, replace(k, moved=True)), f"{k.id} moves and stays out of combat")
            return self._leave(state, k)
        raise IllegalAction("that is not a decision of the moving phase on a real table: say which enemy a kniggit "
                            "reached, that it moved, that it left combat, or end the moving phase",
                            self.real_table_actions(state, seat))

    def _leave(self, state: KniggitsState, k: Kniggit) -> KniggitsState:
        """``k`` moved directly away from every enemy it was in combat with and is out of combat
        with them; ``left`` remembers them for the turn."""
        if k.moved:
            raise IllegalAction(f"{k.id} has already moved this turn")
        enemies = self.engaged(state, k)
        if not enemies:
            raise IllegalAction(f"{k.id} is not in combat")
        state = self._without_contacts(put(state, replace(k, moved=True, facing="")), k.id)
        state = replace(state, left=state.left + tuple((k.id, e.id) for e in enemies))
        return add_event(state, f"{k.id} moves away from {' and '.join(e.id for e in enemies)} and leaves combat")

    def real_table_flee(self, state: KniggitsState, k: Kniggit) -> KniggitsState:
        """A fleeing kniggit of the army on turn runs for its edge at full speed (seed, The
        Results); the player moves it and says when it leaves the table (``off``).  One in combat
        runs straight out of combat if it can (``leave``), and stays in combat if it cannot, pinned
        or surrounded (rules page, rule 23): brawl does not know which, so it keeps the contacts
        until the player says it got away."""
        enemies = self.engaged(state, k)
        if enemies:
            return add_event(state, f"{k.id} is fleeing but in combat with {' and '.join(e.id for e in enemies)}: "
                                    "say it left combat if it runs straight out, or it stays")
        return add_event(state, f"{k.id} runs for {self.seat_name(k.seat)}'s edge, "
                                f"{self.move_allowance(k):g} in (say when it leaves the table)")


__all__ = ["RealTable"]
