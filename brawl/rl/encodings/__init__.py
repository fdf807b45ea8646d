"""Encodings: how a brawl game looks to a learning agent.

Every research interface (PettingZoo, Gymnasium, OpenSpiel) needs the same three things that the
rules themselves do not fix, because brawl decisions are strings and states are dataclasses:

- a **fixed action list**: decision strings numbered ``0 .. len(actions) - 1`` (a ``Discrete``
  action space).  :meth:`Encoding.action_mask` marks which numbers are legal now, and
  :meth:`Encoding.decode` turns a number back into the decision string the rules expect.
- a **fixed-size observation vector** of floats in ``[0, 1]`` seen from one seat
  (:meth:`Encoding.observe`), each entry named in :attr:`Encoding.observation_labels`.  It must
  only use what ``game.view(state, seat)`` shows that seat: a sealed choice of another seat never
  enters it.
- a **state key** (:meth:`Encoding.state_key`): a string that identifies a position for solvers.
  It leaves out what does not change the future (turn counters, log text), so that a game with
  cycles (a Krig miss changes nothing) has finitely many keys.

Each game's package defines a subclass in its ``encoding.py``, named in its entry
(:mod:`brawl.games.entry`); :func:`encoding_for` asks the entry.  A game with decisions that are
not a finite list (positions on a table) gives its
encoding a discretised action list and overrides :meth:`decode` and :meth:`action_mask`.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

import numpy as np

from ...core.game import BrawlError, Game

class NoEncoding(BrawlError):
    pass


class Encoding(ABC):
    """Base class of a game's encoding.  Subclasses set :attr:`actions`,
    :attr:`observation_labels` and :attr:`max_chance_outcomes` (in ``__init__`` when they depend
    on the options) and implement :meth:`observe`."""

    game_name: ClassVar[str]
    #: the game has simultaneous decisions (several seats choose in secret at once)
    simultaneous: ClassVar[bool] = False
    #: the dice can come back to a position they started from with no decision in between (a
    #: re-roll on a tie); OpenSpiel's form then conditions on leaving the loop (``brawl.rl.spiel``)
    chance_loops: ClassVar[bool] = False
    #: state fields that never change what happens next; left out of :meth:`state_key`
    volatile_fields: ClassVar[tuple[str, ...]] = ("turns", "last")
    #: how many outcomes the largest chance event of the game has
    max_chance_outcomes: int = 1
    #: decisions an episode may take before it is cut off (a truncation, worth 0 to everyone)
    max_decisions: int = 10_000

    actions: tuple[str, ...] = ()
    observation_labels: tuple[str, ...] = ()

    def __init__(self, game: Game) -> None:
        self.game = game
        self._index = {a: i for i, a in enumerate(self.actions)}

    # -- actions -----------------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def action_index(self, action: str) -> int:
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(f"{action!r} is not in the action list of {self.game_name}: {', '.join(self.actions)}") from None

    def legal_indices(self, state: Any, seat: int) -> list[int]:
        """The legal action numbers of ``seat`` now, ascending (empty when it is not its decision)."""
        return sorted(self.action_index(a) for a in self.game.legal_actions(state, seat))

    def legal_menu(self, state: Any, seat: int) -> str:
        """``"0=attack, 1=defend"``: the legal numbers with the rules' decision strings."""
        return ", ".join(f"{i}={self.decode(state, seat, i)}" for i in self.legal_indices(state, seat))

    def action_mask(self, state: Any, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.legal_indices(state, seat)] = 1
        return mask

    def decode(self, state: Any, seat: int, index: int) -> str:
        """The decision string of action number ``index`` (``ValueError`` outside the list)."""
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
            raise ValueError(f"an action is an integer 0..{self.num_actions - 1}, not {index!r}")
        if not 0 <= int(index) < self.num_actions:
            raise ValueError(f"action {int(index)} is outside 0..{self.num_actions - 1} for {self.game_name}")
        return self.actions[int(index)]

    # -- observations ------------------------------------------------------------------------
    @property
    def observation_size(self) -> int:
        return len(self.observation_labels)

    @abstractmethod
    def observe(self, state: Any, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` (float32, entries in [0, 1])."""

    def describe(self) -> str:
        """The observation layout and the action list, for people."""
        lines = [f"{self.game_name}: observation of {self.observation_size} floats in [0, 1]"]
        lines += [f"  [{i}] {label}" for i, label in enumerate(self.observation_labels)]
        lines.append(f"actions (Discrete({self.num_actions})):")
        lines += [f"  {i}: {a}" for i, a in enumerate(self.actions)]
        return "\n".join(lines)

    # -- solvers -----------------------------------------------------------------------------
    def state_key(self, state: Any) -> str:
        """The state's fields other than :attr:`volatile_fields`, as text (states hold tuples,
        numbers and strings, whose ``repr`` is exact)."""
        return repr(tuple((f.name, getattr(state, f.name)) for f in dataclasses.fields(state)
                          if f.name not in self.volatile_fields))

    def margin(self, state: Any, seat: int) -> float:
        """How well ``seat`` stands, in [-1, 1] (0: level): what the Gymnasium environment pays at
        a draw or a cut-off with ``reward="margin"`` and the potential of ``reward="shaped"``.
        The base class knows nothing of the game and says 0; games with hit points override it."""
        return 0.0

    def render(self, state: Any) -> str:
        """A few lines of text on the position (the environments' ``render()``)."""
        game = self.game
        lines = []
        summary = game.summary(state)
        lines.append(summary if summary else json.dumps(game.view(state, None), sort_keys=True))
        last = getattr(state, "last", "")
        if last:
            lines.append(f"last: {last}")
        return "\n".join(lines)


def encoded_games() -> list[str]:
    """Names of the games that have an encoding (and so every research interface)."""
    from ...games import games_with

    return games_with("encoding")


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (a built game, options and all), named in its entry."""
    from ...games import UnknownGame, entry

    try:
        cls = entry(game.name).load("encoding")
    except UnknownGame:
        cls = None
    if cls is None:
        raise NoEncoding(f"{game.name} has no encoding for the research interfaces yet; encoded games: {', '.join(encoded_games())}")
    return cls(game)


def one_hot(vec: np.ndarray, start: int, index: int | None, size: int) -> None:
    """Set ``vec[start + index]`` (when ``0 <= index < size``)."""
    if index is not None and 0 <= index < size:
        vec[start + index] = 1.0
