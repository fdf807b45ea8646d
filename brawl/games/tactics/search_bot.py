"""The ``search`` Tactics bot: the expectimax's choice, checked by playouts where the heuristic
loses most, in where a fighter, rogue or cleric goes to fight.

Every decision starts from the static expectimax (:mod:`.expectimax`): attacks of opportunity
always taken; whom to strike by the exact damage distribution of each attack against what the
target is worth (the damage it deals a turn, the spells and healing it has left); a fireball
aimed at any square, never catching a friend; a fighter, rogue or cleric weighing each square next
to each enemy by its best strike from there less the attacks of opportunity of the way; and the
heuristic's habits elsewhere (healing the fallen, standing up, a caster's retreat, drawing,
hiding).

At the first decision of the turn of a character that fights in melee (not a wizard, nor one with
a bow or sling in hand), it also weighs, besides the expectimax's choice and the heuristic's, a
move next to each of the nearest enemies (reached with the fewest attacks of opportunity, then
flanking, then the shortest walk).  The heuristic never leaves a melee it is in, and so keeps
hacking at a fighter in full plate while a wizard stands a few squares away; the playouts find
when stepping away, attack of opportunity and all, pays.

Each candidate is played out (:mod:`.playouts`): the heuristic plays both sides (the opponent
exactly, our side as a fair stand-in) for the next ``horizon`` turns, and the battle is judged by
the worth each side keeps (each character by the expectimax's worth, in proportion to its hit
points).  The playouts' dice are common: playout ``k`` of every candidate rolls each labelled roll
(an attack by one character on another, a save, initiative) at the same number, so candidates
meet the same luck.  After ``playouts`` rounds the best rival of the expectimax's choice gets
``more``, and replaces it only when its mean gain is above ``margin`` and ``z`` standard errors.
The dice of the playouts come from the bot's seed and the count of its searches, so a seed gives
the same decisions every time.

The playouts run on the compiled kernel (:func:`.batch_playout.horizon_values`: the same rules and
the same heuristic, about a hundred times quicker), so the same thinking time per decision buys
:data:`KERNEL_PLAYOUTS` a candidate and :data:`KERNEL_MORE` more instead of the engine's
:data:`ENGINE_PLAYOUTS` and :data:`ENGINE_MORE`; playout ``k`` of every candidate rolls the dice of
seed ``k`` of the search.  Options the kernel does not play, and positions it cannot hold, are
played out on the engine as before; ``engine=True`` always does (the bot as it was).  A searched decision costs at most
``width * playouts + 2 * more`` playouts of ``horizon`` turns (see
``benchmarks/bench_bots_tactics.py`` for the time per decision and the games won).

Options: ``playouts=0`` plays the expectimax alone; ``after`` (off: no gain seen, and dearer)
also searches a melee character's move after its standard action, staying put among the
candidates."""

from __future__ import annotations

import numpy as np

from .expectimax import Expectimax
from .grid import adjacent
from .heuristic import _moved
from .playouts import playout, remembering
from .rules import Tactics, TacticsState


#: playouts per candidate, and more for the best rival, on the engine and on the compiled kernel: the
#: kernel's counts take about the engine's time per decision (``benchmarks/tactics_search_kernel.py``)
ENGINE_PLAYOUTS, ENGINE_MORE = 6, 10
KERNEL_PLAYOUTS, KERNEL_MORE = 800, 1300


