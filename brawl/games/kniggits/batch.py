"""Batch simulation of Kniggits, compiled with Numba over every core.

The games follow the rules module (:mod:`brawl.games.kniggits.rules`), phase by phase:
:mod:`.batch_game` (the armies, rock-paper-scissors, the moving, turning and fighting phases, the
end of a turn, winning) over :mod:`.batch_moves` (who is in combat, the path check, arriving,
facing, fleeing) over :mod:`.batch_geom` (the table: the rules' own geometry, compiled).  Every
number and formula comes from the game package: the functions of :mod:`.geometry`,
:mod:`.disengage` and :mod:`.mechanics` compiled from their own code, and tables made here from the
rules' own functions (the ready-made armies by :func:`.army.parse_army` where they stand, the
corners paths go round and their sight lines by :class:`.geometry.Table`, rock-paper-scissors by
its ``round_winner``, the token each height knocks down by :data:`.mechanics.HEIGHT_TOKEN`).

The kernel plays the ``random`` bot (the rules' own random decisions,
:meth:`.decisions.Decisions.sample_action`) and the ``heuristic`` (:mod:`.batch_heuristic`, which
asks the bot itself for each kind of fight's equilibrium once and keeps the answers on disk) in
either seat, with the options of a battle: any table, scale, terrain, points, disengaging, turn
limit, and the things to carry and drink of the scenarios flag, princess and grail and of the
potions (:mod:`.batch_items`), and the advanced rules horses (and the joust), magic swords, double
defense and two swords (:mod:`.batch_advanced`) and archers (:mod:`.batch_archers`), alone or
together, beside the things or not (a carrier's fights under the advanced rules).  A real table
is not in it (:func:`unsupported`): those games are played by the full engine,
and :func:`run_range` says so on stderr.

Chunks and seeds work as in :mod:`brawl.games.krig.batch`, so any split of a run gives the same
totals.  A tape (:mod:`brawl.sim.kernel`) drives the kernel (:func:`play_tape`) and the engine
(:func:`play_engine_tape`) through the same games, decision by decision
(``tests/games/kniggits/test_batch_agrees.py``).
"""

from __future__ import annotations

import os
import sys
import time
from collections import namedtuple
from typing import Mapping

import numba
import numpy as np
from numba import njit, types
from numba.typed import Dict, List

from ...sim.engine import SimResult
from ...sim.kernel import CHUNK, MAX_TURNS, _chunk_seed, borrowed, drop_stale_cache, new_tape, over_chunks
from . import mechanics
from .batch_game import ARMY, DROP, END_MOVE, END_TURNING, FACE, FIGHT, HEAD, MOVE_TO, PER, PICK, RPS, play_game
from .batch_advanced import HAND_NAMES, SECOND_TO, advanced_flags
from .batch_archers import SHOOT_TO, bows_record
from .batch_engine_tape import STATUS_CODES, TapeRandom, play_engine_tape, snapshot  # noqa: F401
from .batch_geom import table_record
from .batch_heuristic import KEY, STRATEGY, known_table, register, save_known
from .batch_items import HANDS, MAX_ITEMS, item_ids, things_record
from .batch_moves import ATTACK, DEFENSE, MOVE, NROWS

POLICIES = {"random": 0, "heuristic": 1}  # the bots the kernel plays (batch_game.RANDOM, HEURISTIC)
DIGITS = {"random": 3, "heuristic": 4}  # the decimals each bot writes a move's points with
#: the options of the kernel's games (the rules module's fields): a battle's
Rules = namedtuple("Rules", "size scale ring room tol direct turn_limit presets army_size army_tokens army_places "
                            "name_rank rps_winner rps_wins height_row per_blow odds_move odds_other move_tries "
                            "heuristic_army game_id fixed_army adv things "
                            "army_archers head_radius sight_boxes sight_normals sight_offsets sight_count")  # adv: the advanced rules (batch_advanced.advanced_flags)
