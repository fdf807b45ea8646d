"""The ``heuristic`` bot (:class:`.bots.HeuristicBot`) in the compiled Kniggits games (:mod:`.batch`).

Its moving phase and turning follow the bot's own code step by step for the kernel's options (no
archers): each kniggit in turn picks up a thing in reach, runs for the princess, the grail or the
enemy flag, guards its own flag, brings home what it carries or drinks a potion in easy reach
(:mod:`.batch_items`), or else goes for the enemy with the best score, by the table's shortest
way, as far as its allowance (or 90, 75, 50, 25% of it) gives a legal move; one in combat faces
the enemy it can rout soonest; one in combat only with fleeing enemies steps away.  Its numbers
(the score's weights, the fractions tried, the decimals a point is written with) are the bot's,
read from it here where they are named there (:data:`.bots.HeuristicBot` keeps them in its code:
this module and the bot are checked against each other decision by decision by
``tests/games/kniggits/test_batch_agrees.py``); those about things are named in :mod:`.bots` and
read through :func:`.batch_items.things_record`.

In a fight the bot plays the equilibrium of the fight's payoff matrix.  The kernel asks the bot
itself for it (:meth:`.bots.HeuristicBot.fight_strategy`, a linear programme solved with SciPy)
once per kind of fight and keeps the answer in a table of its own, keyed by what the bot's own
table of strategies is keyed by (:func:`.bots._shape` of both kniggits, which side asks, which
hands each side has); then it samples a hand from it as the bot does.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, objmode, types
from numba.extending import overload

from ...sim.kernel import _is_tape, _next, _tape_next, below, borrowing, counting, inlined
from . import mechanics
from .batch_geom import Side, away_arc, compiled, dist, plan, room, truncate, written
from .batch_items import heuristic_pick, item_goal
from .batch_moves import (ATTACK, CARRY, DEFENSE, FACING, FIGHTING, MOVE, MOVED, RANK, SEAT, STATUS, TRIED_TURNS,
                          allowance, check_path, engaged)
from .batch_moves import ARCHER as ARCHER_ROW  # the archers' row (batch_archers)
from .bots import _COUNT_THAT_MATTERS

flee_need = compiled(mechanics.blows_to_flee)
NOTHING, FACE_ORDER, MOVE_ORDER = 0, 1, 2
PICK_ORDER = 3  # pick up a thing (batch_items), with the thing's row
KEY = types.UniTuple(types.int64, 3)
STRATEGY = types.float64[::1]

_GAMES: dict = {}
#: every fight strategy the kernel asked the bot for, by the kernel's key, kept on disk between runs
#: (:func:`known_table`, :func:`save_known`): a strategy is a linear programme SciPy solves in
#: milliseconds, and a run meets thousands of kinds of fight
_SOLVED: dict = {}
_SAVED = [None]  # how many were on disk when read (None: not read yet)


def _path():
    """The file of known strategies, named by the code that solves them (the bot's worth and
    payoff matrix, the equilibrium, the hands and blows): a change there starts a new file."""
    import hashlib
    import inspect

    from . import bots, combat, fight_odds
    from ...solve.cache import cache_dir

    code = "".join(inspect.getsource(x) for x in (bots._worth_tokens, bots.HeuristicBot.fight_matrix,
                                                   bots.HeuristicBot.fight_strategy, bots._shape, fight_odds, combat))
    return cache_dir() / f"kniggits-fights-{hashlib.sha256(code.encode()).hexdigest()[:12]}.npz"


def _read_file() -> None:
    """Add the strategies the file holds to those known (a missing or damaged file holds none)."""
    from ...solve.cache import load_tables

    tables = load_tables(_path(), ("keys", "strategies", "lengths"))
    if tables is not None:
        for key, row, m in zip(tables["keys"], tables["strategies"], tables["lengths"]):
            _SOLVED.setdefault(tuple(int(v) for v in key), np.ascontiguousarray(row[:m], dtype=np.float64))


def known_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The strategies known so far (read from the cache on first use) as arrays for the kernel:
    keys (rows of three), strategies (padded rows) and each one's length."""
    if _SAVED[0] is None:
        _read_file()
        _SAVED[0] = len(_SOLVED)
    keys = np.array(list(_SOLVED), dtype=np.int64).reshape(-1, 3)
    most = max([len(v) for v in _SOLVED.values()] + [1])
    strategies = np.zeros((len(_SOLVED), most))
    lengths = np.zeros(len(_SOLVED), dtype=np.int64)
    for r, v in enumerate(_SOLVED.values()):
        strategies[r, :len(v)] = v
        lengths[r] = len(v)
    return keys, strategies, lengths


