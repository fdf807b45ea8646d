"""KtOG (Kill the Other Guy): d20 to hit, d6 damage, spells with reaction timing, 2 to 8 players
(the KtOG rule text; see the rules page).

Its parts are listed in :data:`ENTRY` (see :mod:`brawl.games.entry`)."""

from ..entry import Entry

ENTRY = Entry(
    "ktog", lang="brawl.games.ktog.lang", rules="brawl.games.ktog.rules:Ktog", bots="brawl.games.ktog.bots:BOTS",
    solver="brawl.games.ktog.solver", batch="brawl.games.ktog.batch", odds="brawl.games.ktog.odds:app",
    encoding="brawl.games.ktog.encoding:KtogEncoding", vector="brawl.games.ktog.vector:KtogVectorEnv",
    analysis="brawl.games.ktog.analysis",
    # hard: the solved duel where it is at hand, else the schemer (stronger than the heuristic with
    # 2 to 8 players: benchmarks/bench_bots_ktog.py)
    levels=(("easy", ("random",)), ("normal", ("heuristic", "random")),
            ("hard", ("optimal", "schemer", "heuristic", "random"))),
)