# army_archers to sight_count: the archers of the ready-made armies, a head's radius, the table for sight (batch_archers), after things
# things: the things to carry and drink (batch_items.things_record), after adv
#: a game's scratch space, each seat's bot, the heuristic's table of fight strategies, the share of
#: random decisions and the hands sealed before a playout began (:mod:`.batch_playout`; 0 and none here)
Work = namedtuple("Work", "buf opts movers pts out row fights pols ens way known strategies eps sealed things hands")
# things: where the game's things are (batch_items); hands: a fight's hands and hand lists (batch_game)


def unsupported(options: Mapping) -> list[str]:
    """What of these options the kernel does not play (its games then run on the full engine): a
    real table, which only people play.  Every advanced rule it plays beside the things to carry
    and drink too (a carrier's fights under the rules: ``tests/games/kniggits/test_batch_agrees.py``).
    The last test is a safety net: no terrain brawl lays out has an obstacle that is not convex, at
    any table or scale (the kernel's sides test needs convex ones)."""
    from .. import make_game

    game = make_game("kniggits", options)
    o = game.options
    out = []
    if o.scenario not in ("battle", "joust", "princess", "grail", "flag"):
        out.append(f"the scenario {o.scenario}")
    if o.measure != "app":
        out.append("a real table")
    if any(c == 0 for c in game.table.sides[2]):
        out.append("an obstacle that is not convex")
    return out


def vector_unsupported(options: Mapping) -> list[str]:
    """What of these options the kernel plays but the vector environment's agent menus do not: none
    now (the options are checked by the rules all the same).  The things to carry and drink
    (:mod:`.vector_items`) and every advanced rule (:mod:`.vector_advanced`: horses, the joust,
    magic swords, double defense, two swords, archers) it plays, alone and together; what the
    kernel does not play (a real table), :func:`unsupported` names."""
    from .. import make_game

    make_game("kniggits", options)
    return []


def can_run(bot_specs: list[str]) -> bool:
    """Whether every bot is one this kernel plays."""
    return len(bot_specs) == 2 and all(b in POLICIES for b in bot_specs)


def _name_ranks(count: int) -> np.ndarray:
    """Where kniggit ``j`` + 1 of an army comes among its names (A1, A10, A2, ...: the rules sort
    names as text)."""
    names = sorted(range(count), key=lambda j: str(j + 1))
    rank = np.zeros(max(count, 1), np.int64)
    for r, j in enumerate(names):
        rank[j] = r
    return rank


def _record(game, armies=(None, None)):
    """The kernel's options record (:data:`Rules`) and geometry (:class:`.batch_geom.Geom`).

    ``armies`` fixes a seat's army, whatever its bot would take: ``None`` (the bot's own choice), a
    ready-made army's name, or the (movement, attack, defense) tokens of each kniggit, deployed
    evenly along the seat's edge as :func:`.army.deploy` places them (the reports' armies of one's
    own, :class:`.analysis_runs.ArmyBot`)."""
    from ..rps.rules import MOVES, round_winner
    from .army import deploy, parse_army, preset_names
    from .decisions import MOVE_ODDS, MOVE_TRIES, OTHER_ODDS

    o, t = game.options, game.table
    names = preset_names(o)
    armies_of = [[parse_army(name, seat, o, t) for seat in (0, 1)] for name in names]
    fixed = np.full(2, -1, np.int64)
    for seat, army in enumerate(armies):
        if army is None:
            continue
        if isinstance(army, str):
            fixed[seat] = names.index(army)
            continue
        fixed[seat] = len(armies_of)
        armies_of.append([parse_army(";".join(f"{m}/{a}/{d}@{x:.3f},{y:.3f}" for (m, a, d), (x, y)
                                              in zip(army, deploy(t, side, len(army)))), side, o, t)
                          for side in (0, 1)])
    armies = armies_of
    most = max([len(a[0]) for a in armies] + [1])
    size = np.zeros(len(armies), np.int64)
    tokens = np.zeros((len(armies), most, 3), np.int64)
    places = np.zeros((len(armies), 2, most, 2))
    for p, (red, blue) in enumerate(armies):
        size[p] = len(red)
        for j, r in enumerate(red):
            tokens[p, j] = (r.move, r.attack, r.defense)
        for seat, army in enumerate((red, blue)):
            for j, r in enumerate(army):
                places[p, seat, j] = (r.x, r.y)
    rps = np.array([[-1 if round_winner(a, b) is None else round_winner(a, b) for b in MOVES] for a in MOVES], np.int64)
    rows = {"move": MOVE, "attack": ATTACK, "defense": DEFENSE}
    height_row = np.array([rows[mechanics.HEIGHT_TOKEN[h]] for h in mechanics.HEIGHTS], np.int64)
    rules = Rules(float(t.size), float(t.scale), float(t.ring), float(t.standing_room), mechanics.MEASURE_TOLERANCE,
                  o.disengage == "direct", int(o.turn_limit), len(names), size, tokens, places, _name_ranks(most), rps,
                  mechanics.RPS_WINS_TO_GO_FIRST, height_row, mechanics.TOKENS_PER_BLOW, MOVE_ODDS, OTHER_ODDS,
                  MOVE_TRIES, _heuristic_army(names), register(game), fixed, advanced_flags(o), things_record(game),
                  *bows_record(armies, most, t))
    return rules, table_record(t), names


