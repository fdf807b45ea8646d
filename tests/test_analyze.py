"""``brawl analyze krig``: the report is written with its plots, exact and simulated figures."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from brawl.games.krig.analysis import mean_ci, wilson
from brawl.core.game import BrawlError

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


def test_intervals():
    p, lo, hi = wilson(50, 100)
    assert p == 0.5 and lo < 0.5 < hi and hi - lo == pytest.approx(0.192, abs=0.002)
    assert wilson(0, 10)[1] == 0.0 and wilson(10, 10)[2] == pytest.approx(1.0)
    m, lo, hi = mean_ci({2: 50, 4: 50})
    assert m == 3 and lo < 3 < hi


def test_report_written(tmp_path):
    from brawl.games.krig.analysis import build_report
    from brawl.solve import solve

    page = build_report({"edition": "article", "hp": 12}, tmp_path / "r", games=4000, sweep="edition", bots=("optimal", "attacker"))
    text = page.read_text()
    for png in ("first_mover.png", "action_values.png", "parry.png", "length.png", "sweep.png"):
        assert (tmp_path / "r" / png).stat().st_size > 5000
        assert f"src='{png}'" in text
    exact = solve("krig", {"edition": "article", "hp": 12}).first_mover_win
    assert f"{100 * exact:.2f}%" in text
    # every simulated rate in the tables carries an interval
    assert len(re.findall(r"\d+\.\d\d% \(\d+\.\d\d% to \d+\.\d\d%\)", text)) >= 40 + 4 + 2
    with pytest.raises(BrawlError):
        build_report({}, tmp_path / "bad", sweep="players")
    with pytest.raises(BrawlError):
        build_report({}, tmp_path / "bad", bots=("heuristic", "optimal"))


def test_cli_analyze_refuses_bad_input(tmp_path):
    res = subprocess.run([*BRAWL, "analyze", "krig", "--out", str(tmp_path / "x"), "--hp", "0"], capture_output=True, text=True)
    assert res.returncode == 2 and "hp" in res.stderr and not (tmp_path / "x").exists()
    res = subprocess.run([*BRAWL, "analyze", "rps", "--out", str(tmp_path / "y")], capture_output=True, text=True)
    assert res.returncode == 2 and not (tmp_path / "y").exists()
