"""Krig as a vectorised Gymnasium environment: many games stepped by one compiled call.

:class:`KrigVectorEnv` (``brawl.rl.vector_env("krig", num_envs=...)``) holds ``num_envs`` games of
Krig, each with its own dice stream (SplitMix64, seeded from ``reset(seed)``), and steps all of
them in one Numba call.  The agent is seat 0 (Sun) in every game; the other seat is played inside
the kernel by the ``attacker`` policy (always attack, never parry) or ``random`` (uniform over the
legal decisions, a coin for the parry), as in :mod:`.batch`.  It asks the agent exactly what
``brawl.rl.gym_env("krig", seat=0)`` asks: its turn decisions and its parries (the forced charge
attack is played for it).

The rules are :mod:`.mechanics` compiled (the same ``njit`` functions and dice helpers as
:mod:`.batch`), written as a resumable step; ``tests/rl/test_rl_vector.py`` plays it against the
engine on a tape of dice, decision by decision.

Spaces: each game's observation is the Krig encoding's 15 floats (``brawl/games/krig/encoding.py``)
and its action ``Discrete(5)`` (attack, defend, charge, parry, take); ``infos["action_mask"]`` is
``(num_envs, 5)`` int8.  A game that ends pays +1 or -1 and is reset in the same step (the
observation returned is the new game's first; ``autoreset_mode`` is ``SAME_STEP``).  An action
that is illegal now ends that game as a loss (-1).
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from numba import njit, prange

from . import mechanics as M
from .batch import (ATTACK, CHARGE, DEFEND, PARRY, TAKE, _absorb, _charge_damage, _critical_hit,
                    _defense_after_charge, _first_mover, _initiative_first, _is_critical, _is_miss,
                    _knocked_out, _may_parry, _parry_succeeds, _random_parries, _roll, _roll_pair)
from ...sim.kernel import _chunk_seed

OBS = 15
ACTIONS = 5
TURN, PARRY_ASKED, OVER = 0, 1, 2
OPPONENTS = {"attacker": 0, "random": 1}

_ = _initiative_first  # compiled with the tape helpers that use it


@njit(cache=True, inline="always")
def _lands(g, st, t, blow, critical):
    """Seat ``t``'s blow lands on the other seat (a critical straight on hit points, else through
    its defense); True when that ends the game, which ``t`` then wins."""
    e = 1 - t
    if critical:
        st[g, e] = _critical_hit(st[g, e], blow)
    else:
        he, de = _absorb(st[g, e], st[g, 2 + e], blow)
        st[g, e] = he
        st[g, 2 + e] = de
    if _knocked_out(st[g, e]):
        st[g, 7] = OVER
        st[g, 9] = t
        return True
    return False


@njit(cache=True)
def _resolve(src, g, st, act, article, opp):
    """Play ``act`` of the seat on turn, then on until the agent's decision or the end.
    ``st[g]``: hp0, hp1, def0, def1, chg0, chg1, to_act, phase, blow, winner."""
    t = st[g, 6]
    while True:
        e = 1 - t
        if act == DEFEND:
            src, face = _roll(src, M.DEFENSE_SIDES)
            st[g, 2 + t] = face
            t = e
        elif act == CHARGE:
            st[g, 4 + t] = 1
            st[g, 2 + t] = _defense_after_charge(article, st[g, 2 + t])
            t = e
        else:
            src, agility, blow = _roll_pair(src, M.AGILITY_SIDES, M.ATTACK_SIDES)
            if st[g, 4 + t] == 1:
                src, extra = _roll(src, M.DEFENSE_SIDES)
                blow = _charge_damage(blow, extra)
                st[g, 4 + t] = 0
                st[g, 2 + t] = M.DEFENSE_AFTER_CHARGE_ATTACK
                if not _is_miss(agility) and _lands(g, st, t, blow, _is_critical(agility)):
                    return src
                t = e
            elif _is_miss(agility):
                t = e
            elif _is_critical(agility):
                if _lands(g, st, t, blow, True):
                    return src
                t = e
            elif _may_parry(article, st[g, 4 + e] == 1):
                if e == 0:  # the agent decides its parry
                    st[g, 6] = t
                    st[g, 7] = PARRY_ASKED
                    st[g, 8] = blow
                    return src
                parry = False
                if opp == 1:
                    src, parry = _random_parries(src)
                st[g, 6] = t
                st[g, 8] = blow
                src, t = _parried(src, g, st, parry)
                if st[g, 7] == OVER:
                    return src
            else:
                if _lands(g, st, t, blow, False):
                    return src
                t = e
        # the next turn: seat t decides
        if st[g, 4 + t] == 1:
            act = ATTACK  # the charge attack is forced
        elif t == 0:
            st[g, 6] = 0
            st[g, 7] = TURN
            return src
        elif opp == 0:
            act = ATTACK
        else:
            nlegal = 3 if st[g, 2 + t] == 0 else 2
            src, pick = _roll(src, nlegal)
            if pick == 1:
                act = ATTACK
            elif nlegal == 3 and pick == 2:
                act = DEFEND
            else:
                act = CHARGE


@njit(cache=True)
def _parried(src, g, st, parry):
    """The defender's parry (True) or take of the blow ``st[g, 8]`` by the seat on turn
    ``st[g, 6]``; returns (src, the seat on turn next)."""
    t = st[g, 6]
    e = 1 - t
    blow = st[g, 8]
    again = False
    if parry:
        src, face = _roll(src, M.PARRY_SIDES)
        if _parry_succeeds(face, blow):
            return src, e
        again = True  # the defender loses the next turn
    if _lands(g, st, t, blow, False):
        return src, t
    return src, (t if again else e)


@njit(cache=True)
def _reset_one(src, g, st, hp, article, opp):
    st[g, 0] = hp
    st[g, 1] = hp
    st[g, 2:6] = 0
    st[g, 8] = 0
    st[g, 9] = -1
    src, t = _first_mover(src)
    st[g, 6] = t
    st[g, 7] = TURN
    if t == 0:
        return src
    return _opponent_turn(src, g, st, article, opp)


@njit(cache=True)
def _opponent_turn(src, g, st, article, opp):
    t = st[g, 6]
    if st[g, 4 + t] == 1 or opp == 0:
        act = ATTACK
    else:
        nlegal = 3 if st[g, 2 + t] == 0 else 2
        src, pick = _roll(src, nlegal)
        act = ATTACK if pick == 1 else (DEFEND if nlegal == 3 and pick == 2 else CHARGE)
    return _resolve(src, g, st, act, article, opp)


@njit(cache=True)
def _legal(st, g, a):
    if st[g, 7] == TURN:
        if a == ATTACK or a == CHARGE:
            return True
        return a == DEFEND and st[g, 2] == 0
    if st[g, 7] == PARRY_ASKED:
        return a == PARRY or a == TAKE
    return False


@njit(cache=True)
def _step_one(src, g, st, a, article, opp):
    """The agent's action ``a`` in game ``g``; returns (src, reward, over)."""
    if not _legal(st, g, a):
        st[g, 7] = OVER
        st[g, 9] = 1
        return src, -1.0, True
    if st[g, 7] == TURN:
        src = _resolve(src, g, st, a, article, opp)
    else:
        src, t = _parried(src, g, st, a == PARRY)
        if st[g, 7] != OVER:
            st[g, 6] = t
            if st[g, 4 + t] == 1:
                src = _resolve(src, g, st, ATTACK, article, opp)
            elif t == 0:
                st[g, 7] = TURN
            else:
                src = _opponent_turn(src, g, st, article, opp)
    if st[g, 7] == OVER:
        return src, (1.0 if st[g, 9] == 0 else -1.0), True
    return src, 0.0, False


