"""The research interfaces' documentation says what the code does: the Tactics action counts are the
encoding's, the vectorised section names every game that has a vectorised environment, and each
example is described as what its own docstring says it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from brawl.games import make_game
from brawl.games.tactics import encoding as tactics_encoding
from brawl.rl import encoding_for
from brawl.rl.vector import vector_games

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "brawl" / "rl" / "README.md").read_text()


def _section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end >= 0 else None]


def _tactics_sizes() -> dict[tuple[int, int], int]:
    sizes = {}
    for name in ("arena", "pillars", "bridge"):
        game = make_game("tactics", map=name)
        sizes[(game.map.width, game.map.height)] = encoding_for(game).num_actions
    return sizes


@pytest.mark.parametrize("text", [README, tactics_encoding.__doc__], ids=["README", "encoding"])
def test_tactics_action_counts_are_the_encodings(text):
    sizes = _tactics_sizes()
    claims = re.findall(r"(\d[\d,]*) on the (\d+) x (\d+)", text)
    assert claims
    for count, width, height in claims:
        assert sizes[(int(width), int(height))] == int(count.replace(",", ""))
    if text is README:  # every map's count is given
        assert len({(w, h) for _, w, h in claims}) == len(sizes)


def test_vector_section_names_every_vectorised_game():
    section = _section("Vectorised environments")
    games = vector_games()
    assert len(games) >= 2
    for game in games:
        assert f'vector_env("{game}"' in section
        assert make_game(game).title.split()[0].split("(")[0] in section


STOP = {"recipe", "with", "action", "masking", "the", "on"}


def _tokens(line: str) -> set[str]:
    head = line.split(" on ")[0]
    words = (w.strip("().:,`'").lower() for w in head.split())
    return {w[:-2] if w.endswith("'s") else w for w in words if w and w.strip("().:,`'").lower() not in STOP}


@pytest.mark.parametrize("example", sorted(p.name for p in (ROOT / "examples").glob("*.py")))
def test_each_example_is_described_as_it_is(example):
    """The Examples section names every example with the method its docstring opens with (no
    example called tabular that is not)."""
    first = (ROOT / "examples" / example).read_text().split("\n", 1)[0].strip('"')
    section = _section("Examples")
    items = [item for item in re.split(r"\n- ", section) if f"examples/{example}" in item]
    assert items, f"{example} is not described"
    described = " ".join(items).lower()
    for token in _tokens(first):
        assert token in described, (example, token)
