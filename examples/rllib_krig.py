"""RLlib recipe: PPO with action masking on Krig against the heuristic bot.

Needs RLlib and PyTorch (``pip install "ray[rllib]" torch``), which the ``rl`` extra does not pin:
PyTorch's wheel from the package index is the CUDA build with its GPU libraries, gigabytes to fetch,
too heavy for the project's test machines.  The brawl side is all in ``brawl.rl``:

- ``dict_observation=True`` gives ``{"observations", "action_mask"}``, the keys RLlib's
  action-masking module (``ActionMaskingTorchRLModule``) reads;
- the action space's ``sample()`` draws a legal action, so RLlib's environment pre-check, which steps
  with unmasked samples, plays a real game;
- the environment is registered as ``brawl/Krig-v0`` on ``import brawl.rl``.

Run: ``python examples/rllib_krig.py --iterations 20``.
"""

from __future__ import annotations

import argparse


def env_creator(config: dict):
    import brawl.rl  # noqa: F401  (registers the environments)
    from brawl.rl import gym_env

    return gym_env("krig", opponent=config.get("opponent", "heuristic"), hp=config.get("hp", 10),
                   dict_observation=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20)
    args = parser.parse_args()
    try:
        from ray.rllib.algorithms.ppo import PPOConfig
        from ray.rllib.core.rl_module.rl_module import RLModuleSpec
        from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
        from ray.tune.registry import register_env
    except ImportError as error:
        raise SystemExit(f"this recipe needs RLlib and PyTorch (pip install 'ray[rllib]' torch): {error}")
    register_env("brawl_krig_masked", env_creator)
    config = (
        PPOConfig()
        .environment("brawl_krig_masked", env_config={"opponent": "heuristic", "hp": 10})
        .rl_module(rl_module_spec=RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                               model_config={"head_fcnet_hiddens": [64, 64]}))
        .env_runners(num_env_runners=1)
    )
    algo = config.build_algo()
    for i in range(args.iterations):
        result = algo.train()
        print(i, result["env_runners"]["episode_return_mean"])


if __name__ == "__main__":
    main()
