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


@app.command(context_settings=EXTRA)
def odds(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="krig, ktog or tactics (tactics: brawl odds tactics --help)"),
    defense: int = typer.Option(0, "--defense", help="krig: the defender's active defense (0 = none)"),
    charge: bool = typer.Option(False, "--charge", help="krig: the charge attack (d6 + d8, never parried)"),
    bless: bool = typer.Option(False, "--bless", help="ktog: the attacker cast Bless"),
    disarmed: bool = typer.Option(False, "--disarmed", help="ktog: the target is disarmed"),
    bare_handed: bool = typer.Option(False, "--bare-handed", help="ktog: the attacker is disarmed and fights bare-handed"),
    to_hit: int = typer.Option(14, "--to-hit", help="ktog: the to_hit option"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Exact odds of one attack.  Krig: with and without a parry; KtOG: with and without Mighty Blow."""
    from ..solve import odds as O

    with handle_errors():
        if game == "tactics":
            from .odds_tactics import run_from_args

            if defense or charge or bless or disarmed or bare_handed or to_hit != 14:
                raise BrawlError("--defense, --charge, --bless, --disarmed, --bare-handed and --to-hit are Krig and KtOG options")
            run_from_args(ctx.args, as_json)
            return
        if ctx.args:
            raise BrawlError(f"unexpected arguments for {game}: {' '.join(ctx.args)}")
        if game == "krig":
            if bless or disarmed or bare_handed or to_hit != 14:
                raise BrawlError("--bless, --disarmed, --bare-handed and --to-hit are KtOG options")
            cases = [O.krig_attack(defense, parry=False, charge=charge)]
            if not charge:
                cases.append(O.krig_attack(defense, parry=True))
            columns = [("no parry" if not c["parry"] else "parry", c) for c in cases]
        elif game == "ktog":
            if defense or charge:
                raise BrawlError("--defense and --charge are Krig options")
            cases = [O.ktog_attack(to_hit, bless, disarmed, bare_handed, mighty_blow=m) for m in (False, True)]
            columns = [("no Mighty Blow" if not c["mighty_blow"] else "Mighty Blow", c) for c in cases]
        else:
            game_class(game)
            raise BrawlError(f"no odds for {game}; odds cover krig, ktog and tactics")
        if as_json:
            print(json.dumps({"game": game, "cases": [O.jsonable(c) for c in cases]}))
            return
        _print_odds(game, columns)


def _print_odds(game: str, columns: list) -> None:
    from rich.table import Table

    first = columns[0][1]
    if game == "krig":
        console.print(f"Krig {first['action']} into defense {first['defense']}", markup=False)
        rows = [("miss", "miss"), ("critical", "critical"), ("parried", "parried"), ("attacker goes again", "attacker_again"),
                ("mean damage to hit points", "mean_hp_damage")]
        dists = [("hit point damage", "hp_damage"), ("defense left", "defense_after")]
    else:
        mods = [m for m, on in (("Bless", first["bless"]), ("target disarmed", first["target_disarmed"]),
                                ("bare-handed", first["bare_handed"])) if on]
        console.print(f"KtOG attack, to_hit {first['to_hit']}{', ' + ', '.join(mods) if mods else ''}: "
                      f"needs {max(2, first['threshold'])}+ on the d20", markup=False)
        rows = [("hit", "hit"), ("critical", "critical"), ("critical miss", "critical_miss"), ("mean damage", "mean_damage")]
        dists = [("damage", "damage")]
    table = Table(show_header=True, header_style="bold")
    table.add_column("")
    for name, _ in columns:
        table.add_column(name, justify="right")
    for label, key in rows:
        table.add_row(label, *(f"{float(c[key]):.4f} ({c[key]})" for _, c in columns))
    for label, key in dists:
        values = sorted(set().union(*(c[key] for _, c in columns)))
        for v in values:
            table.add_row(f"{label} {v}", *(f"{float(c[key].get(v, 0)):.4f}" for _, c in columns))
    console.print(table)


@app.command(context_settings=EXTRA)
def analyze(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="game name (krig or ktog)"),
    out: str = typer.Option(..., "--out", help="directory for index.html and its plots"),
    sweep: str = typer.Option("hp", "--sweep", help="the option to sweep over (krig: hp or edition; ktog: any of its options)"),
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
        if game not in ("krig", "ktog"):
            raise BrawlError(f"no analysis for {game}; brawl analyze covers krig and ktog")
        if address and backend != "ray":
            raise BrawlError("--address needs --backend ray")
        if game == "krig":
            if exact_hp != 5 or spell_games != 1000:
                raise BrawlError("--exact-hp and --spell-games are ktog options")
            pair = tuple(b.strip() for b in (bots or "optimal,optimal").split(","))
            if len(pair) != 2:
                raise BrawlError("--bots needs two bot names, e.g. optimal,attacker")
            from ..analysis.krig import build_report

            page = build_report(options, out, games=games or 200_000, sweep=sweep, bots=pair, seed=seed,
                                workers=workers, backend=backend, address=address)
        else:
            from ..analysis.ktog import build_report as build_ktog

            names = tuple(b.strip() for b in (bots or "brute").split(","))
            page = build_ktog(options, out, games=games or 100_000, sweep=sweep, bots=names, seed=seed,
                              workers=workers, backend=backend, address=address, exact_hp=exact_hp,
                              spell_games=spell_games)
        console.print(f"report written to {page}", markup=False)
