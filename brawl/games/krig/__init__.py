"""Krig: a two-player duel of five dice, in two editions (the designer's page and a
third-party article; see the rules page).

Its parts are listed in :data:`ENTRY` (see :mod:`brawl.games.entry`)."""

from ..entry import Entry

ENTRY = Entry(
    "krig", lang="brawl.games.krig.lang", rules="brawl.games.krig.rules:Krig", bots="brawl.games.krig.bots:BOTS",
    solver="brawl.games.krig.solver", generic="brawl.games.krig.solver:first_mover_generic",
    batch="brawl.games.krig.batch", odds="brawl.games.krig.odds:app",
    encoding="brawl.games.krig.encoding:KrigEncoding", vector="brawl.games.krig.vector:KrigVectorEnv",
    analysis="brawl.games.krig.analysis",
)
