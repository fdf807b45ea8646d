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
        console.print(f"  {data['states']} states valued; {how}; solving took {data['seconds']:.3f} s", markup=False)


def _solve_generic(game: str, options: dict) -> dict:
    from ..games import entry, games_with, make_game

    generic = entry(game).load("generic")
    if generic is None:
        raise BrawlError(f"no generic solve for {game}; --generic covers {', '.join(games_with('generic'))}")
    return generic(make_game(game, options))


@app.command(context_settings={**EXTRA, "help_option_names": []})  # --help after the game goes to the game
def odds(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="a game with exact odds (krig, ktog, tactics); "
                                         "`brawl odds GAME --help` lists its choices"),
) -> None:
    """Exact odds of one attack: each game's own question (Krig with and without a parry, KtOG with
    and without Mighty Blow, Tactics between ready characters or the seed's worked examples)."""
    from ..games import entry, games_with

    if game in ("--help", "-h"):
        console.print("Usage: brawl odds GAME [CHOICES]  (brawl odds GAME --help lists a game's choices)\n"
                      f"Games with exact odds: {', '.join(games_with('odds'))}", markup=False)
        return
    with handle_errors():
        command = entry(game).load("odds")
        if command is None:
            raise BrawlError(f"no odds for {game}; odds cover {', '.join(games_with('odds'))}")
        click_command = typer.main.get_command(command)
        try:
            with click_command.make_context(f"brawl odds {game}", list(ctx.args)) as sub:
                click_command.invoke(sub)
        except typer.Exit as done:
            if done.exit_code:
                raise
        except typer.TyperException as exc:  # a usage error: an unknown flag, a bad value
            raise BrawlError(exc.format_message()) from None


@app.command(context_settings=EXTRA)
def analyze(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="a game with an analysis report (krig, ktog, kniggits, tactics)"),
    out: str = typer.Option(..., "--out", help="directory for index.html and its plots"),
    sweep: str = typer.Option("hp", "--sweep", help="the option to sweep over (krig: hp or edition; ktog: any of its "
                                                   "options; kniggits and tactics read the default hp as their own: points, cover)"),
    bots: Optional[str] = typer.Option(None, "--bots", help="bots for the sweep (krig: two, default optimal,optimal; "
                                       "ktog: one for every seat or one per seat, default brute)"),
    games: Optional[int] = typer.Option(None, "--games", help="simulated games per figure (krig 200000, ktog 100000)"),
    seed: int = typer.Option(0, "--seed", help="seed of the simulations"),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, help="threads (default: every core)"),
    backend: str = typer.Option("local", "--backend", help="local, or ray: every simulation as one sweep on a Ray cluster"),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (default: start a local one)"),
    exact_hp: int = typer.Option(5, "--exact-hp", help="ktog: exact duel figures up to these hit points (0 to 8; 0: none)"),
    spell_games: int = typer.Option(1000, "--spell-games", help="ktog: full-engine games counting the spells cast (0: none)"),
) -> None:
    """Write an HTML report with plots: first-mover advantage, options, game length, a sweep."""
    with handle_errors():
        cls = game_class(game)
        options = parse_game_options(cls, list(ctx.args))
        from ..games import entry, games_with

        analysis = entry(game).load("analysis")
        if analysis is None:
            raise BrawlError(f"no analysis for {game}; brawl analyze covers {', '.join(games_with('analysis'))}")
        if address and backend != "ray":
            raise BrawlError("--address needs --backend ray")
        page = analysis.build_from_cli(options, out, sweep=sweep, bots=bots, games=games, seed=seed, workers=workers,
                                       backend=backend, address=address, exact_hp=exact_hp, spell_games=spell_games)
        console.print(f"report written to {page}", markup=False)
