"""Phase one, moving: how far a kniggit goes, which paths are allowed, what happens where it
stops, facing in combat, picking things up and putting them down, and fleeing (seed, Playing,
Phase one; The Results; Scenarios; rulings 12 to 16, 22, 23, 30, 31, 36).

:class:`Movement` is one part of :class:`.rules.Kniggits`; its methods read the game's options and
table and call the other parts through the game.
"""

from __future__ import annotations


import numpy as np

from ...core.game import IllegalAction
from ...core.values import replace
from . import combat, mechanics, words
from .disengage import away_directions
from .geometry import EPS, SURE, dist, first_ring_contact, heading, norm, path_length, truncate
from .model import Item, Kniggit, place_rows
from .state import SEAT_NAMES, KniggitsState, add_event, finish, item, kniggit, put, put_item


_FAST = None


def _compiled():
    """:mod:`.fast_moves`, the compiled batch checks, imported when a mask first needs them (it
    loads Numba, which playing a game does not need)."""
    global _FAST
    if _FAST is None:
        from . import fast_moves
        _FAST = fast_moves
    return _FAST


class Movement:
    # -- reading the table ---------------------------------------------------------------------
    def engaged(self, state: KniggitsState, k: Kniggit) -> tuple[Kniggit, ...]:
        """Enemies within 2 inches (seed, Phase one: "IN COMBAT"), nearest first (a real table's: declared)."""
        if self.on_real_table:
            return self.declared_engaged(state, k)
        memo = state.memo()
        key = (self, ("engaged", k.seat))  # the answers for one army, by where its kniggit stands
        known = memo.get(key)
        if known is None:
            known = memo[key] = {}
        out = known.get((k.x, k.y))
        if out is None:
            out = known[k.x, k.y] = self._engaged(state, k)
        return out

    def _engaged(self, state: KniggitsState, k: Kniggit) -> tuple[Kniggit, ...]:
        r = self.table.ring + EPS
        x, y = k.x, k.y
        out = [e for e in state.kniggits if e.seat != k.seat and e.status != "gone"
               and abs(e.x - x) <= r and abs(e.y - y) <= r and dist(e.pos, k.pos) <= r]
        return tuple(sorted(out, key=lambda e: (dist(e.pos, k.pos), e.id)) if len(out) > 1 else out)

    def move_allowance(self, k: Kniggit) -> float:
        """2 inches a movement token, at most 12 (no cap on horseback), 2 for a crawl (seed)."""
        return mechanics.move_allowance(k.move, combat.mounted(k, self.options), self.table.scale)

    def may_pick(self, k: Kniggit, it: Item) -> bool:
        """Whether ``k`` may pick ``it`` up, reach aside (ruling 31): a potion is drunk, not carried,
        and one's own flag returns to its base instead (ruling 36)."""
        if it.carrier or it.kind == "potion":
            return False
        if it.kind == "flag":
            return it.owner != k.seat
        return True

    def _own(self, state: KniggitsState, seat: int, kid: str) -> Kniggit:
        k = kniggit(state, kid)
        if k is None or k.seat != seat:
            raise IllegalAction(f"{kid} is not one of {self.seat_name(seat)}'s kniggits")
        if not k.active:
            raise IllegalAction(f"{kid} is {'fleeing' if k.status == 'fleeing' else 'gone'} and takes no orders")
        return k

    # -- facing ----------------------------------------------------------------------------------
    def _face(self, state: KniggitsState, seat: int, action: str) -> KniggitsState:
        parts = action.split(":")
        if len(parts) != 3:
            raise IllegalAction("turning names one of your kniggits and the enemy it is to face")
        k = self._own(state, seat, parts[1])
        enemies = self.engaged(state, k)
        e = next((x for x in enemies if x.id == parts[2]), None)
        if e is None:
            raise IllegalAction(f"{parts[2]} is not an enemy within {self.table.ring:g} in of {k.id}")
        return put(state, replace(k, facing=e.id, heading=heading(k.pos, e.pos)))

    def _auto_face(self, state: KniggitsState, seat: int) -> KniggitsState:
        """Kniggits in combat face an enemy within 2 inches (the nearest if none was named);
        others face no one (ruling: facing matters only in combat)."""
        for k in state.kniggits:
            if k.seat != seat or not k.on_table:
                continue
            enemies = self.engaged(state, k)
            ids = {e.id for e in enemies}
            if not enemies or not k.active:
                if k.facing and not (k.shot and k.facing == k.shot):
                    state = self.keep_engaged(state, put(state, replace(k, facing="")))
            elif k.facing not in ids:
                state = self.keep_engaged(state, put(state, replace(k, facing=enemies[0].id,
                                                                   heading=heading(k.pos, enemies[0].pos))))
        return state

    # -- paths -----------------------------------------------------------------------------------
    def check_path(self, state: KniggitsState, k: Kniggit, points: list[tuple[float, float]]) -> tuple[list, str]:
        """The path a move really takes: (points up to where it stops, why it stopped).  Raises
        :class:`IllegalAction` when the path is against the rules."""
        t = self.table
        if not 1 <= len(points) <= mechanics.MAX_STRETCHES:
            raise IllegalAction(f"a move has 1 to {mechanics.MAX_STRETCHES} points")
        path = [k.pos] + [(float(x), float(y)) for x, y in points]
        for p in path[1:]:
            if not t.on_table(p):
                raise IllegalAction(f"({p[0]:g}, {p[1]:g}) is off the {t.size:g} in table")
        length = path_length(path)
        allowance = self.move_allowance(k)
        if length > allowance + mechanics.MEASURE_TOLERANCE:
            raise IllegalAction(f"the move is {length:.2f} in; {k.id} may move {allowance:g} in")
        for a, b in zip(path, path[1:]):
            if t.segment_blocked(a, b):
                raise IllegalAction(f"the line ({a[0]:.2f}, {a[1]:.2f}) to ({b[0]:.2f}, {b[1]:.2f}) crosses an obstacle")
        start_engaged = self.engaged(state, k)
        if start_engaged:
            self._check_disengage(k, path, start_engaged)
        met = {e.id for e in start_engaged}
        ring = t.ring
        room = t.standing_room - 1e-9
        # only a kniggit within the ring or the standing room of the path's box can stop it or
        # stand where it ends (the end lies on the path): those, in the state's order
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        reach = max(ring, room) + EPS
        x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
        near = [o for o in state.kniggits if x0 <= o.x <= x1 and y0 <= o.y <= y1 and o.id != k.id and o.status != "gone"]
        others = [e for e in near if e.seat != k.seat and e.id not in met]
        out = [path[0]]
        why = ""
        for a, b in zip(path, path[1:]):
            hit_t, hit_e = None, None
            # only an enemy within the ring of the segment's box can be met on it
            x0, x1 = min(a[0], b[0]) - ring - EPS, max(a[0], b[0]) + ring + EPS
            y0, y1 = min(a[1], b[1]) - ring - EPS, max(a[1], b[1]) + ring + EPS
            for e in others:
                if not (x0 <= e.x <= x1 and y0 <= e.y <= y1):
                    continue
                tt = first_ring_contact(a, b, e.pos, ring)
                if tt is not None and (hit_t is None or tt < hit_t):
                    hit_t, hit_e = tt, e
            if hit_t is not None:
                out.append((a[0] + hit_t * (b[0] - a[0]), a[1] + hit_t * (b[1] - a[1])))
                why = f"stops {ring:g} in from {hit_e.id}: in combat"
                break
            out.append(b)
        end = out[-1]
        for o in near:
            if abs(o.x - end[0]) < room and abs(o.y - end[1]) < room and dist(o.pos, end) < room:
                raise IllegalAction(f"{k.id} would end on top of {o.id} (closer than {t.standing_room:g} in)")
        return out, why

    # -- many straight moves at once ---------------------------------------------------------------
    # The research encoding's mask asks which of many one-stretch moves pass :meth:`check_path`
    # and where each stops.  :func:`.fast_moves.straight_moves` answers for all of them in one
    # compiled call: the same tests with the same numbers, in the same order, apart from two that
    # stay the rules' own here (:meth:`settle_straight_moves`) and standing room among the mover's
    # own army (:func:`.fast_moves.menu_rows`: in a moving phase only the mover's own kniggits
    # move, so a caller may keep the answer for the kniggits that have not moved and ask only that
    # again).  The tests compare the whole with the transition on positions of random games.
    def path_check_args(self) -> tuple:
        """The numbers the compiled path check (:func:`.fast_moves.straight_moves`) takes after
        the moves: the table's size, the ring, standing room, the measuring tolerance, whether a
        kniggit leaving combat goes directly away, and the obstacles (boxes and sides, with the
        margin of a sure answer)."""
        t = self.table
        return (float(t.size), float(t.ring), float(t.standing_room), mechanics.MEASURE_TOLERANCE,
                self.options.disengage == "direct", t.boxes, *t.sides, SURE)

    def settle_straight_moves(self, state: KniggitsState, table: np.ndarray, me: np.ndarray, ends: np.ndarray,
                              ok: np.ndarray, short: np.ndarray, near: np.ndarray, any_short: bool, any_near: bool) -> None:
        """What the compiled path check leaves to the rules' own tests, settled in ``ok`` (moves of
        the kniggits in rows ``me`` of ``table`` to ``ends``): a move that goes nowhere
        (``short``; ``any_short`` if any) fails when its kniggit stands inside an obstacle, and
        the rule's Shapely test judges a line that passes close to an obstacle's wall or corner
        (``near``; ``any_near`` if any): the check answered the plain cases (a line well inside
        or well outside a convex obstacle) by :func:`.fast_moves.sure_pair`."""
        ks = state.kniggits
        if any_short:  # a move that goes nowhere: is it standing in an obstacle?
            nowhere = np.flatnonzero(ok & short)
            inside = {i: self.standing_in_obstacle(ks[i]) for i in set(me[nowhere].tolist())}
            ok[nowhere] = [not inside[i] for i in me[nowhere].tolist()]
        if any_near:
            c, o = np.nonzero(near)
            ok[c[self.table.obstacles_entered(table[me[c], :2], ends[c], o)]] = False

    def standing_in_obstacle(self, k: Kniggit) -> bool:
        """Whether ``k`` stands inside an obstacle (a move that goes nowhere is judged by where it
        starts), kept with the kniggit: it asks Shapely, and a kniggit that has not moved is
        the same value turn after turn."""
        memo = k.memo()
        key = (self, "in obstacle")
        inside = memo.get(key)
        if inside is None:
            inside = memo[key] = self.table.inside_obstacle(k.pos)
        return inside

    @staticmethod
    def places(state: KniggitsState, kniggits: list[Kniggit]) -> np.ndarray:
        """Where each of ``kniggits`` stands in ``state.kniggits`` (found by id): their rows of
        :meth:`table_rows`."""
        where = {k.id: i for i, k in enumerate(state.kniggits)}
        return np.array([where[k.id] for k in kniggits], dtype=np.intp)

    def table_rows(self, state: KniggitsState) -> np.ndarray:
        """A row per kniggit of ``state`` for the compiled checks: x, y, seat, on the table (1 or
        0).  Each kniggit keeps its row (packed) with it, so a state's rows are joined, not made.
        The array is writable, as the vector environment's are, so that the compiled checks are
        compiled for one type of array, not once more for a read-only one; nothing writes to it."""
        memo = state.memo()
        rows = memo.get((self, "table rows"))
        if rows is None:
            rows = np.frombuffer(bytearray(place_rows(state.kniggits))).reshape(-1, 4)
            memo[self, "table rows"] = rows
        return rows

    def _check_disengage(self, k: Kniggit, path: list, start_engaged: list[Kniggit]) -> None:
        """A kniggit that starts in combat moves one straight line further from every enemy, and
        with a single enemy straight away from him (seed, Phase one; ruling 14)."""
        if len(path) != 2:
            raise IllegalAction(f"{k.id} starts in combat and may only move straight away (one segment)")
        d = (path[1][0] - k.x, path[1][1] - k.y)
        length = norm(*d)
        for e in start_engaged:
            away = (k.x - e.x, k.y - e.y)
            if d[0] * away[0] + d[1] * away[1] <= EPS * length:
                raise IllegalAction(f"{k.id} starts in combat with {e.id} and may only move further away from "
                                    + " and ".join(x.id for x in start_engaged))
        if self.options.disengage == "direct" and len(start_engaged) == 1 and length > EPS:
            e = start_engaged[0]
            away = (k.x - e.x, k.y - e.y)
            cos = (d[0] * away[0] + d[1] * away[1]) / (length * norm(*away) or 1)
            if not mechanics.directly_away(cos):
                raise IllegalAction(f"{k.id} may only move directly away from {e.id} "
                                    f"(within {mechanics.DIRECTLY_AWAY_DEGREES:g} degrees)")

    # -- moving ----------------------------------------------------------------------------------
    def _move(self, state: KniggitsState, k: Kniggit, points: list) -> KniggitsState:
        if k.moved:
            raise IllegalAction(f"{k.id} has already moved this turn")
        if k.shot:
            raise IllegalAction(f"{k.id} is shooting this turn and may not move: an archer may not move and shoot in the same turn")
        path, why = self.check_path(state, k, points)
        after = self._arrive(state, k, path, moved=True)
        end = path[-1]
        text = f"{k.id} moves {path_length(path):.1f} in to ({end[0]:.1f}, {end[1]:.1f})" + (f", {why}" if why else "")
        after = add_event(after, text)
        self.keep_engaged(state, after, k.seat)
        return after

    def keep_engaged(self, before: KniggitsState, after: KniggitsState, seat: int | None = None) -> KniggitsState:
        """Hand what :meth:`engaged` worked out in ``before`` over to ``after``, for points of
        ``seat`` (of either army when None), when the other army stands in ``after`` where it
        stood, as it stood (moving kniggits of ``seat``, turning to face, a new turn's flags
        leave the answers true).  The enemies named are ``after``'s kniggits: when they are the
        very values of ``before``, the two states share one table of answers (what either
        works out holds for both).  Returns ``after``."""
        old = before.__dict__.get("_memo")
        if not old or len(before.kniggits) != len(after.kniggits) or self.on_real_table:
            return after
        same = True  # the other army's kniggits are the very values they were
        for a, b in zip(before.kniggits, after.kniggits):
            if a is not b and a.seat != seat:
                if a.id != b.id or a.x != b.x or a.y != b.y or a.status != b.status:
                    return after
                same = False
        new = after.memo()
        now = None
        for s in (0, 1) if seat is None else (seat,):
            key = (self, ("engaged", s))
            known = old.get(key)
            if known is None or key in new:
                continue
            if same:
                new[key] = known
                continue
            if now is None:
                now = {k.id: k for k in after.kniggits}
            new[key] = {at: (enemies if all(now[e.id] is e for e in enemies) else tuple(now[e.id] for e in enemies))
                        for at, enemies in known.items()}
        return after

    def _arrive(self, state: KniggitsState, k: Kniggit, path: list, **changes) -> KniggitsState:
        """Put ``k`` at the end of ``path`` (with ``changes`` to its other fields) and apply what
        happens there (potions, flags, scenario objectives, facing the enemy it met)."""
        end = path[-1]
        facing = k.heading
        for a, b in zip(path, path[1:]):
            if dist(a, b) > EPS:
                facing = heading(a, b)
        k = replace(k, x=end[0], y=end[1], heading=facing, **changes)
        enemies = self.engaged(state, k)  # its enemies stand where they stood: the state before will do
        if enemies and k.active and k.facing not in {e.id for e in enemies}:
            k = replace(k, facing=enemies[0].id, heading=heading(k.pos, enemies[0].pos))
        state = put(state, k)
        if k.carrying:
            it = item(state, k.carrying)
            state = put_item(state, replace(it, x=k.x, y=k.y))
        reach = self.table.reach + EPS
        for it in list(state.items):
            if it.carrier or dist(it.pos, k.pos) > reach:
                continue
            if it.kind == "potion" and k.on_table:
                k = replace(k, **{it.power: k.tokens(it.power) + mechanics.POTION_TOKENS})
                state = put(state, k)
                state = replace(state, items=tuple(x for x in state.items if x.id != it.id))
                state = add_event(state, f"{k.id} drinks a potion: {mechanics.POTION_TOKENS} more "
                                         f"{words.TOKEN[it.power]} tokens")
            elif it.kind == "flag" and it.owner == k.seat and it.pos != self.flag_base(k.seat):
                state = put_item(state, replace(it, x=self.flag_base(k.seat)[0], y=self.flag_base(k.seat)[1]))
                state = add_event(state, f"{k.id} returns {self.seat_name(k.seat)}'s flag to its base")
        if k.carrying and self.table.at_own_edge(k.seat, k.pos):
            it = item(state, k.carrying)
            if it.kind in ("flag", "princess", "grail"):
                what = {"flag": "the enemy flag", "princess": "the princess", "grail": "the grail"}[it.kind]
                return finish(state, (k.seat,), f"{k.id} brings {what} to {self.seat_name(k.seat)}'s edge")
        return state

    # -- carrying --------------------------------------------------------------------------------
    def _pick(self, state: KniggitsState, seat: int, kid: str, iid: str, hand: str) -> KniggitsState:
        k = self._own(state, seat, kid)
        it = item(state, iid)
        if it is None or not self.may_pick(k, it):
            thing = words.item(it, SEAT_NAMES) if it is not None else "that"
            raise IllegalAction(f"{k.id} cannot pick up {thing}")
        if k.carrying:
            raise IllegalAction(f"{k.id} already carries {words.item(item(state, k.carrying), SEAT_NAMES)}")
        if hand not in ("sword", "shield"):
            raise IllegalAction("carry with the sword hand or the shield hand")
        if dist(k.pos, it.pos) > self.table.reach + EPS:
            raise IllegalAction(f"{words.item(it, SEAT_NAMES)} is {dist(k.pos, it.pos):.2f} in from {k.id}; "
                                f"reach it within {self.table.reach:g} in")
        k = replace(k, carrying=it.id, hand=hand, shot="")
        state = put(state, k)
        return put_item(state, replace(it, carrier=k.id, x=k.x, y=k.y))

    def _drop(self, state: KniggitsState, k: Kniggit) -> KniggitsState:
        it = item(state, k.carrying)
        state = put(state, replace(k, carrying="", hand=""))
        if it is not None:
            state = put_item(state, replace(it, carrier="", x=k.x, y=k.y))
        return add_event(state, f"{k.id} puts down {words.item(it, SEAT_NAMES)}")

    # -- fleeing (seed, The Results; ruling 23) --------------------------------------------------
    def flee_path(self, state: KniggitsState, k: Kniggit) -> list | None:
        """Where a fleeing kniggit runs: the shortest way toward its own edge; if that is against
        the rules of moving (it is in combat), straight out of combat instead (ruling): straight
        away from a single enemy, from several along the line further from all of them with the
        widest margin, then other such lines when the table's side or an obstacle cuts it short
        (:func:`.disengage.away_directions`)."""
        t = self.table
        allowance = self.move_allowance(k)
        routes = []
        route = t.plan(k.pos, (k.x, t.edge_y(k.seat)))
        if route is not None:
            routes.append(route)
        enemies = self.engaged(state, k)
        only_middle = len(enemies) == 1  # straight away from a single enemy (rule 23)
        for away in away_directions(k.pos, [e.pos for e in enemies], only_middle):
            # cut where the line leaves the table: a bent line is not straight away (rule 14)
            reach = min(allowance, t.room(k.pos, away))
            far = (min(max(k.x + away[0] * reach, 0.0), t.size), min(max(k.y + away[1] * reach, 0.0), t.size))
            routes.append([k.pos, far])
        for route in routes:
            for cut in (allowance, allowance * 0.75, allowance * 0.5, allowance * 0.25):
                pts = truncate(route, cut)[1:]
                if not pts or len(pts) > mechanics.MAX_STRETCHES:
                    continue
                try:
                    path, _ = self.check_path(state, k, pts)
                except IllegalAction:
                    continue
                return path
        return None

    def _flee(self, state: KniggitsState, k: Kniggit) -> KniggitsState:
        path = self.flee_path(state, k)
        if path is None or len(path) < 2:
            return add_event(state, f"{k.id} is fleeing but cannot get away")
        state = self._arrive(state, k, path)
        k = kniggit(state, k.id)
        if self.table.at_own_edge(k.seat, k.pos):
            state = put(state, replace(k, status="gone", facing=""))
            return add_event(state, f"{k.id} flees off the table and leaves the game")
        return add_event(state, f"{k.id} flees to ({k.x:.1f}, {k.y:.1f})")
