"""The shape every brawl game has.

A game is a rules module: a state, whose decision it is now (:func:`Game.node`), the legal
decisions, and the transition.  Whoever holds the state asks ``node(state)`` and gets one of:

- :class:`Decision`: one or more seats must choose.  ``kind`` tells how:
  ``"turn"`` (the player on turn), ``"reaction"`` (a player who is not on turn, such as a parry or a
  Dodge), or ``"simultaneous"`` (several seats choose in secret; each choice is sealed in the state
  and hidden from every other seat's view until the last one is in, then all are revealed together).
- :class:`Chance`: dice must be rolled.  The event lists outcomes and probabilities; the caller
  picks the outcome (a dice source, a replay, a solver enumerating all of them).
- :class:`Terminal`: the game is over; ``winners`` names who won.

States are immutable values; ``apply_action`` and ``apply_chance`` return a new state and never
change the old one, so an illegal decision raises :class:`IllegalAction` and changes nothing.
Decisions are strings (``"attack"``, ``"parry"``, ``"attack:2"``); every game documents its own.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Generic, Mapping, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator

from .dice import ChanceEvent


class BrawlError(Exception):
    """Base of the errors brawl reports to people (CLI, server) instead of a traceback."""


class IllegalAction(BrawlError):
    def __init__(self, message: str, legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.legal = legal or []


class OptionsError(BrawlError):
    pass


@dataclass(frozen=True)
class Decision:
    seats: tuple[int, ...]
    kind: str = "turn"  # "turn" | "reaction" | "simultaneous"
    prompt: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("turn", "reaction", "simultaneous"):
            raise ValueError(f"unknown decision kind {self.kind!r}")


@dataclass(frozen=True)
class Chance:
    event: ChanceEvent
    seat: int | None = None  # whose dice these are, for display


@dataclass(frozen=True)
class Terminal:
    winners: tuple[int, ...]


Node = Decision | Chance | Terminal


class GameOptions(BaseModel):
    """Typed options; unknown names and bad values are refused with a clear message.  A number
    option refuses true and false (pydantic would read them as 1 and 0)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @field_validator("*", mode="before")
    @classmethod
    def _no_truth_values_as_numbers(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, bool) and info.field_name in cls.model_fields:
            kinds = _plain_types(cls.model_fields[info.field_name].annotation)
            if bool not in kinds and kinds & {int, float}:
                raise ValueError("a number is needed, not true or false")
        return value


def _plain_types(annotation: Any) -> set:
    """The classes an annotation admits, looking through unions, ``Optional`` and ``Annotated``."""
    if isinstance(annotation, type):
        return {annotation}
    found: set = set()
    for arg in get_args(annotation):
        found |= _plain_types(arg)
    return found


S = TypeVar("S")


_PLAIN = frozenset((str, int, float, bool, type(None)))
_FIELDS: dict[type, tuple[str, ...] | None] = {}  # a type -> its dataclass fields' names (None: not a dataclass)


