"""Tactics: a d20 grid skirmish with classes, equipment, spells, attacks of opportunity,
flanking and conditions (the Tactics rule text; see the rules page).

Its parts are listed in :data:`ENTRY` (see :mod:`brawl.games.entry`)."""

from ..entry import Entry

ENTRY = Entry(
    "tactics", lang="brawl.games.tactics.lang", rules="brawl.games.tactics.rules:Tactics", bots="brawl.games.tactics.bots:BOTS",
    odds="brawl.games.tactics.odds_cli:app", encoding="brawl.games.tactics.encoding:TacticsEncoding",
    renderer=True,
    analysis="brawl.games.tactics.analysis",
    batch="brawl.games.tactics.batch",
    playouts="brawl.games.tactics.batch_playout:kernel_policy",
    vector="brawl.games.tactics.vector:TacticsVectorEnv",
    levels=(("easy", ("random",)), ("normal", ("heuristic",)), ("hard", ("search", "mcts", "heuristic"))),
)
