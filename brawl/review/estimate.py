"""Estimated values: playouts with the strongest bot, on common dice, with 95% intervals.

Where no solver covers a game's options, a position's win chances are estimated by playing it out
``playouts`` times with one bot in every seat (the bot behind the ``hard`` level: the strongest
that can play these options, :func:`brawl.bots.bot_for_level`).  Playout ``j`` draws its dice from
seed ``seed + j`` and gives each bot the same seed, from whatever position it starts: the
decisions compared at one position meet the same dice (common random numbers), so their
difference is measured far more precisely than either value, and a figure that is a sum of
differences (a seat's luck, its skill) is itself the mean of one number per playout.  Each figure
comes with its 95% interval (the mean plus or minus 1.96 standard errors, clipped to what the
figure can be).  With a time budget (the server's reviews) :func:`plan` picks the strongest bot and
the most playouts that fit, and the review's note says what it chose.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

import numpy as np

from ..core.game import Chance, Decision, Game, Terminal
from ..core.sources import SeededDice
from .build import labels
from .judge import result_of

Z95 = 1.96
MIN_PLAYOUTS = 4
MAX_PLAYOUT_STEPS = 20_000  # a playout that runs longer counts as a draw (no game here comes close)


def strongest_bot(game: Game) -> str:
    from ..bots import bot_for_level

    return bot_for_level(game.name, "hard", game)


def bot_chain(game: Game) -> list[str]:
    """The bots that can play ``game``, strongest first (the hard level's, then the normal one's)."""
    from ..bots import bot_factories
    from ..games import entry
    from ..solve import covered, is_quick_or_saved

    factories = bot_factories(game.name)
    levels = dict(entry(game.name).levels)
    out: list[str] = []
    for level in ("hard", "normal", "easy"):
        for name in levels.get(level, ()):
            if name in out or name not in factories:
                continue
            if name == "optimal":
                opts = game.options_json()
                if not (covered(game.name, opts) and is_quick_or_saved(game.name, opts)):
                    continue
            out.append(name)
    return out or ["random"]


MIN_CANDIDATES = 2  # the taken decision and one other: the least that judges anything
PILOT_POSITIONS = 6  # positions of the game a pilot plays out from to time a bot
SIMILAR_COST = 1.5  # when nothing fits, a stronger bot within this factor of the cheapest's time is taken
PILOT_SHARE = 0.1  # a bot whose pilot takes more than this share of the budget is passed over


def plan(game: Game, steps: list, playouts: int, candidates: int, budget: float,
         seed: int = 1, costs: dict | None = None) -> tuple[str, int, int, str]:
    """(bot, playouts, candidates, words) for an estimate that should take about ``budget``
    seconds.  The strongest bot keeps the most it can: ``playouts`` and ``candidates`` when they
    fit, else fewer playouts (not under :data:`MIN_PLAYOUTS`), then fewer decisions compared at a
    position (not under :data:`MIN_CANDIDATES`); only then the next weaker bot.  A pilot times
    each bot from positions spread evenly over the game's steps (a playout from the start costs
    more than one near the end): one playout from each to load what is loaded and learnt once (a
    bot's caches, which a review's many playouts from nearby positions fill), then two timed.
    ``costs``, when given, gets each timed bot's seconds for the least estimate (the fewest
    playouts and decisions compared)."""
    free = getattr(game, "free_form", False)  # free-form decisions: always ``candidates`` compared

    def positions(c: int) -> int:
        return sum(1 for st in steps if st.action is None) + sum(
            1 if st.node.kind == "simultaneous" else
            c if free else min(c, len(game.legal_actions(st.before, st.seat)) or c)
            for st in steps if st.action is not None)

    sizes = {c: positions(c) for c in {*range(candidates, MIN_CANDIDATES - 1, -1), MIN_CANDIDATES}}
    # the positions a review plays out from, six of them spread evenly over the game's steps
    starts = [steps[int(len(steps) * (k + 0.5) / PILOT_POSITIONS)].before for k in range(PILOT_POSITIONS)] if steps \
        else [game.initial_state()]
    chain = bot_chain(game)
    least = costs if costs is not None else {}  # each timed bot's seconds for the least estimate
    for name in chain:
        runner = Playouts(game, name, playouts=2, seed=seed)
        if name != chain[-1]:  # a pilot that takes a good part of the budget has said enough
            runner.deadline = time.perf_counter() + PILOT_SHARE * budget
        try:
            for state in starts:  # the first playouts pay for what is loaded and learnt once (a bot's caches)
                runner.play(state, 99)
            t0 = time.process_time()
            for state in starts:
                runner.samples(state)
        except Exception:  # a bot that cannot play these options, or too slow to time (_OverBudget)
            continue
        per = max(1e-4, (time.process_time() - t0) / (2 * len(starts)))
        least[name] = sizes[MIN_CANDIDATES] * MIN_PLAYOUTS * per
        last = name == chain[-1]
        for c in range(candidates, MIN_CANDIDATES - 1, -1):
            fits = int(budget / (sizes[c] * per)) if sizes[c] else playouts
            if fits >= playouts:
                return name, playouts, c, "" if c == candidates else f"{c} decisions compared at a position to stay near {budget:.0f} s"
            if fits >= MIN_PLAYOUTS:
                return name, fits, c, (f"{fits} playouts" + (f" and {c} decisions compared at a position" if c < candidates else "")
                                       + f" to stay near {budget:.0f} s")
        if last:  # nothing fits: the strongest bot that costs about what the cheapest does
            cheapest = min(least.values())
            name = next(b for b in chain if least.get(b, float("inf")) <= SIMILAR_COST * cheapest)
            return name, MIN_PLAYOUTS, MIN_CANDIDATES, (f"{MIN_PLAYOUTS} playouts and {MIN_CANDIDATES} decisions compared "
                                                        f"at a position, the least there is")
    return chain[-1], MIN_PLAYOUTS, MIN_CANDIDATES, ""


# A stronger bot than the pilot allows is tried while it keeps up: by these shares of the steps
# (the first ones cost the most, their playouts being the longest) it must have used no more than
# these shares of the budget, else it gives way to the plan (see :func:`within_budget`).
PROBE_MARKS = ((0.1, 0.4), (0.3, 0.7), (0.6, 0.95))
PROBE_LAST = 1.5  # past the last mark a stronger bot may still take this many budgets in all
PROBE_HOPE = 5.0  # a stronger bot is tried when the pilot's (pessimistic) time for it is within this many budgets


class _OverBudget(Exception):
    pass


def within_budget(game: Game, steps: list, result: list[float], playouts: int, candidates: int, budget: float,
                  seed: int = 1, progress: Callable[[int, int], None] | None = None) -> tuple[dict, str, int, int, str]:
    """(figures, bot, playouts, candidates, words): an estimate in about ``budget`` seconds.

    :func:`plan`'s pilot cannot see what a bot learns over a review's thousands of playouts from
    nearby positions (a Kniggits bot's fight solutions), so it can choose a weaker bot than the
    budget allows.  The stronger bots are then tried first, each with the fewest playouts and
    decisions compared, and kept while they keep up with :data:`PROBE_MARKS`; one that falls
    behind gives way (its progress starts again) to the next, and last to the plan."""
    costs: dict[str, float] = {}
    name, n, c, words = plan(game, steps, playouts, candidates, budget, seed, costs)
    chain = bot_chain(game)
    stronger = [b for b in (chain[:chain.index(name)] if name in chain else [])
                if costs.get(b, float("inf")) <= PROBE_HOPE * budget]
    for better in stronger:
        t0 = time.perf_counter()
        marks = list(PROBE_MARKS)
        runner = Playouts(game, better, MIN_PLAYOUTS, seed)
        runner.deadline = t0 + marks[0][1] * budget  # a step that runs past the next mark's share stops there

        def watch(done: int, total: int) -> None:
            while marks and done >= marks[0][0] * total:  # a mark passed: judged once, as it is passed
                if time.perf_counter() - t0 > marks.pop(0)[1] * budget:
                    raise _OverBudget
            runner.deadline = t0 + (marks[0][1] if marks else PROBE_LAST) * budget
            if progress is not None:
                progress(done, total)

        try:
            figures = estimated_steps(game, steps, result, runner, MIN_CANDIDATES, watch)
        except _OverBudget:
            continue
        return figures, better, MIN_PLAYOUTS, MIN_CANDIDATES, (
            f"{MIN_PLAYOUTS} playouts and {MIN_CANDIDATES} decisions compared at a position, the most of the strongest bot "
            f"that kept within about {budget:.0f} s")
    return estimated_steps(game, steps, result, Playouts(game, name, n, seed), c, progress), name, n, c, words


def interval(samples: np.ndarray, lo: float = 0.0, hi: float = 1.0) -> list[float]:
    """The 95% interval of the mean of ``samples`` (one number per playout), clipped to [lo, hi]."""
    n = len(samples)
    mean = float(np.mean(samples))
    half = Z95 * float(np.std(samples, ddof=1)) / math.sqrt(n) if n > 1 else float("inf")
    return [max(lo, mean - half), min(hi, mean + half)]


class Playouts:
    """Playouts of ``game`` with ``bot`` in every seat, playout ``j`` on dice seed ``seed + j``."""

    def __init__(self, game: Game, bot: str, playouts: int = 32, seed: int = 1) -> None:
        from ..bots import bot_factories

        if playouts < 2:
            raise ValueError("an estimate needs at least two playouts")
        self.game = game
        self.bot = bot
        self.n = playouts
        self.seed = seed
        self.factory = bot_factories(game.name)[bot]
        self.players = game.num_players
        self.count = 0  # playouts run so far
        self.deadline: float | None = None  # a time (time.perf_counter) past which playouts stop: _OverBudget

    def _bots(self, j: int) -> list[Any]:
        out = []
        for s in range(self.players):
            seed = (self.seed * 1_000_003 + j) * 16 + s
            try:
                out.append(self.factory(seed=seed, game=self.game))
            except TypeError:
                out.append(self.factory(seed=seed))
        return out

    def play(self, state: Any, j: int) -> list[float]:
        """Each seat's result of playout ``j`` from ``state``."""
        game = self.game
        dice = SeededDice(self.seed * 7_919 + j)
        bots = None
        self.count += 1
        deadline = self.deadline
        for step in range(MAX_PLAYOUT_STEPS):
            if deadline is not None and step % 32 == 0 and time.perf_counter() > deadline:
                raise _OverBudget
            node = game.node(state)
            if isinstance(node, Terminal):
                return result_of(node.winners, self.players)
            if isinstance(node, Chance):
                state = game.apply_chance(state, dice.roll(node.event))
                continue
            if bots is None:
                bots = self._bots(j)
            seat = node.seats[0]
            state = game.apply_action(state, seat, bots[seat].choose(game, state, seat))
        return [1.0 / self.players] * self.players

    def samples(self, state: Any) -> np.ndarray:
        """``playouts x players``: each playout's result for each seat."""
        node = self.game.node(state)
        if isinstance(node, Terminal):
            return np.tile(np.array(result_of(node.winners, self.players)), (self.n, 1))
        return np.array([self.play(state, j) for j in range(self.n)])

    def bot_choice(self, state: Any, seat: int) -> str:
        return self._bots(0)[seat].choose(self.game, state, seat)


def candidates(game: Game, state: Any, seat: int, taken: str, playouts: Playouts, limit: int,
               rng: random.Random) -> list[str]:
    """The decisions compared at a position: every legal one when there are at most ``limit`` and
    the game lists all its decisions; otherwise the taken one, the bot's choice and others drawn
    at random (a game with free-form decisions, such as moves to a point: the listed ones and
    more drawn with the game's own sampler), ``limit`` in all."""
    legal = game.legal_actions(state, seat)
    free = getattr(game, "free_form", False)  # decisions beyond the listed ones (a move to a point)
    if legal and len(legal) <= limit and not free:
        return list(legal)
    out = [taken]
    try:
        choice = playouts.bot_choice(state, seat)
        if choice not in out:
            out.append(choice)
    except Exception:  # a bot that cannot play this position still leaves the others to compare
        pass
    pool = [a for a in legal if a not in out] if legal else []
    rng.shuffle(pool)
    tries = 0
    while len(out) < limit and tries < 4 * limit:
        tries += 1
        if pool:
            out.append(pool.pop())
            continue
        if legal and not free:
            break
        try:
            a = game.sample_action(state, seat, rng)
            game.check_action(state, seat, a)
        except Exception:
            continue
        if a not in out:
            out.append(a)
    return out


def estimated_steps(game: Game, steps: list, result: list[float], playouts: Playouts, limit: int = 4,
                    progress: Callable[[int, int], None] | None = None) -> dict:
    """Per-step figures by playouts (see :func:`brawl.review.build.assemble` for their shape)."""
    rng = random.Random(playouts.seed)
    n, players = playouts.n, playouts.players
    start = playouts.samples(game.initial_state()) if steps else np.tile(np.array(result), (n, 1))
    current = start
    decisions: list[dict] = []
    dice: list[dict] = []
    pending_roll: dict | None = None  # a roll whose value after is the next decision's best
    luck = np.zeros((n, players))
    skill = np.zeros((n, players))
    total = len(steps)
    for k, st in enumerate(steps):
        if st.action is not None:
            seat = st.seat
            together = isinstance(st.node, Decision) and st.node.kind == "simultaneous"
            # a choice made at the same time as another seat's hidden one is not judged: its value
            # rests on what the others would have chosen, which one game does not tell
            names = [st.action] if together else candidates(game, st.before, seat, st.action, playouts, limit, rng)
            if st.action not in names:
                names.insert(0, st.action)
            table = {a: playouts.samples(st.after if a == st.action else game.apply_action(st.before, seat, a))
                     for a in names}
            means = {a: float(np.mean(table[a][:, seat])) for a in names}
            best = max(names, key=lambda a: (means[a], a == st.action))
            before = table[best]
            if pending_roll is not None:
                _close_roll(pending_roll, before, luck)
                pending_roll = None
            diff = before[:, seat] - table[st.action][:, seat]
            loss = max(0.0, means[best] - means[st.action])
            # skill: the decider loses its loss, every other seat gains it
            skill[:, seat] -= diff
            for s in range(players):
                if s != seat:
                    skill[:, s] += diff
            decisions.append({
                "index": st.index, "step": st.step, "seat": seat, "action": st.action,
                **labels(game, st.before, seat, st.action, best),
                "win_before": means[best], "win_after": means[st.action], "best_action": best,
                "best_win": means[best], "loss": loss,
                # forced: nothing else could be done (a free-form decision, a move to a point, is
                # never forced while the sampler finds another)
                "forced": together or len(names) == 1, "simultaneous": together,
                "values": {a: means[a] for a in names},
                "interval": {"win_after": interval(table[st.action][:, seat]),
                             "best_win": interval(table[best][:, seat]),
                             "loss": interval(diff, 0.0, 1.0)}})
            current = table[st.action]
        else:
            roll = {"index": st.index, "step": st.step, "seat": st.seat, "roll": st.event,
                    "outcome": list(st.outcome) if isinstance(st.outcome, tuple) else st.outcome, "_before": current}
            dice.append(roll)
            after_node = game.node(st.after)
            if isinstance(after_node, Decision):
                pending_roll = roll
            else:
                _close_roll(roll, playouts.samples(st.after), luck)
                current = roll["_after"]
        if progress is not None:
            progress(k + 1, total)
    if pending_roll is not None:
        _close_roll(pending_roll, playouts.samples(steps[-1].after), luck)
    for roll in dice:
        roll.pop("_before", None)
        roll.pop("_after", None)
    return {"start": [float(x) for x in start.mean(axis=0)], "start_interval": [interval(start[:, s]) for s in range(players)],
            "decisions": decisions, "dice": dice,
            "luck_interval": [interval(luck[:, s], -players, players) for s in range(players)],
            "skill_interval": [interval(skill[:, s], -1e9, 1e9) for s in range(players)],
            "playouts": playouts.count}


def _close_roll(roll: dict, after: np.ndarray, luck: np.ndarray) -> None:
    diff = after - roll["_before"]
    luck += diff
    roll["_after"] = after
    roll["swing"] = [float(x) for x in diff.mean(axis=0)]
    roll["after"] = [float(x) for x in after.mean(axis=0)]
    roll["before"] = [float(x) for x in roll["_before"].mean(axis=0)]
    roll["interval"] = {"swing": [interval(diff[:, s], -1.0, 1.0) for s in range(diff.shape[1])]}
