"""One step of every battle of the vectorised Tactics environment (:mod:`.vector`), in compiled code.

Each battle answers its action (:func:`.batch_agent.answer`), plays on to the next question to an
agent seat (:func:`.batch_agent.play_on`) and writes what that seat sees; a battle that ends or is cut
off writes its last observation (and a cut-off's open question's mask) for the infos' ``final_obs``
and ``final_info``, and a new battle starts in its place in the same step.  A new battle decided
before the agent is first asked shows its end with every action marked, and the next step reports
it, as ``gym_env`` does.  The threads take the battles in groups (:func:`per_task`), each group with
one set of scratch arrays.
"""

from __future__ import annotations

from numba import njit, prange

from ...sim.kernel import PARALLEL
from .batch_agent import (SHAPED, TURN, answer, cut_reward, end_reward, margin, new_battle, play_on, scratch,
                          write_mask, write_obs)
from .batch_game import S_OVER, S_WINNER

# a battle's row of ``E``: over (0, 1 or DECIDED_EARLY), the agent's decisions this episode, the seat
# asked and the kind of question
E_OVER, E_DECIDED, E_SEAT, E_KIND = range(4)
NE = 4
DECIDED_EARLY = 2
ENVS_PER_TASK = 64  # the fewest battles a thread steps with one set of scratch arrays


def per_task(num_envs: int, threads: int) -> int:
    """Battles per task: four tasks a thread (so the threads finish together), at least
    :data:`ENVS_PER_TASK` (each task makes its scratch arrays)."""
    return max(ENVS_PER_TASK, -(-num_envs // (4 * threads)))


@njit(cache=True)
def step_group(lo, hi, src, Ub, Sb, STKb, PATHb, E, mask, obs, actions, tabs, U0, AT, agent, opponent, selfplay,
               reward, draw_weight, max_decisions, fresh, rewards, term, trunc, winner, asked, final, final_mask,
               potential):
    """Battles ``lo`` to ``hi`` of :func:`step_all`.  ``obs`` and ``mask`` hold each battle's question
    of the last step (shown again in ``final`` when that battle ends on an illegal action)."""
    work = scratch(tabs[2].shape[0])
    L = work[3]
    for g in range(lo, hi):
        U, S, STK, PATH = Ub[g], Sb[g], STKb[g], PATHb[g]
        s = src[g]
        rewards[g] = 0.0
        term[g] = False
        trunc[g] = False
        winner[g] = -1
        seat = E[g, E_SEAT]
        stage = 2  # 0: the answered battle plays on; 1: a new battle plays; 2: a new battle starts
        if not fresh:
            a = actions[g]
            if E[g, E_OVER] == DECIDED_EARLY:  # decided before anyone was asked: this step reports it
                rewards[g] = end_reward(U, S, tabs, agent, reward, draw_weight, AT)
                term[g] = True
                winner[g] = S[S_WINNER]
                final[g, :] = obs[g, :]
                final_mask[g, :] = 0
            elif mask[g, a] == 0:  # an illegal action loses
                rewards[g] = -1.0
                term[g] = True
                winner[g] = 1 - seat
                final[g, :] = obs[g, :]
                final_mask[g, :] = 0
            else:
                answer(U, S, STK, PATH, tabs, work, seat, a, AT)
                E[g, E_DECIDED] += 1
                stage = 0
        k, who, kind = 0, agent, TURN
        while True:
            if stage == 2:
                new_battle(U, S, U0)
                E[g, E_OVER] = 0
                E[g, E_DECIDED] = 0
                stage = 1
            s, k, who, kind = play_on(s, U, S, STK, PATH, tabs, work, agent, opponent, selfplay)
            if stage == 0 and reward == SHAPED:  # the change of the agent's margin, as gym_env's shaping
                rewards[g] += draw_weight * (margin(U, tabs, agent, AT) - potential[g])
            if S[S_OVER] == 1:
                if stage == 1:  # over before anyone was asked: shown now, reported by the next step
                    E[g, E_OVER] = DECIDED_EARLY
                    write_obs(obs[g], U, S, STK, tabs, agent, False, TURN, AT)
                    mask[g, :] = 1
                    asked[g] = agent
                    break
                E[g, E_OVER] = 1
                rewards[g] += end_reward(U, S, tabs, seat, reward, draw_weight, AT)
                term[g] = True
                winner[g] = S[S_WINNER]
                write_obs(final[g], U, S, STK, tabs, seat, False, TURN, AT)
                final_mask[g, :] = 0
                stage = 2
            elif stage == 0 and E[g, E_DECIDED] >= max_decisions:
                rewards[g] += cut_reward(U, tabs, seat, reward, draw_weight, AT)
                trunc[g] = True
                write_obs(final[g], U, S, STK, tabs, who, True, kind, AT)
                write_mask(final_mask[g], L, k, who, AT)
                stage = 2
            else:
                break
        if E[g, E_OVER] != DECIDED_EARLY:
            E[g, E_SEAT] = who
            E[g, E_KIND] = kind
            asked[g] = who
            write_obs(obs[g], U, S, STK, tabs, who, True, kind, AT)
            write_mask(mask[g], L, k, who, AT)
            if reward == SHAPED:
                potential[g] = margin(U, tabs, agent, AT)
        src[g] = s


@njit(cache=True, parallel=PARALLEL)
def step_all(src, Ub, Sb, STKb, PATHb, E, mask, obs, actions, tabs, U0, AT, agent, opponent, selfplay, reward,
             draw_weight, max_decisions, fresh, rewards, term, trunc, winner, asked, final, final_mask, potential,
             per_task):
    """Every battle answers its action and plays on to its next question (``fresh``: every battle
    starts anew, as ``reset`` does); the threads take them ``per_task`` at a time (:func:`per_task`).
    In the tests' quick build it is compiled on one thread (:data:`brawl.sim.kernel.PARALLEL`): the
    same loop, each battle its own either way."""
    N = src.shape[0]
    for task in prange((N + per_task - 1) // per_task):
        step_group(task * per_task, min(N, (task + 1) * per_task), src, Ub, Sb, STKb, PATHb, E, mask, obs,
                   actions, tabs, U0, AT, agent, opponent, selfplay, reward, draw_weight, max_decisions, fresh,
                   rewards, term, trunc, winner, asked, final, final_mask, potential)
