"""Rounds and turns: initiative, whose turn it is, how many actions a turn has, and the round limit.

Seed (Initiative): every round each character rolls d20 + Dex, ties broken by chance.  Seed
(Actions): a move action and a standard action each turn.  Option surprise_round (SRD): the aware
side acts alone in round 0, one action each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Chance
from . import effects
from .data import D20, STAGGERED_ACTIONS, SURPRISE_ACTIONS, TURN_ACTIONS
from .mechanics import labelled_die
from .state import TacticsState, replace, set_unit

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics

#: option surprise_round: the side that is not surprised
AWARE_SIDES = {"first": 0, "second": 1}


def aware_side(game: Tactics) -> int | None:
    """The side that is not surprised (option surprise_round), or None."""
    return AWARE_SIDES.get(game.options.surprise_round)


def actions_allowed(game: Tactics, state: TacticsState, i: int) -> int:
    """Actions a turn has: a move and a standard action (seed: Actions); one of them in the
    surprise round (option surprise_round; SRD) or when staggered (option unarmed_strikes; SRD)."""
    if state.round == 0:
        return SURPRISE_ACTIONS
    if state.units[i].staggered:
        return STAGGERED_ACTIONS
    return TURN_ACTIONS


def rollers(game: Tactics, state: TacticsState) -> list[int]:
    """Who rolls initiative and acts this round: every living character, or in the surprise
    round only the aware side's (option surprise_round; SRD, Surprise)."""
    aware = aware_side(game)
    return [j for j, u in enumerate(state.units)
            if not u.dead and (state.round > 0 or aware is None or game.sides[j] == aware)]


def next_roller(game: Tactics, state: TacticsState) -> int:
    rolled = {u for u, _ in state.init}
    return next(j for j in rollers(game, state) if j not in rolled)


def initiative_node(game: Tactics, state: TacticsState) -> Chance:
    if state.groups:
        group = next(g for g in state.groups if len(g) > 1)
        names = ", ".join(game.name_of(j) for j in group)
        return Chance(labelled_die(len(group), f"initiative tie between {names}"), None)
    return Chance(labelled_die(D20, f"{game.name_of(next_roller(game, state))}'s initiative"), None)


def roll_initiative(game: Tactics, state: TacticsState, outcome: int) -> TacticsState:
    """A d20 for the next character (then the order, by d20 + Dex, highest first, ties in groups),
    or the die that breaks a tie: the one it names goes first of its group."""
    if state.groups:
        idx = next(k for k, g in enumerate(state.groups) if len(g) > 1)
        g = state.groups[idx]
        first = g[outcome - 1]
        rest = tuple(x for x in g if x != first)
        groups = state.groups[:idx] + ((first,), rest) + state.groups[idx + 1:]
        return replace(state, groups=groups, last=f"tie broken: {game.name_of(first)} first")
    init = state.init + ((next_roller(game, state), outcome),)
    if len(init) < len(rollers(game, state)):
        return replace(state, init=init)
    totals: dict[int, list[int]] = {}
    for j, r in init:
        totals.setdefault(r + game.sheets[j].mod("dex"), []).append(j)
    groups = tuple(tuple(totals[t]) for t in sorted(totals, reverse=True))
    return replace(state, init=init, groups=groups)


def begin_round(game: Tactics, state: TacticsState) -> TacticsState | None:
    """Once every tie is broken, the round's order is set and its first turn begins (None while
    dice are still due)."""
    if not state.groups or any(len(g) > 1 for g in state.groups):
        return None
    order = tuple(g[0] for g in state.groups)
    state = replace(state, order=order, groups=(), init=(),
                    first_mover=game.sides[order[0]] if state.first_mover < 0 else state.first_mover)
    return start_turn(game, replace(state, pos=0))


def turn_over(game: Tactics, state: TacticsState) -> bool:
    """The character on turn has fallen or used every action it has."""
    i = state.actor
    return (not state.units[i].conscious
            or int(state.moved) + int(state.acted_std) >= actions_allowed(game, state, i))


def start_turn(game: Tactics, state: TacticsState) -> TacticsState:
    """The character at ``pos`` begins its turn (dead ones are skipped); one who is down has its
    turn as :func:`.effects.fallen_turn` says."""
    i = state.actor
    u = state.units[i]
    state = replace(state, moved=False, acted_std=False, hits=(), spoiled=False, turns=state.turns + 1)
    if u.dead:
        return end_turn(game, state)
    if u.conscious:
        if not u.acted and state.round > 0:
            # flat-footed until one's first regular turn: a surprise round's turn does not count
            # (rule 70; SRD, Flat-Footed)
            state = set_unit(state, i, replace(u, acted=True))
        return state
    return effects.fallen_turn(game, state, i)


def end_turn(game: Tactics, state: TacticsState) -> TacticsState:
    """The next living character's turn; after the last, initiative again (seed: Initiative), or a
    draw when the round limit is reached (option max_rounds)."""
    pos = state.pos + 1
    while pos < len(state.order) and state.units[state.order[pos]].dead:
        pos += 1
    if pos < len(state.order):
        return start_turn(game, replace(state, pos=pos))
    nxt = state.round + 1
    if nxt > game.options.max_rounds:
        return replace(state, over=True, winners=(), stack=(), pos=-1,
                       last=f"{game.options.max_rounds} rounds fought: a draw")
    return replace(state, round=nxt, pos=-1, order=(), init=(), groups=(), moved=False, acted_std=False)
