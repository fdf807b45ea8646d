"""The simulations behind ``brawl analyze kniggits`` (:mod:`.analysis`): the report's constants,
the armies of one's own and the ready-made armies played by the heuristic bot, and the bookkeeping
of the seat-swapped engine runs."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...analysis.common import wilson

GAMES = 100  # games per point at the defaults (on the kernel; a tenth where the engine plays)
RULES = ("horses", "magic_swords", "double_defense", "two_swords", "archers", "potions")
RULE_ARMY = {"horses": "cavalry", "archers": "archers", "two_swords": "duelists"}  # ready-made armies a rule unlocks
SCENARIOS = ("battle", "flag", "princess", "grail", "joust")
COUNTS = (1, 2, 3, 4, 5, 6)  # kniggits in an army of one's own
COLOURS = {"even": (1.0, 1.0, 1.0), "movement": (2.0, 1.0, 1.0), "attack": (1.0, 2.0, 1.0), "defense": (1.0, 1.0, 2.0)}
SWEEPS: dict[str, list] = {
    "points": [25, 50, 75, 100],
    "table": [24.0, 36.0, 48.0],
    "terrain": ["village", "forest", "open"],
    "scenario": list(SCENARIOS),
    "disengage": ["direct", "away"],
    "archer_defense": ["shots", "never"],
    "turn_limit": [20, 40, 60],
    "fight_timer": [10.0, 30.0],
    **{rule: [False, True] for rule in RULES},
}
DEFAULT_SWEEP = "points"
LADDER_BOTS = ("heuristic", "random")
BIG, SMALL = 1, 2  # kniggits in the few-and-big and the many-and-small armies (a close match at 50 points)


def split(total: int, weights) -> list[int]:
    """``total`` shared in proportion to ``weights``, largest remainders first."""
    raw = [total * w / sum(weights) for w in weights]
    out = [int(math.floor(r)) for r in raw]
    for i in sorted(range(len(raw)), key=lambda i: out[i] - raw[i])[: total - sum(out)]:
        out[i] += 1
    return out


def army_tokens(points: int, count: int, weights=(1.0, 1.0, 1.0)) -> list[tuple[int, int, int]] | None:
    """(movement, attack, defense) of ``count`` kniggits bought with ``points``, tokens shared
    evenly between kniggits and by ``weights`` between colours; None when a kniggit would lack a
    colour (it would run away before the battle)."""
    from .mechanics import KNIGGIT_COST, TOKEN_COST

    tokens = (points - KNIGGIT_COST * count) // TOKEN_COST
    if count < 1 or tokens < 3 * count:
        return None
    out = [tuple(split(t, weights)) for t in split(tokens, [1.0] * count)]
    if any(min(k) < 1 for k in out):
        return None
    return out  # type: ignore[return-value]


class ArmyBot:
    """The heuristic bot with a chosen army: tokens per kniggit, deployed along its own edge.
    Everything after the army decision is the heuristic's."""

    def __init__(self, tokens, seed=None, game=None, base: str = "heuristic") -> None:
        from ...bots import make_bot

        self.tokens = [tuple(t) for t in tokens]
        self.base = make_bot("kniggits", base, seed=seed, game=game)

    def choose(self, game, state, seat: int) -> str:
        if state.phase == "army":
            from .army import deploy

            spots = deploy(game.table, seat, len(self.tokens))
            spec = ";".join(f"{m}/{a}/{d}@{x:.3f},{y:.3f}" for (m, a, d), (x, y) in zip(self.tokens, spots))
            return "army:" + spec
        return self.base.choose(game, state, seat)


@dataclass(frozen=True)
class Army:
    """A picklable factory of :class:`ArmyBot` for the engine runs (``label`` names it)."""

    label: str
    tokens: tuple

    def __call__(self, seed=None, game=None) -> ArmyBot:
        return ArmyBot(self.tokens, seed=seed, game=game)

    @property
    def kernel(self) -> tuple[str, tuple]:
        """The batch kernel's seat: the heuristic with this army (:func:`.batch.run_range`)."""
        return "heuristic", tuple(tuple(t) for t in self.tokens)