@njit(cache=True)
def _write(g, st, obs, mask, article):
    obs[g, :] = 0.0
    obs[g, 0] = st[g, 0] / 20.0
    obs[g, 1] = st[g, 1] / 20.0
    obs[g, 2] = st[g, 2] / 8.0
    obs[g, 3] = st[g, 3] / 8.0
    obs[g, 4] = st[g, 4]
    obs[g, 5] = st[g, 5]
    obs[g, 14] = 1.0 if article else 0.0
    mask[g, :] = 0
    if st[g, 7] == TURN:
        obs[g, 6] = 1.0
        mask[g, ATTACK] = 1
        mask[g, CHARGE] = 1
        mask[g, DEFEND] = 1 if st[g, 2] == 0 else 0
    elif st[g, 7] == PARRY_ASKED:
        obs[g, 7] = 1.0
        obs[g, 8 + st[g, 8] - 1] = 1.0
        mask[g, PARRY] = 1
        mask[g, TAKE] = 1


@njit(cache=True, parallel=True)
def _step_all(srcs, st, actions, hp, article, opp, obs, mask, rewards, over):
    for g in prange(st.shape[0]):
        src, r, done = _step_one(srcs[g], g, st, actions[g], article, opp)
        rewards[g] = r
        over[g] = done
        while done:  # a new game; one that ends before the agent decides is scored and replaced
            src = _reset_one(src, g, st, hp, article, opp)
            done = st[g, 7] == OVER
        srcs[g] = src
        _write(g, st, obs, mask, article)


