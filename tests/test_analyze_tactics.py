"""``brawl analyze tactics``: a tiny report is written with its plots, intervals and data.json;
decisions are counted by kind; bad flags are refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from brawl.core.game import BrawlError
from brawl.games.tactics.analysis import build_from_cli, build_report, decision_kind

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]


def _is_interval(v) -> bool:
    return isinstance(v, list) and len(v) == 3 and v[1] <= v[0] + 1e-12 and v[0] <= v[2] + 1e-12


def test_decision_kinds():
    assert decision_kind(None, None, 0, "cast:fireball:9,3") == "cast:fireball"
    assert decision_kind(None, None, 0, "attack:nim") == "attack"
    assert decision_kind(None, None, 0, "end_turn") == "end_turn"


def test_tiny_report_written(tmp_path):
    out = tmp_path / "r"
    page = build_report({"party1": "steve", "party2": "jeff", "level": 1}, out, games=2, classes=("fighter", "wizard"),
                        parties=("steve", "jeff"), maps=("arena",), levels=(1,), sweep="cover", sweep_values=[True],
                        workers=1)
    text = page.read_text()
    for png in ("classes.png", "parties.png", "maps_levels.png", "length.png", "decisions.png", "sweep.png", "ladder.png"):
        assert (out / png).stat().st_size > 5000, png
        assert f"src='{png}'" in text
    assert text.count("<img") == 7
    assert "battles per point" in text  # the sample sizes are on the page
    assert len(re.findall(r"\d+\.\d\d% \(\d+\.\d\d% to \d+\.\d\d%\)", text)) >= 8
    data = json.loads((out / "data.json").read_text())
    assert data["base"]["games"] == 8 and _is_interval(data["base"]["first_mover"])
    assert all(_is_interval(c["share"]) for c in data["classes"]) and len(data["classes"]) == 2
    shares = {(c["side"], c["against"]): c["share"][0] for c in data["classes"]}
    assert shares[("fighter", "wizard")] + shares[("wizard", "fighter")] == pytest.approx(1)
    kinds = data["decisions_per_battle"]
    assert "end_turn" in kinds and all(_is_interval(v) for v in kinds.values())
    assert {r["bot"] for r in data["ladder"]["ratings"]} == {"heuristic", "random"}


def test_refusals(tmp_path):
    with pytest.raises(BrawlError, match="ktog"):
        build_from_cli({}, tmp_path / "a", sweep="hp", bots=None, games=2, seed=0, workers=1, backend="local",
                       address=None, exact_hp=5, spell_games=10)
    with pytest.raises(BrawlError, match="sweep"):
        build_report({}, tmp_path / "b", sweep="players")
    with pytest.raises(BrawlError, match="backend"):
        build_report({}, tmp_path / "c", backend="cloud")
    assert not any((tmp_path / d).exists() for d in "abc")
    res = subprocess.run([*BRAWL, "analyze", "tactics", "--out", str(tmp_path / "d"), "--level", "99"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 2 and "level" in res.stderr and not (tmp_path / "d").exists()


def test_report_runs_of_kernel_bots_play_on_the_kernel(monkeypatch):
    """Issue 39 ("the balance reports at ten times the games"): a report's runs of bots the batch
    kernel plays, with no decisions to count, are played by the kernel; a run that counts decisions
    (or names a bot the kernel lacks) stays on the engine."""
    from brawl.analysis import common

    engine_runs = []
    real = common.engine_slice

    def spy(game, options, bots, seed, start, stop, kind_of=None):
        engine_runs.append((tuple(bots), kind_of is not None))
        return real(game, options, bots, seed, start, stop, kind_of)

    monkeypatch.setattr(common, "engine_slice", spy)
    opts = {"party1": "steve", "party2": "jeff", "level": 1}
    fast = common.run_engine("tactics", [(opts, ["heuristic", "random"], 40, 3)], workers=1)[0]
    assert engine_runs == []  # forty battles, none on the engine
    assert fast.games == 40 and sum(fast.wins) + fast.draws == 40 and sum(fast.turn_counts.values()) == 40
    assert fast.bots == ["heuristic", "random"]
    counted = common.run_engine("tactics", [(opts, ["heuristic", "heuristic"], 2, 3)], workers=1,
                                kind_of=decision_kind)[0]
    assert counted.games == 2 and engine_runs and all(k for _, k in engine_runs)
    assert sum(sum(c.values()) for c in counted.decisions.values()) > 0
    from brawl.games.tactics.analysis import GAMES

    assert GAMES == 200  # ten times the 20 a point the engine alone could play
