"""Tactics tables: classes, weapons, armor and spells.

Numbers the seed's appendices give are used as they stand (``source="seed"``); everything the seed
leaves open is filled from the d20 System Reference Document (``source="ruling"``) and listed as a
ruling on the rules page.  Nothing here changes during a battle.
"""

from __future__ import annotations

from dataclasses import dataclass

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
ABILITY_NAMES = {"str": "Strength", "dex": "Dexterity", "con": "Constitution",
                 "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma"}
CLASSES = ("fighter", "rogue", "wizard", "cleric")
LEVELS = range(1, 21)
ABILITY_SCORES = (3, 25)  # ruling: the lowest and highest ability score a custom sheet may have


def modifier(score: int) -> int:
    """Ability modifier (SRD): (score - 10) // 2, so 16 gives +3 and 8 gives -1."""
    return (score - 10) // 2


# ----------------------------------------------------------------------------------------------
# Classes (ruling: SRD 3.5 class tables)


@dataclass(frozen=True)
class ClassInfo:
    name: str
    hit_die: int
    bab: str  # "full" (level), "three_quarters" (level * 3 // 4), "half" (level // 2)
    good_saves: tuple[str, ...]  # of "fort", "ref", "will"
    class_skills: tuple[str, ...]
    ability_order: tuple[str, ...]  # where the standard array goes, best first
    caster: str | None = None  # spellcasting ability
    sneak_attack: bool = False


CLASS_INFO: dict[str, ClassInfo] = {
    "fighter": ClassInfo("fighter", 10, "full", ("fort",), ("intimidate",),
                         ("str", "dex", "con", "wis", "int", "cha")),
    "rogue": ClassInfo("rogue", 6, "three_quarters", ("ref",), ("hide", "intimidate"),
                       ("dex", "str", "con", "int", "wis", "cha"), sneak_attack=True),
    "wizard": ClassInfo("wizard", 4, "half", ("will",), ("concentration",),
                        ("int", "dex", "con", "wis", "cha", "str"), caster="int"),
    "cleric": ClassInfo("cleric", 8, "three_quarters", ("fort", "will"), ("concentration", "heal"),
                        ("wis", "con", "str", "dex", "cha", "int"), caster="wis"),
}

#: the SRD's elite array, assigned in each class's ``ability_order``
STANDARD_ARRAY = (15, 14, 13, 12, 10, 8)

CLASS_SKILL_RANKS = 3  # ruling (SRD): a class skill has level + 3 ranks, any other none
ABILITY_INCREASE_EVERY = 4  # ruling (SRD): +1 to an ability at every fourth level
SPELL_DC_BASE = 10  # ruling (SRD): a spell's DC is 10 + its level + the casting ability modifier
MIN_HP_PER_LEVEL = 1  # ruling (SRD): every level gives at least 1 hit point

SKILLS = {"concentration": "con", "heal": "wis", "hide": "dex", "intimidate": "cha"}
#: skills with an effect in play; the others are on the sheet only
ACTIVE_SKILLS = ("concentration", "heal")


def base_attack(cls: str, level: int) -> int:
    kind = CLASS_INFO[cls].bab
    if kind == "full":
        return level
    if kind == "three_quarters":
        return level * 3 // 4
    return level // 2


def base_save(cls: str, save: str, level: int) -> int:
    """SRD: a good save is 2 + level // 2, a poor one level // 3."""
    return 2 + level // 2 if save in CLASS_INFO[cls].good_saves else level // 3


def sneak_dice(level: int) -> int:
    """SRD rogue: +1d6 at level 1 and another every two levels."""
    return (level + 1) // 2


def max_spell_level(level: int) -> int:
    """SRD full casters reach spell level n at class level 2n - 1 (0th-level spells from level 1)."""
    return (level + 1) // 2


