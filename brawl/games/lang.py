"""The catalogue of a language for some games: the shared entries (:mod:`brawl.core.words_es`)
and each game's own (its entry's ``lang`` part), as one :class:`~brawl.core.i18n.Catalogue`."""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Mapping

from ..core.i18n import Catalogue
from . import entry

LANGUAGES = ("es",)


@lru_cache(maxsize=32)
def catalogue(lang: str, games: tuple[str, ...]) -> Catalogue:
    """The catalogue for ``lang`` with the shared entries and those of ``games`` (their ``lang``
    part).  Unknown language: an empty catalogue (every text stays English)."""
    if lang not in LANGUAGES:
        return Catalogue.build([])
    shared = import_module(f"brawl.core.words_{lang}")
    entries: list[Mapping[str, str]] = [shared.WORDS]
    names: list[Mapping[str, str]] = [shared.NAMES]
    for game in games:
        module = entry(game).load("lang")
        if module is None:
            continue
        entries.append(getattr(module, lang.upper(), {}))
        names.append(getattr(module, f"NAMES_{lang.upper()}", {}))
    return Catalogue.build(entries, names)


def value_labels(game: str) -> dict[str, dict[str, str]]:
    """The English labels of a game's option values (``{"initiative": {"every_round": "every
    round"}}``), from its ``lang`` part; a value without one is shown as it is."""
    module = entry(game).load("lang")
    return dict(getattr(module, "VALUES", {})) if module is not None else {}
