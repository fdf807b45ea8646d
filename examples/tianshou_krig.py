"""Tianshou recipe: DQN with action masking on Krig against the heuristic bot.

Needs Tianshou and PyTorch (``pip install tianshou torch``), which the ``rl`` extra does not pin:
PyTorch's wheel from the package index is the CUDA build with its GPU libraries, gigabytes to fetch,
too heavy for the project's test machines.  The brawl side: Tianshou's DQN masks actions with an
observation ``{"obs": vector, "mask": legal}``; ``gym_env(..., dict_observation=True)`` gives
``{"observations", "action_mask"}``, renamed by a small wrapper below.

Run: ``python examples/tianshou_krig.py --epochs 5``.
"""

from __future__ import annotations

import argparse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=5)
    args = parser.parse_args()
    try:
        import torch
        from tianshou.data import Collector, VectorReplayBuffer
        from tianshou.env import DummyVectorEnv
        from tianshou.policy import DQNPolicy
        from tianshou.trainer import OffpolicyTrainer
        from tianshou.utils.net.common import Net
    except ImportError as error:
        raise SystemExit(f"this recipe needs Tianshou and PyTorch (pip install tianshou torch): {error}")
    from brawl.rl import gym_env

    import gymnasium as gym

    class TianshouKeys(gym.ObservationWrapper):
        def __init__(self, env):
            super().__init__(env)
            inner = env.observation_space
            self.observation_space = gym.spaces.Dict({"obs": inner["observations"], "mask": inner["action_mask"]})

        def observation(self, obs):
            return {"obs": obs["observations"], "mask": obs["action_mask"].astype(bool)}

    def make():
        return TianshouKeys(gym_env("krig", opponent="heuristic", hp=10, dict_observation=True))

    train, test = DummyVectorEnv([make for _ in range(8)]), DummyVectorEnv([make for _ in range(4)])
    env = make()
    net = Net(env.observation_space["obs"].shape, env.action_space.n, hidden_sizes=[64, 64])
    optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    policy = DQNPolicy(model=net, optim=optim, action_space=env.action_space, discount_factor=0.99,
                       target_update_freq=200)
    collector = Collector(policy, train, VectorReplayBuffer(20_000, 8), exploration_noise=True)
    result = OffpolicyTrainer(policy=policy, train_collector=collector,
                              test_collector=Collector(policy, test), max_epoch=args.epochs, step_per_epoch=5000,
                              step_per_collect=80, episode_per_test=50, batch_size=64).run()
    print(result)


if __name__ == "__main__":
    main()
