"""Tabular Q-learning on the vectorised Krig environment: 16,384 games stepped together.

The observation is bucketed into a small table key (hit points, defenses, charging, the decision
and the blow to parry); the agent learns against ``random`` and is then measured greedily.

Run: ``python examples/vector_krig.py --steps 300``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from brawl.rl import vector_env


def keys(obs: np.ndarray, hp: int) -> np.ndarray:
    h0 = np.rint(obs[:, 0] * 20).astype(np.int64)
    h1 = np.rint(obs[:, 1] * 20).astype(np.int64)
    d0 = np.rint(obs[:, 2] * 8).astype(np.int64)
    d1 = np.rint(obs[:, 3] * 8).astype(np.int64)
    c = obs[:, 4].astype(np.int64) * 2 + obs[:, 5].astype(np.int64)
    blow = np.argmax(obs[:, 8:14], axis=1) * obs[:, 7].astype(np.int64)
    return ((((h0 * (hp + 1) + h1) * 9 + d0) * 9 + d1) * 4 + c) * 6 + blow


def learn(q: np.ndarray, k: np.ndarray, action: np.ndarray, target: np.ndarray, rate: float) -> None:
    """Move each visited cell of ``q`` a step ``rate`` towards the mean of its targets this step.
    Thousands of games often visit one cell together (every game's first decision does): a step
    per game would move that cell thousands of times ``rate`` and throw it past its target."""
    cell = k * q.shape[1] + action
    sums = np.bincount(cell, weights=target, minlength=q.size)
    counts = np.bincount(cell, minlength=q.size)
    seen = counts > 0
    flat = q.reshape(-1)
    flat[seen] += rate * (sums[seen] / counts[seen] - flat[seen])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--envs", type=int, default=16384)
    parser.add_argument("--hp", type=int, default=5)
    args = parser.parse_args()
    env = vector_env("krig", num_envs=args.envs, opponent="random", hp=args.hp)
    rng = np.random.default_rng(0)
    q = np.zeros(((args.hp + 1) ** 2 * 81 * 4 * 6, 5))
    obs, info = env.reset(seed=1)
    t0 = time.perf_counter()
    for step in range(args.steps):
        k, mask = keys(obs, args.hp), info["action_mask"]
        explore = rng.random(args.envs) < 0.2
        values = np.where(mask == 1, q[k], -1e9)
        action = np.where(explore, np.argmax(mask * rng.random(mask.shape), axis=1), np.argmax(values, axis=1))
        obs, reward, term, trunc, info = env.step(action)
        nxt = np.where(info["action_mask"] == 1, q[keys(obs, args.hp)], -1e9).max(axis=1)
        # a finished game is reset in the same step: its next observation is a new game's
        target = reward + np.where(term | trunc, 0.0, nxt)
        learn(q, k, action, target, rate=0.05)
    print(f"trained {args.steps * args.envs:,} agent steps in {time.perf_counter() - t0:.1f} s")
    obs, info = env.reset(seed=2)
    wins = games = 0
    for _ in range(200):
        values = np.where(info["action_mask"] == 1, q[keys(obs, args.hp)], -1e9)
        obs, reward, term, trunc, info = env.step(np.argmax(values, axis=1))
        wins += int((reward[term] > 0).sum())
        games += int(term.sum())
    print(f"greedy agent against random: {wins / games:.3f} of {games:,} games won")


if __name__ == "__main__":
    main()
