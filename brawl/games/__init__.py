"""The registry of games.  Each game lives in its own package with its rules, options, rules page
(``rules.md``), bots and whatever else it has (solver, batch kernel, odds, research encoding,
analysis, browser board), all named in the package's ``ENTRY`` (:mod:`brawl.games.entry`).  A game
is registered here by one line: its name and its package."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Mapping

from ..core.game import BrawlError, Game
from .entry import Entry

# name -> package; a package is imported on first use, and its parts only when asked for.
_PACKAGES: dict[str, str] = {
    "kniggits": "brawl.games.kniggits",
    "krig": "brawl.games.krig",
    "ktog": "brawl.games.ktog",
    "rps": "brawl.games.rps",
    "tactics": "brawl.games.tactics",
}
_EXTRA: dict[str, Entry] = {}


class UnknownGame(BrawlError):
    pass


def register(game: Entry | str, rules: str | None = None) -> None:
    """Add a game from outside this package (a plug-in, or a test's own small game): an
    :class:`Entry`, or a name and its rules class as ``"module:Class"``."""
    if not isinstance(game, Entry):
        game = Entry(game, rules=rules)
    _EXTRA[game.name] = game


def game_names() -> list[str]:
    return sorted(set(_PACKAGES) | set(_EXTRA))


def entry(name: str) -> Entry:
    """The game's entry: its rules and every optional part it has."""
    if name in _EXTRA:
        return _EXTRA[name]
    if name not in _PACKAGES:
        raise UnknownGame(f"unknown game {name!r}; games: {', '.join(game_names())}")
    return import_module(_PACKAGES[name]).ENTRY


def games_with(part: str) -> list[str]:
    """The names of the games that have ``part`` (``"solver"``, ``"batch"``, ``"analysis"`` ...)."""
    return [name for name in game_names() if entry(name).has(part)]


def game_class(name: str) -> type[Game]:
    return entry(name).load("rules")


def make_game(name: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> Game:
    return game_class(name)(options, **kwargs)


def replay(record: Any, **kwargs: Any) -> Any:
    """:func:`brawl.core.record.replay` with this registry's games: play a record back (and, by
    default, verify it)."""
    from ..core.replay import replay as replay_with

    return replay_with(record, make_game, **kwargs)
