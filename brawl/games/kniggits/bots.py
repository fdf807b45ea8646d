"""Kniggits bots.

- ``random``: a random army, random straight moves (``Kniggits.sample_action``) and uniform
  choices everywhere else.
- ``search``: plans each moving phase by short rollouts of whole-turn plans with the heuristic as
  the default policy, and fights against the hands it reads the other side showing
  (:mod:`.search`, :mod:`.search_fights`).
- ``heuristic``: moves sensibly: each kniggit goes for the weakest enemy it can reach, friends
  gang up on the same enemy, archers shoot when they can and otherwise keep at the edge of their
  range, runners fetch the princess, the grail or the enemy flag and a guard stays by one's own
  flag; potions in easy reach are drunk.  In a fight it plays the Nash equilibrium of the fight's
  payoff matrix (solved as a linear programme with SciPy), sampling its hands from that mixed
  strategy, so no fixed pattern of the opponent can exploit it.
"""

from __future__ import annotations

import random

import numpy as np

from ...core.game import IllegalAction
from . import combat, mechanics, search
from .fight_odds import draw
from .fight_odds import equilibrium as solve_zero_sum  # the fight's linear programme, in one place
from .disengage import away_directions
from .geometry import dist, path_length, truncate
from .model import Kniggit
from .rules import Kniggits, KniggitsState


# How the heuristic goes for things (:meth:`HeuristicBot.goal_for`; the compiled heuristic reads
# these too, :mod:`.batch_items`): a flag's guard goes for an enemy within GUARD_WATCH inches of it
# (times the scale) and otherwise comes back to it when further than GUARD_STAY; a potion is worth
# going for within POTION_EASY of a move.
GUARD_WATCH = 10.0
GUARD_STAY = 3.0
POTION_EASY = 0.9


def _worth_tokens(move: int, attack: int, defense: int) -> float:
    colours = (move > 0) + (attack > 0) + (defense > 0)
    if mechanics.flees(colours):
        return 0.0
    return 8.0 + 0.7 * move + 1.2 * attack + 1.0 * defense + (1.5 if colours == 3 else 0.0)


def worth(k: Kniggit) -> float:
    """How much a kniggit is worth to its army: nothing once it would flee (one colour left)."""
    if k.status != "fighting":
        return 0.0
    return _worth_tokens(k.move, k.attack, k.defense)


def _tokens_after(k: Kniggit, heights: list[str], defended: set[str]) -> tuple[int, int, int]:
    """(movement, attack, defense) tokens of ``k`` after the blows land (the rules' own arithmetic)."""
    left = {"move": k.move, "attack": k.attack, "defense": k.defense}
    combat.blows(left, heights, defended)
    return left["move"], left["attack"], left["defense"]


