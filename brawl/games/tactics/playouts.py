"""Playouts for the Tactics ``search`` bot: the rest of a few turns played by the heuristic on both
sides, dice drawn from the rules' own chance events, and a cheap judgement of where the battle
stands at the horizon (each side's characters by what they are worth and the hit points they keep).

Every playout ``k`` of a decision draws its dice from the same generator whichever candidate it
follows (common random numbers), so candidates are compared on the same luck."""

from __future__ import annotations

import random
from functools import lru_cache

from ...core.game import Chance, Terminal
from .heuristic import HeuristicBot
from .rules import Tactics, TacticsState

#: what a character still standing counts at no hit points, as a share of its worth (the rest
#: comes with its hit points)
STANDING_SHARE = 0.5
#: what a fallen but living character counts (it may be healed or stabilise)
FALLEN_SHARE = 0.1


class _Remembering(Tactics):
    """The same game, remembering who flanks whom: :func:`.movement.is_flanked` (the rules' own
    function, whose geometry is exact fractions) answered once for each placement of the
    characters it reads (where each stands and whether it is up, down or dead).  Playouts ask it
    again and again for the same placements."""

    _flanked: dict

    def is_flanked(self, state: TacticsState, attacker: int, target: int) -> bool:
        key = (attacker, target, tuple((u.x, u.y, u.conscious, u.down, u.dead) for u in state.units))
        hit = self._flanked.get(key)
        if hit is None:
            if len(self._flanked) > 50_000:
                self._flanked.clear()
            hit = self._flanked[key] = Tactics.is_flanked(self, state, attacker, target)
        return hit


def remembering(game: Tactics) -> Tactics:
    """``game`` (the same map, sheets and options) as a :class:`_Remembering` game for playouts."""
    fast = _Remembering.__new__(_Remembering)
    fast.__dict__.update(game.__dict__)
    fast._flanked = {}
    return fast


@lru_cache(maxsize=4096)
def _cumulative(probabilities: tuple) -> tuple[float, ...]:
    out, acc = [], 0.0
    for p in probabilities:
        acc += float(p)
        out.append(acc)
    return tuple(out)


def sample(event, r: float):
    """The outcome of a chance event at ``r`` in [0, 1), by its exact probabilities."""
    cum = _cumulative(event.probabilities)
    for o, c in zip(event.outcomes, cum):
        if r < c:
            return o
    return event.outcomes[-1]


def standing(game: Tactics, state: TacticsState, side: int, worth: dict[int, float]) -> float:
    """Where the battle stands for ``side``, in [-1, 1]: the end's result once it is over, else
    the worth kept by its characters less the enemies', over the worth of all (a character counts
    :data:`STANDING_SHARE` of its worth while up, the rest in proportion to its hit points, and
    :data:`FALLEN_SHARE` while fallen but alive)."""
    if state.over:
        if not state.winners:
            return 0.0
        return 1.0 if side in state.winners else -1.0
    mine = theirs = total = 0.0
    for j, u in enumerate(state.units):
        w = worth.get(j, 0.0)
        total += w
        if u.dead:
            continue
        if u.conscious:
            v = w * (STANDING_SHARE + (1 - STANDING_SHARE) * min(1.0, u.hp / game.sheets[j].max_hp))
        else:
            v = w * FALLEN_SHARE
        if game.sides[j] == side:
            mine += v
        else:
            theirs += v
    return (mine - theirs) / max(total, 1e-9)


def draw(key: int, turns: int, label: str, nth: int) -> float:
    """A uniform number in [0, 1) for the ``nth`` roll labelled ``label`` in turn ``turns`` of
    playout ``key``: the same roll gets the same number whichever decision led to it."""
    return random.Random(f"{key}|{turns}|{label}|{nth}").random()


def playout(game: Tactics, state: TacticsState, policy: HeuristicBot, key: int, side: int,
            horizon: int, worth: dict[int, float]) -> float:
    """``policy`` decides for both sides until ``horizon`` more turns have begun (or the battle is
    over); where the battle then stands for ``side``.  Each roll's number comes from :func:`draw`,
    so playouts of one ``key`` after different decisions meet the same luck where they meet the
    same rolls (an attack by one character on another in the same turn, a save, initiative)."""
    limit = state.turns + horizon
    seen: dict[tuple, int] = {}
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            ev = node.event
            tag = (state.turns, ev.label or ev.name)
            nth = seen.get(tag, 0)
            seen[tag] = nth + 1
            state = game._apply_chance(state, sample(ev, draw(key, tag[0], tag[1], nth)))
            continue
        if state.turns >= limit and node.kind == "turn" and not state.moved and not state.acted_std:
            break
        s = node.seats[0]
        state = game._apply_action(state, s, policy.choose(game, state, s))
    return standing(game, state, side, worth)
