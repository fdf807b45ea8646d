"""Kniggits: armies of toy knights on a measured table, fighting with sealed sword and shield
heights (the Kniggits rule text; see the rules page).

Its parts are listed in :data:`ENTRY` (see :mod:`brawl.games.entry`)."""

from ..entry import Entry

ENTRY = Entry(
    "kniggits", lang="brawl.games.kniggits.lang", rules="brawl.games.kniggits.rules:Kniggits", bots="brawl.games.kniggits.bots:BOTS",
    encoding="brawl.games.kniggits.encoding:KniggitsEncoding", renderer=True,
    analysis="brawl.games.kniggits.analysis",
    batch="brawl.games.kniggits.batch",
    playouts="brawl.games.kniggits.batch_playout:kernel_policy",
    vector="brawl.games.kniggits.vector:KniggitsVectorEnv",
    levels=(("easy", ("random",)), ("normal", ("heuristic",)), ("hard", ("search", "heuristic"))),
)
