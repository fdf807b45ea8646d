"""KtOG as a vectorised Gymnasium environment: many games stepped by one compiled call.

:class:`KtogVectorEnv` (``brawl.rl.vector_env("ktog", num_envs=..., opponent="brute", players=2,
hp=..., ...)``; every option of the rules: ``players`` 2 to 8, ``hp``, ``to_hit``, ``initiative``,
``initiative_die``, ``stand_at_zero``, ``fumble_flying``, ``cure_touch_roll``, ``classes``,
``cure_cap``) holds ``num_envs`` games of KtOG, each with its own dice stream (SplitMix64, seeded from
``reset(seed)``), and steps all of them in one Numba call over every core.

Seats.  The agent is seat 0 (Player 1) in every game; the other seats are played inside the kernel
by ``opponent``: ``brute`` (attack the weakest, never cast or disarm), ``random`` (uniform over the
legal decisions) or, in the duels the solver covers, ``optimal`` (as in :mod:`.batch`).  The agent
is asked exactly what ``brawl.rl.gym_env("ktog", seat=0)`` asks: the class pick (``classes``), the
opening of each turn, the attack or disarm attempt after Haste or Bless, Dodge when hit and Mighty
Blow after a hit, each only when it has two or more legal decisions (a single one is played for
it, as ``gym_env``'s ``skip_forced`` does).

Spaces: each game's observation is the KtOG encoding's 148 floats seen from the seat asked
(``brawl/games/ktog/encoding.py``, ``observe``) and its action ``Discrete(37)`` (the encoding's
action numbers); ``infos["action_mask"]`` is ``(num_envs, 37)`` int8, the encoding's
``action_mask``.  There are no draws in KtOG, so a game pays +1 when the agent is the last one
standing and -1 when it is out (in a game of three or more its episode ends as soon as it falls);
an illegal action ends the game as a loss (-1).  A game is reset in the same step (``SAME_STEP``),
and the step's infos carry the ended games' last observations, ``final_obs``, and ``final_info``
(:func:`brawl.rl.vector.step_infos`, as Gymnasium's ``SyncVectorEnv``): the finished table, or for
an episode truncated after ``max_decisions`` decisions of the agent (the encoding's limit by
default; reward 0) the question left open and its mask.  A new game decided before the agent is
first asked (possible at very low hit points) shows its end with every action marked, and the next
step reports it, as ``gym_env`` does.  ``render_mode="ansi"``: ``render()`` gives a line per game.

Self-play: ``opponent="self"`` asks the caller for every seat's decisions; ``infos["seat"]`` says
which seat each game asks now (its observation and mask are that seat's view), the reward is that
of the seat that made the step's decision, and ``infos["winner"]`` gives each game that ended in
the step its winning seat (-1 otherwise), so a learner credits every seat of the game.

How it runs.  The compiled game (:mod:`.batch_turn`, :mod:`.batch_swing`, every number from
:mod:`.mechanics`) plays an agent seat with the policy ``AGENT``: its decisions are read from a
queue in the game's agent slot, and with none left the game stops where the seat is asked, with
the question written in the slot.  Each game keeps the state and the dice stream at the start of
the current turn (or of the set-up); a step queues the answer and plays the turn again from there
(the same dice, so the same turn) on to the next question: the agent's answers within one turn are
at most five.  ``tests/rl/test_rl_vector_ktog.py`` plays it against the engine on a tape of dice.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from numba import njit, prange
from numba.extending import overload

from ...rl.vector import check_render_mode, step_infos
from ...sim.kernel import INLINE, PARALLEL, _chunk_seed, _is_tape
from . import duel as K
from . import mechanics as M
from .batch_swing import (AGENT, ASK_ACTION, ASK_CLASS, ASK_DODGE, ASK_MIGHTY, ASK_TURN, ASKED, ASKED_SEAT, ASKS,
                          ATTACK, BLESS, BLESS_LEFT, BLESSED, CAST, CRITICAL, CURE, CURE_LEFT, DECISIONS, DIS, DISARM,
                          DODGE, DODGE_LEFT, FIGHT, FIGHTER, HASTE, HASTE_LEFT, HP, KIND, LOG_WIDTH, MIGHTY,
                          MIGHTY_LEFT, NO_DODGE, NO_MIGHTY, NROWS, ON_TURN, PAUSED, PICK_FIGHTER, PICK_MAGIC_USER,
                          QUEUE, QUEUE_SIZE, QUEUED, READ, SCRAMBLE, SWINGS, TARGET, UP, AGENT_WIDTH, _initiative,
                          _set_up)
from .batch_turn import _list_openings, _list_swings, _turn
from .encoding import DECISION_PHASES, IN_PROGRESS, MAX_PLAYERS, KtogEncoding

OBS = 16 * MAX_PLAYERS + 20
ACTIONS = len(KtogEncoding.actions)
OPPONENTS = ("brute", "random", "optimal", "self")
# a game's row of ``S``: the round's leader, the position in the round of the turn being played (-1:
# the set-up), over, winner (-1: the agent is out), decisions asked this episode
LEADER, POS, OVER, WINNER, DECIDED = range(5)
NS = 5
DECIDED_EARLY = 2  # ``S[g, OVER]`` of a game that ended before its agent was first asked, not yet reported
ENVS_PER_TASK = 64  # games one thread steps in turn with one set of scratch arrays


def _tables():
    """The encoding's action number of each kernel decision (by relative target), the decision an
    action number answers to each kind of question, and where the kinds of question and of swing
    sit in the observation: all read from the encoding's names and the kernel's."""
    actions = KtogEncoding.actions
    index = np.full((len(DECISIONS), MAX_PLAYERS), -1, np.int64)
    targeted = np.zeros(len(DECISIONS), np.bool_)
    for code, name in enumerate(DECISIONS):
        if "{}" in name:
            targeted[code] = True
            verb = name.partition(":")[0]
            for k in range(MAX_PLAYERS):
                if f"{verb}:+{k}" in actions:
                    index[code, k] = actions.index(f"{verb}:+{k}")
        else:
            index[code, :] = actions.index(name)
    answers = {ASK_CLASS: (PICK_FIGHTER, PICK_MAGIC_USER),
               ASK_TURN: (ATTACK, DISARM, CURE, HASTE, BLESS, SCRAMBLE, FIGHT),
               ASK_ACTION: (ATTACK, DISARM), ASK_DODGE: (DODGE, NO_DODGE), ASK_MIGHTY: (MIGHTY, NO_MIGHTY)}
    code_of = np.full((len(ASKS), len(actions)), -1, np.int64)
    relative = np.full(len(actions), -1, np.int64)
    for ask, codes in answers.items():
        for code in codes:
            for k in range(MAX_PLAYERS):
                i = index[code, k]
                if i >= 0:
                    code_of[ask, i] = code
                    if targeted[code]:
                        relative[i] = k
    phase_slot = np.array([DECISION_PHASES.index(name) for name in ASKS], np.int64)
    kind_slot = np.full(len(DECISIONS), -1, np.int64)
    for code in (ATTACK, DISARM, FIGHT, CURE):
        kind_slot[code] = IN_PROGRESS.index(DECISIONS[code].partition(":")[0])
    return index, code_of, relative, phase_slot, kind_slot


INDEX, CODE_OF, RELATIVE, PHASE_SLOT, KIND_SLOT = _tables()


# -- where a game's dice stream stands: a SplitMix state, or a tape's place (tests) ---------------

def _tell(src):
    raise NotImplementedError("compiled code only")


@overload(_tell)
def _tell_impl(src):
    if _is_tape(src):
        return lambda src: np.uint64(src[1][0]) | (np.uint64(src[3][0]) << np.uint64(32))
    return lambda src: src


def _seek(src, mark):
    raise NotImplementedError("compiled code only")


@overload(_seek)
def _seek_impl(src, mark):
    if _is_tape(src):
        def seek(src, mark):
            src[1][0] = np.int64(mark & np.uint64(0xFFFFFFFF))
            src[3][0] = np.int64(mark >> np.uint64(32))
            return src
        return seek
    return lambda src, mark: mark


# -- one game -------------------------------------------------------------------------------------

@njit(cache=True, inline=INLINE)
def _copy(to, frm):
    """A player table copied element by element (no temporary array)."""
    for r in range(to.shape[0]):
        for s in range(to.shape[1]):
            to[r, s] = frm[r, s]


@njit(cache=True)
def _play_on(src, o, pols, tabs, P, work, S, P0, seg, g, selfplay):
    """Game ``g`` from the start of its current turn (``P`` and ``src`` as they were there) on to the
    next question to an agent seat (``work[6][PAUSED]``) or the end (``S[g, OVER]``).  Each new turn
    saves the table and the stream's place, and empties the queue."""
    A = work[6]
    n = o.players
    while True:
        k = S[g, POS]
        leader = S[g, LEADER]
        winner = -1
        if k < 0:
            src = _set_up(src, o, pols, P, work, tabs)
        else:
            src, winner = _turn(src, o, pols, P, work, tabs, (leader + k) % n, leader)
        if A[PAUSED]:
            return src
        if winner >= 0 or (not selfplay and P[UP, 0] == 0):
            S[g, OVER] = 1
            S[g, WINNER] = winner
            return src
        # the next turn (rules page, KtOG, Round and Initiative), as batch_turn._play_game goes on
        k += 1
        while True:
            if leader < 0 or k >= n:
                for s in range(n):
                    P[CAST, s] = 0
                if leader < 0 or o.every_round:
                    src, leader = _initiative(src, o, P, work)
                k = 0
            if P[UP, (leader + k) % n]:
                break
            k += 1
        S[g, POS] = k
        S[g, LEADER] = leader
        _copy(P0[g], P)
        seg[g] = _tell(src)
        A[QUEUED] = 0
        A[READ] = 0


