"""OpenSpiel's CFR on brawl's rock-paper-scissors and on Krig at 1 hit point, with exploitability.

Both games come from ``brawl.rl.openspiel_game``.  With a ``max_game_length`` below the default,
brawl's strings say how many moves were made, so OpenSpiel's CFR and its Python best response run
on the game itself (``tests/rl/test_spiel_strings.py`` does); but a Python game is slow to step,
and CFR walks the whole tree on every iteration, so the example copies the tree once (OpenSpiel's
C++ best response cannot run a Python game at all).

:class:`Tree` walks the OpenSpiel game once and keeps every node (player, legal actions, chance
probabilities, returns).  Its information states have perfect recall: a player's key is the list of
brawl's information-state strings at each of that player's decisions so far, with the actions taken.
It offers the few ``pyspiel.State`` methods that OpenSpiel's Python ``CFRSolver``, ``TabularPolicy``
and ``exploitability.nash_conv`` read, so those run on it unchanged; exploitability is NashConv / 2
(two-player zero-sum), in units of the game's payoff (+1 a win, -1 a loss).

- **rps**: one round (``wins_needed=1``, a tie is worth 0), made turn-based with the first choice
  hidden (``pyspiel.convert_to_turn_based``).  Uniform is the equilibrium and CFR's first average
  policy is uniform, so the exploitability is 0 from the first iteration; for contrast the example
  prints that of always playing rock (1: paper wins every game).
- **Krig**: 1 hit point each, from the moment Sun has won the initiative (``start``), cut off after
  ``--krig-moves`` moves (dice included) at 0 for both.  Krig has no hidden information, so this is a
  perfect-information game with chance; CFR's exploitability on the cut-off tree falls as 1/T.  The
  example then prints Sun's value under CFR's policy on the cut-off tree beside brawl's exact value
  of the same position (``brawl.games.krig.solver``, no cut-off); they differ because a game not
  decided within the moves allowed counts 0 for both instead of its real outcome (+0.556 on the
  cut-off tree against +0.395 exactly at the defaults, where Moon's chances of coming back are cut).

Run: ``python examples/openspiel_cfr.py`` (200 iterations, Krig cut off after 6 moves: 6,000 nodes,
under a minute); ``--krig-moves 7`` is five times larger; ``--iterations 20 --krig-moves 4`` is quick.
"""

from __future__ import annotations

import argparse
import time
from types import SimpleNamespace

import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

from brawl.games import make_game
from brawl.games.krig.solver import solve
from brawl.rl import openspiel_game

TERMINAL, CHANCE = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)


class Node:
    __slots__ = ("player", "actions", "probs", "labels", "children", "values", "keys", "history")

    def __init__(self, history: tuple[int, ...]) -> None:
        self.history = history
        self.children: dict[int, Node] = {}


class Tree:
    """An OpenSpiel game's whole tree, walked once, with perfect-recall information states."""

    def __init__(self, game: pyspiel.Game) -> None:
        self.source = game
        self.players = game.num_players()
        self.actions = game.num_distinct_actions()
        self.nodes = 0
        self.root = self._build(game.new_initial_state(), (), tuple(() for _ in range(self.players)))

    def _build(self, state: pyspiel.State, history: tuple[int, ...], seen: tuple) -> Node:
        node = Node(history)
        self.nodes += 1
        if state.is_terminal():
            node.player, node.values = TERMINAL, list(state.returns())
            return node
        node.player = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            node.actions, node.probs = [a for a, _ in outcomes], [p for _, p in outcomes]
        else:
            node.actions = list(state.legal_actions())
            p = node.player
            seen = tuple(s + (state.information_state_string(p),) if i == p else s for i, s in enumerate(seen))
            node.keys = seen
        node.labels = {a: state.action_to_string(node.player, a) for a in node.actions}
        for a in node.actions:
            after = seen if node.player == CHANCE else tuple(
                s + (node.labels[a],) if i == node.player else s for i, s in enumerate(seen))
            node.children[a] = self._build(state.child(a), history + (a,), after)
        return node

    # the parts of pyspiel.Game that CFR, TabularPolicy and nash_conv read
    def new_initial_state(self) -> "TreeState":
        return TreeState(self, self.root)

    def new_initial_states(self) -> list["TreeState"]:
        return [self.new_initial_state()]

    def num_players(self) -> int:
        return self.players

    def num_distinct_actions(self) -> int:
        return self.actions

    def utility_sum(self) -> float:
        return 0.0

    def get_type(self):
        return SimpleNamespace(dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
                               utility=pyspiel.GameType.Utility.ZERO_SUM,
                               provides_information_state_string=True,
                               provides_information_state_tensor=False,
                               provides_observation_tensor=False)


