"""The measured table of Kniggits: points, obstacles, movement, sight.

Everything is measured between head points (seed, Equipment 5: "measured to the center of the
figure's head").  The table is a square ``size`` inches on a side with the origin in the corner of
the first army's edge; the first army's edge is ``y = 0`` and the second army's is ``y = size``.
Obstacles are Shapely polygons that block movement and sight.  A path is a list of straight
segments; a segment is blocked when it enters an obstacle's interior (running along a wall or
touching a corner is allowed).

Figures are points for every distance in the rules; for sight and for standing room a head takes
up a disc of :attr:`Table.figure_radius` (ruling: a figure blocks sight within a quarter inch of
its head, and no two heads end a move closer than twice that).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box

from . import mechanics as m

EPS = 1e-6
Pt = tuple[float, float]

# Terrain presets, in fractions of the table's side.  Each layout lists half the obstacles; the
# other half is the same turned half a circle about the centre, so neither army is favoured.
_HALF_LAYOUTS: dict[str, list[list[Pt]]] = {
    "open": [],
    "village": [
        [(0.14, 0.36), (0.28, 0.36), (0.28, 0.45), (0.14, 0.45)],   # a house
        [(0.42, 0.30), (0.58, 0.30), (0.58, 0.33), (0.42, 0.33)],   # a low wall
        [(0.80, 0.36), (0.86, 0.40), (0.80, 0.44), (0.74, 0.40)],   # a tree
    ],
    "forest": [
        [(0.10, 0.30), (0.15, 0.30), (0.15, 0.35), (0.10, 0.35)],
        [(0.30, 0.38), (0.36, 0.38), (0.36, 0.43), (0.30, 0.43)],
        [(0.47, 0.28), (0.53, 0.28), (0.53, 0.33), (0.47, 0.33)],
        [(0.66, 0.36), (0.72, 0.36), (0.72, 0.41), (0.66, 0.41)],
        [(0.84, 0.27), (0.90, 0.27), (0.90, 0.32), (0.84, 0.32)],
        [(0.20, 0.46), (0.25, 0.46), (0.25, 0.49), (0.20, 0.49)],
    ],
}
TERRAINS = tuple(_HALF_LAYOUTS)


def norm(dx: float, dy: float) -> float:
    """The length of ``(dx, dy)`` in inches: ``sqrt(dx*dx + dy*dy)``, which Python and the compiled
    games round alike to the last bit.  (``math.hypot`` does not: Python's is its own algorithm and
    the compiled one the C library's, and they differ in the last place for about one pair in 150,
    which would part the engine and a kernel at a distance exactly on a limit.)"""
    return math.sqrt(dx * dx + dy * dy)


def dist(a: Pt, b: Pt) -> float:
    return norm(a[0] - b[0], a[1] - b[1])


def path_length(points: Sequence[Pt]) -> float:
    return sum(dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def first_ring_contact(a: Pt, b: Pt, centre: Pt, radius: float) -> float | None:
    """Smallest t in [0, 1] at which a + t(b - a) comes within ``radius`` of ``centre``, or None.
    The segment must start outside the ring."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa = dx * dx + dy * dy
    if qa < 1e-18:
        return None
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - radius * radius
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return None
    t = (-qb - math.sqrt(disc)) / (2 * qa)
    if -EPS <= t <= 1:
        return max(0.0, t)
    return None


