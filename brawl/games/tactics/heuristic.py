"""The ``heuristic`` Tactics bot: takes every attack of opportunity; heals the fallen (cure
spells, then the Heal check); stands up when prone; casters keep out of melee and use their best
spell (a fireball only when it hits at least two enemies and no friend); fighters and rogues focus
the weakest reachable enemy, close by the route that provokes least, prefer squares that flank,
and pick the attack with the highest expected damage; a rogue with nothing to hit after moving
hides.  The expected damage counts every modifier the options apply (see :mod:`.bots`)."""

from __future__ import annotations

import random
from dataclasses import replace

from .data import FIREBALL_RADIUS, SPELLS, WEAPONS
from .grid import adjacent, burst, distance_feet
from .mechanics import hit_chance, mean_damage, sneak_dice
from .rules import Tactics, TacticsState
from .state import set_unit
from .steps import GoOn


_mean = mean_damage
#: casters and shooters like to stand within a scorching ray's reach of their target, and keep
#: this far from every enemy when they can
_REACH = SPELLS["scorching_ray"].range
_SAFE_DISTANCE = 20


def _hit_value(profile) -> float:
    """Expected damage of an attack: its chance to hit times its mean damage, sneak attack included."""
    return float(hit_chance(profile)) * (mean_damage(profile.dice) + mean_damage(sneak_dice(profile.sneak)))


