"""``brawl ladder``: the Bradley-Terry fit, a round robin of real bots, and refusals of bad input."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest

from brawl.core.game import BrawlError
from brawl.sim.ladder import fit_bradley_terry, run_ladder, seatings

BRAWL = [sys.executable, "-c", "from brawl.cli import main; main()"]


def test_fit_recovers_known_strengths():
    """Synthetic games between four players of known strength: the fitted strengths land within
    their intervals of the truth, and the intervals shrink with more games."""
    truth = np.array([1.2, 0.4, -0.3, -1.3])
    rng = np.random.default_rng(7)
    widths = []
    for games in (400, 6400):
        results = []
        for i in range(4):
            for j in range(i + 1, 4):
                p = 1 / (1 + math.exp(truth[j] - truth[i]))
                results.append((i, j, float(rng.binomial(games, p)), games))
        fit = fit_bradley_terry(4, results)
        assert fit.converged
        assert abs(fit.strength.sum()) < 1e-9
        for k in range(4):
            lo, hi = fit.interval(k)
            assert lo - 0.05 < truth[k] < hi + 0.05
        widths.append(fit.interval(0)[1] - fit.interval(0)[0])
    assert widths[1] < widths[0] / 3  # 16 times the games: a quarter of the width
    assert list(np.argsort(-fit.strength)) == [0, 1, 2, 3]


def test_fit_draws_count_half_and_perfect_records_stay_finite():
    even = fit_bradley_terry(2, [(0, 1, 50.0, 100)])  # 100 draws, or 50 wins each
    assert abs(even.strength[0]) < 1e-6
    swept = fit_bradley_terry(2, [(0, 1, 30.0, 30)])
    assert np.all(np.isfinite(swept.strength)) and swept.strength[0] > 2
    lo, hi = swept.interval(0)
    assert lo < swept.strength[0] < hi
    with pytest.raises(BrawlError):
        fit_bradley_terry(2, [(0, 1, 31.0, 30)])


def test_seatings_balance_the_seats():
    """Every bot of a pairing sits alone in every seat equally often (seed of the ladder: seats swapped)."""
    assert seatings(2, 8) == [(0, 0, 2), (0, 1, 2), (1, 0, 2), (1, 1, 2)]
    assert sum(c for _, _, c in seatings(4, 37)) == 37
    assert {(lone, seat) for lone, seat, _ in seatings(4, 8)} == {(l, s) for l in (0, 1) for s in range(4)}


def test_krig_ladder_every_bot_and_replays():
    a = run_ladder("krig", {"hp": 6}, games=40, seed=3, workers=1)
    data = a.to_json()
    assert sorted(r["bot"] for r in data["ratings"]) == ["attacker", "heuristic", "optimal", "random"]
    assert len(data["pairings"]) == 6 and all(p["games"] == 40 for p in data["pairings"])
    for r in data["ratings"]:
        assert r["ci95"][0] <= r["rating"] <= r["ci95"][1] and r["games"] == 120
    assert abs(sum(r["rating"] for r in data["ratings"])) < 1
    b = run_ladder("krig", {"hp": 6}, games=40, seed=3, workers=1)
    assert b.to_json()["pairings"] == data["pairings"]
    # the pairwise table and the ratings agree in direction
    top, bottom = a.ratings[0].bot, a.ratings[-1].bot
    points, n = a.pairing(top, bottom)
    assert points / n > 0.5 - 1e-9
    # the printed ladder: both tables, every bot, the ratings' intervals
    from brawl.cli.app import console
    from brawl.cli.ladder import show

    with console.capture() as captured:
        show(a)
    text = captured.get()
    assert "Ratings" in text and "Score of the row's bot" in text
    assert all(name in text for name in ("attacker", "heuristic", "optimal", "random"))
    r = a.ratings[0]
    assert f"{r.low:+.0f} to {r.high:+.0f}" in text


def test_ktog_many_seats_pairing_scores_half_for_equal_bots():
    """With 3 seats, a bot against copies of itself scores 50% in expectation: the JSON says how
    pairings are made and the score lies within its interval of a half."""
    r = run_ladder("ktog", {"players": 3, "hp": 5}, bots=["brute", "brute"], games=300, seed=1, workers=1, engine=True)
    data = r.to_json()
    assert "copies" in data["pairing_rule"]
    lo, hi = data["pairings"][0]["score_a_rate"][1:]
    assert lo < 0.5 < hi
    assert data["ratings"][0]["ci95"][0] < 0 < data["ratings"][0]["ci95"][1]


def test_cli_ladder_rps_and_krig_json():
    res = subprocess.run([*BRAWL, "ladder", "rps", "--bots", "random,random", "--games", "30", "--json", "--workers", "1"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert {r["bot"] for r in data["ratings"]} == {"random", "random#2"}
    res = subprocess.run([*BRAWL, "ladder", "krig", "--hp", "4", "--games", "20", "--json", "--workers", "1"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    from brawl.bots import bot_names

    assert {r["bot"] for r in data["ratings"]} == set(bot_names("krig"))
    assert data["ratings"][0]["rating"] == pytest.approx(max(r["rating"] for r in data["ratings"]))


@pytest.mark.parametrize("args, words", [
    (["krig", "--bots", "random,nosuchbot"], "unknown bot 'nosuchbot'"),
    (["krig", "--bots", "random"], "at least two bots"),
    (["rps"], "at least two bots"),
    (["krig", "--games", "1"], "--games"),
    (["krig", "--hp", "0"], "hp"),
])
def test_cli_ladder_refuses_bad_input(args, words):
    res = subprocess.run([*BRAWL, "ladder", *args], capture_output=True, text=True, timeout=120)
    assert res.returncode == 2, res.stdout + res.stderr
    assert words in " ".join(res.stderr.split()) and "Traceback" not in res.stderr