@njit(cache=True, inline=INLINE)
def _start_game(src, S, seg, A, g):
    """A new game in ``g`` on the stream ``src``: the set-up is its first stretch."""
    S[g, LEADER] = -1
    S[g, POS] = -1
    S[g, OVER] = 0
    S[g, WINNER] = -1
    S[g, DECIDED] = 0
    A[PAUSED] = 0
    A[QUEUED] = 0
    A[READ] = 0
    seg[g] = _tell(src)


@njit(cache=True, inline=INLINE)
def _start_answer(src, o, S, P0, seg, mask, P, A, g, a):
    """The answer ``a`` (an action number) of the seat asked in game ``g`` queued, the table and the
    stream back at the start of the turn; (src, False) for an illegal answer, which loses."""
    if a < 0 or a >= mask.shape[1] or mask[g, a] == 0:
        S[g, OVER] = 1
        S[g, WINNER] = -1
        return src, False
    seat = A[ASKED_SEAT]
    q = A[QUEUED]
    if q >= QUEUE_SIZE:
        raise ValueError("more answers in one turn than the queue holds")
    A[QUEUE + 2 * q] = CODE_OF[A[ASKED], a]
    A[QUEUE + 2 * q + 1] = -1 if RELATIVE[a] < 0 else (seat + RELATIVE[a]) % o.players
    A[QUEUED] = q + 1
    A[READ] = 0
    A[PAUSED] = 0
    S[g, DECIDED] += 1
    _copy(P, P0[g])
    return _seek(src, seg[g]), True


