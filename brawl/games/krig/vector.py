"""Krig as a vectorised Gymnasium environment: many games stepped by one compiled call.

:class:`KrigVectorEnv` (``brawl.rl.vector_env("krig", num_envs=...)``, or
``gym.make_vec("brawl/Krig-v0", num_envs, vectorization_mode="vector_entry_point")``) holds
``num_envs`` games of Krig, each with its own dice stream (SplitMix64, seeded from ``reset(seed)``),
and steps all of them in one Numba call.  The agent is seat 0 (Sun) in every game; the other seat is
played inside the kernel by ``opponent``: ``attacker`` (always attack, never parry), ``random``
(uniform over the legal decisions, a coin for the parry), as in :mod:`.batch`, or ``heuristic`` (the
``heuristic`` bot of :mod:`.bots`, compiled).  It asks the agent exactly what
``brawl.rl.gym_env("krig", seat=0)`` asks: its turn decisions and its parries (the forced charge
attack is played for it).  ``opponent="self"`` asks the caller for both seats: ``infos["seat"]``
says which seat each game asks now (its observation and mask are that seat's view), the reward is
that of the seat that acted, and ``infos["winner"]`` gives the winner of each game that ended in
the step (-1 otherwise).

The rules are :mod:`.mechanics` compiled (the same ``njit`` functions and dice helpers as
:mod:`.batch`), written as a resumable step; ``tests/rl/test_rl_vector.py`` plays it against the
engine on a tape of dice, decision by decision.

Spaces: each game's observation is the Krig encoding's 15 floats (``brawl/games/krig/encoding.py``)
and its action ``Discrete(5)`` (attack, defend, charge, parry, take); ``infos["action_mask"]`` is
``(num_envs, 5)`` int8.  A game that ends pays +1 or -1 and is reset in the same step (the
observation returned is the new game's first; ``autoreset_mode`` is ``SAME_STEP``); the step's
infos then hold the ended games' last observations, ``final_obs``, and ``final_info``, as
Gymnasium's ``SyncVectorEnv`` gives them (:func:`brawl.rl.vector.step_infos`).  An action that is
illegal now ends that game as a loss (-1).  A new game that the opponent wins before the agent's
first decision (a critical on its first blow at low hit points) is reported as ``gym_env`` reports
it: its first observation marks every action, and the next step, whatever its action, ends it with
-1; so every game counts, and the win rate is the scalar environment's.  ``render_mode="ansi"``:
``render()`` gives one line per game.
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
from ...rl.vector import check_render_mode, step_infos
from ...sim.kernel import PARALLEL, _chunk_seed

OBS = 15
ACTIONS = 5
#: where a game stands: the agent asked a turn or a parry, over, or over before the agent was asked
#: anything (a critical of the first mover at low hit points), which the next step reports
TURN, PARRY_ASKED, OVER, DECIDED = 0, 1, 2, 3
OPPONENTS = {"attacker": 0, "random": 1, "heuristic": 2, "self": 3}
SELF = OPPONENTS["self"]

_ = _initiative_first  # compiled with the tape helpers that use it
_parry_faces = njit(cache=True)(M.parry_faces)


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
def _heuristic_turn(st, g, t, article):
    """The ``heuristic`` bot's turn (``brawl/games/krig/bots.py``, ``HeuristicBot``) for seat ``t``,
    not charging: finish a weak opponent, defend without a defense, charge an undefended one."""
    o = 1 - t
    if st[g, o] + st[g, 2 + o] <= 4:
        return ATTACK
    if st[g, 2 + t] == 0 and st[g, t] > 3:
        return DEFEND
    charge_safe = (not article) or st[g, 2 + t] <= 2
    if charge_safe and st[g, 2 + o] <= 2 and st[g, o] > 6 and st[g, 4 + o] == 0:
        return CHARGE
    return ATTACK


@njit(cache=True)
def _heuristic_parries(st, g, e, blow):
    """The ``heuristic`` bot's parry of ``blow`` by seat ``e``: when the d4 is likely to beat the d6,
    or the blow would knock it out (or nearly) and the parry has a chance."""
    odds = _parry_faces(blow)
    hp_after, _d = _absorb(st[g, e], st[g, 2 + e], blow)
    return odds >= 3 or (odds >= 1 and hp_after <= 0) or (odds == 2 and hp_after <= 3)


@njit(cache=True)
def _opponent_act(src, g, st, t, article, opp):
    """The turn decision of the kernel's opponent (seat ``t``, not the agent)."""
    if st[g, 4 + t] == 1 or opp == 0:
        return src, ATTACK  # the charge attack is forced; the attacker always attacks
    if opp == 2:
        return src, _heuristic_turn(st, g, t, article)
    nlegal = 3 if st[g, 2 + t] == 0 else 2
    src, pick = _roll(src, nlegal)
    return src, (ATTACK if pick == 1 else (DEFEND if nlegal == 3 and pick == 2 else CHARGE))