def _heuristic_army(names: list[str]) -> int:
    """The ready-made army the heuristic bot takes (:meth:`.bots.HeuristicBot.choose`), asked of it."""
    from types import SimpleNamespace

    from .bots import HeuristicBot

    game = SimpleNamespace(legal_actions=lambda state, seat: ["army:" + name for name in names])
    return names.index(HeuristicBot().choose(game, SimpleNamespace(phase="army"), 0)[5:])


@njit(cache=True)
def new_work(n, width, pol0, pol1, keys, solved, lengths):
    """Scratch space for games of up to ``n`` kniggits, log rows of ``width``, the seats' bots, and
    the fight strategies known (:func:`.batch_heuristic.known_table`)."""
    n = max(n, 1)
    known = Dict.empty(key_type=KEY, value_type=types.int64)
    strategies = List.empty_list(STRATEGY)
    for r in range(len(keys)):
        known[(keys[r, 0], keys[r, 1], keys[r, 2])] = r
        strategies.append(np.ascontiguousarray(solved[r, :lengths[r]]))
    return Work(np.zeros(n, np.int64), np.zeros((n * n + 2 * n, 2), np.int64), np.zeros(n, np.int64),
                np.zeros((mechanics.MAX_STRETCHES + 1, 2)), np.zeros((mechanics.MAX_STRETCHES + 2, 2)),
                np.zeros(width, np.int64), np.zeros((n, 2), np.int64), np.array([pol0, pol1]), np.zeros(n, np.int64),
                np.zeros(1, np.int64), known, strategies, np.zeros(1), np.full((2, 2), -1, np.int64),
                np.zeros((1 + MAX_ITEMS, 4)), np.zeros((2, 4), np.int64))


def _known(bot_specs: list[str]):
    """The fight strategies known, for a game with the heuristic (none needed without)."""
    if "heuristic" in bot_specs:
        return known_table()
    return np.zeros((0, 3), np.int64), np.zeros((0, 1)), np.zeros(0, np.int64)


@njit(cache=True)
def _play_tape(tape, o, g, K, XY, n, width, pol0, pol1, keys, solved, lengths):
    w = new_work(n, width, pol0, pol1, keys, solved, lengths)
    tape, winner, first, turns = play_game(tape, o, g, K, XY, w)
    return winner, first, turns


