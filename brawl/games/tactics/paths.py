"""Where a character can walk: the route search over the grid (diagonals 5-10-5, attacks of
opportunity on the way), the squares it reaches, and the route to one square.

:func:`routes` is the rule: every square reachable with the feet of a move, each by the route
that provokes the fewest attacks of opportunity, then the shortest, then the first found in a fixed
order.  :func:`reachable` and :func:`route_to` answer a part of the same question for less work (the
squares alone: the legal moves; one square's route: the move decided) and always agree with it;
``tests/games/tactics/test_paths.py`` checks that, and checks :func:`routes` against the search as
first written.

Squares are numbered and each place on a walk (a square and the parity of the diagonals taken so
far) has an integer key, so that the searches run over small integers: see :class:`WalkTable`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, NamedTuple

from .grid import NEIGHBOURS, SQUARE_FEET, Map, Square, step_allowed, step_squares


class Route(NamedTuple):
    """How a character gets to a square (a named tuple: a search makes dozens at a time)."""

    path: tuple[Square, ...]  # from the start square to the end, both included
    feet: int
    provokes: int  # attacks of opportunity the watchers would get on the way


@dataclass(frozen=True)
class WalkTable:
    """A map made ready for the searches: its squares numbered, and every step that may be taken
    from each square, for a walk that has taken an even or an odd number of diagonals.

    A square ``(x, y)`` is number ``x * height + y``, and a place on a walk is the key
    ``number * 2 + parity`` (parity 1 after an odd number of diagonal steps: the next diagonal
    costs two squares, 5-10-5).  Column first, so that keys sort exactly as ``((x, y), parity)``
    tuples do (the search's fixed order is the order of those tuples) and numbers as squares do.

    ``steps[key]`` is ``(one, two)``: the keys a step :func:`.grid.step_allowed` lets a walk take
    from there reaches for one square and for two (a second diagonal), each in the order of
    :data:`.grid.NEIGHBOURS`.  ``jumps`` says the same for every key at once, as bit masks (bit
    ``key`` of an integer stands for the place ``key``): ``(mask, shift, cost)`` for each direction
    and parity, ``mask`` the places that step may be taken from, ``shift`` how far it moves a key
    (the next key less the key), ``cost`` the squares it costs."""

    numbers: dict  # square -> its number, for every square of the map
    squares: tuple[Square, ...]  # number -> square
    steps: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # key -> (keys one square on, two squares on)
    jumps: tuple[tuple[int, int, int], ...]  # (places it may be taken from, key shift, cost in squares)


_WALK_CACHE: dict[str, tuple[Map, WalkTable]] = {}


def walk_table(game_map: Map) -> WalkTable:
    """The map's :class:`WalkTable` (built once per map)."""
    cached = _WALK_CACHE.get(game_map.key)
    if cached is not None and cached[0] is game_map:
        return cached[1]
    height = game_map.height
    squares = tuple((n // height, n % height) for n in range(game_map.width * height))
    numbers = {sq: n for n, sq in enumerate(squares)}
    steps = []
    jumps: dict[tuple[int, int], int] = {}  # (shift, cost) -> places that step may be taken from
    for sq in squares:
        for parity in (0, 1):
            key = numbers[sq] * 2 + parity
            by_cost: dict[int, list[int]] = {1: [], 2: []}
            if game_map.open(sq):
                for dx, dy in NEIGHBOURS:
                    nb = (sq[0] + dx, sq[1] + dy)
                    if step_allowed(game_map, sq, nb):
                        diagonal = dx != 0 and dy != 0
                        cost = step_squares(diagonal, parity)
                        nkey = numbers[nb] * 2 + (parity ^ diagonal)
                        by_cost[cost].append(nkey)
                        jumps[nkey - key, cost] = jumps.get((nkey - key, cost), 0) | 1 << key
            steps.append((tuple(by_cost[1]), tuple(by_cost[2])))
    table = WalkTable(numbers, squares, tuple(steps), tuple((mask, shift, cost) for (shift, cost), mask in jumps.items()))
    _WALK_CACHE[game_map.key] = (game_map, table)
    return table


# ----------------------------------------------------------------------------------------------
# The search


def routes(game_map: Map, start: Square, speed: int, blocked: frozenset | set, occupied: frozenset | set,
           watchers: tuple[Square, ...] = ()) -> dict[Square, Route]:
    """Every square reachable with ``speed`` feet, by the route that provokes the fewest attacks of
    opportunity, then the shortest, then the first found in a fixed order.

    ``blocked`` squares cannot be entered (walls are blocked anyway); ``occupied`` squares may be
    passed but not ended in; a step provokes once for each watcher whose melee range it enters or
    leaves.

    The search runs over places on a walk (keys of :class:`WalkTable`) for each number of squares
    walked, one layer per number: a layer's places are taken in turn (in key order when there are
    watchers, else in the order they were reached) and each step from one lands in the layer of the
    squares walked after it, keeping the fewest provocations and, among equals, the first place it
    came from.  So a longer route with fewer provocations is found whenever the speed allows it.
    Without watchers no route provokes and the first route found to a square is its route, so the
    search takes each place once (:func:`_free_routes`)."""
    return {sq: Route(path, used * SQUARE_FEET, prov)
            for sq, path, used, prov in _search(game_map, start, speed, blocked, occupied, watchers)}


def route_to(game_map: Map, start: Square, speed: int, blocked: frozenset | set, occupied: frozenset | set,
             watchers: tuple[Square, ...], square: Square) -> Route | None:
    """``routes(...).get(square)``: the search of :func:`routes`, stopped as soon as ``square``'s
    route is certain (found without watchers; found provoking nothing with them)."""
    for sq, path, used, prov in _search(game_map, start, speed, blocked, occupied, watchers, square):
        if sq == square:
            return Route(path, used * SQUARE_FEET, prov)
    return None


def _search(game_map: Map, start: Square, speed: int, blocked, occupied, watchers: tuple,
            target: Square | None = None) -> Iterator[tuple[Square, tuple, int, int]]:
    """The routes of :func:`routes` as ``(square, path, squares walked, provocations)`` in the
    order of its answer; with a ``target``, the target's last (when there are watchers a square's
    route may improve later), and the search ends once it is certain."""
    walk = walk_table(game_map)
    numbers, squares = walk.numbers, walk.squares
    budget = speed // SQUARE_FEET
    barred = {numbers[sq] for sq in blocked if sq in numbers}
    ends = {numbers[sq] for sq in occupied if sq in numbers}
    ends.add(numbers[start])
    goal = numbers.get(target, -1) if target is not None else None
    if goal in ends:
        return
    if not watchers:
        for n, path, used in _free_routes(start, budget, walk, barred, ends):
            yield squares[n], path, used, 0
            if n == goal:
                return
        return
    # zone[number]: bit mask of the watchers in whose melee range the square lies
    zone = [0] * len(squares)
    for k, w in enumerate(watchers):
        for dx, dy in NEIGHBOURS:
            n = numbers.get((w[0] + dx, w[1] + dy))
            if n is not None:
                zone[n] |= 1 << k
    # each square's route: fewest provocations, then fewest squares walked (layers come in that
    # order, so a later layer wins only by provoking less), then the place found first
    best: dict[int, tuple] = {}  # square number -> (provocations, path, squares walked)
    for used, layer in _watched_layers(start, budget, walk, barred, zone):
        for key, (prov, path) in layer.items():
            n = key >> 1
            if n in ends or (goal is not None and n != goal):
                continue
            old = best.get(n)
            if old is None or prov < old[0]:
                best[n] = (prov, path, used)
        if goal in best and best[goal][0] == 0:
            break  # nothing walked further can provoke fewer
    for n, (prov, path, used) in best.items():
        yield squares[n], path, used, prov


def _watched_layers(start: Square, budget: int, walk: WalkTable, barred: set[int],
                    zone: list[int]) -> Iterator[tuple[int, dict[int, tuple]]]:
    """The layers of the search when steps may provoke, each given as ``(squares walked, {key:
    (provocations, path walked)})`` once it is complete (every step into it comes from the two
    layers before): each layer's places taken in key order, every step kept when it provokes
    fewer attacks than the best found so far for its place in its layer."""
    squares, steps = walk.squares, walk.steps
    layers: list[dict[int, tuple]] = [{} for _ in range(budget + 1)]
    layers[0][walk.numbers[start] * 2] = (0, (start,))
    for used in range(budget + 1):
        yield used, layers[used]
        # the layers a step of one square and of two lands in, None beyond the speed
        near = layers[used + 1] if used < budget else None
        far = layers[used + 2] if used + 1 < budget else None
        for key, (prov, path) in sorted(layers[used].items()):
            here = zone[key >> 1]
            one, two = steps[key]
            for target, nexts in ((near, one), (far, two)):
                if target is None:
                    continue
                for nkey in nexts:
                    n = nkey >> 1
                    if n in barred:
                        continue
                    p = prov + (here ^ zone[n]).bit_count()
                    old = target.get(nkey)
                    if old is None or p < old[0]:
                        target[nkey] = (p, path + (squares[n],))


def _free_routes(start: Square, budget: int, walk: WalkTable, barred: set[int],
                 ends: set[int]) -> Iterator[tuple[int, tuple, int]]:
    """The search when no step provokes, giving ``(square number, path, squares walked)`` as each
    square's route is found.  Every route provokes nothing, so a square's route is the first one found, and a
    place is walked on from the first layer that reaches it only: a walk from a later layer
    would reach the same places later still, never first.  Each layer's places are taken in the
    order they were reached."""
    squares, steps = walk.squares, walk.steps
    # layers[squares walked][key] = the path walked to it; places taken (and barred ones) are closed
    layers: list[dict[int, tuple]] = [{} for _ in range(budget + 1)]
    origin = walk.numbers[start] * 2
    layers[0][origin] = (start,)
    closed = {key for n in barred for key in (n * 2, n * 2 + 1)}
    closed.discard(origin)  # the walk starts there whatever stands in the way
    found: set[int] = set()
    for used in range(budget + 1):
        near = layers[used + 1] if used < budget else None
        far = layers[used + 2] if used + 1 < budget else None
        for key, path in layers[used].items():
            if key in closed:
                continue
            closed.add(key)
            n = key >> 1
            if n not in found and n not in ends:
                found.add(n)
                yield n, path, used
            one, two = steps[key]
            if near is not None:
                for nkey in one:
                    if nkey not in closed and nkey not in near:
                        near[nkey] = path + (squares[nkey >> 1],)
            if far is not None:
                for nkey in two:
                    if nkey not in closed and nkey not in far:
                        far[nkey] = path + (squares[nkey >> 1],)


# ----------------------------------------------------------------------------------------------
# Where a walk can end


def reachable(game_map: Map, start: Square, speed: int, blocked: frozenset | set,
              occupied: frozenset | set) -> tuple[Square, ...]:
    """The squares :func:`routes` finds a route to, in order (``(x, y)`` ascending), without the
    routes: the squares some walk of at most ``speed`` feet ends in.  Attacks of opportunity
    change which route is taken, never whether there is one, so watchers play no part.

    The walk is run for every place at once, one bit per place (:attr:`WalkTable.jumps`): the
    places first reached after each number of squares, a step of one square and of two from
    those, until the speed is spent."""
    walk = walk_table(game_map)
    numbers = walk.numbers
    budget = speed // SQUARE_FEET
    barred = 0
    for sq in blocked:
        if sq in numbers:
            barred |= 0b11 << numbers[sq] * 2
    enterable = ~barred
    first = [0] * (budget + 1)  # first[u]: places reached after u squares, for the first time or not
    first[0] = 1 << numbers[start] * 2
    seen = 0
    for used in range(budget + 1):
        here = first[used] & ~seen
        if not here:
            continue
        seen |= here
        for mask, shift, cost in walk.jumps:
            if used + cost <= budget:
                moved = here & mask
                if moved:
                    first[used + cost] |= (moved << shift if shift > 0 else moved >> -shift) & enterable
    ends = {numbers[sq] for sq in occupied if sq in numbers}
    ends.add(numbers[start])
    squares = walk.squares
    # bit 2n + 1 or 2n: square n; read the bits from the lowest up, so the squares come in order
    bits = bin(seen | seen >> 1)[:1:-1]
    return tuple(squares[n] for n in range(len(bits) + 1 >> 1) if bits[2 * n] == "1" and n not in ends)