def save_known() -> None:
    """Keep the strategies solved in this run for the next, beside those the file holds now (another
    process may have saved its own since this one read it; a cache that cannot be written only costs
    the solves again)."""
    if _SAVED[0] is None or len(_SOLVED) <= _SAVED[0]:
        return
    from ...solve.cache import save_tables

    _read_file()
    keys, strategies, lengths = known_table()
    try:
        _path().parent.mkdir(parents=True, exist_ok=True)
        save_tables(_path(), {"keys": keys, "strategies": strategies, "lengths": lengths})
    except OSError:
        return
    _SAVED[0] = len(_SOLVED)


def register(game) -> int:
    """A number for ``game`` that compiled code hands back when it asks for a fight's strategy."""
    key = tuple(sorted(game.options_json().items()))
    for gid, (k, _) in _GAMES.items():
        if k == key:
            return gid
    _GAMES[len(_GAMES)] = (key, game)
    return len(_GAMES) - 1


def solve_fight(key, gid, a_seat, am, aa, ad, ast, dm, da, dd, dst, d_faces, seat) -> np.ndarray:
    """The heuristic bot's strategy for ``seat`` in a fight of these two kniggits (the attacker of
    ``a_seat`` faces the defender; ``d_faces``: the defender faces him), from the bot itself; kept
    by the kernel's ``key``."""
    from .bots import HeuristicBot
    from .model import Kniggit
    from .state import KniggitsState

    game = _GAMES[int(gid)][1]
    status = ("fighting", "fleeing")
    aid, did = ("A1", "B1") if a_seat == 0 else ("B1", "A1")
    # a hand with no choice though the kniggit could use it carries something (batch_items): the key's
    # flags (:func:`fight_strategy`) say which
    flags = int(key[2])
    a_hand = "shield" if not flags & 2 and ad > 0 else ""
    d_sword = not flags & 4 and d_faces and da > 0 and not dst  # it would strike back but for what it carries
    d_hand = "shield" if not flags & 8 and dd > 0 else "sword" if d_sword else ""
    a = Kniggit(aid, int(a_seat), 0.0, 0.0, int(am), int(aa), int(ad), status=status[ast], facing=did, hand=a_hand)
    d = Kniggit(did, 1 - int(a_seat), 1.0, 0.0, int(dm), int(da), int(dd), status=status[dst],
                facing=aid if d_faces else "", hand=d_hand)
    state = KniggitsState(phase="fight", kniggits=(a, d) if a_seat == 0 else (d, a), fights=((aid, did, "melee"),),
                          to_act=int(a_seat), first_mover=0)
    out = np.ascontiguousarray(HeuristicBot().fight_strategy(game, state, int(seat)), dtype=np.float64)
    _SOLVED[tuple(int(v) for v in key)] = out
    return out


@borrowing
def _shape(K, i):
    """:func:`.bots._shape` as one number: the counts that matter and the status."""
    c = _COUNT_THAT_MATTERS
    m, a, d = K[MOVE, i], K[ATTACK, i], K[DEFENSE, i]
    if (m >= c) + (a >= c) + (d >= c) > 1:
        m, a, d = min(m, c), min(a, c), min(d, c)
    return ((min(m, 1023) * 1024 + min(a, 1023)) * 1024 + min(d, 1023)) * 2 + (K[STATUS, i] != FIGHTING)


