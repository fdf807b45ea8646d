"""The Kniggits search bot: whole-turn plans for the moving phase, chosen by short determinised
rollouts; fights by their equilibrium.

A Kniggits turn has one hidden part only, the sealed hands of each fight; every move is in the
open.  So the bot plans each moving phase as a whole, when its first decision comes:

1. **Candidate plans.**  Each plan gives every free kniggit of the army an intent and plays the
   kniggits out one after the other on a copy of the state (later kniggits see where earlier ones
   stopped): the heuristic's own turn; *hold*, which advances on the heuristic's goal only as far
   as no enemy can charge next turn (the enemy that walks up is charged first, with friends beside);
   *charge E* for each enemy E in reach, where every kniggit that can reach E goes for him and the
   rest hold; and *withdraw*, where kniggits in combat and outnumbered step back and the rest hold.
   Kniggits in combat keep the heuristic's facing, objectives within reach are picked up as the
   heuristic does.  *Hold* and *withdraw* are planned only while the army is ahead on the turn
   limit's count (rule 33: tokens on kniggits still fighting): level or behind, waiting can win
   nothing, and two search bots holding back would stand off until a drawn turn limit.
2. **Rollouts.**  Each plan is played by the engine to the start of the bot's next turns: the
   plan's moves, this turn's fights, the other side's turn (the heuristic's moves) and its fights,
   each fight counted at its expected worth under both sides' equilibrium mixes (a matrix game of
   the tokens' worth, solved quickly by regret matching and remembered).  With
   ``rollouts="kernel"``, where the game's compiled playouts play the options (the entry's
   ``playouts``, :mod:`.batch_playout`), each plan is instead played to the end of the game
   ``playouts`` times (the heuristic against itself), every plan on the same draws (common random
   numbers), and scored by the share it wins.  Measured at about the same thinking time
   (``benchmarks/kniggits_search_kernel.py``, both armies ``heavy``) the compiled rollouts did not
   play better: with 16 playouts a plan they scored 45.3% (40.4% to 50.1%) of 400 games against the
   engine's rollouts (10.2 against 12.2 ms CPU a planned decision), with 32 a plan 49.7% (42.9% to
   56.6%) of 200 (13.0 against 11.2 ms).  Playouts cut short at a horizon (the turn limit's count
   of tokens 4 or 8 turns on) did no better: 53.0% (43.3% to 62.5%) of 100 games with 16 a plan
   (2.2 ms), 45.0% (37.0% to 53.3%) of 140 with 128 (11.5 against 14.8 ms), 37.1% of 120 with 64
   over 8 turns; nor did the margin of tokens 4 or 6 turns on, 64 playouts a plan (49.2% and
   46.0% of 200), nor the engine's rollouts with the share of 16 or 32 such playouts added (48.7%
   and 48.0% of 200).  Nor did looking one ply further: rollouts that try each of the other side's
   candidate plans at its next turn and take the worst for us (or their mean) scored 52.3% of 400
   (with 14% more thinking time).  So the engine's stay the default.
3. **Evaluation.**  The worth of one's kniggits still fighting minus the enemy's (:func:`.bots.worth`:
   a kniggit about to flee is worth nothing), a won or lost game far above any material (with
   compiled rollouts, the share of playouts won above it).

The chosen plan's decisions are then given one by one (each checked against the state it was
planned for; anything unexpected makes the bot plan again).  Fights read the other side: its
revealed hands weigh a few models of how it picks them, and the bot leans from the equilibrium
toward the reply to their prediction, within a bound on what that can cost (:mod:`.search_fights`;
``fights="equilibrium"`` plays the heuristic's equilibrium, as the bot did before).  Phase two
(which attacker each kniggit with several faces) is chosen by rollouts as well.  In a
battle the army is one champion with every point in tokens (:func:`champion_army`), which did best
in quick self-play; other scenarios take the heuristic's army.

Decisions are deterministic given the seed: plans and rollouts use only the bot's own seeded
random generator, never the clock.
"""

from __future__ import annotations

import itertools
import math
import random

from ...core.game import IllegalAction, Terminal
from .. import entry
from . import mechanics
from .army import deploy
from .fight_odds import regret_matching  # the rollouts' quick equilibria
from .geometry import dist, norm, path_length, truncate
from .model import Kniggit
from .rules import Kniggits, KniggitsState
from .search_fights import FightReader
from .search_value import WIN, evaluate, fight_value

PLAYOUTS = 24  # compiled playouts per plan (rollouts="kernel"; benchmarks/kniggits_search_kernel.py)