# ----------------------------------------------------------------------------------------------
# Weapons (seed Appendix A; ranges and grips the seed leaves open are rulings from the SRD)


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str
    dice: str  # damage as marked by an x in the seed's table (the "natural" grip)
    crit_lo: int = 20  # lowest natural roll that is a critical hit
    mult: int = 2
    light: bool = False
    grip: str = "one"  # "one" (one-handed, OH) or "two" (two-handed, TH)
    alt_grip: bool = False  # seed "y": may also be used in the other grip
    ranged: int = 0  # range increment in feet of a projectile weapon (bows, sling)
    thrown: int = 0  # range increment when thrown, for weapons made for throwing
    ammo: int = 0  # shots a character starts with
    str_to_damage: bool = True
    classes: tuple[str, ...] = ()

    @property
    def melee(self) -> bool:
        return not self.ranged


# one die size up or down, for the seed's "+1 dice size and vice versa"
_DIE_STEPS = ["1d2", "1d3", "1d4", "1d6", "1d8", "1d10", "1d12"]


def step_die(dice: str, steps: int) -> str:
    if dice in _DIE_STEPS:
        i = max(0, min(len(_DIE_STEPS) - 1, _DIE_STEPS.index(dice) + steps))
        return _DIE_STEPS[i]
    if dice == "2d6":
        return {1: "2d8", -1: "1d10"}.get(steps, dice)
    return dice


ALL = ("fighter", "cleric", "rogue", "wizard")
WEAPONS: dict[str, Weapon] = {w.key: w for w in (
    Weapon("dagger", "dagger", "1d4", 19, light=True, thrown=10, classes=ALL),
    Weapon("club", "club", "1d6", classes=ALL),
    Weapon("staff", "staff", "1d6", grip="two", alt_grip=True, classes=ALL),
    Weapon("spear", "spear", "1d8", mult=3, grip="two", alt_grip=True, thrown=20,
           classes=("fighter", "cleric", "rogue")),
    Weapon("shortbow", "shortbow", "1d6", grip="two", ranged=60, ammo=5, str_to_damage=False,
           classes=("fighter", "rogue")),
    Weapon("sling", "sling", "1d4", ranged=50, ammo=8, classes=("fighter", "cleric", "rogue")),
    Weapon("axe", "axe", "1d6", mult=3, light=True, thrown=10, classes=("fighter",)),
    Weapon("sword", "sword", "1d8", 19, classes=("fighter", "rogue")),
    Weapon("hammer", "hammer", "1d8", mult=3, alt_grip=True, classes=("fighter",)),
    Weapon("greatsword", "greatsword", "2d6", 19, grip="two", classes=("fighter",)),
    Weapon("longbow", "longbow", "1d8", mult=3, grip="two", ranged=100, ammo=5, str_to_damage=False,
           classes=("fighter",)),
)}

#: ruling (SRD improvised thrown weapons): any other melee weapon thrown is at -4, 10-foot increments
IMPROVISED_THROW_PENALTY = -4
IMPROVISED_THROW_RANGE = 10
MAX_INCREMENTS_THROWN = 5
MAX_INCREMENTS_PROJECTILE = 10
RANGE_PENALTY = -2  # per full range increment beyond the first


def weapon_dice(weapon: Weapon, two_handed: bool) -> str:
    """Damage dice in the grip used: the seed's "using a OH weapon TH gives +1 dice size and vice versa"."""
    natural_two = weapon.grip == "two"
    if two_handed == natural_two:
        return weapon.dice
    return step_die(weapon.dice, 1 if two_handed else -1)


# ----------------------------------------------------------------------------------------------
# Armor and shields (seed Appendix A)


@dataclass(frozen=True)
class Armor:
    key: str
    name: str
    ac: int
    max_dex: int  # the seed's MDB; 10 means no real limit
    weight: str  # "none", "light", "medium", "heavy"
    classes: tuple[str, ...]


ARMORS: dict[str, Armor] = {a.key: a for a in (
    Armor("none", "no armor", 0, 10, "none", ALL),
    Armor("leather", "leather", 1, 6, "light", ("fighter", "cleric", "rogue")),
    Armor("brigandine", "brigandine", 4, 3, "medium", ("fighter", "cleric")),
    Armor("full_plate", "full plate", 7, 1, "heavy", ("fighter",)),
)}


