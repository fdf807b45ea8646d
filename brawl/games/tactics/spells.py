"""Spells (seed Appendix B): who may be the target of each, what casting does, and the dice of the
spells that roll no attack (cures, magic missile, the fireball and its Reflex saves).

A touch or ray spell is an attack (:mod:`.strikes`); a spell cast in combat provokes and may be
lost to a failed Concentration check (:mod:`.saves`).  The steps here: :class:`.steps.Cure`,
:class:`.steps.SpellDamage` and :class:`.steps.Fireball`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Chance
from . import attacks as A
from . import effects
from .data import D20, FIREBALL_RADIUS, HASTE_FEET, RESISTANCE_ROUNDS, SPELLS
from .grid import Square, adjacent, burst, distance_feet, line_of_effect
from .mechanics import dice_event, labelled_die, save_result
from .saves import save_bonus
from .state import TacticsState, replace, set_unit
from .steps import Attack, Cure, Fireball, SpellDamage

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics


def cast_options(game: Tactics, state: TacticsState, i: int, spell: str) -> list[str]:
    """The ``cast:`` decisions for one spell: self spells not already on, heals on a hurt self or
    adjacent ally, resistance on one without it, touch spells on adjacent enemies, rays and magic
    missile on enemies in range and in line of effect, a fireball at any occupied square in range
    (hidden enemies cannot be singled out)."""
    s = SPELLS[spell]
    u = state.units[i]
    out = []
    if s.target == "self":
        if (s.effect == "blur" and not u.blur) or (s.effect == "haste" and not u.haste):
            out.append(f"cast:{spell}")
    elif s.target == "ally":
        for j in [i] + game.allies(state, i):
            t = state.units[j]
            if j != i and not adjacent(u.pos, t.pos):
                continue
            if s.effect == "heal" and (t.hp < game.sheets[j].max_hp or t.nonlethal > 0):
                out.append(f"cast:{spell}:{game.ids[j]}")
            elif s.effect == "resistance" and t.conscious and t.resist_until < state.round:
                out.append(f"cast:{spell}:{game.ids[j]}")
    elif s.target == "enemy_melee_touch":
        for j in game.enemies(state, i):
            if adjacent(u.pos, state.units[j].pos) and not state.units[j].hidden:
                out.append(f"cast:{spell}:{game.ids[j]}")
    elif s.target in ("enemy", "enemy_ranged_touch"):
        for j in game.enemies(state, i):
            if game._in_range(state, i, j, "spell", spell) and not state.units[j].hidden:
                out.append(f"cast:{spell}:{game.ids[j]}")
    elif s.target == "area":
        seen = set()
        for j, t in enumerate(state.units):
            if not t.dead and t.pos not in seen and area_ok(game, state, i, t.pos):
                seen.add(t.pos)
                out.append(f"cast:{spell}:{t.x},{t.y}")
    return out


def area_ok(game: Tactics, state: TacticsState, i: int, sq: Square) -> bool:
    """A fireball may be aimed at an open square in range and in line of effect."""
    a = state.units[i].pos
    return (game.map.open(sq) and distance_feet(a, sq) <= SPELLS["fireball"].range
            and line_of_effect(game.map, a, sq))


def cast(game: Tactics, state: TacticsState, i: int, rest: str, unseen: bool) -> TacticsState:
    """The spell takes effect (its cast was spent when decided): unless a Concentration check
    failed, self spells now, resistance now, the others by their steps."""
    name = game.name_of(i)
    u = state.units[i]
    parts = rest.split(":")
    spell = parts[0]
    s = SPELLS[spell]
    if state.spoiled:
        return replace(state, last=f"{name} loses the {s.name}")
    if s.effect == "blur":
        return replace(set_unit(state, i, replace(u, blur=True)), last=f"{name} blurs")
    if s.effect == "haste":
        return replace(set_unit(state, i, replace(u, haste=True)), last=f"{name} casts {s.name}: +{HASTE_FEET} ft")
    target = parts[1]
    if s.target == "area":
        sq = game._parse_square(target)
        hit = set(burst(game.map, sq, FIREBALL_RADIUS))
        inside = [j for j, t in enumerate(state.units) if not t.dead and t.pos in hit]
        savers = tuple(j for j in inside if state.units[j].conscious)
        helpless = tuple(j for j in inside if not state.units[j].conscious)
        step = Fireball(i, sq, savers, helpless, game.sheets[i].spell_dc(spell))
        return replace(state, stack=state.stack + (step,), last=f"{name} casts fireball at square {sq[0]},{sq[1]}")
    j = game.index[target]
    if state.units[j].dead:
        return replace(state, last=f"{name}'s target is gone")
    if s.effect == "resistance":
        t = state.units[j]
        return replace(set_unit(state, j, replace(t, resist_until=state.round + RESISTANCE_ROUNDS - 1)),
                       last=f"{name} casts resistance on {game.name_of(j)}")
    if s.effect == "heal":
        return replace(state, stack=state.stack + (Cure(i, j, spell),))
    if s.target == "enemy":
        return replace(state, stack=state.stack + (SpellDamage(i, j, spell),))
    kind = "ray" if s.target == "enemy_ranged_touch" else "touch"
    return replace(state, stack=state.stack + (Attack(i, j, kind, spell, unseen=unseen),))


# ----------------------------------------------------------------------------------------------
# the steps: which dice, and what they do


def spell_node(game: Tactics, state: TacticsState, step) -> Chance:
    who = game.name_of(step.actor)
    if isinstance(step, Fireball):
        if not step.damage:
            return Chance(dice_event(SPELLS["fireball"].dice, f"{who}'s fireball damage"), None)
        saver = step.savers[len(step.saves)]
        return Chance(labelled_die(D20, f"{game.name_of(saver)}'s Reflex save against the fireball"), None)
    spell = SPELLS[step.spell]
    text = (f"{who}'s {spell.name} healing {game.name_of(step.target)}" if isinstance(step, Cure) else
            f"{who}'s {spell.name} damage to {game.name_of(step.target)}")
    return Chance(dice_event(spell.dice, text), None)


def roll_cure(game: Tactics, state: TacticsState, step: Cure, outcome: int) -> TacticsState:
    state = replace(state, stack=state.stack[:-1])
    return effects.heal(game, state, step.target, outcome, f"{SPELLS[step.spell].name}")


def roll_spell_damage(game: Tactics, state: TacticsState, step: SpellDamage, outcome: int) -> TacticsState:
    state = replace(state, stack=state.stack[:-1])
    return effects.damage(game, state, step.actor, step.target, outcome, SPELLS[step.spell].name)


def roll_fireball(game: Tactics, state: TacticsState, step: Fireball, outcome: int) -> TacticsState:
    """Seed (Difficulty Check, the fireball example): the damage is rolled once; each conscious
    character inside rolls a Reflex save against the spell's DC and takes none on a success (+2
    with cover from the burst: option cover); a helpless one burns without a save."""
    rest = state.stack[:-1]
    if not step.damage:
        step, saves = replace(step, damage=outcome), ()
        if step.savers:
            return replace(state, stack=rest + (step,), last=f"fireball: {outcome} damage")
    else:
        saves = step.saves + (outcome,)
        if len(saves) < len(step.savers):
            return replace(state, stack=rest + (replace(step, saves=saves),))
    damage, dc = step.damage, step.dc
    burned = list(step.helpless)
    texts = []
    for j, r in zip(step.savers, saves):
        cover = A.reflex_cover(game, step.origin, j, state)
        bonus = save_bonus(game, state, j, "ref") + cover
        note = f", cover +{cover}" if cover else ""
        if save_result(r, bonus, dc, natural=True):
            texts.append(f"{game.name_of(j)} dodges (Reflex {r} {bonus:+d} against DC {dc}{note})")
        else:
            texts.append(f"{game.name_of(j)} fails (Reflex {r} {bonus:+d} against DC {dc}{note})")
            burned.append(j)
    state = replace(state, stack=rest)
    for j in sorted(burned):
        state = effects.damage(game, state, step.actor, j, damage, "fireball")
    return replace(state, last=f"fireball {damage}: " + "; ".join(texts + [f"{game.name_of(j)} burns" for j in sorted(burned)]))


ROLLS = {Cure: roll_cure, SpellDamage: roll_spell_damage, Fireball: roll_fireball}