@njit(cache=True)
def _new_game(src, o, pols, tabs, P, work, S, P0, seg, g, selfplay):
    """A new game in ``g`` played to its first question (or its end)."""
    _start_game(src, S, seg, work[6], g)
    return _play_on(src, o, pols, tabs, P, work, S, P0, seg, g, selfplay)


@njit(cache=True)
def _answer(src, o, pols, tabs, P, work, S, P0, seg, mask, g, a, selfplay):
    """The answer ``a`` of the seat asked in game ``g``: the turn played again from its start with
    the answer queued, on to the next question or the end.  Returns (src, reward to the seat that
    answered, over)."""
    seat = work[6][ASKED_SEAT]
    src, ok = _start_answer(src, o, S, P0, seg, mask, P, work[6], g, a)
    if not ok:
        return src, -1.0, True
    src = _play_on(src, o, pols, tabs, P, work, S, P0, seg, g, selfplay)
    if S[g, OVER]:
        return src, (1.0 if S[g, WINNER] == seat else -1.0), True
    return src, 0.0, False


# the same, compiled into the loop over games: a call of the whole compiled turn costs more than a
# step's play, so each thread enters it once for many games
_play_on_inline = njit(cache=True, inline=INLINE)(_play_on.py_func)


@njit(cache=True, inline=INLINE)
def _write_table(g, o, P, S, obs, seat, pick_from, on_turn, target):
    """The players' blocks and the options of game ``g``'s observation, seen by ``seat``: the seats
    from ``pick_from`` on still pick their class; ``on_turn`` and ``target`` are seats (-1: none)."""
    n = o.players
    top = o.hp + M.FIGHTER_HP
    obs[g, :] = 0.0
    for k in range(n):
        s = (seat + k) % n
        b = 16 * k
        obs[g, b] = 1.0
        obs[g, b + 1] = P[UP, s]
        obs[g, b + 2] = min(1.0, max(0, P[HP, s]) / top)
        if o.classes:
            if s >= pick_from:
                obs[g, b + 5] = 1.0  # still to pick (in seat order)
            elif P[FIGHTER, s]:
                obs[g, b + 3] = 1.0
            else:
                obs[g, b + 4] = 1.0
        obs[g, b + 6] = P[HASTE_LEFT, s] / M.HASTE_SPELLS
        obs[g, b + 7] = P[CURE_LEFT, s]
        obs[g, b + 8] = P[BLESS_LEFT, s]
        obs[g, b + 9] = P[MIGHTY_LEFT, s]
        obs[g, b + 10] = P[DODGE_LEFT, s]
        obs[g, b + 11] = P[CAST, s]
        obs[g, b + 12] = min(1.0, P[DIS, s] / M.FLYING_TURNS)
        obs[g, b + 13] = 1.0 if on_turn == s else 0.0
        obs[g, b + 14] = 1.0 if target == s else 0.0
        obs[g, b + 15] = 1.0 if S[g, LEADER] == s else 0.0
    b = 16 * MAX_PLAYERS
    obs[g, b + 13] = o.to_hit / M.D20
    obs[g, b + 14] = 1.0 if o.stand else 0.0
    obs[g, b + 15] = 1.0 if o.flying else 0.0
    obs[g, b + 16] = 1.0 if o.touch else 0.0
    obs[g, b + 17] = 1.0 if o.classes else 0.0
    obs[g, b + 18] = 1.0 if o.cure_cap else 0.0
    obs[g, b + 19] = 1.0 if o.every_round else 0.0