@counting
def fight_strategy(o, w, K, a, d, seat, a1, d0, d1):
    """The heuristic's mixed strategy for ``seat`` in the fight of ``a`` against ``d`` (``a1``,
    ``d0``, ``d1``: whether the attacker's shield hand, the defender's sword and shield hands have a
    choice): from the kernel's table, or asked of the bot once."""
    flags = (K[SEAT, a] == seat) + 2 * a1 + 4 * d0 + 8 * d1
    key = (_shape(K, a), _shape(K, d), np.int64(flags))
    if key in w.known:
        return w.strategies[w.known[key]]
    gid, a_seat, am, aa, ad = o.game_id, K[SEAT, a], K[MOVE, a], K[ATTACK, a], K[DEFENSE, a]
    ast, dm, da, dd = np.int64(K[STATUS, a] != FIGHTING), K[MOVE, d], K[ATTACK, d], K[DEFENSE, d]
    dst, faces = np.int64(K[STATUS, d] != FIGHTING), np.int64(K[FACING, d] == a)
    with objmode(out="float64[::1]"):
        out = solve_fight(key, gid, a_seat, am, aa, ad, ast, dm, da, dd, dst, faces, seat)
    w.known[key] = len(w.strategies)
    w.strategies.append(out)
    return out


@borrowing
def _gang(K, n, e, k):
    """:meth:`.bots.HeuristicBot._gang`: friends of ``k`` fighting and facing ``e``."""
    out = 0
    for f in range(n):
        if K[SEAT, f] == K[SEAT, k] and K[STATUS, f] == FIGHTING and f != k and K[FACING, f] == e:
            out += 1
    return out


@borrowing
def _written(v):
    """A coordinate as the bot writes it, to a ten-thousandth of an inch (:func:`.batch_geom.written`)."""
    return written(v, 10000.0)


@counting
def move_toward(K, XY, n, i, gx, gy, o, g, w):
    """:meth:`.bots.HeuristicBot.move_toward`: how many points the legal move has (its points in
    ``w.pts``, the path it takes in ``w.out``), 0 for none; ``w.way[0]`` says how many points were written."""
    kx, ky = XY[0, i], XY[1, i]
    gx, gy = min(max(gx, 0.0), o.size), min(max(gy, 0.0), o.size)
    if dist((kx, ky), (gx, gy)) < 0.2 * o.scale:
        return 0
    route = plan(kx, ky, gx, gy, g)
    if len(route) == 0:
        return 0
    reach = allowance(K, i, o)
    for frac in (1.0, 0.9, 0.75, 0.5, 0.25):
        cut = truncate(route, reach * frac)
        m = len(cut) - 1
        if m < 1 or m > mechanics.MAX_STRETCHES:
            continue
        length = 0.0
        for p in range(m):
            length += dist(cut[p], cut[p + 1])
        if length < 0.1:
            continue
        for p in range(m):
            w.pts[p, 0], w.pts[p, 1] = _written(cut[p + 1][0]), _written(cut[p + 1][1])
        count = check_path(K, XY, n, i, w.pts, m, o, g, w.buf, w.out)
        if count:
            w.way[0] = m
            return count
    return 0


