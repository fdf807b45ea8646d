"""Buying, sharing and deploying an army (seed, Setup 2 to 4).

An army decision is one string, ``army:<spec>``:

- ``army:<preset>``: a ready-made army (:data:`PRESETS`) bought within the points total and placed
  automatically along the army's own edge;
- ``army:<kniggit>;<kniggit>;...``: an army of one's own, each kniggit written
  ``<move>/<attack>/<defense>[/archer]@<x>,<y>`` (tokens of each colour, then where its head stands).

Kniggits cost 5 points and tokens 1 each; the total must not exceed the points (unspent points are
lost).  A kniggit without a token of each colour runs away in terror before the battle (seed,
Setup 3), except a two-sword kniggit under that option (no defense, 5 or more attack).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ...core.game import IllegalAction
from . import mechanics
from .geometry import Table, dist
from .mechanics import army_cost, has_power

PRESETS = ("balanced", "heavy", "horde", "archers", "cavalry", "duelists", "jouster")
_PRESET_NEEDS = {"archers": "archers", "cavalry": "horses", "duelists": "two_swords"}


@dataclass(frozen=True)
class Recruit:
    move: int
    attack: int
    defense: int
    archer: bool
    x: float
    y: float

    @property
    def cost(self) -> int:
        return army_cost(1, self.move + self.attack + self.defense)


_KNIGGIT = re.compile(r"^(\d{1,3})/(\d{1,3})/(\d{1,3})(/archer)?@(-?[0-9.]+),(-?[0-9.]+)$")


def preset_names(options) -> list[str]:
    if options.scenario == "joust":
        return ["jouster"]
    names = ["balanced", "heavy", "horde"]
    for name, option in _PRESET_NEEDS.items():
        if getattr(options, option):
            names.append(name)
    return names


def _split(total: int, weights: list[float]) -> list[int]:
    """``total`` tokens shared by ``weights``, largest remainders first."""
    raw = [total * w / sum(weights) for w in weights]
    out = [int(math.floor(r)) for r in raw]
    order = sorted(range(len(raw)), key=lambda i: out[i] - raw[i])
    for i in order[: total - sum(out)]:
        out[i] += 1
    return out


def preset_tokens(name: str, points: int) -> list[tuple[int, int, int, bool]]:
    """(move, attack, defense, archer) of each kniggit of a ready-made army."""
    def share(n: int, weights: tuple[float, float, float], archer: bool = False) -> list[tuple[int, int, int, bool]]:
        tokens = points - mechanics.KNIGGIT_COST * n
        per = _split(tokens, [1.0] * n)
        return [tuple(_split(t, list(weights))) + (archer,) for t in per]  # type: ignore[misc]

    if name == "jouster":
        return share(1, (0.4, 0.35, 0.25))
    if points < army_cost(1, 3):  # not one kniggit with a token of each colour
        return []
    if name == "heavy":
        n = max(1, min(points // 20, points // 8))
        return share(n, (1.0, 1.1, 1.1))
    if name == "horde":
        n = max(1, points // 8)
        return share(n, (1.0, 1.0, 1.0))
    if name == "archers":
        n = max(2, points // 13)
        n = min(n, points // 8)
        army = share(n, (1.0, 1.0, 1.0))
        k = max(1, n // 3)
        out = []
        for i, (m, a, d, _) in enumerate(army):
            out.append((m, a, d, i < k))
        return out
    if name == "cavalry":
        n = max(1, points // 18)
        return share(n, (1.3, 1.0, 1.0))
    if name == "duelists":
        n = max(1, points // 13)
        tokens = points - mechanics.KNIGGIT_COST * n
        out = []
        for t in _split(tokens, [1.0] * n):
            m, a = _split(t, [0.45, 0.55])
            if not has_power(a) and t >= mechanics.POWER_TOKENS + 1:  # two swords, and one movement token
                m, a = t - mechanics.POWER_TOKENS, mechanics.POWER_TOKENS
            out.append((m, a, 0, False))
        return out
    # balanced
    n = max(1, points // 14)
    return share(n, (1.0, 1.0, 1.0))


def deploy(table: Table, seat: int, count: int) -> list[tuple[float, float]]:
    """Positions spread along the army's own edge, halfway into its deployment zone."""
    depth = table.deploy_depth / 2
    y = depth if seat == 0 else table.size - depth
    out: list[tuple[float, float]] = []
    for i in range(count):
        x = table.size * (i + 1) / (count + 1)
        p = (x, y)
        tries = 0
        while (table.inside_obstacle(p) or any(dist(p, q) < 4 * table.figure_radius for q in out)) and tries < 40:
            tries += 1
            p = (x + (tries % 7 - 3) * table.figure_radius * 2, y + (tries // 7 - 2) * table.figure_radius * 2)
        out.append(p)
    if seat == 1:
        out = [(table.size - x, yy) for x, yy in out]
    return out


def parse_army(spec: str, seat: int, options, table: Table) -> list[Recruit]:
    """The recruits of an army decision, checked against the points, the options and the table.
    Raises :class:`IllegalAction` with the reason on bad input."""
    spec = spec.strip()
    if spec in PRESETS:
        if spec not in preset_names(options):
            raise IllegalAction(f"the ready-made {spec} army is not available with these options; ready-made armies: "
                                f"{', '.join(preset_names(options))}", ["army:" + p for p in preset_names(options)])
        tokens = preset_tokens(spec, options.points)
        spots = deploy(table, seat, len(tokens))
        return [Recruit(m, a, d, archer, round(x, 3), round(y, 3)) for (m, a, d, archer), (x, y) in zip(tokens, spots)]
    if not spec:
        raise IllegalAction("an army needs at least one kniggit")
    out = []
    for part in spec.split(";"):
        m = _KNIGGIT.match(part.strip())
        if not m:
            raise IllegalAction(f"kniggit {len(out) + 1} of the army is not written right: give its movement, attack and "
                                f"defense tokens, whether it is an archer, and where its head stands; or take a ready-made "
                                f"army ({', '.join(preset_names(options))})")
        try:
            x, y = float(m.group(5)), float(m.group(6))
        except ValueError:
            raise IllegalAction(f"kniggit {len(out) + 1} of the army has no proper position on the table") from None
        if not (math.isfinite(x) and math.isfinite(y)):
            raise IllegalAction(f"kniggit {len(out) + 1} of the army has no proper position on the table")
        archer = bool(m.group(4))
        if archer and not options.archers:
            raise IllegalAction("archers need the advanced rule Archers")
        out.append(Recruit(int(m.group(1)), int(m.group(2)), int(m.group(3)), archer, x, y))
    cost = sum(r.cost for r in out)
    if cost > options.points:
        raise IllegalAction(f"the army costs {cost} points ({mechanics.KNIGGIT_COST} a kniggit, {mechanics.TOKEN_COST} a token); "
                            f"the total is {options.points}")
    if options.scenario == "joust":
        if len(out) != 1 or not has_power(out[0].move):
            raise IllegalAction(f"jousting: the army is one kniggit on horseback ({mechanics.POWER_TOKENS} or more movement tokens)")
    for i, r in enumerate(out):
        p = (r.x, r.y)
        if not table.in_deployment(seat, p):
            raise IllegalAction(f"kniggit {i + 1} at ({r.x:g}, {r.y:g}) is not within "
                                f"{table.deploy_depth:g} in of its own edge (y = {table.edge_y(seat):g})")
        if table.inside_obstacle(p):
            raise IllegalAction(f"kniggit {i + 1} at ({r.x:g}, {r.y:g}) stands inside an obstacle")
        for j in range(i):
            if dist(p, (out[j].x, out[j].y)) < table.standing_room - 1e-9:
                raise IllegalAction(f"kniggits {j + 1} and {i + 1} stand closer than {table.standing_room:g} in")
    return out