class SearchBot:
    """The expectimax's choice, checked by playouts at the start of a fighter's, rogue's or cleric's
    turn against moving to each of the nearest enemies (see the module)."""

    name = "search"

    def __init__(self, seed: int | None = None, playouts: int | None = None, more: int | None = None,
                 horizon: int = 4, width: int = 4, nearest: int = 3, z: float = 1.5, margin: float = 0.005,
                 squares: bool = True, after: bool = False, engine: bool = False, **static) -> None:
        self.seed = seed or 0
        self.static = Expectimax(seed, squares=squares, **static)
        self.helper = self.static.helper
        #: playouts on the rules engine (the bot as it was) or on the compiled kernel where it holds
        #: the position (:mod:`.batch_playout`), whose playouts are so much quicker that the same
        #: thinking time buys :data:`KERNEL_PLAYOUTS` and :data:`KERNEL_MORE` of them
        self.engine = engine
        self.playouts = playouts if playouts is not None else ENGINE_PLAYOUTS if engine else KERNEL_PLAYOUTS
        self.more = more if more is not None else ENGINE_MORE if engine else KERNEL_MORE
        #: the counts where the playouts fall back to the engine (options or a position the kernel
        #: does not hold): the engine's, unless given
        self.engine_counts = (ENGINE_PLAYOUTS if playouts is None else playouts, ENGINE_MORE if more is None else more)
        self.horizon = horizon
        self.width = width
        self.nearest = nearest
        self.z = z
        self.margin = margin
        self.after = after
        self.calls = 0
        self._fast: tuple = (None, None)
        self._tables: tuple = (None, None)

    # -- the candidates ----------------------------------------------------------------------------
    def searched(self, game: Tactics, state: TacticsState, i: int) -> bool:
        """Whether this decision is checked by playouts: the first of a turn of a character that
        fights in melee (not a wizard, nor one with a bow or sling in hand) with enemies standing."""
        return (not state.moved and (self.after or not state.acted_std) and not self.helper.is_caster(game, state, i)
                and not self.helper.is_shooter(game, state, i)
                and any(state.units[j].conscious for j in game.enemies(state, i)))

    def candidates(self, game: Tactics, state: TacticsState, seat: int, first: str, hint: str) -> list[str]:
        """The expectimax's choice first, then the heuristic's, then a move next to each of the
        nearest enemies, at most ``width`` in all, each once."""
        out = [first, hint] + self.moves(game, state, state.actor)
        if state.acted_std:
            out.append("end_turn")  # staying where it stands
        seen: list[str] = []
        for a in out:
            if a not in seen:
                seen.append(a)
        return seen[: self.width]

    def moves(self, game: Tactics, state: TacticsState, i: int) -> list[str]:
        """For each of the ``nearest`` enemies standing, the square next to it reached with the
        fewest attacks of opportunity, then flanking it, then the shortest walk."""
        routes = game.move_routes(state, i)
        foes = [j for j in game.enemies(state, i) if state.units[j].conscious]
        if not routes or not foes:
            return []
        here = state.units[i].pos
        out = []
        near = sorted(foes, key=lambda j: (max(abs(state.units[j].x - here[0]), abs(state.units[j].y - here[1])), j))
        for t in near[: self.nearest]:
            tp = state.units[t].pos
            best, best_key = None, None
            for sq, route in routes.items():
                if not adjacent(sq, tp):
                    continue
                flank = game.is_flanked(_moved(state, i, sq), i, t)
                key = (route.provokes, 0 if flank else 1, route.feet, sq)
                if best_key is None or key < best_key:
                    best, best_key = sq, key
            if best is not None:
                out.append(f"move:{best[0]},{best[1]}")
        return out

    # -- the policy --------------------------------------------------------------------------------
    def choose(self, game: Tactics, state: TacticsState, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        if "aoo" in legal:
            return "aoo"
        hint = self.helper.choose(game, state, seat)
        first = self.static.choose(game, state, seat, hint=hint)
        if self.playouts <= 0 or not self.searched(game, state, state.actor):
            return first
        cands = self.candidates(game, state, seat, first, hint)
        if len(cands) == 1:
            return first
        self.calls += 1
        base = (self.seed * 1_000_003 + self.calls * 7919) & 0xFFFFFFFF
        worth = {j: self.static.worth(game, state, j) for j in range(len(state.units)) if not state.units[j].dead}
        if not self.engine:
            picked = self.kernel_choice(game, state, seat, cands, base, worth)
            if picked is not None:
                return picked
        if self._fast[0] is not game:
            self._fast = (game, remembering(game))
        fast = self._fast[1]
        after = {a: fast._apply_action(state, seat, a) for a in cands}
        values: dict[str, list[float]] = {a: [] for a in cands}

        def play(a: str, k: int) -> None:
            values[a].append(playout(fast, after[a], self.helper, base + k, seat, self.horizon, worth))

        n1, n2 = self.engine_counts
        for k in range(n1):
            for a in cands:
                play(a, k)
        gain = {a: sum(values[a]) - sum(values[first]) for a in cands[1:]}
        rival = max(cands[1:], key=lambda a: (gain[a], -cands.index(a)))
        if gain[rival] <= 0:
            return first
        for k in range(n1, n1 + n2):
            play(first, k)
            play(rival, k)
        return self.judged(first, rival, [x - y for x, y in zip(values[rival], values[first])])

    def judged(self, first: str, rival: str, diffs) -> str:
        """The rival where its mean gain over the first choice is above ``margin`` and ``z`` standard
        errors, else the first choice."""
        n = len(diffs)
        mean = sum(diffs) / n
        err = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n) ** 0.5
        return rival if mean > self.margin and mean > self.z * err else first

    def kernel_choice(self, game: Tactics, state: TacticsState, seat: int, cands: list[str], base: int,
                      worth: dict) -> str | None:
        """The same search with its playouts on the compiled kernel (None where the kernel cannot
        hold a position: the engine's playouts decide then)."""
        from .batch_playout import horizon_values
        from .batch_state import Unsupported

        if self._tables[0] is not game:
            self._tables = (game, kernel_tables(game))
        tables = self._tables[1]
        if tables is None:
            return None
        after = [game._apply_action(state, seat, a) for a in cands]
        try:
            first_round = horizon_values(game, after, seat, range(self.playouts), self.horizon, worth, base, tables)
            gain = first_round[1:].sum(axis=1) - first_round[0].sum()
            r = int(np.argmax(gain)) + 1  # the first of the best (ties to the earlier candidate)
            if gain[r - 1] <= 0:
                return cands[0]
            more = horizon_values(game, [after[0], after[r]], seat, range(self.playouts, self.playouts + self.more),
                                  self.horizon, worth, base, tables)
        except Unsupported:
            return None
        diffs = np.concatenate([first_round[r] - first_round[0], more[1] - more[0]])
        return self.judged(cands[0], cands[r], diffs.tolist())


def kernel_tables(game: Tactics):
    """The compiled kernel's tables of ``game``, or None where the kernel does not play its options."""
    from . import batch_tables as T

    if T.unsupported(game) or len(game.sheets) > T.MAX_UNITS:
        return None
    return T.tables(game)
