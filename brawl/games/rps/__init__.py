"""Rock-paper-scissors: the smallest game with sealed simultaneous choices.

Its parts are listed in :data:`ENTRY` (see :mod:`brawl.games.entry`)."""

from ..entry import Entry

ENTRY = Entry(
    "rps", lang="brawl.games.rps.lang", rules="brawl.games.rps.rules:RockPaperScissors", encoding="brawl.games.rps.encoding:RpsEncoding",
    # a uniform choice cannot be beaten (nor beat anyone) at rock-paper-scissors: every level plays it
    levels=(("easy", ("random",)), ("normal", ("random",)), ("hard", ("random",))),
)
