"""Agent steps per second of the vectorised Tactics environment beside ``gym_env``'s, one core each.

    .venv/bin/python benchmarks/vector_tactics.py [--envs 1024] [--steps 100] [--gym-steps 300]

Each line plays the same options and opponent in this process: ``brawl.rl.vector_env("tactics")``
with one Numba thread (all its battles stepped by one compiled call), and the engine's
``brawl.rl.gym_env("tactics", seat=0)``.  The agent plays a legal action drawn at random from the mask
(NumPy, its time included), and for the vector environment also its first legal action (an argmax
over the masks).  Rates are per second of this process's CPU time (one core: one Numba thread, and
the machine may be shared): the vector environment's in ``step`` alone, then with the policy's
NumPy work, and per second of wall time.  The first step
of the vector environment may compile it (said on stderr) and is not timed.  A step is one decision
of the agent, with everything the opponent and the dice do up to its next one.
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
    ("random", {"map": "pillars", "party2": "wardens", "level": 9}),
    ("heuristic", {"custom1": "steve,mara,brok,nim", "custom2": "tam,orla,rogue,fighter"}),
]


def vector_rate(opponent: str, options: dict, envs: int, steps: int, policy: str) -> tuple[float, float, float, float]:
    """(agent steps per second of this process's CPU time in ``step`` alone, the same with the agent's
    policy, per second of wall time with the policy, battles ended per CPU second)."""
    env = vector_env("tactics", num_envs=envs, opponent=opponent, **options)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    obs, reward, term, trunc, info = env.step(np.argmax(info["action_mask"], axis=1))  # compiled by now
    ended, in_step = 0, 0.0
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        m = info["action_mask"]
        action = np.argmax(m, axis=1) if policy == "first" else np.argmax(m * rng.random(m.shape), axis=1)
        s0 = time.process_time()
        obs, reward, term, trunc, info = env.step(action)
        in_step += time.process_time() - s0
        ended += int((term | trunc).sum())
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    return steps * envs / in_step, steps * envs / dc, steps * envs / dt, ended / dc


def gym_rate(opponent: str, options: dict, steps: int) -> float:
    """Agent steps per second of this process's CPU time."""
    env = gym_env("tactics", opponent=opponent, seat=0, **options)
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
        label = f"vs {opponent:<9} {str(options):<76}"
        rand, rand_all, rand_wall, games = vector_rate(opponent, options, args.envs, args.steps, "random")
        first, first_all, first_wall, _ = vector_rate(opponent, options, args.envs, args.steps, "first")
        eng = gym_rate(opponent, options, args.gym_steps)
        print(f"{label}\n    random agent: vector {rand:9,.0f} agent steps/s ({rand_all:9,.0f} with the policy, wall "
              f"{rand_wall:9,.0f}; {games:5,.0f} battles/s)  gym_env {eng:6,.0f} steps/s  x{rand / eng:5.0f}\n"
              f"    first legal:  vector {first:9,.0f} agent steps/s ({first_all:9,.0f} with the policy, wall "
              f"{first_wall:9,.0f})", flush=True)


if __name__ == "__main__":
    main()
