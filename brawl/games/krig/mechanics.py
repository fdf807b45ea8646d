"""Krig's numbers and formulas, each written once, with where it comes from.

Every other piece of Krig (the rules module, its bots and hints, the exact solver, the batch
simulator, the odds) takes its numbers from here.  The functions are plain functions of ints and
bools that call nothing else, so the compiled code wraps them as they stand
(``numba.njit(mechanics.parry_succeeds)``).

Sources, as the rules page (``rules.md``) names them: ``author`` is the designer's page,
``article`` the third-party article, and ``ruling`` a point of the page's last section, where brawl
says how it reads what the two leave open.
"""

from __future__ import annotations

# -- the dice (author: "d20: hit points, d10: agility, d8: defense, d6: attack, d4: parry") --------
AGILITY_SIDES = 10
ATTACK_SIDES = 6
DEFENSE_SIDES = 8
PARRY_SIDES = 4

#: author: "set your hit points d20 on the table, displaying 20 points"; ruling Set-up: option ``hp``.
STARTING_HP = 20

#: author, attack: "If the agility d10 result is 1, the attack misses"
MISS_FACE = 1
#: author, attack: "if the result is 10, the attack is a critical hit"
CRITICAL_FACE = 10


def is_miss(agility: int) -> bool:
    """author, attack and charge: agility d10 = 1 misses."""
    return agility == MISS_FACE


def is_critical(agility: int) -> bool:
    """author, attack and charge: agility d10 = 10 is a critical hit, straight to hit points."""
    return agility == CRITICAL_FACE


#: faces of the agility d10 that miss, that are critical, and that hit without being critical
MISS_FACES = 1
CRITICAL_FACES = 1
ORDINARY_FACES = AGILITY_SIDES - MISS_FACES - CRITICAL_FACES


def initiative_first(sun: int, moon: int) -> int:
    """Who goes first from the two agility d10 rolls: 0 (Sun), 1 (Moon) or -1 for a tie, which
    re-rolls (author: "roll and compare your agility d10 ... If there is a tie, reroll")."""
    if sun == moon:
        return -1
    return 0 if sun > moon else 1


def charge_damage(attack_d6: int, defense_d8: int) -> int:
    """author, charge: "subtracts the combined results of the attack d6 and defense d8"."""
    return attack_d6 + defense_d8


def parry_succeeds(parry_d4: int, attack_d6: int) -> bool:
    """author, parry: "successful if the parry d4 result is equal to or greater than the opponent's
    attack d6 result"."""
    return parry_d4 >= attack_d6


def parry_faces(attack_d6: int) -> int:
    """Faces of the parry d4 that parry an attack d6 (out of :data:`PARRY_SIDES`)."""
    return max(0, PARRY_SIDES - attack_d6 + 1)


def may_parry(article: bool, charging: bool) -> bool:
    """Whether a defender may parry an ordinary attack (not a critical, not a charge attack: author,
    parry).  article, charge: "A player cannot parry while charging"; author: parry allowed (ruling
    Charge)."""
    return not (article and charging)


def defense_after_charge(article: bool, defense: int) -> int:
    """The charger's active defense once the charge is declared: article, "any defense points they had
    are lost" (0 at once); author, it stays active (ruling Charge)."""
    return 0 if article else defense


#: ruling Charge attack: "After it ... the attacker's own defense is 0 (both editions)".
DEFENSE_AFTER_CHARGE_ATTACK = 0


def absorb(hp: int, defense: int, damage: int) -> tuple[int, int]:
    """author, defend: the active defense d8 "absorbs damage, decreasing its value until it is reduced
    to 0. If any damage remains after this, subtract it from your hit points" (ruling Attack):
    (hit points, defense) after, hit points not below 0."""
    soaked = min(defense, damage)
    return max(0, hp - (damage - soaked)), defense - soaked


def critical_hit(hp: int, damage: int) -> int:
    """author, attack: a critical "deal[s] damage directly to the opponent's hit points d20, ignoring
    any defense"; hit points after, not below 0."""
    return max(0, hp - damage)


def knocked_out(hp: int) -> bool:
    """author: the goal is to reduce the opponent's hit points to 0; ruling: "at 0 or fewer hit
    points loses"."""
    return hp <= 0
