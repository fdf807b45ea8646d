"""PettingZoo environments for brawl games.

:class:`BrawlAECEnv` (``brawl.rl.pettingzoo_env``) is the agent-environment-cycle form: the agent
in ``agent_selection`` is always one that has a real decision.  Dice are rolled inside the
environment from its seed, a reaction (a Krig parry) is asked of the defender when it arises, and a
decision with a single legal action (the Krig charge attack) is played for the agent unless
``skip_forced=False``.  At a simultaneous decision the seats are asked one after another; each
seat's choice is sealed and stays out of the other seats' observations until all are in.

:class:`BrawlParallelEnv` (``brawl.rl.pettingzoo_parallel_env``) is for games whose decisions are
simultaneous (rock-paper-scissors, Kniggits): every step takes one action from each agent that is to
decide.  In cycles (``max_cycles``, below) every game has it, turn-based ones too.

Agents are ``player_0 .. player_{n-1}`` (seat order).  Observations are dicts
``{"observation": float32 vector, "action_mask": int8 vector}``; the layouts are in the game's
encoding (``brawl.rl.encodings.<game>``).  Rewards come at the end: +1 for a winner, -1 for every
other seat.

**Length.** ``max_decisions`` cuts a game off after that many decisions, the same way in both
forms: a turn or a reaction is one decision, and a simultaneous decision is one decision however
many seats choose in it (the AEC form asks them one after another and counts the decision once all
are in; the parallel form asks them in one step).  Rock-paper-scissors with ``max_decisions=4`` is
four rounds in both.  A game cut off is truncated with 0 for all.

**Cycles.** ``max_cycles=N`` (PettingZoo's name) makes an episode of exactly N cycles, as
PettingZoo's own cycle-limited environments are: in each cycle *every* agent steps once, and one
decision is made, by the seats whose decision is pending when the cycle opens.  An agent with
nothing to decide in a cycle passes: its action mask is all zeros and its action is ignored (any
action in the space, or None).  The AEC form walks the agents in seat order each cycle; the
parallel form is one step a cycle.  A game that ends before the N cycles are up pays its result at
once (+1/-1, its ``infos`` say ``game_over`` and count ``games``) and the next game is dealt at the
next cycle, from the same dice stream; ``max_decisions`` still cuts a single game off (0 to all,
and the next begins).  At the N-th cycle the episode ends: terminated when its last game has just
ended, truncated otherwise.  So with ``max_cycles=4`` a best-of-three rock-paper-scissors match
decided in two rounds is followed by two rounds of the next match, and a Kniggits moving phase has
the waiting side pass.  Every agent stepping in every cycle, each game has a parallel form in
cycles (turn-based ones too: one agent decides a step, the others pass) and PettingZoo's
conversions between the forms work; PettingZoo's ``max_cycles_test`` passes at the default options
of every game.  Without ``max_cycles`` an episode is one game and only the agents who decide step.

**Sampling.** ``action_space(agent).sample()`` draws a legal action of that agent at the moment
(:class:`brawl.rl.common.LegalDiscrete`), any action when it has no decision; so PettingZoo's
``parallel_seed_test`` and ``max_cycles_test``, which sample without the mask, play real games
with the default settings.
An action that is illegal now raises ``IllegalAction`` (or, with ``illegal_action="lose"``, ends
the episode with -1 for the offender and +1 for the others).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv, ParallelEnv

from ..core.game import Decision, Game, IllegalAction, Terminal
from .common import LegalDiscrete, advance, agent_name, final_returns, make, new_dice

RENDER_MODES = ["human", "ansi"]


class _Base:
    """Game, encoding and spaces shared by the AEC and the parallel environment."""

    def _setup(self, game: str | Game, render_mode: str | None, max_decisions: int | None,
               skip_forced: bool, illegal_action: str, options: dict[str, Any], max_cycles: int | None = None) -> None:
        if max_cycles is not None and int(max_cycles) < 1:
            raise ValueError("max_cycles must be at least 1")
        self.max_cycles = None if max_cycles is None else int(max_cycles)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', not {illegal_action!r}")
        self.game, self.encoding = make(game, options)
        self.render_mode = render_mode
        self.max_decisions = self.encoding.max_decisions if max_decisions is None else int(max_decisions)
        if self.max_decisions < 1:
            raise ValueError("max_decisions must be at least 1")
        self.skip_forced = skip_forced
        self.illegal_action = illegal_action
        n = self.game.num_players
        self.possible_agents = [agent_name(s) for s in range(n)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        size, actions = self.encoding.observation_size, self.encoding.num_actions
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: LegalDiscrete(actions, functools.partial(self._legal_now, a)) for a in self.possible_agents}
        self.metadata = {"render_modes": RENDER_MODES, "render_fps": 4, "name": f"brawl_{self.game.name}_v0",
                         # every agent steps in every cycle: simultaneous decisions, or cycle mode
                         "is_parallelizable": self.encoding.simultaneous or max_cycles is not None}
        self.state_ = None
        self._dice = None
        self.decisions = 0  # of the game in play
        self.cycles = 0  # of the episode (cycle mode)
        self.games = 0  # ended in the episode (cycle mode)
        self._asked: set[str] = set()  # cycle mode: who decides in the open cycle and has not yet

    def _deciding(self, agent: str) -> bool:
        """Whether ``agent`` has a decision to make now."""
        if self.state_ is None or agent not in getattr(self, "agents", ()):
            return False
        if self.max_cycles is not None:
            return agent in self._asked
        node = self.game.node(self.state_)
        return isinstance(node, Decision) and self.agent_seat[agent] in node.seats

    def _legal_now(self, agent: str) -> np.ndarray | None:
        """The agent's mask when it has a decision now (for :class:`LegalDiscrete`), else None."""
        return self._mask(agent) if self._deciding(agent) else None

    def _mask(self, agent: str) -> np.ndarray:
        if self.max_cycles is not None and not self._deciding(agent):
            return np.zeros(self.encoding.num_actions, dtype=np.int8)  # passes in this cycle
        return self.encoding.action_mask(self.state_, self.agent_seat[agent])

    def _new_game(self):
        """Deal a game and carry it to its first real decision; returns that node."""
        self.decisions = 0
        self.state_, node = advance(self.game, self.encoding, self.game.initial_state(), self._dice, self.skip_forced)
        return node

    def _game_end(self, node, loser: int | None) -> str | None:
        """How the game in play stands after a decision: ``"over"`` (a result, or a loss by an
        illegal action), ``"cut"`` (``max_decisions`` reached) or None (it goes on)."""
        if loser is not None or not isinstance(node, Decision):
            return "over"
        return "cut" if self.decisions >= self.max_decisions else None

    def _count_game(self, infos: dict[str, dict]) -> None:
        """Cycle mode: a game ended in this step; count it and say so in every agent's ``infos``."""
        self.games += 1
        for a in infos:
            infos[a] = {**infos[a], "game_over": True, "games": self.games}

    def _pass(self, agent: str, action: Any) -> None:
        """An agent without a decision in this cycle steps: its action is ignored, if it is in the space."""
        if action is not None and not self.action_spaces[agent].contains(action):
            raise ValueError(f"action {action!r} is outside {agent}'s action space")

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def _observe(self, agent: str) -> dict:
        seat = self.agent_seat[agent]
        return {"observation": self.encoding.observe(self.state_, seat), "action_mask": self._mask(agent)}

    def _decide(self, seat: int, action: Any) -> str | None:
        """Apply ``action`` of ``seat``; returns None, or the decision string when it was
        illegal and ``illegal_action == "lose"`` (nothing is applied then)."""
        name = self.encoding.decode(self.state_, seat, action)
        try:
            self.state_ = self.game.apply_action(self.state_, seat, name)
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            return name
        return None

    def _final_rewards(self, node, loser: int | None = None) -> dict[str, float]:
        if loser is not None:
            return {a: (-1.0 if self.agent_seat[a] == loser else 1.0) for a in self.possible_agents}
        if isinstance(node, Terminal):
            returns = final_returns(self.game, self.state_)
            return {a: float(returns[self.agent_seat[a]]) for a in self.possible_agents}
        return {a: 0.0 for a in self.possible_agents}

    def render_text(self) -> str:
        if self.state_ is None:
            return "(not reset)"
        head = f"{self.game.title} | decisions so far: {self.decisions}"
        if self.max_cycles is not None:
            head += f" | cycle {self.cycles} of {self.max_cycles}, games ended: {self.games}"
        lines = [head, self.encoding.render(self.state_)]
        node = self.game.node(self.state_)
        if isinstance(node, Terminal):
            who = ", ".join(self.game.seat_name(s) for s in node.winners) or "nobody"
            lines.append(f"game over: {who} won")
        elif isinstance(node, Decision):
            for seat in node.seats:
                legal = self.encoding.legal_menu(self.state_, seat)
                lines.append(f"{self.game.seat_name(seat)} ({agent_name(seat)}) to decide, {node.kind}: {legal}")
        return "\n".join(lines)

    def render(self):
        if self.render_mode is None:
            warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = self.render_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    def legal_action_names(self, agent: str) -> list[str]:
        """The decision strings legal for ``agent`` now."""
        return self.game.legal_actions(self.state_, self.agent_seat[agent])


