"""Accounts, optional: guests play exactly as before.

- :mod:`.passwords`: Argon2id hashes, never more than a fixed number computed at once;
- :mod:`.book`: the account tables (accounts, sessions, failed log-ins, ratings, seeks);
- :mod:`.ratings`: OpenSkill ratings on a 1500 scale, from a game's finishing order;
- :mod:`.pairing`: quick pairing of the players asking for a game;
- :mod:`.service`: :class:`~.service.Accounts`, what the routes call, and its background round
  (pairing, and the ratings of rated games that ended).

The routes are ``brawl/server/routes/accounts.py`` (API) and ``routes/profiles.py`` (pages).
"""
