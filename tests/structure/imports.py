"""The import graph of the ``brawl`` package, read from the source with :mod:`ast` (nothing is
imported): which brawl module each module imports, at module level and inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "brawl"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in ROOT.rglob("*.py")}


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = current.split(".") if is_package else current.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the import nodes under ``if TYPE_CHECKING:`` (read by type checkers, never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for child in node.body for n in ast.walk(child)}
    return skip


def imports(top_level_only: bool = True, for_type_checkers: bool = False) -> dict[str, set[str]]:
    """module -> the brawl modules it imports when it runs (``top_level_only``: not counting
    imports inside functions, which run only when called).  Imports for type checkers alone
    (under ``if TYPE_CHECKING:``) are not counted, as they never run, unless
    ``for_type_checkers``: a module that names another only for its types still depends on it."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set() if for_type_checkers else _type_checking_only(tree)
        nodes = [n for n in (tree.body if top_level_only else ast.walk(tree))
                 if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in skip]
        out: set[str] = set()
        for node in nodes:
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names if a.name in known}
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(name, path.name == "__init__.py", node)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in known:
                        out.add(sub)
                    elif target in known:
                        out.add(target)
        out.discard(name)
        graph[name] = out
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected set of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found
