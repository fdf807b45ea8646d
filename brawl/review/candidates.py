"""The decisions an estimated review compares at a position.

Every legal decision when there are at most ``limit`` of them (and the game lists them all).
Otherwise a set that always holds the decision taken, each decision the playout policy's bots
would take, and one decision of every **kind** (:func:`kind_of`: the decision with its
coordinates left out, so ``attack:2``, ``cure:3``, ``cast:acid_splash:vex`` and ``throw:brok``
are each a kind of their own, and all of ``move:3,4``, ``move:5,1`` one), so that a kill, a spell
or an attack on each target is never missing; then others drawn at random, up to ``most``.  A game
whose decisions are points (free-form: a move to anywhere on a table) adds decisions drawn by
its own sampler.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

from ..core.game import Game

ALL_WHEN_AT_MOST = 12  # every legal decision is compared when there are at most this many
MOST = 24  # the most decisions compared at one position
FREE_FORM_DRAWS = 4  # decisions drawn by the game's sampler where decisions are points

_COORDINATES = re.compile(r"-?\d+(?:\.\d+)?(?:,-?\d+(?:\.\d+)?)+|-?\d+\.\d+")


def kind_of(action: str) -> str:
    """A decision without its coordinates (``move:3,4`` -> ``move:#``); targets (names, seat
    numbers) stay, so each target is a kind."""
    return _COORDINATES.sub("#", action)


def compared(game: Game, state: Any, seat: int, taken: str, suggestions: Callable[[], list[str]] | list[str],
             rng: random.Random, limit: int = ALL_WHEN_AT_MOST, most: int = MOST) -> tuple[list[str], int | None]:
    """(the decisions compared, the number of legal decisions or None where they are points);
    the taken one first.  ``suggestions``: the policy's decisions here (or a function giving
    them, asked only when not every legal decision is compared)."""
    legal = list(game.legal_actions(state, seat))
    free = bool(getattr(game, "free_form", False))
    if legal and len(legal) <= limit and not free:
        return [taken] + [a for a in legal if a != taken], len(legal)
    out = [taken]
    for a in (suggestions() if callable(suggestions) else suggestions):
        if a not in out and (a in legal or free):
            out.append(a)
    kinds: dict[str, list[str]] = {}
    for a in legal:
        kinds.setdefault(kind_of(a), []).append(a)
    seen = {kind_of(a) for a in out}
    order = list(kinds)
    rng.shuffle(order)
    for kind in order:
        if len(out) >= most:
            break
        if kind not in seen:
            out.append(rng.choice(kinds[kind]))
            seen.add(kind)
    pool = [a for a in legal if a not in out]
    rng.shuffle(pool)
    while pool and len(out) < min(most, max(limit, len(seen) + 2)):
        out.append(pool.pop())
    if free:
        tries = 0
        wanted = len(out) + FREE_FORM_DRAWS
        while len(out) < min(most, wanted) and tries < 4 * FREE_FORM_DRAWS:
            tries += 1
            try:
                a = game.sample_action(state, seat, rng)
                game.check_action(state, seat, a)
            except Exception:  # a sample the rules refuse is drawn again
                continue
            if a not in out:
                out.append(a)
    return out, (None if free else len(legal))