@counting
def step_away(K, XY, n, i, ens, ne, o, g, w, toward_edge=False):
    """:meth:`.bots.HeuristicBot.step_away`: a straight legal move out of combat, as
    :func:`move_toward` answers (``toward_edge``: only one that brings ``i`` nearer its own edge)."""
    kx, ky = XY[0, i], XY[1, i]
    arc = away_arc((kx, ky), [(XY[0, ens[a]], XY[1, ens[a]]) for a in range(ne)])
    if arc is None:
        return 0
    middle, half = arc
    for t in range(1 if ne == 1 else len(TRIED_TURNS)):
        ux, uy = math.cos(middle + TRIED_TURNS[t] * half), math.sin(middle + TRIED_TURNS[t] * half)
        if toward_edge and uy * (1 if K[SEAT, i] == 1 else -1) <= 0:
            continue
        step = min(allowance(K, i, o), room(Side(o.size), (kx, ky), (ux, uy)))
        for frac in (1.0, 0.6, 0.3):
            x = min(max(kx + ux * step * frac, 0.0), o.size)
            y = min(max(ky + uy * step * frac, 0.0), o.size)
            if step * frac > 1e-3:
                w.pts[0, 0], w.pts[0, 1] = _written(x), _written(y)
                count = check_path(K, XY, n, i, w.pts, 1, o, g, w.buf, w.out)
                if count:
                    w.way[0] = 1
                    return count
    return 0


@borrowing
def _before(ka, kb, rank_a, rank_b):
    """Whether key ``ka`` (then the name's rank) comes before ``kb``."""
    return ka < kb or (ka == kb and rank_a < rank_b)


@counting
def order_for(K, XY, n, i, o, g, w):
    """:meth:`.bots.HeuristicBot.order_for` of kniggit ``i``: (:data:`NOTHING`, :data:`FACE_ORDER`
    with the enemy, or :data:`MOVE_ORDER` with the path's length in points, written as
    :func:`move_toward` does)."""
    seat = K[SEAT, i]
    r = heuristic_pick(K, XY, i, o, w.things)  # a thing in reach (batch_items)
    if r > 0:
        return PICK_ORDER, r
    ens = w.ens
    ne = engaged(K, XY, n, XY[0, i], XY[1, i], seat, o.ring, ens)
    if ne > 0 and K[CARRY, i] > 0 and not K[MOVED, i]:  # carrying: out of combat toward its edge
        count = step_away(K, XY, n, i, ens, ne, o, g, w, True)
        if count:
            return MOVE_ORDER, count
    if ne > 0:
        active = False
        for a in range(ne):
            active = active or K[STATUS, ens[a]] == FIGHTING
        if not active:
            if K[MOVED, i]:
                return NOTHING, 0
            count = step_away(K, XY, n, i, ens, ne, o, g, w)
            return (MOVE_ORDER, count) if count else (NOTHING, 0)
        best, b0, b1, b2 = -1, 0, 0, 0
        for a in range(ne):  # min by (fighting first, fewest blows to rout, most friends on him, name)
            e = ens[a]
            k0 = 0 if K[STATUS, e] == FIGHTING else 1
            k1 = flee_need(K[MOVE, e], K[ATTACK, e], K[DEFENSE, e])
            k2 = -_gang(K, n, e, i)
            if best < 0 or k0 < b0 or (k0 == b0 and (k1 < b1 or (k1 == b1 and _before(k2, b2, K[RANK, e], K[RANK, best])))):
                best, b0, b1, b2 = e, k0, k1, k2
        if best != K[FACING, i] and K[STATUS, best] == FIGHTING:
            return FACE_ORDER, best
        return NOTHING, 0
    if K[MOVED, i]:
        return NOTHING, 0
    # goal_for: the enemy with the best score (near, soon routed, friends on him or near him)
    kx, ky = XY[0, i], XY[1, i]
    goal, nearest = -1, -1
    best_score, near = 0.0, 0.0
    for e in range(n):
        if K[SEAT, e] == seat or K[STATUS, e] != FIGHTING:
            continue
        crowd = 0
        for f in range(n):
            if K[SEAT, f] == seat and K[STATUS, f] == FIGHTING and f != i and K[ARCHER_ROW, f] == 0 \
                    and dist((XY[0, f], XY[1, f]), (XY[0, e], XY[1, e])) < 6 * o.scale:
                crowd += 1  # friends near him, archers apart (the bot's ``mine``)
        d = dist((kx, ky), (XY[0, e], XY[1, e]))
        score = d + 2.5 * flee_need(K[MOVE, e], K[ATTACK, e], K[DEFENSE, e]) - 6.0 * _gang(K, n, e, i) - 3.0 * crowd
        if goal < 0 or _before(score, best_score, K[RANK, e], K[RANK, goal]):
            goal, best_score = e, score
        if nearest < 0 or _before(d, near, K[RANK, e], K[RANK, nearest]):
            nearest, near = e, d
    to, gx, gy = item_goal(K, XY, n, i, o, w.things, w.buf)  # a thing to fetch, guard or drink first (batch_items)
    if to == 2 or (to == 0 and goal < 0):
        return NOTHING, 0
    if to == 0:
        gx, gy = XY[0, goal], XY[1, goal]
    count = move_toward(K, XY, n, i, gx, gy, o, g, w)
    if count == 0 and nearest >= 0 and (XY[0, nearest] != gx or XY[1, nearest] != gy):
        count = move_toward(K, XY, n, i, XY[0, nearest], XY[1, nearest], o, g, w)
    return (MOVE_ORDER, count) if count else (NOTHING, 0)


