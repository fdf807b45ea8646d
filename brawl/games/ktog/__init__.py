"""KtOG (Kill the Other Guy): rules in :mod:`.rules`, bots in :mod:`.bots`, the rules page in ``rules.md``."""
