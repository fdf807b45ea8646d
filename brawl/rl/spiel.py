"""brawl games as OpenSpiel games.

``openspiel_game("krig", hp=3)`` registers ``python_brawl_krig`` with OpenSpiel (once) and loads it
with those parameters; ``pyspiel.load_game("python_brawl_krig", {"hp": 3})`` works too once
registered (``register("krig")``).  Game parameters are the game's options (those with a number,
a string or a boolean as value) and ``max_game_length``.

- **Chance nodes** are explicit: at a brawl :class:`~brawl.core.game.Chance` node,
  ``chance_outcomes()`` lists ``(i, p)`` for the event's i-th outcome with its exact probability
  (as a float); ``action_to_string`` names it (``"d10=7"``).
- **Decision nodes** use the game's fixed action list (``brawl.rl.encodings.<game>``);
  ``legal_actions()`` is ascending.  A brawl turn or reaction is a node of that seat; a simultaneous
  decision is an OpenSpiel simultaneous node (the game type's dynamics is then ``SIMULTANEOUS``),
  and the joint action seals every seat's choice at once.
- **Returns** at the end are brawl's: +1 for a winner, -1 for the others.  A game that reaches
  ``max_game_length`` moves (decisions and dice; default 10000) is cut off with 0 for everyone.
- ``start`` (a game parameter) is a brawl state as JSON (``game.dumps(state)``) to start from
  instead of the game's initial state, for analysing a position.
- ``str(state)`` is the encoding's state key: the position without turn counters or log text,
  so that a cyclic game (Krig: a miss changes nothing) has finitely many distinct strings and
  ``value_iteration(game, -1, threshold, cyclic_game=True)`` solves it.  The move counter for the
  cut-off is not in it.
- Observation tensors and strings come from the encoding (the same vector the PettingZoo and
  Gymnasium environments give).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from ..core.game import Chance, Decision, Game, Terminal
from ..games import make_game
from .common import final_returns
from .encodings import Encoding, encoding_for

DEFAULT_MAX_GAME_LENGTH = 10_000
_REGISTERED: dict[str, pyspiel.GameType] = {}


def short_name(game_name: str) -> str:
    return f"python_brawl_{game_name}"


def _option_defaults(game_cls: type[Game]) -> dict[str, Any]:
    out = {}
    for name, field in game_cls.Options.model_fields.items():
        value = field.default
        if isinstance(value, (bool, int, float, str)):
            out[name] = value
    return out


def register(game_name: str) -> pyspiel.GameType:
    """Register ``python_brawl_<game>`` with OpenSpiel (idempotent); returns its game type."""
    if game_name in _REGISTERED:
        return _REGISTERED[game_name]
    probe = make_game(game_name)
    encoding = encoding_for(probe)  # refuses games without an encoding
    params = _option_defaults(type(probe))
    params["max_game_length"] = DEFAULT_MAX_GAME_LENGTH
    params["start"] = ""
    min_players = type(probe).min_players
    max_players = type(probe).max_players
    zero_sum = min_players == max_players == 2
    game_type = pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=f"brawl {probe.title}",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if encoding.simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )

    class _Registered(BrawlSpielGame):
        brawl_name = game_name
        spiel_type = game_type

    _Registered.__name__ = f"BrawlSpielGame_{game_name}"
    pyspiel.register_game(game_type, _Registered)
    _REGISTERED[game_name] = game_type
    return game_type


def openspiel_game(game: str | Game, **options: Any) -> pyspiel.Game:
    """Register ``game`` with OpenSpiel and load it with ``options`` (game options and
    ``max_game_length``)."""
    if isinstance(game, Game):
        options = {**game.options.model_dump(), **options}
        game = game.name
    game_type = register(game)
    known = game_type.parameter_specification
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"unknown parameters {unknown} for {short_name(game)}; known: {', '.join(sorted(known))}")
    checked = make_game(game, {k: v for k, v in options.items() if k not in ("max_game_length", "start")})
    if options.get("start"):
        checked.loads(options["start"])  # a clear error for a bad starting position
    return pyspiel.load_game(short_name(game), dict(options))


class BrawlSpielGame(pyspiel.Game):
    """An OpenSpiel game over a brawl game (subclassed per game by :func:`register`)."""

    brawl_name: str
    spiel_type: pyspiel.GameType

    def __init__(self, params: dict | None = None) -> None:
        params = dict(params or {})
        self.max_length = int(params.pop("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        start = params.pop("start", "")
        self.brawl = make_game(self.brawl_name, params)
        self.encoding: Encoding = encoding_for(self.brawl)
        self.start = self.brawl.loads(start) if start else self.brawl.initial_state()
        n = self.brawl.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.encoding.max_chance_outcomes,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.spiel_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=self.max_length,
        )
        super().__init__(self.spiel_type, info, {**params, "max_game_length": self.max_length, "start": start})
        self.fixed = _Shared((self.brawl, self.encoding, self.max_length))
        self.at_start = _Shared((self.start, self.brawl.node(self.start)))

    def new_initial_state(self) -> "BrawlSpielState":
        return BrawlSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return EncodingObserver(self.encoding, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Shared:
    """Holds values that are never changed in place (the brawl game, immutable brawl states):
    cloning an OpenSpiel state shares them instead of deep-copying them."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> "_Shared":
        return self


