"""The flow of a game: whose decision it is in each phase, the end of the moving phase, the end of
a turn (fleeing kniggits run, the turn limit), and who has won (seed, Playing; Winning; rulings
16, 23, 24, 33).

:class:`TurnFlow` is one part of :class:`.rules.Kniggits`.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.game import Decision, Terminal
from ...core.values import replace
from . import mechanics
from .state import KniggitsState, finish


@lru_cache(maxsize=None)
def _phase_decision(phase: str, seat: int, name: str) -> Decision:
    """The decision of the moving phase (the mover's turn) or of turning (the other seat's
    reaction): the same value every time for a seat, so it is made once."""
    if phase == "move":
        return Decision((seat,), "turn", f"{name}: move your kniggits, then end the moving phase")
    return Decision((seat,), "reaction", f"{name}: turn your kniggits in combat to face an attacker, then say you are done")


@lru_cache(maxsize=1024)
def _decision(seats: tuple[int, ...], kind: str, prompt: str) -> Decision:
    """A decision of a fight: a value, made once for the same seats, kind and words."""
    return Decision(seats, kind, prompt)


class TurnFlow:
    def node(self, state: KniggitsState):
        memo = state.memo()
        node = memo.get((self, "node"))
        if node is None:
            node = memo[self, "node"] = self._node(state)
        return node

    def _node(self, state: KniggitsState):
        p = state.phase
        if p == "over":
            return Terminal(tuple(state.winners))
        if p == "army":
            return Decision(tuple(s for s in (0, 1) if state.armies[s] is None), "simultaneous",
                            "Choose and place your army (the other player sees it only when both are in)")
        if p == "rps":
            return Decision(tuple(s for s in (0, 1) if state.rps_sealed[s] is None), "simultaneous",
                            "Rock, paper or scissors for who goes first?")
        if p == "move":
            return _phase_decision("move", state.to_act, self.seat_name(state.to_act))
        if p == "turning":
            return _phase_decision("turning", 1 - state.to_act, self.seat_name(1 - state.to_act))
        if p == "fight":
            needs = self.fight_seats(state)
            # With one side only able to choose there is nothing to keep secret from the other.
            kind = "simultaneous" if len(needs) == 2 else "turn"
            return _decision(tuple([s for s in needs if state.sealed[s] is None]), kind, self._fight_prompt(state))
        raise ValueError(f"unknown phase {p!r}")

    def turning_actions(self, state: KniggitsState, seat: int) -> list[str]:
        """Phase two: the other player turns each of his kniggits in combat with several enemies
        to face one of them (seed, Phase two; ruling 16)."""
        out = []
        for k in state.kniggits:
            if k.seat == seat and k.active:
                enemies = self.engaged(state, k)
                if len(enemies) > 1:
                    out += [f"face:{k.id}:{e.id}" for e in enemies if e.id != k.facing]
        return out + ["end_turning"]

    def _end_move(self, state: KniggitsState) -> KniggitsState:
        """The mover is done: kniggits in combat face an enemy, and the other player turns his
        kniggits that have several enemies, if any (seed, Phase one and two)."""
        mover = state.to_act
        state = self._auto_face(state, mover)
        state = self._auto_face(state, 1 - mover)
        for k in state.kniggits:
            if k.seat != mover and k.active and len(self.engaged(state, k)) > 1:
                return replace(state, phase="turning")
        return self._start_fights(state)

    def _end_turn(self, state: KniggitsState) -> KniggitsState:
        state = self._check_end(state)
        if state.phase == "over":
            return state
        fresh = tuple(replace(k, moved=False, shot="", second="", guarded=False)
                      if k.moved or k.shot or k.second or k.guarded else k for k in state.kniggits)
        state = self.keep_engaged(state, replace(state, kniggits=fresh, to_act=1 - state.to_act, turns=state.turns + 1,
                                                 phase="move", fights=(), sealed=(None, None), left=()))
        limit = self.options.turn_limit
        if limit and state.turns >= limit:
            return self._score(state)
        return self._start_turn(state)

    def _start_turn(self, state: KniggitsState) -> KniggitsState:
        """Fleeing kniggits of the army on turn run for their edge at full speed and leave the
        game on reaching it (seed, The Results; ruling)."""
        for k in state.kniggits:
            if k.seat == state.to_act and k.status == "fleeing":
                state = self.real_table_flee(state, k) if self.on_real_table else self._flee(state, k)
        return self._check_end(state)

    def _check_end(self, state: KniggitsState) -> KniggitsState:
        """An army whose kniggits are all fleeing or gone has lost (seed, Winning)."""
        if state.phase == "over":
            return state
        fighting = [False, False]  # whether each army has a kniggit still fighting
        for k in state.kniggits:
            if k.status == "fighting":
                fighting[k.seat] = True
        beaten = [s for s in (0, 1) if not fighting[s]]
        if not beaten:
            return state
        if len(beaten) == 2:
            return finish(state, (), "both armies are fleeing or gone")
        loser = beaten[0]
        return finish(state, (1 - loser,), f"every kniggit of {self.seat_name(loser)} is fleeing or gone")

    def score(self, state: KniggitsState, seat: int) -> int:
        """Tokens on kniggits still fighting (ruling: the turn limit)."""
        return mechanics.turn_limit_score([k.total for k in state.kniggits if k.seat == seat and k.active])

    def _score(self, state: KniggitsState) -> KniggitsState:
        a, b = self.score(state, 0), self.score(state, 1)
        text = f"turn limit: {self.seat_name(0)} {a} tokens, {self.seat_name(1)} {b} tokens"
        return finish(state, () if a == b else ((0,) if a > b else (1,)), text)
