"""Kniggits as a vectorised Gymnasium environment: many games stepped by one compiled call.

:class:`KniggitsVectorEnv` (``brawl.rl.vector_env("kniggits", num_envs=..., opponent="random",
points=..., table=..., ...)``, or ``gym.make_vec("brawl/Kniggits-v0", num_envs,
vectorization_mode="vector_entry_point", ...)``) holds ``num_envs`` games of Kniggits, each with its
own stream of random draws for the bots (SplitMix64, seeded from ``reset(seed)``; Kniggits has no
dice), and steps all of them in one Numba call.  Its options are a battle, the joust or the
scenarios with things to carry (flag, princess, grail) on the measured table, with any table, scale,
terrain, points, disengaging, turn limit, the potions and the advanced rules (horses, magic swords,
double defense, two swords, archers: :mod:`.vector_items`, :mod:`.vector_advanced`), alone or
together, the things beside the advanced rules too; what the kernel does not play
(:func:`.batch.unsupported`: a real table) raises ``ValueError``.

Seats.  The agent is seat 0 (Red) in every game; seat 1 is played inside the kernel by
``opponent``: ``random`` (the rules' own random decisions) or ``heuristic`` (the heuristic bot), as
in :mod:`.batch`.  The agent is asked exactly what ``brawl.rl.gym_env("kniggits", seat=0)`` asks:
its army, each round of rock-paper-scissors, each decision of its moving phase (a menu move, facing
an enemy, a magic sword's second target, an archer's aim, picking a thing up or putting it down,
ending the phase), turning, and its hands in each fight where it has a choice; a decision with a
single legal action in the encoding's menu is played for it (``skip_forced``).  At a simultaneous
decision (armies, rock-paper-scissors, hands) the opponent chooses without seeing the agent's choice.

Spaces: each game's observation and action are the Kniggits encoding's
(``brawl/games/kniggits/encoding.py``; their sizes depend on the options through the largest
army): ``Box(0, 1, (encoding.observation_size,))`` and ``Discrete(encoding.num_actions)``;
``infos["action_mask"]`` is ``(num_envs, actions)`` int8, the encoding's ``action_mask``.  The
reward is ``gym_env``'s default (``reward="margin"``): +1 for a win, -1 for a loss, and for a draw
(both armies routed at once, or level at the turn limit) or an episode cut off after
``max_decisions`` decisions half the margin (the share of the agent's kniggits still fighting less
the enemy's).  An illegal action ends the game as a loss (-1).  A game is reset in the same step
(``SAME_STEP``), and the step's infos carry the ended games' last observations, ``final_obs``, and
``final_info`` (:func:`brawl.rl.vector.step_infos`).  A new game decided before the agent is first
asked (both armies without a kniggit fit to fight, at very few points) shows its end with every
action marked, and the next step reports it, as ``gym_env`` does.  ``render_mode="ansi"``:
``render()`` gives a line per game.

Self-play: ``opponent="self"`` asks the caller for both seats' decisions (seat 0 first at a
simultaneous one, and seat 1 sees nothing of its choice); ``infos["seat"]`` says which seat each game
asks now, the reward is that of the seat that made the step's decision, and ``infos["winner"]``
gives each game that ended in the step its winner (-1 for a draw, -2 where no game ended).

How it runs: :mod:`.vector_game` (the kernel's game as a walk that stops where an agent is asked)
and :mod:`.vector_view` (the encoding's observation and mask from the kernel's arrays), with
:mod:`.vector_items` (the things) and :mod:`.vector_advanced` (the advanced rules' fights).
``tests/rl/test_rl_vector_kniggits.py`` plays it against the engine on a tape of draws.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from numba import njit

from ...rl.vector import check_render_mode, step_infos
from ...sim.kernel import _chunk_seed, drop_stale_cache
from .batch_moves import FIGHTING, NROWS, SEAT, STATUS
from .encoding import MENU_MOVES
from .vector_game import answer, start_game
from .vector_view import (ASKED, DECIDED, NK, NS, OVER, OVER_PHASE, PHASE, PHASES, TURNS, WINNER, look, margin,
                          tables)

OPPONENTS = ("random", "heuristic", "self")
EARLY = 1  # ``S[g, OVER]`` of a game decided before its agent was first asked, not yet reported
NOT_ENDED = -2  # ``infos["winner"]`` of a game that did not end in the step


@njit(cache=True)
def _end_reward(K, S, seat):
    """``gym_env``'s reward (``margin``) at the end for ``seat``: +1, -1, or half the margin."""
    if S[WINNER] == seat:
        return 1.0
    if S[WINNER] == 1 - seat:
        return -1.0
    return 0.5 * margin(K, S, seat)


