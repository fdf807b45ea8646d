"""``brawl analyze ktog``: the report, its figures' consistency, and refusals of bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from brawl.analysis.common import mean_ci, median, wilson
from brawl.games.ktog.analysis import PLAYERS, SPELLS, SWEEPS, build_report
from brawl.core.game import BrawlError
from brawl.games.ktog.rules import KtogOptions

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]
PNGS = ("first_mover_players.png", "first_mover_hp.png", "options.png", "length.png", "spells.png", "sweep.png")


def test_shared_helpers():
    for k, n in ((0, 7), (7, 7), (1, 1000), (999, 1000)):
        p, lo, hi = wilson(k, n)
        assert 0.0 <= lo <= p <= hi <= 1.0
    assert median({1: 1, 2: 1, 3: 2}) == 2 and median({5: 3}) == 5
    m, lo, hi = mean_ci({1: 10, 3: 10})
    assert m == 2 and lo < 2 < hi


def test_every_option_can_be_swept():
    assert set(SWEEPS) == set(KtogOptions.model_fields)
    for name, values in SWEEPS.items():
        for v in values:
            KtogOptions(**{name: v})  # every value of a sweep is a legal option


@pytest.fixture(scope="module")
def report(tmp_path_factory, ktog_batch_solves):
    """One small report (solutions saved in a cache the tests read too, and the batch simulator's
    tests after them: ``ktog_batch_solves`` in ``tests/conftest.py``)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("BRAWL_CACHE", str(ktog_batch_solves))
    out = tmp_path_factory.mktemp("ktog") / "r"
    page = build_report({"hp": 10}, out, games=2000, sweep="to_hit", exact_hp=2, spell_games=16, seed=3)
    yield out, page.read_text(), json.loads((out / "data.json").read_text())
    mp.undo()


def test_report_written(report):
    out, text, data = report
    for png in PNGS:
        assert (out / png).stat().st_size > 5000
        assert f"src='{png}'" in text
    # a caption under every plot
    assert len(re.findall(r"<img src='[^']+' alt='[^']+'><p>[^<]{40,}</p>", text)) == len(PNGS)
    assert data["options"]["hp"] == 10 and data["sweep"] == "to_hit"
    assert [r["options"]["players"] for r in data["runs"]["players"]] == PLAYERS
    assert [r["options"]["to_hit"] for r in data["runs"]["sweep"]] == SWEEPS["to_hit"]


def test_simulated_figures_are_consistent(report):
    _, text, data = report
    for key, runs in data["runs"].items():
        for r in runs:
            assert sum(r["wins"]) + r["draws"] == r["games"] >= 1000, key
            assert sum(w[0] for w in r["win_rates"]) + r["draw_rate"][0] == pytest.approx(1.0)
            for lo_p_hi in [*r["win_rates"], r["first_mover"], r["mean_turns"]]:
                p, lo, hi = lo_p_hi
                assert lo <= p <= hi, key
            assert len(r["wins"]) == r["options"]["players"] == len(r["bots"])
    # the first mover is one of the seats: his wins are at most all the wins
    for r in data["runs"]["players"]:
        assert r["first_mover"][0] <= 1 - r["draw_rate"][0]
    # spells: brute never casts, so the options about Cure cannot change brute's games
    effects = data["runs"]["effects"]
    brute = [r for r in effects if r["bots"][0] == "brute"]
    cure = [r for r in brute if "cure_cap" in r["options"] and not r["options"]["cure_cap"]]
    given = [r for r in brute if r["options"] == data["options"]]
    assert cure and given and cure[0]["wins"] == given[0]["wins"]
    # every rate in the tables carries its interval
    assert len(re.findall(r"\d+\.\d\d% \(\d+\.\d\d% to \d+\.\d\d%\)", text)) >= len(PLAYERS) + 25 + 2 * 20


def test_exact_and_spell_figures(report):
    from brawl.solve import solve

    _, text, data = report
    for h in (1, 2):
        exact = solve("ktog", {"hp": h}).first_mover_win
        assert data["exact_first_mover"][str(h)] == pytest.approx(exact)
        assert f"{100 * exact:.2f}%" in text
        p, lo, hi = data["optimal_vs_brute"][str(h)]
        assert lo <= p <= hi and p > 0.5  # the solved policy beats a bot that never casts
    assert set(data["spells"]) == {"heuristic", "optimal"}
    for who, counts in data["spells"].items():
        assert list(counts) == list(SPELLS)
        for spell, (m, lo, hi) in counts.items():
            assert 0 <= lo <= m <= hi <= (2 if spell == "haste" else 1), (who, spell)


@pytest.mark.parametrize("kwargs, words", [
    ({"sweep": "edition"}, "--sweep"),
    ({"bots": ("heuristic",)}, "reference bots"),
    ({"bots": ("brute", "brute", "brute")}, "one bot name"),
    ({"bots": ("brute", "random"), "sweep": "players"}, "one bot name"),
    ({"bots": ("optimal",), "sweep": "players"}, "optimal bot cannot play"),
    ({"exact_hp": 9}, "--exact-hp"),
    ({"games": 10}, "--games"),
    ({"spell_games": -1}, "--spell-games"),
    ({"backend": "cloud"}, "backend"),
])
def test_bad_input_refused(tmp_path, kwargs, words):
    with pytest.raises(BrawlError, match=re.escape(words)):
        build_report({}, tmp_path / "bad", **kwargs)
    assert not (tmp_path / "bad").exists()


def test_cli_analyze_ktog_refuses_bad_input(tmp_path):
    res = subprocess.run([*BRAWL, "analyze", "ktog", "--out", str(tmp_path / "x"), "--sweep", "edition"],
                         capture_output=True, text=True)
    assert res.returncode == 2 and "--sweep" in res.stderr and not (tmp_path / "x").exists()
    res = subprocess.run([*BRAWL, "analyze", "ktog", "--out", str(tmp_path / "y"), "--players", "9"],
                         capture_output=True, text=True)
    assert res.returncode == 2 and "players" in res.stderr and not (tmp_path / "y").exists()
    res = subprocess.run([*BRAWL, "analyze", "krig", "--out", str(tmp_path / "z"), "--exact-hp", "3"],
                         capture_output=True, text=True)
    assert res.returncode == 2 and "ktog" in res.stderr and not (tmp_path / "z").exists()
