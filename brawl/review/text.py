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


def judged_words(d: dict) -> str:
    """A decision's judgement, with the two ends of an uncertain one ("uncertain: good to blunder")."""
    if d["judgement"] == "uncertain" and d.get("between"):
        return f"uncertain: {d['between'][0]} to {d['between'][1]}"
    return d["judgement"]


def lines(review: dict, every: bool = False) -> list[str]:
    """The review as lines of text (``every``: every decision, not only those that lost or are uncertain)."""
    names = review["players"]
    out = [f"{review['title']}: {'EXACT' if review['exact'] else 'ESTIMATED'} review ({review['note']})"]
    for s, name in enumerate(names):
        out.append(f"  {name:>12} {sparkline(review, s)}")
    out.append("")
    out.append(f"  {'seat':<16}{'accuracy':>9}{'judged':>9}{'start':>8}{'luck':>8}{'skill':>8}{'other':>8}{'result':>8}   judgements")
    intervals = review.get("intervals") or {}
    for s, seat in enumerate(review["seats"]):
        acc = "-" if seat["accuracy"] is None else f"{seat['accuracy']:.1f}"
        counts = ", ".join(f"{n} {k}" for k, n in seat["judgements"].items() if n)
        out.append(f"  {seat['name']:<16}{acc:>9}{str(seat['judged']) + '/' + str(seat['choices']):>9}{pct(seat['start']):>8}"
                   f"{signed(seat['luck']):>8}{signed(seat['skill']):>8}{signed(review['residual'][s]):>8}"
                   f"{pct(seat['result']):>8}   {counts}")
        if intervals.get("luck"):
            lo, hi = intervals["luck"][s]
            slo, shi = intervals["skill"][s]
            out.append(f"  {'':<16}  95%: luck {signed(lo)} to {signed(hi)}, skill {signed(slo)} to {signed(shi)}")
    out.append("  (in points of win chance; start + luck + skill + other = result for every seat; accuracy counts the "
               "judged decisions of those with a choice)")
    out.append("")
    shown = [d for d in review["decisions"] if every or d["judgement"] not in ("best", "good")]
    lost = sum(1 for d in review["decisions"] if d["judgement"] in ("inaccuracy", "mistake", "blunder"))
    unsure = sum(1 for d in review["decisions"] if d["judgement"] == "uncertain")
    out.append("Decisions" + ("" if every else " that lost (inaccuracy 2, mistake 5, blunder 10 points or more)"
                              " or could not be judged (uncertain)") + f": {lost} lost, {unsure} uncertain")
    if not shown:
        out.append("  none")
    for d in shown:
        best = "" if d["best_action"] == d["action"] else f"; best {d['best_action']} {pct(d['best_win'])}"
        iv = (d.get("interval") or {}).get("loss")
        span = f", 95% {100 * iv[0]:.1f} to {100 * iv[1]:.1f}" if iv else ""
        seen = f"; {d['compared']} of {d['legal'] if d.get('legal') else 'any'} compared" if d.get("compared") else ""
        out.append(f"  step {d['step']:>3}  {names[d['seat']]}: {d['action']}  {pct(d['win_before'])} -> "
                   f"{pct(d['win_after'])}{best}  {judged_words(d)} (-{100 * d['loss']:.1f}{span}){seen}")
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
