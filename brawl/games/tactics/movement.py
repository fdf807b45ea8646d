"""Where characters stand and move, and the attacks of opportunity moving and acting provoke.

Seed (Range): melee range is one square; a character within melee range of an enemy is in
combat.  Seed (Attacks of Opportunity): entering or leaving the melee range of an enemy who is not
in combat provokes, and so does any standard action but a melee attack while in combat.  Seed
(Flanking).  The steps here: :class:`.steps.Move` (one square at a time, with the attacks of
opportunity for leaving and entering) and :class:`.steps.Offer` (a reaction: take the attack or
let it pass).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.game import Decision
from .cover import melee_cover
from .data import HASTE_FEET, PRONE_SPEED, WEAPONS
from .grid import Map, Square, adjacent, flanks
from .mechanics import hamstrung_speed
from .paths import Route, reachable, route_to, routes
from .state import TacticsState, Unit, replace, say, set_unit
from .steps import Attack, Move, Offer

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics


def melee_weapon(unit: Unit) -> str:
    """The weapon a character attacks with in melee (and threatens with): the main-hand weapon,
    else a weapon in the off hand; "" when it holds none (ruling)."""
    if unit.main and WEAPONS[unit.main].melee:
        return unit.main
    if unit.off in WEAPONS:
        return unit.off
    return ""


def can_threaten(game: Tactics, state: TacticsState, i: int) -> bool:
    """Ruling: a conscious character with a melee weapon in hand makes attacks of opportunity
    (prone ones too: seed, Conditions)."""
    u = state.units[i]
    return u.conscious and bool(melee_weapon(u))


def makes_aoo(game: Tactics, state: TacticsState, i: int) -> bool:
    """Whether character ``i`` makes attacks of opportunity now: it threatens (:func:`can_threaten`),
    and in a battle with a surprise round (option surprise_round) it is not flat-footed (rule 70;
    SRD, Flat-Footed: "A flat-footed character can't make attacks of opportunity").  Without a
    surprise round, flat-footed characters still make them (rule 19)."""
    if not can_threaten(game, state, i):
        return False
    return game.aware_side() is None or not game.flat_footed(state, i)


def strikes_back(game: Tactics, state: TacticsState, j: int, i: int) -> bool:
    """Whether enemy ``j`` gets an attack of opportunity when adjacent character ``i`` takes a
    standard action that provokes: ``j`` makes them (:func:`makes_aoo`), and with the option cover
    ``i`` has no cover from ``j`` (rule 61; SRD, Cover: "you can't execute an attack of opportunity
    against an opponent with cover relative to you", here a wall's corner between them)."""
    if not makes_aoo(game, state, j):
        return False
    return not (game.options.cover and melee_cover(game.map.walls, state.units[j].pos, state.units[i].pos))


def in_combat(game: Tactics, state: TacticsState, i: int, ignoring: int = -1) -> bool:
    """Seed (Range): within melee range of an enemy.  Ruling: only a conscious enemy counts."""
    p = state.units[i].pos
    for j in game.enemies(state, i):
        if j != ignoring and state.units[j].conscious and adjacent(p, state.units[j].pos):
            return True
    return False


def is_flanked(game: Tactics, state: TacticsState, attacker: int, target: int) -> bool:
    """Seed (Flanking): attacker and a conscious ally both in melee range of the target with the
    target on the straight line between them.  Seed (Conditions): an incapacitated target is
    always treated as flanked; so is one knocked out (option unarmed_strikes; ruling, SRD
    helpless)."""
    t = state.units[target]
    if t.down:
        return True
    a = state.units[attacker]
    if not adjacent(a.pos, t.pos):
        return False
    for j in game.allies(state, attacker):
        b = state.units[j]
        if b.conscious and flanks(a.pos, b.pos, t.pos):
            return True
    return False


def speed(game: Tactics, state: TacticsState, i: int) -> int:
    """Seed: 30 feet, 20 in medium or heavier armor, 5 when prone; expeditious retreat +10 (seed);
    hamstrung halves it (ruling)."""
    u = state.units[i]
    if u.prone:
        return PRONE_SPEED
    feet = game.sheets[i].base_speed + (HASTE_FEET if u.haste else 0)
    if u.hamstrung:
        feet = hamstrung_speed(feet)
    return feet


def occupied(state: TacticsState, exclude: int = -1) -> set:
    return {u.pos for j, u in enumerate(state.units) if not u.dead and j != exclude}


def provoke_watchers(game: Tactics, state: TacticsState, mover: int) -> list[int]:
    """Enemies whose melee range the mover would provoke by entering or leaving: those that can
    make attacks of opportunity and are not in combat with anyone but the mover (seed: Attacks
    of Opportunity; its example of Jeff's retreat)."""
    return [j for j in game.enemies(state, mover)
            if makes_aoo(game, state, j) and not in_combat(game, state, j, ignoring=mover)]


def _ground(game: Tactics, state: TacticsState, i: int) -> tuple:
    """Where character ``i`` may walk: the map, where it stands, its speed, the squares it may not
    enter (conscious enemies') and those it may not stop in (everyone else's)."""
    blocked = frozenset(state.units[j].pos for j in game.enemies(state, i) if state.units[j].conscious)
    return game.map, state.units[i].pos, speed(game, state, i), blocked, frozenset(occupied(state, i))


def _way(game: Tactics, state: TacticsState, i: int) -> tuple:
    """What the routes of character ``i`` depend on: :func:`_ground` and the watchers (squares of
    the enemies its steps would provoke)."""
    return _ground(game, state, i) + (tuple(state.units[j].pos for j in provoke_watchers(game, state, i)),)


@lru_cache(maxsize=512)
def _routes(game_map: Map, start: Square, feet: int, blocked: frozenset, taken: frozenset,
            watchers: tuple) -> dict[Square, Route]:
    return routes(game_map, start, feet, blocked, taken, watchers)


def move_routes(game: Tactics, state: TacticsState, i: int) -> dict[Square, Route]:
    """Where character ``i`` can move this turn, each by its least-provoking route (the answer is
    shared: do not change it).  Worked out once per state, and once per placement of the
    characters it depends on."""
    return state.remembered(game, ("routes", i), lambda: _routes(*_way(game, state, i)))


def move_squares(game: Tactics, state: TacticsState, i: int) -> tuple[Square, ...]:
    """The squares character ``i`` can move to this turn, in order: the squares of
    :func:`move_routes`, read off the routes when they are known already, else found without
    working them out (the legal moves need no more)."""
    known = state.recalled(game, ("routes", i))
    if known is not None:
        return tuple(sorted(known))
    return state.remembered(game, ("squares", i), lambda: reachable(*_ground(game, state, i)))


def move_route(game: Tactics, state: TacticsState, i: int, sq: Square) -> Route | None:
    """``move_routes(game, state, i).get(sq)``: the route of a move to ``sq`` (None when it cannot
    get there).  The first square asked of a state is searched for alone (a move decided asks for
    its own square, to walk it and to say it); asked for another, the state works out every route
    (a list of labelled moves asks for them all)."""
    known = state.recalled(game, ("routes", i))
    if known is None:
        first = state.remembered(game, ("route", i), lambda: (sq, route_to(*_way(game, state, i), sq)))
        if first[0] == sq:
            return first[1]
        known = move_routes(game, state, i)
    return known.get(sq)


def action_offers(game: Tactics, state: TacticsState, i: int, verb: str) -> tuple[Offer, ...]:
    """Seed (Attacks of Opportunity): a standard action other than a melee attack, taken in
    combat (and not from hiding), provokes from every adjacent enemy that threatens; in stack
    order (the first enemy's offer last, answered first)."""
    if not in_combat(game, state, i) or state.units[i].hidden:
        return ()
    offers = [Offer(j, i, verb) for j in game.enemies(state, i)
              if adjacent(state.units[j].pos, state.units[i].pos) and strikes_back(game, state, j, i)]
    return tuple(reversed(offers))


# ----------------------------------------------------------------------------------------------
# the offer: a reaction


def offer_stands(game: Tactics, state: TacticsState, step: Offer) -> bool:
    """An offer is put to its side only while it can still be taken: the watcher threatens, the
    mover is conscious, not hidden and still next to it."""
    target = state.units[step.target]
    return (makes_aoo(game, state, step.actor) and target.conscious and not target.hidden
            and adjacent(state.units[step.actor].pos, target.pos))


def offer_node(game: Tactics, state: TacticsState, step: Offer) -> Decision:
    return Decision((game.sides[step.actor],), "reaction",
                    f"{game.name_of(step.target)} provokes: attack of opportunity by {game.name_of(step.actor)}?")


def answer_offer(game: Tactics, state: TacticsState, step: Offer, action: str) -> TacticsState:
    """``aoo``: the attack of opportunity (ruling: attacking ends hiding, and this attack is made
    from hiding); ``pass``: let it go."""
    rest = state.stack[:-1]
    if action == "aoo":
        unseen = state.units[step.actor].hidden
        if unseen:
            state = set_unit(state, step.actor, replace(state.units[step.actor], hidden=False))
        return replace(state, stack=rest + (Attack(step.actor, step.target, "aoo", unseen=unseen),),
                       last=f"{game.name_of(step.actor)} takes an attack of opportunity on {game.name_of(step.target)}")
    return replace(state, stack=rest, last=f"{game.name_of(step.actor)} lets it pass")


# ----------------------------------------------------------------------------------------------
# the move: square by square


def start_move(game: Tactics, state: TacticsState, i: int, sq: Square) -> tuple:
    """The steps of the move action to ``sq``, by the route that provokes least."""
    return (Move(i, move_route(game, state, i, sq).path),)


def move_step(game: Tactics, state: TacticsState, step: Move) -> TacticsState:
    """The move goes on, half-step by half-step, until an attack of opportunity is offered or the
    path ends: leaving a square (the mover still in range when the attacks come), then entering
    the next one (ruling: a step into melee range of an enemy or out of cover ends hiding).  A
    half-step that offers nothing is followed by the next at once, as settling the steps one by
    one would (nothing else can happen in between)."""
    path = step.path
    i = step.actor
    rest = state.stack[:-1]
    stage = step.stage
    watchers = None  # the enemies the mover provokes from where it stands (None: to be found)
    while True:
        idx, phase = divmod(stage, 2)
        if idx >= len(path) - 1 or not state.units[i].conscious:
            return replace(fall_back(game, state, step), stack=rest)
        a, b = path[idx], path[idx + 1]
        if phase == 0:
            here, there, why = a, b, "leaves"
        else:
            u = state.units[i]
            state = set_unit(state, i, replace(u, x=b[0], y=b[1]))
            if u.hidden and not game.may_stay_hidden(state, i):
                state = set_unit(state, i, replace(state.units[i], hidden=False))
                state = say(state, f"{game.name_of(i)} comes out of hiding")
            here, there, why = b, a, "enters"
            watchers = None
        if watchers is None:
            watchers = provoke_watchers(game, state, i)
        stage += 1
        # the watchers in whose melee range the mover is before the half-step and not after it
        # (leaving) or after and not before (entering); the first one's offer on top
        offers = tuple(Offer(j, i, why) for j in reversed(watchers)
                       if adjacent(state.units[j].pos, here) and not adjacent(state.units[j].pos, there))
        if offers:
            return replace(state, stack=rest + (replace(step, stage=stage),) + offers)


def fall_back(game: Tactics, state: TacticsState, step: Move) -> TacticsState:
    """A mover dropped while passing through someone's square falls in the last free square of
    its route (ruling)."""
    i = step.actor
    u = state.units[i]
    if u.dead or u.pos not in occupied(state, i):
        return state
    here = step.path.index(u.pos)
    back = next(sq for sq in reversed(step.path[:here]) if sq not in occupied(state, i))
    return set_unit(state, i, replace(u, x=back[0], y=back[1]))
