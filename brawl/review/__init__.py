"""The review of a finished game: each decision's win chance and judgement, each roll's swing, and
every seat's accuracy, luck and skill.

``review(record)`` reads a game record (its JSON, as ``brawl play --save`` writes it or the server's
``GET /api/rooms/ID/record`` gives it) and returns the review document (:func:`.build.assemble`):

- ``exact``: true where a solver covers the game's options (:mod:`brawl.solve`: Krig, the KtOG
  duel) and its solution is saved or quick: every figure is the value under optimal play by both
  seats (:mod:`.exact`).  Elsewhere the figures are estimated by playouts with the strongest bot on
  common dice, each with its 95% interval (:mod:`.estimate`), and ``note`` says why (a solve that
  would take minutes is named, with the command that runs it).
- ``decisions``: ``index`` (the record's entry), ``step`` (the replay viewer's step), ``seat``,
  ``action``, ``win_before``, ``win_after``, ``best_action``, ``best_win``, ``loss``,
  ``judgement``, ``forced`` and ``values`` (each compared decision's win chance).
- ``dice``: ``index``, ``step``, ``seat``, ``roll`` (the event), ``outcome``, ``before``,
  ``after`` and ``swing`` (per seat).
- per seat (lists indexed by seat, and the same gathered in ``seats``): ``accuracy``, ``luck``,
  ``skill``; ``start``, ``result`` and ``residual``, with ``result = start + luck + skill +
  residual`` (:mod:`.judge` defines every figure and the thresholds of the judgements).
- ``graph``: each seat's win chance after every step; ``puzzles``: the worst decisions as puzzles
  (:mod:`.puzzles`).
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.game import BrawlError
from .walk import ReviewError, final_result, load_record, walk

__all__ = ["review", "ReviewError", "is_exact", "exact_kind"]

def _exact_solution(game, solve_now: bool):
    """(solution or None, note): the solution when one covers these options and can be had."""
    from ..solve import NoSolver, covered, is_quick_or_saved, solve

    opts = game.options_json()
    try:
        if not covered(game.name, opts):
            return None, "no exact solver covers these options"
        if not solve_now and not is_quick_or_saved(game.name, opts):
            return None, ("the exact solution of these options takes minutes to solve; run "
                          f"`brawl review RECORD --solve` (or `brawl solve {game.name} ...`) once for an exact review")
        return solve(game.name, opts), ""
    except NoSolver as exc:
        return None, str(exc)


def is_exact(game_name: str, options: dict) -> bool:
    """Whether a review of this game and options is exact and quick (no minutes of solving)."""
    return exact_kind(game_name, options) == "quick"


def exact_kind(game_name: str, options: dict) -> str | None:
    """How exact a review of this game and options can be: ``quick`` (a solution saved or quick
    to solve), ``solve`` (a solver covers the options, but solving takes minutes: once, then it
    is saved), ``matrix`` (a small game of hidden choices, each round a matrix game: seconds), or
    None (estimated)."""
    from ..games import make_game
    from ..solve import covered, is_quick_or_saved

    game = make_game(game_name, options)
    opts = game.options_json()
    try:
        if game.num_players == 2 and covered(game_name, opts):
            return "quick" if is_quick_or_saved(game_name, opts) else "solve"
    except BrawlError:
        return None
    if game.num_players == 2 and hasattr(game, "position_key"):
        return "matrix"
    return None


def review(data: Any, *, method: str = "auto", budget: int | None = None, playouts: int | None = None,
           candidates: int | None = None, bot: str | None = None, seed: int = 1, solve: bool = False,
           progress: Callable[[int, int], None] | None = None, verify: bool = True) -> dict:
    """The review of the finished game in ``data`` (a record's JSON).  ``method``: ``auto`` (exact
    where a solution covers the options, else estimated), ``exact`` (refused where none does) or
    ``estimate``.  An estimate spends ``budget`` playouts (the game's default from
    :mod:`.settings` when None), ``playouts`` per position in its first round, compares every
    legal decision when there are at most ``candidates``, and plays out with ``bot`` (a bot's
    name, ``mix``, or None for the default policy, :mod:`.policy`) on dice from ``seed``;
    ``solve`` runs a solve that takes minutes; ``progress(done, total)`` is called as the work
    goes (playouts of an estimate, steps of an exact review)."""
    from ..games import make_game, replay
    from .build import assemble, exact_steps
    from .candidates import ALL_WHEN_AT_MOST
    from .estimate import FIRST, estimated_steps
    from .exact import ExactValues, NotCovered
    from .matrix import matrix_review
    from .policy import EnginePolicy, default_policy
    from .puzzles import puzzles_of
    from .settings import for_game

    if method not in ("auto", "exact", "estimate"):
        raise ReviewError(f"unknown method {method!r}: auto, exact or estimate")
    record = load_record(data)
    ended = data.get("ended") if isinstance(data, dict) else None
    try:
        game = make_game(record.game, record.options)
        if verify and "seed" in record.dice:
            if isinstance(ended, dict):  # ended by the server (a claim) before the rules' end
                played = replay(record, steps=len(record.steps())).record.entries
                if played != record.entries:
                    raise ReviewError("the record's rolls are not the ones its seed gives")
            else:
                replay(record)
    except BrawlError as exc:
        raise ReviewError(f"the record cannot be reviewed: {exc}") from None
    steps, last = walk(game, record)
    result = final_result(game, last, ended)
    if result is None:
        raise ReviewError("the game is not over: a review reads a finished game")
    players = data.get("players") if isinstance(data, dict) else None
    names = [(players[s] if isinstance(players, list) and s < len(players) and players[s] else game.seat_name(s))
             for s in range(game.num_players)]
    note = ""
    solvable = False
    if method != "estimate":
        figures = matrix_review(game, steps, result)
        if figures is not None:
            out = assemble(game, names, figures, result, exact=True, method="matrix",
                           note="exact: each round of hidden choices is a matrix game, valued by its equilibrium")
            out["puzzles"] = puzzles_of(game, steps, out)
            return out
        solution, note = _exact_solution(game, solve)
        solvable = "takes minutes" in note
        if solution is not None:
            try:
                figures = exact_steps(game, steps, result, ExactValues(game, solution))
                out = assemble(game, names, figures, result, exact=True, method="solver",
                               note="exact: every figure is the value under optimal play by both seats")
                out["puzzles"] = puzzles_of(game, steps, out)
                return out
            except NotCovered as exc:
                note = f"the solution does not value every position ({exc})"
        if method == "exact":
            raise ReviewError(f"no exact review: {note}")
    try:
        policy = default_policy(game, seed, bot)
    except ValueError as exc:
        raise ReviewError(str(exc)) from None
    if budget is None:  # the game's default, sized for its usual number of players (more players: longer playouts)
        conf = for_game(game.name)
        compiled = not isinstance(policy, EnginePolicy) and "kernel_budget" in conf  # the kernel's playouts: more of them
        budget = int(conf["kernel_budget" if compiled else "budget"]
                     * min(1.0, conf.get("players", game.num_players) / game.num_players))
    budget = int(budget)
    figures = estimated_steps(game, steps, result, policy, budget, first=playouts or FIRST,
                              limit=candidates or ALL_WHEN_AT_MOST, seed=seed, progress=progress)
    why = f"; {note}" if note else ""
    out = assemble(game, names, figures, result, exact=False, method="playouts",
                   note=(f"estimated by {figures['playouts']} playouts ({policy.name}) on common dice, "
                         f"95% intervals; 'uncertain' where they cannot tell{why}"),
                   extra={"bot": policy.name, "policy": policy.name, "playouts": figures["playouts"],
                          "budget": budget, "solvable": solvable})
    out["puzzles"] = puzzles_of(game, steps, out)
    return out