@njit(cache=True)
def _step_all(srcs, S, F, K, XY, Js, mask, obs, actions, o, g, w, t, sc, rows, agent, max_decisions, fresh, rewards,
              term, trunc, winner, asked, final, final_mask, Ts):
    """Every game answers its action and plays on to its next question (``fresh``: every game starts
    anew, as ``reset`` does); a game that ends or is cut off writes its last observation into
    ``final`` (a cut-off its open question's mask into ``final_mask``) and starts anew at once.
    ``obs`` holds each game's observation of the last step (shown again as ``final`` when that
    game ends now).  ``Ts`` holds each game's things (:mod:`.batch_items`), in ``w.things`` while
    that game steps.  The records are read here once: a compiled call that takes one counts a
    reference to each of its arrays (the observation's :func:`.vector_view.look` takes their numbers)."""
    size, ring, turn_limit, slots, scenario = o.size, o.ring, o.turn_limit, t.slots, t.scenario
    T = w.things
    things = o.things.shape[0] > 1
    for e in range(S.shape[0]):
        if things:
            T[:] = Ts[e]
        Se, Fe, Ke, XYe, me = S[e], F[e], K[e], XY[e], mask[e]
        J = (Js[0][e], Js[1][e], Js[2][e], Js[3][e])
        seat = max(Se[ASKED], 0)
        rewards[e] = 0.0
        term[e] = False
        trunc[e] = False
        winner[e] = NOT_ENDED
        src = srcs[e]
        stage = 2  # 0: the answered game plays on; 2: a new game starts
        if not fresh:
            if Se[OVER] == EARLY:  # decided before anyone was asked: this step reports it
                rewards[e] = _end_reward(Ke, Se, 0)
                term[e] = True
                winner[e] = Se[WINNER]
                final[e, :] = obs[e, :]
            elif me[actions[e]] == 0:  # an illegal action loses
                final[e, :] = obs[e, :]
                rewards[e] = -1.0
                term[e] = True
                winner[e] = 1 - seat
            else:
                src = answer(src, Se, Fe, Ke, XYe, o, g, w, t, sc, J, agent, me, actions[e])
                stage = 0
        while True:
            if stage == 2:
                start_game(Se, Ke, o, T)
                stage = 1
                src = answer(src, Se, Fe, Ke, XYe, o, g, w, t, sc, J, agent, me, -1)
                if Se[PHASE] == OVER_PHASE:  # over before anyone was asked: shown now, reported next step
                    Se[OVER] = EARLY
                    look(Ke, XYe, Se, Fe, 0, size, ring, turn_limit, slots, scenario, T, rows, obs[e])
                    me[:] = 1
                    break
            elif Se[PHASE] == OVER_PHASE:
                rewards[e] = _end_reward(Ke, Se, seat)
                term[e] = True
                winner[e] = Se[WINNER]
                look(Ke, XYe, Se, Fe, seat, size, ring, turn_limit, slots, scenario, T, rows, final[e])
                stage = 2
                continue
            elif Se[DECIDED] >= max_decisions:
                trunc[e] = True
                rewards[e] = 0.5 * margin(Ke, Se, seat)
                look(Ke, XYe, Se, Fe, Se[ASKED], size, ring, turn_limit, slots, scenario, T, rows, final[e])
                final_mask[e, :] = me
                stage = 2
                continue
            look(Ke, XYe, Se, Fe, Se[ASKED], size, ring, turn_limit, slots, scenario, T, rows, obs[e])
            break
        asked[e] = max(Se[ASKED], 0)
        srcs[e] = src
        if things:
            Ts[e][:] = T


