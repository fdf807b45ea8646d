"""Research interfaces: environment speed, and OpenSpiel's value iteration against brawl's solver.

    .venv/bin/python benchmarks/bench_rl.py [--episodes 300] [--solve-hp 1 2] [--editions author article]
        [--parts vector mask envs solve]

Prints agent steps per second of the vectorised Krig and KtOG environments, the time of a Kniggits
action mask (batch, and move by move through the rules), decisions per second for random play
through every single-game interface of every game, value iteration from Krig's initial state, then for each Krig set-up the
number of OpenSpiel states, the time value iteration took and the largest difference from
``brawl.solve`` over every turn position it reached.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from dataclasses import replace

import numpy as np


def _agent_rng() -> random.Random:
    """The random agents' generator: Python's, whose one draw costs a tenth of a NumPy
    ``Generator``'s (a scalar ``integers`` call costs several microseconds, more than a
    rock-paper-scissors step's rules), so that the figures are the environment's time."""
    return random.Random(0)


def _pick(rng, mask) -> int:
    """A uniformly random legal action from a mask: the cheapest random agent."""
    return _pick_from(rng, np.flatnonzero(mask))


def _pick_from(rng, legal) -> int:
    return int(legal[rng.randrange(len(legal))])


def _warm(env, rng) -> None:
    """One episode first, so that compiling (the Kniggits mask) and first imports are not timed."""
    env.reset(seed=10_000)
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else _pick(rng, obs["action_mask"]))


def env_speed(total: int) -> None:
    """Decisions per second through each single-game interface, random legal play from the mask:
    PettingZoo AEC steps (every seat's decisions), Gymnasium agent steps against ``random`` (with
    the decisions the opponent makes in between), OpenSpiel moves (dice included)."""
    from brawl.rl import gym_env, openspiel_game, pettingzoo_env

    # long games get fewer episodes (Kniggits games differ a lot: enough of them for a steady figure)
    setups = (("krig", {}, 1.0), ("ktog", {"players": 4}, 1.0), ("rps", {}, 1.0),
              ("kniggits", {}, 0.2), ("kniggits", {"points": 500}, 0.01), ("tactics", {}, 0.1))
    for game, options, share in setups:
        episodes = max(2, int(total * share))
        label = game + "".join(f" {k}={v}" for k, v in options.items())
        rng = _agent_rng()
        env = pettingzoo_env(game, **options)
        _warm(env, rng)
        steps, t0, cpu0 = 0, time.perf_counter(), time.process_time()
        for ep in range(episodes):
            env.reset(seed=ep)
            for agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                env.step(None if term or trunc else _pick(rng, obs["action_mask"]))
                steps += 1
        dt, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        print(f"pettingzoo AEC {label:20s}: {steps / dt:9,.0f} decisions/s ({episodes / dt:7,.1f} episodes/s; "
              f"{steps / cpu:,.0f} a CPU second)")

        env = gym_env(game, **options)
        steps, t0 = 0, time.perf_counter()
        for ep in range(episodes):
            obs, info = env.reset(seed=ep)
            done = False
            while not done:
                obs, _, term, trunc, info = env.step(_pick(rng, info["action_mask"]))
                done = term or trunc
                steps += 1
        dt = time.perf_counter() - t0
        print(f"gymnasium      {label:20s}: {steps / dt:9,.0f} agent steps/s ({episodes / dt:7,.1f} episodes/s, against random)")

        g = openspiel_game(game, **options)
        moves, t0 = 0, time.perf_counter()
        for _ in range(episodes):
            s = g.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes())
                    s.apply_action(int(rng.choices(outcomes, weights=probs)[0]))
                elif s.is_simultaneous_node():
                    s.apply_actions([_pick_from(rng, s.legal_actions(p)) for p in range(g.num_players())])
                else:
                    s.apply_action(_pick_from(rng, s.legal_actions()))
                moves += 1
        dt = time.perf_counter() - t0
        print(f"openspiel      {label:20s}: {moves / dt:9,.0f} moves/s incl. dice ({episodes / dt:7,.1f} games/s)")


def kniggits_mask(episodes: int) -> None:
    """The Kniggits action mask on the positions of random games: the batch path check the
    encoding uses against judging each menu move by the whole transition (the reference the tests
    compare it with), in microseconds a mask."""
    from brawl.rl import gym_env

    for options in ({}, {"terrain": "forest"}, {"points": 500}):
        env = gym_env("kniggits", opponent="random", **options)
        enc = env.encoding
        rng = _agent_rng()
        positions = []
        for ep in range(episodes):
            obs, info = env.reset(seed=ep)
            done = False
            while not done:
                if env.state_.phase == "move" and env.state_.to_act == env.seat:
                    positions.append((env.state_, env.seat))
                obs, _, term, trunc, info = env.step(_pick(rng, info["action_mask"]))
                done = term or trunc
        moves = [i for i, a in enumerate(enc.actions) if a.split(":")[0] in ("move", "step", "charge")]
        t0 = time.perf_counter()
        for state, seat in positions:
            enc._build_menu(state, seat)
        batch = (time.perf_counter() - t0) / len(positions)
        sample = positions[:: max(1, len(positions) // 20)]
        t0 = time.perf_counter()
        for state, seat in sample:
            enc._build_menu(state, seat)
            [enc._legal_by_transition(state, seat, i) for i in moves]
        whole = (time.perf_counter() - t0) / len(sample)
        label = " ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        print(f"kniggits mask ({label:12s}): batch {batch * 1e6:8,.0f} us a mask; each move through the whole "
              f"transition {whole * 1e6:10,.0f} us ({len(positions)} positions, {len(moves)} menu moves)")


def vector_speed(steps: int) -> None:
    """Agent steps per second of the vectorised Krig and KtOG environments (every sub-game steps once
    per call), the agent playing its first legal action (a NumPy argmax over the masks); KtOG as the
    duel against brute at the default 20 hit points, and four players against random."""
    from brawl.rl import vector_env

    setups = [("krig", num_envs, {"opponent": "random", "hp": 20}) for num_envs in (1024, 16384, 65536)]
    setups += [("ktog", num_envs, {"opponent": "brute"}) for num_envs in (1024, 16384, 65536)]
    setups += [("ktog", 65536, {"opponent": "random", "players": 4})]
    for game, num_envs, options in setups:
        env = vector_env(game, num_envs=num_envs, **options)
        obs, info = env.reset(seed=0)
        obs, reward, term, trunc, info = env.step(np.argmax(info["action_mask"], axis=1))  # compiled by now
        t0 = time.perf_counter()
        games = 0
        for _ in range(steps):
            obs, reward, term, trunc, info = env.step(np.argmax(info["action_mask"], axis=1))
            games += int(term.sum())
        dt = time.perf_counter() - t0
        label = " ".join(f"{k}={v}" for k, v in options.items())
        print(f"vector {game} {num_envs:6d} envs ({label}): {steps * num_envs / dt:12,.0f} agent steps/s, "
              f"{games / dt:10,.0f} games/s")


def from_initial_state(hp: int) -> None:
    """Value iteration from Krig's initial state (the initiative re-roll conditioned away)."""
    from open_spiel.python.algorithms import value_iteration

    from brawl.rl import openspiel_game

    spiel = openspiel_game("krig", hp=hp)
    t0 = time.perf_counter()
    values = value_iteration.value_iteration(spiel, -1, 1e-12, cyclic_game=True)
    root, value = spiel.new_initial_state(), 0.0  # a chance node: weigh the initiative's outcomes
    for sun, p in root.chance_outcomes():
        for moon, q in root.child(sun).chance_outcomes():
            value += p * q * values[str(root.child(sun).child(moon))]
    print(f"krig hp {hp} from the initial state: {len(values)} states, {time.perf_counter() - t0:.1f} s, "
          f"value to Sun {value:+.2e}")


