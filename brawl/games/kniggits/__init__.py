"""Kniggits: armies of toy knights on a measured table, fighting with sealed sword and shield
heights (seed ``kniggits.txt``).  The rules are in :mod:`.rules`, the table in :mod:`.geometry`,
armies in :mod:`.army`, fights in :mod:`.combat`, bots in :mod:`.bots`."""