@njit(cache=True, parallel=True)
def _reset_all(srcs, st, hp, article, opp, obs, mask):
    for g in prange(st.shape[0]):
        src = srcs[g]
        src = _reset_one(src, g, st, hp, article, opp)
        while st[g, 7] == OVER:
            src = _reset_one(src, g, st, hp, article, opp)
        srcs[g] = src
        _write(g, st, obs, mask, article)


class KrigVectorEnv(gym.vector.VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1024, opponent: str = "random", hp: int = M.STARTING_HP,
                 edition: str = "author") -> None:
        from .rules import KrigOptions

        opts = KrigOptions(hp=hp, edition=edition)  # the rules' own checks of the options
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        self.num_envs = int(num_envs)
        self.hp, self.article, self.opp = opts.hp, opts.edition == "article", OPPONENTS[opponent]
        self.single_observation_space = spaces.Box(0.0, 1.0, (OBS,), np.float32)
        self.single_action_space = spaces.Discrete(ACTIONS)
        self.observation_space = spaces.Box(0.0, 1.0, (self.num_envs, OBS), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, ACTIONS))
        self._st = np.zeros((self.num_envs, 10), np.int64)
        self._src = np.zeros(self.num_envs, np.uint64)
        self._obs = np.zeros((self.num_envs, OBS), np.float32)
        self._mask = np.zeros((self.num_envs, ACTIONS), np.int8)
        self._rewards = np.zeros(self.num_envs, np.float64)
        self._over = np.zeros(self.num_envs, np.bool_)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        self._src[:] = [_chunk_seed(np.uint64(seed), np.uint64(g)) for g in range(self.num_envs)]
        _reset_all(self._src, self._st, self.hp, self.article, self.opp, self._obs, self._mask)
        return self._obs.copy(), {"action_mask": self._mask.copy()}

    def step(self, actions):
        actions = np.asarray(actions, np.int64).reshape(self.num_envs)
        if actions.min() < 0 or actions.max() >= ACTIONS:
            raise ValueError(f"actions are 0..{ACTIONS - 1}")
        _step_all(self._src, self._st, actions, self.hp, self.article, self.opp, self._obs, self._mask,
                  self._rewards, self._over)
        return (self._obs.copy(), self._rewards.astype(np.float32), self._over.copy(),
                np.zeros(self.num_envs, np.bool_), {"action_mask": self._mask.copy()})

    def action_masks(self) -> np.ndarray:
        return self._mask.copy()
