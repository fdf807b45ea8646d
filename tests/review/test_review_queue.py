"""Issue 37, point 16: the review queue is bounded per address and in all, one record (by content,
whatever its names) is reviewed once, and a failed job is retried."""

from __future__ import annotations

import threading

import pytest

from brawl.review.jobs import Busy, Jobs, content_key, with_names
from tests.server.conftest import client, db_url, wait_for  # noqa: F401

from .helpers import played


class Work:
    """A job's work that waits until released, counting its runs, failing the first ``fail``."""

    def __init__(self, fail: int = 0) -> None:
        self.go = threading.Event()
        self.runs = 0
        self.fail = fail

    def __call__(self, record, method, report):
        self.runs += 1
        report({"done": 1, "total": 2})
        self.go.wait(30)
        if self.runs <= self.fail:
            return {"failed": "the process was killed"}
        return {"ok": {"players": ["a", "b"], "seats": [{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}],
                       "puzzles": [], "runs": self.runs}}


def test_copies_of_one_record_with_other_names_share_one_job():
    """Issue 37, point 16: the key is the record's content: names and the room do not count."""
    rec = played("krig", {"hp": 3}, ["random", "random"], 1)
    renamed = dict(rec, players=["Mallory", "Eve"], room="x")
    assert content_key(rec, "auto") == content_key(renamed, "auto") != content_key(rec, "estimate")
    work = Work()
    jobs = Jobs(work)
    first = jobs.submit(content_key(rec, "auto"), rec, "auto", "1.2.3.4")
    for k in range(6):  # seven copies from seven addresses: one job
        assert jobs.submit(content_key(renamed, "auto"), renamed, "auto", f"5.6.7.{k}") is first
    work.go.set()
    wait_for(lambda: jobs.kept(content_key(rec, "auto")) is not None, timeout=30)
    assert work.runs == 1
    doc = with_names(jobs.kept(content_key(rec, "auto"))["ok"], renamed)
    assert doc["players"] == ["Mallory", "Eve"] and doc["seats"][1]["name"] == "Eve"


def test_jobs_are_bounded_per_address_and_in_all():
    """Issue 37, point 16: past two jobs for one address 429, past the whole bound 503; each with
    Retry-After (the route sends it), and nothing more starts."""
    work = Work()
    jobs = Jobs(work, per_address=2, most=3)
    jobs.submit("k1", {}, "auto", "a")
    jobs.submit("k2", {}, "auto", "a")
    with pytest.raises(Busy) as mine:
        jobs.submit("k3", {}, "auto", "a")
    assert mine.value.status == 429 and mine.value.retry_after > 0
    jobs.submit("k4", {}, "auto", "b")
    with pytest.raises(Busy) as full:
        jobs.submit("k5", {}, "auto", "c")
    assert full.value.status == 503
    assert set(jobs.jobs) == {"k1", "k2", "k4"}
    work.go.set()
    wait_for(lambda: not jobs.jobs, timeout=30)
    jobs.submit("k5", {}, "auto", "c")  # room again once they are done


def test_a_failed_job_is_retried_when_asked_again():
    """Issue 37, point 16: a job whose process died is not kept as failed: the next request starts
    it again; one that keeps failing is kept as an error after its retries."""
    work = Work(fail=1)
    work.go.set()
    jobs = Jobs(work, retries=2)
    jobs.submit("k", {}, "auto", "a")
    wait_for(lambda: "k" not in jobs.jobs, timeout=30)
    assert jobs.kept("k") is None  # failed: not kept
    jobs.submit("k", {}, "auto", "a")
    wait_for(lambda: jobs.kept("k") is not None, timeout=30)
    assert jobs.kept("k")["ok"]["runs"] == 2
    always = Work(fail=99)
    always.go.set()
    stubborn = Jobs(always, retries=1)
    for _ in range(2):
        stubborn.submit("k", {}, "auto", "a")
        wait_for(lambda: "k" not in stubborn.jobs, timeout=30)
    assert "error" in stubborn.kept("k") and always.runs == 2


def test_uploads_of_one_record_renamed_wait_for_one_review(client):  # noqa: F811
    """Issue 37, point 16, through the server: renamed copies of one record share one job (the
    second asks for the first's), and an address past its bound gets 429 with Retry-After."""
    recs = [played("ktog", {"players": 3, "hp": 3}, ["random"] * 3, seed) for seed in (1, 2, 3)]
    client.get("/api/games")
    client.app.state.review_budget = 60  # a small estimate: this test is about the queue
    first = client.post("/api/review", json=dict(recs[0], players=["A", "B", "C"]))
    assert first.status_code in (200, 202), first.text
    again = client.post("/api/review", json=dict(recs[0], players=["X", "Y", "Z"]))
    assert again.status_code in (200, 202)
    jobs = client.app.state.reviews
    assert len(jobs.jobs) + len(jobs.done) == 1
    second = client.post("/api/review", json=recs[1])
    refused = client.post("/api/review", json=recs[2])
    if second.status_code == 202 and len(jobs.jobs) >= 2:  # both still waiting or running
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    done = wait_for(lambda: (lambda r: r.json() if r.status_code == 200 else None)(
        client.post("/api/review", json=dict(recs[0], players=["X", "Y", "Z"]))), timeout=240, step=0.5)
    assert done["players"] == ["X", "Y", "Z"]


def test_a_missing_exact_solution_is_worked_out_in_the_background(client, tmp_path, monkeypatch):  # noqa: F811
    """Issue 38, point 5: a KtOG duel whose solution is not saved is not sent back with a command to
    run: the server starts a job that solves it (once: then it is kept) and reviews it exactly,
    answering 202 with the phase meanwhile."""
    monkeypatch.setenv("BRAWL_CACHE", str(tmp_path / "cache"))
    asked = []

    def work(record, method, report):
        asked.append(record.get("_kind"))
        report({"done": 0, "total": 0, "phase": "solving"})
        return {"failed": "not in this test"}

    client.get("/api/games")
    client.app.state.reviews = Jobs(work)
    client.app.state.review_rooms = {}
    rec = played("ktog", {"hp": 20}, ["random", "random"], 1)
    r = client.post("/api/review", json=rec)
    assert r.status_code == 202 and r.json()["kind"] == "solve", r.text
    wait_for(lambda: asked, timeout=30)
    assert asked == ["solve"]


def test_the_command_line_explains_luck_and_skill_and_shows_progress(tmp_path):
    """Issue 38, points 3 and 4: ``brawl review --help`` says what luck and skill are and that they
    add up; an estimate shows its progress in playouts."""
    import json as _json

    from typer.testing import CliRunner

    from brawl.cli import app

    runner = CliRunner()
    helped = runner.invoke(app, ["review", "--help"], terminal_width=200)
    words = " ".join(helped.output.split())
    assert "start + luck + skill = result" in words and "playouts, not seconds" in words
    path = tmp_path / "game.json"
    path.write_text(_json.dumps(played("ktog", {"players": 3, "hp": 3}, ["random"] * 3, 2)))
    out = runner.invoke(app, ["review", str(path), "--budget", "200", "--playouts", "2"])
    assert out.exit_code == 0, out.output
    assert "reviewing [" in out.output and "of 200" in out.output
    assert "uncertain" in out.output and "judged" in out.output
