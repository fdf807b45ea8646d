"""Estimated reviews measured against exact ones: the calibration of ``brawl review --estimate``.

    .venv/bin/python benchmarks/review_calibration.py [--games 8] [--budget 3000] [--bot optimal]

Krig and the KtOG duel have exact reviews (from their solutions), so an estimated review of the
same records says how far its judgements and intervals can be trusted.  For each game, records of
several bot pairings and hit points are reviewed both ways (the estimate with ``--budget``
playouts of the ``--bot`` policy, ``optimal`` by default: the playouts then follow the very play
the exact values assume, so the intervals can be checked against them), and the table gives, over
the decisions with a choice:

- ``agree``: judgements the same both ways;
- ``flagged``: exact mistakes and blunders (a loss of 0.05 or more) that the estimate judges
  ``mistake``, ``blunder`` or ``uncertain`` (never ``best``, ``good`` or ``inaccuracy``); target 90%;
- ``win in 95%`` and ``loss in 95%``: how often the exact win chance after the decision, and the
  exact loss, lie inside the estimate's 95% intervals; target 95%;
- ``0 worse``: decisions that lose nothing exactly but are judged worse than ``inaccuracy``; target 0;
- ``uncertain``: decisions the estimate could not judge within its budget.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from brawl.bots import make_bot  # noqa: E402
from brawl.core.match import Match  # noqa: E402
from brawl.games import make_game  # noqa: E402
from brawl.review import review  # noqa: E402

PAIRS = (("optimal", "random"), ("random", "heuristic"), ("heuristic", "random"), ("random", "random"))
CASES = {"krig": [{"hp": hp} for hp in (4, 6, 8, 10)], "ktog": [{"hp": hp} for hp in (3, 4, 5, 6)]}


def game_record(name: str, options: dict, bots: tuple[str, str], seed: int) -> dict:
    game = make_game(name, options)
    match = Match(game, seed=seed)
    players = [make_bot(name, b, seed=seed * 10 + s, game=game) for s, b in enumerate(bots)]
    while not match.over:
        seat = match.node().seats[0]
        match.decide(seat, players[seat].choose(game, match.state, seat))
    return match.record.to_json()


def compare(exact: dict, est: dict, tally: dict) -> None:
    for x, e in zip(exact["decisions"], est["decisions"]):
        assert x["index"] == e["index"]
        if x["forced"] or len(x["values"]) < 2:
            continue
        tally["decisions"] += 1
        tally["agree"] += x["judgement"] == e["judgement"]
        tally["uncertain"] += e["judgement"] == "uncertain"
        if x["loss"] >= 0.05:
            tally["bad"] += 1
            tally["flagged"] += e["judgement"] in ("mistake", "blunder", "uncertain")
        if x["loss"] == 0 and e["judgement"] in ("mistake", "blunder"):
            tally["zero_worse"] += 1
        iv = e.get("interval")
        if iv:
            tally["intervals"] += 1
            lo, hi = iv["win_after"]
            tally["win_in"] += lo - 1e-9 <= x["win_after"] <= hi + 1e-9
            lo, hi = iv["loss"]
            tally["loss_in"] += lo - 1e-9 <= x["loss"] <= hi + 1e-9


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=8, help="records per game (spread over hit points and pairings)")
    ap.add_argument("--budget", type=int, default=3000, help="playouts per estimated review")
    ap.add_argument("--bot", default="optimal", help="the playouts' policy (a bot, or 'mix')")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"estimated ({args.bot}, {args.budget} playouts a review) against exact reviews")
    header = (f"{'game':<6}{'records':>8}{'decisions':>10}{'agree':>14}{'flagged':>16}{'win in 95%':>13}"
              f"{'loss in 95%':>13}{'0 worse':>9}{'uncertain':>11}{'s':>7}")
    rows = []
    for name, cases in CASES.items():
        tally = dict.fromkeys(("decisions", "agree", "bad", "flagged", "intervals", "win_in", "loss_in",
                               "zero_worse", "uncertain"), 0)
        t0 = time.perf_counter()
        for g in range(args.games):
            options = cases[g % len(cases)]
            pair = PAIRS[(g // len(cases)) % len(PAIRS)]
            record = game_record(name, options, pair, args.seed * 100 + g)
            exact = review(record)
            assert exact["exact"], f"{name} {options}: no exact review"
            est = review(record, method="estimate", bot=args.bot, budget=args.budget, seed=args.seed + g)
            compare(exact, est, tally)
        t = tally
        rows.append(
                    f"{name:<6}{args.games:>8}{t['decisions']:>10}"
                    f"{str(t['agree']) + ' ' + pct(t['agree'], t['decisions']):>14}"
                    f"{str(t['flagged']) + '/' + str(t['bad']) + ' ' + pct(t['flagged'], t['bad']):>16}"
                    f"{pct(t['win_in'], t['intervals']):>13}{pct(t['loss_in'], t['intervals']):>13}"
                    f"{t['zero_worse']:>9}{t['uncertain']:>11}{time.perf_counter() - t0:>7.0f}")
    print(header)
    for row in rows:
        print(row)
    print("targets: flagged >= 90%, win and loss in 95% >= 95%, 0 worse = 0")


if __name__ == "__main__":
    main()
