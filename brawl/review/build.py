"""A review put together: the exact figures from a solution, and the document every reader gets.

Exact figures (:func:`exact_steps`) follow one running win chance through the game.  It starts at
the value of the first position; a roll moves it to the value of the position after the roll (the
roll's swing); a decision is judged among the values the solution gives each legal decision at
that position (``best_win`` the largest, ``win_before`` the same number: the position is worth its
best decision), and moves it to the taken decision's value.  Between two decisions with no roll
between them the solver's own rounding can leave a difference far below 1e-9 (Krig solves to
1e-14); ``residual`` adds those up with anything else that ``start + luck + skill`` does not
explain (it is zero but for rounding when the game ended on the board, and holds a claimed end).
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from .exact import ExactValues
from .judge import judgement, per_seat


def exact_steps(game: Game, steps: list, result: list[float], values: ExactValues) -> dict:
    """Per-step figures from exact values (two-player games)."""
    start0 = values.value(game.initial_state())
    current = start0  # seat 0's running win chance
    decisions: list[dict] = []
    dice: list[dict] = []
    for st in steps:
        if st.action is not None:
            seat = st.seat
            raw = values.action_values(st.before, seat)
            # the position is worth what the step that reached it made it worth: after a roll that is
            # the largest of these values already; after a decision the solver's rounding may differ
            shift = (current if seat == 0 else 1.0 - current) - max(raw.values())
            av = {a: v + shift for a, v in raw.items()}
            best = max(av, key=lambda a: av[a])
            loss = av[best] - av[st.action]
            if loss <= 1e-12:
                best, loss = st.action, 0.0
            after = av[st.action]
            before0 = current
            current = after if seat == 0 else 1.0 - after
            decisions.append({"index": st.index, "step": st.step, "seat": seat, "action": st.action,
                              **labels(game, st.before, seat, st.action, best),
                              "win_before": av[best], "win_after": after, "best_action": best,
                              "best_win": av[best], "loss": loss, "forced": len(av) == 1, "simultaneous": False,
                              "judgement": judgement(loss), "between": None, "judged": len(av) > 1,
                              "clear_best": clear_best(av),
                              "values": av, "compared": len(av), "legal": len(av),
                              "effect": [current - before0, before0 - current]})
        else:
            after0 = values.value(st.after)
            swing = after0 - current
            dice.append({"index": st.index, "step": st.step, "seat": st.seat, "roll": st.event,
                         "outcome": list(st.outcome) if isinstance(st.outcome, tuple) else st.outcome,
                         "before": [current, 1.0 - current], "after": [after0, 1.0 - after0],
                         "swing": [swing, -swing]})
            current = after0
    residual = result[0] - current
    return {"start": [start0, 1.0 - start0], "decisions": decisions, "dice": dice,
            "residual": [residual, -residual]}


CLEAR_MARGIN = 0.02


def clear_best(values: dict) -> bool:
    """Whether the best of ``values`` beats every other by :data:`CLEAR_MARGIN` (a puzzle's answer)."""
    ranked = sorted(values.values(), reverse=True)
    return len(ranked) > 1 and ranked[0] - ranked[1] >= CLEAR_MARGIN


def labels(game: Game, state: Any, seat: int, action: str, best: str) -> dict:
    """The taken and the best decision in the game's words ("Moon defends (d8)")."""
    def words(a: str) -> str:
        try:
            return game.describe_action(state, seat, a)
        except Exception:  # a game that cannot put it in words: its code
            return a
    return {"label": words(action), "best_label": words(best)}


def graph(start: list[float], decisions: list[dict], dice: list[dict]) -> list[dict]:
    """The win-chance line: the start, then each seat's win chance after every step, in order."""
    points = [{"index": -1, "step": 0, "kind": "start", "win": list(start)}]
    steps = sorted([("decision", d) for d in decisions] + [("roll", r) for r in dice], key=lambda x: x[1]["index"])
    players = len(start)
    for kind, item in steps:
        if kind == "roll":
            win = item["after"]
        elif "path" in item:  # an estimate: the value of the position the decision reached
            win = item["path"]["after"]
        else:  # exact: the position moved by the decision's effect on every seat
            win = [w + e for w, e in zip(points[-1]["win"], item["effect"])]
        point = {"index": item["index"], "step": item["step"], "kind": kind, "win": [float(x) for x in win]}
        if kind == "decision":
            point["judgement"] = item["judgement"]
            point["seat"] = item["seat"]
        points.append(point)
    return points


def assemble(game: Game, names: list[str], figures: dict, result: list[float], *, exact: bool,
             method: str, note: str = "", extra: dict | None = None) -> dict:
    """The review document: the JSON of ``GET /api/rooms/ID/review`` and ``brawl review --json``."""
    players = game.num_players
    seats = per_seat(players, figures["decisions"], figures["dice"], figures.get("rounds"))
    if figures.get("luck") is not None:  # an estimate: luck is the rest of the way (see .estimate)
        seats["luck"] = list(figures["luck"])
    residual = [result[s] - figures["start"][s] - seats["luck"][s] - seats["skill"][s] for s in range(players)]
    residual = [0.0 if abs(r) < 1e-12 else r for r in residual]
    choices = sum(seats["choices"])
    judged = sum(seats["judged"])
    out: dict[str, Any] = {
        "game": game.name, "title": game.title, "options": game.options_json(), "exact": exact,
        "method": method, "note": note, "players": names, "start": figures["start"], "result": result,
        "decisions": figures["decisions"], "dice": figures["dice"], "rounds": figures.get("rounds") or [],
        "accuracy": seats["accuracy"], "luck": seats["luck"], "skill": seats["skill"], "residual": residual,
        "judged": {"decisions": judged, "choices": choices,
                   "uncertain": sum(1 for d in figures["decisions"] if d["judgement"] == "uncertain")},
        "seats": [{"seat": s, "name": names[s], "accuracy": seats["accuracy"][s], "judged": seats["judged"][s],
                   "choices": seats["choices"][s], "luck": seats["luck"][s], "skill": seats["skill"][s],
                   "skill_own": seats["skill_own"][s], "skill_others": seats["skill_others"][s],
                   "lost": seats["lost"][s], "judgements": seats["judgements"][s],
                   "start": figures["start"][s], "result": result[s], "residual": residual[s]}
                  for s in range(players)],
        "graph": graph(figures["start"], figures["decisions"], figures["dice"]),
    }
    if not exact:
        out["intervals"] = {"start": figures.get("start_interval"), "luck": figures.get("luck_interval"),
                            "skill": figures.get("skill_interval")}
    if extra:
        out.update(extra)
    return out
