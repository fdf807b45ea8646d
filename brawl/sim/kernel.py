"""What the compiled batch kernels share: their random stream and the tape that checks them.

Each game's kernel (``brawl/games/<game>/batch.py``) plays whole games in Numba-compiled code.
They draw every die and every random choice through :func:`below` and log each decision through
:func:`note`.  Their first argument ``src`` is either a generator state (a uint64: SplitMix64,
the fast path) or a *tape* made by :func:`new_tape`; with a tape every draw is the next value of a
given list, and :func:`play_engine_tape` drives the full rules engine with the same list, so a test
can compare the kernel and the engine decision by decision (exact agreement, not only in
distribution).  Numba picks the version by the type of ``src`` when it compiles, so the fast path
carries no trace of the tape.
"""

from __future__ import annotations

import os
import types as types_
from typing import Any, Callable, Mapping

import numpy as np
from numba import njit, types
from numba.extending import overload


def drop_stale_cache(dispatcher, here: str, sources, prefixes, stamp: str) -> None:
    """Remove the compiled files whose names start with ``prefixes`` from ``dispatcher``'s Numba
    cache when one of ``sources`` (file names in the folder ``here``) or this file (the dice sources,
    the tape and the uncounted loops every kernel compiles) has changed since: Numba checks a
    function's own file only, so a kernel compiled from several would otherwise run stale code.
    A digest of the sources is kept beside the files as ``stamp``.  A cache that cannot be written
    is left alone (Numba compiles in memory then)."""
    import hashlib

    try:
        where = dispatcher._cache._cache_path
    except AttributeError:  # another Numba: nothing to check
        return
    digest = hashlib.sha256()
    for path in [os.path.join(here, name) for name in sources] + [os.path.abspath(__file__)]:
        with open(path, "rb") as f:
            digest.update(f.read())
    stamp = os.path.join(where, stamp)
    try:
        with open(stamp) as f:
            if f.read() == digest.hexdigest():
                return
    except OSError:
        pass
    try:
        os.makedirs(where, exist_ok=True)
        for name in os.listdir(where):
            if name.startswith(prefixes) and name.endswith((".nbi", ".nbc")):
                try:
                    os.remove(os.path.join(where, name))
                except OSError:
                    pass
        with open(stamp, "w") as f:
            f.write(digest.hexdigest())
    except OSError:  # a cache we may not write: Numba compiles in memory then
        pass

#: How the large kernels (KtOG's game, turn and swing; its vectorised step) are inlined into each
#: other: ``"always"`` gives the fastest code (about twice the games a second) but takes minutes of
#: CPU to compile cold; with ``BRAWL_QUICK_COMPILE`` set it is ``"never"``, the same code compiled
#: a few times quicker (the test suite sets it, with a Numba cache of its own: ``tests/conftest.py``).
INLINE = "never" if os.environ.get("BRAWL_QUICK_COMPILE") else "always"

#: Whether the kernels with a ``prange`` loop (the vectorised steps, the KtOG solver's sweeps) are
#: compiled ``parallel=True``.  With ``BRAWL_QUICK_COMPILE`` set they are not: ``prange`` is then a
#: plain ``range``, the same loop on one thread, which compiles in a fraction of the time (each game,
#: and so each result, is the loop's own either way).
PARALLEL = not os.environ.get("BRAWL_QUICK_COMPILE")


def _plain_calls() -> None:
    """Under ``BRAWL_QUICK_COMPILE``: a compiled function that another calls with a constant
    argument (``push(log, row, 9, ...)``) is compiled for the argument's plain type (``int64``), as a
    call from Python is, and so once for all its callers.  Numba otherwise compiles it again for each
    set of constants its callers pass (one of Tactics' helpers twenty-three times), which is most of a
    cold compile when nothing is inlined.  Only brawl's own functions are compiled so: no kernel needs
    a constant to be typed (a function that did, such as one indexing a tuple of mixed types, would
    fail to compile in the quick build), while Numba's own implementations (of typed dictionaries,
    hashing) do."""
    from numba.core.dispatcher import Dispatcher

    literal = Dispatcher.get_call_template
    if getattr(literal, "plain_calls", False):
        return

    def get_call_template(self, args, kws):
        if not getattr(self.py_func, "__module__", "").startswith("brawl."):  # Numba's own (its typed
            return literal(self, args, kws)  # dicts, hashing, hasattr) need their constants
        return literal(self, tuple(types.unliteral(a) for a in args), {k: types.unliteral(v) for k, v in kws.items()})

    get_call_template.plain_calls = True
    Dispatcher.get_call_template = get_call_template


