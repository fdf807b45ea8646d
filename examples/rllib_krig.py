"""RLlib recipe: PPO with action masking on Krig against the heuristic bot.

Needs Ray (the ``ray`` extra) and the ``train`` extra (PyTorch and RLlib's other requirements; see
README).  RLlib's own ``ray[rllib]`` extra pins gymnasium 1.2.2 while brawl pins 1.4.0, so the
``train`` extra lists RLlib's other requirements instead; RLlib runs with gymnasium 1.4.0 here.
The brawl side is all in ``brawl.rl``:

- ``dict_observation=True`` gives ``{"observations", "action_mask"}``, the keys RLlib's
  action-masking module (``ActionMaskingTorchRLModule``) reads;
- the action space's ``sample()`` draws a legal action, so RLlib's environment pre-check, which steps
  with unmasked samples, plays a real game;
- the environment is registered as ``brawl/Krig-v0`` on ``import brawl.rl``.

Training runs in this process (no extra environment runners, which a shared 2-core machine does not
have to spare), with the shaped reward (the result plus half the change of the hit-point margin).
At the end the trained module plays ``--eval`` games against ``heuristic`` greedily (the most likely
legal action), seats drawn per game, and the win rate is printed with a 95% interval.  It is a
recipe, little tuned; the default run (20 iterations of 2,000 steps, about three minutes of training
on a shared 2-core machine, plus half a minute to start Ray) won 0.578 ± 0.043 of 500 games against
``heuristic``.  ``examples/train_krig.py`` measures its agent over 1,000 games.

Run: ``python examples/rllib_krig.py --iterations 20``; ``--iterations 1 --eval 10`` is a smoke run.
"""

from __future__ import annotations

import argparse
import math
import time


def env_creator(config: dict):
    import brawl.rl  # noqa: F401  (registers the environments)
    from brawl.rl import gym_env

    return gym_env("krig", opponent=config.get("opponent", "heuristic"), hp=config.get("hp", 10),
                   seat=config.get("seat", None), reward=config.get("reward", "shaped"), dict_observation=True)


def evaluate(module, games: int, hp: int, seed: int) -> int:
    """Games won by ``module`` (greedy) against heuristic out of ``games``."""
    import numpy as np
    import torch

    env = env_creator({"hp": hp, "reward": "result"})
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            batch = {"obs": {k: torch.as_tensor(np.asarray(v, np.float32))[None] for k, v in obs.items()}}
            with torch.no_grad():
                logits = module.forward_inference(batch)["action_dist_inputs"][0]
            obs, reward, terminated, truncated, _ = env.step(int(torch.argmax(logits)))
            done = terminated or truncated
        wins += reward > 0
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--batch", type=int, default=2000, help="environment steps per training iteration")
    parser.add_argument("--eval", type=int, default=500, help="evaluation games against heuristic")
    parser.add_argument("--hp", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import ray
        import torch
        from ray.rllib.algorithms.ppo import PPOConfig
        from ray.rllib.core.rl_module.rl_module import RLModuleSpec
        from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
        from ray.tune.registry import register_env
    except ImportError as error:
        raise SystemExit(f"this recipe needs Ray and the train extra (pip install -e '.[ray,train]'): {error}")
    torch.set_num_threads(1)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    register_env("brawl_krig_masked", env_creator)
    config = (
        PPOConfig()
        .environment("brawl_krig_masked", env_config={"opponent": "heuristic", "hp": args.hp})
        .rl_module(rl_module_spec=RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                               model_config={"head_fcnet_hiddens": [64, 64]}))
        .env_runners(num_env_runners=0, num_envs_per_env_runner=4)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=min(128, args.batch), num_epochs=5,
                  lr=3e-4, entropy_coeff=0.01)
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    t0 = time.perf_counter()
    steps = 0
    for i in range(1, args.iterations + 1):
        result = algo.train()
        runners = result["env_runners"]
        steps = runners.get("num_env_steps_sampled_lifetime", steps)
        print(f"iteration {i:3d}: mean shaped return {runners.get('episode_return_mean', float('nan')):+.3f}")
    trained = time.perf_counter() - t0
    print(f"trained {int(steps):,} environment steps ({args.hp} hit points, against heuristic) in {trained:.0f} s")
    module = algo.get_module()
    wins = evaluate(module, args.eval, args.hp, 10**9 + args.seed)
    rate = wins / args.eval
    half = 1.96 * math.sqrt(rate * (1 - rate) / args.eval)
    print(f"greedy PPO against heuristic: {rate:.3f} ± {half:.3f} won ({wins} of {args.eval} games, seats drawn per game)")
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
