"""brawl stands alone: its rules pages carry the readings of what the rule texts leave open, name
their sources by title and origin, and nothing a user gets in a clone points outside the repository
(issue 28 point 20).  Citations of the rules pages in the tests name points the pages have."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "brawl" / "games"
SEARCHED = ["brawl", "README.md", "tests", "benchmarks", "scripts", "examples"]


def tracked(paths: list[str]) -> list[Path]:
    """The files git knows under ``paths`` (committed or not yet), text only; every file below them
    where there is no git (an unpacked archive)."""
    kinds = (".py", ".md", ".js", ".html", ".sh", ".toml", ".txt", ".css")
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", *paths],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split("\n")
        return [ROOT / f for f in out if f and f.endswith(kinds)]
    except (OSError, subprocess.CalledProcessError):
        files = [ROOT / p for p in paths if (ROOT / p).is_file()]
        files += [f for p in paths if (ROOT / p).is_dir() for f in (ROOT / p).rglob("*")
                  if f.is_file() and f.suffix in kinds and "__pycache__" not in f.parts]
        return files


def points(game: str) -> set[str]:
    """The points of a rules page's last section (``- **Name.** ...``), lower case."""
    text = (GAMES / game / "rules.md").read_text(encoding="utf-8")
    head, sep, section = text.partition("## What the text")
    assert sep, f"the {game} rules page has no section on what its rule text leaves open"
    return {name.lower() for name in re.findall(r"^- \*\*(.+?)\.\*\*", section, flags=re.M)}


def test_nothing_points_outside_the_repository():
    """README, the package, the tests, benchmarks, scripts and examples never send a reader to files
    a clone does not have (the rulings file or the rule texts beside the project)."""
    this = Path(__file__).resolve()
    needle = re.compile(r"\.\./shared|shared/(seeds|RULINGS)|RULINGS\.md|seeds/[a-z-]+\.txt")
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in tracked(SEARCHED) if path.resolve() != this and path.is_file()
             for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if needle.search(line)]
    assert found == []


@pytest.mark.parametrize("game", ["krig", "ktog"])
def test_every_ruling_a_rule_cites_is_a_point_of_the_page(game):
    """Each "(ruling: A, B; ...)" of a Krig or KtOG rule names points the page explains."""
    text = (GAMES / game / "rules.md").read_text(encoding="utf-8")
    rules = text.partition("## What the text")[0]
    cited = set()
    for group in re.findall(r"[(;] ?ruling: ([^;)]*)", rules):
        for name in group.split(":")[0].split(","):
            cited.add(name.strip().strip('"').lower())
    assert len(cited) >= 8, cited
    assert cited <= points(game), sorted(cited - points(game))


@pytest.mark.parametrize("game", ["krig", "ktog", "kniggits", "tactics", "rps"])
def test_every_rules_page_names_its_sources(game):
    """Each rules page says where its rules come from by title and origin, not by a file name."""
    text = (GAMES / game / "rules.md").read_text(encoding="utf-8")
    assert re.search(r"^(## Sources|Sources:)|Its source is", text, flags=re.M), game
    assert ".txt" not in text


def test_the_tests_cite_points_the_rules_pages_have():
    """A test that cites "rules page, Krig, Parry" (or KtOG) names a point of that page's last
    section; "all" and "every" cite a page as a whole."""
    known = {"Krig": points("krig"), "KtOG": points("ktog")}
    cite = re.compile(r"[Rr]ules page, (Krig|KtOG)[,:] ([^:;,(.)\d\"'`]+)")
    bad, seen = [], 0
    for path in tracked(["tests"]):
        for game, names in cite.findall(path.read_text(encoding="utf-8")):
            for name in re.split(r" and |\s*\n\s*", names.strip()):
                name = name.strip().lower()
                if not name or name.startswith(("all ", "every ")):
                    continue
                seen += 1
                if name not in known[game]:
                    bad.append(f"{path.relative_to(ROOT)}: {game}, {name}")
    assert seen >= 50, seen
    assert bad == []
