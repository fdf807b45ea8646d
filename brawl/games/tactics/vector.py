"""Tactics as a vectorised Gymnasium environment: many battles stepped by one compiled call.

:class:`TacticsVectorEnv` (``brawl.rl.vector_env("tactics", num_envs=..., opponent="random", ...)``,
or ``gym.make_vec("brawl/Tactics-v0", num_envs, vectorization_mode="vector_entry_point", ...)``;
every option the batch kernel plays: parties, custom parties, maps, levels, ``flat_footed``,
``max_rounds``, ``two_weapon_penalty``, ``prone_damage``, ``shooting_into_melee``) holds ``num_envs``
battles, each with its own dice stream (SplitMix64, seeded from ``reset(seed)``), and steps all of
them in one Numba call over every core.

Seats.  The agent is ``seat`` (0, the first party, by default) in every battle; the other side is
played inside the kernel by ``opponent``: ``random`` (uniform over the legal decisions) or
``heuristic`` (the choices of the ``heuristic`` bot), as in :mod:`.batch`.  The agent is asked
exactly what ``brawl.rl.gym_env("tactics", seat=seat)`` asks: its side's turn decisions and its
attacks of opportunity, each only when it has two or more legal decisions (a single one is played
for it, as ``gym_env``'s ``skip_forced`` does).  ``opponent="self"`` asks the caller for both sides:
``infos["seat"]`` says which side each battle asks now (its observation and mask are that side's
view), the reward is that of the side that decided, and ``infos["winner"]`` gives each battle that
ended in the step its winning side (-1 for a draw, or when it did not end).

Spaces: each battle's observation is the Tactics encoding's (``brawl/games/tactics/encoding.py``,
``observe``: 160 floats) seen by the side asked, its action ``Discrete`` of the encoding's actions
(340 on the 16 x 8 maps); ``infos["action_mask"]`` is ``(num_envs, actions)`` int8, the encoding's
``action_mask``.  Rewards are ``gym_env``'s (``reward="margin"`` by default, ``"result"`` or
``"shaped"``; float64): +1 a win, -1 a loss, and a draw (the round limit) or a cut-off after
``max_decisions`` decisions of the agent pays ``0.5 * margin`` (hit points left against the foes');
an illegal action ends the battle as a loss (-1).  A battle is reset in the same step
(``SAME_STEP``), and the step's infos carry the ended battles' last observations, ``final_obs``, and
``final_info`` (:func:`brawl.rl.vector.step_infos`): the finished field, or for a cut-off the
question left open and its mask.  A new battle decided before the agent is first asked shows its end
with every action marked, and the next step reports it, as ``gym_env`` does.
``render_mode="ansi"``: ``render()`` gives a line per battle.

How it runs.  A battle lives in the batch kernel's arrays, so it stops at the agent's question and
goes on from there (:mod:`.batch_agent`: the loop, the answer, the observation and mask written in
compiled code from the encoding's own layout and action list, :mod:`.vector_tables`;
:mod:`.batch_agent_step`: the step of every battle).  ``tests/rl/test_rl_vector_tactics.py`` plays it
against ``gym_env`` on a tape of dice.
"""

from __future__ import annotations

import gymnasium as gym
import numba
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ...rl.vector import check_render_mode, step_infos
from ...sim.kernel import _chunk_seed
from . import batch as B
from . import batch_tables as T
from .batch_agent import MARGIN, PATH_LEN, RESULT, SHAPED, STACK_ROWS, _drop_stale_cache  # noqa: F401
from .batch_agent_step import E_OVER, E_SEAT, NE, per_task, step_all
from .batch_game import S_SIZE, STACK_WIDTH
from .encoding import TacticsEncoding
from .vector_tables import agent_tables

OPPONENTS = ("random", "heuristic", "self")
DRAW_WEIGHT = 0.5  # gym_env's weight of the margin at a draw and of the shaping (brawl.rl.gymnasium_env)


def _announce(kernel) -> None:
    """Say on stderr that the environment's step compiles now (minutes the first time on a machine),
    when it is neither compiled in this process nor in Numba's cache (:func:`.batch.say_if_compiling`)."""
    B.say_if_compiling(kernel, "brawl: compiling the Tactics vector environment (a few minutes, once: it is "
                               "cached after)")

REWARDS = {"margin": MARGIN, "result": RESULT, "shaped": SHAPED}


