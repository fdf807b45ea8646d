"""Tianshou recipe: DQN with action masking on Krig against the heuristic bot.

Needs the ``train`` extra (``pip install -e ".[train]"``: Tianshou 2 and PyTorch, see README).
The brawl side: Tianshou's DQN masks actions when the observation is ``{"obs": vector, "mask":
legal}``; ``gym_env(..., dict_observation=True)`` gives ``{"observations", "action_mask"}``,
renamed by a small wrapper below.  Training plays 8 games at once with the shaped reward (the
result plus half the change of the hit-point margin), epsilon-greedy from 0.3 down to 0.05; the
test is ``--eval`` games against ``heuristic`` with the greedy policy, seats drawn per game, and its
win rate is printed with a 95% interval.  It is a recipe, little tuned; the default run (5 epochs of
10,000 steps, about three minutes of training on a shared 2-core machine) won 0.610 ± 0.043 of 500
games against ``heuristic``.  ``examples/train_krig.py`` measures its agent over 1,000 games.

Run: ``python examples/tianshou_krig.py --epochs 5`` (a few minutes); ``--epochs 1 --steps 2000 --eval 20``
is a smoke run.
"""

from __future__ import annotations

import argparse
import math
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=10_000, help="environment steps per epoch")
    parser.add_argument("--eval", type=int, default=500, help="evaluation games against heuristic")
    parser.add_argument("--hp", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import numpy as np
        import torch
        from tianshou.algorithm import DQN
        from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
        from tianshou.algorithm.optim import AdamOptimizerFactory
        from tianshou.data import Collector, VectorReplayBuffer
        from tianshou.env import DummyVectorEnv
        from tianshou.trainer import OffPolicyTrainerParams
        from tianshou.utils.net.common import Net
    except ImportError as error:
        raise SystemExit(f"this recipe needs the train extra (pip install -e '.[train]'): {error}")
    import gymnasium as gym

    from brawl.rl import gym_env

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)

    class TianshouKeys(gym.ObservationWrapper):
        """``{"observations", "action_mask"}`` renamed to the ``{"obs", "mask"}`` that Tianshou's DQN reads."""

        def __init__(self, env):
            super().__init__(env)
            inner = env.observation_space
            self.observation_space = gym.spaces.Dict({"obs": inner["observations"], "mask": inner["action_mask"]})

        def observation(self, obs):
            return {"obs": obs["observations"], "mask": obs["action_mask"].astype(bool)}

    def make(reward: str):
        return lambda: TianshouKeys(gym_env("krig", opponent="heuristic", seat=None, hp=args.hp, reward=reward,
                                            dict_observation=True))

    train_envs = DummyVectorEnv([make("shaped") for _ in range(8)])
    test_envs = DummyVectorEnv([make("result") for _ in range(4)])
    train_envs.seed(args.seed)
    test_envs.seed(args.seed + 1000)
    env = make("result")()
    net = Net(state_shape=env.observation_space["obs"].shape, action_shape=env.action_space.n, hidden_sizes=[64, 64])
    policy = DiscreteQLearningPolicy(model=net, action_space=env.action_space, eps_training=0.3, eps_inference=0.0)
    algorithm = DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-3), gamma=0.99, n_step_return_horizon=3,
                    target_update_freq=200)
    train_collector = Collector(algorithm, train_envs, VectorReplayBuffer(20_000, 8), exploration_noise=True)
    test_collector = Collector(algorithm, test_envs)
    train_collector.reset()
    train_collector.collect(n_step=min(1000, args.steps), random=True)

    def training_fn(epoch: int, env_step: int) -> None:
        total = args.epochs * args.steps
        policy.set_eps_training(max(0.05, 0.3 - 0.25 * env_step / max(1, total // 2)))

    t0 = time.perf_counter()
    algorithm.run_training(OffPolicyTrainerParams(
        training_collector=train_collector, test_collector=test_collector, max_epochs=args.epochs,
        epoch_num_steps=args.steps, collection_step_num_env_steps=80, test_step_num_episodes=min(20, args.eval), batch_size=64,
        update_step_num_gradient_steps_per_sample=0.125, training_fn=training_fn, verbose=False, show_progress=False))
    trained = time.perf_counter() - t0
    print(f"trained {args.epochs * args.steps:,} environment steps "
          f"(8 games at a time, {args.hp} hit points, against heuristic) in {trained:.0f} s")

    test_collector.reset()
    stats = test_collector.collect(n_episode=args.eval)
    returns = np.asarray(stats.returns)
    wins, games = int((returns > 0).sum()), len(returns)
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(f"greedy DQN against heuristic: {rate:.3f} ± {half:.3f} won ({wins} of {games} games, seats drawn per game)")


if __name__ == "__main__":
    main()
