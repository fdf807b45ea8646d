"""OpenSpiel's CFR on brawl's rock-paper-scissors, the average first move printed as it learns.

OpenSpiel's exploitability needs its C++ best response, which cannot run a game written in Python
(it crashes), so the example prints how far the average first move is from one third each.

rps is a simultaneous game; ``pyspiel.convert_to_turn_based`` makes it sequential with the first
choice hidden, which tabular CFR needs.  ``wins_needed=1`` and ``max_game_length=3`` keep the tree
small (a tie is played again, up to three rounds).  The average policy goes to one third each.

Run: ``python examples/openspiel_cfr.py --iterations 300``.
"""

from __future__ import annotations

import argparse

import pyspiel
from open_spiel.python.algorithms import cfr

from brawl.rl import openspiel_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=300)
    args = parser.parse_args()
    base = openspiel_game("rps", wins_needed=1, max_game_length=3)  # kept alive: the wrapper refers to it
    game = pyspiel.convert_to_turn_based(base)
    solver = cfr.CFRSolver(game)
    for i in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if i in (1, 10, 100) or i == args.iterations:
            probs = solver.average_policy().action_probabilities(game.new_initial_state())
            print(f"iteration {i:5d}: largest distance from 1/3: {max(abs(p - 1 / 3) for p in probs.values()):.5f}")
    root = game.new_initial_state()
    probs = solver.average_policy().action_probabilities(root)
    print("first move:", ", ".join(f"{root.action_to_string(a)} {p:.3f}" for a, p in probs.items()))


if __name__ == "__main__":
    main()
