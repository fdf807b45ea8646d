"""Telling a player it is their turn (issue 41): each a choice on the account's page.

- ``settings.py``: the choices (``GET``/``PUT /api/me/notifications``) and the browsers' Web Push
  subscriptions (``POST``/``DELETE /api/me/push``), kept in the database.
- ``push.py``: Web Push: the server's VAPID keys (made at first start, kept in the database) and a
  sender thread with its own queue, so a slow or dead push service never holds a request or a game;
  an endpoint answering 404 or 410 is dropped, one that times out is tried again with backoff.
- ``turns.py``: who is told what when a decision opens: the words ("Your turn in KtOG with Ann, Bob
  and 3 others (2 days left)", never a seat token), once per decision (the ``notices`` table, so
  several processes or a restart send it once), and nothing for a seat whose page is open now.
"""
