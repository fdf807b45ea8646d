"""The layout the developer guide promises (DEVELOPERS.md, "Adding a game"): each game package owns
its parts and names them in its entry; the rest of brawl asks the entry, never the game's name;
and no module imports one that imports it back."""

from __future__ import annotations

import ast

import pytest

from brawl.games import entry, game_names, games_with
from brawl.games.entry import Entry
from tests.structure.imports import ROOT, cycles, imports, modules

PARTS = ("rules", "bots", "solver", "generic", "batch", "odds", "encoding", "vector", "analysis")


@pytest.mark.parametrize("name", game_names())
def test_every_part_an_entry_names_loads(name):
    game = entry(name)
    assert isinstance(game, Entry) and game.name == name
    assert game.load("rules").name == name
    for part in PARTS:
        target = getattr(game, part)
        if target is not None:
            assert target.startswith(f"brawl.games.{name}."), f"{name}'s {part} lives outside its package: {target}"
            assert game.load(part) is not None
    if game.renderer:
        assert (ROOT / "web" / "static" / "games" / f"{name}.js").is_file()


def test_the_parts_the_issue_names_are_where_the_entries_say():
    assert games_with("solver") == ["krig", "ktog"]
    assert {"krig", "ktog", "kniggits"} <= set(games_with("batch"))
    assert set(games_with("encoding")) == set(game_names())


def _name_tests(tree: ast.AST) -> list[int]:
    """Lines comparing something with a game's name (``game == "krig"``, ``name in ("krig", ...)``)."""
    names = set(game_names())
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                values = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
                if any(isinstance(v, ast.Constant) and v.value in names for v in values):
                    lines.append(node.lineno)
    return lines


def test_no_game_is_found_by_name_outside_its_package():
    """Capabilities come from the entry: no ``if game == ...`` outside ``brawl/games``."""
    offenders = []
    for name, path in modules().items():
        if name.startswith("brawl.games."):
            continue
        for line in _name_tests(ast.parse(path.read_text(encoding="utf-8"))):
            offenders.append(f"{path.relative_to(ROOT.parent)}:{line}")
    assert offenders == []


def test_no_import_circles():
    """No module imports (at the top or inside a function) one that imports it back."""
    assert cycles(imports(top_level_only=False)) == []


def test_no_import_circles_even_for_type_checkers():
    """Nor when the imports read only by type checkers count (``if TYPE_CHECKING:``): a module that
    names another for its types depends on it all the same.  The server's parts (its clocks and
    bots) name the hub by an interface, ``brawl.server.host.Host``, never the hub itself."""
    graph = imports(top_level_only=False, for_type_checkers=True)
    assert cycles(graph) == []
    assert "brawl.server.hub" not in graph["brawl.server.clocks"] | graph["brawl.server.botrunner"]


def test_imports_for_type_checkers_are_read_when_asked():
    """The check above can fail: an import under ``if TYPE_CHECKING:`` counts only when asked for."""
    assert "brawl.server.host" not in imports(top_level_only=False)["brawl.server.clocks"]
    assert "brawl.server.host" in imports(top_level_only=False, for_type_checkers=True)["brawl.server.clocks"]


def test_the_circle_finder_finds_circles():
    """The check above can fail: a two-module and a three-module circle are found, a chain is not."""
    assert cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