@njit(cache=True)
def _write(g, o, P, S, A, obs, mask, kinds, targets):
    """Game ``g``'s observation and mask for the seat asked (the KtOG encoding's ``observe`` and
    ``action_mask``)."""
    n = o.players
    ask = A[ASKED]
    seat = A[ASKED_SEAT]
    _write_table(g, o, P, S, obs, seat, A[ON_TURN] if ask == ASK_CLASS else n, A[ON_TURN], A[TARGET])
    b = 16 * MAX_PLAYERS
    obs[g, b + PHASE_SLOT[ask]] = 1.0
    obs[g, b + 5] = min(1.0, A[SWINGS] / M.HASTE_SWINGS)
    obs[g, b + 6] = A[BLESSED]
    if A[KIND] >= 0:
        obs[g, b + 7 + KIND_SLOT[A[KIND]]] = 1.0
    obs[g, b + 11] = A[CRITICAL]  # b + 12, Mighty Blow on: never while a question is open
    mask[g, :] = 0
    if ask == ASK_CLASS:
        mask[g, INDEX[PICK_FIGHTER, 0]] = 1
        mask[g, INDEX[PICK_MAGIC_USER, 0]] = 1
    elif ask == ASK_DODGE:
        mask[g, INDEX[DODGE, 0]] = 1
        mask[g, INDEX[NO_DODGE, 0]] = 1
    elif ask == ASK_MIGHTY:
        mask[g, INDEX[MIGHTY, 0]] = 1
        mask[g, INDEX[NO_MIGHTY, 0]] = 1
    else:
        if ask == ASK_TURN:
            m = _list_openings(P, seat, kinds, targets)
        else:
            m = _list_swings(P, seat, kinds, targets, 0)
        for i in range(m):
            c = kinds[i]
            rel = 0 if c == HASTE or c == BLESS or c == SCRAMBLE else (targets[i] - seat) % n
            mask[g, INDEX[c, rel]] = 1


