"""Property tests of the measured table (rules page, Kniggits, rules 1 to 4: the table)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brawl.core.game import IllegalAction
from brawl.games.kniggits.geometry import Table, dist, path_length

from .helpers import battle, game, get, kn

G = game(terrain="village")
LEGAL = {True: 0, False: 0}
coord = st.floats(min_value=0, max_value=36, allow_nan=False)
point = st.tuples(coord, coord)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(start=point, enemies=st.lists(point, min_size=1, max_size=4),
       steps=st.lists(st.tuples(st.floats(-6, 6), st.floats(-6, 6)), min_size=1, max_size=3),
       m=st.integers(0, 6))
def test_move_never_ends_in_obstacle_or_inside_a_new_enemy_ring(start, enemies, steps, m):
    """Phase one and Equipment 4: a legal move never ends inside an obstacle, nor within 2 inches of
    an enemy it did not start in combat with; it never exceeds the allowance."""
    if G.table.inside_obstacle(start):
        return
    foes = [kn(f"B{i + 1}", x, y) for i, (x, y) in enumerate(enemies)]
    a1 = kn("A1", *start, m=m)
    s = battle(G, a1, *foes)
    before = {f.id for f in G.engaged(s, a1)}
    waypoints, here = [], start
    for dx, dy in steps:
        here = (min(max(here[0] + dx, 0.0), 36.0), min(max(here[1] + dy, 0.0), 36.0))
        waypoints.append(here)
    action = "move:A1" + "".join(f":{x!r}:{y!r}" for x, y in waypoints)
    try:
        s2 = G.apply_action(s, 0, action)
    except IllegalAction:
        LEGAL[False] += 1
        return
    LEGAL[True] += 1
    end = get(G, s2, "A1").pos
    assert not G.table.inside_obstacle(end)
    assert G.table.on_table(end)
    assert dist(start, end) <= G.move_allowance(a1) + 1e-3
    for f in foes:
        if f.id not in before:
            assert dist(end, f.pos) >= G.table.ring - 1e-6
        else:
            assert dist(end, f.pos) >= dist(start, f.pos) - 1e-9  # only away from those it fought


@settings(max_examples=150, deadline=None)
@given(a=point, b=point)
def test_planned_paths_avoid_obstacles(a, b):
    """Equipment 4: the shortest way around obstacles never crosses one and is never shorter than
    the straight line."""
    t = Table(36, "village")
    if t.inside_obstacle(a) or t.inside_obstacle(b):
        return
    path = t.plan(a, b)
    assert path is not None
    assert path[0] == a and path[-1] == b
    for p, q in zip(path, path[1:]):
        assert not t.segment_blocked(p, q)
    assert path_length(path) >= dist(a, b) - 1e-9


@settings(max_examples=150, deadline=None)
@given(a=point, b=point, other=point)
def test_sight_is_symmetric_and_blocked_by_a_head_on_the_line(a, b, other):
    """Archers: a clear line between heads; other figures block it, both ways alike."""
    t = Table(36, "forest")
    assert t.line_of_sight(a, b, [other]) == t.line_of_sight(b, a, [other])
    if dist(a, b) > 1:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert not t.line_of_sight(a, b, [mid])


def test_the_property_saw_legal_moves():
    """The move property above is not vacuous: a good share of its moves were legal."""
    if LEGAL[True] + LEGAL[False] == 0:
        test_move_never_ends_in_obstacle_or_inside_a_new_enemy_ring()
    assert LEGAL[True] >= 30, LEGAL


def _segments_about_obstacles(table: Table, rng, count: int):
    """Segments that test the obstacle rule hard: through corners, along walls, from a corner, and
    at random near the obstacles."""
    import numpy as np

    rings = [np.asarray(p.exterior.coords) for p in table.obstacles]
    which = rng.integers(0, len(rings), count)
    a, b = np.empty((count, 2)), np.empty((count, 2))
    for i, o in enumerate(which):
        v = rings[o]
        k = rng.integers(len(v) - 1)
        kind = i % 4
        if kind == 0:  # near a corner, any way
            a[i], b[i] = v[k] + rng.normal(0, 3, 2), v[k] + rng.normal(0, 3, 2)
        elif kind == 1:  # along a wall, past its ends or short of them
            a[i], b[i] = v[k], v[k + 1] + (v[k + 1] - v[k]) * rng.uniform(-0.5, 0.5)
        elif kind == 2:  # from (almost) a corner
            a[i] = v[k] + rng.normal(0, 1e-8, 2)
            b[i] = a[i] + rng.normal(0, 4, 2)
        else:
            a[i] = rng.uniform(0, table.size, 2)
            b[i] = a[i] + rng.normal(0, 6, 2)
    return a, b, which


def test_the_compiled_sure_answers_about_obstacles_agree_with_shapely():
    """Rule 3 of the rules page (seed, Setup 1: an obstacle blocks movement; no straight stretch
    may enter one, running along a wall or touching a corner is allowed) is Shapely's test.  The rule (``Table.segment_blocked``) and the research mask
    (``fast_moves.sure_pair``, inside its batch path check) answer most segments by arithmetic on a convex obstacle's sides
    and ask Shapely only when a segment passes within ``SURE`` of the boundary: every sure answer
    is Shapely's, on segments made to touch corners and run along walls."""
    import numpy as np
    import shapely

    from brawl.games.kniggits.fast_moves import sure_pair
    from brawl.games.kniggits.geometry import SURE

    rng = np.random.default_rng(7)
    for terrain, size in (("village", 48.0), ("forest", 36.0), ("village", 144.0)):
        table = Table(size=size, terrain=terrain)
        a, b, which = _segments_about_obstacles(table, rng, 20_000)
        shapely_says = table.obstacles_entered(a, b, which)
        normals, offsets, count = table.sides
        sure = np.array([sure_pair(p[0], p[1], q[0], q[1], normals[o], offsets[o], count[o], SURE)
                         for p, q, o in zip(a, b, which)])
        answered = sure >= 0
        assert (sure[answered] == shapely_says[answered]).all()
        assert answered.mean() > 0.4  # most segments are plain, even among these
        assert (~answered).sum() > 1000  # and the close ones were made and left to Shapely
        # the rule itself, which asks the sides first too, says what Shapely says of every obstacle
        lines = shapely.linestrings(np.stack([a[:2000], b[:2000]], axis=1))
        for p, q, line in zip(a[:2000], b[:2000], lines):
            expected = any(o.intersects(line) and not o.touches(line) for o in table.obstacles)
            assert table.segment_blocked(tuple(p), tuple(q)) == expected


def test_a_distance_is_the_same_to_the_last_bit_in_the_engine_and_the_kernels():
    """Rules 1 to 4 (distances in inches): the engine's distance and the compiled games' are one
    function (``geometry.norm``) that rounds alike in both, so a move or a reach exactly on a limit
    is read the same way by both.  ``math.hypot`` would not be: on this project's machines Python's and
    the compiled one differ in the last place for about one of these pairs in 150."""
    import numpy as np
    from numba import njit

    from brawl.games.kniggits import batch_geom, geometry

    rng = np.random.default_rng(5)
    xs, ys = rng.uniform(-48, 48, 20_000), rng.uniform(-48, 48, 20_000)

    @njit
    def compiled(xs, ys, out):
        for i in range(xs.shape[0]):
            out[i] = batch_geom.norm(xs[i], ys[i])

    out = np.empty(xs.shape[0])
    compiled(xs, ys, out)
    assert np.array_equal(out, np.array([geometry.norm(x, y) for x, y in zip(xs, ys)]))
    assert geometry.dist((1.0, 2.0), (4.0, 6.0)) == 5.0