class TreeState:
    """A node of a :class:`Tree` with the ``pyspiel.State`` methods the algorithms call."""

    def __init__(self, tree: Tree, node: Node) -> None:
        self.tree, self.node = tree, node

    def is_terminal(self) -> bool:
        return self.node.player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.node.player == CHANCE

    def is_simultaneous_node(self) -> bool:
        return False

    def current_player(self) -> int:
        return self.node.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(zip(self.node.actions, self.node.probs))

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.is_terminal() or (player is not None and player != self.node.player):
            return []
        return list(self.node.actions)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        mask = [0] * self.tree.actions
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def information_state_string(self, player: int | None = None) -> str:
        player = self.node.player if player is None else player
        return " | ".join(self.node.keys[player])

    def child(self, action: int) -> "TreeState":
        return TreeState(self.tree, self.node.children[action])

    def clone(self) -> "TreeState":
        return TreeState(self.tree, self.node)

    def history(self) -> list[int]:
        return list(self.node.history)

    def history_str(self) -> str:
        return ", ".join(map(str, self.node.history))

    def returns(self) -> list[float]:
        return list(self.node.values) if self.is_terminal() else [0.0] * self.tree.players

    def player_return(self, player: int) -> float:
        return self.returns()[player]

    def action_to_string(self, player: int, action: int) -> str:
        return self.node.labels[action]


def run_cfr(name: str, tree: Tree, iterations: int, report: tuple[int, ...]) -> cfr.CFRSolver:
    t0 = time.perf_counter()
    solver = cfr.CFRSolver(tree)
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i in report or i == iterations:
            gap = exploitability.nash_conv(tree, solver.average_policy()) / 2
            print(f"{name}: iteration {i:4d}: exploitability {gap:.6f} ({time.perf_counter() - t0:.1f} s)")
    return solver


def krig_start(hp: int) -> str:
    """Krig at ``hp`` hit points just after Sun won the initiative (d10s 10 against 1), as JSON."""
    game = make_game("krig", {"hp": hp})
    state = game.initial_state()
    for face in (10, 1):
        state = game.apply_chance(state, face)
    return game.dumps(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--krig-hp", type=int, default=1)
    parser.add_argument("--krig-moves", type=int, default=6, help="Krig is cut off (0 each) after this many moves")
    args = parser.parse_args()
    report = (1, 10, 100, 1000)

    base = openspiel_game("rps", wins_needed=1, max_game_length=1)  # kept alive: the wrapper refers to it
    rps = Tree(pyspiel.convert_to_turn_based(base))
    solver = run_cfr("rps", rps, args.iterations, report)
    root = rps.new_initial_state()
    probs = solver.average_policy().action_probabilities(root)
    print(f"rps ({rps.nodes} nodes) first move:", ", ".join(f"{root.action_to_string(0, a)} {p:.3f}" for a, p in probs.items()))
    rock = policy.TabularPolicy(rps)
    rock.action_probability_array[:] = 0
    rock.action_probability_array[:, 0] = 1
    print(f"rps, for contrast: always rock has exploitability {exploitability.nash_conv(rps, rock) / 2:.3f}")

    t0 = time.perf_counter()
    start = krig_start(args.krig_hp)
    krig = Tree(openspiel_game("krig", hp=args.krig_hp, start=start, max_game_length=args.krig_moves))
    print(f"krig at {args.krig_hp} hp, cut off after {args.krig_moves} moves: {krig.nodes:,} nodes "
          f"(walked in {time.perf_counter() - t0:.1f} s)")
    solver = run_cfr("krig", krig, args.iterations, report)
    root = krig.new_initial_state()
    average = solver.average_policy()
    probs = average.action_probabilities(root)
    print("krig, Sun's first decision:", ", ".join(f"{root.action_to_string(0, a)} {p:.3f}" for a, p in probs.items()))
    value = expected_game_score.policy_value(root, [average, average])[0]
    exact = solve({"hp": args.krig_hp, "edition": "author"})
    state = make_game("krig", {"hp": args.krig_hp}).loads(start)
    print(f"krig, Sun's value: {value:+.4f} with CFR's average policy on the cut-off tree; "
          f"{2 * exact.win_probability(state, 0) - 1:+.4f} in brawl's exact solution (no cut-off), "
          f"whose first decision is {exact.best_action(state, 0)}")


if __name__ == "__main__":
    main()
