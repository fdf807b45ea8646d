"""Playout policies: how an estimated review plays a position out to its end.

A policy answers one question, :meth:`Policy.results`: each seat's result of playouts ``seeds``
from a state (``len(seeds) x players``).  Playout ``j`` always rolls the dice of seed ``j`` and
makes the policy's own random choices from seed ``j``, from whatever position it starts, so the
decisions compared at one position meet the same dice and the same habits (common random numbers).
A faster playout (a compiled batch kernel) plugs in as another :class:`Policy` with the same
method; nothing else in the review changes.

:class:`EnginePolicy` plays the rules engine with bots.  A policy of one bot everywhere has that
bot's blind spots (a bot that always attacks the strongest player makes being weak look safe), so
the default (:func:`default_policy`) is a **mix**: in each playout each seat gets one of several
bots, drawn by the playout's seed, and every decision is, with probability ``epsilon``, one drawn
at random among the legal ones (or by the game's sampler for a decision to a point).  Where an
exact solution of the options is at hand the optimal bot plays alone: it has no blind spot.  The
choice never depends on the clock or on the machine: the same record gets the same review.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

import numpy as np

from ..core.game import Chance, Game, Terminal
from ..core.sources import SeededDice
from .judge import result_of

MAX_PLAYOUT_STEPS = 20_000  # a playout that runs longer counts as a draw (no game here comes close)
EPSILON = 0.15


class Policy(Protocol):
    name: str
    players: int

    def results(self, state: Any, seeds: Sequence[int]) -> np.ndarray:
        """``len(seeds) x players``: each seat's result of the playouts of these seeds."""

    def suggestions(self, state: Any, seat: int) -> list[str]:
        """The decisions the policy's bots would take at ``state`` (compared by the review)."""


class EnginePolicy:
    """Playouts of the rules engine: in playout ``j`` seat ``s`` plays ``bots[(j + s) % len(bots)]``
    (each seat meets each bot of the mix) and a random legal decision with probability ``epsilon``."""

    def __init__(self, game: Game, bots: Sequence[str], epsilon: float = 0.0, seed: int = 1) -> None:
        from ..bots import bot_factories

        factories = bot_factories(game.name)
        unknown = [b for b in bots if b not in factories]
        if unknown or not bots:
            raise ValueError(f"no such bot for {game.name}: {', '.join(unknown) or '(none)'}")
        self.game = game
        self.bots = list(bots)
        self.factories = [factories[b] for b in self.bots]
        self.epsilon = float(epsilon)
        self.seed = seed
        self.players = game.num_players
        self.count = 0
        self._made: dict[tuple[int, int], Any] = {}
        self.name = "+".join(self.bots) + (f" with {round(100 * self.epsilon)}% random decisions" if self.epsilon else "")

    def _bot(self, k: int, seed: int) -> Any:
        try:
            return self.factories[k](seed=seed, game=self.game)
        except TypeError:
            return self.factories[k](seed=seed)

    def _seat_bot(self, k: int, seat: int, seed: int) -> Any:
        """Bot ``k`` for ``seat``, its random choices from ``seed``: made once (making one may load
        a solution or tables) and reseeded for each playout."""
        bot = self._made.get((k, seat))
        if bot is None:
            bot = self._made[(k, seat)] = self._bot(k, seed)
        elif isinstance(getattr(bot, "rng", None), random.Random):
            bot.rng.seed(seed)
        return bot

    def play(self, state: Any, j: int) -> list[float]:
        """Each seat's result of playout ``j`` from ``state``."""
        game = self.game
        dice = SeededDice(self.seed * 7_919 + j)
        seats: dict[int, tuple[Any, random.Random]] = {}
        self.count += 1
        for _ in range(MAX_PLAYOUT_STEPS):
            node = game.node(state)
            if isinstance(node, Terminal):
                return result_of(node.winners, self.players)
            if isinstance(node, Chance):
                state = game.apply_chance(state, dice.roll(node.event))
                continue
            seat = node.seats[0]
            if seat not in seats:
                base = (self.seed * 1_000_003 + j) * 16 + seat
                seats[seat] = (self._seat_bot((j + seat) % len(self.bots), seat, base), random.Random(base ^ 0x5EED))
            bot, rng = seats[seat]
            action = None
            if self.epsilon and rng.random() < self.epsilon:
                action = self._random_action(state, seat, rng)
            if action is None:
                action = bot.choose(game, state, seat)
            state = game.apply_action(state, seat, action)
        return [1.0 / self.players] * self.players

    def _random_action(self, state: Any, seat: int, rng: random.Random) -> str | None:
        legal = self.game.legal_actions(state, seat)
        if legal:
            return rng.choice(legal)
        try:
            action = self.game.sample_action(state, seat, rng)
            self.game.check_action(state, seat, action)
            return action
        except Exception:  # no sampler, or a sample the rules refuse: the bot decides
            return None

    def results(self, state: Any, seeds: Sequence[int]) -> np.ndarray:
        node = self.game.node(state)
        if isinstance(node, Terminal):
            return np.tile(np.array(result_of(node.winners, self.players), dtype=float), (len(seeds), 1))
        return np.array([self.play(state, j) for j in seeds], dtype=float).reshape(len(seeds), self.players)

    def suggestions(self, state: Any, seat: int) -> list[str]:
        out: list[str] = []
        for k in range(len(self.bots)):
            try:
                a = self._bot(k, self.seed * 31 + k).choose(self.game, state, seat)
            except Exception:  # a bot that cannot play this position suggests nothing
                continue
            if a not in out:
                out.append(a)
        return out


def mix_for(game: Game) -> list[str]:
    """The bots of the default mix: the bots behind the hard and the normal level that can play
    these options (the optimal bot alone where a solution of the options is at hand)."""
    from ..bots import bot_factories, bot_for_level
    from ..games import entry

    factories = bot_factories(game.name)
    out: list[str] = []
    for level in ("hard", "normal"):
        if level not in dict(entry(game.name).levels):
            continue
        try:
            name = bot_for_level(game.name, level, game)
        except Exception:  # a level no bot can play at these options
            continue
        if name == "optimal":
            return ["optimal"]
        if name in factories and name not in out:
            out.append(name)
    return out or ["random"]


def make_policy(game: Game, bots: Sequence[str], epsilon: float, seed: int) -> Policy:
    """Playouts of ``bots`` with ``epsilon`` random decisions: on the game's compiled kernel where
    its entry has ``playouts`` and the kernel plays these options and bots (the same games, only
    faster), else on the rules engine (:class:`EnginePolicy`)."""
    from ..games import entry

    make = entry(game.name).load("playouts")
    fast = make(game, list(bots), float(epsilon), seed) if make is not None else None
    return fast if fast is not None else EnginePolicy(game, bots, epsilon, seed)


def default_policy(game: Game, seed: int = 1, bot: str | None = None) -> Policy:
    """The policy of a review: ``bot`` alone when named (``mix`` for the default mix), else the
    optimal bot alone where it can play, else the game's mix (:mod:`.settings`, or
    :func:`mix_for`) with its share of random decisions (:data:`EPSILON` unless it says)."""
    from .settings import for_game

    if bot and bot != "mix":
        return make_policy(game, [bot], 0.0, seed)
    bots = mix_for(game)
    if bots == ["optimal"]:
        return EnginePolicy(game, bots, 0.0, seed)
    conf = for_game(game.name)
    return make_policy(game, conf.get("bots") or bots, conf.get("epsilon", EPSILON), seed)
