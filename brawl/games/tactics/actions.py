"""A turn's decisions: which are legal, and what deciding one does.

Seed (Actions): each turn a move action and a standard action, in any order.  A decision pushes
steps (:mod:`.steps`): a move walks square by square (:mod:`.movement`); an attack rolls at once;
every other standard action spends what it costs, provokes if taken in combat and is performed
(:class:`.steps.Do`) once the attacks of opportunity are over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import IllegalAction
from . import movement, spells
from .data import IMPROVISED_THROW_RANGE, MAX_INCREMENTS_PROJECTILE, MAX_INCREMENTS_THROWN, SPELLS, WEAPONS
from .grid import Square, adjacent, distance_feet, line_of_effect
from .state import TacticsState, replace, set_unit
from .steps import ROLL, Attack, Concentration, Do, GoOn, HealCheck, HideCheck, Offer

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics

#: decisions that end hiding: attacks (and a spell on an enemy or a square, see :func:`hostile`)
HOSTILE_VERBS = ("attack", "twoweapon", "shoot", "throw", "trip", "hamstring", "fullattack", "punch")


def parse_square(text: str) -> Square | None:
    try:
        x, y = text.split(",")
        return (int(x), int(y))
    except ValueError:
        return None


def turn_actions(game: Tactics, state: TacticsState) -> list[str]:
    """The decisions of the character on turn: the moves (while the move action is unused), the
    standard actions and full attacks (while the standard action is unused), and ending the turn.
    Listed once per state (a new list each time it is asked)."""
    return list(state.remembered(game, "turn actions", lambda: tuple(_list_turn_actions(game, state))))


def _list_turn_actions(game: Tactics, state: TacticsState) -> list[str]:
    i = state.actor
    if state.stack and isinstance(state.stack[-1], GoOn):
        # after a full attack's first attack: go on with it, or move instead (SRD, Full Attack)
        return [f"fullattack:{game.ids[state.stack[-1].target]}"] + [
            f"move:{sq[0]},{sq[1]}" for sq in game.move_squares(state, i)]
    out: list[str] = []
    if not state.moved:
        for sq in game.move_squares(state, i):
            out.append(f"move:{sq[0]},{sq[1]}")
    if not state.acted_std:
        out.extend(standard_actions(game, state, i))
        if not state.moved and not game.one_action_turn(state, i):
            out.extend(game._full_attacks(state, i))
    out.append("end_turn")
    return out


def standard_actions(game: Tactics, state: TacticsState, i: int) -> list[str]:
    u = state.units[i]
    out: list[str] = []
    if u.prone:
        out.append("stand")
    melee = movement.melee_weapon(u)
    main_melee = bool(u.main) and WEAPONS[u.main].melee
    for j in game.enemies(state, i):
        t = state.units[j]
        if t.hidden:
            continue  # ruling: a hidden character cannot be singled out by attacks
        ident = game.ids[j]
        near = adjacent(u.pos, t.pos)
        if near and melee:
            out.append(f"attack:{ident}")
        if near and main_melee:
            if u.off in WEAPONS:
                out.append(f"twoweapon:{ident}")
            out.append(f"hamstring:{ident}")
        if near and t.conscious and not t.prone:
            out.append(f"trip:{ident}")
        if near and game.options.unarmed_strikes:
            out.append(f"punch:{ident}")
        if u.main and not WEAPONS[u.main].melee and u.ammo > 0 and in_range(game, state, i, j, "shoot"):
            out.append(f"shoot:{ident}")
        if u.main and WEAPONS[u.main].melee and in_range(game, state, i, j, "throw"):
            out.append(f"throw:{ident}")
    if u.sheath:
        out.append("draw")
    if game.can_hide(state, i):
        out.append("hide")
    for spell, left in u.spells:
        if left > 0:
            out.extend(spells.cast_options(game, state, i, spell))
    for j in game.allies(state, i):
        t = state.units[j]
        if t.incapacitated and not t.stable and adjacent(u.pos, t.pos):
            out.append(f"heal:{game.ids[j]}")
    return out


def in_range(game: Tactics, state: TacticsState, i: int, j: int, kind: str, spell: str = "") -> bool:
    """Shots reach ten range increments, throws five (seed Appendix A; ruling, SRD), spells their
    range; all need a line of effect."""
    a, t = state.units[i].pos, state.units[j].pos
    feet = distance_feet(a, t)
    if kind == "shoot":
        limit = WEAPONS[state.units[i].main].ranged * MAX_INCREMENTS_PROJECTILE
    elif kind == "throw":
        w = WEAPONS[state.units[i].main]
        limit = (w.thrown or IMPROVISED_THROW_RANGE) * MAX_INCREMENTS_THROWN
    else:
        limit = SPELLS[spell].range
    return feet <= limit and line_of_effect(game.map, a, t)


def check(game: Tactics, state: TacticsState, seat: int, action: str) -> None:
    """Everything in ``legal_actions``, plus a fireball at any square in range and in line of
    effect (the list names only occupied squares)."""
    legal = game.legal_actions(state, seat)
    if action in legal:
        return
    if action.startswith("cast:fireball:") and any(a.startswith("cast:fireball:") for a in legal):
        sq = parse_square(action.split(":", 2)[2])
        if sq is not None and spells.area_ok(game, state, state.actor, sq):
            return
    raise IllegalAction(game.refusal(state, seat, action, legal), legal)


def go_on(game: Tactics, state: TacticsState, seat: int, action: str) -> TacticsState:
    """The decision after a full attack's first attack (option iterative_attacks; SRD, Full Attack:
    "after your first attack, you can decide to take a move action instead of making your
    remaining attacks"): ``fullattack:<target>`` goes on; ``move:x,y`` drops the attacks left and
    moves (rule 68)."""
    i = state.actor
    rest = state.stack[:-1]
    name = game.name_of(i)
    if action.startswith("fullattack:"):
        return replace(state, stack=rest, last=f"{name} goes on with the full attack")
    while rest and isinstance(rest[-1], Attack) and rest[-1].actor == i and rest[-1].stage == ROLL:
        rest = rest[:-1]
    state = replace(state, stack=rest)
    steps = movement.start_move(game, state, i, parse_square(action.partition(":")[2]))
    words = game.describe_action(state, seat, action)  # "Nim 2 moves to ...": what follows the name
    words = words[len(name) + 1:] if words.startswith(name + " ") else words
    return replace(state, stack=rest + steps, last=f"{name} stops the full attack and {words}")


def hostile(action: str) -> bool:
    """An action that ends hiding: an attack, a spell on an enemy, or a spell on a square."""
    verb, _, rest = action.partition(":")
    if verb in HOSTILE_VERBS:
        return True
    if verb == "cast":
        return SPELLS[rest.split(":")[0]].target not in ("self", "ally")
    return False


def decide(game: Tactics, state: TacticsState, seat: int, action: str) -> TacticsState:
    """The steps a turn decision pushes (the rules then settle them)."""
    i = state.actor
    verb, _, rest = action.partition(":")
    name = game.name_of(i)
    if state.stack and isinstance(state.stack[-1], GoOn):
        return go_on(game, state, seat, action)
    if verb == "end_turn":
        return game._end_turn(replace(state, last=f"{name} ends the turn"))
    if verb == "move":
        steps = movement.start_move(game, state, i, parse_square(rest))
        return replace(state, moved=True, stack=state.stack + steps, last=game.describe_action(state, seat, action))
    state = replace(state, acted_std=True, hits=(), spoiled=False)
    # ruling: an action aimed at an enemy or at a square ends hiding; its first attack roll is
    # made from hiding
    unseen = state.units[i].hidden and hostile(action)
    if unseen:
        state = set_unit(state, i, replace(state.units[i], hidden=False))
    if verb == "fullattack":
        # option iterative_attacks (SRD): a full attack takes the whole turn
        j = game.index[rest]
        steps = game.full_attack_steps(state, i, j, unseen)
        if len(steps) > 1:  # the choice to move instead comes after the first attack (SRD)
            steps = steps[:-1] + (GoOn(i, j),) + steps[-1:]
        return replace(state, moved=True, stack=state.stack + steps,
                       last=f"{name} makes a full attack on {game.name_of(j)}")
    if verb == "punch":
        # option unarmed_strikes (SRD): the punch provokes an attack of opportunity from its target
        j = game.index[rest]
        state = replace(state, stack=state.stack + (Do(i, action, unseen=unseen),),
                        last=game.describe_action(state, seat, action))
        if movement.strikes_back(game, state, j, i):
            state = replace(state, stack=state.stack + (Offer(j, i, verb),))
        return state
    if verb in ("attack", "twoweapon"):
        j = game.index[rest]
        if verb == "attack":
            main = state.units[i].main
            steps = (Attack(i, j, "main" if main in WEAPONS and WEAPONS[main].melee else "aoo", unseen=unseen),)
        else:
            steps = (Attack(i, j, "off_tw"), Attack(i, j, "main_tw", unseen=unseen))
        return replace(state, stack=state.stack + steps, last=f"{name} attacks {game.name_of(j)}")
    # every other standard action: spend what it costs now, provoke if in combat (seed), then do it
    if verb == "cast":
        spell = rest.split(":")[0]
        u = state.units[i]
        state = set_unit(state, i, replace(u, spells=tuple((k, n - 1 if k == spell else n) for k, n in u.spells)))
    state = replace(state, stack=state.stack + (Do(i, action, unseen=unseen),),
                    last=game.describe_action(state, seat, action))
    return replace(state, stack=state.stack + movement.action_offers(game, state, i, verb))


def settle_do(game: Tactics, state: TacticsState, step: Do) -> TacticsState:
    """A standard action whose attacks of opportunity are over: dropped if its actor fell; a spell
    first takes one Concentration check per hit it took (seed: Attacks of Opportunity, Jeff's
    example); then it is performed."""
    rest = state.stack[:-1]
    if not step.checked:
        if not state.units[step.actor].conscious:
            return replace(state, stack=rest)
        if step.action.startswith("cast:") and state.hits:
            checks = tuple(Concentration(step.actor, h) for h in reversed(state.hits))
            return replace(state, stack=rest + (replace(step, checked=True),) + checks)
    return perform(game, replace(state, stack=rest), step.actor, step.action, step.unseen)


def perform(game: Tactics, state: TacticsState, i: int, action: str, unseen: bool = False) -> TacticsState:
    """A standard action takes place."""
    verb, _, rest = action.partition(":")
    u = state.units[i]
    name = game.name_of(i)
    if verb == "hide":
        return replace(state, stack=state.stack + (HideCheck(i, game.hide_dc(state, i)),))
    if verb == "stand":
        return replace(set_unit(state, i, replace(u, prone=False)), last=f"{name} stands up")
    if verb == "draw":
        drawn = WEAPONS[u.sheath]
        off = u.off
        dropped = ""
        two = drawn.grip == "two"
        if two and off:
            dropped, off = off, ""
        unit = replace(u, main=u.sheath, sheath=u.main, off=off, two_handed=two)
        text = f"{name} draws the {drawn.name}" + (f" (drops the {dropped})" if dropped else "")
        return replace(set_unit(state, i, unit), last=text)
    if verb in ("shoot", "throw", "trip", "hamstring", "punch"):
        j = game.index[rest]
        if state.units[j].dead:
            return replace(state, last=f"{name}'s target is gone")
        if verb == "punch":
            return replace(state, stack=state.stack + (Attack(i, j, "unarmed", unseen=unseen),))
        if verb == "shoot":
            state = set_unit(state, i, replace(u, ammo=u.ammo - 1))
        step = Attack(i, j, verb, unseen=unseen)
        if verb == "throw":
            # the profile is computed with the weapon still in hand; it leaves the hand when rolled
            return replace(state, stack=state.stack + (Do(i, "drop_main"), step))
        return replace(state, stack=state.stack + (step,))
    if verb == "drop_main":
        return set_unit(state, i, replace(u, main="", two_handed=False))
    if verb == "heal":
        j = game.index[rest]
        if state.hits:
            return replace(state, last=f"{name}'s Heal check is spoiled by the attack of opportunity")
        return replace(state, stack=state.stack + (HealCheck(i, j),))
    if verb == "cast":
        return spells.cast(game, state, i, rest, unseen)
    raise ValueError(f"cannot perform {action!r}")
