"""Effects on characters: damage (lethal and nonlethal), healing, bleeding and recovering.

Seed (Conditions): at 0 to -9 hit points a character is incapacitated (and prone), at -10 or
fewer dead; an incapacitated character bleeds (d10 at its turn) until stabilized, and a
stabilized one gains 1 hit point a turn.  Option unarmed_strikes (SRD, Nonlethal Damage) counts
nonlethal damage apart.  The step here: :class:`.steps.Bleed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Chance
from .data import BLEED_DIE, RECOVERY, STABILIZE_ROLL
from .mechanics import bleeding, is_dead, is_up, labelled_die
from .state import TacticsState, replace, say, set_unit
from .steps import Bleed, Do

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics


def damage(game: Tactics, state: TacticsState, source: int, i: int, amount: int, what: str,
           nonlethal: bool = False) -> TacticsState:
    """Seed (Conditions): at 0 to -9 incapacitated (and prone), at -10 or fewer dead; a stabilized
    character who takes damage stays stabilized.  Option unarmed_strikes (SRD, Nonlethal
    Damage): nonlethal damage is counted apart; more of it than hit points knocks a character
    out (it falls prone), as much as its hit points staggers it.  Ruling: being hurt ends hiding.
    Damage to the character on turn while its standard action waits is remembered for the
    Concentration checks of a spell (``hits``)."""
    u = state.units[i]
    hp = u.hp if nonlethal else u.hp - amount
    taken = u.nonlethal + amount if nonlethal else u.nonlethal
    dead = is_dead(hp)
    stable = u.stable and not is_up(hp) and not is_up(u.hp)
    unit = replace(u, hp=hp, nonlethal=taken, dead=dead, stable=stable, hidden=u.hidden and amount <= 0)
    unit = replace(unit, prone=u.prone or unit.down)
    state = set_unit(state, i, unit)
    if (state.pos >= 0 and i == state.actor and state.stack and any(isinstance(s, Do) for s in state.stack)
            and amount > 0):
        state = replace(state, hits=state.hits + (amount,))
    status = ("dead" if dead else "down" if not is_up(hp) else "knocked out" if unit.knocked_out else
              f"{hp} hp, staggered" if unit.staggered else f"{hp} hp")
    kind = " nonlethal" if nonlethal else ""
    return say(state, f"{what}: {game.name_of(i)} takes {amount}{kind} ({status})")


def heal(game: Tactics, state: TacticsState, i: int, amount: int, what: str) -> TacticsState:
    """Seed (Conditions): any healing stabilizes an incapacitated character.  SRD (Nonlethal
    Damage): healing cures as much nonlethal damage as it heals."""
    u = state.units[i]
    hp = min(game.sheets[i].max_hp, u.hp + amount)
    unit = replace(u, hp=hp, stable=u.stable or not is_up(u.hp), nonlethal=max(0, u.nonlethal - amount))
    if is_up(hp):
        unit = replace(unit, stable=False)
    state = set_unit(state, i, unit)
    return replace(state, last=f"{what}: {game.name_of(i)} heals {amount} ({hp} hp)")


def fallen_turn(game: Tactics, state: TacticsState, i: int) -> TacticsState:
    """The turn of a character who is down (it has no actions): knocked out (option
    unarmed_strikes, SRD), it does nothing; stabilized, it recovers 1 hit point and at 1 acts
    again, prone (seed, Conditions; acting that turn: ruling); otherwise it bleeds."""
    u = state.units[i]
    if u.knocked_out:
        return replace(state, moved=True, acted_std=True, last=f"{game.name_of(i)} is knocked out and cannot act")
    state = replace(state, moved=True, acted_std=True)
    if u.stable:
        hp = u.hp + RECOVERY
        state = set_unit(state, i, replace(u, hp=hp, stable=not is_up(hp), acted=True))
        text = f"{game.name_of(i)} recovers {RECOVERY} hp ({hp})"
        if is_up(hp):
            return replace(state, moved=False, acted_std=False, last=text + " and comes to, prone")
        return replace(state, last=text)
    return replace(state, stack=state.stack + (Bleed(i),))


def bleed_node(game: Tactics, state: TacticsState, step: Bleed) -> Chance:
    return Chance(labelled_die(BLEED_DIE, f"{game.name_of(step.actor)}'s bleeding"), None)


def roll_bleed(game: Tactics, state: TacticsState, step: Bleed, outcome: int) -> TacticsState:
    u = state.units[step.actor]
    state = replace(state, stack=state.stack[:-1])
    stabilized, hp = bleeding(u.hp, outcome)
    if stabilized:
        return replace(set_unit(state, step.actor, replace(u, stable=True)),
                       last=f"{game.name_of(step.actor)} stabilizes (d{BLEED_DIE} = {STABILIZE_ROLL})")
    u = replace(u, hp=hp, dead=is_dead(hp))
    text = f"{game.name_of(step.actor)} bleeds (d{BLEED_DIE} = {outcome}): {hp} hp" + (", dead" if u.dead else "")
    return replace(set_unit(state, step.actor, u), last=text)
