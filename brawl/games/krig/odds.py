"""Exact odds of one Krig attack (``brawl odds krig``), as fractions, from the dice and the mechanics."""

from __future__ import annotations

from fractions import Fraction

import typer

from ...core.dice import die
from ...core.game import BrawlError
from ...solve.odds import add, show, sorted_dist
from . import mechanics as M


def krig_attack(defense: int = 0, parry: bool = False, charge: bool = False) -> dict:
    """One Krig attack into ``defense`` (0 = none active).  ``parry``: the defender parries every
    ordinary hit (rules page, Krig, Parry); ``charge``: the charge attack (d6 + d8, never parried)."""
    if not 0 <= defense <= M.DEFENSE_SIDES:
        raise BrawlError(f"a Krig defense is 0 (none) to {M.DEFENSE_SIDES}, not {defense}")
    if charge and parry:
        raise BrawlError("a charge attack can never be parried")
    hp_loss: dict[int, Fraction] = {}
    defense_left: dict[int, Fraction] = {}
    miss = critical = parried = again = Fraction(0)
    big = 10**6  # hit points far above any blow, so the loss is the whole damage that gets through
    attack, defense_die = die(M.ATTACK_SIDES), die(M.DEFENSE_SIDES)
    if charge:
        blow: dict[int, Fraction] = {}
        for a, pa in attack.items():
            for b, pb in defense_die.items():
                add(blow, M.charge_damage(a, b), pa * pb)
    else:
        blow = dict(attack.items())
    for agility, pa in die(M.AGILITY_SIDES).items():
        if M.is_miss(agility):
            miss += pa
            add(hp_loss, 0, pa)
            add(defense_left, defense, pa)
            continue
        for dmg, pd in blow.items():
            p = pa * pd
            if M.is_critical(agility):
                critical += p
                add(hp_loss, dmg, p)
                add(defense_left, defense, p)
                continue
            if parry:
                for face, pf in die(M.PARRY_SIDES).items():
                    q = p * pf
                    if M.parry_succeeds(face, dmg):
                        parried += q
                        add(hp_loss, 0, q)
                        add(defense_left, defense, q)
                    else:
                        again += q
                        hp, left = M.absorb(big, defense, dmg)
                        add(hp_loss, big - hp, q)
                        add(defense_left, left, q)
                continue
            hp, left = M.absorb(big, defense, dmg)
            add(hp_loss, big - hp, p)
            add(defense_left, left, p)
    mean = sum((k * p for k, p in hp_loss.items()), Fraction(0))
    return {"game": "krig", "action": "charge attack" if charge else "attack", "defense": defense, "parry": parry,
            "miss": miss, "critical": critical, "parried": parried, "attacker_again": again,
            "hp_damage": sorted_dist(hp_loss), "defense_after": sorted_dist(defense_left), "mean_hp_damage": mean}


app = typer.Typer(add_completion=False)


@app.command()
def krig_odds(
    defense: int = typer.Option(0, "--defense", help="the defender's active defense (0 = none)"),
    charge: bool = typer.Option(False, "--charge", help="the charge attack (d6 + d8, never parried)"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Exact odds of one Krig attack, with and without a parry."""
    cases = [krig_attack(defense, parry=False, charge=charge)]
    if not charge:
        cases.append(krig_attack(defense, parry=True))
    first = cases[0]
    show("krig", f"Krig {first['action']} into defense {first['defense']}",
         [("parry" if c["parry"] else "no parry", c) for c in cases],
         [("miss", "miss"), ("critical", "critical"), ("parried", "parried"), ("attacker goes again", "attacker_again"),
          ("mean damage to hit points", "mean_hp_damage")],
         [("hit point damage", "hp_damage"), ("defense left", "defense_after")], as_json)