def flee_need(k: Kniggit) -> int:
    """Fewest tokens to knock down before ``k`` flees."""
    return mechanics.blows_to_flee(k.move, k.attack, k.defense)


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None, game: Kniggits | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        return game.sample_action(state, seat, self.rng)


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | None = None, game: Kniggits | None = None) -> None:
        self.rng = random.Random(seed)

    # -- dispatch -----------------------------------------------------------------------------------
    def choose(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        p = state.phase
        if p == "army":
            names = [a[5:] for a in game.legal_actions(state, seat)]
            for pick in ("jouster", "heavy", "balanced"):
                if pick in names:
                    return "army:" + pick
            return "army:" + names[0]
        if p == "rps":
            return self.rng.choice(game.legal_actions(state, seat))
        if p == "fight":
            return self.fight(game, state, seat)
        if p == "turning":
            return self.turning(game, state, seat)
        if game.on_real_table:  # somebody has to move the toy knights (ruling 40)
            raise ValueError(game.people_only)
        return self.move_phase(game, state, seat)

    # -- fighting ----------------------------------------------------------------------------------
    def fight_matrix(self, game: Kniggits, state: KniggitsState, seat: int) -> tuple[list[str], np.ndarray]:
        """My decisions and the payoff matrix against every hand pair of the opponent: the change
        in (my kniggit's worth minus his), after the blows of both sides land."""
        fight = state.fights[0]
        a, d = game.kniggit(state, fight[0]), game.kniggit(state, fight[1])
        ha, hd = game.fight_hands(state, fight)
        me_attacker = a.seat == seat
        theirs = hd if me_attacker else ha
        rows = game.legal_actions(state, seat)
        cols = [(h1, h2) for h1 in theirs[0] for h2 in theirs[1]]
        base = worth(a) - worth(d)
        payoff = np.zeros((len(rows), len(cols)))
        for i, action in enumerate(rows):
            my_hands = tuple(action.split(":")[2:4])
            for j, their_hands in enumerate(cols):
                hands_a, hands_d = (my_hands, their_hands) if me_attacker else (their_hands, my_hands)
                ta = _tokens_after(a, combat.attacks(d, hands_d), combat.defends(a, hands_a))
                td = _tokens_after(d, combat.attacks(a, hands_a), combat.defends(d, hands_d))
                gain = (_worth_tokens(*ta) - _worth_tokens(*td)) - base
                payoff[i, j] = gain if me_attacker else -gain
        # the worths are tenths: rounding takes away the float noise of their sums, so a matrix is
        # the same whatever the counts behind it (and so is its solution, see _shape)
        return rows, np.round(payoff, 9)

    def fight(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        rows = game.legal_actions(state, seat)
        if len(rows) == 1:
            return rows[0]
        return rows[draw(self.fight_strategy(game, state, seat), self.rng)]

    def fight_strategy(self, game: Kniggits, state: KniggitsState, seat: int) -> np.ndarray:
        """The mixed strategy over ``seat``'s hands in the open fight (in the order of its legal
        decisions): the equilibrium of :meth:`fight_matrix`, solved once for everything it depends
        on (the compiled games ask for it too, :mod:`.batch_heuristic`)."""
        fight = state.fights[0]
        a, d = game.kniggit(state, fight[0]), game.kniggit(state, fight[1])
        ha, hd = game.fight_hands(state, fight)
        key = (_shape(a), _shape(d), a.seat == seat, tuple(map(tuple, ha)), tuple(map(tuple, hd)))
        strategy = _STRATEGIES.get(key)
        if strategy is None:
            rows, payoff = self.fight_matrix(game, state, seat)
            strategy, _ = solve_zero_sum(payoff)
            if len(_STRATEGIES) > 20000:
                _STRATEGIES.clear()
            _STRATEGIES[key] = strategy
        return strategy

    # -- turning -----------------------------------------------------------------------------------
    def turning(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        for k in state.kniggits:
            if k.seat != seat or not k.active:
                continue
            enemies = game.engaged(state, k)
            if len(enemies) > 1:
                best = min(enemies, key=lambda e: (flee_need(e) if e.active else 99, e.id))
                if best.id != k.facing:
                    return f"face:{k.id}:{best.id}"
        return "end_turning"

    # -- moving ------------------------------------------------------------------------------------
    def move_phase(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        for k in state.kniggits:
            if k.seat != seat or not k.active:
                continue
            action = self.order_for(game, state, k)
            if action is not None:
                return action
        return "end_move"

    def order_for(self, game: Kniggits, state: KniggitsState, k: Kniggit) -> str | None:
        enemies = game.engaged(state, k)
        active_enemies = [e for e in state.kniggits if e.seat != k.seat and e.active]
        # pick up an objective within reach
        if not k.carrying:
            for it in state.items:
                if game.may_pick(k, it) and dist(k.pos, it.pos) <= game.table.reach:
                    return f"pick:{k.id}:{it.id}:sword"
        if k.archer:
            return self.archer_order(game, state, k, enemies, active_enemies)
        if enemies and k.carrying and not k.moved:
            escape = self.step_away(game, state, k, enemies, toward_edge=True)
            if escape is not None:
                return escape
        if enemies and not any(e.active for e in enemies):
            # in combat only with fleeing kniggits: nothing to fight, so get free of them (a fleeing
            # kniggit that cannot get away would otherwise pin this one until the turn limit)
            return None if k.moved else self.step_away(game, state, k, enemies)
        if enemies:
            best = min(enemies, key=lambda e: (0 if e.active else 1, flee_need(e), -self._gang(state, e, k), e.id))
            if best.id != k.facing and best.active:
                return f"face:{k.id}:{best.id}"
            return None
        if k.moved:
            return None
        goal = self.goal_for(game, state, k, active_enemies)
        if goal is None:
            return None
        order = self.move_toward(game, state, k, goal)
        if order is None and active_enemies:
            # the way to the goal is shut (an enemy's ring in the way): go for the nearest enemy
            nearest = min(active_enemies, key=lambda e: (dist(k.pos, e.pos), e.id))
            if nearest.pos != goal:
                order = self.move_toward(game, state, k, nearest.pos)
        return order

    def _gang(self, state: KniggitsState, e: Kniggit, k: Kniggit) -> int:
        return sum(1 for f in state.kniggits if f.seat == k.seat and f.active and f.id != k.id and f.facing == e.id)

    def goal_for(self, game: Kniggits, state: KniggitsState, k: Kniggit, active_enemies: list[Kniggit]):
        t = game.table
        if k.carrying:
            return (k.x, t.edge_y(k.seat))
        mine = [f for f in state.kniggits if f.seat == k.seat and f.active and not f.archer]
        # the grail, the princess or the enemy flag: the nearest free kniggit runs for it
        for it in state.items:
            if it.kind in ("princess", "grail") or (it.kind == "flag" and it.owner != k.seat):
                if it.carrier and game.kniggit(state, it.carrier).seat == k.seat:
                    continue
                target = it.pos if not it.carrier else game.kniggit(state, it.carrier).pos
                free = [f for f in mine if not game.engaged(state, f) and not f.carrying]
                if free and min(free, key=lambda f: (dist(f.pos, target), f.id)).id == k.id:
                    return target
        # a guard stays by one's own flag
        own_flag = next((it for it in state.items if it.kind == "flag" and it.owner == k.seat), None)
        if own_flag is not None and len(mine) > 1:
            guard = min(mine, key=lambda f: (dist(f.pos, own_flag.pos), f.id))
            if guard.id == k.id:
                threats = [e for e in active_enemies if dist(e.pos, own_flag.pos) < GUARD_WATCH * t.scale]
                if threats:
                    return min(threats, key=lambda e: dist(e.pos, own_flag.pos)).pos
                return own_flag.pos if dist(k.pos, own_flag.pos) > GUARD_STAY * t.scale else None
        # a potion in easy reach
        reach = game.move_allowance(k)
        for it in state.items:
            if it.kind == "potion" and dist(k.pos, it.pos) <= reach * POTION_EASY:
                if not any(dist(e.pos, it.pos) < dist(k.pos, it.pos) for e in active_enemies):
                    return it.pos
        if not active_enemies:
            return None
        # the weakest reachable enemy, friends ganging up on the same one
        def score(e: Kniggit) -> float:
            return dist(k.pos, e.pos) + 2.5 * flee_need(e) - 6.0 * self._gang(state, e, k) \
                - 3.0 * sum(1 for f in mine if f.id != k.id and dist(f.pos, e.pos) < 6 * t.scale)
        return min(active_enemies, key=lambda e: (score(e), e.id)).pos

    def archer_order(self, game: Kniggits, state: KniggitsState, k: Kniggit, enemies, active_enemies) -> str | None:
        if not k.moved and not k.shot:
            targets = [e for e in state.kniggits if e.seat != k.seat and e.active and game.can_shoot_at(state, k, e) is None]
            if targets:
                best = min(targets, key=lambda e: (flee_need(e), e.id))
                return f"shoot:{k.id}:{best.id}"
        if k.moved or k.shot or not active_enemies:
            return None
        t = game.table
        if enemies:  # step straight back out of combat
            return self.step_away(game, state, k, enemies)
        nearest = min(active_enemies, key=lambda e: (dist(k.pos, e.pos), e.id))
        d = dist(k.pos, nearest.pos)
        want = max(game.shooting_range(k) - 0.5 * t.scale, t.ring + 2.5 * t.scale)
        if d <= want + 0.5 * t.scale:
            return None  # hold the distance and shoot next turn
        ux, uy = (nearest.x - k.x) / d, (nearest.y - k.y) / d
        goal = (nearest.x - ux * want, nearest.y - uy * want)
        return self.move_toward(game, state, k, goal, stop_short=True)

    def step_away(self, game: Kniggits, state: KniggitsState, k: Kniggit, enemies, toward_edge: bool = False) -> str | None:
        """A straight move out of combat with ``enemies`` (the only way out, rule 14), in the
        directions the rules' own run out of combat tries (:func:`.disengage.away_directions`):
        straight away from one enemy, further from all of several; with ``toward_edge`` only when
        it also brings ``k`` nearer its own edge."""
        t = game.table
        only_middle = len(enemies) == 1  # straight away from a single enemy, as rule 23 runs
        for ux, uy in away_directions(k.pos, [e.pos for e in enemies], only_middle):
            if toward_edge and uy * (1 if k.seat == 1 else -1) <= 0:
                continue
            # along the line as far as the move allows or the table's side stops it: clamping x and
            # y apart would bend the line, and a bent line is not "directly away" (rule 14)
            step = min(game.move_allowance(k), t.room(k.pos, (ux, uy)))
            for frac in (1.0, 0.6, 0.3):
                x = min(max(k.x + ux * step * frac, 0.0), t.size)
                y = min(max(k.y + uy * step * frac, 0.0), t.size)
                action = f"move:{k.id}:{x:.4f}:{y:.4f}"
                if step * frac > 1e-3 and _legal(game, state, k.seat, action):
                    return action
        return None

    def move_toward(self, game: Kniggits, state: KniggitsState, k: Kniggit, goal, stop_short: bool = False) -> str | None:
        t = game.table
        goal = (min(max(goal[0], 0.0), t.size), min(max(goal[1], 0.0), t.size))
        if dist(k.pos, goal) < 0.2 * t.scale:
            return None
        route = t.plan(k.pos, goal)
        if route is None:
            return None
        allowance = game.move_allowance(k)
        for frac in (1.0, 0.9, 0.75, 0.5, 0.25):
            pts = truncate(route, allowance * frac)[1:]
            if not pts or len(pts) > mechanics.MAX_STRETCHES or path_length([k.pos] + pts) < 0.1:
                continue
            action = "move:" + k.id + "".join(f":{x:.4f}:{y:.4f}" for x, y in pts)
            if _legal(game, state, k.seat, action):
                return action
        return None


# Equilibria already solved, keyed by everything a fight's payoff depends on.
_STRATEGIES: dict[tuple, np.ndarray] = {}


# A fight knocks down at most two tokens of one kniggit (two swords, seed: Two Swords), so a
# colour with more than this many cannot be emptied in it.  Unless the fight can make a kniggit
# flee (its whole worth lost), every blow changes its worth by the same amount whatever the count,
# and the payoff matrix of :meth:`HeuristicBot.fight_matrix` reads each colour only up to this
# many.  (What counts of 5 or more allow, magic swords, double defense, horses, is in the hands.)
_COUNT_THAT_MATTERS = 2 * mechanics.TOKENS_PER_BLOW + 1


def _shape(k: Kniggit) -> tuple:
    """What of ``k`` its fight's payoff matrix depends on (with the hands both sides may show)."""
    c = _COUNT_THAT_MATTERS
    counts = (k.move, k.attack, k.defense)
    if sum(n >= c for n in counts) <= 1:  # it may flee in this fight: its whole worth is at stake
        clipped = counts
    else:
        clipped = tuple(min(n, c) for n in counts)
    return (*clipped, k.archer, k.two_swords, k.status, k.hand, k.guarded)


def _legal(game: Kniggits, state: KniggitsState, seat: int, action: str) -> bool:
    try:
        game.check_action(state, seat, action)
    except IllegalAction:
        return False
    return True


class SearchBot(search.SearchBot):
    """The search bot (:mod:`.search`) with the heuristic as its default policy and its worth of
    tokens as the evaluation."""

    def __init__(self, seed: int | None = None, game: Kniggits | None = None, **settings) -> None:
        super().__init__(seed, game, policy=HeuristicBot, worth_tokens=_worth_tokens, **settings)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
