"""brawl games as OpenSpiel games.

``import brawl.rl`` registers ``python_brawl_<game>`` for every encoded game (when OpenSpiel is
installed), so ``pyspiel.load_game("python_brawl_krig", {"hp": 3})`` and
``pyspiel.load_game("python_brawl_krig(hp=3)")`` work in any process that imported ``brawl.rl``;
``openspiel_game("krig", hp=3)`` loads one with its options checked by brawl first.  Game
parameters are the game's options (those with a number, a string or a boolean as value),
``max_game_length`` and ``start``.

- **Game strings.** OpenSpiel's game string separates parameters with ``,`` and nests with ``(``,
  ``)`` and ``=``, so a string value holding any of them (``start``, a Tactics ``custom1`` party)
  is kept in the parameters with those characters escaped as ``%2C``, ``%28``, ``%29``, ``%3D``
  (and ``%`` as ``%25``); the game decodes them.  ``str(game)`` therefore parses back to the same
  game, and ``serialize_game_and_state`` / ``deserialize_game_and_state`` round-trip.
- **Pickling.** A loaded game pickles as its name and parameters (it is loaded again on
  unpickling), so it can be sent to worker processes.
- **Chance nodes** are explicit: at a brawl :class:`~brawl.core.game.Chance` node,
  ``chance_outcomes()`` lists ``(i, p)`` for the event's i-th outcome with its exact probability
  (as a float); ``action_to_string`` names it (``"d10=7"``).  A game whose dice can come back to
  where they started with no decision in between (Krig's initiative: a tie is rolled again) says
  so in its encoding (``chance_loops``); there the outcomes that would come back are left out and
  the others' probabilities are conditioned on leaving the loop, which is the exact distribution of
  how the re-rolls end.  Every chance node is then left for good, so OpenSpiel's state enumeration
  (and value iteration) can start from the game's initial state.
- **Decision nodes** use the game's fixed action list (``brawl.rl.encodings.<game>``);
  ``legal_actions()`` is ascending.  A brawl turn or reaction is a node of that seat; a simultaneous
  decision is an OpenSpiel simultaneous node (the game type's dynamics is then ``SIMULTANEOUS``),
  and the joint action seals every seat's choice at once.
- **Game type per player count.** Two players: ``ZERO_SUM`` (returns +1/-1, a draw or a cut-off
  0/0).  More (KtOG): ``GENERAL_SUM``, since one winner gives ``2 - n`` in total but a cut-off 0.
  The registered entry (``pyspiel.registered_games()``) describes the game at its default options,
  so KtOG's (two players by default) says ``ZERO_SUM``; a loaded game's ``get_type()`` follows its
  own player count.
- **Tree-walking algorithms.** Krig's game tree is infinite (a miss changes nothing, so a game can
  go on for ever) and KtOG's nearly so; the positions are few, the histories are not.  Algorithms
  that walk every history (``exploitability``, CFR, ``expected_game_score.policy_value``, best
  responses) finish only on a bounded game: pass ``max_game_length`` (moves, dice included; a game
  cut off there is worth 0 to everyone) and keep the game small (``hp=1``, or ``start`` at a late
  position).  At the default 10000 they run for ever or overflow the stack.  Krig from a turn at one
  hit point each has 128 histories with ``max_game_length=3``, 1,736 with 5 and 22,694 with 7;
  from the initial state (initiative dice first) 43,211 with 6.  For exact values use
  ``value_iteration(game, -1, threshold, cyclic_game=True)``, which enumerates positions (the state
  strings) and needs no bound.
- **Returns** at the end are brawl's: +1 for a winner, -1 for the others.  A game that reaches
  ``max_game_length`` moves (decisions and dice; default 10000) is cut off with 0 for everyone.
- ``start`` (a game parameter) is a brawl state as JSON (``game.dumps(state)``; ``openspiel_game``
  also takes the state itself) to start from instead of the game's initial state.
- ``str(state)`` is the encoding's state key: the position without turn counters or log text,
  so that a cyclic game (Krig: a miss changes nothing) has finitely many distinct strings and
  ``value_iteration(game, -1, threshold, cyclic_game=True)`` solves it.  The key tells apart every
  position the game tells apart (rock-paper-scissors: how many rounds were played, since
  ``max_rounds`` ends the game).  With a ``max_game_length`` below the default the number of moves
  made is part of the future (the cut-off), so ``str(state)`` ends with ``move N`` there, and the
  information-state record, made of those strings, never merges two histories of different
  lengths: no information state holds a history and its own descendant, and OpenSpiel's CFR,
  ``exploitability`` and best responses walk the game itself.  At the default the bound stands
  for none, and the strings are positions.
- **Observations** (``observation_tensor`` / ``observation_string``) are the encoding's vector
  (the same the PettingZoo and Gymnasium environments give) and the seat's view of the position.
- **Information states.** ``information_state_tensor(p)`` is the same vector: every brawl game is
  Markov in what a seat sees (dice are public, a sealed choice is revealed when the decision
  closes), so the seat's view of the position is all a policy needs.
  ``information_state_string(p)`` is a perfect-recall record that stays finite where the game has
  cycles: the positions the game passed through (decisions and the end, as state keys), **with
  every cycle cut out**: when a position comes again, the record goes back to its first visit.
  Two histories that differ by a cycle stand at the same position with the same future, so merging
  them loses nothing a solver needs, and the record can never be longer than the number of
  distinct positions (a Krig miss, which changes nothing, adds nothing).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from ..core.game import Chance, Decision, Game, Terminal
from ..games import entry, make_game
from .common import final_returns
from .encodings import Encoding, encoded_games, encoding_for

DEFAULT_MAX_GAME_LENGTH = 10_000
CLASS_PREFIX = "BrawlSpielGame_"
_REGISTERED: dict[str, pyspiel.GameType] = {}

_ESCAPES = {"%": "%25", ",": "%2C", "(": "%28", ")": "%29", "=": "%3D"}
_UNESCAPES = {v: k for k, v in _ESCAPES.items()}


def escape(value: str) -> str:
    """A string parameter value as it can stand in an OpenSpiel game string."""
    return "".join(_ESCAPES.get(c, c) for c in value)


def unescape(value: str) -> str:
    return re.sub(r"%(25|2C|28|29|3D)", lambda m: _UNESCAPES[m.group(0)], value)


def short_name(game_name: str) -> str:
    return f"python_brawl_{game_name}"


def _option_defaults(game_cls: type[Game]) -> dict[str, Any]:
    out = {}
    for name, field in game_cls.Options.model_fields.items():
        value = field.default
        if isinstance(value, (bool, int, float, str)):
            out[name] = escape(value) if isinstance(value, str) else value
    return out


def _game_type(game_name: str, base: pyspiel.GameType, players: int, simultaneous: bool) -> pyspiel.GameType:
    """The game type for ``players`` players: zero-sum for two, general-sum for more."""
    zero_sum = players == 2
    return pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=base.long_name,
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=base.max_num_players,
        min_num_players=base.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=base.parameter_specification if base is not None else {},
    )


def _default_players(game_cls: type[Game]) -> int:
    """The player count of the game with its default options (its ``players`` option, if any)."""
    field = game_cls.Options.model_fields.get("players")
    return int(field.default) if field is not None else game_cls.min_players


def register(game_name: str) -> pyspiel.GameType:
    """Register ``python_brawl_<game>`` with OpenSpiel (idempotent); returns its game type.
    Cheap: it reads the game's class and its encoding's class, and builds no game."""
    if game_name in _REGISTERED:
        return _REGISTERED[game_name]
    part = entry(game_name)
    game_cls = part.load("rules")
    encoding_cls = part.load("encoding")
    if encoding_cls is None:
        encoding_for(make_game(game_name))  # raises NoEncoding with the list of encoded games
    params = _option_defaults(game_cls)
    params["max_game_length"] = DEFAULT_MAX_GAME_LENGTH
    params["start"] = ""
    lo, hi = game_cls.min_players, game_cls.max_players
    game_type = pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=f"brawl {game_cls.title}",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if encoding_cls.simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if _default_players(game_cls) == 2
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )
    # a class at module level (found again by name when a game is unpickled)
    cls = type(CLASS_PREFIX + game_name, (BrawlSpielGame,), {"brawl_name": game_name, "spiel_type": game_type,
                                                             "__module__": __name__})
    globals()[cls.__name__] = cls
    pyspiel.register_game(game_type, cls)
    _REGISTERED[game_name] = game_type
    return game_type


def register_all() -> list[str]:
    """Register every encoded game; returns the OpenSpiel short names."""
    names = []
    for name in encoded_games():
        register(name)
        names.append(short_name(name))
    return names


def __getattr__(name: str):
    if name.startswith(CLASS_PREFIX):
        register(name[len(CLASS_PREFIX):])
        return globals()[name]
    raise AttributeError(name)


def openspiel_game(game: str | Game, **options: Any) -> pyspiel.Game:
    """Register ``game`` with OpenSpiel and load it with ``options`` (game options,
    ``max_game_length`` and ``start``: a brawl state, or one as JSON)."""
    if isinstance(game, Game):
        options = {**game.options.model_dump(), **options}
        game = game.name
    game_type = register(game)
    known = game_type.parameter_specification
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"unknown parameters {unknown} for {short_name(game)}; known: {', '.join(sorted(known))}")
    checked = make_game(game, {k: v for k, v in options.items() if k not in ("max_game_length", "start")})
    start = options.get("start")
    if start is not None and not isinstance(start, str):
        options["start"] = checked.dumps(start)
    elif start:
        checked.loads(start)  # a clear error for a bad starting position
    return pyspiel.load_game(short_name(game), {k: escape(v) if isinstance(v, str) else v for k, v in options.items()})


def _load(game_name: str, params: dict) -> pyspiel.Game:
    register(game_name)
    return pyspiel.load_game(short_name(game_name), params)


class BrawlSpielGame(pyspiel.Game):
    """An OpenSpiel game over a brawl game (subclassed per game by :func:`register`)."""

    brawl_name: str
    spiel_type: pyspiel.GameType

    def __init__(self, params: dict | None = None) -> None:
        params = dict(params or {})
        self.max_length = int(params.pop("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        start = unescape(str(params.pop("start", "") or ""))
        options = {k: unescape(v) if isinstance(v, str) else v for k, v in params.items()}
        self.brawl = make_game(self.brawl_name, options)
        self.encoding: Encoding = encoding_for(self.brawl)
        self.start = self.brawl.loads(start) if start else self.brawl.initial_state()
        n = self.brawl.num_players
        game_type = _game_type(self.brawl_name, self.spiel_type, n, self.encoding.simultaneous)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.encoding.max_chance_outcomes,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if n == 2 else None,
            max_game_length=self.max_length,
        )
        stored = {k: escape(v) if isinstance(v, str) else v for k, v in options.items()}
        super().__init__(game_type, info, {**stored, "max_game_length": self.max_length, "start": escape(start)})
        self.fixed = _Shared((self.brawl, self.encoding, self.max_length))
        node = self.brawl.node(self.start)
        self.at_start = _Shared((self.start, node))

    def __reduce__(self):
        return (_load, (self.brawl_name, dict(self.get_parameters())))

    def new_initial_state(self) -> "BrawlSpielState":
        return BrawlSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return EncodingObserver(self.encoding, params, perfect_recall)


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
        self._path = _Shared(())  # positions passed through, cycles cut out (information states)
        self._chain = _Shared(())  # keys of the chance positions since the last decision
        self._record()

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
        self._record()

    def _record(self) -> None:
        node = self._node
        if isinstance(node, Chance):
            if self._encoding.chance_loops:
                self._chain = _Shared(self._chain.value + (self._position(),))
            return
        self._chain = _Shared(())
        key = str(self)
        path = self._path.value
        if key in path:
            path = path[:path.index(key) + 1]
        else:
            path = path + (key,)
        self._path = _Shared(path)

    def _position(self) -> str:
        """The encoding's state key of the position (the dice's loops are found by it)."""
        now = self._now.value
        if len(now) == 2:  # the key is worked out once per position and shared by clones
            now = self._now.value = now + (self._encoding.state_key(now[0]),)
        return now[2]

    @property
    def bounded(self) -> bool:
        """Whether the game is cut off at a ``max_game_length`` below the default, so that how many
        moves were made is part of what comes next (the strings then say it)."""
        return self._max_length < DEFAULT_MAX_GAME_LENGTH

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
        if not self._encoding.chance_loops:
            return [(i, float(p)) for i, p in enumerate(event.probabilities)]
        seen = frozenset(self._chain.value)
        cache = self._encoding.__dict__.setdefault("_outcomes_cache", {})
        key = (self._position(), seen)  # the same roll from the same loop: the same odds
        known = cache.get(key)
        if known is not None:
            return list(known)
        weights = []
        for i, (outcome, p) in enumerate(event.items()):
            leave = _leave_probability(self._brawl, self._encoding, self._brawl._apply_chance(self.brawl_state, outcome), seen)
            if p * leave > 0:
                weights.append((i, Fraction(p) * leave))
        total = sum(w for _, w in weights)
        if len(cache) > 200_000:
            cache.clear()
        known = cache[key] = tuple((i, float(w / total)) for i, w in weights)
        return list(known)

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

    def information_path(self) -> tuple[str, ...]:
        """The positions passed through, as state keys, with every cycle cut out."""
        return self._path.value

    def __str__(self) -> str:
        if self.bounded:
            return f"{self._position()}\nmove {self._moves}"
        return self._position()


def _leave_probability(game: Game, encoding: Encoding, state: Any, seen: frozenset) -> Fraction:
    """The probability that the dice from ``state`` on reach a decision or the end before they come
    back to a chance position in ``seen`` (a position they come back to that is not in ``seen`` is
    rolled from again: a loop below is summed as a geometric series)."""
    return _absorb(game, encoding, state, seen).get(None, Fraction(0))


def _absorb(game: Game, encoding: Encoding, state: Any, stop: frozenset) -> dict:
    """Where the dice from ``state`` end: ``{None: p}`` for a decision or the end, ``{key: p}`` for
    a return to the chance position ``key`` of ``stop``."""
    node = game.node(state)
    if not isinstance(node, Chance):
        return {None: Fraction(1)}
    key = encoding.state_key(state)
    if key in stop:
        return {key: Fraction(1)}
    cache = encoding.__dict__.setdefault("_absorb_cache", {})
    known = cache.get((key, stop))
    if known is not None:
        return known
    if len(cache) > 200_000:
        cache.clear()
    out: dict = {}
    for o, p in node.event.items():
        for where, q in _absorb(game, encoding, game._apply_chance(state, o), stop | {key}).items():
            out[where] = out.get(where, Fraction(0)) + Fraction(p) * q
    back = out.pop(key, Fraction(0))  # comes back here: rolled again until it goes elsewhere
    if back:
        out = {where: q / (1 - back) for where, q in out.items()}
    cache[(key, stop)] = out
    return out


class EncodingObserver:
    """OpenSpiel's observer protocol over the encoding's observation vector; with
    ``perfect_recall`` (information states) the string is the cycle-free record of positions."""

    def __init__(self, encoding: Encoding, params: dict | None, perfect_recall: bool = False) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BrawlSpielState, player: int) -> None:
        self.tensor[:] = self.encoding.observe(state.brawl_state, player)

    def string_from(self, state: BrawlSpielState, player: int) -> str:
        if self.perfect_recall:
            return f"seat {player}\n" + "\n".join(state.information_path())
        return f"seat {player}: {state}"
