"""``brawl sim``: many games between bots."""

from __future__ import annotations

import json
from typing import Optional

import typer

from ..core.game import BrawlError
from ..games import game_class, make_game
from .app import EXTRA, app, console, handle_errors
from .options import parse_game_options

def _batch(game: str, options: dict, bot_specs: list[str], games: int, seed: int, workers: int | None):
    """The game's compiled batch simulator (named in its entry), or None when it has none or
    cannot play these bots."""
    from ..games import entry

    batch = entry(game).load("batch")
    if batch is None or not batch.can_run(bot_specs):
        return None
    return batch.run_range(options, bot_specs, seed, 0, games, workers)


@app.command(context_settings=EXTRA)
def sim(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="game name"),
    bots: str = typer.Option(..., "--bots", help="comma-separated bot names, one per seat"),
    games: int = typer.Option(1000, "--games", min=1, help="number of games"),
    seed: int = typer.Option(0, "--seed", help="seed of the whole run"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, help="processes (default: every core)"),
    engine: bool = typer.Option(False, "--engine", help="always use the full rules engine"),
    backend: str = typer.Option("local", "--backend", help="local (this machine) or ray (a Ray cluster)"),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (default: start a local one)"),
) -> None:
    """Play many games between bots and report wins, first-mover wins and game length."""
    with handle_errors():
        cls = game_class(game)
        options = parse_game_options(cls, list(ctx.args))
        bot_specs = [b.strip() for b in bots.split(",") if b.strip()]
        if not bot_specs:
            raise BrawlError("--bots needs at least one bot name")
        people_only = getattr(make_game(game, options), "people_only", "")
        if people_only:  # bots cannot play it (Kniggits on a real table): say why before any game starts
            raise BrawlError(f"{people_only}; brawl sim plays bots only, so it cannot simulate these options "
                             "(play them with brawl play, every seat a person)")
        from ..sim.engine import simulate

        result = None
        if backend not in ("local", "ray"):
            raise BrawlError(f"unknown --backend {backend!r}; use local or ray")
        if address and backend != "ray":
            raise BrawlError("--address needs --backend ray")
        if backend == "ray":
            from ..sim.ray_backend import simulate_ray

            result = simulate_ray(game, options, bot_specs, games, seed, address=address, engine=engine)
        if result is None and not engine:
            result = _batch(game, options, bot_specs, games, seed, workers)
        if result is None:
            if as_json or games < 2000:
                result = simulate(game, options, bot_specs, games, seed, workers)
            else:
                from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

                with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                              TimeRemainingColumn(), console=console, transient=True) as bar:
                    task = bar.add_task(f"{game} games", total=games)
                    result = simulate(game, options, bot_specs, games, seed, workers,
                                      progress=lambda n: bar.advance(task, n))
        data = result.to_json()
        if as_json:
            print(json.dumps(data))
            return
        console.print(f"[bold]{game}[/] {data['options']}  bots: {', '.join(bot_specs)}  games: {data['games']}  seed: {seed}")
        for i, (name, w) in enumerate(zip(bot_specs, data["wins"])):
            console.print(f"  seat {i + 1} ({name}): {w} wins ({data['win_rates'][i]:.2%})", markup=False)
        lo, hi = data["first_mover_ci95"]
        console.print(f"  first mover wins {data['first_mover_wins']} ({data['first_mover_win_rate']:.2%}, 95% CI {lo:.2%} to {hi:.2%})", markup=False)
        console.print(f"  mean turns {data['mean_turns']:.2f}; {data['backend']} backend, {data['seconds']:.2f} s", markup=False)