@njit(cache=True)
def _resolve(src, g, st, act, article, opp):
    """Play ``act`` of the seat on turn, then on until a decision the caller makes or the end.
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
                if e == 0 or opp == SELF:  # the caller decides this parry
                    st[g, 6] = t
                    st[g, 7] = PARRY_ASKED
                    st[g, 8] = blow
                    return src
                parry = False
                if opp == 1:
                    src, parry = _random_parries(src)
                elif opp == 2:
                    parry = _heuristic_parries(st, g, e, blow)
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
        elif t == 0 or opp == SELF:
            st[g, 6] = t
            st[g, 7] = TURN
            return src
        else:
            src, act = _opponent_act(src, g, st, t, article, opp)


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
    """A new game in ``g`` played to the caller's first decision; a game that ends before it (the
    opponent moves first and knocks the agent out) is left ``DECIDED``, for the next step to report."""
    st[g, 0] = hp
    st[g, 1] = hp
    st[g, 2:6] = 0
    st[g, 8] = 0
    st[g, 9] = -1
    src, t = _first_mover(src)
    st[g, 6] = t
    st[g, 7] = TURN
    if t == 0 or opp == SELF:
        return src
    src, act = _opponent_act(src, g, st, t, article, opp)
    src = _resolve(src, g, st, act, article, opp)
    if st[g, 7] == OVER:
        st[g, 7] = DECIDED
    return src


@njit(cache=True)
def _asked(st, g):
    """The seat whose decision game ``g`` waits for (the agent, seat 0, unless in self-play)."""
    if st[g, 7] == TURN:
        return st[g, 6]
    if st[g, 7] == PARRY_ASKED:
        return 1 - st[g, 6]
    return 0


@njit(cache=True)
def _legal(st, g, a):
    if st[g, 7] == TURN:
        if a == ATTACK or a == CHARGE:
            return True
        return a == DEFEND and st[g, 2 + st[g, 6]] == 0
    if st[g, 7] == PARRY_ASKED:
        return a == PARRY or a == TAKE
    return st[g, 7] == DECIDED  # any action reports a game decided before the first decision


@njit(cache=True)
def _step_one(src, g, st, a, article, opp):
    """The action ``a`` of the seat asked in game ``g``; returns (src, reward to that seat, over)."""
    seat = _asked(st, g)
    if st[g, 7] == DECIDED:
        st[g, 7] = OVER
        return src, (1.0 if st[g, 9] == seat else -1.0), True
    if not _legal(st, g, a):
        st[g, 7] = OVER
        st[g, 9] = 1 - seat
        return src, -1.0, True
    if st[g, 7] == TURN:
        src = _resolve(src, g, st, a, article, opp)
    else:
        src, t = _parried(src, g, st, a == PARRY)
        if st[g, 7] != OVER:
            st[g, 6] = t
            if st[g, 4 + t] == 1:
                src = _resolve(src, g, st, ATTACK, article, opp)
            elif t == 0 or opp == SELF:
                st[g, 7] = TURN
            else:
                src, act = _opponent_act(src, g, st, t, article, opp)
                src = _resolve(src, g, st, act, article, opp)
    if st[g, 7] == OVER:
        return src, (1.0 if st[g, 9] == seat else -1.0), True
    return src, 0.0, False


@njit(cache=True)
def _write(g, st, obs, mask, article, seat):
    """Game ``g`` seen by ``seat`` (the Krig encoding's ``observe`` and ``action_mask``); a game
    decided before the first decision marks every action, as ``gym_env`` does."""
    o = 1 - seat
    obs[g, :] = 0.0
    obs[g, 0] = st[g, seat] / 20.0
    obs[g, 1] = st[g, o] / 20.0
    obs[g, 2] = st[g, 2 + seat] / 8.0
    obs[g, 3] = st[g, 2 + o] / 8.0
    obs[g, 4] = st[g, 4 + seat]
    obs[g, 5] = st[g, 4 + o]
    obs[g, 14] = 1.0 if article else 0.0
    mask[g, :] = 0
    if st[g, 7] == TURN and st[g, 6] == seat:
        obs[g, 6] = 1.0
        mask[g, ATTACK] = 1
        mask[g, CHARGE] = 1
        mask[g, DEFEND] = 1 if st[g, 2 + seat] == 0 else 0
    elif st[g, 7] == PARRY_ASKED and st[g, 6] == o:
        obs[g, 7] = 1.0
        obs[g, 8 + st[g, 8] - 1] = 1.0
        mask[g, PARRY] = 1
        mask[g, TAKE] = 1
    elif st[g, 7] == DECIDED:
        mask[g, :] = 1


@njit(cache=True, parallel=PARALLEL)
def _step_all(srcs, st, actions, hp, article, opp, obs, mask, rewards, over, final, final_mask, seats, winners):
    """Every game takes its action; a game that ends writes its last observation (as the seat that
    acted saw it) into ``final`` and starts anew in the same step."""
    for g in prange(st.shape[0]):
        seat = _asked(st, g)
        illegal = not _legal(st, g, actions[g])
        if illegal:
            _write(g, st, final, final_mask, article, seat)  # the position of the illegal action
        src, r, done = _step_one(srcs[g], g, st, actions[g], article, opp)
        rewards[g] = r
        over[g] = done
        winners[g] = -1
        if done:
            winners[g] = st[g, 9]
            if not illegal:
                _write(g, st, final, final_mask, article, seat)
            final_mask[g, :] = 0  # an ended game has no legal action
            src = _reset_one(src, g, st, hp, article, opp)
        srcs[g] = src
        seats[g] = _asked(st, g)
        _write(g, st, obs, mask, article, seats[g])


@njit(cache=True, parallel=PARALLEL)
def _reset_all(srcs, st, hp, article, opp, obs, mask, seats):
    for g in prange(st.shape[0]):
        srcs[g] = _reset_one(srcs[g], g, st, hp, article, opp)
        seats[g] = _asked(st, g)
        _write(g, st, obs, mask, article, seats[g])


class KrigVectorEnv(gym.vector.VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}

    def __init__(self, num_envs: int = 1024, opponent: str = "random", hp: int = M.STARTING_HP,
                 edition: str = "author", render_mode: str | None = None) -> None:
        from .rules import KrigOptions

        opts = KrigOptions(hp=hp, edition=edition)  # the rules' own checks of the options
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        self.render_mode = check_render_mode(render_mode, self.metadata)
        self.num_envs = int(num_envs)
        self.hp, self.article, self.opp = opts.hp, opts.edition == "article", OPPONENTS[opponent]
        self.opponent = opponent
        self.selfplay = opponent == "self"
        self.single_observation_space = spaces.Box(0.0, 1.0, (OBS,), np.float32)
        self.single_action_space = spaces.Discrete(ACTIONS)
        self.observation_space = spaces.Box(0.0, 1.0, (self.num_envs, OBS), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, ACTIONS))
        self._st = np.zeros((self.num_envs, 10), np.int64)
        self._src = np.zeros(self.num_envs, np.uint64)
        self._obs = np.zeros((self.num_envs, OBS), np.float32)
        self._mask = np.zeros((self.num_envs, ACTIONS), np.int8)
        self._seat = np.zeros(self.num_envs, np.int64)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        self._src[:] = [_chunk_seed(np.uint64(seed), np.uint64(g)) for g in range(self.num_envs)]
        _reset_all(self._src, self._st, self.hp, self.article, self.opp, self._obs, self._mask, self._seat)
        return self._obs.copy(), self._info()

    def _info(self, done=None, final=None, final_mask=None, winner=None) -> dict:
        extra = {"seat": self._seat.copy()} if self.selfplay else {}
        if self.selfplay and winner is not None:
            extra["winner"] = winner
        return step_infos(self._mask.copy(), extra, done, final, {"action_mask": final_mask})

    def step(self, actions):
        actions = np.asarray(actions, np.int64).reshape(self.num_envs)
        if actions.min() < 0 or actions.max() >= ACTIONS:
            raise ValueError(f"actions are 0..{ACTIONS - 1}")
        N = self.num_envs
        rewards = np.empty(N, np.float64)
        over = np.empty(N, np.bool_)
        final = np.zeros((N, OBS), np.float32)
        final_mask = np.zeros((N, ACTIONS), np.int8)
        winner = np.empty(N, np.int64)
        _step_all(self._src, self._st, actions, self.hp, self.article, self.opp, self._obs, self._mask,
                  rewards, over, final, final_mask, self._seat, winner)
        return (self._obs.copy(), rewards.astype(np.float32), over, np.zeros(N, np.bool_),
                self._info(over, final, final_mask, winner))

    def action_masks(self) -> np.ndarray:
        return self._mask.copy()

    def render(self):
        """Each game's position as a line of text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        names = ("Sun", "Moon")
        lines = []
        for g, (h0, h1, d0, d1, c0, c1, t, phase, blow, winner) in enumerate(self._st.tolist()):
            seats = " | ".join(f"{names[s]} hp {(h0, h1)[s]} defense {(d0, d1)[s]}"
                               + (" charging" if (c0, c1)[s] else "") for s in (0, 1))
            if phase == TURN:
                now = f"{names[t]} to decide a turn"
            elif phase == PARRY_ASKED:
                now = f"{names[1 - t]} to parry or take an attack of {blow}"
            else:
                now = f"{names[winner]} won before the first decision" if phase == DECIDED else "over"
            lines.append(f"game {g}: {seats} | {now}")
        return tuple(lines)
