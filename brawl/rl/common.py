"""What the environments share: making the game and its encoding, rolling dice, and the loop that
carries a position forward to the next real decision."""

from __future__ import annotations

import copy
import functools
import itertools
import secrets
import weakref
from typing import Any, Callable

import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from ..core.game import Chance, Decision, Game, Terminal
from ..core.sources import SeededDice
from ..games import make_game
from .encodings import Encoding, encoding_for


def make(game: str | Game, options: dict[str, Any]) -> tuple[Game, Encoding]:
    """The game (a name and options, or a ready :class:`Game`) and its encoding."""
    if isinstance(game, Game):
        if options:
            game = type(game)(game.options, **options)
    elif isinstance(game, str):
        game = make_game(game, options)
    else:
        raise TypeError(f"a game is a name or a brawl Game, not {type(game).__name__}")
    return game, encoding_for(game)


def new_dice(seed: int | None) -> SeededDice:
    return SeededDice(secrets.randbits(63) if seed is None else int(seed))


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def advance(game: Game, encoding: Encoding, state: Any, dice: SeededDice, skip_forced: bool,
            stop: Callable[[Decision], bool] = lambda node: True,
            choose: Callable[[Any, int], str] | None = None) -> tuple[Any, Any]:
    """Roll dice, play forced decisions (a single legal action in the encoding's menu, when
    ``skip_forced``) and let ``choose(state, seat)`` play the decisions ``stop`` does not stop
    at, until a decision that stops or the end.  Returns ``(state, node)``."""
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            return state, node
        if isinstance(node, Chance):
            state = game._apply_chance(state, dice.roll(node.event))
            continue
        seat = node.seats[0]
        if skip_forced:
            legal = encoding.legal_indices(state, seat)
            if len(legal) == 1:
                state = game.apply_action(state, seat, encoding.decode(state, seat, legal[0]))
                continue
        if stop(node):
            return state, node
        if choose is None:
            return state, node
        state = game.apply_action(state, seat, choose(state, seat))


def final_returns(game: Game, state: Any) -> list[float]:
    """What each seat gets at the end: brawl's returns (+1 a winner, -1 the others), except that a
    two-player game without a single winner (a draw, a game scored level) is 0 to both, so that
    two-player games are zero-sum for every interface."""
    winners = game.winners(state)
    if game.num_players == 2 and len(winners) != 1:
        return [0.0, 0.0]
    return [float(r) for r in game.returns(state)]



class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws a **legal** action of the moment
    (``legal()`` gives the mask; an empty mask, or none, falls back to any action).  Libraries'
    own checks step with unmasked samples (PettingZoo's ``parallel_seed_test`` and
    ``max_cycles_test``, RLlib's pre-check, Gymnasium's checker); with this space they play real
    games.  An explicit ``mask`` or ``probability`` is used as given.

    ``legal`` is a bound method of the environment (or a ``functools.partial`` of one), so a deep
    copy of the environment samples from the copy's position and a pickle carries it along (a
    space copied on its own keeps asking the same environment).  Gymnasium's
    ``make_vec(..., vectorization_mode="sync")`` batches the spaces of its sub-environments into a
    :class:`LegalMultiDiscrete`, whose ``sample()`` is legal in every sub-environment."""

    _serials = itertools.count()
    _made: "weakref.WeakValueDictionary[int, LegalDiscrete]" = weakref.WeakValueDictionary()

    def __init__(self, n: int, legal: Callable[[], np.ndarray | None] | None = None) -> None:
        super().__init__(n)
        self._legal = legal
        self._serial = next(LegalDiscrete._serials)
        LegalDiscrete._made[self._serial] = self

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self._legal is not None:
            legal = self._legal()
            if legal is not None and legal.any():
                mask = np.asarray(legal, dtype=np.int8)
        return super().sample(mask=mask, probability=probability)

    def __deepcopy__(self, memo: dict) -> "LegalDiscrete":
        legal = self._legal
        args: tuple = ()
        if isinstance(legal, functools.partial):
            legal, args = legal.func, legal.args
        owner = getattr(legal, "__self__", None)
        if owner is not None and id(owner) in memo:  # copied with its environment: ask the copy
            legal = getattr(memo[id(owner)], legal.__name__)
        if args:
            legal = functools.partial(legal, *args)
        twin = object.__new__(LegalDiscrete)
        memo[id(self)] = twin
        twin.__dict__.update({k: copy.deepcopy(v, memo) for k, v in self.__dict__.items() if k != "_legal"})
        twin._legal = legal
        return twin


class LegalMultiDiscrete(spaces.MultiDiscrete):
    """The batched action space of sub-environments with :class:`LegalDiscrete` spaces: ``sample()``
    without a mask draws, with this space's own generator, a legal action of each one's moment."""

    def __init__(self, members: list[LegalDiscrete], seed=None) -> None:
        super().__init__(np.full((len(members),), members[0].n, dtype=members[0].dtype), dtype=members[0].dtype,
                         seed=seed)
        self._members = members

    def sample(self, mask=None, probability=None):
        if mask is not None or probability is not None:
            return super().sample(mask=mask, probability=probability)
        out = np.empty(len(self._members), dtype=self.dtype)
        for i, member in enumerate(self._members):
            legal = member._legal() if member._legal is not None else None
            choices = np.flatnonzero(legal) if legal is not None else ()
            if len(choices):
                out[i] = choices[self.np_random.integers(len(choices))]
            else:
                out[i] = self.np_random.integers(member.n)
        return out


@batch_space.register(LegalDiscrete)
def _batch_legal(space: LegalDiscrete, n: int = 1):
    """Gymnasium's ``SyncVectorEnv`` makes its sub-environments and at once batches the first one's
    action space: the ``n`` spaces made last, that one first, are theirs.  Anything else batches as
    a plain ``Discrete``."""
    first = getattr(space, "_serial", None)
    members = [LegalDiscrete._made.get(first + i) for i in range(n)] if first is not None else [None]
    made_since = next(LegalDiscrete._serials) - first if first is not None else -1
    if made_since == n and members[0] is space and all(
            m is not None and m.n == space.n and m._legal is not None for m in members):
        return LegalMultiDiscrete(members, seed=copy.deepcopy(space.np_random))
    return batch_space.dispatch(spaces.Discrete)(space, n)
