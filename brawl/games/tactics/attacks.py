"""Attack rolls and their modifiers: armor class, cover, every bonus and penalty of an attack, its
damage, and the attacks of a full attack.

The rules engine asks these functions for an attack's numbers (:class:`AttackProfile`); the roll
cards in the log, the odds command and the bots read the same profile, so they all show the same
modifiers.  Modifiers by concept live in :mod:`.modifiers` (two weapons, prone, shooting into
melee, iterative attacks) and :mod:`.cover` (lines of fire); the numbers in :mod:`.data`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import cover as C
from . import modifiers as M
from .data import (BASE_AC, COVER_AC, COVER_REFLEX, CRIT_LO, CRIT_MULT, FLANK_BONUS, IMPROVISED_THROW_PENALTY,
                   IMPROVISED_THROW_RANGE, PRONE_PENALTY, SHIELDS, SNEAK_RANGE,
                   SOFT_COVER_AC, SPELLS, UNARMED_DICE, UNSEEN_BONUS, WEAPONS, weapon_dice)
from .grid import Square, adjacent, distance_feet
from .mechanics import base_armor_class, range_penalty, strength_to_damage
from .steps import Attack

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics
    from .state import TacticsState


@dataclass(frozen=True)
class AttackProfile:
    bonus: int
    ac: int
    crit_lo: int
    mult: int
    dice: str  # damage before a critical
    sneak: int  # sneak attack d6s (not multiplied)
    min_one: bool  # weapon damage is at least 1
    touch: bool
    ranged: bool
    notes: tuple  # ((what, value), ...) for roll cards
    ac_notes: tuple
    damage_notes: tuple = ()  # modifiers to damage beyond the ability bonus, ((what, value), ...)
    nonlethal: bool = False  # an unarmed strike (option unarmed_strikes)


def armor_class(game: Tactics, state: TacticsState, attacker: int, target: int, touch: bool,
                unseen: bool = False, ranged: bool = False) -> tuple[int, tuple]:
    """Seed (Armor Class): 10 + Dex bonus (capped by the armor's MDB) + armor + shield; a touch
    attack ignores armor and shield.  Flanking (and being down) negates a Dex bonus (seed:
    Flanking); so does being flat-footed (ruling, SRD) and an attack from hiding (``unseen``:
    ruling, SRD).  Prone: -5 (seed).  Cover: +4 (option cover, SRD)."""
    s, t = game.sheets[target], state.units[target]
    dex = min(s.mod("dex"), s.max_dex)
    notes = [("base", BASE_AC)]
    if dex > 0 and (unseen or game.is_flanked(state, attacker, target) or game.flat_footed(state, target)):
        dex = 0
        notes.append(("Dex bonus lost", 0))
    else:
        notes.append(("Dex", dex))
    ac = base_armor_class(dex)
    if not touch:
        armor = s.armor_bonus
        shield = SHIELDS[t.off].ac if t.off in SHIELDS else 0
        ac += armor + shield
        if armor:
            notes.append(("armor", armor))
        if shield:
            notes.append(("shield", shield))
    if t.prone or t.down:
        ac -= PRONE_PENALTY
        notes.append(("prone", -PRONE_PENALTY))
    for what, value in game.cover_notes(state, attacker, target, ranged):
        ac += value
        notes.append((what, value))
    return ac, tuple(notes)


def cover_notes(game: Tactics, state: TacticsState, attacker: int, target: int, ranged: bool) -> list[tuple[str, int]]:
    """Option cover (SRD, corner-to-corner lines; see the cover module): +4 AC from walls, or +4
    from characters in the way of a ranged attack (soft cover); the two do not add up."""
    if not game.options.cover:
        return []
    a, t = state.units[attacker].pos, state.units[target].pos
    if ranged:
        kind = C.ranged_cover(game.map.walls, standing(game, state, attacker, target), a, t)
    else:
        kind = C.WALL_COVER if C.melee_cover(game.map.walls, a, t) else None
    if kind == C.WALL_COVER:
        return [("cover", COVER_AC)]
    if kind == C.SOFT_COVER:
        return [("soft cover", SOFT_COVER_AC)]
    return []


def standing(game: Tactics, state: TacticsState, *besides: int) -> frozenset:
    """Squares of the characters who stand in the way of a line (option cover): everyone alive
    and on their feet; one lying on the ground does not block (ruling)."""
    return frozenset(u.pos for j, u in enumerate(state.units)
                     if j not in besides and not u.dead and not u.prone and u.conscious)


def reflex_cover(game: Tactics, origin: Square, i: int, state: TacticsState) -> int:
    """Option cover (SRD): +2 on the Reflex save against a burst when a wall lies between its
    point of origin and the character."""
    if game.options.cover and C.burst_cover(game.map.walls, origin, state.units[i].pos):
        return COVER_REFLEX
    return 0


def attack_profile(game: Tactics, state: TacticsState, attacker: int, target: int, kind: str,
                   spell: str = "", unseen: bool | None = None, iterative: int = 0) -> AttackProfile:
    """Everything an attack roll needs.  ``kind``: main, off, main_tw, off_tw (two weapons),
    aoo, trip, hamstring, shoot, throw, touch (a melee touch spell), ray (a ranged touch spell),
    unarmed (option unarmed_strikes).  ``unseen``: the attack is made from hiding (by default:
    whether the attacker is hidden now).  ``iterative``: which attack of a full attack."""
    sa, ua, ut = game.sheets[attacker], state.units[attacker], state.units[target]
    o = game.options
    ranged = kind in ("shoot", "throw", "ray")
    touch = kind in ("trip", "touch", "ray")
    notes = [("base attack", sa.bab)]
    bonus = sa.bab
    ability = sa.mod("dex") if ranged else sa.mod("str")
    bonus += ability
    notes.append(("Dex" if ranged else "Str", ability))
    weapon_key = ""
    if kind in ("main", "main_tw", "hamstring", "shoot", "throw"):
        weapon_key = ua.main
    elif kind in ("off", "off_tw"):
        weapon_key = ua.off
    elif kind == "aoo":
        weapon_key = game.melee_weapon(ua)
    w = WEAPONS.get(weapon_key)
    extra = (M.iterative_modifier(iterative) + M.two_weapon_modifier(o.two_weapon_penalty, ua, kind)
             + M.prone_attack_modifier(ua, ranged)
             + M.shooting_into_melee_modifier(game, state, attacker, target, ranged))
    for what, value in extra:
        bonus += value
        notes.append((what, value))
    flanked = game.is_flanked(state, attacker, target)
    if flanked:
        bonus += FLANK_BONUS
        notes.append(("flanking", FLANK_BONUS))
    if unseen is None:
        unseen = ua.hidden
    if unseen:
        bonus += UNSEEN_BONUS
        notes.append(("from hiding", UNSEEN_BONUS))
    feet = distance_feet(ua.pos, ut.pos)
    if kind in ("shoot", "throw"):
        if kind == "shoot":
            incr = w.ranged
        else:
            incr = w.thrown or IMPROVISED_THROW_RANGE
            if not w.thrown:
                bonus += IMPROVISED_THROW_PENALTY
                notes.append(("improvised throw", IMPROVISED_THROW_PENALTY))
        pen = range_penalty(feet, incr)
        if pen:
            bonus += pen
            notes.append(("range", pen))
    ac, ac_notes = game.armor_class(state, attacker, target, touch, unseen, ranged)
    # damage
    strength = sa.mod("str")
    damage_notes: list[tuple[str, int]] = []
    if kind in ("trip",):
        dice, crit_lo, mult, min_one = "", CRIT_LO, CRIT_MULT, False
    elif kind in ("touch", "ray"):
        dice, crit_lo, mult, min_one = SPELLS[spell].dice, CRIT_LO, CRIT_MULT, False
    else:
        if kind == "unarmed":
            base, str_dmg, crit_lo, mult = UNARMED_DICE, strength_to_damage(strength, "main"), CRIT_LO, CRIT_MULT
        else:
            if kind in ("off", "off_tw") or (kind == "aoo" and weapon_key != ua.main):
                base = weapon_dice(w, False)
                str_dmg = strength_to_damage(strength, "off")
            elif kind == "shoot":
                base = weapon_dice(w, True if w.grip == "two" else False)
                str_dmg = strength_to_damage(strength, "main" if w.str_to_damage else "bow")
            elif kind == "throw":
                base = weapon_dice(w, False)
                str_dmg = strength_to_damage(strength, "main")
            else:
                base = weapon_dice(w, ua.two_handed)
                str_dmg = strength_to_damage(strength, "two" if ua.two_handed else "main")
            crit_lo, mult = w.crit_lo, w.mult
        damage_notes = M.prone_damage_modifier(o.prone_damage, ua, ranged)
        str_dmg += sum(v for _, v in damage_notes)
        dice = base + (f"{str_dmg:+d}" if str_dmg else "")
        min_one = True  # at least MIN_WEAPON_DAMAGE (the strikes module applies it)
    sneak = 0
    if sa.sneak_dice and kind != "trip" and (not ranged or feet <= SNEAK_RANGE):
        denied = flanked or unseen or game.flat_footed(state, target)
        if denied:
            sneak = sa.sneak_dice
    return AttackProfile(bonus, ac, crit_lo, mult, dice, sneak, min_one, touch, ranged,
                         tuple(notes), ac_notes, tuple(damage_notes), kind == "unarmed")


def full_attack_count(game: Tactics, i: int) -> int:
    """Main-hand attacks in a full attack (option iterative_attacks; SRD: base attack +6, +11, +16)."""
    return M.full_attack_count(game.sheets[i].bab) if game.options.iterative_attacks else 1


def full_attacks(game: Tactics, state: TacticsState, i: int) -> list[str]:
    """Option iterative_attacks (SRD): ``fullattack:<id>``, the whole turn on every attack the
    base attack gives, with the main-hand melee weapon (and one off-hand attack with two
    weapons), against an adjacent enemy."""
    u = state.units[i]
    if game.full_attack_count(i) < 2 or not (u.main and WEAPONS[u.main].melee):
        return []
    return [f"fullattack:{game.ids[j]}" for j in game.enemies(state, i)
            if not state.units[j].hidden and adjacent(u.pos, state.units[j].pos)]


def full_attack_steps(game: Tactics, state: TacticsState, i: int, j: int, unseen: bool) -> tuple[Attack, ...]:
    """The attacks of a full attack (SRD): main-hand attacks at -0, -5, -10, -15 and, with two
    weapons, one off-hand attack after them; in stack order, the first attack last (resolved first)."""
    two = M.wields_two_weapons(state.units[i])
    main_kind = "main_tw" if two else "main"
    steps = [Attack(i, j, main_kind, unseen=unseen and k == 0, iterative=k) for k in range(full_attack_count(game, i))]
    if two:
        steps.append(Attack(i, j, "off_tw"))
    return tuple(reversed(steps))
