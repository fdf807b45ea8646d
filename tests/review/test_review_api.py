"""``GET /api/rooms/ID/review``, ``/api/puzzles`` and ``brawl review``: the review of a finished
game served, exact at once and estimated by a background job with its progress."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from brawl.cli import app
from brawl.review import review
from tests.server.conftest import client, db_url, make_room, wait_for  # noqa: F401

from .helpers import played


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))


def finished(client, game: str, options: dict, seats: list[str]) -> str:  # noqa: F811
    room = make_room(client, game, options, seats)
    wait_for(lambda: client.get(f"/api/rooms/{room['room']}").json()["over"], timeout=60)
    return room["room"]


def test_exact_review_of_a_room(client):  # noqa: F811
    room = finished(client, "krig", {"hp": 5}, ["bot:random", "bot:optimal"])
    r = client.get(f"/api/rooms/{room}/review")
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["exact"] is True
    record = client.get(f"/api/rooms/{room}/record").json()
    assert data["decisions"] == review(record)["decisions"]
    assert all(d["loss"] == 0 for d in data["decisions"] if d["seat"] == 1)
    for key in ("index", "seat", "action", "win_before", "win_after", "best_action", "best_win", "loss", "judgement"):
        assert key in data["decisions"][0]
    assert {"index", "roll", "outcome", "swing"} <= set(data["dice"][0])
    uploaded = client.post("/api/review", json=record)
    assert uploaded.status_code == 200 and uploaded.json()["decisions"] == data["decisions"]
    assert client.post("/api/review", json={"entries": "no"}).status_code == 422
    # nothing is started for a body that is not a record of a game brawl plays
    for bad in ({"entries": []}, dict(record, game="chess"), dict(record, options={"hp": "many"})):
        r = client.post("/api/review", json=bad)
        assert r.status_code == 422 and "not a game record" in r.json()["error"], r.text
    puzzles = client.get("/api/puzzles?n=30").json()
    assert puzzles["from_games"] == 1
    assert sorted(p["index"] for p in puzzles["puzzles"]) == sorted(p["index"] for p in data["puzzles"])
    assert all(p["room"] == room for p in puzzles["puzzles"])


def test_estimated_review_runs_in_the_background(client):  # noqa: F811
    """A review that takes seconds is a background job (202 with its progress meanwhile): rock-paper-
    scissors exactly (each round a matrix game), and by playouts when asked for an estimate."""
    room = finished(client, "rps", {}, ["bot:random", "bot:random"])
    client.app.state.review_budget = 100
    for method, exact in (("auto", True), ("estimate", False)):
        first = client.get(f"/api/rooms/{room}/review?method={method}")
        assert first.status_code in (200, 202), first.text
        if first.status_code == 202:
            assert first.json()["status"] == "running" and "total" in first.json()["progress"]
        data = wait_for(lambda: (lambda r: r.json() if r.status_code == 200 else None)(
            client.get(f"/api/rooms/{room}/review?method={method}")), timeout=120, step=0.1)
        assert data["exact"] is exact
        assert len(data["decisions"]) == sum(1 for e in client.get(f"/api/rooms/{room}/record").json()["entries"] if "seat" in e)
    assert data["playouts"] <= 100 + 2 * len(data["decisions"]) * 2


def test_a_server_without_background_reviews_refuses_those_alone(client):  # noqa: F811
    """``brawl serve --no-background-reviews``: a review that needs a process of its own (an estimate)
    is refused with 503 and starts nothing; a quick exact review (Krig) is still given."""
    client.app.state.settings.background_reviews = False
    room = finished(client, "krig", {"hp": 5}, ["bot:random", "bot:optimal"])
    r = client.get(f"/api/rooms/{room}/review?method=estimate")
    assert r.status_code == 503 and "no reviews in the background" in r.json()["error"], r.text
    assert client.app.state.reviews.status() == {"waiting": 0, "running": 0, "kept": 0}
    r = client.get(f"/api/rooms/{room}/review")
    assert r.status_code == 200 and r.json()["exact"] is True


def test_a_game_in_progress_is_not_reviewed(client):  # noqa: F811
    room = make_room(client, "krig", {"hp": 5}, ["human", "human"])
    r = client.get(f"/api/rooms/{room['room']}/review")
    assert r.status_code == 409 and "over" in r.json()["error"]
    assert client.get("/api/rooms/nosuchroom/review").status_code == 404


def test_cli_review(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("krig", {"hp": 6}, ["optimal", "random"], 3)))
    runner = CliRunner()
    out = runner.invoke(app, ["review", str(path), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["exact"] is True and data["accuracy"][0] == pytest.approx(100.0)
    words = runner.invoke(app, ["review", str(path)])
    assert words.exit_code == 0 and "EXACT review" in words.stdout and "accuracy" in words.stdout
    bad = runner.invoke(app, ["review"])
    assert bad.exit_code == 2


def test_the_review_document_is_a_documented_response_model(client):  # noqa: F811
    """Issue 38, point 6: ``/docs`` describes the review's JSON field by field, including which
    decisions were compared out of how many, the judgement "uncertain" and the residual."""
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    decision = schemas["ReviewDecision"]["properties"]
    assert {"compared", "legal", "values", "judgement", "between", "judged", "interval"} <= set(decision)
    assert "uncertain" in decision["judgement"]["description"]
    assert {"residual", "judged", "accuracy", "skill_own"} <= set(schemas["ReviewSeat"]["properties"])
    ok = spec["paths"]["/api/rooms/{room_id}/review"]["get"]["responses"]
    assert ok["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/ReviewDocument")
    assert "202" in ok and "429" in spec["paths"]["/api/review"]["post"]["responses"]
