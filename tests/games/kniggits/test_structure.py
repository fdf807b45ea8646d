"""How the Kniggits package is built (issue 13): no import circles, no file over 400 lines, a
decision runs the rules once, and the game object holds no state that play changes."""

from __future__ import annotations

import ast
from pathlib import Path

import brawl.games.kniggits as package
from brawl.bots import make_bot
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games.kniggits.rules import Kniggits

from .helpers import battle, game, kn

PACKAGE_DIR = Path(package.__file__).parent
PACKAGE = package.__name__


def internal_imports(directory: Path, package_name: str) -> dict[str, set[str]]:
    """Module name -> the modules of the same package it imports (anywhere in its text, relative or
    absolute; ``from . import x`` names module ``x`` when there is one, else the package itself)."""
    modules = {(package_name if p.stem == "__init__" else f"{package_name}.{p.stem}"): p
               for p in directory.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = package_name.split(".") if path.stem == "__init__" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(here[: len(here) - node.level + 1]) if node.level else ""
                stem = ".".join(x for x in (base, node.module or "") if x)
                targets = [f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in modules else stem for alias in node.names]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Pairs (a, b): a imports b, and b imports a back, directly or through others."""
    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph.get(start, ()))
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo += graph.get(m, ())
        return seen

    reachable = {m: reach(m) for m in graph}
    return sorted((a, b) for a in graph for b in graph[a] if a in reachable.get(b, set()))


def test_no_module_of_the_package_imports_one_that_imports_it_back():
    """Issue 13, no circles: no module of brawl.games.kniggits imports one that imports it back."""
    graph = internal_imports(PACKAGE_DIR, PACKAGE)
    assert f"{PACKAGE}.rules" in graph and f"{PACKAGE}.movement" in graph[f"{PACKAGE}.rules"]
    assert circles(graph) == []


def test_the_circle_check_finds_circles(tmp_path):
    """The check itself: a direct and an indirect circle are both found."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .c import thing\n")
    (pkg / "c.py").write_text("from pkg.a import x\n")
    (pkg / "d.py").write_text("from .a import y\n")
    found = circles(internal_imports(pkg, "pkg"))
    assert ("pkg.a", "pkg.b") in found and ("pkg.c", "pkg.a") in found
    assert not any("pkg.d" in pair for pair in found)


def test_no_file_of_the_package_is_over_400_lines():
    """Issue 13: modules by concept, none over 400 lines."""
    lengths = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE_DIR.glob("*.py")}
    assert "rules.py" in lengths and {n: c for n, c in lengths.items() if c > 400} == {}


def test_a_decision_runs_the_rules_once(monkeypatch):
    """Issue 13, a declared protocol: checking and applying a decision make one transition, not two."""
    g = game()
    made = []
    transition = Kniggits._transition

    def counted(self, state, seat, action):
        made.append(action)
        return transition(self, state, seat, action)

    monkeypatch.setattr(Kniggits, "_transition", counted)
    s = battle(g, kn("A1", 10, 10), kn("B1", 10, 20), kn("A2", 30, 2), kn("B2", 2, 34))
    after = g.apply_action(s, 0, "move:A1:10:14")
    assert made == ["move:A1:10:14"] and g.kniggit(after, "A1").pos == (10.0, 14.0)
    g.apply_action(after, 0, "end_move")
    assert made == ["move:A1:10:14", "end_move"]


def test_the_game_object_holds_no_state_that_play_changes():
    """Issue 13: game objects hold no mutable state; a whole game leaves the game object and its
    table as they were."""
    g = game(terrain="village", archers=True, potions=True, scenario="flag")
    before = dict(vars(g))
    table_before = dict(vars(g.table))
    m = Match(g, SeededDice(4))
    bots = [make_bot("kniggits", "heuristic", seed=1), make_bot("kniggits", "random", seed=2)]
    while not m.over:
        seat = m.node().seats[0]
        m.decide(seat, bots[seat].choose(g, m.state, seat))
    assert vars(g) == before and all(vars(g)[k] is v for k, v in before.items())
    assert vars(g.table) == table_before
    assert set(before) == {"options", "table", "on_real_table"}  # a bool read off the options once