def heading(a: Pt, b: Pt) -> float:
    """The direction from ``a`` to ``b`` in degrees, for drawing (0 along +x)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def point_segment_distance(p: Pt, a: Pt, b: Pt) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    qa = dx * dx + dy * dy
    if qa < 1e-18:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / qa))
    return dist(p, (a[0] + t * dx, a[1] + t * dy))


def truncate(points: Sequence[Pt], length: float) -> list[Pt]:
    """The path cut after ``length`` inches."""
    out = [points[0]]
    left = length
    for a, b in zip(points, points[1:]):
        d = dist(a, b)
        if d <= left + EPS:
            out.append(b)
            left -= d
            continue
        if left > EPS:
            t = left / d
            out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        break
    return out


#: How far (inches) a segment must pass inside an obstacle, or keep outside it, for the compiled
#: sides test to answer without Shapely: far above the rounding of a table's coordinates.
SURE = 1e-7


def clip_sides(ax: float, ay: float, dx: float, dy: float, normals, offsets, sides: int, margin: float) -> bool:
    """Whether some point of the segment ``a + t d``, ``t`` in [0, 1], lies in the convex polygon
    of ``sides`` sides (outward unit ``normals``, ``offsets``: the inside is where every
    ``normal . p < offset``) grown by ``margin`` (shrunk when it is negative).  With a margin of
    ``-SURE`` a yes means the segment surely enters the interior; with ``+SURE`` a no means it
    surely stays out.  Plain arithmetic, so that :mod:`.fast_moves` compiles this very function."""
    lo, hi = 0.0, 1.0
    for i in range(sides):
        # the side's test along the segment, f(t) = f0 + slope t, must be <= 0
        f0 = normals[i][0] * ax + normals[i][1] * ay - offsets[i] - margin
        slope = normals[i][0] * dx + normals[i][1] * dy
        if slope == 0.0:
            if f0 > 0.0:
                return False
            continue
        t = -f0 / slope
        if slope > 0.0:
            hi = min(hi, t)
        else:
            lo = max(lo, t)
        if lo > hi:
            return False
    return True


def _sides(polys: Sequence[Polygon]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each convex obstacle as its sides: an outward unit normal and an offset per side, so that
    its interior is where every ``normal . p < offset``; rows padded to the most sides.  A
    non-convex obstacle gets 0 sides, and the sides test leaves it to Shapely."""
    rings = [np.asarray(p.exterior.coords)[:-1] for p in polys]
    most = max([len(r) for r in rings], default=0)
    normals = np.zeros((len(rings), most, 2))
    offsets = np.zeros((len(rings), most))
    count = np.zeros(len(rings), dtype=np.intp)
    for o, ring in enumerate(rings):
        edges = np.roll(ring, -1, axis=0) - ring
        turns = edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1] - edges[:, 1] * np.roll(edges, -1, axis=0)[:, 0]
        if not ((turns > 0).all() or (turns < 0).all()):
            continue  # not convex
        outward = np.stack([edges[:, 1], -edges[:, 0]], axis=1) * (1.0 if turns[0] > 0 else -1.0)
        outward /= np.hypot(outward[:, 0], outward[:, 1])[:, None]
        normals[o, :len(ring)] = outward
        offsets[o, :len(ring)] = (outward * ring).sum(axis=1)
        count[o] = len(ring)
    return normals, offsets, count


