"""Kniggits reviews (issue 30): moves to a point are compared (a free-form decision is never forced
while the game's sampler finds another), by playouts of the game's policy mix."""

from __future__ import annotations

from brawl.review import review

from .helpers import played

SMALL = {"points": 25, "table": 24, "terrain": "open", "turn_limit": 12}


def test_moves_to_a_point_are_compared():
    rec = played("kniggits", SMALL, ["heuristic", "random"], 2)
    out = review(rec, method="estimate", budget=400, playouts=2)
    moves = [d for d in out["decisions"] if d["action"].startswith("move:")]
    assert moves and all(not d["forced"] and d["legal"] is None for d in moves)
    # within the budget, moves are compared with others; one left out is uncertain, never judged
    assert any(len(d["values"]) >= 2 for d in moves)
    assert all(d["judgement"] == "uncertain" for d in moves if len(d["values"]) < 2)
    assert out["exact"] is False and "heuristic" in out["policy"]
    assert all(d["best_win"] >= d["win_after"] for d in out["decisions"])


def test_the_kernels_playouts_get_the_kernels_budget(monkeypatch):
    """Issue 38 ("a review ready within 30 s ... the faster Kniggits and Tactics playouts will help"):
    where the compiled kernel plays the playouts, a review at defaults spends the game's
    ``kernel_budget`` (tens of thousands of playouts in the same time); where the engine plays them
    (options the kernel lacks), the engine's ``budget``.  Which one depends on the record alone."""
    from brawl.review import policy as policies
    from brawl.review.settings import for_game

    conf = for_game("kniggits")
    assert conf["kernel_budget"] >= 50 * conf["budget"]
    rec = played("kniggits", SMALL, ["heuristic", "random"], 2)
    spent = {}
    real = policies.default_policy

    def spy(game, seed=1, bot=None):
        p = real(game, seed, bot)
        spent["policy"] = type(p).__name__
        return p

    monkeypatch.setattr(policies, "default_policy", spy)
    out = review(rec, method="estimate")
    assert spent["policy"] != "EnginePolicy" and out["budget"] == conf["kernel_budget"]
    # options the kernel leaves to the engine (it plays every option bots play now: the test names one)
    from brawl.games.kniggits import batch_playout

    monkeypatch.setattr(batch_playout, "unsupported", lambda options: ["a rule left out for this test"])
    archers = played("kniggits", dict(SMALL, archers=True, scenario="flag"), ["heuristic", "random"], 2)
    out = review(archers, method="estimate", candidates=2)
    assert spent["policy"] == "EnginePolicy" and out["budget"] == conf["budget"]
