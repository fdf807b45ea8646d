"""Exact odds of single actions, as fractions, built from :mod:`brawl.core.dice` chance events.

- :func:`krig_attack`: one Krig attack (or charge attack) into a defender with an active defense,
  with or without a parry: the distributions of damage to hit points and of the defense left, and
  the chances of a miss, a critical, a parry and of the attacker going again.
- :func:`ktog_attack`: one KtOG attack: the chance to hit (criticals included), of a critical and
  of a critical miss, and the damage distribution, with the modifiers of RULINGS KtOG (Bless, a
  disarmed target, bare hands, Mighty Blow).
"""

from __future__ import annotations

from fractions import Fraction

from ..core.dice import die, parse
from ..core.game import BrawlError


def _add(dist: dict, key, p: Fraction) -> None:
    dist[key] = dist.get(key, Fraction(0)) + p


def _sorted(dist: dict) -> dict:
    return {k: dist[k] for k in sorted(dist)}


def krig_attack(defense: int = 0, parry: bool = False, charge: bool = False) -> dict:
    """One Krig attack into ``defense`` (0 = none active).  ``parry``: the defender parries every
    ordinary hit (RULINGS Krig, Parry); ``charge``: the charge attack (d6 + d8, never parried)."""
    from ..games.krig import mechanics as M

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
                _add(blow, M.charge_damage(a, b), pa * pb)
    else:
        blow = dict(attack.items())
    for agility, pa in die(M.AGILITY_SIDES).items():
        if M.is_miss(agility):
            miss += pa
            _add(hp_loss, 0, pa)
            _add(defense_left, defense, pa)
            continue
        for dmg, pd in blow.items():
            p = pa * pd
            if M.is_critical(agility):
                critical += p
                _add(hp_loss, dmg, p)
                _add(defense_left, defense, p)
                continue
            if parry:
                for face, pf in die(M.PARRY_SIDES).items():
                    q = p * pf
                    if M.parry_succeeds(face, dmg):
                        parried += q
                        _add(hp_loss, 0, q)
                        _add(defense_left, defense, q)
                    else:
                        again += q
                        hp, left = M.absorb(big, defense, dmg)
                        _add(hp_loss, big - hp, q)
                        _add(defense_left, left, q)
                continue
            hp, left = M.absorb(big, defense, dmg)
            _add(hp_loss, big - hp, p)
            _add(defense_left, left, p)
    mean = sum((k * p for k, p in hp_loss.items()), Fraction(0))
    return {"game": "krig", "action": "charge attack" if charge else "attack", "defense": defense, "parry": parry,
            "miss": miss, "critical": critical, "parried": parried, "attacker_again": again,
            "hp_damage": _sorted(hp_loss), "defense_after": _sorted(defense_left), "mean_hp_damage": mean}


def ktog_attack(to_hit: int = 14, bless: bool = False, target_disarmed: bool = False, bare_handed: bool = False,
                mighty_blow: bool = False) -> dict:
    """One KtOG attack (RULINGS KtOG, Attack and After a hit): natural 20 a critical (2d6), natural
    1 a critical miss, otherwise a hit when the d20 reaches the threshold (``to_hit``, -2 with
    Bless, -2 against a disarmed target, +1 bare-handed).  ``mighty_blow``: cast on every hit (the
    target does not Dodge).  Damage: d6 or 2d6, bare-handed -2 (not below 0), Mighty Blow x2."""
    from ..games.ktog import mechanics as M

    if not M.NATURAL_MISS + 1 <= to_hit <= M.D20:
        raise BrawlError(f"to_hit is {M.NATURAL_MISS + 1} to {M.D20}, not {to_hit}")
    threshold = M.hit_threshold(to_hit, bless, target_disarmed, bare_handed, False)
    damage: dict[int, Fraction] = {}
    hit = crit = fumble = Fraction(0)
    dice = {critical: parse(f"{M.damage_dice(critical)}d{M.DAMAGE_SIDES}").distribution() for critical in (False, True)}
    for roll, p in die(M.D20).items():
        if M.is_critical_miss(roll):
            fumble += p
            _add(damage, 0, p)
        elif M.attack_hits(roll, threshold):
            critical = M.is_critical_hit(roll)
            hit += p
            crit += p if critical else 0
            for d, q in dice[critical].items():
                _add(damage, M.damage(d, bare_handed, mighty_blow), p * q)
        else:
            _add(damage, 0, p)
    mean = sum((k * p for k, p in damage.items()), Fraction(0))
    hits_only = {k: v / hit for k, v in damage.items() if hit} if hit else {}
    if hit:
        miss_mass = 1 - hit
        hits_only[0] = (damage.get(0, Fraction(0)) - miss_mass) / hit
        if hits_only[0] == 0:
            del hits_only[0]
    return {"game": "ktog", "action": "fight" if bare_handed else "attack", "to_hit": to_hit, "threshold": threshold,
            "bless": bless, "target_disarmed": target_disarmed, "bare_handed": bare_handed, "mighty_blow": mighty_blow,
            "hit": hit, "critical": crit, "critical_miss": fumble, "damage": _sorted(damage),
            "damage_given_hit": _sorted(hits_only), "mean_damage": mean}


def jsonable(report: dict) -> dict:
    """Fractions as floats, beside their exact text."""
    out = {}
    for k, v in report.items():
        if isinstance(v, Fraction):
            out[k] = float(v)
            out[k + "_exact"] = str(v)
        elif isinstance(v, dict):
            out[k] = {str(a): float(b) for a, b in v.items()}
        else:
            out[k] = v
    return out
