"""``brawl ladder``: a round robin between a game's bots, with ratings and their intervals."""

from __future__ import annotations

import json
from typing import Optional

import typer

from ..core.game import BrawlError
from ..games import game_class
from .app import EXTRA, app, console, handle_errors
from .options import parse_game_options


@app.command(context_settings=EXTRA)
def ladder(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="game name; its options follow as flags (e.g. --players 4)"),
    bots: Optional[str] = typer.Option(None, "--bots", help="comma-separated bots (default: every bot of the game); "
                                       "a name twice plays the bot against itself"),
    games: Optional[int] = typer.Option(None, "--games", help="games per pair of bots, half with each seating "
                                        "(default 2000 on a batch kernel, 40 on the full engine)"),
    seed: int = typer.Option(0, "--seed", help="seed of the whole ladder (the same seed plays the same games)"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, help="processes (default: every core)"),
    engine: bool = typer.Option(False, "--engine", help="always use the full rules engine"),
) -> None:
    """Play every pair of bots (seats swapped, seeded) and rate them: Bradley-Terry strengths by
    maximum likelihood on the Elo scale with 95% intervals, and the table of pairwise scores.

    A draw counts half.  With more than two seats (KtOG with --players 3 or more) a pairing of A
    and B puts A alone against copies of B in every other seat, then B alone against copies of A,
    the lone seat rotating round the table; a game counts for the bot whose seat won, so two equal
    bots score 50%."""
    with handle_errors():
        cls = game_class(game)
        options = parse_game_options(cls, list(ctx.args))
        names = None if bots is None else [b.strip() for b in bots.split(",") if b.strip()]
        if names is not None and not names:
            raise BrawlError("--bots needs bot names, e.g. --bots random,heuristic")
        from ..sim.ladder import run_ladder

        if as_json:
            result = run_ladder(game, options, names, games, seed, workers, engine)
            print(json.dumps(result.to_json()))
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as bar:
            task = bar.add_task(f"{game} ladder seatings", total=None)

            def told(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            result = run_ladder(game, options, names, games, seed, workers, engine, progress=told)
        show(result)


def show(result) -> None:
    from rich.table import Table

    data = result.to_json()
    console.print(f"[bold]{result.game}[/] ladder  {data['options']}", highlight=False)
    from ..sim.ladder import BATCH_GAMES, ENGINE_GAMES

    per = (f"{result.games_per_pairing} games per pair" if result.games_per_pairing else
           f"{BATCH_GAMES} games per pair on the batch kernel, {ENGINE_GAMES} on the full engine")
    console.print(f"{len(result.bots)} bots, {per}; {data['pairing_rule']}; "
                  f"seed {result.seed}; {', '.join(data['backends'])} backend, {result.seconds:.1f} s", markup=False)
    ratings = Table(title="Ratings (Bradley-Terry, Elo scale, mean bot 0)", title_justify="left")
    for name, justify in (("rank", "right"), ("bot", "left"), ("rating", "right"), ("95% interval", "right"),
                          ("score", "right"), ("games", "right")):
        ratings.add_column(name, justify=justify)
    for k, r in enumerate(result.ratings, 1):
        ratings.add_row(str(k), r.bot, f"{r.rating:+.0f}", f"{r.low:+.0f} to {r.high:+.0f}", f"{100 * r.score:.1f}%",
                        str(r.games))
    console.print(ratings)
    order = [r.bot for r in result.ratings]
    pairs = Table(title="Score of the row's bot against the column's (95% interval)", title_justify="left")
    pairs.add_column("", justify="left")
    for name in order:
        pairs.add_column(name, justify="right")
    from ..analysis.common import wilson

    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append("-")
                continue
            points, n = result.pairing(a, b)
            p, lo, hi = wilson(points, n)
            cells.append(f"{100 * p:.0f}% ({100 * lo:.0f}-{100 * hi:.0f})")
        pairs.add_row(a, *cells)
    console.print(pairs)
    if not result.converged:
        console.print("warning: the rating fit did not converge", markup=False)
