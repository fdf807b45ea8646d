"""``brawl odds tactics``: exact Tactics odds from the ready characters' sheets.

``brawl odds tactics`` (or ``brawl odds tactics examples``) prints the seed's four worked examples;
``brawl odds tactics sword`` one of them; ``--attacker steve --target jeff --action trip`` any
attack between ready characters.  ``brawl odds tactics ...`` takes the same arguments.
"""

from __future__ import annotations

import json
from typing import Optional

import typer

from ..core.game import BrawlError
from .app import console, handle_errors


def tactics_odds(example: Optional[str], attacker: Optional[str], target: Optional[str], action: str,
                 feet: int, level: int, flat_footed: bool, prone: bool, as_json: bool) -> None:
    from ..games.tactics import odds as O

    if attacker or target:
        if not (attacker and target):
            raise BrawlError("--attacker and --target go together")
        if example:
            raise BrawlError("give an example name or --attacker/--target, not both")
        data = O.attack_odds(attacker, target, action, feet, level, flat_footed, prone)
        if as_json:
            print(json.dumps(data))
            return
        if "hit_chance" not in data:
            console.print(f"{action}: {data['save']} {data['save_bonus']:+d} against DC {data['dc']}: "
                          f"saves {_pct(data['save_chance'])}, fails {_pct(data['fail_chance'])}", markup=False)
            return
        parts = ", ".join(f"{k} {v:+d}" for k, v in data["bonus_parts"])
        ac_parts = ", ".join(f"{k} {v:+d}" if k != "base" else f"{k} {v}" for k, v in data["ac_parts"])
        console.print(f"{data['attacker']} {action} {data['target']} from {data['feet']} ft: d20{data['bonus']:+d} "
                      f"({parts}) against {'touch ' if data['touch'] else ''}AC {data['ac']} ({ac_parts})", markup=False)
        console.print(f"  hits {_pct(data['hit_chance'])}, critical {_pct(data['crit_chance'])}"
                      + (f", damage {data['damage']}" if data["damage"] else "")
                      + (f" + {data['sneak_d6']}d6 sneak attack" if data.get("sneak_d6") else ""), markup=False)
        if "resist_chance" in data:
            console.print(f"  after a hit the target resists DC {data['trip_dc']} {_pct(data['resist_chance'])}", markup=False)
        return
    if example in (None, "examples", "all"):
        chosen = O.examples()
    elif example in O.EXAMPLES:
        chosen = [O.EXAMPLES[example]()]
    else:
        raise BrawlError(f"unknown example {example!r}; examples: {', '.join(O.EXAMPLES)}")
    if as_json:
        print(json.dumps({"game": "tactics", "examples": [e.to_json() for e in chosen]}))
        return
    for e in chosen:
        console.print(f"{e.key}: {e.text}: {_pct(str(e.probability))} (seed says {e.seed_percent}%)", markup=False)
        console.print(f"    {e.detail}; assumes {e.assumes}", markup=False)


def _pct(fraction: str) -> str:
    from fractions import Fraction

    f = Fraction(fraction)
    v = f * 100
    return f"{v.numerator / v.denominator:g}% ({f})"


def run_from_args(args: list[str], as_json: bool) -> None:
    """Run ``brawl odds tactics ...`` with the words after ``tactics``."""
    import click

    command = typer.main.get_command(_sub)
    try:
        command.main(args=list(args) + (["--json"] if as_json else []), prog_name="brawl odds tactics",
                     standalone_mode=False)
    except click.ClickException as exc:
        raise BrawlError(exc.format_message()) from None


_sub = typer.Typer(add_completion=False)


@_sub.command()
def tactics_odds_cmd(
    example: Optional[str] = typer.Argument(None, help="sword, scorching-ray, fireball, trip, or examples (all four)"),
    attacker: Optional[str] = typer.Option(None, "--attacker", help="a ready character (steve, jeff, mara, ...)"),
    target: Optional[str] = typer.Option(None, "--target", help="a ready character"),
    action: str = typer.Option("attack", "--action", help="attack, twoweapon, shoot, throw, trip, hamstring, cast:<spell>"),
    feet: int = typer.Option(5, "--feet", help="distance in feet (straight line)"),
    level: int = typer.Option(5, "--level", min=1, max=20, help="level of both characters"),
    flat_footed: bool = typer.Option(False, "--flat-footed", help="the target has not acted yet"),
    prone: bool = typer.Option(False, "--prone", help="the target is prone"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Exact Tactics odds: the seed's worked examples, or any attack between ready characters."""
    with handle_errors():
        tactics_odds(example, attacker, target, action, feet, level, flat_footed, prone, as_json)
