"""Random play on the vectorised KtOG environment: many games stepped together, steps per second.

The agent (seat 0) picks uniformly among its legal actions against ``brute`` (or ``random``)
opponents; ``--self-play`` instead answers every seat's questions (``opponent="self"``) and counts
each seat's wins from ``infos["winner"]``.

Run: ``python examples/vector_ktog.py --envs 65536 --steps 100`` (add ``--players 4``,
``--opponent random`` or ``--self-play``).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from brawl.rl import vector_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--envs", type=int, default=65536)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hp", type=int, default=20)
    parser.add_argument("--opponent", default="brute", choices=["brute", "random"])
    parser.add_argument("--self-play", action="store_true")
    args = parser.parse_args()
    opponent = "self" if args.self_play else args.opponent
    env = vector_env("ktog", num_envs=args.envs, opponent=opponent, players=args.players, hp=args.hp)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=1)
    env.step(np.argmax(info["action_mask"], axis=1))  # compiled (or loaded from the cache) by now
    obs, info = env.reset(seed=1)
    wins = np.zeros(args.players, np.int64)
    agent_wins = games = 0
    t0 = time.perf_counter()
    for _ in range(args.steps):
        mask = info["action_mask"]
        action = np.argmax(mask * rng.random(mask.shape), axis=1)  # uniform over the legal actions
        obs, reward, term, trunc, info = env.step(action)
        games += int(term.sum())
        agent_wins += int((reward[term] > 0).sum())
        if args.self_play:
            winner = info["winner"][term]
            np.add.at(wins, winner[winner >= 0], 1)  # -1: no winner (none is counted)
    dt = time.perf_counter() - t0
    print(f"{args.steps * args.envs / dt:,.0f} agent steps/s ({args.envs:,} games at once), {games / dt:,.0f} games/s")
    if args.self_play:
        print("wins by seat:", ", ".join(f"Player {s + 1}: {w / max(1, games):.3f}" for s, w in enumerate(wins)))
    else:
        print(f"random agent against {opponent}: {agent_wins / max(1, games):.3f} of {games:,} games won")


if __name__ == "__main__":
    main()
