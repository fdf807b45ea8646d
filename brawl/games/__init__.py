"""The registry of games.  Each game lives in its own package with its rules, options, rules
page (``rules.md``) and bots; it is registered here by name."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Mapping

from ..core.game import BrawlError, Game

# name -> "module:Class"; imported on first use so one game's dependencies never slow another.
_GAMES: dict[str, str] = {
    "kniggits": "brawl.games.kniggits.rules:Kniggits",
    "krig": "brawl.games.krig.rules:Krig",
    "ktog": "brawl.games.ktog.rules:Ktog",
    "rps": "brawl.games.rps.rules:RockPaperScissors",
    "tactics": "brawl.games.tactics.rules:Tactics",
}


class UnknownGame(BrawlError):
    pass


def register(name: str, target: str) -> None:
    _GAMES[name] = target


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    if name not in _GAMES:
        raise UnknownGame(f"unknown game {name!r}; games: {', '.join(game_names())}")
    module, cls = _GAMES[name].split(":")
    return getattr(import_module(module), cls)


def make_game(name: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> Game:
    return game_class(name)(options, **kwargs)