def play_tape(options: Mapping, bot_specs: list[str], values, given=(None, None)) -> dict:
    """One kernel game whose random decisions read ``values`` in turn (``brawl.sim.kernel.new_tape``):
    the winner (-1 a draw), the first mover, the turns, the values used and each decision as (seat,
    the engine's decision, every kniggit's place, tokens, status and facing before it; see
    :func:`snapshot`)."""
    from .. import make_game

    game = make_game("kniggits", options)
    if not can_run(bot_specs) or unsupported(options):
        raise ValueError("the kernel does not play these bots or options: " + ", ".join(unsupported(options)))
    o, g, names = _record(game, given)
    n = 2 * int(o.army_size.max(initial=1))
    width = HEAD + PER * n
    tape = new_tape(values, width)
    K = np.zeros((NROWS, max(n, 1)), np.int64)
    XY = np.zeros((2, max(n, 1)))
    winner, first, turns = _play_tape(tape, o, g, K, XY, n, width, POLICIES[bot_specs[0]], POLICIES[bot_specs[1]],
                                      *_known(bot_specs))
    rows = tape[2][:tape[3][0]]
    sizes = [int(o.army_size[rows[s, 2]]) for s in (0, 1)] if len(rows) >= 2 else [0, 0]
    ids = [f"A{j + 1}" for j in range(sizes[0])] + [f"B{j + 1}" for j in range(sizes[1])]
    hands = HAND_NAMES  # the heights, none, the guards (batch_advanced)
    decisions = []
    for k, r in enumerate(rows):
        what, a, b = int(r[1]), int(r[2]), int(r[3])
        if what == ARMY:
            name = "army:" + (names[a] if a < len(names) else "given")
        elif what == RPS:
            from ..rps.rules import MOVES
            name = MOVES[a]
        elif what == MOVE_TO:
            d = DIGITS[bot_specs[int(r[0])]]
            name = f"move:{ids[a]}" + "".join(f":{r[6 + j] / 10000:.{d}f}" for j in range(2 * b))
        elif what == FACE:
            name = f"face:{ids[a]}:{ids[b]}"
        elif what == END_MOVE:
            name = "end_move"
        elif what == END_TURNING:
            name = "end_turning"
        elif what == SECOND_TO:
            name = f"second:{ids[a]}:{ids[b]}"
        elif what == SHOOT_TO:
            name = f"shoot:{ids[a]}:{ids[b]}"
        elif what in (PICK, DROP):  # things to carry (batch_items)
            name = f"pick:{ids[a]}:{item_ids(game)[b - 1]}:{HANDS[r[4] - 1]}" if what == PICK else f"drop:{ids[a]}"
        else:
            assert what == FIGHT
            name = f"fight:{ids[a]}-{ids[b]}:{hands[r[4]]}:{hands[r[5]]}"
        shown = len(ids) if k >= 2 else 0
        table = tuple(tuple(int(v) for v in r[HEAD + PER * i:HEAD + PER * (i + 1)]) for i in range(shown))
        decisions.append((int(r[0]), name, table))
    return {"winner": int(winner), "first": int(first), "turns": int(turns), "used": int(tape[1][0]),
            "decisions": decisions}


#: :func:`.batch_game.play_game` on the fast path, compiled without reference counting (its arrays
#: are the chunk's): counting them was a quarter of a game's time
_play_fast = borrowed(play_game, "play_game_fast")


@njit(cache=True, nogil=True)
def _play_chunk(k, games, seed, o, g, pol0, pol1, keys, solved, lengths, wins, hist):
    rng = _chunk_seed(seed, k)
    n = 2 * max(1, o.army_size.max())
    K = np.zeros((NROWS, n), np.int64)
    XY = np.zeros((2, n))
    w = new_work(n, 1, pol0, pol1, keys, solved, lengths)
    fmw = 0
    total = 0
    for _ in range(games):
        rng, winner, first, turns = _play_fast(rng, o, g, K, XY, w)
        if winner >= 0:
            wins[winner] += 1
            if winner == first:
                fmw += 1
        total += turns
        hist[min(turns, MAX_TURNS - 1)] += 1
    return fmw, total


