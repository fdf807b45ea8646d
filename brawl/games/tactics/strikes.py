"""Attacks and damage as they are rolled: the d20, the blur's miss chance, the damage dice and
what a hit does (a trip's save, a hamstring, a Will save against an inflict spell).

The numbers of an attack come from :func:`.attacks.attack_profile`; the d20 is judged by
:func:`.mechanics.d20_result`.  The step here: :class:`.steps.Attack`, whose ``stage`` moves from
the d20 (:data:`.steps.ROLL`) through the blur (:data:`.steps.CONCEALMENT`) to the damage
(:data:`.steps.DAMAGE`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Chance
from . import attacks as A
from . import effects
from .data import D20, MIN_WEAPON_DAMAGE, NATURAL_MISS, SPELLS
from .grid import adjacent
from .mechanics import concealment, concealment_words, d20_result, damage_expr, dice_event, labelled_die
from .saves import trip_dc
from .state import TacticsState, replace, set_unit
from .steps import CONCEALMENT, DAMAGE, ROLL, Attack, Save

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics

MELEE_KINDS = ("main", "off", "main_tw", "off_tw", "aoo", "trip", "hamstring", "touch", "unarmed")
#: attack kinds made with the main-hand weapon in hand
NEEDS_MAIN = ("main", "main_tw", "hamstring", "shoot", "throw")
# how the log names the blow that did damage ("hit: Vex takes 4"), by attack kind
ATTACK_WORDS = {"main": "hit", "off": "off-hand hit", "main_tw": "main-hand hit", "off_tw": "off-hand hit",
                "aoo": "attack of opportunity", "shoot": "shot", "throw": "thrown weapon", "ray": "ray",
                "touch": "touch", "hamstring": "hamstring", "trip": "trip", "unarmed": "punch"}


def profile_of(game: Tactics, state: TacticsState, step: Attack) -> A.AttackProfile:
    """The numbers of the attack a step makes."""
    return A.attack_profile(game, state, step.actor, step.target, step.attack, step.spell, step.unseen,
                            step.iterative)


def attack_possible(game: Tactics, state: TacticsState, step: Attack) -> bool:
    """An attack still to be rolled is dropped when its attacker has fallen, its target is dead, a
    melee target has stepped away or the weapon has left the hand."""
    a, t = state.units[step.actor], state.units[step.target]
    if not a.conscious or t.dead:
        return False
    if step.attack in MELEE_KINDS and not adjacent(a.pos, t.pos):
        return False
    if step.attack in NEEDS_MAIN and not a.main:
        return False
    return True


def attack_node(game: Tactics, state: TacticsState, step: Attack) -> Chance:
    """Every roll is labelled with the character who rolls it, and has no seat: the log reads
    "Roll d20 (Steve's attack roll against Jeff): 14", not the side's name."""
    who, whom = game.name_of(step.actor), game.name_of(step.target)
    if step.stage == ROLL:
        return Chance(labelled_die(D20, f"{who}'s {game._attack_words(step)} against {whom}"), None)
    if step.stage == CONCEALMENT:
        return Chance(concealment(f"{whom}'s blur: {concealment_words()}"), None)
    profile = profile_of(game, state, step)
    return Chance(dice_event(damage_expr(profile, step.crit), f"{who}'s damage to {whom}"), None)


def _card(outcome: int, profile: A.AttackProfile) -> str:
    """The roll card of an attack: the d20, every modifier and the armor class's parts."""
    parts = ", ".join(f"{k} {v:+d}" for k, v in profile.notes if v)
    ac_parts = ", ".join(k if "lost" in k else f"{k} {v}" if k == "base" else f"{k} {v:+d}"
                         for k, v in profile.ac_notes if v or k == "base" or "lost" in k)
    return (f"d20 {outcome} {profile.bonus:+d} = {outcome + profile.bonus} [{parts}] against "
            f"{'touch ' if profile.touch else ''}AC {profile.ac} [{ac_parts}]")


def roll_attack(game: Tactics, state: TacticsState, step: Attack, outcome) -> TacticsState:
    a, t = step.actor, step.target
    who, whom = game.name_of(a), game.name_of(t)
    rest = state.stack[:-1]
    profile = profile_of(game, state, step)
    if step.stage == ROLL:
        result = d20_result(outcome, profile.bonus, profile.ac, profile.crit_lo)
        card = _card(outcome, profile)
        if result == "miss":
            why = "natural 1" if outcome == NATURAL_MISS else "miss"
            return replace(state, stack=rest, last=f"{who} misses {whom} ({card}; {why})")
        crit = result == "crit"
        rolled = replace(step, crit=crit, roll=outcome)
        if state.units[t].blur:
            return replace(state, stack=rest + (replace(rolled, stage=CONCEALMENT),),
                           last=f"{who} {'critically ' if crit else ''}hits {whom} ({card}); blur may turn it aside")
        state = replace(state, last=f"{who} {'critically ' if crit else ''}hits {whom} ({card})")
        return after_hit(game, state, rolled, rest)
    if step.stage == CONCEALMENT:
        if outcome == "miss":
            return replace(state, stack=rest, last=f"{whom}'s blur turns the attack aside")
        return after_hit(game, state, step, rest)
    # the damage
    total = max(MIN_WEAPON_DAMAGE, outcome) if profile.min_one else max(0, outcome)
    state = replace(state, stack=rest)
    what = step.spell.replace("_", " ") if step.spell else ATTACK_WORDS.get(step.attack, step.attack)
    if step.attack == "touch" and SPELLS[step.spell].save == "will_half":
        dc = game.sheets[a].spell_dc(step.spell)
        return replace(state, stack=rest + (Save(t, a, "will_half", dc, step.spell, total),),
                       last=f"{SPELLS[step.spell].name}: {total} damage unless {whom} saves (Will DC {dc})")
    state = effects.damage(game, state, a, t, total, what, nonlethal=profile.nonlethal)
    if step.attack == "hamstring" and not state.units[t].dead:
        state = set_unit(state, t, replace(state.units[t], hamstrung=True))
        state = replace(state, last=state.last + f"; {whom} is hamstrung")
    return state


def after_hit(game: Tactics, state: TacticsState, step: Attack, rest: tuple) -> TacticsState:
    """A trip that hits calls for the target's save (seed: Difficulty Check, the trip example);
    every other hit rolls damage."""
    if step.attack == "trip":
        return replace(state, stack=rest + (Save(step.target, step.actor, "trip", trip_dc(game, step.actor)),))
    return replace(state, stack=rest + (replace(step, stage=DAMAGE),))