@dataclass(frozen=True)
class Shield:
    key: str
    name: str
    ac: int
    classes: tuple[str, ...]


SHIELDS: dict[str, Shield] = {s.key: s for s in (
    Shield("buckler", "buckler", 1, ("fighter", "cleric")),
    Shield("shield", "shield", 3, ("fighter",)),
)}

TURN_ACTIONS = 2  # seed (Actions): one standard action and one move action each turn
BASE_SPEED = 30  # seed: 30 feet per move
ARMORED_SPEED = 20  # seed: medium or heavier armor
PRONE_SPEED = 5  # seed: a prone character moves five feet


# ----------------------------------------------------------------------------------------------
# Spells (seed Appendix B; spell levels, durations and DCs from the SRD are rulings)


@dataclass(frozen=True)
class Spell:
    key: str
    name: str
    caster: str  # "wizard" or "cleric"
    level: int  # SRD spell level (for the DC and for who may cast it)
    casts: int  # how many a caster has per battle (seed's "number")
    target: str  # "self", "ally" (touch: self or adjacent ally), "enemy_ranged_touch", "enemy_melee_touch",
    #              "enemy" (no attack roll), "area"
    range: int = 0  # feet; 0: touch or self
    dice: str = ""  # damage or healing
    save: str = ""  # "", "ref" (none on a save), "will_half"
    effect: str = ""  # "damage", "heal", "resistance", "blur", "haste"


SPELLS: dict[str, Spell] = {s.key: s for s in (
    Spell("resistance", "resistance", "wizard", 0, 1, "ally", effect="resistance"),
    Spell("acid_splash", "acid splash", "wizard", 0, 2, "enemy_ranged_touch", 35, "1d3", effect="damage"),
    Spell("expeditious_retreat", "expeditious retreat", "wizard", 1, 1, "self", effect="haste"),
    Spell("magic_missile", "magic missile", "wizard", 1, 2, "enemy", 100, "2d4+2", effect="damage"),
    Spell("blur", "blur", "wizard", 2, 1, "self", effect="blur"),
    Spell("scorching_ray", "scorching ray", "wizard", 2, 1, "enemy_ranged_touch", 25, "4d6", effect="damage"),
    Spell("fireball", "fireball", "wizard", 3, 1, "area", 400, "3d6", save="ref", effect="damage"),
    Spell("cure_light", "cure light wounds", "cleric", 1, 2, "ally", 0, "1d8+1", effect="heal"),
    Spell("cure_moderate", "cure moderate wounds", "cleric", 2, 2, "ally", 0, "2d8+3", effect="heal"),
    Spell("cure_serious", "cure serious wounds", "cleric", 3, 1, "ally", 0, "3d8+5", effect="heal"),
    Spell("inflict_light", "inflict light wounds", "cleric", 1, 1, "enemy_melee_touch", 0, "1d8+1",
          save="will_half", effect="damage"),
    Spell("inflict_moderate", "inflict moderate wounds", "cleric", 2, 1, "enemy_melee_touch", 0, "2d8+3",
          save="will_half", effect="damage"),
    Spell("inflict_serious", "inflict serious wounds", "cleric", 3, 1, "enemy_melee_touch", 0, "3d8+5",
          save="will_half", effect="damage"),
)}

FIREBALL_RADIUS = 10  # seed: 10' explosion radius
RESISTANCE_BONUS = 1  # seed: +1 save
RESISTANCE_ROUNDS = 10  # ruling (SRD: 1 minute)
HASTE_FEET = 10  # seed: +10 ft
BLUR_MISS = (1, 5)  # seed: 20% miss

