"""Agent steps per second of the vectorised Kniggits environment beside ``gym_env``'s, one core each.

    .venv/bin/python benchmarks/vector_kniggits.py [--envs 1024] [--steps 100] [--gym-steps 300]

Each line plays the same options and opponent in this process: ``brawl.rl.vector_env("kniggits")``
(all its games stepped by one compiled call, on one core) and the engine's
``brawl.rl.gym_env("kniggits", seat=0)``.  The agent plays a legal action drawn at random from the
mask (NumPy, its time included), and for the vector environment also its first legal action (an
argmax over the masks).  The first steps of the vector environment may compile it (said on stderr)
and are not timed.  A step is one decision of the agent, with everything the opponent does up to its
next one.  Rates are per second of this process's CPU time (``time.process_time``; the vector
environment runs on one thread, so it is one core's rate even on a machine busy with other work),
and the vector environment's also per second of wall time.
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from brawl.rl import gym_env, vector_env

LINES = [
    ("random", {}),
    ("heuristic", {}),
    ("random", {"terrain": "forest", "disengage": "away"}),
    ("random", {"points": 120, "table": 48}),
    ("heuristic", {"table": 24, "terrain": "open"}),
]


def vector_rate(opponent: str, options: dict, envs: int, steps: int, policy: str) -> tuple[float, float, float]:
    """(agent steps per CPU second, games ended per CPU second, agent steps per wall second)."""
    env = vector_env("kniggits", num_envs=envs, opponent=opponent, **options)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    for _ in range(3):  # compiled by now, and the heuristic's fights met
        obs, reward, term, trunc, info = env.step(np.argmax(info["action_mask"], axis=1))
    ended = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        m = info["action_mask"]
        action = np.argmax(m, axis=1) if policy == "first" else np.argmax(m * rng.random(m.shape), axis=1)
        obs, reward, term, trunc, info = env.step(action)
        ended += int((term | trunc).sum())
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    env.close()
    return steps * envs / dc, ended / dc, steps * envs / dt


def gym_rate(opponent: str, options: dict, steps: int) -> float:
    env = gym_env("kniggits", opponent=opponent, seat=0, **options)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    c0 = time.process_time()
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term or trunc:
            obs, info = env.reset()
    return steps / (time.process_time() - c0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--gym-steps", type=int, default=300)
    args = ap.parse_args()
    numba.set_num_threads(1)
    for opponent, options in LINES:
        label = f"vs {opponent:<9} {str(options):<46}"
        rand, games, wall = vector_rate(opponent, options, args.envs, args.steps, "random")
        first, _, _ = vector_rate(opponent, options, args.envs, args.steps, "first")
        eng = gym_rate(opponent, options, args.gym_steps)
        print(f"{label} vector {rand:8,.0f} agent steps/s (wall {wall:8,.0f}; first legal {first:8,.0f}; "
              f"{games:5,.0f} games/s)  gym_env {eng:5,.0f} steps/s  x{rand / eng:5.0f}", flush=True)


if __name__ == "__main__":
    main()
