"""Phase three, fighting: which fights the turn has, who chooses hands in each, the sealed choices,
and what the revealed hands do (seed, Playing, Phase three; The Results; Fumbles; Magic Swords;
Archers; rulings 17 to 22, 26 to 29, 39).

What each hand may show and what blows do is :mod:`.combat`; this part runs the fights one after
the other.  :class:`Fights` is one part of :class:`.rules.Kniggits`.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from ...core.game import IllegalAction
from ...core.values import replace
from . import combat, mechanics, words
from .fight_odds import fight_odds
from .model import Kniggit
from .state import KniggitsState, add_event, finish, kniggit, put, set_seat


class Fights:
    # a fight's odds (best hands against the other side's equilibrium mix) are a solver's advice,
    # not the rules' own chances: a rated game leaves them out (server/accounts/rated.py)
    odds_advise = True

    # -- who fights and how ------------------------------------------------------------------------
    def fight_hands(self, state: KniggitsState, fight: tuple) -> tuple[tuple, tuple] | None:
        """Hand choices of the attacker's and the defender's seat in ``fight``, or None when the
        fight cannot happen any more."""
        memo = state.memo()
        key = (self, ("hands", fight))
        if key in memo:
            return memo[key]
        aid, did, kind = fight
        a, d = kniggit(state, aid), kniggit(state, did)
        if a is None or d is None:
            hands = None
        else:  # the answer depends on the two kniggits alone: kept with the attacker while both are as they were
            kept = a.memo()
            known = kept.get((self, ("hands", kind, did)))
            if known is not None and known[0] is d:
                hands = known[1]
            else:
                hands = self._fight_hands(a, d, kind)
                kept[self, ("hands", kind, did)] = (d, hands)
        memo[key] = hands
        return hands

    def _fight_hands(self, a: Kniggit, d: Kniggit, kind: str) -> tuple[tuple, tuple] | None:
        if not d.on_table or not combat.can_strike(a, kind):
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
        """The seats with a choice of hands in the open fight."""
        memo = state.memo()
        seats = memo.get((self, "fight seats"))
        if seats is None:
            seats = memo[self, "fight seats"] = self._fight_seats(state)
        return seats

    def _fight_seats(self, state: KniggitsState) -> tuple[int, ...]:
        hands = self.fight_hands(state, state.fights[0])
        a = kniggit(state, state.fights[0][0])
        out = []
        for side, seat in ((0, a.seat), (1, 1 - a.seat)):
            if combat.has_choice(hands[side]):
                out.append(seat)
        return tuple(sorted(out))

    def fight_actions(self, state: KniggitsState, seat: int) -> list[str]:
        """``seat``'s decisions in the open fight: every pair of its hands' gestures."""
        if state.sealed[seat] is not None or seat not in self.fight_seats(state):
            return []
        hands = self.fight_hands(state, state.fights[0])
        a = kniggit(state, state.fights[0][0])
        mine = hands[0] if a.seat == seat else hands[1]
        pair = f"{state.fights[0][0]}-{state.fights[0][1]}"
        return [f"fight:{pair}:{h1}:{h2}" for h1 in mine[0] for h2 in mine[1]]

    def action_odds(self, state: KniggitsState, seat: int, action: str) -> str | None:
        """For a hand in a fight: whether it is one of the best, and the tokens it loses and knocks
        down on average against the other side's equilibrium mix (:mod:`.fight_odds`)."""
        if state.phase != "fight" or not state.fights or not action.startswith("fight:"):
            return None
        hands = self.fight_hands(state, state.fights[0])
        parts = action.split(":")
        if hands is None or len(parts) != 4:
            return None
        a, d = kniggit(state, state.fights[0][0]), kniggit(state, state.fights[0][1])
        odds = _odds(a, d, tuple(itertools.product(*hands[0])), tuple(itertools.product(*hands[1])))
        side = odds.attacker if a.seat == seat else odds.defender
        mine = next((h for h in side if h.hands == (parts[2], parts[3])), None)
        if mine is None:
            return None
        best = max(h.takes - h.loses for h in side)
        behind = best - (mine.takes - mine.loses)
        verdict = "a best choice" if behind < 1e-9 else f"{behind:.2f} tokens worse than the best"
        return (f"{verdict}: against the best mix of replies you lose {mine.loses:.2f} tokens "
                f"and knock down {mine.takes:.2f} on average")

    def _fight_prompt(self, state: KniggitsState) -> str:
        a = kniggit(state, state.fights[0][0])
        return _prompt(state.fights[0], self.seat_name(a.seat) if a is not None else "?")

    # -- the fight's clock (ruling 19) -------------------------------------------------------------
    def decision_deadline(self, state: KniggitsState) -> float | None:
        """The fight's timer (option ``fight_timer``) while hands are to be shown; no clock for
        the armies, rock-paper-scissors, moving or turning (ruling, rule 19)."""
        if state.phase == "fight" and self.options.fight_timer > 0:
            return float(self.options.fight_timer)
        return None

    def timeout_action(self, state: KniggitsState, seat: int) -> str:
        """Both hands ``none`` for a seat whose time ran out: the seed's fumble (Fumbles; rules page, rule 19)."""
        if state.phase != "fight" or not state.fights:
            raise IllegalAction("only a fight's hands have a timer")
        fight = state.fights[0]
        return f"fight:{fight[0]}-{fight[1]}:{combat.NONE}:{combat.NONE}"

    # -- the turn's fights -------------------------------------------------------------------------
    def _start_fights(self, state: KniggitsState) -> KniggitsState:
        """Each of the mover's kniggits in combat attacks the enemy it faces, archers shoot, magic
        swords strike twice (seed, Phase three; Archers; Magic Swords)."""
        mover = state.to_act
        fights = []
        for k in state.kniggits:
            if k.seat != mover or not k.active:
                continue
            if k.archer:
                if k.shot:
                    target = kniggit(state, k.shot)
                    why = self.can_shoot_at(state, k, target)
                    if why is None:
                        fights.append((k.id, target.id, "shot"))
                    else:
                        state = add_event(state, f"{k.id} cannot shoot: {why}")
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
        legal = self.legal_actions(state, seat)
        if action not in legal:
            if state.sealed[seat] is not None:
                raise IllegalAction(f"{self.seat_name(seat)} has already chosen in this fight")
            raise IllegalAction(f"that is not a gesture {self.seat_name(seat)} may show in the fight of {fight[0]} against "
                                f"{fight[1]}; {self._gestures_words(state, seat)}", legal)
        hands = tuple(action.split(":")[2:4])
        sealed = set_seat(state.sealed, seat, hands)
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
        a = kniggit(state, fight[0])
        k = a if a.seat == seat else kniggit(state, fight[1])
        mine = hands[0] if a.seat == seat else hands[1]
        out = []
        for which in (0, 1):
            if list(mine[which]) == [combat.NONE]:
                continue
            shown = [words.hand(k, which, g) for g in mine[which]]
            out.append(", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0])
        return "choose " + "; and ".join(out)

    def _fight(self, state: KniggitsState, fight: tuple, sealed: tuple) -> KniggitsState:
        """Both sides' hands are revealed and their blows land at once (seed, The Results)."""
        aid, did, kind = fight
        a, d = kniggit(state, aid), kniggit(state, did)
        choices = self.fight_hands(state, fight)
        none = (combat.NONE, combat.NONE)
        hands_a = sealed[a.seat] or none
        hands_d = sealed[d.seat] or none
        new_a, new_d, lost_a, lost_d = combat.resolve(a, d, hands_a, hands_d)
        new_a = combat.powers_after(a, new_a, self.options)
        new_d = combat.powers_after(d, new_d, self.options)
        state = put(put(state, new_a), new_d)
        verb = "shoots at" if kind == "shot" else "attacks"
        shows_a = words.hands(a, hands_a, choices[0] if choices else None)
        shows_d = words.hands(d, hands_d, choices[1] if choices else None)
        parts = [f"{aid} {verb} {did}: {aid} shows {shows_a}, {did} shows {shows_d}"]
        parts.append(f"{did} loses {words.tokens(lost_d)}" if lost_d else f"{did} loses nothing")
        if lost_a:
            parts.append(f"{aid} loses {words.tokens(lost_a)}")
        result = "; ".join(parts)
        state = replace(state, revealed=(f"{aid}-{did}", "/".join(sealed[0] or none), "/".join(sealed[1] or none), result))
        state = add_event(state, result)
        for kid in (aid, did):
            state = self._check_flight(state, kid)
        if self.options.scenario == "joust":
            for k in (kniggit(state, aid), kniggit(state, did)):
                if "horse" in k.lost:
                    return finish(state, (1 - k.seat,), f"{k.id} is unhorsed")
        state = self._check_end(state)
        if state.phase == "over":
            return state
        return self._next_fight(replace(state, fights=state.fights[1:]))

    def _check_flight(self, state: KniggitsState, kid: str) -> KniggitsState:
        """Tokens of one colour left (or none): the kniggit flees (seed, The Results)."""
        k = kniggit(state, kid)
        if not k.active or not mechanics.flees(k.colours):
            return state
        if k.carrying:
            state = self._drop(state, k)
            k = kniggit(state, kid)
        state = put(state, replace(k, status="fleeing", facing="", shot="", second=""))
        return add_event(state, f"{kid} is scared and flees toward {self.seat_name(k.seat)}'s edge")


@lru_cache(maxsize=256)
def _prompt(fight: tuple, side: str) -> str:
    """What the open fight asks of the players (the same words every time for a fight)."""
    aid, did, kind = fight
    if kind == "shot":
        return f"{side}'s archer {aid} shoots at {did}: show your hands"
    if kind in ("again", "second"):
        return f"{side}'s {aid} strikes {did} again with a magic sword: show your hands"
    return f"{side}'s {aid} attacks {did}: show sword and shield"


@lru_cache(maxsize=64)
def _odds(a, d, hands_a: tuple, hands_d: tuple):
    """A fight's odds, worked out once for the views and hints of every hand (the kniggits and
    their hands are values, so they key the cache)."""
    return fight_odds(a, d, list(hands_a), list(hands_d))
