"""KtOG (2 to 8 players) for learning agents.

Seats are seen **relative to the observer**: "+k" is the player k seats after me in seat order
(wrapping round), "+0" is me.  The same network can then play any seat.

Actions (``Discrete(37)``, whatever the number of players):

======  =====================================================================
 0-7    ``fighter``, ``magic_user``, ``haste``, ``bless``, ``scramble``,
        ``dodge``, ``mighty_blow``, ``none``
 8-14   ``attack:+1`` .. ``attack:+7`` (attack the player k seats after me)
 15-21  ``disarm:+1`` .. ``disarm:+7``
 22-28  ``fight:+1`` .. ``fight:+7`` (bare-handed, while disarmed)
 29-36  ``cure:+0`` .. ``cure:+7`` (``cure:+0`` cures myself)
======  =====================================================================

The rules' own strings name players absolutely (``attack:3`` is Player 3); :meth:`decode` turns
``attack:+k`` into that form for the observing seat.  Targets beyond the table's size are never
legal.

Observation (148 floats in [0, 1]): 8 blocks of 16, one per relative seat (block 0 is me, block k
the player k seats after me; blocks past the number of players are zeros), then 20 about the turn
and the options.

====  ==========================================================
per seat block (offset 16 * k):
 0    the seat exists (the game has that many players)
 1    conscious (still in the game)
 2    hit points / (hp option + 5), at most 1
 3-5  class: fighter, magic-user, not picked yet (all 0: standard)
 6    Haste spells left / 2
 7-10 Cure, Bless, Mighty Blow, Dodge still there
 11   has cast a spell this round
 12   scramble turns to go / 3 (0: armed)
 13   on turn (the attacker during an attack)
 14   target of the attack, disarm attempt or Cure in progress
 15   first in this round's order
after the blocks (offset 128):
 0-4  decision: class pick, opening of a turn, next swing (Haste/Bless), Dodge?, Mighty Blow?
 5    swings left this turn / 2
 6    Bless is on this turn
 7-10 in progress: attack, disarm, bare-handed fight, cure
 11   the current hit is a critical
 12   Mighty Blow is on for the current hit
 13   to_hit / 20
 14-19 options: stand_at_zero, fumble_flying, cure_touch_roll, classes, cure_cap,
       initiative every round
====  ==========================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...rl.encodings import Encoding

MAX_PLAYERS = 8
FIXED = ("fighter", "magic_user", "haste", "bless", "scramble", "dodge", "mighty_blow", "none")
TARGETED = (("attack", 1), ("disarm", 1), ("fight", 1), ("cure", 0))
SEAT_FIELDS = ("exists", "conscious", "hit points", "fighter", "magic-user", "class not picked", "haste left",
               "cure left", "bless left", "mighty blow left", "dodge left", "cast this round",
               "scramble turns", "on turn", "target", "first this round")
DECISION_PHASES = ("class", "turn", "action", "dodge?", "mighty?")
IN_PROGRESS = ("attack", "disarm", "fight", "cure")


def _actions() -> tuple[str, ...]:
    out = list(FIXED)
    for verb, first in TARGETED:
        out += [f"{verb}:+{k}" for k in range(first, MAX_PLAYERS)]
    return tuple(out)


class KtogEncoding(Encoding):
    game_name = "ktog"
    actions = _actions()
    observation_labels = tuple(f"seat +{k}: {f}" for k in range(MAX_PLAYERS) for f in SEAT_FIELDS) + (
        "deciding class", "deciding turn", "deciding next swing", "deciding dodge", "deciding mighty blow",
        "swings left / 2", "blessed", "attack in progress", "disarm in progress", "fight in progress",
        "cure in progress", "critical hit", "mighty blow on", "to_hit / 20", "stand_at_zero", "fumble_flying",
        "cure_touch_roll", "classes", "cure_cap", "initiative every round")
    max_chance_outcomes = 100  # the d100 to stay standing at 0
    volatile_fields = ("turns", "rounds", "last", "first_mover")

    def __init__(self, game) -> None:
        super().__init__(game)
        # Tied initiative dice are rolled again.  OpenSpiel's form conditions on leaving that loop
        # (brawl.rl.spiel), which means looking at every way the dice can fall: done up to three
        # players (6**3 rolls); with more the re-roll stays a loop of chance nodes there.
        self.chance_loops = game.options.players <= 3

    def margin(self, state: Any, seat: int) -> float:
        """My hit points (0 when down) less the opponents' average, over hp + 5."""
        n = self.game.options.players
        top = self.game.options.hp + 5

        def share(s: int) -> float:
            return min(1.0, max(0, state.hp[s]) / top) if state.up[s] else 0.0

        return share(seat) - sum(share(s) for s in range(n) if s != seat) / (n - 1)

    def _relative(self, seat: int, action: str) -> str:
        verb, sep, num = action.partition(":")
        if not sep:
            return action
        n = self.game.options.players
        return f"{verb}:+{(int(num) - 1 - seat) % n}"

    def legal_indices(self, state: Any, seat: int) -> list[int]:
        return sorted(self.action_index(self._relative(seat, a)) for a in self.game.legal_actions(state, seat))

    def decode(self, state: Any, seat: int, index: int) -> str:
        name = super().decode(state, seat, index)
        verb, sep, rel = name.partition(":+")
        if not sep:
            return name
        k = int(rel)
        n = self.game.options.players
        if k >= n:
            return name  # no such seat at this table: never legal, refused by the rules
        return f"{verb}:{(seat + k) % n + 1}"

    def observe(self, state: Any, seat: int) -> np.ndarray:
        opts = self.game.options
        n = opts.players
        vec = np.zeros(self.observation_size, dtype=np.float32)
        top = opts.hp + 5
        for k in range(n):
            s = (seat + k) % n
            b = 16 * k
            role = state.role[s]
            vec[b:b + 16] = (
                1.0, float(state.up[s]), min(1.0, max(0, state.hp[s]) / top),
                float(role == "fighter"), float(role == "magic_user"), float(role == ""),
                state.haste[s] / 2, float(state.cure[s]), float(state.bless[s]), float(state.mighty[s]),
                float(state.dodge[s]), float(state.cast[s]), min(1.0, state.disarmed[s] / 3),
                float(state.phase not in ("init", "over") and state.to_act == s),
                float(state.target == s and state.phase not in ("turn", "init", "over", "class")),
                float(state.leader == s),
            )
        g = 16 * MAX_PLAYERS
        if state.phase in DECISION_PHASES:
            vec[g + DECISION_PHASES.index(state.phase)] = 1.0
        if state.phase != "over":  # at the end nothing is in progress
            vec[g + 5] = min(1.0, state.swings / 2)
            vec[g + 6] = float(state.blessed)
            vec[g + 11] = float(state.critical)
            vec[g + 12] = float(state.mighty_on)
        if state.action in IN_PROGRESS and state.phase not in ("turn", "init", "over", "class"):
            vec[g + 7 + IN_PROGRESS.index(state.action)] = 1.0
        vec[g + 13] = opts.to_hit / 20
        vec[g + 14:g + 20] = (float(opts.stand_at_zero), float(opts.fumble_flying), float(opts.cure_touch_roll),
                              float(opts.classes), float(opts.cure_cap), float(opts.initiative == "every_round"))
        return vec