def _jsonable(value: Any) -> Any:
    """A state (nested dataclasses, tuples, dicts) as JSON data.  Each type's fields are looked up
    once (a view of the state is built after every decision, for every seat and spectator)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    names = _FIELDS.get(kind, ())
    if names == ():
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value)) \
            if dataclasses.is_dataclass(value) and not isinstance(value, type) else None
    if names is not None:
        return {name: _jsonable(getattr(value, name)) for name in names}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuplify(v) for k, v in value.items()}
    return value


_last_node: tuple | None = None  # (game, state, its node): the node remembered (see _remembering)


def _remembering(node):
    """A game's ``node`` that keeps its answer for the last state it was asked about.  States are
    immutable and one decision asks about the same state many times (the rules checking the
    decision, the match rolling the dice that follow, the server showing the result); any other
    state is worked out as always.  The memo is this module's, not the game's (a game object
    holds nothing that play changes), and holds the state itself, so an identity check can never
    mistake a new state for a freed one."""
    @functools.wraps(node)
    def remembered(self, state):
        global _last_node
        last = _last_node
        if last is not None and last[1] is state and last[0] is self:
            return last[2]
        answer = node(self, state)
        _last_node = (self, state, answer)
        return answer

    remembered.remembers = True
    return remembered


class Game(ABC, Generic[S]):
    """Base class for a game's rules.  Subclasses set the class attributes and implement the
    methods marked "subclass"."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        node = cls.node
        if not getattr(node, "remembers", False) and not getattr(node, "__isabstractmethod__", False):
            cls.node = _remembering(node)

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""  # one or two sentences a newcomer reads before choosing the game
    free_form: ClassVar[bool] = False  # decisions beyond the listed ones (a point on a table), judged by check_action
    Options: ClassVar[type[GameOptions]] = GameOptions
    State: ClassVar[type]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def __init__(self, options: GameOptions | Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        if isinstance(options, GameOptions):
            if kwargs:
                options = options.model_copy(update=kwargs)
            self.options = self.Options.model_validate(options.model_dump())
        else:
            merged = dict(options or {})
            merged.update(kwargs)
            try:
                self.options = self.Options.model_validate(merged)
            except ValidationError as exc:
                raise OptionsError(format_options_error(self.name, self.Options, exc)) from None

    # -- subclass ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return getattr(self.options, "players", self.min_players)

    @abstractmethod
    def initial_state(self) -> S:
        """The state before anything has happened (dice not yet rolled)."""

    @abstractmethod
    def node(self, state: S) -> Node:
        """Whose decision it is, which dice are due, or who won."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[str]:
        """The decisions ``seat`` may make now (empty when it is not asked)."""

    @abstractmethod
    def _apply_action(self, state: S, seat: int, action: str) -> S:
        """The state after a decision already checked legal."""

    def _apply_chance(self, state: S, outcome: Any) -> S:
        """The state after a roll; a game with dice overrides this (rock-paper-scissors has none)."""
        raise IllegalAction(f"{self.name} has no dice")

    # -- optional overrides --------------------------------------------------------------------
    def check_action(self, state: S, seat: int, action: str) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal for ``seat`` now.  Games whose
        decisions are not a finite list (positions on a table) override this and set
        ``free_form = True``; others may override it only to explain a refusal better."""
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise IllegalAction(f"{action!r} is not legal now; legal: {', '.join(legal)}", legal)

    def view(self, state: S, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator).  Games with hidden information
        override this to strip what the seat may not know."""
        return self.state_to_json(state)

    def describe_action(self, state: S, seat: int, action: str) -> str:
        return f"{self.seat_name(seat)}: {action}"

    def narrate(self, before: S, after: S) -> list[str]:
        """Public lines saying what one step (a decision or a roll) did: "Moon takes 4".

        The match logs them after the step's own line.  By default a state's ``last`` text is
        narrated when the step wrote a new one; "new" is judged by identity, since a step that only
        carries the state along (the first of several dice) keeps the same text object, while two
        misses in a row are two texts that read alike.  So a game that uses ``last`` writes a fresh
        string for each event.  A text that extends the previous one ("A hits B" and then "A hits
        B; B takes 9") narrates only what it adds.  Never called while a simultaneous choice is
        still sealed."""
        text = getattr(after, "last", None)
        old = getattr(before, "last", None)
        if not text or text is old:
            return []
        if old and len(text) > len(old) and text.startswith(old):
            added = text[len(old):].lstrip("; ,")
            return [added] if added else []
        return [text]

    def action_odds(self, state: S, seat: int, action: str) -> str | None:
        """A short sentence on the chance of what ``action`` tries, e.g. "parry succeeds 2 in 4"."""
        return None

    def decision_deadline(self, state: S) -> float | None:
        """Seconds a live server allows for the decision open in ``state``; ``None`` (the default)
        means no clock.  Only a server that waits for people asks: terminal play, replays, solvers
        and simulation never do, so a game's rules stay free of time.

        One clock covers one decision: at a simultaneous decision the period runs from the moment
        it opens until the last seat has chosen (a seat that seals its choice does not restart it).
        When the time is up the server submits :meth:`timeout_action` for every seat still to choose,
        as ordinary decisions, so the record replays exactly as it was played."""
        return None

    def timeout_action(self, state: S, seat: int) -> str:
        """The legal decision that stands in for ``seat`` when the time set by
        :meth:`decision_deadline` runs out before it has chosen.  A game that sets a deadline
        overrides this; the stand-in must be legal for ``seat`` in ``state``."""
        raise NotImplementedError(f"{self.name} sets a decision deadline but no timeout_action")

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def seat_plural(self, seat: int) -> bool:
        """Whether the seat's name is a plural ("Heroes"), so that a sentence about it takes a plural
        verb ("Heroes win"); "Player 1" and "Sun" are singular (the default)."""
        return False

    def status_rows(self, state: S) -> list[dict] | None:
        """One dict per seat for a status table (keys are column headings people read), or
        ``None`` (the default) when the game has no such table.  Shown to everyone: public only."""
        return None

    def sample_action(self, state: S, seat: int, rng: Any) -> str:
        """A random legal decision drawn with ``rng`` (a :class:`random.Random`), for a free-form
        game at a decision whose choices are not all listed (a move to any point on a table): the
        ``random`` bot calls it when :meth:`legal_actions` is empty.  Games that list every
        decision never need it."""
        raise NotImplementedError(f"{self.name} lists every decision; there is nothing to sample")

    @classmethod
    def has_dice(cls) -> bool:
        """Whether the game rolls dice at all (a game with dice overrides ``_apply_chance``)."""
        return cls._apply_chance is not Game._apply_chance

    def turns(self, state: S) -> int:
        return getattr(state, "turns", 0)

    def first_mover(self, state: S) -> int | None:
        return getattr(state, "first_mover", None)

    def summary(self, state: S) -> str:
        return ""

    def standing(self, state: S) -> frozenset[int] | None:
        """The seats still in the game, for a game where players fall one after another (KtOG with
        3 to 8): ratings rank those who fell by the order they fell.  ``None`` (the default): the
        game has no such order, and everyone but the winners shares one place."""
        return None

    def forfeit(self, state: S, seat: int) -> S | None:
        """The state after ``seat`` leaves a game that goes on without it (its time ran out in a
        game of several players): the seat is out as if beaten, whatever waited for its decision
        is dropped, the turn passes on, and when one seat is left it wins.  ``None`` (the default):
        the game has no such rule, and a server ends the whole game instead.  Only a server asks,
        at an open decision (never while dice are to be rolled); a seat already out, or a game
        over, raises :class:`IllegalAction`.  :class:`~brawl.core.match.Match` records it as an
        entry of its own (``{"seat": s, "forfeit": "time"}``), so a replay does it again."""
        return None

    @classmethod
    def has_forfeit(cls) -> bool:
        """Whether a seat can leave the game while the others play on (:meth:`forfeit`)."""
        return cls.forfeit is not Game.forfeit

    # -- shared machinery ----------------------------------------------------------------------
    def apply_action(self, state: S, seat: int, action: str) -> S:
        node = self.node(state)
        if not isinstance(node, Decision):
            raise IllegalAction("no decision is open: " + ("the game is over" if isinstance(node, Terminal) else "dice are to be rolled"))
        if seat not in node.seats:
            waiting = ", ".join(self.seat_name(s) for s in node.seats)
            raise IllegalAction(f"it is not {self.seat_name(seat)}'s decision; waiting for {waiting}")
        if not isinstance(action, str):
            raise IllegalAction(f"a decision is a string, not {type(action).__name__}")
        self.check_action(state, seat, action)
        return self._apply_action(state, seat, action)

    def apply_chance(self, state: S, outcome: Any) -> S:
        node = self.node(state)
        if not isinstance(node, Chance):
            raise IllegalAction("no dice are to be rolled now")
        if isinstance(outcome, list):
            outcome = tuple(outcome)
        if outcome not in node.event.outcomes:
            raise IllegalAction(f"{outcome!r} is not an outcome of {node.event.name}")
        return self._apply_chance(state, outcome)

    def is_terminal(self, state: S) -> bool:
        return isinstance(self.node(state), Terminal)

    def winners(self, state: S) -> tuple[int, ...]:
        node = self.node(state)
        return node.winners if isinstance(node, Terminal) else ()

    def returns(self, state: S) -> list[float]:
        """+1 for each winner, -1 for everyone else, 0 before the end (zero-sum for two)."""
        node = self.node(state)
        if not isinstance(node, Terminal):
            return [0.0] * self.num_players
        return [1.0 if s in node.winners else -1.0 for s in range(self.num_players)]

    def state_to_json(self, state: S) -> dict:
        return _jsonable(state)

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        names = {f.name for f in dataclasses.fields(self.State)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown state fields: {sorted(unknown)}")
        return self.State(**{k: _tuplify(v) for k, v in data.items()})

    def dumps(self, state: S) -> str:
        return json.dumps(self.state_to_json(state), sort_keys=True)

    def loads(self, text: str) -> S:
        return self.state_from_json(json.loads(text))

    @classmethod
    def rules_page(cls) -> str:
        """The rules as the project reads them, each rule naming its seed section or ruling."""
        package = cls.__module__.rsplit(".", 1)[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")

    def options_json(self) -> dict:
        return self.options.model_dump(mode="json")


def format_options_error(game: str, model: type[BaseModel], exc: ValidationError) -> str:
    lines = [f"bad options for {game}:"]
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "options"
        if err["type"] == "extra_forbidden":
            known = ", ".join(model.model_fields)
            lines.append(f"  unknown option {where!r}; known options: {known}")
        else:
            lines.append(f"  {where}: {err['msg']}")
    return "\n".join(lines)


def option_help(model: type[BaseModel]) -> list[tuple[str, str, Any]]:
    """(name, description, default) for each option, for help pages and the lobby."""
    out = []
    for name, field in model.model_fields.items():
        out.append((name, field.description or "", field.default))
    return out