class PresetBot:
    """The heuristic bot taking a given ready-made army."""

    def __init__(self, preset: str, seed=None, game=None) -> None:
        from ...bots import make_bot

        self.preset = preset
        self.base = make_bot("kniggits", "heuristic", seed=seed, game=game)

    def choose(self, game, state, seat: int) -> str:
        if state.phase == "army":
            return "army:" + self.preset
        return self.base.choose(game, state, seat)


@dataclass(frozen=True)
class Preset:
    label: str
    preset: str

    def __call__(self, seed=None, game=None) -> PresetBot:
        return PresetBot(self.preset, seed=seed, game=game)

    @property
    def kernel(self) -> tuple[str, str]:
        """The batch kernel's seat: the heuristic with this ready-made army."""
        return "heuristic", self.preset


# -- the seat-swapped runs ---------------------------------------------------------------------------

def _swap(specs: list, key: str, opts: dict, a, b, games: int, seed: int, index: dict) -> None:
    """Half the games with ``a`` in the first seat, half with it in the second."""
    first = (games + 1) // 2
    index.setdefault(key, []).append((len(specs), 0))
    specs.append((opts, [a, b], first, seed))
    if games - first:
        index[key].append((len(specs), 1))
        specs.append((opts, [b, a], games - first, seed + 7919))


def _score(runs, parts) -> tuple[float, float, float]:
    """The first bot's share (wins and half the draws) over a seat-swapped pair of runs."""
    won = n = 0.0
    for k, seat in parts:
        r = runs[k]
        won += r.wins[seat] + 0.5 * r.draws
        n += r.games
    return wilson(won, n)


def _mirror(specs: list, key: str, opts: dict, games: int, seed: int, index: dict) -> list[str]:
    """Mirror matches of every ready-made army the options allow (:func:`.army.preset_names`:
    jouster in a joust; balanced, heavy and horde otherwise, and the armies the advanced rules
    unlock), ``games`` games each, half in each seat, each army on seeds of its own (the same for
    the same ``seed`` whatever the options, so two cells differ by their options alone).
    ``index[key]`` gathers them all, ``index[key + "|" + army]`` each army's; returns the armies.

    The heuristic alone always takes the heavy army, whose two kniggits meet in the open middle of
    every terrain and fight it out there, so terrain cannot change its games: the scenario, terrain
    and sweep figures play every army so that what the table does to the game can show."""
    from .army import preset_names

    from .army import PRESETS

    armies = preset_names(make_options(opts))
    for army in armies:
        p = Preset(army, army)
        _swap(specs, f"{key}|{army}", opts, p, p, games, seed + 104729 * (PRESETS.index(army) + 1), index)
        index.setdefault(key, []).extend(index[f"{key}|{army}"])
    return armies


def make_options(opts: dict):
    from .. import make_game

    return make_game("kniggits", opts).options


def median_ci(counts: dict[int, int]) -> tuple[float, float, float]:
    """The median of ``{value: count}`` with its distribution-free 95% interval (the order
    statistics a binomial(n, 1/2) count puts around the middle)."""
    from scipy.stats import binom

    from ...analysis.common import median

    n = sum(counts.values())
    if n == 0:
        return 0.0, 0.0, 0.0
    xs = sorted(v for v, c in counts.items() for _ in range(c))
    lo = max(1, int(binom.ppf(0.025, n, 0.5)))  # 1-based ranks
    hi = min(n, int(binom.isf(0.025, n, 0.5)) + 1)
    return float(median(counts)), float(xs[lo - 1]), float(xs[hi - 1])


def summarise(run) -> dict:
    """:meth:`EngineRun.summary` with the median's interval and the share of games the turn limit
    decided (rule 33: a game reaches the limit only by lasting ``turn_limit`` turns; one won
    earlier ends before its count of turns gets there)."""
    s = run.summary()
    limit = (run.options or {}).get("turn_limit") or 0
    s["median_ci"] = median_ci(run.turn_counts)
    s["at_limit"] = wilson(run.turn_counts.get(limit, 0) if limit else 0, run.games)
    return s


def _merged(runs, parts):
    from ...analysis.common import EngineRun

    total = EngineRun(runs[parts[0][0]].options, runs[parts[0][0]].bots)
    for k, _ in parts:
        total.merge(runs[k])
    return total