if os.environ.get("BRAWL_QUICK_COMPILE"):
    _plain_calls()

# -- reference counting ---------------------------------------------------------------------------
# Numba counts the references of every array a compiled function is given, at every call: an atomic
# increment and decrement for each array of each record passed.  In a game's loop, whose records
# hold dozens of arrays, that was a quarter to a half of the time.  Three decorators say how a
# kernel's function counts; a callee that says nothing counts as its caller does (Numba's rule).

#: Numba's njit without counting, for the many small functions a game calls: each takes arrays (or
#: records of arrays) its caller holds, makes none (no allocation, no list, no view it keeps),
#: returns none and calls nothing that returns one; counting would be work only.
borrowing = njit(cache=True, _nrt=False)
#: Numba's njit counting, said so: a function that makes an array or a list, returns one or takes
#: a record holding a typed dictionary (whose entry from Python counts), so that called from a
#: function that does not count it still does.
counting = njit(cache=True, _nrt=True)
#: every :func:`inlined` step and every loop :func:`borrowed` from (for the check that the
#: uncounted loops are handed back no array: ``tests/games/kniggits/test_batch_sim.py``)
INLINED: list = []
BORROWED: list = []


def inlined(fn):
    """A counted step of a game's loop that takes the loop's records: inlined into the loop in the
    fast build (where :func:`borrowed` compiles the loop without counting, so nothing is counted at
    each decision), a function of its own in the quick build."""
    step = njit(cache=True, _nrt=True, inline=INLINE)(fn)
    INLINED.append(step)
    return step


def _twin(fn, name: str, calls: dict):
    """A copy of compiled ``fn``'s Python function named ``name`` (so its cached files are its own),
    calling the functions of ``calls`` where ``fn`` calls those of the same names.  With ``calls``
    the copy reads a copy of the module's names as they are now: make it after every name it calls."""
    py = fn.py_func
    scope = dict(py.__globals__, **calls) if calls else py.__globals__
    twin = types_.FunctionType(py.__code__, scope, name, py.__defaults__, py.__closure__)
    twin.__qualname__, twin.__module__ = name, py.__module__
    return twin


def borrowed(fn, name: str, **calls):
    """The compiled game loop ``fn`` compiled once more without counting, as ``name`` (its cached
    files its own), for the fast path alone: every array it uses is its caller's, its dice source
    is a number (a tape is a tuple of arrays the loop hands back, so a tape stays with ``fn``), and
    its callees that make or return arrays are :data:`counting` ones, which balance their own
    counts and hand back numbers only.  It has no entry from Python (unboxing a typed dictionary
    needs counting): a compiled caller calls it.  ``calls`` names callees to call instead
    (:func:`inlined_twin`'s, say)."""
    BORROWED.append(fn)
    return njit(cache=True, _nrt=False, no_cpython_wrapper=True)(_twin(fn, name, calls))


def inlined_twin(fn, name: str, **calls):
    """A copy of the uncounted step ``fn`` (a :data:`borrowing` function) that is inlined where it
    is called (with :data:`INLINE`), calling the functions of ``calls`` where ``fn`` calls those of
    the same names: for the hot calls of a game's fast loop.  A call passes each array as its seven
    fields: Tactics' steps take a dozen arrays each and spent more time on their arguments than a
    random battle's small steps did on their work, and a Kniggits move's path check (tried for
    every random move) about a tenth of a random game.  Only the callers that name the copy
    compile it; the others keep calling ``fn``.  In the quick build nothing is inlined, and a copy
    would be the same code compiled twice: the caller calls ``fn`` itself there."""
    if INLINE != "always":
        return fn
    return njit(cache=True, _nrt=False, inline=INLINE)(_twin(fn, name, calls))


CHUNK = 1 << 16  # games per chunk: each chunk has its own seed, so a run splits over threads and machines
MAX_TURNS = 4096  # longer games (never seen) are counted in the last bin of the histogram


def over_chunks(play: Callable[[int], Any], lo: int, hi: int, threads: int) -> list:
    """``play(k)`` for every chunk ``k`` from ``lo`` to ``hi - 1``, on up to ``threads`` threads at
    once; the results in chunk order.

    ``play`` calls a game's compiled ``_play_chunk``, which is compiled with ``nogil=True``, so the
    threads run at the same time on as many cores.  A run's totals are sums over its chunks, so they
    are the same on any number of threads.  (A ``prange`` loop in a ``parallel=True`` kernel would do
    the same, at the price of compiling a second, parallel form of the whole game.)"""
    ks = range(lo, hi)
    if threads <= 1 or len(ks) <= 1:
        return [play(k) for k in ks]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(min(threads, len(ks))) as pool:
        return list(pool.map(play, ks))


