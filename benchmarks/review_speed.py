"""How long a game review takes.

    .venv/bin/python benchmarks/review_speed.py [--krig-decisions 200] [--ktog-hp 20] [--solve]
                                                 [--players 4] [--playouts 32] [--candidates 4]
                                                 [--workers 2] [--games 1] [--only-defaults]

- **Krig, exact**: games at 20 hit points holding ``--krig-decisions`` decisions in all (Krig
  games seldom pass 130 decisions, so the longest of sixty long ones are joined), the solution
  saved; prints the seconds to review them (median of five, after one to warm up) and per 200
  decisions.
- **KtOG duel, exact**: a game of random bots at ``--ktog-hp`` hit points, reviewed from its saved
  solution (``--solve`` solves it first when it is not saved: minutes at 20 hit points; without it
  the line says the solution is missing); median of five after one to warm up.
- **KtOG with ``--players`` players, estimated**: a random bots' game reviewed by playouts of the
  strongest bot (``--playouts`` per position, ``--candidates`` decisions compared), on one core,
  and split over ``--workers`` processes (each reviews every ``workers``-th part of the playouts'
  seeds, as the figures would be if the review ran there: the wall time of the split shows what
  two cores give).
- **At defaults**: a game of heuristic bots in KtOG (4 and 8 players), Kniggits and Tactics
  reviewed as the server does, at the game's default budget in playouts (the same judgements on
  any machine); the wall and CPU time, the playouts spent, and how many judgements were decided.

Each figure is measured on this machine as it is; the CPU seconds come with the wall seconds
(a loaded machine shows the difference).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from brawl.bots import make_bot  # noqa: E402
from brawl.core.match import Match  # noqa: E402
from brawl.games import make_game  # noqa: E402
from brawl.review import review  # noqa: E402


def game_record(name: str, options: dict, seed: int) -> dict:
    game = make_game(name, options)
    match = Match(game, seed=seed)
    bots = [make_bot(name, "random", seed=seed * 10 + s, game=game) for s in range(game.num_players)]
    while not match.over:
        seat = match.node().seats[0]
        match.decide(seat, bots[seat].choose(game, match.state, seat))
    return match.record.to_json()


def decisions(record: dict) -> int:
    return sum(1 for e in record["entries"] if "seat" in e)


def timed(fn, repeat: int = 5) -> tuple[float, float]:
    """(median wall seconds, median CPU seconds) of ``fn()`` after one call to warm up."""
    fn()
    walls, cpus = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus)


def long_krig(target: int) -> list[dict]:
    """Krig games at 20 hit points, the longest first, until they hold ``target`` decisions in all:
    players who defend whenever they may and take every blow (the longest way to play; a game of
    random bots lasts some 40 decisions, and even these seldom reach 130)."""
    import random

    game = make_game("krig", {"hp": 20})
    games = []
    for seed in range(60):
        rng = random.Random(seed)
        match = Match(game, seed=seed)
        while not match.over:
            seat = match.node().seats[0]
            legal = match.legal_actions(seat)
            pick = next((a for a in ("defend", "take", "attack") if a in legal), None)
            match.decide(seat, pick or rng.choice(legal))
        games.append(match.record.to_json())
    games.sort(key=decisions, reverse=True)
    out = []
    while sum(map(decisions, out)) < target:
        out.append(games[len(out)])
    return out


def krig(target: int) -> None:
    games = long_krig(target)
    n = sum(map(decisions, games))
    wall, cpu = timed(lambda: [review(g) for g in games])
    print(f"Krig exact review, {len(games)} games of {', '.join(str(decisions(g)) for g in games)} decisions "
          f"({n} in all): {wall:.3f} s wall, {cpu:.3f} s CPU; {wall * target / n:.3f} s wall and "
          f"{cpu * target / n:.3f} s CPU per {target} decisions")


def ktog_duel(hp: int, solve_now: bool) -> None:
    from brawl.solve import is_quick_or_saved, solve

    options = make_game("ktog", {"hp": hp}).options_json()
    if not is_quick_or_saved("ktog", options):
        if not solve_now:
            print(f"KtOG duel at hp {hp}: no saved solution (run with --solve, or `brawl solve ktog --hp {hp}`)")
            return
        t0 = time.perf_counter()
        solve("ktog", options)
        print(f"KtOG duel at hp {hp}: solved in {time.perf_counter() - t0:.1f} s")
    record = max((game_record("ktog", {"hp": hp}, seed) for seed in range(20)), key=decisions)
    wall, cpu = timed(lambda: review(record))
    print(f"KtOG duel exact review at hp {hp}, {decisions(record)} decisions: {wall:.3f} s wall, {cpu:.3f} s CPU "
          "(solution loaded; the first load is not counted)")


def _part(args) -> tuple[float, float]:
    record, playouts, candidates, seed = args
    c = time.process_time()
    review(record, method="estimate", budget=None, playouts=playouts, candidates=candidates, seed=seed)
    return time.process_time() - c, 0.0


def estimated(players: int, playouts: int, candidates: int, workers: int) -> None:
    record = game_record("ktog", {"players": players}, 3)
    review(game_record("ktog", {"players": players}, 4), method="estimate", budget=100, playouts=2)  # warm up
    w, c = time.perf_counter(), time.process_time()
    r = review(record, method="estimate", playouts=playouts, candidates=candidates)
    wall, cpu = time.perf_counter() - w, time.process_time() - c
    print(f"KtOG {players} players estimated review ({r['bot']} bot, {playouts} playouts, {candidates} compared), "
          f"{decisions(record)} decisions, {len(r['dice'])} rolls: {wall:.1f} s wall, {cpu:.1f} s CPU on one core")
    if workers > 1:
        share = max(2, playouts // workers)
        w = time.perf_counter()
        with ProcessPoolExecutor(workers) as pool:
            cpus = [c for c, _ in pool.map(_part, [(record, share, candidates, 100 + k) for k in range(workers)])]
        print(f"  split over {workers} processes ({share} playouts each): {time.perf_counter() - w:.1f} s wall "
              f"(with process start), {max(cpus):.1f} s CPU in the slowest")


def at_defaults(name: str, options: dict, seeds: range) -> None:
    """A game of two (or more) heuristic bots reviewed as the server does, at the game's default
    budget in playouts (``brawl/review/settings.json``): the wall and CPU time, the playouts spent,
    and how many judgements the budget decided."""
    from brawl.core.match import Match as _Match

    for seed in seeds:
        game = make_game(name, options)
        match = _Match(game, seed=seed)
        bots = [make_bot(name, "heuristic", seed=seed * 10 + s, game=game) for s in range(game.num_players)]
        while not match.over:
            seat = match.node().seats[0]
            match.decide(seat, bots[seat].choose(game, match.state, seat))
        record = match.record.to_json()
        w, c = time.perf_counter(), time.process_time()
        r = review(record, method="estimate")
        j = r["judged"]
        print(f"{name} {options or ''} estimated review at defaults ({r['budget']} playouts budget, {r['playouts']} spent), "
              f"{decisions(record)} decisions: {time.perf_counter() - w:.1f} s wall, {time.process_time() - c:.1f} s CPU; "
              f"{j['decisions']} of {j['choices']} judged, {j['uncertain']} uncertain", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--krig-decisions", type=int, default=200)
    ap.add_argument("--ktog-hp", type=int, default=20)
    ap.add_argument("--solve", action="store_true")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=32)
    ap.add_argument("--candidates", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--games", type=int, default=1, help="games of each reviewed at its default budget")
    ap.add_argument("--only-defaults", action="store_true", help="only the reviews at each game's default budget")
    args = ap.parse_args()
    print(f"cores: {os.cpu_count()}")
    if not args.only_defaults:
        krig(args.krig_decisions)
        ktog_duel(args.ktog_hp, args.solve)
        estimated(args.players, args.playouts, args.candidates, args.workers)
    for name, options in (("ktog", {"players": 4}), ("ktog", {"players": 8}), ("kniggits", {}), ("tactics", {})):
        at_defaults(name, options, range(1, 1 + args.games))


if __name__ == "__main__":
    main()
