"""The static half of the ``search`` Tactics bot (:mod:`.search_bot`): an expectimax over the
character's turn, every attack's dice enumerated exactly, judged by what each enemy is worth.

It keeps the heuristic's habits where nothing better was found (attacks of opportunity, healing the
fallen, standing up, a caster's retreat, drawing, hiding, a caster's moves) and decides itself:

- **whom to strike**: every attack, two-weapon attack, full attack, hamstring, shot and damaging
  spell is scored by the chance it drops its target (the exact damage distribution of each
  attack: misses, hits and criticals, damage roll by roll, sneak attack, a blur's miss chance) and
  the share of the target's hit points it takes, times the target's worth: the damage it deals a
  turn (its best weapon's expected damage, a scorching ray or fireball still to cast) and the
  healing it can still give.  So it secures kills and focuses fire on the dangerous, and leaves the
  fallen for later; it never throws its weapon away unless the heuristic would;
- **where a fireball goes**: any open square in range and in line of effect (the legal list names
  only occupied ones), scored over the enemies inside by their chances to fail the Reflex save and
  what the damage then does, never with a friend inside; cast when it beats the best strike;
- **where to strike from** (``squares``, on in the ``search`` bot): a fighter, rogue or cleric
  weighs each square next to each enemy by its best strike from there less the attacks of
  opportunity of the way, against striking from where it stands;
- ``trip`` (off: it lost games): trips weighed by their chance to land and the turn a prone enemy
  loses.

Every figure comes from the rules' own numbers (:mod:`.attacks`, :mod:`.mechanics`); a decision
costs about what the heuristic's does."""

from __future__ import annotations

from functools import lru_cache

from .data import BLUR_MISS, FIREBALL_RADIUS, SPELLS, WEAPONS
from .grid import adjacent, burst
from .heuristic import HeuristicBot, _moved
from .mechanics import crit_chance, damage_expr, hit_chance, save_chance
from .rules import Tactics, TacticsState
from ...core.dice import parse

#: verbs of single-target attacks the search scores itself
_STRIKES = ("attack", "twoweapon", "fullattack", "hamstring", "shoot", "throw", "punch", "cast")
#: a character's worth before the damage it deals (so the harmless still count)
_BASE_WORTH = 4.0
#: the weight of damage that does not drop its target, against dropping it (1)
_CHIP = 0.6


@lru_cache(maxsize=4096)
def _dice(expr: str, least: int) -> tuple:
    """The distribution of a damage expression as ((total, p), ...), totals floored at ``least``."""
    if not expr:
        return ((0, 1.0),)
    out: dict[int, float] = {}
    for total, p in parse(expr).distribution().items():
        t = max(least, total)
        out[t] = out.get(t, 0.0) + float(p)
    return tuple(sorted(out.items()))


@lru_cache(maxsize=8192)
def _strike_items(profile, miss: float) -> tuple:
    return tuple(_strike_dist(profile, miss).items())


def _strike(profile, miss: float = 0.0) -> dict[int, float]:
    """The damage one attack does, as {damage: probability} (cached by profile)."""
    return dict(_strike_items(profile, miss))


def _expected(profile) -> float:
    """The damage one attack does on average (as :func:`.mechanics.expected_damage` counts it)."""
    return sum(d * p for d, p in _strike_items(profile, 0.0))


def _strike_dist(profile, miss: float = 0.0) -> dict[int, float]:
    """The damage one attack does, as {damage: probability}: a miss, a hit or a critical."""
    hit = float(hit_chance(profile)) * (1 - miss)
    crit = float(crit_chance(profile)) * (1 - miss)
    least = 1 if profile.min_one else 0
    out = {0: 1.0 - hit}
    for total, p in _dice(damage_expr(profile, False), least):
        out[total] = out.get(total, 0.0) + (hit - crit) * p
    if crit > 0:
        for total, p in _dice(damage_expr(profile, True), least):
            out[total] = out.get(total, 0.0) + crit * p
    return out


def _convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


