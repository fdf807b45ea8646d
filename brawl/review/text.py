"""A review in words, for the terminal: the graph as one line, each seat's figures, the judged
decisions and the rolls that moved the game most."""

from __future__ import annotations

BARS = "▁▂▃▄▅▆▇█"
SHOWN_ROLLS = 5


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def signed(x: float) -> str:
    return f"{100 * x:+.1f}"


def sparkline(review: dict, seat: int = 0, width: int = 60) -> str:
    """``seat``'s win chance over the game as one line of bars."""
    points = [p["win"][seat] for p in review["graph"]]
    if len(points) > width:
        points = [points[round(i * (len(points) - 1) / (width - 1))] for i in range(width)]
    return "".join(BARS[min(len(BARS) - 1, int(p * len(BARS)))] for p in points)


def lines(review: dict, every: bool = False) -> list[str]:
    """The review as lines of text (``every``: every decision, not only those that lost)."""
    names = review["players"]
    out = [f"{review['title']}: {'EXACT' if review['exact'] else 'ESTIMATED'} review ({review['note']})"]
    for s, name in enumerate(names):
        out.append(f"  {name:>12} {sparkline(review, s)}")
    out.append("")
    out.append(f"  {'seat':<16}{'accuracy':>9}{'start':>8}{'luck':>8}{'skill':>8}{'result':>8}   judgements")
    intervals = review.get("intervals") or {}
    for s, seat in enumerate(review["seats"]):
        acc = "-" if seat["accuracy"] is None else f"{seat['accuracy']:.1f}"
        counts = ", ".join(f"{n} {k}" for k, n in seat["judgements"].items() if n)
        out.append(f"  {seat['name']:<16}{acc:>9}{pct(seat['start']):>8}{signed(seat['luck']):>8}"
                   f"{signed(seat['skill']):>8}{pct(seat['result']):>8}   {counts}")
        if intervals.get("luck"):
            lo, hi = intervals["luck"][s]
            slo, shi = intervals["skill"][s]
            out.append(f"  {'':<16}  95%: luck {signed(lo)} to {signed(hi)}, skill {signed(slo)} to {signed(shi)}")
    other = [r for r in review.get("residual") or [] if abs(r) > 0.005]
    if other:
        out.append("  other (what luck and skill leave: unjudged simultaneous choices, playout noise, a claimed end): "
                   + ", ".join(f"{names[s]} {signed(r)}" for s, r in enumerate(review["residual"])))
    out.append("  (luck and skill in points of win chance; start + luck + skill" + (" + other" if other else "") + " = result)")
    out.append("")
    judged = [d for d in review["decisions"] if every or d["judgement"] not in ("best", "good")]
    out.append("Decisions" + ("" if every else " that lost (inaccuracy 2, mistake 5, blunder 10 points or more)") + ":")
    if not judged:
        out.append("  none")
    for d in judged:
        best = "" if d["best_action"] == d["action"] else f"; best {d['best_action']} {pct(d['best_win'])}"
        out.append(f"  step {d['step']:>3}  {names[d['seat']]}: {d['action']}  {pct(d['win_before'])} -> "
                   f"{pct(d['win_after'])}{best}  {d['judgement']} (-{100 * d['loss']:.1f})")
    big = sorted(review["dice"], key=lambda r: -max(abs(x) for x in r["swing"]))[:SHOWN_ROLLS]
    if big:
        out.append("")
        out.append("Rolls that moved the game most:")
        for r in sorted(big, key=lambda r: r["index"]):
            swings = ", ".join(f"{names[s]} {signed(x)}" for s, x in enumerate(r["swing"]))
            out.append(f"  step {r['step']:>3}  {r['roll']} = {r['outcome']}: {swings}")
    if review.get("puzzles"):
        out.append("")
        out.append(f"{len(review['puzzles'])} puzzle(s) to practise on the /puzzles page of a server.")
    return out