def solve_agreement(hp: int, edition: str) -> None:
    from open_spiel.python.algorithms import value_iteration

    from brawl.games import make_game
    from brawl.rl import encoding_for, openspiel_game
    from brawl.solve import solve

    game = make_game("krig", hp=hp, edition=edition)
    enc = encoding_for(game)
    start = replace(game.initial_state(), phase="turn", to_act=0, first_mover=0)
    spiel = openspiel_game("krig", hp=hp, edition=edition, start=game.dumps(start))
    t0 = time.perf_counter()
    values = value_iteration.value_iteration(spiel, -1, 1e-12, cyclic_game=True)
    dt = time.perf_counter() - t0
    solution = solve("krig", {"hp": hp, "edition": edition})
    worst, compared = 0.0, 0
    base = game.initial_state()
    for h0, h1, d0, d1, c0, c1, me in itertools.product(range(1, hp + 1), range(1, hp + 1), range(9), range(9),
                                                        (False, True), (False, True), (0, 1)):
        state = replace(base, hp=(h0, h1), defense=(d0, d1), charging=(c0, c1), phase="turn", to_act=me)
        key = enc.state_key(state)
        if key in values:
            worst = max(worst, abs(values[key] - (2 * solution.win_probability(state, 0) - 1)))
            compared += 1
    root = values[str(spiel.new_initial_state())]
    print(f"krig {edition:7s} hp {hp}: {len(values):6d} OpenSpiel states, value iteration {dt:6.1f} s; "
          f"{compared} turn positions compared, largest difference {worst:.2e}; "
          f"first mover wins {(root + 1) / 2:.9f} (brawl solve {solution.first_mover_win:.9f})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--episodes", type=int, default=300)
    ap.add_argument("--solve-hp", type=int, nargs="*", default=[1, 2])
    ap.add_argument("--editions", nargs="*", default=["author", "article"])
    ap.add_argument("--kniggits-episodes", type=int, default=2)
    ap.add_argument("--vector-steps", type=int, default=100)
    ap.add_argument("--parts", nargs="*", default=["vector", "mask", "envs", "solve"],
                    help="which figures to print: vector, mask, envs, solve")
    args = ap.parse_args()
    sys.setrecursionlimit(100_000)
    if "vector" in args.parts:
        vector_speed(args.vector_steps)
    if "mask" in args.parts:
        kniggits_mask(args.kniggits_episodes)
    if "envs" in args.parts:
        env_speed(args.episodes)
    if "solve" in args.parts:
        for hp in args.solve_hp:
            from_initial_state(hp)
        for hp in args.solve_hp:
            for edition in args.editions:
                solve_agreement(hp, edition)


if __name__ == "__main__":
    main()
