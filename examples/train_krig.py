"""MaskablePPO (sb3-contrib) on Krig, trained against the ``heuristic`` bot until it beats it.

The agent sees what ``brawl.rl.gym_env`` gives: the 15-float observation of the Krig encoding
(``brawl/games/krig/encoding.py``) and the legal actions (``env.action_masks()``, which
MaskablePPO reads), so it never tries an illegal action.  Training:

- opponents: one bot per training environment, by default seven ``heuristic`` and one ``random``
  (``--opponents``); the seat is drawn per episode (``seat=None``), so the agent plays both seats;
- reward ``shaped``: +1/-1 for the result plus half the change of the hit-point margin after every
  step (potential-based, so the best policies are the same as with the result alone; it only tells
  the agent sooner which exchanges were good);
- a 64x64 MLP for policy and value, one or two Torch threads.

Evaluation: ``--eval`` games against ``heuristic`` with the trained policy **deterministic** (the
most likely legal action), half the games in each seat (Sun, then Moon); the win rate is printed
with its 95% Wilson interval, and the training time.  The solved ``optimal`` policy, as a yardstick,
wins about 63% against ``heuristic`` at 10 hit points (``brawl sim krig --bots optimal,heuristic --hp 10``).

The defaults (10 hit points, 100,000 agent decisions, one Torch thread) trained in 133 s and 240 s
on a shared 2-core machine and won 0.601 (95% interval 0.570-0.631) and 0.606 (0.575-0.636) of
1,000 games against ``heuristic`` with seeds 1 and 2; 150,000 decisions won 0.599 (0.568-0.629).

    .venv/bin/python examples/train_krig.py                      # 10 hit points, a few minutes
    .venv/bin/python examples/train_krig.py --steps 2000 --eval 20   # a smoke run

Needs the ``train`` extra (``pip install -e ".[train]"``, see README).
"""

from __future__ import annotations

import argparse
import math
import time

from brawl.rl import gym_env


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def evaluate(model, opponent: str, games: int, options: dict, seed: int, deterministic: bool = True) -> int:
    """Wins of ``model`` in ``games`` games against ``opponent``: the first half as seat 0, the rest as seat 1."""
    wins = 0
    for seat, count in ((0, (games + 1) // 2), (1, games // 2)):
        env = gym_env("krig", opponent=opponent, seat=seat, reward="result", **options)
        for g in range(count):
            obs, info = env.reset(seed=seed + 2 * g + seat)
            done, reward = False, 0.0
            while not done:
                action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=deterministic)
                obs, reward, terminated, truncated, info = env.step(int(action))
                done = terminated or truncated
            wins += reward > 0
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=100_000, help="agent decisions to train on")
    parser.add_argument("--eval", type=int, default=1000, help="evaluation games against heuristic")
    parser.add_argument("--hp", type=int, default=10)
    parser.add_argument("--edition", default="author", choices=["author", "article"])
    parser.add_argument("--opponents", default="heuristic," * 7 + "random",
                        help="one bot per training environment, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, choices=[1, 2])
    parser.add_argument("--sampled", action="store_true", help="evaluate with sampled, not deterministic, actions")
    args = parser.parse_args()
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as error:
        raise SystemExit(f"this example needs the train extra (pip install -e '.[train]'): {error}")
    torch.set_num_threads(args.threads)
    options = {"hp": args.hp, "edition": args.edition}
    opponents = [name.strip() for name in args.opponents.split(",") if name.strip()]

    def maker(opponent: str):
        return lambda: gym_env("krig", opponent=opponent, seat=None, reward="shaped", **options)

    venv = DummyVecEnv([maker(name) for name in opponents])
    venv.seed(args.seed)
    n_steps = max(16, min(256, args.steps // len(opponents)))
    model = MaskablePPO("MlpPolicy", venv, n_steps=n_steps, batch_size=min(256, n_steps * len(opponents)),
                        n_epochs=10, learning_rate=3e-4, gamma=0.99, gae_lambda=0.95, ent_coef=0.01,
                        policy_kwargs={"net_arch": [64, 64]}, seed=args.seed, verbose=0, device="cpu")
    t0 = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    trained = time.perf_counter() - t0
    print(f"trained {model.num_timesteps:,} agent decisions at {args.hp} hit points ({args.edition}) against "
          f"{', '.join(f'{opponents.count(n)} {n}' for n in dict.fromkeys(opponents))} in {trained:.0f} s")

    t1 = time.perf_counter()
    wins = evaluate(model, "heuristic", args.eval, options, 10**9 + args.seed, deterministic=not args.sampled)
    low, high = wilson(wins, args.eval)
    mode = "sampled" if args.sampled else "deterministic"
    print(f"win rate against heuristic: {wins / args.eval:.3f} (95% interval {low:.3f}-{high:.3f}; "
          f"{wins} of {args.eval} games, half in each seat, {mode} policy; {time.perf_counter() - t1:.0f} s)")


if __name__ == "__main__":
    main()
