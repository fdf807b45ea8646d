"""Solver speed: decision states per second and total time, Krig both editions (no saved solution).

    .venv/bin/python benchmarks/bench_solve.py [--hp 20] [--ktog-hp 6] [--game ktog]
"""

from __future__ import annotations

import argparse
import time

from brawl.solve import solve
from brawl.solve.generic import solve_game
from brawl.games.krig.solver import krig_key, solve_tables
from brawl.games import make_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hp", type=int, default=20)
    ap.add_argument("--generic-hp", type=int, default=2, help="hit points for the generic rules-module walk")
    ap.add_argument("--ktog-hp", type=int, default=6, help="hit points for the KtOG duel (20 takes minutes)")
    ap.add_argument("--game", choices=("all", "krig", "ktog"), default="all", help="which game's figures")
    args = ap.parse_args()
    if args.game != "ktog":
        krig(args)
    if args.game != "krig":
        ktog(args)


def krig(args) -> None:
    solve_tables(2, "author")  # compile once, outside the timing
    for edition in ("author", "article"):
        t0 = time.perf_counter()
        sol = solve("krig", {"edition": edition, "hp": args.hp}, use_cache=False)
        dt = time.perf_counter() - t0
        print(f"dense  krig {edition:7s} hp {args.hp:2d}: {sol.states:8d} states in {dt:7.3f} s = "
              f"{sol.states / dt:12,.0f} states/s; first mover wins {sol.first_mover_win:.6f}")
    for edition in ("author", "article"):
        game = make_game("krig", {"edition": edition, "hp": args.generic_hp})
        g = solve_game(game, krig_key)
        print(f"generic krig {edition:7s} hp {args.generic_hp:2d}: {g.decision_states:8d} states "
              f"({len(g.states)} graph nodes) in {g.seconds:7.3f} s = {len(g.states) / g.seconds:12,.0f} nodes/s")


def ktog(args) -> None:
    from brawl.games.ktog.solver import solve_ktog_duel, start_index

    solve_ktog_duel(1, False)  # compile once, outside the timing
    for initiative in ("once", "every_round"):
        t0 = time.perf_counter()
        V, W, sweeps = solve_ktog_duel(args.ktog_hp, initiative == "every_round")
        dt = time.perf_counter() - t0
        print(f"dense  ktog {initiative:11s} hp {args.ktog_hp:2d}: {V.size:10d} turn states + {W.size} mid-turn "
              f"({(V.nbytes + W.nbytes) / 2**20:.0f} MiB) in {dt:7.1f} s = {V.size / dt:10,.0f} states/s; "
              f"first mover wins {V[start_index(args.ktog_hp)]:.6f}")


if __name__ == "__main__":
    main()