class TacticsVectorEnv(gym.vector.VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}

    def __init__(self, num_envs: int = 1024, opponent: str = "random", seat: int = 0, reward: str = "margin",
                 max_decisions: int | None = None, render_mode: str | None = None, **options) -> None:
        self.render_mode = check_render_mode(render_mode, self.metadata)
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if opponent == "self" and reward == "shaped":
            raise ValueError("reward='shaped' follows one seat's margin; with opponent='self' use 'margin' or 'result'")
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        self.game = B._game(options)  # the rules' own checks of the options
        why = T.vector_unsupported(self.game)
        if why:
            raise ValueError("the vectorised Tactics environment does not play " + ", ".join(why))
        self.encoding = TacticsEncoding(self.game)
        arrays = B._arrays(self.game)
        self._U0, self._tabs = arrays[0], tuple(arrays[1:])
        self._AT = agent_tables(self.game, self.encoding)
        self.opponent, self.seat, self.reward = opponent, int(seat), reward
        self._opponent = B.POLICIES.get(opponent, 0)
        self.selfplay = opponent == "self"
        self.max_decisions = TacticsEncoding.max_decisions if max_decisions is None else int(max_decisions)
        self.num_envs = N = int(num_envs)
        self._step = step_all
        obs_n, act_n = self.encoding.observation_size, self.encoding.num_actions
        self.single_observation_space = spaces.Box(0.0, 1.0, (obs_n,), np.float32)
        self.single_action_space = spaces.Discrete(act_n)
        self.observation_space = spaces.Box(0.0, 1.0, (N, obs_n), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(N, act_n))
        n = self._U0.shape[0]
        self._src = np.zeros(N, np.uint64)
        self._U = np.zeros((N, n, self._U0.shape[1]), np.int64)
        self._S = np.zeros((N, S_SIZE), np.int64)
        self._STK = np.zeros((N, STACK_ROWS, STACK_WIDTH), np.int64)
        self._PATH = np.zeros((N, PATH_LEN), np.int64)
        self._E = np.zeros((N, NE), np.int64)
        self._mask = np.zeros((N, act_n), np.int8)
        self._obs = np.zeros((N, obs_n), np.float32)
        self._asked = np.zeros(N, np.int64)
        self._potential = np.zeros(N, np.float64)
        # each step's last observations and masks of the battles that ended in it (rows written only
        # there; kept from step to step, since a fresh array of this size costs milliseconds a step)
        self._final = np.zeros((N, obs_n), np.float32)
        self._final_mask = np.zeros((N, act_n), np.int8)

    def _run(self, actions: np.ndarray, fresh: bool):
        N = self.num_envs
        rewards, term, trunc = np.zeros(N, np.float64), np.zeros(N, np.bool_), np.zeros(N, np.bool_)
        winner = np.full(N, -1, np.int64)
        _announce(self._step)
        self._step(self._src, self._U, self._S, self._STK, self._PATH, self._E, self._mask, self._obs, actions,
                   self._tabs, self._U0, self._AT, self.seat, self._opponent, self.selfplay, REWARDS[self.reward],
                   DRAW_WEIGHT, self.max_decisions, fresh, rewards, term, trunc, winner, self._asked, self._final,
                   self._final_mask, self._potential, per_task(N, numba.get_num_threads()))
        extra = {"seat": self._asked.copy()} if self.selfplay else {}
        if self.selfplay and not fresh:
            extra["winner"] = winner
        done = None if fresh else term | trunc
        final_info = None
        if done is not None and done.any():  # the ended battles' rows, copied out (step_infos copies final_obs's)
            final_info = {"action_mask": np.where(done[:, None], self._final_mask, np.int8(0))}
        info = step_infos(self._mask.copy(), extra, done, self._final, final_info)
        return self._obs.copy(), rewards, term, trunc, info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        self._src[:] = [_chunk_seed(np.uint64(seed), np.uint64(g)) for g in range(self.num_envs)]
        obs, _, _, _, info = self._run(np.zeros(self.num_envs, np.int64), True)
        return obs, info

    def step(self, actions):
        actions = np.asarray(actions, np.int64).reshape(self.num_envs)
        n = self.single_action_space.n
        if actions.min() < 0 or actions.max() >= n:
            raise ValueError(f"actions are 0..{n - 1}")
        return self._run(actions, False)

    def action_masks(self) -> np.ndarray:
        return self._mask.copy()

    def render(self):
        """One line per battle (``render_mode="ansi"``): each character's hit points and square, who
        is down or dead, and the side asked now."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        game, U = self.game, self._U
        out = []
        for g in range(self.num_envs):
            chars = " | ".join(f"{game.name_of(j)} hp {U[g, j, T.HP]} at {U[g, j, T.X]},{U[g, j, T.Y]}"
                               + (" dead" if U[g, j, T.DEAD] else "") for j in range(U.shape[1]))
            ask = (" | over before the first question" if self._E[g, E_OVER]
                   else f" | asks {game.seat_name(int(self._E[g, E_SEAT]))}")
            out.append(f"battle {g}: {chars}{ask}")
        return tuple(out)

