"""Quick pairing: who plays whom among the players asking for a game.

Seeks pair only with seeks of the same game, options, rated or casual choice and time control.  A
seek accepts opponents within a rating window that starts at ``START`` points and widens by ``GROW``
points a second while it waits, up to ``WIDEST``; two seeks pair when each lies in the other's
window, the oldest seek first, with the closest ratings.  A game of more than two players waits
until as many seekers fit together.  A challenge (a seek naming an opponent) pairs only with a seek
of that opponent naming it back, whatever the ratings.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from typing import Iterable

START, GROW, WIDEST = 100.0, 50.0, 1000.0


def window(waited: float) -> float:
    """Rating points a seek waiting ``waited`` seconds accepts on either side."""
    return min(WIDEST, START + GROW * max(0.0, waited))


def key(seek: dict) -> str:
    """What two seeks must share to be paired."""
    return json.dumps([seek["game"], seek["options"], bool(seek["rated"]), seek["time_control"], seek["players"]],
                      sort_keys=True)


def tables(seeks: Iterable[dict], now: float) -> list[list[dict]]:
    """The games to start now: lists of seeks, each list one game's players (seat order: as listed)."""
    groups: dict[str, list[dict]] = {}
    for s in seeks:
        groups.setdefault(key(s), []).append(s)
    out: list[list[dict]] = []
    for group in groups.values():
        out.extend(_tables_of(group, now))
    return out


def _tables_of(group: list[dict], now: float) -> list[list[dict]]:
    used: set[str] = set()
    out = []
    challenges = [s for s in group if s.get("opponent_id") is not None]
    for s in challenges:
        if s["id"] in used:
            continue
        for c in challenges:
            if c["id"] not in used and c["id"] != s["id"] and c["account_id"] == s["opponent_id"] \
                    and c["opponent_id"] == s["account_id"]:
                used |= {s["id"], c["id"]}
                out.append([s, c])
                break
    open_ = sorted((s for s in group if s.get("opponent_id") is None), key=lambda s: s["rating"])
    ratings = [s["rating"] for s in open_]
    for s in sorted(open_, key=lambda s: s["created_at"]):
        if s["id"] in used:
            continue
        reach = window(now - s["created_at"])
        lo, hi = bisect_left(ratings, s["rating"] - reach), bisect_right(ratings, s["rating"] + reach)
        near = [c for c in open_[lo:hi] if c["id"] not in used and c["id"] != s["id"]
                and c["account_id"] != s["account_id"]
                and abs(c["rating"] - s["rating"]) <= window(now - c["created_at"])]
        near.sort(key=lambda c: (abs(c["rating"] - s["rating"]), c["created_at"]))
        table, accounts = [s], {s["account_id"]}
        for c in near:
            if len(table) == s["players"]:
                break
            if c["account_id"] not in accounts:
                table.append(c)
                accounts.add(c["account_id"])
        if len(table) == s["players"]:
            used |= {c["id"] for c in table}
            out.append(table)
    return out