class BrawlSpielState(pyspiel.State):
    def __init__(self, game: BrawlSpielGame) -> None:
        super().__init__(game)
        # cloning builds a fresh state and then copies the attributes over: keep this cheap
        self._fixed = game.fixed
        self._moves = 0
        self._now = game.at_start

    @property
    def _brawl(self) -> Game:
        return self._fixed.value[0]

    @property
    def _encoding(self) -> Encoding:
        return self._fixed.value[1]

    @property
    def _max_length(self) -> int:
        return self._fixed.value[2]

    @property
    def brawl_state(self) -> Any:
        """The brawl state this OpenSpiel state stands for."""
        return self._now.value[0]

    @property
    def _node(self):
        return self._now.value[1]

    def _set(self, brawl_state: Any) -> None:
        self._now = _Shared((brawl_state, self._brawl.node(brawl_state)))
        self._moves += 1

    def _cut_off(self) -> bool:
        return self._moves >= self._max_length

    def current_player(self) -> int:
        node = self._node
        if isinstance(node, Terminal) or self._cut_off():
            return pyspiel.PlayerId.TERMINAL
        if isinstance(node, Chance):
            return pyspiel.PlayerId.CHANCE
        if node.kind == "simultaneous":
            if not self._encoding.simultaneous:
                raise RuntimeError(f"{self._brawl.name} has a simultaneous decision but its encoding does not say so")
            return pyspiel.PlayerId.SIMULTANEOUS
        return node.seats[0]

    def _legal_actions(self, player: int) -> list[int]:
        node = self._node
        if not isinstance(node, Decision) or player not in node.seats:
            return []
        return self._encoding.legal_indices(self.brawl_state, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        event = self._node.event
        if len(event.outcomes) > self._encoding.max_chance_outcomes:
            raise RuntimeError(f"{event.name} has {len(event.outcomes)} outcomes; the encoding of "
                               f"{self._brawl.name} allows {self._encoding.max_chance_outcomes}")
        return [(i, float(p)) for i, p in enumerate(event.probabilities)]

    def _apply_action(self, action: int) -> None:
        node = self._node
        if isinstance(node, Chance):
            # OpenSpiel only applies listed outcomes; the index picks the event's outcome
            self._set(self._brawl._apply_chance(self.brawl_state, node.event.outcomes[action]))
            return
        seat = node.seats[0]
        self._set(self._brawl.apply_action(self.brawl_state, seat, self._encoding.decode(self.brawl_state, seat, action)))

    def _apply_actions(self, actions: list[int]) -> None:
        node = self._node
        state = self.brawl_state
        for seat in node.seats:
            state = self._brawl.apply_action(state, seat, self._encoding.decode(state, seat, actions[seat]))
        self._set(state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            event = self._node.event
            if 0 <= action < len(event.outcomes):
                return f"{event.name}={event.outcomes[action]}"
            return f"{event.name}#{action}"
        return self._encoding.actions[action]

    def is_terminal(self) -> bool:
        return isinstance(self._node, Terminal) or self._cut_off()

    def returns(self) -> list[float]:
        if isinstance(self._node, Terminal):
            return final_returns(self._brawl, self.brawl_state)
        return [0.0] * self._brawl.num_players

    def __str__(self) -> str:
        now = self._now.value
        if len(now) == 2:  # the key is worked out once per position and shared by clones
            now = self._now.value = now + (self._encoding.state_key(now[0]),)
        return now[2]


class EncodingObserver:
    """OpenSpiel's observer protocol over the encoding's observation vector."""

    def __init__(self, encoding: Encoding, params: dict | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.encoding = encoding
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BrawlSpielState, player: int) -> None:
        self.tensor[:] = self.encoding.observe(state.brawl_state, player)

    def string_from(self, state: BrawlSpielState, player: int) -> str:
        return f"seat {player}: {self.encoding.state_key(state.brawl_state)}"