@borrowing
def turning_order(K, XY, n, seat, o, ens):
    """:meth:`.bots.HeuristicBot.turning`: the first kniggit with several enemies that does not face
    the one it can rout soonest turns to him: (kniggit, enemy), or (-1, -1) when done."""
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING:
            continue
        ne = engaged(K, XY, n, XY[0, i], XY[1, i], seat, o.ring, ens)
        if ne < 2:
            continue
        best, kb = -1, 0
        for a in range(ne):
            e = ens[a]
            ke = flee_need(K[MOVE, e], K[ATTACK, e], K[DEFENSE, e]) if K[STATUS, e] == FIGHTING else 99
            if best < 0 or _before(ke, kb, K[RANK, e], K[RANK, best]):
                best, kb = e, ke
        if best != K[FACING, i]:
            return i, best
    return -1, -1


def unit(src):
    """(src, a float in [0, 1)): the bot's ``random()``."""
    raise NotImplementedError("compiled code only")


@overload(unit)
def _unit_impl(src):
    if _is_tape(src):
        return lambda src: (src, _tape_next(src) / 2147483648.0)

    def fast(src):
        src, r = _next(src)
        return src, np.float64(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)
    return fast


@inlined
def draw_hands(src, o, w, K, a, d, seat, heuristic, a1, d0, d1, h0, h1):
    """(src, c): a bot's hands in the fight of ``a`` against ``d``, pair ``c`` of the ``h0 x h1``
    listed (sword hand ``c // h1``, shield hand ``c % h1``): the heuristic's drawn from the fight's
    equilibrium (:meth:`.bots.HeuristicBot.fight`), any other bot's uniformly.  The batch game and
    the vector environment's walk both draw here."""
    if heuristic:
        return _draw_equilibrium(src, o, w, K, a, d, seat, a1, d0, d1)
    return below(src, h0 * h1)


@counting
def _draw_equilibrium(src, o, w, K, a, d, seat, a1, d0, d1):
    """The heuristic's draw of :func:`draw_hands`, in a call of its own: the strategy it reads is
    an array, counted here, so a game's loop compiled without counting (:func:`brawl.sim.kernel.borrowed`)
    gets numbers back only."""
    return draw_mixed(src, fight_strategy(o, w, K, a, d, seat, a1 > 1, d0 > 1, d1 > 1))


@njit(cache=True)
def draw_mixed(src, p):
    """(src, j): pure choice ``j`` of the mixed strategy ``p``, drawn as the bot draws it (one
    ``random()`` against the running sums; the likeliest choice if rounding leaves it past the end)."""
    src, r = unit(src)
    acc = 0.0
    for j in range(len(p)):
        acc += p[j]
        if r < acc:
            return src, j
    return src, np.argmax(p)
