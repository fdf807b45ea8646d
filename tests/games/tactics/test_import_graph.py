"""No import circles inside the Tactics package (issue 13, "No circles").

Every ``import`` statement of every module in ``brawl/games/tactics`` is read with :mod:`ast`,
those inside functions (late imports) included, and the graph of which module imports which is
searched for a cycle, direct (a imports b, b imports a) or through others.  Imports under
``if TYPE_CHECKING:`` are left out: they are read by type checkers only and never run.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import brawl.games.tactics as package

PACKAGE = package.__name__
ROOT = Path(package.__file__).parent


def _module_name(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, type_checking: bool = False):
    """Every import node of a module, but those under ``if TYPE_CHECKING:`` (unless
    ``type_checking``)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child) and not type_checking:
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            stack.append(child)


def _resolve(module: str, is_package: bool, node, modules) -> set[str]:
    """The modules an import statement names (absolute dotted names).  ``from . import attacks``
    names the submodule alone; ``from .rules import Tactics`` the module ``rules``."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    subs = {f"{prefix}.{alias.name}" for alias in node.names}
    if node.module is None and subs <= set(modules):
        return subs
    return {prefix} | subs


def import_graph(type_checking: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of this package it imports (with ``type_checking``, those it imports
    for type checkers only as well)."""
    files = {_module_name(p): p for p in ROOT.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets: set[str] = set()
        for node in _imports(tree, type_checking):
            targets |= {t for t in _resolve(name, path.stem == "__init__", node, files) if t in files and t != name}
        graph[name] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle in ``graph`` as the list of its modules (the first one repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_finder_sees_direct_and_indirect_circles():
    """The check can fail: a circle of two, and one through a third module, are both found."""
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_graph_reads_late_and_relative_imports():
    """The graph sees the imports the rules make (``from . import movement``, ``from .steps import``)
    and leaves out the type-checking ones (every concept module names the game class that way)."""
    graph = import_graph()
    rules = f"{PACKAGE}.rules"
    assert {f"{PACKAGE}.{m}" for m in ("actions", "movement", "strikes", "saves", "spells", "effects", "turns",
                                       "steps", "mechanics")} <= graph[rules]
    assert rules in graph[f"{PACKAGE}.odds"]
    assert rules not in graph[f"{PACKAGE}.movement"]


def test_no_module_imports_one_that_imports_it_back():
    """Issue 13 (No circles): no module of the Tactics package imports, directly or through others,
    a module that imports it; in particular the odds and the rules share the arithmetic of
    ``mechanics`` instead of importing each other."""
    graph = import_graph()
    assert len(graph) >= 20
    assert find_cycle(graph) is None, f"import circle: {' -> '.join(find_cycle(graph))}"
    assert f"{PACKAGE}.odds" not in graph[f"{PACKAGE}.rules"] | graph[f"{PACKAGE}.words"] | graph[f"{PACKAGE}.bots"]


def test_every_module_imports():
    """Every module of the package imports (a circle that the reading missed would fail here)."""
    for path in sorted(ROOT.glob("*.py")):
        importlib.import_module(_module_name(path))


def test_no_circle_even_for_type_checkers():
    """Issue 28 (a project that stands alone, point 21): the modules of the rules' concepts name
    the game by the protocol of :mod:`.interface`, not by importing :mod:`.rules` back, so the
    package has no circle even counting the imports made for type checkers only."""
    graph = import_graph(type_checking=True)
    assert find_cycle(graph) is None, f"import circle: {' -> '.join(find_cycle(graph))}"
    rules = f"{PACKAGE}.rules"
    below = [m for m, targets in graph.items() if rules in targets and m in graph[rules]]
    assert below == []