class SearchBot:
    name = "search"

    def __init__(self, seed: int | None = None, game: Kniggits | None = None, *, policy, worth_tokens,
                 horizon: int = 3, army: str | None = None, wide: bool = True, rollouts: str = "engine",
                 playouts: int = PLAYOUTS, fights: str = "read") -> None:
        """``policy``: the default policy's class (the heuristic bot: its moves, turning and
        fights, made with ``seed=``); ``worth_tokens(move, attack, defense)``: what a kniggit still
        fighting with these tokens is worth to its army (0 when it would flee); ``rollouts``:
        ``engine`` (the engine's short rollouts) or ``kernel`` (``playouts`` compiled games per
        plan where the kernel plays the options, the engine's rollouts elsewhere); ``fights``:
        ``read`` (hands against the other side's read habits, :mod:`.search_fights`) or
        ``equilibrium`` (the heuristic's)."""
        self.rng = random.Random(seed)
        self.heuristic = policy(seed=self.rng.randrange(2**31))
        self.worth_tokens = worth_tokens
        self.horizon = horizon
        self.wide = wide
        self.army = army
        self.rollouts = rollouts
        self.playouts = playouts
        self._seed = random.Random(seed).randrange(2**31)  # the compiled playouts' draws (self.rng untouched)
        self._kernel: tuple = (None, None)  # (game, its compiled playouts or None)
        self._plan: list[tuple[KniggitsState, str]] = []
        self.reader = FightReader(self.heuristic) if fights == "read" else None

    # -- dispatch -----------------------------------------------------------------------------------
    def choose(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        p = state.phase
        if self.reader is not None:
            self.reader.observe(state, seat)
        if p == "army":
            return self.army_choice(game, state, seat)
        if p == "move" and seat == state.to_act:
            if game.on_real_table:  # somebody has to move the toy knights (ruling 40)
                raise ValueError(game.people_only)
            return self.move_phase(game, state, seat)
        if p == "turning":
            return self.turning(game, state, seat)
        if p == "fight" and self.reader is not None:
            return self.reader.choose(game, state, seat, self.rng)
        return self.heuristic.choose(game, state, seat)

    def army_choice(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        """``army``: a ready-made army, a whole army decision, or kniggits' tokens alone
        (``m/a/d;m/a/d``) stood evenly along one's own edge; else the heuristic's choice."""
        if self.army:
            spec = self.army
            if "@" not in spec and "/" in spec:
                kniggits = spec.split(";")
                spots = deploy(game.table, seat, len(kniggits))
                spec = ";".join(f"{t}@{x:.3f},{y:.3f}" for t, (x, y) in zip(kniggits, spots))
            action = "army:" + spec
            if _legal(game, state, seat, action):
                return action
        champion = champion_army(game)
        if champion is not None:
            x, y = deploy(game.table, seat, 1)[0]
            action = f"army:{champion}@{x:.3f},{y:.3f}"
            if _legal(game, state, seat, action):
                return action
        return self.heuristic.choose(game, state, seat)

    # -- the moving phase ---------------------------------------------------------------------------
    def move_phase(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        if self._plan and self._plan[0][0] == state:
            return self._plan.pop(0)[1]
        self._plan = []
        plans = self.candidate_plans(game, state, seat)
        if len(plans) == 1:
            best = plans[0]
        else:
            scores = [self.rollout(game, after, seat, state.turns) for _, after in plans]
            best = plans[max(range(len(plans)), key=lambda i: (scores[i], -i))]
        self._plan = best[0][1:]  # a plan has at least its end_move
        return best[0][0][1]

    def turning(self, game: Kniggits, state: KniggitsState, seat: int) -> str:
        """Phase two: which attacker each kniggit with several faces, every choice (at most 27)
        played out by a rollout."""
        if self._plan and self._plan[0][0] == state:
            return self._plan.pop(0)[1]
        self._plan = []
        choices = [[(k.id, e.id) for e in game.engaged(state, k) if e.active] or [(k.id, k.facing)]
                   for k in state.kniggits if k.seat == seat and k.active and len(game.engaged(state, k)) > 1]
        combos = list(itertools.islice(itertools.product(*choices), 27))
        if len(combos) <= 1:
            return self.heuristic.turning(game, state, seat)
        best, best_score = None, -math.inf
        for combo in combos:
            steps, after = [], state
            for kid, eid in combo:
                if game.kniggit(after, kid).facing != eid:
                    action = f"face:{kid}:{eid}"
                    steps.append((after, action))
                    after = game._apply_action(after, seat, action)
            steps.append((after, "end_turning"))
            after = game._apply_action(after, seat, "end_turning")
            score = self.rollout(game, after, seat, state.turns)
            if score > best_score + 1e-9:
                best, best_score = steps, score
        self._plan = best[1:]
        return best[0][1]

    def candidate_plans(self, game: Kniggits, state: KniggitsState, seat: int) -> list[tuple[list, KniggitsState]]:
        """Distinct whole-turn plans: (the (state, decision) steps ending with ``end_move``, the
        state after the last decision)."""
        modes: list[tuple] = [("heuristic",)]
        if game.score(state, seat) > game.score(state, 1 - seat):  # waiting pays only when ahead (rule 33)
            modes += [("hold",), ("withdraw",)]
        mine = [k for k in state.kniggits if k.seat == seat and k.active and not k.moved and not game.engaged(state, k)]
        for e in state.kniggits:
            if e.seat != seat and e.active and (any(self._can_reach(game, k, e) for k in mine)
                                                or any(f.seat == seat and f.active for f in game.engaged(state, e))):
                modes.append(("charge", e.id))
                reachers = [k for k in mine if self._can_reach(game, k, e)]
                if self.wide and len(reachers) > 1:
                    modes += [("charge", e.id, k.id) for k in reachers]
        out, seen = [], set()
        for mode in modes:
            steps, after = self.play_plan(game, state, seat, mode)
            key = tuple(a for _, a in steps)
            if key in seen:
                continue
            seen.add(key)
            out.append((steps, after))
        return out

    def play_plan(self, game: Kniggits, state: KniggitsState, seat: int, mode: tuple) -> tuple[list, KniggitsState]:
        steps: list[tuple[KniggitsState, str]] = []
        for _ in range(64):  # each kniggit moves once and turns a few times at most
            action = self.next_order(game, state, seat, mode)
            steps.append((state, action))
            state = game._apply_action(state, seat, action)
            if action == "end_move" or state.phase != "move" or state.to_act != seat:
                break
        return steps, state

    def next_order(self, game: Kniggits, state: KniggitsState, seat: int, mode: tuple) -> str:
        h = self.heuristic
        if mode[0] == "heuristic":
            return h.move_phase(game, state, seat)
        for k in state.kniggits:
            if k.seat != seat or not k.active:
                continue
            action = self.intent(game, state, k, mode)
            if action is not None:
                return action
        return "end_move"

    def intent(self, game: Kniggits, state: KniggitsState, k: Kniggit, mode: tuple) -> str | None:
        h = self.heuristic
        enemies = game.engaged(state, k)
        if k.archer or k.carrying or not k.active:
            return h.order_for(game, state, k)
        if enemies:
            if mode[0] == "charge" and any(e.id == mode[1] and e.active for e in enemies):
                return f"face:{k.id}:{mode[1]}" if k.facing != mode[1] else None
            if mode[0] == "withdraw" and not k.moved and self._outnumbered(game, state, k, enemies):
                away = h.step_away(game, state, k, enemies)
                if away is not None:
                    return away
            return h.order_for(game, state, k)
        if not k.carrying:
            for it in state.items:
                if game.may_pick(k, it) and dist(k.pos, it.pos) <= game.table.reach:
                    return f"pick:{k.id}:{it.id}:sword"
        if k.moved:
            return None
        if mode[0] == "charge":
            target = game.kniggit(state, mode[1])
            if (target is not None and target.active and self._can_reach(game, k, target)
                    and (len(mode) < 3 or mode[2] == k.id)):
                return h.move_toward(game, state, k, target.pos)
        return self.hold(game, state, k)

    def hold(self, game: Kniggits, state: KniggitsState, k: Kniggit) -> str | None:
        """Advance on the heuristic's goal only as far as no enemy can charge next turn; step back
        to such a place when already inside an enemy's reach."""
        h = self.heuristic
        t = game.table
        active = [e for e in state.kniggits if e.seat != k.seat and e.active]
        if not active:
            return h.order_for(game, state, k)
        threats = [(e.pos, game.move_allowance(e) + t.ring + 0.4 * t.scale) for e in active]

        def safe(p) -> bool:
            return all(dist(p, q) > r for q, r in threats)

        goal = h.goal_for(game, state, k, active)
        if goal is None or not any(dist(goal, e.pos) < 1e-6 for e in active):
            return h.order_for(game, state, k)  # an objective, a potion or nothing: as the heuristic
        allowance = game.move_allowance(k)
        route = t.plan(k.pos, goal)
        for frac in (1.0, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1) if route is not None else ():
            pts = truncate(route, allowance * frac)[1:]
            if not pts or len(pts) > 8 or path_length([k.pos] + pts) < 0.1 or not safe(pts[-1]):
                continue
            action = "move:" + k.id + "".join(f":{x:.4f}:{y:.4f}" for x, y in pts)
            if _legal(game, state, k.seat, action):
                return action
        if safe(k.pos):
            return None
        # inside an enemy's reach: back off toward one's own edge, as far as it takes
        vy = 1.0 if t.edge_y(k.seat) > k.y else -1.0
        for dx in (0.0, -0.5, 0.5):
            for frac in (0.4, 0.7, 1.0):
                d, n = allowance * frac, norm(dx, 1.0)
                p = (min(max(k.x + dx / n * d, 0.0), t.size), min(max(k.y + vy / n * d, 0.0), t.size))
                action = f"move:{k.id}:{p[0]:.4f}:{p[1]:.4f}"
                if safe(p) and _legal(game, state, k.seat, action):
                    return action
        return None

    def _can_reach(self, game: Kniggits, k: Kniggit, e: Kniggit) -> bool:
        t = game.table
        if dist(k.pos, e.pos) - t.ring > game.move_allowance(k) + 1e-6:
            return False
        route = t.plan(k.pos, e.pos)
        return route is not None and path_length(route) - t.ring <= game.move_allowance(k) + 1e-6

    def _outnumbered(self, game: Kniggits, state: KniggitsState, k: Kniggit, enemies: list[Kniggit]) -> bool:
        active = [e for e in enemies if e.active]
        if len(active) < 2:
            return False
        friends = {f.id for e in active for f in game.engaged(state, e) if f.active}
        return len(active) > len(friends)

    # -- rollouts -----------------------------------------------------------------------------------
    def _compiled(self, game: Kniggits):
        """The game's compiled playouts of the heuristic (the entry's ``playouts``), or None where
        the kernel does not play these options or the bot was told to roll out on the engine."""
        if self._kernel[0] is not game:
            make = entry(game.name).load("playouts") if self.rollouts == "kernel" else None
            self._kernel = (game, make(game, ["heuristic"], 0.0, self._seed) if make is not None else None)
        return self._kernel[1]

    def rollout(self, game: Kniggits, state: KniggitsState, seat: int, turn: int) -> float:
        """The plan's score from ``state``: the share of compiled playouts won (:meth:`_compiled`;
        every plan of a turn on the same seeds) above the material now, or where there are none the
        engine's short rollout (:meth:`engine_rollout`)."""
        kernel = self._compiled(game)
        if kernel is not None and kernel.can_enter(state):
            won = kernel.results(state, range(turn * self.playouts, (turn + 1) * self.playouts))[:, seat].mean()
            return WIN * float(won) + evaluate(game, state, seat, self.worth_tokens)
        return self.engine_rollout(game, state, seat, turn)

    def engine_rollout(self, game: Kniggits, state: KniggitsState, seat: int, turn: int) -> float:
        """Play on from ``state`` (the plan made, ``end_move`` given) with the heuristic's moves on
        both sides, through ``self.horizon`` more turn starts; each fight adds its expected worth
        change under both sides' equilibrium mixes, and is then played out with empty hands, so the
        rollout needs no luck and compares plans without noise."""
        h = self.heuristic
        gain = 0.0
        for _ in range(600):
            node = game.node(state)
            if isinstance(node, Terminal) or (state.phase == "move" and state.turns - turn > self.horizon):
                break
            s = node.seats[0]
            if state.phase == "fight":
                value = fight_value(game, state, self.worth_tokens)
                attacker = game.kniggit(state, state.fights[0][0])
                gain += value if attacker.seat == seat else -value
                fight = state.fights[0]
                for s in node.seats:
                    state = game._apply_action(state, s, f"fight:{fight[0]}-{fight[1]}:none:none")
                continue
            if state.phase == "turning":
                action = h.turning(game, state, s)
            else:
                action = h.move_phase(game, state, s)
            try:
                state = game._apply_action(state, s, action)
            except IllegalAction:
                break
        return evaluate(game, state, seat, self.worth_tokens) + gain


def champion_army(game: Kniggits) -> str | None:
    """In a battle, one kniggit with every point in tokens (``m/a/d``): movement up to the 12-inch
    cap, the rest shared between attack and defense.  Against the heuristic's two heavy kniggits it
    won far more often in quick self-play than two, three or six kniggits did (it pays for one
    kniggit, not two, so it has more tokens, and it backs to its own edge to fight)."""
    o = game.options
    tokens = (o.points - mechanics.KNIGGIT_COST) // mechanics.TOKEN_COST
    if o.scenario != "battle" or tokens < 3:
        return None
    move = max(1, min(round(mechanics.MAX_MOVE / mechanics.INCHES_PER_MOVEMENT_TOKEN), tokens // 3))
    attack = (tokens - move + 1) // 2
    return f"{move}/{attack}/{tokens - move - attack}"


def _legal(game: Kniggits, state: KniggitsState, seat: int, action: str) -> bool:
    try:
        game.check_action(state, seat, action)
    except IllegalAction:
        return False
    return True


__all__ = ["SearchBot", "evaluate", "regret_matching"]
