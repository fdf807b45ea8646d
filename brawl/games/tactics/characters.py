"""Character sheets: creation with sensible defaults, the level option, and ready-made characters.

A :class:`Sheet` holds what does not change in a battle (class, level, abilities, equipment) and
derives the numbers the rules read (hit points, base attack, saves, skills, speed, spells).  Bad
input (an unknown class, a weapon the class may not use, two weapons and a two-handed grip) is
refused with a :class:`CharacterError` naming the problem.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from ...core.game import BrawlError
from .data import (ABILITIES, ABILITY_INCREASE_EVERY, ABILITY_SCORES, ARMORED_SPEED, CLASS_SKILL_RANKS,
                   MIN_HP_PER_LEVEL, SPELL_DC_BASE, ARMORS, BASE_SPEED, CLASS_INFO, CLASSES, SHIELDS, SKILLS,
                   LEVELS, SPELLS, STANDARD_ARRAY, WEAPONS, base_attack, base_save, max_spell_level, modifier,
                   sneak_dice)


class CharacterError(BrawlError):
    pass


@dataclass(frozen=True)
class Sheet:
    name: str
    cls: str
    level: int
    abilities: tuple[int, int, int, int, int, int]  # in ABILITIES order
    main: str = ""  # weapon key in the main hand ("" empty)
    off: str = ""  # weapon or shield key in the other hand
    two_handed: bool = False  # the main-hand weapon is held in both hands
    armor: str = "none"
    sheath: str = ""  # one weapon carried in a sheath

    # -- abilities ----------------------------------------------------------------------------
    def score(self, ability: str) -> int:
        return self.abilities[ABILITIES.index(ability)]

    def mod(self, ability: str) -> int:
        return modifier(self.score(ability))

    # -- derived numbers ----------------------------------------------------------------------
    @property
    def hit_die(self) -> int:
        return CLASS_INFO[self.cls].hit_die

    @property
    def max_hp(self) -> int:
        """Ruling (SRD): the full hit die at level 1, then half the die plus one per level, plus the
        Constitution modifier each level, at least 1 a level."""
        die = self.hit_die
        con = self.mod("con")
        total = max(MIN_HP_PER_LEVEL, die + con)
        for _ in range(2, self.level + 1):
            total += max(MIN_HP_PER_LEVEL, die // 2 + 1 + con)
        return total

    @property
    def bab(self) -> int:
        return base_attack(self.cls, self.level)

    def save(self, kind: str) -> int:
        """Fortitude, Reflex, Will: the class base plus Con, Dex, Wis (seed: Save).  Statistic saves
        ("str", "dex", ...) are the bare ability modifier (ruling; the seed's trip example)."""
        if kind in ("fort", "ref", "will"):
            ability = {"fort": "con", "ref": "dex", "will": "wis"}[kind]
            return base_save(self.cls, kind, self.level) + self.mod(ability)
        if kind in ABILITIES:
            return self.mod(kind)
        raise CharacterError(f"unknown save {kind!r}")

    @property
    def max_dex(self) -> int:
        return ARMORS[self.armor].max_dex

    def skill(self, name: str) -> int:
        """Ruling (SRD): a class skill has level + 3 ranks, any other none; plus the ability modifier."""
        ranks = self.level + CLASS_SKILL_RANKS if name in CLASS_INFO[self.cls].class_skills else 0
        return ranks + self.mod(SKILLS[name])

    @property
    def base_speed(self) -> int:
        """Seed: 30 feet; medium or heavier armor 20."""
        return ARMORED_SPEED if ARMORS[self.armor].weight in ("medium", "heavy") else BASE_SPEED

    @property
    def armor_bonus(self) -> int:
        return ARMORS[self.armor].ac

    @property
    def shield_bonus(self) -> int:
        return SHIELDS[self.off].ac if self.off in SHIELDS else 0

    @property
    def sneak_dice(self) -> int:
        return sneak_dice(self.level) if CLASS_INFO[self.cls].sneak_attack else 0

    def spells(self) -> dict[str, int]:
        """Spells and how many of each (seed Appendix B), those of a spell level the caster has
        reached (ruling, SRD)."""
        top = max_spell_level(self.level)
        return {k: s.casts for k, s in SPELLS.items() if s.caster == self.cls and s.level <= top}

    def spell_dc(self, spell: str) -> int:
        """Ruling (SRD): 10 + spell level + the caster's casting ability modifier."""
        info = CLASS_INFO[self.cls]
        return SPELL_DC_BASE + SPELLS[spell].level + (self.mod(info.caster) if info.caster else 0)

    def starting_ammo(self) -> int:
        """Seed: 5 arrows with a bow, 8 rocks with a sling (in hand or sheath)."""
        for key in (self.main, self.sheath):
            if key in WEAPONS and WEAPONS[key].ammo:
                return WEAPONS[key].ammo
        return 0

    def to_json(self) -> dict:
        data = asdict(self)
        data["abilities"] = dict(zip(ABILITIES, self.abilities))
        data.update(max_hp=self.max_hp, bab=self.bab, speed=self.base_speed,
                    saves={k: self.save(k) for k in ("fort", "ref", "will")},
                    skills={k: self.skill(k) for k in SKILLS}, spells=self.spells(),
                    armor_bonus=self.armor_bonus, shield_bonus=self.shield_bonus, max_dex=self.max_dex,
                    sneak_dice=self.sneak_dice)
        return data


def validate(sheet: Sheet) -> Sheet:
    """Refuse impossible sheets with a clear message; return the sheet unchanged."""
    who = sheet.name or "character"
    if sheet.cls not in CLASSES:
        raise CharacterError(f"{who}: unknown class {sheet.cls!r}; classes: {', '.join(CLASSES)}")
    if sheet.level not in LEVELS:
        raise CharacterError(f"{who}: level must be {LEVELS[0]} to {LEVELS[-1]}, not {sheet.level}")
    low, high = ABILITY_SCORES
    if len(sheet.abilities) != len(ABILITIES) or not all(low <= a <= high for a in sheet.abilities):
        raise CharacterError(f"{who}: six ability scores of {low} to {high} are needed")
    if sheet.armor not in ARMORS:
        raise CharacterError(f"{who}: unknown armor {sheet.armor!r}; armor: {', '.join(ARMORS)}")
    if sheet.cls not in ARMORS[sheet.armor].classes:
        raise CharacterError(f"{who}: a {sheet.cls} cannot wear {ARMORS[sheet.armor].name}")
    for slot in ("main", "sheath"):
        key = getattr(sheet, slot)
        if key and key not in WEAPONS:
            raise CharacterError(f"{who}: unknown weapon {key!r} ({slot}); weapons: {', '.join(WEAPONS)}")
        if key and sheet.cls not in WEAPONS[key].classes:
            raise CharacterError(f"{who}: a {sheet.cls} cannot use a {WEAPONS[key].name}")
    if sheet.off:
        if sheet.off in SHIELDS:
            if sheet.cls not in SHIELDS[sheet.off].classes:
                raise CharacterError(f"{who}: a {sheet.cls} cannot use a {SHIELDS[sheet.off].name}")
        elif sheet.off in WEAPONS:
            w = WEAPONS[sheet.off]
            if sheet.cls not in w.classes:
                raise CharacterError(f"{who}: a {sheet.cls} cannot use a {w.name}")
            if not w.melee or (w.grip == "two" and not w.alt_grip):
                raise CharacterError(f"{who}: a {w.name} cannot be held in the off hand")
        else:
            raise CharacterError(f"{who}: unknown off-hand item {sheet.off!r}")
    if sheet.main:
        w = WEAPONS[sheet.main]
        if sheet.two_handed:
            if sheet.off:
                raise CharacterError(f"{who}: a two-handed grip leaves no hand for the {sheet.off}")
            if w.grip == "one" and not w.alt_grip:
                raise CharacterError(f"{who}: a {w.name} cannot be used two-handed")
        elif w.grip == "two" and not w.alt_grip:
            raise CharacterError(f"{who}: a {w.name} needs both hands")
    elif sheet.two_handed:
        raise CharacterError(f"{who}: nothing in the main hand to hold two-handed")
    return sheet


def default_abilities(cls: str, level: int) -> tuple[int, ...]:
    """The standard array in the class's order, +1 to the best ability at every fourth level (SRD)."""
    order = CLASS_INFO[cls].ability_order
    scores = dict(zip(order, STANDARD_ARRAY))
    scores[order[0]] += level // ABILITY_INCREASE_EVERY
    return tuple(scores[a] for a in ABILITIES)


DEFAULT_GEAR = {
    "fighter": dict(main="sword", off="shield", armor="full_plate", sheath="dagger"),
    "rogue": dict(main="sword", off="dagger", armor="leather", sheath="shortbow"),
    "wizard": dict(main="staff", two_handed=True, armor="none", sheath="dagger"),
    "cleric": dict(main="club", off="buckler", armor="brigandine", sheath="sling"),
}


def make_character(name: str, cls: str, level: int = 5, abilities: tuple[int, ...] | dict | None = None,
                   **gear) -> Sheet:
    """A character with sensible defaults: the standard array for its class and the class's usual
    gear; ``gear`` (main, off, two_handed, armor, sheath) overrides any part of it."""
    if cls not in CLASSES:
        raise CharacterError(f"{name}: unknown class {cls!r}; classes: {', '.join(CLASSES)}")
    if isinstance(abilities, dict):
        base = dict(zip(ABILITIES, default_abilities(cls, level)))
        unknown = set(abilities) - set(ABILITIES)
        if unknown:
            raise CharacterError(f"{name}: unknown abilities {sorted(unknown)}; abilities: {', '.join(ABILITIES)}")
        base.update(abilities)
        abilities = tuple(base[a] for a in ABILITIES)
    elif abilities is None:
        abilities = default_abilities(cls, level)
    unknown = set(gear) - {"main", "off", "two_handed", "armor", "sheath"}
    if unknown:
        raise CharacterError(f"{name}: unknown gear {sorted(unknown)}")
    kit = dict(DEFAULT_GEAR[cls])
    if "main" in gear:  # another weapon: the default grip and off-hand item go with the default weapon
        kit.setdefault("off", "")
        kit["off"] = gear.get("off", "")
        kit["two_handed"] = gear.get("two_handed", False)
    kit.update(gear)
    return validate(Sheet(name=name, cls=cls, level=level, abilities=tuple(abilities), **kit))


# ----------------------------------------------------------------------------------------------
# Ready-made characters and parties

#: the seed's Steve and Jeff, built so that the seed's four worked examples come out from their
#: sheets at level 5 (rules page, Tactics); the others round out the ready parties.
_READY = {
    # seed: "lots of Strength, Dexterity, and Constitution, but low Intelligence, Wisdom, and
    # Charisma. He wields a sword and shield and wears heavy armor."
    "Steve": dict(cls="fighter", abilities=(16, 14, 13, 10, 12, 8), main="sword", off="shield",
                  armor="full_plate", sheath="dagger"),
    # seed: "lots of Dexterity and Intelligence but low everything else. He wields a staff."
    "Jeff": dict(cls="wizard", abilities=(8, 16, 12, 14, 10, 10), main="staff", two_handed=True,
                 armor="none", sheath="dagger"),
    "Mara": dict(cls="rogue", abilities=(13, 16, 14, 12, 10, 8), main="sword", off="dagger",
                 armor="leather", sheath="shortbow"),
    "Ada": dict(cls="cleric", abilities=(13, 10, 14, 8, 16, 12), main="club", off="buckler",
                armor="brigandine", sheath="sling"),
    "Brok": dict(cls="fighter", abilities=None, main="greatsword", two_handed=True, armor="brigandine",
                 sheath="axe"),
    "Vex": dict(cls="wizard", abilities=None, main="staff", two_handed=True, armor="none", sheath="dagger"),
    "Nim": dict(cls="rogue", abilities=None, main="dagger", off="dagger", armor="leather", sheath="shortbow"),
    "Hild": dict(cls="cleric", abilities=None, main="spear", two_handed=True, armor="brigandine",
                 sheath="sling"),
    "Orla": dict(cls="fighter", abilities=None, main="longbow", two_handed=True, armor="leather",
                 sheath="sword"),
    "Tam": dict(cls="fighter", abilities=None, main="hammer", off="buckler", armor="brigandine",
                sheath="spear"),
}

PARTIES: dict[str, tuple[str, ...]] = {
    "heroes": ("Steve", "Jeff", "Mara", "Ada"),
    "raiders": ("Brok", "Vex", "Nim", "Hild"),
    "wardens": ("Tam", "Orla", "Nim", "Ada"),
    "steve": ("Steve",),
    "jeff": ("Jeff",),
    "duo": ("Steve", "Jeff"),
}


def ready_character(name: str, level: int = 5) -> Sheet:
    """A ready-made character by name (any case) at ``level``; abilities of the named characters are
    fixed, the others follow :func:`default_abilities`."""
    match = {k.lower(): k for k in _READY}.get(name.lower())
    if match is None:
        raise CharacterError(f"unknown ready character {name!r}; ready: {', '.join(_READY)}")
    spec = dict(_READY[match])
    cls = spec.pop("cls")
    abilities = spec.pop("abilities")
    return make_character(match, cls, level, abilities, **spec)


def ready_names() -> list[str]:
    return list(_READY)


def party(name: str, level: int = 5) -> tuple[Sheet, ...]:
    if name not in PARTIES:
        raise CharacterError(f"unknown party {name!r}; parties: {', '.join(PARTIES)}")
    return tuple(ready_character(n, level) for n in PARTIES[name])


def renamed(sheet: Sheet, name: str) -> Sheet:
    return replace(sheet, name=name)


def custom_party(spec: str, level: int = 5) -> tuple[Sheet, ...]:
    """A party from text: comma-separated ready character names and class names, a class optionally
    with ``=Name`` (``"steve, rogue, cleric=Ida"``); classes get the default sheet of
    :func:`make_character`.  One to four members."""
    members: list[Sheet] = []
    names: set[str] = set()
    entries = [e.strip() for e in spec.split(",") if e.strip()]
    if not 1 <= len(entries) <= 4:
        raise CharacterError(f"a party has 1 to 4 members, not {len(entries)}: {spec!r}")
    for entry in entries:
        base, _, given = entry.partition("=")
        base, given = base.strip().lower(), given.strip()
        if base in CLASSES:
            name = given or base.capitalize()
            if not given:
                k = 2
                while name.lower() in names:
                    name = f"{base.capitalize()}-{k}"
                    k += 1
            if not name.replace("-", "").isalnum():
                raise CharacterError(f"a name is letters, digits and dashes: {name!r}")
            sheet = make_character(name, base, level)
        elif given:
            raise CharacterError(f"only a class can be given a name: {entry!r}; classes: {', '.join(CLASSES)}")
        elif base in {n.lower() for n in _READY}:
            sheet = ready_character(base, level)
        else:
            raise CharacterError(f"{entry!r} is neither a class ({', '.join(CLASSES)}) nor a ready character "
                                 f"({', '.join(_READY)})")
        if sheet.name.lower() in names:
            raise CharacterError(f"{sheet.name} is twice in the party {spec!r}")
        names.add(sheet.name.lower())
        members.append(sheet)
    return tuple(members)