#: the sources compiled into the kernel besides its own ``batch*.py`` files (Numba checks a
#: function's own file only, so a change in any of them drops the kernel's compiled files)
_SOURCES = ("geometry.py", "disengage.py", "mechanics.py")


def _drop_stale_cache() -> None:
    """Remove the kernel's compiled files (those of every ``batch*`` module) from Numba's cache when a
    source compiled into them has changed since (:func:`brawl.sim.kernel.drop_stale_cache`)."""
    here = os.path.dirname(os.path.abspath(__file__))
    mine = sorted(f for f in os.listdir(here) if f.startswith("batch") and f.endswith(".py"))
    drop_stale_cache(_play_chunk, here, tuple(mine) + _SOURCES, tuple(f[:-3] + "." for f in mine),
                     "kniggits-batch.digest")


_drop_stale_cache()  # before anything is compiled or read from the cache (both lazy)


def _say_if_compiling(dispatcher, what: str) -> None:
    """A line on stderr before a call that compiles (nothing in this process yet, nothing in
    Numba's cache): compiling takes a minute or more, and the result is kept for later runs."""
    if dispatcher.signatures:
        return
    try:
        cached = bool(dispatcher._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - no cache to read: it compiles
        cached = False
    if not cached:
        print(f"kniggits: compiling the {what} (once: a minute or more; kept in Numba's cache for later runs)",
              file=sys.stderr, flush=True)


def run_range(options: Mapping, bot_specs: list[str], seed: int, start: int, stop: int,
              workers: int | None = None, given=(None, None)) -> SimResult:
    """Games ``start`` to ``stop`` (``start`` a multiple of :data:`CHUNK`).  Options the kernel does
    not play (:func:`unsupported`) are played by the full engine, with a line on stderr saying so.
    ``given`` fixes a seat's army (:func:`_record`'s ``armies``; the kernel only)."""
    from .. import make_game

    if start % CHUNK:
        raise ValueError(f"a range starts at a multiple of {CHUNK}")
    game = make_game("kniggits", options)
    missing = unsupported(options)
    if missing and any(a is not None for a in given):
        raise ValueError("the kernel does not play " + ", ".join(missing) + ", and the engine takes no armies given")
    if missing:
        from ...sim.engine import run_slice, simulate

        print(f"kniggits: the batch kernel does not play {', '.join(missing)}; these games run on the full engine",
              file=sys.stderr, flush=True)
        if start == 0:
            return simulate("kniggits", game.options_json(), list(bot_specs), stop, seed, workers)
        return run_slice("kniggits", game.options_json(), list(bot_specs), seed, start, stop)
    o, g, _ = _record(game, given)
    threads = max(1, min(workers or os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS))
    _say_if_compiling(_play_chunk, "batch kernel")
    t0 = time.perf_counter()
    result = SimResult("kniggits", game.options_json(), list(bot_specs), seed, wins=[0, 0], backend="batch")
    if stop > start:
        known = _known(bot_specs)

        def play(k):
            wins, hist = np.zeros(2, np.int64), np.zeros(MAX_TURNS, np.int64)
            fmw, turns = _play_chunk(k, min(CHUNK, stop - k * CHUNK), seed % 2**63, o, g, POLICIES[bot_specs[0]],
                                     POLICIES[bot_specs[1]], *known, wins, hist)
            return wins, fmw, turns, hist

        parts = over_chunks(play, start // CHUNK, (stop + CHUNK - 1) // CHUNK, threads)
        wins, hist = sum(p[0] for p in parts), sum(p[3] for p in parts)
        sums = (sum(p[1] for p in parts), sum(p[2] for p in parts))
        save_known()
        result.games = stop - start
        result.wins = [int(w) for w in wins]
        result.draws = result.games - int(wins.sum())
        result.first_mover_wins = int(sums[0])
        result.total_turns = int(sums[1])
        result.turn_counts = {int(i): int(hist[i]) for i in np.flatnonzero(hist)}
    result.seconds = time.perf_counter() - t0
    return result
