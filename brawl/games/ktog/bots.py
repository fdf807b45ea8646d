"""KtOG bots (``random`` comes from :mod:`brawl.bots` and plays every game).

- ``brute``: the reference policy that checks rely on; keep exactly this.  Always attack the
  conscious opponent with the fewest hit points (ties: the first such after itself in seat order);
  never cast a spell (so it declines every Dodge and Mighty Blow window with ``none``); never
  attempt a disarm; scramble whenever disarmed.  With ``classes`` it picks magic-user, the standard
  character.
- ``heuristic``: spends its spells where they pay: Dodge a critical (or a hit that could knock it
  out), Mighty Blow a critical (or a hit that doubled could finish the target), Cure itself when
  low, Haste when a kill is within reach or while it still has both, Bless when the target is
  nearly down, Haste to scramble twice when disarmed.  With ``classes`` it picks fighter.
- ``schemer`` (:mod:`.schemer`): for 3 or more players: attacks the strongest opponent, keeps
  itself from being the weakest (Dodge, Cure) and spends the damage spells freely.
"""

from __future__ import annotations

import random

from . import mechanics as M
from .rules import FIGHTER, MAGIC_USER, Ktog, KtogState, can_cast, opponents
from .schemer import SchemerBot


def weakest_opponent(state: KtogState, seat: int) -> int:
    """The conscious opponent with the fewest hit points; ties go to the first after ``seat`` in
    seat order (wrapping round)."""
    n = len(state.hp)
    best = -1
    for k in range(1, n):
        s = (seat + k) % n
        if state.up[s] and (best < 0 or state.hp[s] < state.hp[best]):
            best = s
    return best


class BruteBot:
    name = "brute"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, game: Ktog, state: KtogState, seat: int) -> str:
        p = state.phase
        if p == "class":
            return MAGIC_USER
        if p in ("dodge?", "mighty?"):
            return "none"
        if state.disarmed[seat]:
            return "scramble"
        return f"attack:{weakest_opponent(state, seat) + 1}"


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Ktog, state: KtogState, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        p = state.phase
        if p == "class":
            return FIGHTER
        if p == "dodge?":
            attacker = state.to_act
            worst = M.damage(M.DAMAGE_SIDES * M.damage_dice(state.critical), False,
                             bool(state.mighty[attacker] and can_cast(state, attacker)))
            if state.critical or state.hp[seat] <= worst // 2 or (state.hp[seat] <= worst and len(opponents(state, seat)) == 1):
                return "dodge"
            return "none"
        if p == "mighty?":
            single = M.damage(M.DAMAGE_SIDES * M.damage_dice(state.critical), state.action == "fight", False)
            hp = state.hp[state.target]
            if state.critical or single < hp <= 2 * single:
                return "mighty_blow"
            return "none"
        target = weakest_opponent(state, seat)
        attack = f"attack:{target + 1}"
        if p == "action":
            return attack
        cure_self = f"cure:{seat + 1}"
        if cure_self in legal and state.hp[seat] <= state.max_hp[seat] // 3:
            return cure_self
        if state.disarmed[seat]:
            if "haste" in legal:
                return "haste"
            if state.hp[target] <= 2:
                return f"fight:{target + 1}"
            return "scramble"
        if "haste" in legal and (state.hp[target] <= 8 or state.haste[seat] == 2):
            return "haste"
        if "bless" in legal and state.hp[target] <= 4:
            return "bless"
        return attack


BOTS = {"brute": BruteBot, "heuristic": HeuristicBot, "schemer": SchemerBot}
