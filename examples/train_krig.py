"""Train a small tabular Q-learning agent on Krig against the ``random`` bot, in NumPy.

The agent sees only what ``brawl.rl.gym_env`` gives: the 15-float observation (see
``brawl.games.krig.encoding``) and the action mask.  It buckets the observation into a small table
(hit points in fives, defense in pairs, charging flags, the decision and the attack d6 to parry),
learns with one-step Q-learning (reward only at the end, +1 win, -1 loss, no discount) and an
epsilon-greedy behaviour policy, then plays greedily against ``random`` and ``optimal`` (the solved
policy; ``heuristic`` if no solver is available) and prints win rates with 95% intervals.

    .venv/bin/python examples/train_krig.py                 # about two minutes on one core
    .venv/bin/python examples/train_krig.py --episodes 20000 --hp 10 --edition article
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from brawl.bots import bot_names
from brawl.rl import gym_env

HP_EDGES = np.array([5, 10, 15, 20]) / 20  # hit points 1-4, 5-9, 10-14, 15-19, 20 (and 0)
DEF_EDGES = np.array([1, 3, 5, 7]) / 8  # defense 0, 1-2, 3-4, 5-6, 7-8


class Table:
    """Q-values per bucketed observation, grown as new buckets are met."""

    def __init__(self, actions: int) -> None:
        self.rows: dict[tuple, int] = {}
        self.q = np.zeros((1024, actions))

    def row(self, obs: np.ndarray) -> int:
        key = (int(np.digitize(obs[0], HP_EDGES)), int(np.digitize(obs[1], HP_EDGES)),
               int(np.digitize(obs[2], DEF_EDGES)), int(np.digitize(obs[3], DEF_EDGES)),
               int(obs[4]), int(obs[5]), int(obs[6]), int(np.argmax(obs[8:14])) if obs[7] else -1)
        index = self.rows.get(key)
        if index is None:
            index = self.rows[key] = len(self.rows)
            if index == len(self.q):
                self.q = np.vstack([self.q, np.zeros_like(self.q)])
        return index

    def greedy(self, row: int, mask: np.ndarray) -> int:
        values = np.where(mask == 1, self.q[row], -np.inf)
        return int(np.argmax(values))


def train(episodes: int, options: dict, seed: int, alpha: float, eps_start: float, eps_end: float) -> Table:
    env = gym_env("krig", opponent="random", seat=None, **options)
    rng = np.random.default_rng(seed)
    table = Table(env.action_space.n)
    for episode in range(episodes):
        eps = eps_start + (eps_end - eps_start) * episode / max(1, episodes - 1)
        obs, info = env.reset(seed=seed * 1_000_003 + episode)
        row = table.row(obs)
        done = False
        while not done:
            mask = info["action_mask"]
            if rng.random() < eps:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = table.greedy(row, mask)
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            if done:
                target = reward
            else:
                nxt = table.row(obs)
                target = reward + np.max(np.where(info["action_mask"] == 1, table.q[nxt], -np.inf))
            table.q[row, action] += alpha * (target - table.q[row, action])
            if not done:
                row = nxt
    return table


def evaluate(table: Table, opponent: str, games: int, options: dict, seed: int) -> tuple[float, float]:
    env = gym_env("krig", opponent=opponent, seat=None, **options)
    wins = 0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(table.greedy(table.row(obs), info["action_mask"]))
            done = terminated or truncated
        wins += reward > 0
    rate = wins / games
    return rate, 1.96 * math.sqrt(rate * (1 - rate) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=40_000)
    parser.add_argument("--eval-games", type=int, default=4_000)
    parser.add_argument("--hp", type=int, default=20)
    parser.add_argument("--edition", default="author", choices=["author", "article"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=0.05)
    args = parser.parse_args()
    options = {"hp": args.hp, "edition": args.edition}

    t0 = time.perf_counter()
    table = train(args.episodes, options, args.seed, args.alpha, 0.3, 0.02)
    trained = time.perf_counter() - t0
    print(f"trained {args.episodes} episodes against random in {trained:.0f} s; {len(table.rows)} table rows")

    strong = "optimal" if "optimal" in bot_names("krig") else "heuristic"
    if strong != "optimal":
        print("note: no 'optimal' bot for krig here; evaluating against 'heuristic' instead")
    for opponent in ("random", strong):
        rate, half = evaluate(table, opponent, args.eval_games, options, 10**9 + args.seed)
        print(f"win rate against {opponent:9s}: {rate:.3f} ± {half:.3f} ({args.eval_games} games, seats drawn at random)")
    print(f"total {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
