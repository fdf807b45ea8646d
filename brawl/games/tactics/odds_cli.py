"""``brawl odds tactics``: exact Tactics odds from the ready characters' sheets.

``brawl odds tactics`` (or ``brawl odds tactics examples``) prints the seed's four worked examples;
``brawl odds tactics sword`` one of them; ``--attacker steve --target jeff --action trip`` any
attack between ready characters.  ``brawl odds tactics ...`` takes the same arguments.
"""

from __future__ import annotations

import json
from typing import Optional

import typer

from ...cli.app import console, handle_errors
from ...core.game import BrawlError


def tactics_odds(example: Optional[str], attacker: Optional[str], target: Optional[str], action: str,
                 feet: int, level: int, flat_footed: bool, prone: bool, as_json: bool,
                 options: Optional[dict] = None, between: str = "none", ally_engaged: bool = False,
                 attacker_prone: bool = False) -> None:
    from . import odds as O

    if attacker or target:
        if not (attacker and target):
            raise BrawlError("--attacker and --target go together")
        if example:
            raise BrawlError("give an example name or --attacker/--target, not both")
        data = O.attack_odds(attacker, target, action, feet, level, flat_footed, prone, options, between,
                             ally_engaged, attacker_prone)
        if as_json:
            print(json.dumps(data))
            return
        if "hit_chance" not in data:
            console.print(f"{action}: {data['save']} {data['save_bonus']:+d} against DC {data['dc']}: "
                          f"saves {_pct(data['save_chance'])}, fails {_pct(data['fail_chance'])}", markup=False)
            return
        scene = []
        if between != "none":
            scene.append({"wall": "a wall's end between them", "creature": "a friend of the attacker in the way"}[between])
        if data.get("ally_engaged"):
            scene.append("a friend of the attacker in melee with the target")
        console.print(f"{data['attacker']} {_doing(action, data['target'])} from {data['feet']} ft"
                      + (f" ({'; '.join(scene)})" if scene else "") + ":", markup=False)
        for n, roll in enumerate(data.get("attacks", [data])):
            label = f"  attack {n + 1} ({roll['weapon']}): " if "attacks" in data else "  "
            console.print(f"{label}d20{roll['bonus']:+d} ({_parts(roll['bonus_parts'])}) against "
                          f"{'touch ' if data['touch'] else ''}AC {roll['ac']} ({_parts(roll['ac_parts'])})", markup=False)
            console.print(f"    hits {_pct(roll['hit_chance'])}, critical {_pct(roll['crit_chance'])}"
                          + (f", damage {roll['damage']}" if roll["damage"] else "")
                          + (f" (of it {_parts(roll['damage_parts'])})" if roll.get("damage_parts") else "")
                          + (" nonlethal" if roll.get("nonlethal") else "")
                          + (f" + {roll['sneak_d6']}d6 sneak attack" if roll.get("sneak_d6") else ""), markup=False)
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


_VERBS = {"attack": "attacks {t}", "twoweapon": "attacks {t} with both weapons", "fullattack": "makes a full attack on {t}",
          "shoot": "shoots at {t}", "throw": "throws a weapon at {t}", "trip": "tries to trip {t}",
          "hamstring": "tries to hamstring {t}", "punch": "punches {t}"}


def _doing(action: str, target: str) -> str:
    verb, _, spell = action.partition(":")
    if verb == "cast":
        return f"casts {spell.replace('_', ' ')} at {target}"
    return _VERBS.get(verb, verb + " {t}").format(t=target)


def _parts(parts) -> str:
    return ", ".join(k if "lost" in k else f"{k} {v}" if k == "base" else f"{k} {v:+d}" for k, v in parts)


def _pct(fraction: str) -> str:
    from fractions import Fraction

    f = Fraction(fraction)
    v = f * 100
    return f"{v.numerator / v.denominator:g}% ({f})"


app = typer.Typer(add_completion=False)


@app.command()
def tactics_odds_cmd(
    example: Optional[str] = typer.Argument(None, help="sword, scorching-ray, fireball, trip, or examples (all four)"),
    attacker: Optional[str] = typer.Option(None, "--attacker", help="a ready character (steve, jeff, mara, ...)"),
    target: Optional[str] = typer.Option(None, "--target", help="a ready character"),
    action: str = typer.Option("attack", "--action", help="attack, twoweapon, fullattack, shoot, throw, trip, hamstring, "
                                                       "punch, cast:<spell>"),
    feet: int = typer.Option(5, "--feet", help="distance in feet (straight line)"),
    level: int = typer.Option(5, "--level", min=1, max=20, help="level of both characters"),
    flat_footed: bool = typer.Option(False, "--flat-footed", help="the target has not acted yet"),
    prone: bool = typer.Option(False, "--prone", help="the target is prone"),
    attacker_prone: bool = typer.Option(False, "--attacker-prone", help="the attacker is prone"),
    between: str = typer.Option("none", "--between", help="none, wall (the target just past a wall's end) or "
                                                         "creature (a friend of the attacker in the way)"),
    ally_engaged: bool = typer.Option(False, "--ally-engaged", help="a friend of the attacker is in melee with the target"),
    cover: bool = typer.Option(False, "--cover", help="option: cover from walls and creatures in the way (SRD)"),
    shooting_into_melee: bool = typer.Option(False, "--shooting-into-melee",
                                             help="option: -4 shooting at an enemy in melee with a friend (SRD)"),
    unarmed_strikes: bool = typer.Option(False, "--unarmed-strikes", help="option: punches, 1d3 nonlethal (SRD)"),
    iterative_attacks: bool = typer.Option(False, "--iterative-attacks",
                                           help="option: full attacks from base attack +6 (SRD)"),
    two_weapon_penalty: str = typer.Option("wielding", "--two-weapon-penalty",
                                           help="option: wielding (the seed's words) or both_attacks"),
    prone_damage: str = typer.Option("all", "--prone-damage", help="option: all (the seed's words) or melee"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Exact Tactics odds: the seed's worked examples, or any attack between ready characters under
    the game's options, with every modifier the options apply."""
    options = {"cover": cover, "shooting_into_melee": shooting_into_melee, "unarmed_strikes": unarmed_strikes,
               "iterative_attacks": iterative_attacks, "two_weapon_penalty": two_weapon_penalty,
               "prone_damage": prone_damage}
    with handle_errors():
        tactics_odds(example, attacker, target, action, feet, level, flat_footed, prone, as_json, options,
                     between, ally_engaged, attacker_prone)
