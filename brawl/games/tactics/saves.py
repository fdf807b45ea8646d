"""Saves, checks and conditions: saving throws (the trip, Will half), skill checks (Concentration,
Heal, Hide), hiding, and being flat-footed.

Seed (Save, Difficulty Check): d20 + the save against the DC.  Seed (Skills) names Concentration,
Hide and Heal; the rulings on hiding are on the rules page.  The steps here:
:class:`.steps.Save`, :class:`.steps.Concentration`, :class:`.steps.HealCheck` and
:class:`.steps.HideCheck`; each rolls a d20.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Chance
from .data import D20, HEAL_DC, RESISTANCE_BONUS, SPELLS
from .grid import line_of_effect
from .mechanics import check_passes, half, hide_dc as spot_dc, labelled_die, save_result, trip_dc as trip_dc_of
from . import effects
from .state import TacticsState, replace, set_unit
from .steps import Concentration, HealCheck, HideCheck, Save

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics


def save_bonus(game: Tactics, state: TacticsState, i: int, kind: str) -> int:
    """A save of character ``i``: Fortitude/Reflex/Will or a statistic save, +1 under resistance."""
    bonus = game.sheets[i].save(kind)
    if state.units[i].resist_until >= state.round:
        bonus += RESISTANCE_BONUS
    return bonus


def trip_dc(game: Tactics, i: int) -> int:
    """Ruling (seed's trip example: Jeff "only generates a 9 DC"): 10 + the tripper's Str modifier."""
    return trip_dc_of(game.sheets[i].mod("str"))


def trip_save(game: Tactics, state: TacticsState, i: int) -> int:
    """Seed (trip example): the higher of the Strength save and the Dexterity save."""
    return max(save_bonus(game, state, i, "str"), save_bonus(game, state, i, "dex"))


def flat_footed(game: Tactics, state: TacticsState, i: int) -> bool:
    """Ruling (SRD, option flat_footed): a character that has not had a turn yet loses its Dex
    bonus to AC.  Option surprise_round (SRD): the surprised side is flat-footed until its first
    turn even with flat_footed off."""
    if state.units[i].acted:
        return False
    aware = game.aware_side()
    return game.options.flat_footed or (aware is not None and game.sides[i] != aware)


# ----------------------------------------------------------------------------------------------
# hiding


def hide_cover(game: Tactics, state: TacticsState, i: int) -> bool:
    """Ruling (SRD Hide needs cover or concealment from each observer): where character ``i``
    stands, every conscious enemy either has no line of effect to it or it is next to a wall
    square (diagonals included), which counts as cover."""
    p = state.units[i].pos
    if any(sq in game.map.walls for sq in ((p[0] + dx, p[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))):
        return True
    return not any(state.units[j].conscious and line_of_effect(game.map, state.units[j].pos, p)
                   for j in game.enemies(state, i))


def may_stay_hidden(game: Tactics, state: TacticsState, i: int) -> bool:
    """Ruling: a square where a character may hide, and so stay hidden after a step: not in
    combat (no conscious enemy in melee range) and in cover from every conscious enemy."""
    return not game.in_combat(state, i) and hide_cover(game, state, i)


def can_hide(game: Tactics, state: TacticsState, i: int) -> bool:
    """Ruling: a conscious character that is not hidden yet may try to hide where it could stay
    hidden (seed: Skills names Hide; SRD: no hiding in plain sight or in melee)."""
    u = state.units[i]
    return u.conscious and not u.hidden and may_stay_hidden(game, state, i)


def hide_dc(game: Tactics, state: TacticsState, i: int) -> int:
    """Ruling: the seed has no Spot skill, so the enemies take 10 on a Spot check of their
    Wisdom modifier alone (SRD: Spot is Wisdom-based, opposed to Hide): DC 10 + the best Wisdom
    modifier among the conscious enemies."""
    return spot_dc([game.sheets[j].mod("wis") for j in game.enemies(state, i) if state.units[j].conscious])


# ----------------------------------------------------------------------------------------------
# the steps: which die, and what it does


def check_node(game: Tactics, state: TacticsState, step) -> Chance:
    who = game.name_of(step.actor)
    if isinstance(step, Save):
        text = (f"{who}'s save against the trip" if step.save == "trip" else
                f"{who}'s Will save against {SPELLS[step.spell].name}")
    elif isinstance(step, Concentration):
        text = f"{who}'s Concentration"
    elif isinstance(step, HealCheck):
        text = f"{who}'s Heal check on {game.name_of(step.target)}"
    else:
        text = f"{who}'s Hide check"
    return Chance(labelled_die(D20, text), None)


def roll_save(game: Tactics, state: TacticsState, step: Save, outcome: int) -> TacticsState:
    """Seed (trip example): a failed save against the trip leaves the target prone.  SRD (inflict
    spells, Will half): a success halves the damage."""
    i = step.actor
    state = replace(state, stack=state.stack[:-1])
    if step.save == "trip":
        bonus = trip_save(game, state, i)
        ok = save_result(outcome, bonus, step.dc, natural=False)
        text = f"{game.name_of(i)} {'stays up' if ok else 'is tripped'} (d20 {outcome} {bonus:+d} against DC {step.dc})"
        if not ok:
            state = set_unit(state, i, replace(state.units[i], prone=True))
        return replace(state, last=text)
    if step.save == "will_half":
        bonus = save_bonus(game, state, i, "will")
        ok = save_result(outcome, bonus, step.dc, natural=True)
        damage = half(step.damage) if ok else step.damage
        state = replace(state, last=f"{game.name_of(i)} {'saves' if ok else 'fails'} "
                                    f"(Will d20 {outcome} {bonus:+d} against DC {step.dc})")
        return effects.damage(game, state, step.target, i, damage, step.spell.replace("_", " "))
    raise ValueError(f"unknown save {step.save!r}")


def roll_concentration(game: Tactics, state: TacticsState, step: Concentration, outcome: int) -> TacticsState:
    """Seed (Attacks of Opportunity, Jeff's example): a caster hit while casting keeps the spell
    with a Concentration check against the damage; a failure spoils it."""
    skill = game.sheets[step.actor].skill("concentration")
    ok = check_passes(outcome, skill, step.dc)
    text = (f"{game.name_of(step.actor)} {'keeps' if ok else 'loses'} concentration ({outcome} + "
            f"{skill} against DC {step.dc})")
    return replace(state, stack=state.stack[:-1], spoiled=state.spoiled or not ok, last=text)


def roll_hide(game: Tactics, state: TacticsState, step: HideCheck, outcome: int) -> TacticsState:
    bonus = game.sheets[step.actor].skill("hide")
    ok = check_passes(outcome, bonus, step.dc)
    state = replace(state, stack=state.stack[:-1])
    if ok:
        state = set_unit(state, step.actor, replace(state.units[step.actor], hidden=True))
    text = (f"{game.name_of(step.actor)} {'hides' if ok else 'fails to hide'} "
            f"(Hide d20 {outcome} {bonus:+d} against DC {step.dc})")
    return replace(state, last=text)


def roll_heal(game: Tactics, state: TacticsState, step: HealCheck, outcome: int) -> TacticsState:
    """Seed (Conditions): a Heal check against DC 15 stabilizes an incapacitated ally."""
    skill = game.sheets[step.actor].skill("heal")
    total = outcome + skill
    state = replace(state, stack=state.stack[:-1])
    who, whom = game.name_of(step.actor), game.name_of(step.target)
    if check_passes(outcome, skill, HEAL_DC):
        state = set_unit(state, step.target, replace(state.units[step.target], stable=True))
        return replace(state, last=f"{who} stabilizes {whom} (Heal {total} against DC {HEAL_DC})")
    return replace(state, last=f"{who} fails to stabilize {whom} (Heal {total} against DC {HEAL_DC})")


ROLLS = {Save: roll_save, Concentration: roll_concentration, HideCheck: roll_hide, HealCheck: roll_heal}
