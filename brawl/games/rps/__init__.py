"""Rock-paper-scissors: the smallest game with sealed simultaneous choices.

Its parts are listed in :data:`ENTRY` (see :mod:`brawl.games.entry`)."""

from ..entry import Entry

ENTRY = Entry(
    "rps", rules="brawl.games.rps.rules:RockPaperScissors", encoding="brawl.games.rps.encoding:RpsEncoding",
)