class BrawlAECEnv(_Base, AECEnv):
    def __init__(self, game: str | Game, render_mode: str | None = None, max_decisions: int | None = None,
                 skip_forced: bool = True, illegal_action: str = "raise", max_cycles: int | None = None,
                 **options: Any) -> None:
        AECEnv.__init__(self)
        self._setup(game, render_mode, max_decisions, skip_forced, illegal_action, options, max_cycles)

    def __str__(self) -> str:
        return self.metadata["name"]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self._dice is None:
            self._dice = new_dice(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.decisions = self.cycles = self.games = 0
        if self.max_cycles is None:
            self.state_ = self.game.initial_state()
            self._carry_on()
        else:
            self._open_cycle(self._new_game())

    def _carry_on(self, loser: int | None = None) -> None:
        if loser is None:
            self.state_, node = advance(self.game, self.encoding, self.state_, self._dice, self.skip_forced)
        else:
            node = None
        if isinstance(node, Decision) and self.decisions < self.max_decisions:
            self.agent_selection = agent_name(node.seats[0])
            return
        self.rewards = self._final_rewards(node, loser)
        ended = isinstance(node, Terminal) or loser is not None
        for a in self.agents:
            self.terminations[a] = ended
            self.truncations[a] = not ended
        if isinstance(node, Decision):
            self.agent_selection = agent_name(node.seats[0])
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict:
        return self._observe(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self.max_cycles is not None:
            self._cycle_step(agent, action)
            return
        seat = self.agent_seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        node = self.game.node(self.state_)
        # a simultaneous decision counts once, when its last seat has chosen
        closes = not (isinstance(node, Decision) and node.kind == "simultaneous" and len(node.seats) > 1)
        offence = self._decide(seat, action)
        if closes or offence is not None:
            self.decisions += 1
        if offence is not None:
            for a in self.agents:
                self.infos[a] = {"illegal_action": offence, "offender": agent}
        self._carry_on(seat if offence is not None else None)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # cycle mode (max_cycles): every agent steps once a cycle, one decision is made in it

    def _open_cycle(self, node) -> None:
        """A cycle opens on ``node`` (a decision): its seats are asked, the first agent steps first."""
        self._node, self._ended = node, None
        self._asked = {agent_name(s) for s in node.seats}
        self.agent_selection = self.possible_agents[0]

    def _cycle_step(self, agent: str, action: Any) -> None:
        asked = agent in self._asked
        if not asked:
            self._pass(agent, action)
        else:
            offence = self._decide(self.agent_seat[agent], action)  # an illegal one raises: nothing changed
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {}
        if asked:
            self._asked.discard(agent)
            if offence is not None:
                self._asked = set()
                self._close_game(None, self.agent_seat[agent], {"illegal_action": offence, "offender": agent})
            elif not self._asked:
                self.decisions += 1
                self.state_, node = advance(self.game, self.encoding, self.state_, self._dice, self.skip_forced)
                if self._game_end(node, None) is None:
                    self._node = node
                else:
                    self._close_game(node, None, {})
        index = self.possible_agents.index(agent) + 1
        if index < len(self.possible_agents):
            self.agent_selection = self.possible_agents[index]
        else:
            self.cycles += 1
            if self.cycles >= self.max_cycles:
                for a in self.agents:
                    self.terminations[a] = self._ended == "over"
                    self.truncations[a] = self._ended != "over"
                self.agent_selection = self.possible_agents[0]
            else:
                self._open_cycle(self._new_game() if self._ended else self._node)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _close_game(self, node, loser: int | None, info: dict) -> None:
        """The game in play ended (or was cut off) in this cycle: its result is paid now."""
        self._ended = self._game_end(node, loser)
        self.rewards = self._final_rewards(node, loser)
        for a in self.agents:
            self.infos[a] = dict(info)
        self._count_game(self.infos)


class BrawlParallelEnv(_Base, ParallelEnv):
    def __init__(self, game: str | Game, render_mode: str | None = None, max_decisions: int | None = None,
                 skip_forced: bool = True, illegal_action: str = "raise", max_cycles: int | None = None,
                 **options: Any) -> None:
        self._setup(game, render_mode, max_decisions, skip_forced, illegal_action, options, max_cycles)
        if not self.encoding.simultaneous and self.max_cycles is None:
            raise ValueError(f"{self.game.name} has no simultaneous decisions; use brawl.rl.pettingzoo_env (AEC) for it, "
                             "or give max_cycles (episodes of cycles in which every agent steps)")
        self.agents = []

    def __str__(self) -> str:
        return self.metadata["name"]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._dice is None:
            self._dice = new_dice(seed)
        self.agents = list(self.possible_agents)
        self.cycles = self.games = 0
        self._node = self._new_game()
        self._asked = {agent_name(s) for s in self._node.seats}
        return {a: self._observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def _pass_all(self, actions: dict[str, Any], deciding: list[str]) -> None:
        for a, action in actions.items():
            if a in self.agent_seat and a not in deciding:
                self._pass(a, action)

    def step(self, actions: dict[str, Any]):
        """One action from each agent that is to decide now (others' entries are ignored, if in
        their action space)."""
        if not self.agents:
            raise ValueError("the episode is over; call reset()")
        node = self._node
        deciding = [agent_name(s) for s in node.seats]
        missing = [a for a in deciding if a not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, who are to decide now")
        # check every action first so that a bad one changes nothing
        for a in deciding:
            self.encoding.decode(self.state_, self.agent_seat[a], actions[a])
        self._pass_all(actions, deciding)
        before = self.state_
        offence = loser = None
        for a in deciding:
            try:
                offence = self._decide(self.agent_seat[a], actions[a])
            except IllegalAction:
                self.state_ = before  # a seat already sealed: undo, so a bad step changes nothing
                raise
            if offence is not None:
                loser = self.agent_seat[a]
                self.state_ = before
                break
        infos = {a: {} for a in self.agents}
        self.decisions += 1
        self.cycles += 1
        if loser is None:
            self.state_, node = advance(self.game, self.encoding, self.state_, self._dice, self.skip_forced)
            self._node = node
        else:
            node = None
            for a in infos:
                infos[a] = {"illegal_action": offence, "offender": agent_name(loser)}
        ended = self._game_end(node, loser)
        rewards = self._final_rewards(node, loser) if ended else {a: 0.0 for a in self.agents}
        last = ended is not None
        if self.max_cycles is not None:  # cycle mode: games follow one another until the last cycle
            if ended:
                self._count_game(infos)
            last = self.cycles >= self.max_cycles
            if ended and not last:
                self._node = self._new_game()
            self._asked = {agent_name(s) for s in self._node.seats} if not last else set()
        terminations = {a: last and ended == "over" for a in self.agents}
        truncations = {a: last and ended != "over" for a in self.agents}
        observations = {a: self._observe(a) for a in self.agents}
        if last:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def pettingzoo_env(game: str | Game, **options: Any) -> BrawlAECEnv:
    """A PettingZoo AEC environment for ``game`` (a name such as ``"krig"`` or a brawl Game).

    Keyword arguments: ``render_mode`` (``"ansi"`` or ``"human"``), ``max_decisions`` (a game's
    cut-off), ``max_cycles`` (an episode of that many cycles: see the module's docstring),
    ``skip_forced``, ``illegal_action``; every other keyword is a game option (``hp=5``)."""
    return BrawlAECEnv(game, **options)


def pettingzoo_parallel_env(game: str | Game, **options: Any) -> BrawlParallelEnv:
    """A PettingZoo parallel environment for a game with simultaneous decisions (``"rps"``), or for
    any game in cycles (``max_cycles``)."""
    return BrawlParallelEnv(game, **options)