def _fireball_mean() -> float:
    return mean_damage(SPELLS["fireball"].dice)


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    # -- helpers -------------------------------------------------------------------------------
    @staticmethod
    def foes_up(game: Tactics, state: TacticsState, i: int) -> list[int]:
        return [j for j in game.enemies(state, i) if state.units[j].conscious]

    @staticmethod
    def is_caster(game: Tactics, state: TacticsState, i: int) -> bool:
        return game.sheets[i].cls == "wizard"

    @staticmethod
    def is_shooter(game: Tactics, state: TacticsState, i: int) -> bool:
        u = state.units[i]
        return bool(u.main) and not WEAPONS[u.main].melee and u.ammo > 0

    def expected(self, game: Tactics, state: TacticsState, i: int, action: str) -> float:
        """Expected damage of an attack decision (0 when it is not one)."""
        verb, _, rest = action.partition(":")
        kinds = {"attack": "main", "shoot": "shoot", "throw": "throw", "hamstring": "hamstring"}
        u = state.units[i]
        if verb == "attack" and game.melee_weapon(u) != u.main:
            kinds["attack"] = "aoo"
        j = game.index.get(rest.split(":")[-1], -1)
        if j < 0:
            return 0.0
        if verb in kinds:
            p = game.attack_profile(state, i, j, kinds[verb])
            return _hit_value(p)
        if verb == "twoweapon":
            total = 0.0
            for k in ("main_tw", "off_tw"):
                p = game.attack_profile(state, i, j, k)
                total += _hit_value(p)
            return total
        if verb == "fullattack":
            # every attack of the full attack (option iterative_attacks), each at its own bonus
            total = 0.0
            for step in game.full_attack_steps(state, i, j, u.hidden):
                p = game._profile_of(state, step)
                total += _hit_value(p)
            return total
        if verb == "punch":
            # nonlethal damage (option unarmed_strikes) only knocks out: worth half as much
            p = game.attack_profile(state, i, j, "unarmed")
            return 0.5 * float(hit_chance(p)) * _mean(p.dice)
        if verb == "cast":
            spell = SPELLS[rest.split(":")[0]]
            if spell.target == "enemy":
                return _mean(spell.dice)
            if spell.target == "enemy_ranged_touch":
                p = game.attack_profile(state, i, j, "ray", spell.key)
                return float(hit_chance(p)) * _mean(spell.dice)
            if spell.target == "enemy_melee_touch":
                p = game.attack_profile(state, i, j, "touch", spell.key)
                return float(hit_chance(p)) * _mean(spell.dice) * 0.8
        return 0.0

    def fireball_value(self, game: Tactics, state: TacticsState, i: int, action: str) -> float:
        x, y = (int(v) for v in action.split(":")[2].split(","))
        squares = set(burst(game.map, (x, y), FIREBALL_RADIUS))
        value = 0.0
        for j, u in enumerate(state.units):
            if u.dead or u.pos not in squares:
                continue
            if game.sides[j] == game.sides[i]:
                return -1.0
            if u.conscious:
                value += 1
        return value

    # -- the policy ----------------------------------------------------------------------------
    def choose(self, game: Tactics, state: TacticsState, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        if "aoo" in legal:
            return "aoo"
        if state.stack and isinstance(state.stack[-1], GoOn):
            return legal[0]  # a full attack once begun goes on (its first entry)
        i = state.actor
        u = state.units[i]
        legal_set = set(legal)
        foes = self.foes_up(game, state, i)
        in_combat = game.in_combat(state, i)

        if not state.acted_std:
            # heal the fallen
            fallen = [j for j in game.allies(state, i) if state.units[j].down]
            for j in sorted(fallen, key=lambda j: state.units[j].hp):
                for spell in ("cure_serious", "cure_moderate", "cure_light"):
                    if f"cast:{spell}:{game.ids[j]}" in legal_set:
                        return f"cast:{spell}:{game.ids[j]}"
                if f"heal:{game.ids[j]}" in legal_set and not in_combat:
                    return f"heal:{game.ids[j]}"
            if u.prone and "stand" in legal_set:
                return "stand"
            # a badly hurt friend (or self) next to a cleric
            for spell in ("cure_serious", "cure_moderate", "cure_light"):
                for j in [i] + game.allies(state, i):
                    t = state.units[j]
                    if t.conscious and t.hp * 3 < game.sheets[j].max_hp and f"cast:{spell}:{game.ids[j]}" in legal_set:
                        return f"cast:{spell}:{game.ids[j]}"
            caster = self.is_caster(game, state, i)
            if caster and in_combat and not state.moved and self.retreat(game, state, i, legal) is not None:
                return self.retreat(game, state, i, legal)
            best, best_value = None, 0.0
            for action in legal:
                if action.startswith("cast:fireball:"):
                    v = self.fireball_value(game, state, i, action)
                    if v >= 2 and v * _fireball_mean() > best_value:
                        best, best_value = action, v * _fireball_mean()
                    continue
                v = self.expected(game, state, i, action)
                if v <= 0:
                    continue
                j = game.index[action.rsplit(":", 1)[-1]]
                t = state.units[j]
                if not t.conscious:
                    v *= 0.3  # finishing the fallen matters less than the standing
                else:
                    v *= 1 + 1.0 / max(1, t.hp)  # focus fire: the weakest first
                verb = action.split(":")[0]
                if verb == "throw":
                    spare = (u.off in WEAPONS) or (u.sheath in WEAPONS and WEAPONS[u.sheath].melee)
                    made_for_it = WEAPONS[u.main].thrown > 0
                    if caster and not made_for_it:
                        v *= 0.5
                    elif not (spare and made_for_it) and not caster:
                        continue  # never throw away the only weapon
                    else:
                        v *= 0.5  # the weapon is gone afterwards
                if verb == "cast" and not caster:
                    v *= 1.0
                if verb not in ("attack", "twoweapon", "fullattack", "punch", "cast") and in_combat:
                    v *= 0.6  # provokes
                if verb == "punch" and game.strikes_back(state, j, i):
                    v *= 0.6  # the target strikes back first
                if verb == "cast" and in_combat:
                    v *= 0.7
                if v > best_value:
                    best, best_value = action, v
            if best is not None and not state.moved:
                step = self.clear_shot(game, state, i, best)
                if step is not None:
                    return step  # step out from behind the target's cover first, then shoot
            if best is not None and (caster or best.split(":")[0] in ("attack", "twoweapon", "fullattack", "punch", "shoot", "cast")
                                     or state.moved or not foes):
                return best
            if "draw" in legal_set and not u.main:
                return "draw"
            # a rogue with nothing to hit after moving hides, for sneak attack from hiding next turn
            if state.moved and "hide" in legal_set and game.sheets[i].sneak_dice:
                return "hide"
            if ("draw" in legal_set and u.main and not WEAPONS[u.main].melee and u.ammo == 0):
                return "draw"
        if not state.moved and foes:
            move = self.pick_move(game, state, i, legal)
            if move is not None:
                return move
        return "end_turn"

    @staticmethod
    def shot_penalty(game: Tactics, state: TacticsState, i: int, sq, target: int) -> int:
        """What cover (option cover) the target would have against a shot from ``sq``: 0 for a
        clear shot, else the armor class it gains.  Shooting into melee is the same from
        anywhere, so it does not count here (the choice of target weighs it)."""
        if not game.options.cover:
            return 0
        moved = _moved(state, i, sq)
        return sum(v for _, v in game.cover_notes(moved, i, target, True))

    def clear_shot(self, game: Tactics, state: TacticsState, i: int, action: str) -> str | None:
        """Option cover: when the chosen shot or ray would meet cover, the nearest square (reached
        without provoking, out of every enemy's reach) from which the same target is in range with
        no cover, as a move to make before shooting; None when there is none or no need."""
        verb, _, rest = action.partition(":")
        spell = rest.split(":")[0] if verb == "cast" else ""
        if not game.options.cover or not (verb == "shoot" or (spell and SPELLS[spell].target == "enemy_ranged_touch")):
            return None
        j = game.index.get(rest.split(":")[-1], -1)
        if j < 0 or not self.shot_penalty(game, state, i, state.units[i].pos, j):
            return None
        foes = self.foes_up(game, state, i)
        best, best_key = None, None
        for sq, route in game.move_routes(state, i).items():
            if route.provokes or any(adjacent(sq, state.units[f].pos) for f in foes):
                continue
            moved = _moved(state, i, sq)
            if not game._in_range(moved, i, j, "shoot" if verb == "shoot" else "spell", spell):
                continue
            if self.shot_penalty(game, state, i, sq, j):
                continue
            key = (route.feet, sq)
            if best_key is None or key < best_key:
                best, best_key = f"move:{sq[0]},{sq[1]}", key
        return best

    def retreat(self, game: Tactics, state: TacticsState, i: int, legal: list[str]) -> str | None:
        """A square out of every enemy's reach, provoking no more attacks than casting here would."""
        routes = game.move_routes(state, i)
        foes = self.foes_up(game, state, i)
        here = state.units[i].pos
        threats = sum(1 for j in foes if game.makes_aoo(state, j) and adjacent(here, state.units[j].pos))
        best, best_key = None, None
        for sq, route in routes.items():
            if route.provokes > threats:
                continue
            if any(adjacent(sq, state.units[j].pos) for j in foes):
                continue
            near = min((distance_feet(sq, state.units[j].pos) for j in foes), default=0)
            key = (route.provokes, -min(near, _REACH), route.feet, sq)
            if best_key is None or key < best_key:
                best, best_key = f"move:{sq[0]},{sq[1]}", key
        return best

    def pick_move(self, game: Tactics, state: TacticsState, i: int, legal: list[str]) -> str | None:
        u = state.units[i]
        foes = self.foes_up(game, state, i)
        routes = game.move_routes(state, i)
        if not routes:
            return None
        if game.in_combat(state, i) and not self.is_caster(game, state, i):
            return None  # stay and fight
        caster = self.is_caster(game, state, i) or self.is_shooter(game, state, i)
        target = min(foes, key=lambda j: (state.units[j].hp, distance_feet(u.pos, state.units[j].pos)))
        best, best_key = None, None
        allies = [j for j in game.allies(state, i) if state.units[j].conscious]
        for sq, route in routes.items():
            if caster:
                if any(adjacent(sq, state.units[j].pos) for j in foes):
                    continue
                near = min(distance_feet(sq, state.units[j].pos) for j in foes)
                reach = distance_feet(sq, state.units[target].pos)
                blocked = self.shot_penalty(game, state, i, sq, target)
                key = (route.provokes, 0 if reach <= _REACH else 1, blocked, -min(near, _SAFE_DISTANCE), reach, route.feet, sq)
            else:
                adj = [j for j in foes if adjacent(sq, state.units[j].pos)]
                if adj:
                    t = min(adj, key=lambda j: state.units[j].hp)
                    flank = any(adjacent(state.units[a].pos, state.units[t].pos) and
                                game.is_flanked(_moved(state, i, sq), i, t) for a in allies)
                    key = (route.provokes > 1, 0, route.provokes, 0 if flank else 1, state.units[t].hp, route.feet, sq)
                else:
                    reach = min(distance_feet(sq, state.units[j].pos) for j in foes)
                    key = (route.provokes > 1, 1, route.provokes, reach, route.feet, sq)
            if best_key is None or key < best_key:
                best, best_key = sq, key
        here = u.pos
        if caster and best is not None and not game.in_combat(state, i):
            reach_now = distance_feet(here, state.units[target].pos)
            if reach_now <= _REACH and not state.acted_std:
                return None  # already in range: act first
        if best is None:
            return None
        if routes[best].provokes > 1 and not caster:
            return None  # every way in provokes more than once: let them come
        return f"move:{best[0]},{best[1]}"


def _moved(state: TacticsState, i: int, sq) -> TacticsState:
    """The state with character ``i`` standing on ``sq`` (to judge a square before moving there)."""
    return set_unit(state, i, replace(state.units[i], x=sq[0], y=sq[1]))