@dataclass(frozen=True)
class Table:
    """The table: its size, its obstacles and the scale of every distance in the rules.  A value:
    everything about it is worked out when it is made (obstacles, the corners paths go around)."""

    size: float = m.TABLE_SIDE
    terrain: str = "village"
    scale: float = 1.0
    obstacles: tuple[Polygon, ...] = field(init=False)

    def __post_init__(self) -> None:
        if self.terrain not in _HALF_LAYOUTS:
            raise ValueError(f"unknown terrain {self.terrain!r}; terrains: {', '.join(TERRAINS)}")
        s = self.size
        polys = []
        for half in _HALF_LAYOUTS[self.terrain]:
            polys.append(Polygon([(x * s, y * s) for x, y in half]))
            polys.append(Polygon([((1 - x) * s, (1 - y) * s) for x, y in half]))
        for p in polys:
            shapely.prepare(p)
        object.__setattr__(self, "obstacles", tuple(polys))
        shapes = np.empty(len(polys), dtype=object)
        shapes[:] = polys
        object.__setattr__(self, "_shapes", shapes)
        object.__setattr__(self, "_boxes", shapely.bounds(shapes).reshape(-1, 4))
        object.__setattr__(self, "_box_list", [tuple(map(float, b)) for b in self._boxes])
        object.__setattr__(self, "_sides", _sides(polys))
        object.__setattr__(self, "_side_lists", [(tuple(map(tuple, n[:c].tolist())), tuple(f[:c].tolist()), int(c))
                                                 for n, f, c in zip(*self._sides)])
        object.__setattr__(self, "bounds", box(0, 0, s, s))
        object.__setattr__(self, "_corners", self._find_corners())
        object.__setattr__(self, "_corner_sight", {})

    # -- distances of the rules, scaled (seed, Equipment 2: halve or double every distance) --------
    @property
    def ring(self) -> float:
        """In combat within this of an enemy (seed, Phase one)."""
        return m.COMBAT_RANGE * self.scale

    @property
    def deploy_depth(self) -> float:
        return m.DEPLOY_DEPTH * self.scale

    @property
    def obstacle_gap(self) -> float:
        return m.OBSTACLE_GAP * self.scale

    @property
    def reach(self) -> float:
        """How close a head must come to pick something up (ruling)."""
        return m.REACH * self.scale

    @property
    def figure_radius(self) -> float:
        return m.HEAD_RADIUS * self.scale

    @property
    def standing_room(self) -> float:
        """No two heads end a move closer than this (ruling 4)."""
        return m.STANDING_ROOM * self.scale

    # -- obstacles ------------------------------------------------------------------------------
    def spacing_problems(self) -> list[str]:
        """The seed's set-up rule 1: obstacles touch or stand at least two inches apart."""
        out = []
        for i, a in enumerate(self.obstacles):
            for j in range(i + 1, len(self.obstacles)):
                d = a.distance(self.obstacles[j])
                if EPS < d < self.obstacle_gap - EPS:
                    out.append(f"obstacles {i} and {j} are {d:.2f} in apart (need touching or {self.obstacle_gap:g} in)")
        return out

    def on_table(self, p: Pt) -> bool:
        return -EPS <= p[0] <= self.size + EPS and -EPS <= p[1] <= self.size + EPS

    def _near(self, x0: float, y0: float, x1: float, y1: float) -> list[Polygon]:
        """The obstacles whose bounding box meets the box from (x0, y0) to (x1, y1): the only ones
        a point or a line in that box can touch, so the only ones worth asking Shapely about."""
        return [o for o, (bx0, by0, bx1, by1) in zip(self.obstacles, self._box_list)
                if x0 <= bx1 and x1 >= bx0 and y0 <= by1 and y1 >= by0]

    def inside_obstacle(self, p: Pt) -> bool:
        near = self._near(p[0], p[1], p[0], p[1])
        if not near:
            return False
        pt = Point(p)
        return any(o.contains(pt) for o in near)

    def segment_blocked(self, a: Pt, b: Pt) -> bool:
        """True when the straight line a-b enters an obstacle's interior.  Shapely judges; a line
        that passes more than :data:`SURE` inside a convex obstacle, or keeps more than that
        outside it, is answered first by arithmetic on the obstacle's sides (:func:`clip_sides`)."""
        if dist(a, b) < EPS:
            return self.inside_obstacle(a)
        x0, y0, x1, y1 = min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg = None
        for o, (bx0, by0, bx1, by1) in enumerate(self._box_list):
            if not (x0 <= bx1 and x1 >= bx0 and y0 <= by1 and y1 >= by0):
                continue
            normals, offsets, count = self._side_lists[o]
            if count:
                if clip_sides(a[0], a[1], dx, dy, normals, offsets, count, -SURE):
                    return True
                if not clip_sides(a[0], a[1], dx, dy, normals, offsets, count, SURE):
                    continue
            seg = LineString([a, b]) if seg is None else seg
            shape = self.obstacles[o]
            if shape.intersects(seg) and not shape.touches(seg):
                return True
        return False

    @property
    def boxes(self) -> np.ndarray:
        """The obstacles' bounding boxes, a row of x0, y0, x1, y1 each."""
        return self._boxes

    def obstacles_entered(self, starts: np.ndarray, ends: np.ndarray, which: np.ndarray) -> np.ndarray:
        """For each row, whether the segment from ``starts`` to ``ends`` enters the interior of
        obstacle number ``which``: the test of :meth:`segment_blocked`, asked of Shapely for
        many pairs in one call."""
        lines = shapely.linestrings(np.stack([starts, ends], axis=1))
        shapes = self._shapes[which]
        return shapely.intersects(shapes, lines) & ~shapely.touches(shapes, lines)

    @property
    def sides(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each convex obstacle as its sides (normals, offsets, how many), for the compiled sure
        answers of :func:`.fast_moves.sure_pair`."""
        return self._sides

    def room(self, p: Pt, direction: Pt) -> float:
        """How far a straight line from ``p`` in the unit ``direction`` runs before it leaves the
        table (cutting a line there keeps it straight; clamping x and y apart would bend it)."""
        out = math.inf
        for at, u in zip(p, direction):
            if u > 1e-12:
                out = min(out, (self.size - at) / u)
            elif u < -1e-12:
                out = min(out, -at / u)
        return max(0.0, out)

    def edge_y(self, seat: int) -> float:
        return 0.0 if seat == 0 else self.size

    def at_own_edge(self, seat: int, p: Pt) -> bool:
        return abs(p[1] - self.edge_y(seat)) <= EPS * 10

    def in_deployment(self, seat: int, p: Pt) -> bool:
        """Within six inches of the army's own edge (seed, Setup 4)."""
        return self.on_table(p) and abs(p[1] - self.edge_y(seat)) <= self.deploy_depth + EPS

    def line_of_sight(self, a: Pt, b: Pt, figures: Iterable[Pt]) -> bool:
        """Clear line between two heads: no obstacle and no other figure's head on it (seed,
        Archers: "You can't shoot through obstacles or other kniggits")."""
        if self.segment_blocked(a, b):
            return False
        r = self.figure_radius
        for f in figures:
            if point_segment_distance(f, a, b) < r - EPS:
                return False
        return True

    # -- path finding (for fleeing figures and bots) ----------------------------------------------
    def _find_corners(self) -> tuple[Pt, ...]:
        pad = 0.05 * self.scale
        out = []
        for o in self.obstacles:
            grown = o.buffer(pad, join_style="mitre")
            for x, y in list(grown.exterior.coords)[:-1]:
                if self.on_table((x, y)) and not self.inside_obstacle((x, y)):
                    out.append((float(x), float(y)))
        return tuple(out)

    def plan(self, start: Pt, goal: Pt) -> list[Pt] | None:
        """Shortest obstacle-free path of straight segments from start to goal (a visibility graph
        over the obstacles' corners), or None when there is none."""
        if not self.segment_blocked(start, goal):
            return [start, goal]
        nodes = [start, goal] + list(self._corners)
        n = len(nodes)
        seen = self._corner_sight  # whether corner i - 2 sees corner j - 2: the same for every plan
        best = {0: 0.0}
        prev: dict[int, int] = {}
        heap = [(0.0, 0)]
        done = set()
        while heap:
            d, i = heapq.heappop(heap)
            if i in done:
                continue
            done.add(i)
            if i == 1:
                path = [nodes[1]]
                while i in prev:
                    i = prev[i]
                    path.append(nodes[i])
                return path[::-1]
            for j in range(1, n):
                if j in done:
                    continue
                nd = d + dist(nodes[i], nodes[j])
                if nd >= best.get(j, math.inf) - 1e-12:
                    continue
                if i >= 2 and j >= 2:
                    pair = (min(i, j), max(i, j))
                    clear = seen.get(pair)
                    if clear is None:
                        clear = seen[pair] = not self.segment_blocked(nodes[i], nodes[j])
                else:
                    clear = not self.segment_blocked(nodes[i], nodes[j])
                if clear:
                    best[j] = nd
                    prev[j] = i
                    heapq.heappush(heap, (nd, j))
        return None

    def to_json(self) -> dict:
        return {"size": self.size, "scale": self.scale, "terrain": self.terrain,
                "obstacles": [[list(map(float, c)) for c in list(o.exterior.coords)[:-1]] for o in self.obstacles]}
