"""``brawl solve``, ``brawl odds`` and ``brawl analyze``: exact answers and reports."""

from __future__ import annotations

import json
from typing import Optional

import typer

from ..core.game import BrawlError
from ..games import game_class
from .app import EXTRA, app, console, handle_errors
from .options import parse_game_options


@app.command(context_settings=EXTRA)
def solve(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="game name (krig)"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    no_cache: bool = typer.Option(False, "--no-cache", help="solve again even when a saved solution exists"),
    generic: bool = typer.Option(False, "--generic", help="walk the rules module state by state (small set-ups only)"),
) -> None:
    """Solve a game exactly: the first mover's win probability under optimal play for both sides."""
    with handle_errors():
        cls = game_class(game)
        options = parse_game_options(cls, list(ctx.args))
        if generic:
            data = _solve_generic(game, options)
        else:
            from ..solve import solve as solve_game

            data = solve_game(game, options, use_cache=not no_cache).to_json()
        if as_json:
            print(json.dumps(data))
            return
        console.print(f"[bold]{game}[/] {data['options']}")
        console.print(f"  first mover wins {data['first_mover_win']:.6f} under optimal play", markup=False)
        how = "loaded from the saved solution" if data.get("cached") else "solved"
        console.print(f"  {data['states']} decision states; {how}; solving took {data['seconds']:.3f} s", markup=False)


def _solve_generic(game: str, options: dict) -> dict:
    from ..games import make_game
    from ..solve.generic import solve_game

    g = make_game(game, options)
    key = None
    if game == "krig":
        from ..solve.krig import krig_key

        key = krig_key
    try:
        sol = solve_game(g, key, limit=3_000_000)
    except MemoryError as exc:
        raise BrawlError(str(exc)) from None
    # the first mover's value: the mean over the states right after initiative
    firsts = [(s, i) for s, i in sol.index.items() if getattr(s, "phase", None) == "turn"
              and s.hp == g.initial_state().hp and s.defense == (0, 0) and s.charging == (False, False)]
    if not firsts:
        raise BrawlError(f"cannot find the first turn of {game}")
    fm = sum(sol.win_probability(s, s.to_act) for s, _ in firsts) / len(firsts)
    return {"game": game, "options": g.options_json(), "first_mover_win": fm, "states": sol.decision_states,
            "graph_nodes": len(sol.states), "seconds": round(sol.seconds, 4), "method": "generic", "cached": False}