HEAL_DC = 15  # seed: Heal check against a 15 DC
FLANK_BONUS = 2  # seed
HIDE_BASE_DC = 10  # ruling: the enemies take 10 on Spot (SRD), plus their best Wisdom modifier
UNSEEN_BONUS = 2  # ruling (SRD): an attacker its target cannot see gets +2 to hit
PRONE_PENALTY = 5  # seed: -5 to AC, melee attack bonus and damage (weapon damage of every kind)
#: ruling (SRD two-weapon fighting without the feat): (main, off) penalties; light off-hand weapon
TWO_WEAPON_PENALTY = (-6, -10)
TWO_WEAPON_LIGHT_PENALTY = (-4, -8)


# ----------------------------------------------------------------------------------------------
# Options from the d20 System Reference Document (SRD 3.5); all off by default


COVER_AC = 4  # SRD, Cover: +4 to AC
COVER_REFLEX = 2  # SRD, Cover: +2 on Reflex saves against an effect from beyond the cover
SOFT_COVER_AC = 4  # SRD, Soft Cover: creatures in the way give +4 to AC against ranged attacks
SHOOTING_INTO_MELEE_PENALTY = -4  # SRD: a ranged attack at a target engaged in melee with a friend
UNARMED_DICE = "1d3"  # SRD, Unarmed Strike: 1d3 for a Medium creature, nonlethal damage
ITERATIVE_FROM = 6  # SRD: base attack +6 gives a second attack ...
ITERATIVE_EVERY = 5  # ... and every further +5 (+11, +16) another ...
ITERATIVE_STEP = -5  # ... each at -5 more than the one before (+6/+1, +11/+6/+1, ...)
MAX_ATTACKS = 4  # SRD: at most four attacks from base attack (+16/+11/+6/+1)
SURPRISE_ACTIONS = 1  # SRD, Surprise: one standard or one move action in the surprise round
STAGGERED_ACTIONS = 1  # SRD, Staggered (nonlethal damage equal to hit points): one move or standard action


def attacks_per_full_attack(base_attack_bonus: int) -> int:
    """SRD: one attack, one more at base attack +6 and another at every further +5, at most four."""
    if base_attack_bonus < ITERATIVE_FROM:
        return 1
    return min(MAX_ATTACKS, 2 + (base_attack_bonus - ITERATIVE_FROM) // ITERATIVE_EVERY)


# ----------------------------------------------------------------------------------------------
# Dice, armor class, damage and dying (the formulas that use these are in :mod:`.mechanics`)

D20 = 20  # seed (Resolutions): attacks, saves, checks and initiative roll a d20
NATURAL_MISS = 1  # seed (Armor Class): a natural 1 is a fumble, an automatic miss
NATURAL_HIT = 20  # seed (Armor Class): a natural 20 always hits and is a critical
CRIT_LO = 20  # seed (Armor Class): the critical range of attacks that name none (trip, spells, fists)
CRIT_MULT = 2  # seed (Damage): a critical rolls the damage twice unless the weapon says otherwise
BASE_AC = 10  # seed (Armor Class): 10 plus the Dexterity bonus
MIN_WEAPON_DAMAGE = 1  # ruling (SRD): a weapon hit deals at least 1 damage
OFF_HAND_STRENGTH = (1, 2)  # seed (Damage): half the Strength bonus in the off hand
TWO_HANDED_STRENGTH = (3, 2)  # seed (Damage): one and a half times the Strength bonus two-handed
SNEAK_DIE = 6  # ruling (SRD rogue): sneak attack damage is rolled in d6s
SNEAK_RANGE = 30  # ruling (SRD): ranged sneak attacks only within 30 feet
TRIP_DC_BASE = 10  # ruling (seed's trip example, "only generates a 9 DC"): 10 + the tripper's Str modifier
CONSCIOUS_HP = 1  # seed (Conditions): 1 or more hit points is conscious
DEAD_HP = -10  # seed (Conditions): -10 or fewer hit points is dead
BLEED_DIE = 10  # seed (Conditions): an incapacitated character rolls a d10 at its turn ...
STABILIZE_ROLL = 10  # ... and stabilizes on a 10 ...
BLEED_LOSS = 1  # ... else it loses 1 hit point
RECOVERY = 1  # seed (Conditions): a stabilized character recovers 1 hit point each turn