#: the sources compiled into the environment's step beside the kernel's (``batch*.py``): Numba checks
#: a function's own file only, so a change in any of them drops this environment's compiled files
_SOURCES = ("fast_moves.py", "encoding.py", "geometry.py", "disengage.py", "mechanics.py")


def _drop_stale_cache() -> None:
    """Remove the environment's compiled files from Numba's cache when a source compiled into them
    (its own, the kernel's, :data:`_SOURCES`) has changed since (:func:`brawl.sim.kernel.drop_stale_cache`)."""
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    mine = sorted(f for f in os.listdir(here) if f.startswith(("batch", "vector")) and f.endswith(".py"))
    drop_stale_cache(_step_all, here, tuple(mine) + _SOURCES,
                     ("vector.", "vector_game.", "vector_view.", "vector_items."), "kniggits-vector.digest")


_drop_stale_cache()  # before the step is compiled or read from the cache (both lazy)


class KniggitsVectorEnv(gym.vector.VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}

    def __init__(self, num_envs: int = 1024, opponent: str = "random", max_decisions: int | None = None,
                 render_mode: str | None = None, **options) -> None:
        from .. import make_game
        from ...rl import encoding_for
        from .batch import POLICIES, _known, _record, new_work, unsupported, vector_unsupported

        self.render_mode = check_render_mode(render_mode, self.metadata)
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        self.game = make_game("kniggits", options)  # the rules' own checks of the options
        missing = list(dict.fromkeys(unsupported(options) + vector_unsupported(options)))
        if missing:
            raise ValueError("the Kniggits vector environment does not play " + ", ".join(missing))
        self.encoding = encoding_for(self.game)
        self._o, self._g, _ = _record(self.game)
        self._t = tables(self.encoding, self.game.options.scenario, self._g)
        self.opponent = opponent
        self.selfplay = opponent == "self"
        self._agent = np.array([True, self.selfplay])
        n = max(1, 2 * int(self._o.army_size.max(initial=1)))
        self._n = n
        bots = [opponent if opponent != "self" else "random"] * 2
        self._w = new_work(n, 1, POLICIES[bots[0]], POLICIES[bots[1]], *_known(bots))
        self._sc = (np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros((n, 3)), np.zeros((n, 4)))
        self._rows = np.zeros((n, 19))
        self.max_decisions = self.encoding.max_decisions if max_decisions is None else int(max_decisions)
        self.num_envs = N = int(num_envs)
        self.obs_size, self.actions = self.encoding.observation_size, self.encoding.num_actions
        self.single_observation_space = spaces.Box(0.0, 1.0, (self.obs_size,), np.float32)
        self.single_action_space = spaces.Discrete(self.actions)
        self.observation_space = spaces.Box(0.0, 1.0, (N, self.obs_size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(N, self.actions))
        self._src = np.zeros(N, np.uint64)
        self._S = np.zeros((N, NS), np.int64)
        self._F = np.zeros((N, n, 2), np.int64)
        self._K = np.zeros((N, NROWS, n), np.int64)
        self._XY = np.zeros((N, 2, n))
        R = self._t.slots * MENU_MOVES  # the judgement of the agent's menu moves (vector_view.judge)
        self._J = (np.zeros((N, R), np.bool_), np.zeros((N, R, 2)), np.zeros((N, R, 2)),
                   np.zeros((N, self._t.slots), np.int64))
        self._T = np.zeros((N,) + self._w.things.shape)  # each game's things (vector_items)
        self._mask = np.zeros((N, self.actions), np.int8)
        self._obs = np.zeros((N, self.obs_size), np.float32)
        self._final = np.zeros((N, self.obs_size), np.float32)  # kept: step_infos copies the ended rows out
        self._seat = np.zeros(N, np.int64)
        self._compiled = None  # _step_all's compiled form for these arrays (:meth:`_step`)

    def _run(self, actions: np.ndarray, fresh: bool):
        N = self.num_envs
        rewards, term, trunc = np.zeros(N, np.float32), np.zeros(N, np.bool_), np.zeros(N, np.bool_)
        winner = np.full(N, NOT_ENDED, np.int64)
        final, final_mask = self._final, np.zeros((N, self.actions), np.int8)  # final: the ended rows are written
        self._step(self._src, self._S, self._F, self._K, self._XY, self._J, self._mask, self._obs, actions, self._o,
                   self._g, self._w, self._t, self._sc, self._rows, self._agent, self.max_decisions, fresh, rewards, term,
                   trunc, winner, self._seat, final, final_mask, self._T)
        extra = {"seat": self._seat.copy()} if self.selfplay else {}
        if self.selfplay and not fresh:
            extra["winner"] = winner
        info = step_infos(self._mask.copy(), extra, None if fresh else term | trunc, final, {"action_mask": final_mask})
        return self._obs.copy(), rewards, term, trunc, info

    def _step(self, *args) -> None:
        """:func:`_step_all`; after the first call its compiled form for these arguments' types is
        called directly: Numba's dispatcher works out the type of every array in the records at each
        call, in Python (about half a millisecond a step)."""
        if self._compiled is not None:
            self._compiled(*args)
            return
        _step_all(*args)
        try:
            self._compiled = _step_all.overloads[tuple(_step_all.typeof_pyval(a) for a in args)].entry_point
        except (KeyError, AttributeError):  # another Numba: the dispatcher every time
            self._compiled = _step_all

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        from .batch import _say_if_compiling

        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        _say_if_compiling(_step_all, "vector environment")
        self._src[:] = [_chunk_seed(np.uint64(seed), np.uint64(g)) for g in range(self.num_envs)]
        obs, _, _, _, info = self._run(np.zeros(self.num_envs, np.int64), True)
        return obs, info

    def step(self, actions):
        actions = np.ascontiguousarray(np.asarray(actions, np.int64).reshape(self.num_envs))  # as compiled (_step)
        if actions.min() < 0 or actions.max() >= self.actions:
            raise ValueError(f"actions are 0..{self.actions - 1}")
        return self._run(actions, False)

    def action_masks(self) -> np.ndarray:
        return self._mask.copy()

    def close(self, **kwargs) -> None:
        from .batch_heuristic import save_known

        save_known()  # the fight equilibria the heuristic met, for later runs
        super().close(**kwargs)

    def render(self):
        """One line per game (``render_mode="ansi"``): the kniggits still fighting on each side, the
        turn, and the question asked now."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        name = self.game.seat_name
        lines = []
        for e in range(self.num_envs):
            S, K = self._S[e], self._K[e]
            n = int(S[NK])
            up = [int(((K[SEAT, :n] == s) & (K[STATUS, :n] == FIGHTING)).sum()) for s in (0, 1)]
            size = [int((K[SEAT, :n] == s).sum()) for s in (0, 1)]
            now = ("over before the first question" if S[OVER] == EARLY
                   else f"asks {name(int(self._seat[e]))}: {PHASES[int(S[PHASE])]}")
            lines.append(f"game {e}: " + " | ".join(f"{name(s)} {up[s]} of {size[s]} fighting" for s in (0, 1))
                         + f" | turn {int(S[TURNS]) + 1} | {now}")
        return tuple(lines)

