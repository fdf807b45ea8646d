"""Exact odds of one KtOG attack (``brawl odds ktog``), as fractions, from the dice and the mechanics."""

from __future__ import annotations

from fractions import Fraction

import typer

from ...core.dice import die, parse
from ...core.game import BrawlError
from ...solve.odds import add, show, sorted_dist
from . import mechanics as M


def ktog_attack(to_hit: int = 14, bless: bool = False, target_disarmed: bool = False, bare_handed: bool = False,
                mighty_blow: bool = False) -> dict:
    """One KtOG attack (rules page, KtOG, Attack and After a hit): natural 20 a critical (2d6), natural
    1 a critical miss, otherwise a hit when the d20 reaches the threshold (``to_hit``, -2 with
    Bless, -2 against a disarmed target, +1 bare-handed).  ``mighty_blow``: cast on every hit (the
    target does not Dodge).  Damage: d6 or 2d6, bare-handed -2 (not below 0), Mighty Blow x2."""
    if not M.NATURAL_MISS + 1 <= to_hit <= M.D20:
        raise BrawlError(f"to_hit is {M.NATURAL_MISS + 1} to {M.D20}, not {to_hit}")
    threshold = M.hit_threshold(to_hit, bless, target_disarmed, bare_handed, False)
    damage: dict[int, Fraction] = {}
    hit = crit = fumble = Fraction(0)
    dice = {critical: parse(f"{M.damage_dice(critical)}d{M.DAMAGE_SIDES}").distribution() for critical in (False, True)}
    for roll, p in die(M.D20).items():
        if M.is_critical_miss(roll):
            fumble += p
            add(damage, 0, p)
        elif M.attack_hits(roll, threshold):
            critical = M.is_critical_hit(roll)
            hit += p
            crit += p if critical else 0
            for d, q in dice[critical].items():
                add(damage, M.damage(d, bare_handed, mighty_blow), p * q)
        else:
            add(damage, 0, p)
    mean = sum((k * p for k, p in damage.items()), Fraction(0))
    hits_only = {k: v / hit for k, v in damage.items() if hit} if hit else {}
    if hit:
        miss_mass = 1 - hit
        hits_only[0] = (damage.get(0, Fraction(0)) - miss_mass) / hit
        if hits_only[0] == 0:
            del hits_only[0]
    return {"game": "ktog", "action": "fight" if bare_handed else "attack", "to_hit": to_hit, "threshold": threshold,
            "bless": bless, "target_disarmed": target_disarmed, "bare_handed": bare_handed, "mighty_blow": mighty_blow,
            "hit": hit, "critical": crit, "critical_miss": fumble, "damage": sorted_dist(damage),
            "damage_given_hit": sorted_dist(hits_only), "mean_damage": mean}


app = typer.Typer(add_completion=False)


@app.command()
def ktog_odds(
    bless: bool = typer.Option(False, "--bless", help="the attacker cast Bless"),
    disarmed: bool = typer.Option(False, "--disarmed", help="the target is disarmed"),
    bare_handed: bool = typer.Option(False, "--bare-handed", help="the attacker is disarmed and fights bare-handed"),
    to_hit: int = typer.Option(M.TO_HIT, "--to-hit", help="the to_hit option"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Exact odds of one KtOG attack, with and without Mighty Blow."""
    cases = [ktog_attack(to_hit, bless, disarmed, bare_handed, mighty_blow=m) for m in (False, True)]
    first = cases[0]
    mods = [m for m, on in (("Bless", bless), ("target disarmed", disarmed), ("bare-handed", bare_handed)) if on]
    show("ktog", f"KtOG attack, to_hit {to_hit}{', ' + ', '.join(mods) if mods else ''}: "
         f"needs {max(M.NATURAL_MISS + 1, first['threshold'])}+ on the d20",
         [("Mighty Blow" if c["mighty_blow"] else "no Mighty Blow", c) for c in cases],
         [("hit", "hit"), ("critical", "critical"), ("critical miss", "critical_miss"), ("mean damage", "mean_damage")],
         [("damage", "damage")], as_json)
