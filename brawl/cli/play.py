"""``brawl games``, ``brawl rules``, ``brawl play`` and ``brawl replay``."""

from __future__ import annotations

import time
from typing import Optional

import typer

from ..bots import bot_names, make_bot
from ..core.game import BrawlError
from ..games import game_class, game_names, make_game
from .app import EXTRA, app, console, handle_errors
from .options import parse_game_options

# The Markdown renderer, the match, records and the terminal table are imported by the commands
# that use them, so that another command (``brawl serve``) starts without them.


@app.command()
def games(game: Optional[str] = typer.Argument(None, help="one game (default: all)")) -> None:
    """List the games and their options: each option is a flag of play, sim, solve and analyze."""
    with handle_errors():
        names = [game_class(game).name] if game else game_names()
    for name in names:
        cls = game_class(name)
        console.print(f"[bold]{name}[/]: {cls.title}")
        for opt, field in cls.Options.model_fields.items():
            console.print(f"    --{opt.replace('_', '-')} (default {field.default}): {field.description or ''}", markup=False)


@app.command()
def rules(game: str = typer.Argument(..., help="game name")) -> None:
    """Show a game's rules page: every rule with its seed section or ruling."""
    from rich.markdown import Markdown

    with handle_errors():
        console.print(Markdown(game_class(game).rules_page()))


@app.command()
def bots(game: str = typer.Argument(..., help="game name")) -> None:
    """List the bots that can play a game."""
    with handle_errors():
        game_class(game)
        for name in bot_names(game):
            console.print(name)


def parse_seats(game_name: str, specs: list[str], players: int, seed: int, people_only: str = "") -> list:
    """The seats in order: None for a person, else a bot.  Seats not given are a person for the
    first, then the game's heuristic bot (or the random one); where the game says every seat must
    be a person (``people_only``, its reason), every seat not given is a person and a bot given is
    refused with that reason before the game starts."""
    if len(specs) > players:
        raise BrawlError(f"{len(specs)} --seat given but {game_name} has {players} seats")
    if people_only and any(spec.startswith("bot:") for spec in specs):
        raise BrawlError(f"{people_only}; leave --seat out (every seat is then a person) or give --seat human "
                         "for each seat")
    specs = list(specs) or ["human"]
    while len(specs) < players:
        specs.append("human" if people_only else
                     "bot:heuristic" if "heuristic" in bot_names(game_name) else "bot:random")
    seats = []
    for i, spec in enumerate(specs):
        if spec == "human":
            seats.append(None)
        elif spec.startswith("bot:"):
            seats.append(make_bot(game_name, spec[4:], seed=seed * 100 + i + 1))
        else:
            raise BrawlError(f"bad --seat {spec!r}: use human or bot:NAME (bots: {', '.join(bot_names(game_name))})")
    return seats


@app.command(context_settings=EXTRA)
def play(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="game name (brawl games lists them)"),
    seat: list[str] = typer.Option([], "--seat", help="human or bot:NAME, once per seat in order"),
    seed: Optional[int] = typer.Option(None, help="dice seed (default: a random one)"),
    save: Optional[str] = typer.Option(None, help="save the game record to this file at the end"),
    hints: bool = typer.Option(False, "--hints", help="show each choice's win chance where a solution exists"),
    table_dice: bool = typer.Option(False, "--table-dice", help="roll real dice at the table and type each face "
                                    "(or r to let the computer roll that one)"),
) -> None:
    """Play a game in the terminal; game options follow as flags (e.g. --edition article --hp 15;
    brawl games GAME lists them with what each takes and needs)."""
    from ..core.match import Match
    from ..core.sources import SeededDice
    from .terminal import TerminalGame

    with handle_errors():
        cls = game_class(game)
        options = parse_game_options(cls, list(ctx.args))
        g = make_game(game, options)
        if seed is None:
            import secrets
            seed = secrets.randbelow(2**31)
        # a game whose seats must all be people (Kniggits on a real table) says why, as the server does
        seats = parse_seats(game, seat, g.num_players, seed, getattr(g, "people_only", ""))
        console.print(f"[bold]{cls.title}[/]  options: {g.options_json()}" + ("" if table_dice else f"  seed: {seed}"))
        for i, s in enumerate(seats):
            console.print(f"  {g.seat_name(i)}: {'human' if s is None else 'bot ' + s.name}", markup=False)
        if table_dice:
            from ..core.sources import TableDice

            source = TableDice(covers={"game": g.name, "options": g.options_json(), "seats": g.num_players})
            console.print(f"Table dice: rolls you leave to the computer come from a secret seed, committed "
                          f"{source.commitment[:16]}...; the record reveals it.", markup=False)
            match = Match(g, source)
        else:
            match = Match(g, SeededDice(seed))
        hint_fn = None
        if hints:
            try:
                from ..solve.hints import hint_values  # provided by the solver package
                hint_fn = hint_values
            except ImportError:
                console.print("(hints need a solver for this game; none is installed)")
        tg = TerminalGame(match, seats, console, hints=hint_fn)
        try:
            tg.run()
        except (EOFError, KeyboardInterrupt):
            console.print("\nGame abandoned.")
            raise typer.Exit(1)
        path = save
        if path is None and None in seats:
            path = ask_where_to_save(f"{game}-{seed}.json")
        if path:
            if table_dice:
                match.record.reveal(match.source.seed_hex)
            try:
                match.record.save(path)
            except OSError as exc:
                raise BrawlError(f"cannot save the record to {path}: {exc}") from None
            console.print(f"Record saved to {path}; play it back with: brawl replay {path}", markup=False)


def ask_where_to_save(default: str) -> str | None:
    """Ask whether to save the record (a yes/no first, so a stray "1" typed after the game
    saves nothing), then where; Enter takes the suggested name."""
    try:
        if console.input("Save the game record? [y/N] ", markup=False).strip().lower() not in ("y", "yes"):
            return None
        return console.input(f"File name [{default}]: ", markup=False).strip() or default
    except (EOFError, KeyboardInterrupt):
        return None


@app.command(name="replay")
def replay_cmd(
    file: str = typer.Argument(..., help="a record saved by brawl play"),
    delay: float = typer.Option(0.0, help="seconds between lines"),
) -> None:
    """Play a saved record back, line by line, checking that every roll replays."""
    from ..core.record import Record
    from ..games import replay

    with handle_errors():
        record = Record.load(file)
        match = replay(record)
        for line in match.log:
            if line.private_to is None:
                console.print(("🎲 " if line.kind == "roll" else "   ") + line.text, markup=False)
                if delay:
                    time.sleep(delay)
        summary = match.game.summary(match.state)
        if summary:
            console.print(summary, markup=False)
