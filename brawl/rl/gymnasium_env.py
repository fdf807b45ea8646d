"""A Gymnasium environment: one seat of a brawl game against brawl bots.

``gym_env("krig", opponent="heuristic", hp=10)``: the agent plays seat ``seat`` (default 0;
``seat=None`` draws a seat for each episode), every other seat is played by the named bot
(``brawl.bots.make_bot``; a list gives one bot name per other seat).  Dice are rolled inside from
the episode's seed, and the agent is asked only for its own real decisions (turns and reactions;
a decision with one legal action is played for it unless ``skip_forced=False``).

Spaces: ``observation_space`` is the game's observation vector (``Box(0, 1, (n,), float32)``,
layout in ``brawl.rl.encodings.<game>``); ``action_space`` is ``Discrete(len(actions))``.  The legal
actions of the moment are ``info["action_mask"]`` (int8) and ``env.action_masks()``.

Reward (``reward=``):

- ``"margin"`` (the default): +1 for a win and -1 for a loss at the end, 0 before; a game that
  ends with no single winner (a draw: Tactics at its round limit, KtOG when everyone falls) or is
  cut off pays ``0.5 * margin``, where the margin (``encoding.margin``, in [-1, 1]) is how the seat
  stands: hit points left against the opponents' (Krig, KtOG, Tactics), kniggits still fighting
  (Kniggits), rounds won (rps).  An agent against ``random`` in Tactics, where nearly every game
  reaches the round limit, so sees which draws were good.  The game's rules are unchanged.
- ``"result"``: only the result (+1, -1, and 0 for a draw or a cut-off).
- ``"shaped"``: the result, plus after every step ``0.5 * (margin after - margin before)``
  (a potential-based shaping: it adds up to ``0.5 * final margin`` and does not change which
  policies are best).

An episode cut off after ``max_decisions`` decisions of the agent is truncated.  An action that is in the action space but
illegal now ends the episode as a loss (reward -1, ``info["illegal_action"]``) by default, the
usual reading for learning agents; ``illegal_action="raise"`` raises ``IllegalAction`` instead
(and changes nothing).  An action outside the action space always raises ``ValueError``.
``action_space.sample()`` draws a legal action of the moment (:class:`brawl.rl.common.LegalDiscrete`;
``sample(mask)`` as usual), so checkers that step with unmasked samples play real games.

``dict_observation=True`` makes each observation ``{"observations": vector, "action_mask": mask}``
(the keys RLlib's action-masking module reads; see ``examples/rllib_krig.py``).

Registered ids (on ``import brawl.rl``): ``gym.make("brawl/Krig-v0", opponent="heuristic", hp=5)``,
one per encoded game (``brawl.rl.gym_ids()``).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..core.game import Decision, Game, IllegalAction, Terminal
from .common import LegalDiscrete, advance, final_returns, make, new_dice

REWARDS = ("margin", "result", "shaped")
DRAW_WEIGHT = 0.5


class BrawlGymEnv(gym.Env):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(self, game: str | Game, opponent: str | list[str] = "random", seat: int | None = 0,
                 render_mode: str | None = None, max_decisions: int | None = None, skip_forced: bool = True,
                 illegal_action: str = "lose", reward: str = "margin", dict_observation: bool = False,
                 **options: Any) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', not {illegal_action!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward_kind = reward
        self.dict_observation = bool(dict_observation)
        self.game, self.encoding = make(game, options)
        n = self.game.num_players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or None (a seat drawn per episode), not {seat!r}")
        names = [opponent] * (n - 1) if isinstance(opponent, str) else list(opponent)
        if len(names) != n - 1:
            raise ValueError(f"{self.game.name} with {n} players needs {n - 1} opponent bots, got {len(names)}")
        for name in names:  # refuse unknown bot names now, with the list of known ones
            make_bot(self.game.name, name, seed=0, game=self.game)
        self.opponents = names
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.max_decisions = self.encoding.max_decisions if max_decisions is None else int(max_decisions)
        self.skip_forced = skip_forced
        self.illegal_action = illegal_action
        vector = spaces.Box(0.0, 1.0, (self.encoding.observation_size,), np.float32)
        if self.dict_observation:
            self.observation_space = spaces.Dict({
                "observations": vector, "action_mask": spaces.Box(0, 1, (self.encoding.num_actions,), np.int8)})
        else:
            self.observation_space = vector
        self.action_space = LegalDiscrete(self.encoding.num_actions, self._legal_now)
        self.metadata = {**self.metadata, "name": f"brawl_{self.game.name}_vs_{'_'.join(sorted(set(names)))}"}
        self.state_ = None
        self._node = None
        self.seat = seat if seat is not None else 0
        self.decisions = 0

    # -- the loop ------------------------------------------------------------------------------
    def _bot_choice(self, state: Any, seat: int) -> str:
        return self.bots[seat].choose(self.game, state, seat)

    def _run(self) -> tuple[Any, Any]:
        """Carry on until the agent's decision or the end."""
        return advance(self.game, self.encoding, self.state_, self.dice, self.skip_forced,
                       stop=lambda node: self.seat in node.seats, choose=self._bot_choice)

    def _info(self) -> dict:
        return {"action_mask": self.action_masks()}

    def _legal_now(self) -> np.ndarray | None:
        if self.state_ is None or not isinstance(self._node, (Decision, Terminal)):
            return None
        return self.action_masks()

    def _obs(self, mask: np.ndarray | None = None):
        vec = self.encoding.observe(self.state_, self.seat)
        if not self.dict_observation:
            return vec
        return {"observations": vec, "action_mask": self.action_masks() if mask is None else mask}

    def _margin(self) -> float:
        return float(self.encoding.margin(self.state_, self.seat))

    def _end_reward(self, terminated: bool) -> float:
        """The reward of the last step of an episode (terminated, or cut off)."""
        if terminated:
            result = final_returns(self.game, self.state_)[self.seat]
            decided = len(self.game.winners(self.state_)) == 1 or self.game.num_players > 2 and self.game.winners(self.state_)
        else:
            result, decided = 0.0, False
        if self.reward_kind == "margin" and not decided:
            return DRAW_WEIGHT * self._margin()
        return float(result)

    def action_masks(self) -> np.ndarray:
        """Legal actions of the agent now (int8, one per action number).  When the game ended
        before the agent's first decision (a Krig critical at low hit points), every action is
        marked and the next step, whatever its action, only reports the result."""
        if isinstance(self._node, Terminal) and self.decisions == 0:
            return np.ones(self.encoding.num_actions, dtype=np.int8)
        return self.encoding.action_mask(self.state_, self.seat)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        n = self.game.num_players
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(n))
        else:
            self.seat = self.fixed_seat
        self.dice = new_dice(int(self.np_random.integers(2**63 - 1)))
        others = [s for s in range(n) if s != self.seat]
        self.bots = {s: make_bot(self.game.name, name, seed=int(self.np_random.integers(2**63 - 1)), game=self.game)
                     for s, name in zip(others, self.opponents)}
        self.decisions = 0
        self.state_ = self.game.initial_state()
        self.state_, self._node = self._run()
        self._potential = self._margin() if self.reward_kind == "shaped" else 0.0
        return self._obs(), self._info()

    def step(self, action: Any):
        if self.state_ is None:
            raise ValueError("call reset() before step()")
        node = self._node
        if isinstance(node, Terminal) and self.decisions == 0:
            # the game ended before the agent's first decision: this step only reports it
            self.encoding.decode(self.state_, self.seat, action)  # still refuse actions outside the space
            self._node = None
            reward = self._end_reward(True)
            return self._obs(), reward, True, False, {"action_mask": self.action_masks()}
        if not isinstance(node, Decision):
            raise ValueError("the episode is over; call reset()")
        name = self.encoding.decode(self.state_, self.seat, action)
        # At a simultaneous decision the bots choose before seeing anything of the agent's choice.
        others = [s for s in node.seats if s != self.seat] if node.kind == "simultaneous" else []
        bot_choices = {s: self._bot_choice(self.state_, s) for s in others}
        try:
            state = self.game.apply_action(self.state_, self.seat, name)
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            self._node = None
            info = {"action_mask": np.zeros(self.encoding.num_actions, np.int8), "illegal_action": name}
            return self._obs(info["action_mask"]), -1.0, True, False, info
        for s, choice in bot_choices.items():
            state = self.game.apply_action(state, s, choice)
        self.state_ = state
        self.decisions += 1
        self.state_, self._node = self._run()
        terminated = isinstance(self._node, Terminal)
        truncated = not terminated and self.decisions >= self.max_decisions
        reward = self._end_reward(terminated) if (terminated or truncated) else 0.0
        if self.reward_kind == "shaped":
            potential = self._margin()
            reward += DRAW_WEIGHT * (potential - self._potential)
            self._potential = potential
        info = self._info()
        if truncated:
            self._node = None
        if self.render_mode == "human":
            self.render()
        return self._obs(info["action_mask"]), reward, terminated, truncated, info

    def render(self):
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = "(not reset)" if self.state_ is None else (
            f"{self.game.title}: you are {self.game.seat_name(self.seat)} | decisions so far: {self.decisions}\n"
            + self.encoding.render(self.state_))
        node = self._node if self.state_ is not None else None
        if isinstance(node, Decision):
            legal = self.encoding.legal_menu(self.state_, self.seat)
            text += f"\nyour decision ({node.kind}): {legal}"
        elif isinstance(node, Terminal):
            text += "\ngame over: " + ("you won" if self.seat in node.winners else "you lost")
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def gym_env(game: str | Game, opponent: str | list[str] = "random", **options: Any) -> BrawlGymEnv:
    """A Gymnasium environment: seat ``seat`` (default 0) of ``game`` against ``opponent`` bots.

    Keyword arguments: ``seat``, ``render_mode``, ``max_decisions``, ``skip_forced``,
    ``illegal_action``, ``reward``, ``dict_observation``; every other keyword is a game option (``hp=5``)."""
    return BrawlGymEnv(game, opponent=opponent, **options)
