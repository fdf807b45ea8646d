"""``brawl analyze kniggits``: a tiny report is written with its plots, intervals and data.json;
the exact fight equilibrium; bad flags are refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from brawl.core.game import BrawlError
from brawl.games import make_game
from brawl.games.kniggits.analysis import army_tokens, build_from_cli, build_report, fight

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]


def _is_interval(v) -> bool:
    return isinstance(v, list) and len(v) == 3 and v[1] <= v[0] + 1e-12 and v[0] <= v[2] + 1e-12


def test_fight_equilibrium_from_the_rules():
    """Seed, Playing, Phase three: both hands shown at once.  Equal kniggits make a fair fight; a
    defender who cannot strike back hands the attacker a gain; an attacker without attack tokens
    starts no fight."""
    opts = make_game("kniggits", {}).options
    even = fight((3, 3, 3), (3, 3, 3), opts)
    assert even["value"] == pytest.approx(0, abs=1e-9)
    assert sum(even["attacker_mix"]) == pytest.approx(1) and sum(even["defender_mix"]) == pytest.approx(1)
    assert even["attacker_tokens_lost"] == pytest.approx(even["defender_tokens_lost"])
    assert fight((3, 3, 3), (3, 0, 3), opts)["value"] > 0.1
    assert fight((3, 0, 3), (3, 3, 3), opts) is None
    # an unshielded defender (no defense tokens) loses a token to every blow
    bare = fight((3, 3, 3), (3, 3, 0), opts)
    assert bare["defender_tokens_lost"] == pytest.approx(1.0)


def test_army_tokens_spend_the_points():
    assert army_tokens(50, 2) == [(7, 7, 6), (7, 7, 6)]
    assert sum(5 + sum(k) for k in army_tokens(50, 3, (1.0, 2.0, 1.0))) == 50
    assert army_tokens(20, 4) is None  # 0 tokens left: nobody has every colour


def test_tiny_report_written(tmp_path):
    out = tmp_path / "r"
    page = build_report({"points": 20}, out, games=2, rules=("horses",), scenarios=("battle",), counts=(1,),
                        colours=("attack",), sweep="terrain", sweep_values=["open"], workers=1, terrains=("open",))
    text = page.read_text()
    for png in ("armies.png", "rules.png", "scenarios.png", "terrain.png", "length.png", "fight.png", "sweep.png",
                "ladder.png"):
        assert (out / png).stat().st_size > 5000, png
        assert f"src='{png}'" in text
    assert text.count("<img") == 8 and text.count("<h2>") >= 8
    assert "games per point" in text  # the sample sizes are on the page
    assert len(re.findall(r"\d+\.\d\d% \(\d+\.\d\d% to \d+\.\d\d%\)", text)) >= 10
    data = json.loads((out / "data.json").read_text())
    assert _is_interval(data["first_mover"]["first_mover"]) and data["first_mover"]["games"] == 8
    assert all(_is_interval(a["score_vs_reference"]) for a in data["armies"]) and len(data["armies"]) == 3
    assert _is_interval(data["rules"][0]["first_mover"]) and _is_interval(data["rules"][0]["mean_turns"])
    assert {r["bot"] for r in data["ladder"]["ratings"]} == {"heuristic", "random"}
    assert data["fight"]["standard"]["value"] == pytest.approx(0, abs=1e-9)


def test_refusals(tmp_path):
    with pytest.raises(BrawlError, match="ktog"):
        build_from_cli({}, tmp_path / "a", sweep="hp", bots=None, games=2, seed=0, workers=1, backend="local",
                       address=None, exact_hp=3, spell_games=1000)
    with pytest.raises(BrawlError, match="sweep"):
        build_report({}, tmp_path / "b", sweep="hp")
    with pytest.raises(BrawlError, match="unknown bot"):
        build_report({}, tmp_path / "c", bots=("heuristic", "nobody"))
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
    res = subprocess.run([*BRAWL, "analyze", "kniggits", "--out", str(tmp_path / "d"), "--points", "0"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 2 and "points" in res.stderr and not (tmp_path / "d").exists()


def test_terrain_changes_the_games_and_games_end(tmp_path):
    """Setup 1 and rule 3 (obstacles block movement and sight) with rule 33 (the turn limit): the
    report's scenario-and-terrain cells play every ready-made army on the same seeds, so a cell
    differs from another by its terrain alone.  The heuristic's own heavy army meets in the open
    middle of every layout (its games are the same on every terrain), which made the terrains of
    the report identical; the many-kniggit horde runs into the obstacles, so its games change.  And
    the games end by a rout, not by the turn limit."""
    out = tmp_path / "t"
    build_report({}, out, games=2, rules=(), scenarios=("battle",), terrains=("open", "forest"),
                 counts=(), colours=(), sweep="terrain", sweep_values=["open", "forest"], fights=False, workers=1)
    data = json.loads((out / "data.json").read_text())
    battle = data["scenarios"]["battle"]
    assert set(battle["open"]["by_army"]) == {"balanced", "heavy", "horde"}
    horde = [battle[t]["by_army"]["horde"]["mean_turns"] for t in ("open", "forest")]
    assert horde[0] != horde[1]
    assert data["sweep_runs"]["open"]["mean_turns"] != data["sweep_runs"]["forest"]["mean_turns"]
    cells = [battle[t] for t in ("open", "forest")]
    assert all(_is_interval(c["at_limit"]) and _is_interval(c["median_ci"]) for c in cells)
    at_limit = sum(round(c["at_limit"][0] * c["games"]) for c in cells)
    assert at_limit <= 2 and sum(c["games"] for c in cells) == 12  # of 12 battles
    assert (out / "terrain.png").stat().st_size > 5000 and (out / "scenarios.png").stat().st_size > 5000