class Expectimax:
    """Expectimax over the turn's strikes and the squares to strike from (see the module); the
    ``search`` bot's first choice."""

    name = "search-static"

    def __init__(self, seed: int | None = None, chip: float = _CHIP, base: float = _BASE_WORTH,
                 provoke: float = 1.0, squares: bool = False, aim: bool = True,
                 trip: float = 0.0) -> None:
        self.seed = seed or 0
        self.helper = HeuristicBot(seed)
        self.chip = chip
        self.base = base
        self.provoke = provoke
        self.squares = squares
        self.aim = aim
        self.trip = trip

    # -- what a character is worth -----------------------------------------------------------------
    def worth(self, game: Tactics, state: TacticsState, j: int) -> float:
        """The damage ``j`` deals a turn to its enemies at best (weapon or spell), plus healing it
        can still give, plus a base."""
        u = state.units[j]
        best = 0.0
        foes = [k for k in game.enemies(state, j) if state.units[k].conscious]
        if foes:
            kind = ("main" if u.main and WEAPONS[u.main].melee else "shoot" if u.main and u.ammo > 0
                    else "aoo" if game.melee_weapon(u) else "")
            try:
                best = max(_expected(game.attack_profile(state, j, k, kind)) for k in foes) if kind else 0.0
            except (KeyError, ValueError):
                best = 0.0
            if u.off in WEAPONS and kind == "main":
                try:
                    best = max(best, max(sum(_expected(game.attack_profile(state, j, k, w))
                                             for w in ("main_tw", "off_tw")) for k in foes))
                except (KeyError, ValueError):
                    pass
        heal = 0.0
        for spell, left in u.spells:
            if left <= 0:
                continue
            s = SPELLS[spell]
            if s.effect == "damage" and s.dice:
                mean = sum(t * p for t, p in _dice(s.dice, 0))
                factor = 2.0 if s.target == "area" else 0.7 if "touch" in s.target else 1.0
                best = max(best, mean * factor)
            elif s.effect == "heal" and s.dice:
                heal += 0.5 * sum(t * p for t, p in _dice(s.dice, 0)) * min(left, 2) / 2
        return self.base + best + heal

    # -- a strike's value --------------------------------------------------------------------------
    def damage_of(self, game: Tactics, state: TacticsState, i: int, action: str) -> dict[int, float] | None:
        """The distribution of the damage ``action`` does to its target (None: not a strike)."""
        verb, _, rest = action.partition(":")
        if verb not in _STRIKES:
            return None
        j = game.index.get(rest.rsplit(":", 1)[-1], -1)
        if j < 0:
            return None
        u, t = state.units[i], state.units[j]
        miss = BLUR_MISS[0] / BLUR_MISS[1] if t.blur else 0.0
        kinds = {"attack": "main" if game.melee_weapon(u) == u.main else "aoo", "shoot": "shoot",
                 "throw": "throw", "hamstring": "hamstring", "punch": "unarmed"}
        if verb in kinds:
            dist = _strike(game.attack_profile(state, i, j, kinds[verb]), miss)
            return {0: 1.0} if verb == "punch" else dist  # nonlethal: never drops for good
        if verb == "twoweapon":
            return _convolve(_strike(game.attack_profile(state, i, j, "main_tw"), miss),
                             _strike(game.attack_profile(state, i, j, "off_tw"), miss))
        if verb == "fullattack":
            dist = {0: 1.0}
            for step in game.full_attack_steps(state, i, j, u.hidden):
                dist = _convolve(dist, _strike(game._profile_of(state, step), miss))
            return dist
        spell = SPELLS.get(rest.split(":")[0])
        if spell is None or spell.effect != "damage" or spell.target == "area":
            return None
        if spell.target == "enemy":
            p = 1.0 - miss
        elif spell.target == "enemy_ranged_touch":
            p = float(hit_chance(game.attack_profile(state, i, j, "ray", spell.key))) * (1 - miss)
        else:
            p = float(hit_chance(game.attack_profile(state, i, j, "touch", spell.key))) * (1 - miss)
            if spell.save:
                p *= 0.8  # a save halves it
        out = {0: 1.0 - p}
        for total, q in _dice(spell.dice, 0):
            out[total] = out.get(total, 0.0) + p * q
        return out

    def trip_value(self, game: Tactics, state: TacticsState, i: int, j: int, worth) -> float:
        """A trip: its chance to land (the touch attack hits and the save fails) times what a prone
        enemy loses (its next standard action spent standing up, provoking; -5 to its armor class
        meanwhile), as a share ``self.trip`` of its worth; it provokes like any special attack."""
        t = state.units[j]
        if not t.conscious or t.prone:
            return 0.0
        p = float(hit_chance(game.attack_profile(state, i, j, "trip")))
        fail = 1.0 - float(save_chance(game.trip_save(state, j), game.trip_dc(i), True))
        value = p * fail * self.trip * (worth[j] - self.base)
        return value * 0.7 if game.in_combat(state, i) else value

    def strike_value(self, game: Tactics, state: TacticsState, i: int, action: str,
                     worth: dict[int, float]) -> float | None:
        if action.startswith("trip:") and self.trip > 0:
            return self.trip_value(game, state, i, game.index[action[5:]], worth)
        dist = self.damage_of(game, state, i, action)
        if dist is None:
            return None
        j = game.index[action.rsplit(":", 1)[-1]]
        t = state.units[j]
        max_hp = game.sheets[j].max_hp
        if t.conscious:
            need = t.hp  # down at 0 or less
            drop = sum(p for d, p in dist.items() if d >= need)
            chip = sum(p * min(d, need) for d, p in dist.items()) / max_hp
            value = worth[j] * (drop + self.chip * chip)
        else:
            need = t.hp + 10  # dead at -10
            value = 0.15 * worth[j] * sum(p for d, p in dist.items() if d >= need)
        if action.split(":")[0] not in ("attack", "twoweapon", "fullattack", "punch") and game.in_combat(state, i):
            value *= 0.6 if action.startswith("cast:") else 0.7  # provokes (and a spell may be lost)
        return value

    def best_strike(self, game: Tactics, state: TacticsState, i: int, actions, worth,
                    allow: str = "") -> tuple[float, str | None]:
        """The strike with the highest value among ``actions`` (never a throw, which gives the weapon
        away, unless it is ``allow``: the heuristic's own choice)."""
        best, best_value = None, 0.0
        for a in actions:
            if a.startswith("throw:") and a != allow:
                continue
            v = self.strike_value(game, state, i, a, worth)
            if v is not None and v > best_value:
                best, best_value = a, v
        return best_value, best

    def strikes_from(self, game: Tactics, state: TacticsState, i: int) -> list[str]:
        """The melee strikes character ``i`` could make where it stands in ``state``."""
        u = state.units[i]
        out: list[str] = []
        if not game.melee_weapon(u):
            return out
        for j in game.enemies(state, i):
            t = state.units[j]
            if t.hidden or not adjacent(u.pos, t.pos):
                continue
            ident = game.ids[j]
            out.append(f"attack:{ident}")
            if u.main and WEAPONS[u.main].melee and u.off in WEAPONS:
                out.append(f"twoweapon:{ident}")
        return out

    def aoo_cost(self, game: Tactics, state: TacticsState, i: int, provokes: int, worth) -> float:
        """What ``provokes`` attacks of opportunity against ``i`` cost it on average (its worth times
        the share of its hit points they take)."""
        if provokes <= 0:
            return 0.0
        foes = [j for j in game.enemies(state, i) if state.units[j].conscious and game.makes_aoo(state, j)]
        if not foes:
            return 0.0
        each = max(_expected(game.attack_profile(state, j, i, "aoo")) for j in foes)
        u = state.units[i]
        return self.provoke * worth[i] * min(1.0, provokes * each / max(1, u.hp))

    # -- the fireball ------------------------------------------------------------------------------
    def fireball(self, game: Tactics, state: TacticsState, i: int, worth) -> tuple[float, str | None]:
        """The best square to aim a fireball at (any open square in range and in line of effect, not
        only an occupied one): the enemies it catches, each by its chance to fail the Reflex save
        and what the damage then does to it, and never a friend, standing or fallen."""
        if state.acted_std or state.units[i].casts("fireball") <= 0:
            return 0.0, None
        spell = SPELLS["fireball"]
        dc = game.sheets[i].spell_dc("fireball")
        dist = _dice(spell.dice, 0)
        friends = {state.units[j].pos for j in [i] + game.allies(state, i)}
        foes = {state.units[j].pos: j for j in game.enemies(state, i)}
        up = [state.units[j].pos for j in foes.values() if state.units[j].conscious]
        if len(up) < 2:
            return 0.0, None
        centres = {(p[0] + dx, p[1] + dy) for p in up for dx in range(-2, 3) for dy in range(-2, 3)}
        best, best_value = None, 0.0
        for sq in sorted(centres):
            if not game._area_ok(state, i, sq):
                continue
            hit = burst(game.map, sq, FIREBALL_RADIUS)
            if any(h in friends for h in hit):
                continue
            value = 0.0
            for h in hit:
                j = foes.get(h)
                if j is None:
                    continue
                t = state.units[j]
                max_hp = game.sheets[j].max_hp
                if t.conscious:
                    fail = 1.0 - float(save_chance(game.save_bonus(state, j, "ref") + game.reflex_cover(sq, j, state),
                                                   dc, True))
                    drop = sum(p for d, p in dist if d >= t.hp)
                    chip = sum(p * min(d, t.hp) for d, p in dist) / max_hp
                    value += worth[j] * fail * (drop + self.chip * chip)
                else:
                    value += 0.15 * worth[j] * sum(p for d, p in dist if d >= t.hp + 10)
            if value > best_value:
                best, best_value = f"cast:fireball:{sq[0]},{sq[1]}", value
        if best is not None and game.in_combat(state, i):
            best_value *= 0.6
        return best_value, best

    # -- the policy --------------------------------------------------------------------------------
    def choose(self, game: Tactics, state: TacticsState, seat: int, hint: str | None = None) -> str:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        if "aoo" in legal:
            return "aoo"
        if hint is None:
            hint = self.helper.choose(game, state, seat)
        verb = hint.split(":")[0]
        i = state.actor
        if self.aim and not state.acted_std and state.units[i].casts("fireball") > 0 and (
                hint.startswith("cast:") or verb in _STRIKES):
            worth = {j: self.worth(game, state, j) for j in range(len(state.units)) if not state.units[j].dead}
            fv, fb = self.fireball(game, state, i, worth)
            if fb is not None:
                sv, sb = self.best_strike(game, state, i, legal, worth, allow=hint)
                if hint.startswith("cast:fireball:") or fv > sv:
                    return fb
        if verb not in _STRIKES and verb != "move":
            return hint  # healing, standing, fireballs, drawing, hiding, ending the turn
        if verb == "cast" and SPELLS[hint.split(":")[1]].effect != "damage":
            return hint
        worth = {j: self.worth(game, state, j) for j in range(len(state.units)) if not state.units[j].dead}
        caster = self.helper.is_caster(game, state, i)
        if verb == "move":
            if not self.squares or caster or state.acted_std or self.helper.is_shooter(game, state, i):
                return hint
            return self.choose_square(game, state, i, legal, hint, worth)
        value, best = self.best_strike(game, state, i, legal, worth, allow=hint)
        if best is None:
            return hint
        if self.squares and not state.moved and not caster and not self.helper.is_shooter(game, state, i):
            # striking here against moving first to a better target
            move = self.choose_square(game, state, i, legal, None, worth, stay=value)
            if move is not None:
                return move
        return best

    def choose_square(self, game: Tactics, state: TacticsState, i: int, legal: list[str], hint: str | None,
                      worth, stay: float | None = None) -> str | None:
        """The square next to an enemy with the best strike from it, less the attacks of opportunity
        of the way there; ``hint`` (the heuristic's move) when no such square beats it, ``None``
        when standing still (worth ``stay``) is better."""
        routes = game.move_routes(state, i)
        foes = [j for j in game.enemies(state, i) if state.units[j].conscious]
        if not routes or not foes or state.acted_std:
            return hint
        best, best_value = None, 0.0
        seen = set()
        for t in foes:
            tp = state.units[t].pos
            for sq, route in routes.items():
                if sq in seen or not adjacent(sq, tp):
                    continue
                seen.add(sq)
                moved = _moved(state, i, sq)
                v, _ = self.best_strike(game, moved, i, self.strikes_from(game, moved, i), worth)
                v -= self.aoo_cost(game, state, i, route.provokes, worth)
                v -= 0.001 * route.feet
                if v > best_value:
                    best, best_value = sq, v
        if stay is not None:
            if best is None or best_value <= stay * 1.05:
                return None
            return f"move:{best[0]},{best[1]}"
        if hint is not None:
            hsq = tuple(int(v) for v in hint[5:].split(","))
            if hsq in routes and any(adjacent(hsq, state.units[t].pos) for t in foes):
                moved = _moved(state, i, hsq)
                hv, _ = self.best_strike(game, moved, i, self.strikes_from(game, moved, i), worth)
                hv -= self.aoo_cost(game, state, i, routes[hsq].provokes, worth)
                if hv >= best_value:
                    return hint
            elif best is None:
                return hint
        if best is None:
            return hint
        return f"move:{best[0]},{best[1]}"
