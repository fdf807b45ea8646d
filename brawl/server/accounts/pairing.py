"""Quick pairing: who plays whom among the players asking for a game.

Seeks pair only with seeks of the same game, options, rated or casual choice and time control.  A
seek accepts opponents within a rating window that starts at ``START`` points and widens by ``GROW``
points a second while it waits, up to ``WIDEST``; two seeks pair when each lies in the other's
window, the oldest seek first, with the closest ratings.  A game of more than two players waits
until as many seekers fit together.  A challenge (a seek naming an opponent) pairs only with a seek
of that opponent naming it back, whatever the ratings.

A round costs O(n log n) for n waiting seeks, however wide the windows: the seeks of a group are
sorted by rating once, and two segment trees over that order answer "the closest seek above (or
below) this rating whose own window reaches it" in O(log n) each (the lowest ``rating - window``
of a range for the seeks above, the highest ``rating + window`` for those below); a seek paired
leaves both trees.  ``benchmarks/pairing.py`` times a round of 10,000 seeks.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from typing import Iterable

START, GROW, WIDEST = 100.0, 50.0, 1000.0
INF = float("inf")


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
        out.extend(_challenges(group))
        out.extend(_open_tables(group, now))
    return out


def _challenges(group: list[dict]) -> list[list[dict]]:
    """Challenges naming each other, oldest first (a dictionary of who names whom: linear)."""
    waiting: dict[tuple[int, int], dict] = {}
    out = []
    for s in sorted((s for s in group if s.get("opponent_id") is not None), key=lambda s: s["created_at"]):
        other = waiting.pop((s["opponent_id"], s["account_id"]), None)
        if other is not None:
            out.append([other, s])
        else:
            waiting.setdefault((s["account_id"], s["opponent_id"]), s)
    return out


class _Tree:
    """A segment tree over positions 0..n-1 holding a number each, answering the first position at
    or after ``lo`` (or the last at or before ``hi``) whose number is at most (``low=True``) or at
    least the given bound, in O(log n)."""

    def __init__(self, values: list[float], low: bool) -> None:
        self.low = low
        size = 1
        while size < max(1, len(values)):
            size *= 2
        self.size = size
        blank = INF if low else -INF
        self.t = [blank] * (2 * size)
        self.t[size:size + len(values)] = values
        pick = min if low else max
        for i in range(size - 1, 0, -1):
            self.t[i] = pick(self.t[2 * i], self.t[2 * i + 1])

    def set(self, i: int, value: float) -> None:
        t, i = self.t, i + self.size
        t[i] = value
        pick = min if self.low else max
        i //= 2
        while i:
            t[i] = pick(t[2 * i], t[2 * i + 1])
            i //= 2

    def _fits(self, node: int, bound: float) -> bool:
        return self.t[node] <= bound if self.low else self.t[node] >= bound

    def first(self, lo: int, hi: int, bound: float) -> int | None:
        """The first position in [lo, hi) whose value fits ``bound``."""
        return self._find(1, 0, self.size, lo, hi, bound, True)

    def last(self, lo: int, hi: int, bound: float) -> int | None:
        """The last position in [lo, hi) whose value fits ``bound``."""
        return self._find(1, 0, self.size, lo, hi, bound, False)

    def _find(self, node: int, a: int, b: int, lo: int, hi: int, bound: float, leftmost: bool) -> int | None:
        if b <= lo or hi <= a or not self._fits(node, bound):
            return None
        if b - a == 1:
            return a
        mid = (a + b) // 2
        halves = ((2 * node, a, mid), (2 * node + 1, mid, b))
        for child, ca, cb in (halves if leftmost else halves[::-1]):
            found = self._find(child, ca, cb, lo, hi, bound, leftmost)
            if found is not None:
                return found
        return None


def _open_tables(group: list[dict], now: float) -> list[list[dict]]:
    """Open seeks (no named opponent): each, oldest first, takes the closest ratings whose windows
    and its own reach each other."""
    open_ = sorted((s for s in group if s.get("opponent_id") is None), key=lambda s: (s["rating"], s["created_at"]))
    if len(open_) < 2:
        return []
    ratings = [s["rating"] for s in open_]
    reach = [window(now - s["created_at"]) for s in open_]
    below = _Tree([r - w for r, w in zip(ratings, reach)], low=True)  # for seeks above a rating: reach down to it?
    above = _Tree([r + w for r, w in zip(ratings, reach)], low=False)  # for seeks below a rating: reach up to it?
    used = [False] * len(open_)
    out = []

    def hide(i: int) -> None:
        below.set(i, INF)
        above.set(i, -INF)

    def show(i: int) -> None:
        below.set(i, ratings[i] - reach[i])
        above.set(i, ratings[i] + reach[i])

    for i in sorted(range(len(open_)), key=lambda i: open_[i]["created_at"]):
        if used[i]:
            continue
        s, r = open_[i], ratings[i]
        lo, hi = bisect_left(ratings, r - reach[i]), bisect_right(ratings, r + reach[i])
        hide(i)
        table, hidden, accounts = [i], [i], {s["account_id"]}
        while len(table) < s["players"]:
            up = below.first(i + 1, hi, r)  # the closest above whose window reaches down to r
            down = above.last(lo, i, r)  # the closest below whose window reaches up to r
            if down is not None:  # of equal ratings, the oldest (the order sorts them oldest first)
                down = above.first(bisect_left(ratings, ratings[down]), down + 1, r)
            if up is None and down is None:
                break
            if up is None or (down is not None and (r - ratings[down], open_[down]["created_at"])
                              <= (ratings[up] - r, open_[up]["created_at"])):
                pick = down
            else:
                pick = up
            hide(pick)
            hidden.append(pick)
            if open_[pick]["account_id"] not in accounts:
                table.append(pick)
                accounts.add(open_[pick]["account_id"])
        if len(table) == s["players"]:
            for k in table:
                used[k] = True
            for k in hidden:
                if not used[k]:
                    show(k)
            out.append([open_[k] for k in table])
        else:
            for k in hidden:
                if k != i:
                    show(k)
            show(i)
    return out
