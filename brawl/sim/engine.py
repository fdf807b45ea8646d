"""Simulating with the full rules engine: slow, exact to the rules, works for every game and bot.

Game ``i`` of a run with seed ``S`` uses its own dice and bot seeds derived from ``(S, i)``, so any
slice of a run (a worker process, a cluster task) reproduces exactly the games a single process
would play."""

from __future__ import annotations

import math
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from ..bots import make_bot
from ..core.game import Chance, Game, Terminal
from ..core.sources import SeededDice
from ..games import make_game


def game_seed(seed: int, index: int) -> int:
    return (seed * 0x9E3779B1 + index * 0x85EBCA77) % (2**63)


def count_game(totals: Any, game: Game, state: Any) -> int:
    """Add one finished game to ``totals`` (anything with ``games``, ``wins``, ``draws``,
    ``first_mover_wins`` and ``turn_counts``, as :class:`SimResult`); returns its turns."""
    winners = game.winners(state)
    totals.games += 1
    if len(winners) == 1:
        totals.wins[winners[0]] += 1
        if winners[0] == game.first_mover(state):
            totals.first_mover_wins += 1
    else:
        totals.draws += 1
    turns = game.turns(state)
    totals.turn_counts[turns] = totals.turn_counts.get(turns, 0) + 1
    return turns


@dataclass
class SimResult:
    game: str
    options: dict
    bots: list[str]
    seed: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    first_mover_wins: int = 0
    total_turns: int = 0
    turn_counts: dict[int, int] = field(default_factory=dict)
    backend: str = "engine"
    seconds: float = 0.0

    def merge(self, other: "SimResult") -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)] if self.wins else list(other.wins)
        self.draws += other.draws
        self.first_mover_wins += other.first_mover_wins
        self.total_turns += other.total_turns
        for k, v in other.turn_counts.items():
            self.turn_counts[k] = self.turn_counts.get(k, 0) + v

    def to_json(self) -> dict[str, Any]:
        n = max(self.games, 1)
        rate = self.first_mover_wins / n
        half = 1.96 * math.sqrt(rate * (1 - rate) / n)
        return {
            "game": self.game, "options": self.options, "bots": self.bots, "seed": self.seed,
            "games": self.games, "wins": self.wins, "draws": self.draws,
            "win_rates": [w / n for w in self.wins],
            "first_mover_wins": self.first_mover_wins, "first_mover_win_rate": rate,
            "first_mover_ci95": [max(0.0, rate - half), min(1.0, rate + half)],
            "mean_turns": self.total_turns / n, "backend": self.backend,
            "seconds": round(self.seconds, 3),
        }


def play_one(game, bots, dice: SeededDice, on_decision: Callable[[int, str], None] | None = None):
    """Play one game to the end without records or logs; returns the final state.
    ``on_decision(seat, action)`` sees every decision (to count what bots do)."""
    state = game.initial_state()
    node = game.node(state)
    while not isinstance(node, Terminal):
        if isinstance(node, Chance):
            state = game._apply_chance(state, dice.roll(node.event))
        else:
            seat = node.seats[0]
            action = bots[seat].choose(game, state, seat)
            if on_decision is not None:
                on_decision(seat, action)
            state = game._apply_action(state, seat, action)
        node = game.node(state)
    return state


def run_slice(game_name: str, options: dict, bot_specs: list[str], seed: int, start: int, stop: int) -> SimResult:
    game = make_game(game_name, options)
    result = SimResult(game_name, game.options_json(), list(bot_specs), seed, wins=[0] * game.num_players)
    for i in range(start, stop):
        gs = game_seed(seed, i)
        bots = [make_bot(game_name, name, seed=gs + k + 1, game=game) for k, name in enumerate(bot_specs)]
        state = play_one(game, bots, SeededDice(gs))
        result.total_turns += count_game(result, game, state)
    return result


def simulate(game_name: str, options: dict, bot_specs: list[str], games: int, seed: int = 0,
             workers: int | None = None, progress: Callable[[int], None] | None = None,
             chunk: int = 2000) -> SimResult:
    """Play ``games`` games with the full engine, spread over processes; returns the totals."""
    import time

    game = make_game(game_name, options)
    if len(bot_specs) != game.num_players:
        from ..core.game import BrawlError
        raise BrawlError(f"{game_name} with these options has {game.num_players} seats; got {len(bot_specs)} bots")
    for k, name in enumerate(bot_specs):
        make_bot(game_name, name, seed=0, game=game)  # unknown names fail here, before any work
    t0 = time.perf_counter()
    total = SimResult(game_name, game.options_json(), list(bot_specs), seed, wins=[0] * game.num_players)
    slices = [(s, min(s + chunk, games)) for s in range(0, games, chunk)]
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers <= 1 or len(slices) <= 1:
        for a, b in slices:
            total.merge(run_slice(game_name, game.options_json(), bot_specs, seed, a, b))
            if progress:
                progress(b - a)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(run_slice, game_name, game.options_json(), bot_specs, seed, a, b) for a, b in slices]
            for fut, (a, b) in zip(futures, slices):
                total.merge(fut.result())
                if progress:
                    progress(b - a)
    total.seconds = time.perf_counter() - t0
    return total