@njit(cache=True)
def _write_final(g, o, P, S, obs, seat):
    """Game ``g`` where it ended for ``seat``, seen by it: the KtOG encoding's ``observe`` of a
    finished game (nobody on turn, no question, nothing in progress)."""
    _write_table(g, o, P, S, obs, seat, o.players, -1, -1)


# -- every game -----------------------------------------------------------------------------------

@njit(cache=True, parallel=PARALLEL)
def _step_all(seg, S, P0, A, mask, actions, o, pols, tabs, selfplay, max_decisions, fresh, obs, rewards, term, trunc,
              winner, asked, final, final_mask):
    """Every game answers its action and plays on to its next question (``fresh``: every game starts
    anew, as ``reset`` does); a game that ends or is cut off writes its last observation into
    ``final`` (and a cut-off its open question's mask into ``final_mask``) and starts anew at once.
    A new game decided before anyone is asked shows its end with every action marked, and the next
    step reports it.  The threads take the games in groups of :data:`ENVS_PER_TASK`."""
    N = S.shape[0]
    for task in prange((N + ENVS_PER_TASK - 1) // ENVS_PER_TASK):
        _step_group(task * ENVS_PER_TASK, min(N, (task + 1) * ENVS_PER_TASK), seg, S, P0, A, mask, actions, o, pols,
                    tabs, selfplay, max_decisions, fresh, obs, rewards, term, trunc, winner, asked, final, final_mask)


@njit(cache=True)
def _step_group(lo, hi, seg, S, P0, A, mask, actions, o, pols, tabs, selfplay, max_decisions, fresh, obs, rewards,
                term, trunc, winner, asked, final, final_mask):
    """Games ``lo`` to ``hi`` of :func:`_step_all`, with one set of scratch arrays.  ``obs`` holds each
    game's observation of the last step (shown again as ``final`` when that game ends now)."""
    n = o.players
    kinds = np.zeros(4 * n + 4, np.int64)
    targets = np.zeros(4 * n + 4, np.int64)
    rolls = np.zeros(n, np.int64)
    rollers = np.zeros(n, np.int64)
    row = np.zeros(LOG_WIDTH, np.int64)
    q = np.empty(K.NA)
    P = np.zeros((NROWS, n), np.int64)
    for g in range(lo, hi):
        Ag = A[g]
        work = (kinds, targets, rolls, rollers, row, q, Ag)
        seat = Ag[ASKED_SEAT]
        rewards[g] = 0.0
        term[g] = False
        trunc[g] = False
        winner[g] = -1
        src = seg[g]
        stage = 2  # 0: the answered game plays on; 1: a new game plays; 2: a new game starts
        if not fresh:
            if S[g, OVER] == DECIDED_EARLY:  # decided before anyone was asked: this step reports it
                rewards[g] = 1.0 if S[g, WINNER] == 0 else -1.0
                term[g] = True
                winner[g] = S[g, WINNER]
                final[g, :] = obs[g, :]
            else:
                if mask[g, actions[g]] == 0:
                    final[g, :] = obs[g, :]  # the position of the illegal action
                src, ok = _start_answer(src, o, S, P0, seg, mask, P, Ag, g, actions[g])
                if ok:
                    stage = 0
                else:
                    rewards[g] = -1.0
                    term[g] = True
        while True:
            if stage == 2:
                _start_game(src, S, seg, Ag, g)
                stage = 1
            src = _play_on_inline(src, o, pols, tabs, P, work, S, P0, seg, g, selfplay)
            if S[g, OVER]:
                if stage == 1:  # over before anyone was asked: shown now, reported by the next step
                    S[g, OVER] = DECIDED_EARLY
                    seg[g] = src
                    asked[g] = 0
                    _write_final(g, o, P, S, obs, 0)
                    mask[g, :] = 1
                    break
                rewards[g] = 1.0 if S[g, WINNER] == seat else -1.0
                term[g] = True
                winner[g] = S[g, WINNER]
                _write_final(g, o, P, S, final, seat)
                stage = 2
            elif stage == 0 and S[g, DECIDED] >= max_decisions:
                trunc[g] = True
                _write(g, o, P, S, Ag, final, final_mask, kinds, targets)
                stage = 2
            else:
                break
        if S[g, OVER] != DECIDED_EARLY:
            asked[g] = Ag[ASKED_SEAT]
            _write(g, o, P, S, Ag, obs, mask, kinds, targets)


class KtogVectorEnv(gym.vector.VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}

    def __init__(self, num_envs: int = 1024, opponent: str = "random", max_decisions: int | None = None,
                 render_mode: str | None = None, **options) -> None:
        from .batch import _setup

        self.render_mode = check_render_mode(render_mode, self.metadata)
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        players = int(options.get("players", M.MIN_PLAYERS))
        bots = ["brute" if opponent == "self" else opponent] * players
        self.game, self._o, pols, self._tabs = _setup(options, bots)  # the rules' own checks of the options
        if opponent == "self":
            pols[:] = AGENT
        pols[0] = AGENT
        self._pols = pols
        self.selfplay = opponent == "self"
        self.opponent = opponent
        self.players = self._o.players
        self.max_decisions = KtogEncoding.max_decisions if max_decisions is None else int(max_decisions)
        self.num_envs = int(num_envs)
        self.single_observation_space = spaces.Box(0.0, 1.0, (OBS,), np.float32)
        self.single_action_space = spaces.Discrete(ACTIONS)
        self.observation_space = spaces.Box(0.0, 1.0, (self.num_envs, OBS), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, ACTIONS))
        N = self.num_envs
        self._seg = np.zeros(N, np.uint64)
        self._S = np.zeros((N, NS), np.int64)
        self._P0 = np.zeros((N, NROWS, self.players), np.int64)
        self._A = np.zeros((N, AGENT_WIDTH), np.int64)
        self._mask = np.zeros((N, ACTIONS), np.int8)
        self._seat = np.zeros(N, np.int64)
        self._obs = np.zeros((N, OBS), np.float32)

    def _run(self, actions: np.ndarray, fresh: bool):
        N = self.num_envs
        rewards, term, trunc = np.zeros(N, np.float32), np.zeros(N, np.bool_), np.zeros(N, np.bool_)
        winner, final, final_mask = np.full(N, -1, np.int64), np.zeros((N, OBS), np.float32), np.zeros((N, ACTIONS), np.int8)
        _step_all(self._seg, self._S, self._P0, self._A, self._mask, actions, self._o, self._pols, self._tabs,
                  self.selfplay, self.max_decisions, fresh, self._obs, rewards, term, trunc, winner, self._seat,
                  final, final_mask)
        extra = {"seat": self._seat.copy()} if self.selfplay else {}
        if self.selfplay and not fresh:
            extra["winner"] = winner
        info = step_infos(self._mask.copy(), extra, None if fresh else term | trunc, final,
                          {"action_mask": final_mask})
        return self._obs.copy(), rewards, term, trunc, info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        self._seg[:] = [_chunk_seed(np.uint64(seed), np.uint64(g)) for g in range(self.num_envs)]
        obs, _, _, _, info = self._run(np.zeros(self.num_envs, np.int64), True)
        return obs, info

    def step(self, actions):
        actions = np.asarray(actions, np.int64).reshape(self.num_envs)
        if actions.min() < 0 or actions.max() >= ACTIONS:
            raise ValueError(f"actions are 0..{ACTIONS - 1}")
        return self._run(actions, False)

    def action_masks(self) -> np.ndarray:
        return self._mask.copy()

    def render(self):
        """One line per game (``render_mode="ansi"``): hit points at the start of the turn, who is out,
        and the question asked now."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        name, P = self.game.seat_name, self._P0
        return tuple(f"game {g}: " + " | ".join(f"{name(s)} hp {P[g, HP, s]}" + ("" if P[g, UP, s] else " out")
                                                for s in range(self.players))
                     + (" | over before the first question" if self._S[g, OVER]
                        else f" | asks {name(int(self._seat[g]))}: {ASKS[self._A[g, ASKED]]}")
                     for g in range(self.num_envs))