@njit(cache=True, inline="always")
def _next(state):
    """SplitMix64: returns (new state, 64-bit output)."""
    state = (state + np.uint64(0x9E3779B97F4A7C15))
    z = state
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return state, z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _face(bits32, sides):
    """A face 1..sides from 32 random bits."""
    return np.int64((bits32 * np.uint64(sides)) >> np.uint64(32)) + 1


@njit(cache=True)
def _chunk_seed(seed, k):
    s = np.uint64(seed) * np.uint64(0xD1B54A32D192ED03) + np.uint64(k) * np.uint64(0x9E3779B97F4A7C15)
    s, out = _next(s)
    s, out = _next(out ^ np.uint64(k))
    return out


# -- the tape: every draw from a given list of values, every decision logged --------------------

def new_tape(values, width: int, rows: int = 100_000):
    """A tape over ``values`` (non-negative ints) with room for ``rows`` log rows of ``width``."""
    return (np.asarray(values, np.int64), np.zeros(1, np.int64), np.zeros((rows, width), np.int64),
            np.zeros(1, np.int64))


def _is_tape(src) -> bool:
    return isinstance(src, types.BaseTuple)


@njit(cache=True, inline="always")
def _tape_next(src):
    v = src[0][src[1][0]]
    src[1][0] += 1
    return v


def below(src, k):
    """(src, a uniform integer 0..k-1)."""
    raise NotImplementedError("compiled code only")


@overload(below)
def _below_impl(src, k):
    if _is_tape(src):
        return lambda src, k: (src, 0 if k == 1 else _tape_next(src) % k)

    def fast(src, k):
        src, r = _next(src)
        return src, np.int64(((r >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32))
    return fast


def note(src, row):
    """Write a decision to the tape's log; nothing on the fast path."""
    raise NotImplementedError("compiled code only")


@overload(note)
def _note_impl(src, row):
    if _is_tape(src):
        def write(src, row):
            i = src[3][0]
            for j in range(len(row)):
                src[2][i, j] = row[j]
            src[3][0] = i + 1
        return write
    return lambda src, row: None


def single_terms(event, take) -> Any:
    """How a chance event reads the tape by default: a die of ``k`` equally likely faces takes one
    value, ``v % k``; a sum such as ``2d6`` takes one value per die."""
    import re

    if len(set(event.probabilities)) == 1:
        return event.outcomes[take() % len(event.outcomes)]
    count, sides = (int(x) for x in re.fullmatch(r"(\d+)d(\d+)", event.name).groups())
    return sum(take() % sides + 1 for _ in range(count))


def play_engine_tape(game_name: str, options: Mapping, bot_specs: list[str], values,
                     outcome: Callable = single_terms) -> dict:
    """The full engine's side of a tape: one game of the rules module whose dice and ``random``
    decisions read ``values`` in turn exactly as the compiled games do (each chance event by
    ``outcome(event, take)``, :func:`single_terms` unless a game's dice need more; a ``random`` seat
    picks ``legal[v % len(legal)]``, and takes no value when only one decision is legal); the other
    bots play as in the engine.  Returns the winner (the first of ``winners``), every winner, the first
    mover, the values used and every decision as (seat, action, state before it)."""
    from ..bots import make_bot
    from ..core.game import Chance, Terminal
    from ..games import make_game

    game = make_game(game_name, options)
    bots = [None if b == "random" else make_bot(game_name, b, seed=0, game=game) for b in bot_specs]
    values = [int(v) for v in values]
    pos = 0

    def take() -> int:
        nonlocal pos
        pos += 1
        return values[pos - 1]

    state = game.initial_state()
    decisions = []
    while True:
        node = game.node(state)
        if isinstance(node, Terminal):
            return {"winner": node.winners[0] if node.winners else None, "winners": node.winners,
                    "first": state.first_mover, "used": pos, "decisions": decisions, "state": state}
        if isinstance(node, Chance):
            state = game.apply_chance(state, outcome(node.event, take))
            continue
        seat = node.seats[0]
        legal = game.legal_actions(state, seat)
        bot = bots[seat]
        if bot is not None:
            action = bot.choose(game, state, seat)
        else:
            action = legal[take() % len(legal)] if len(legal) > 1 else legal[0]
        decisions.append((seat, action, state))
        state = game.apply_action(state, seat, action)
