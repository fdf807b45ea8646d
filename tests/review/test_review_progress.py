"""Issue 38: the server's background solve shows its progress as a fraction done.  While a missing
exact solution is worked out for a review, the job's status (the ``202`` body) carries the fraction
done, 0 to 1, from the solver's own count of work (Krig: layers of hit points; the KtOG duel: pairs
of configs), and the review panel shows it as a bar with a percentage."""

from __future__ import annotations

import json
import queue
import threading

import pytest

from brawl.review.jobs import Jobs, content_key
from brawl.server.routes.review import _review_process
from tests.server.conftest import client, db_url, wait_for  # noqa: F401
from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, browser, errors, new_page, server  # noqa: F401

from .helpers import played


class HereAndWatched:
    """The server's review work (:func:`brawl.server.routes.review._review_process`, a solve first)
    run in this thread rather than a process of its own, its messages passed on as the server passes
    them; after each report, the job's progress as its status shows it is kept in ``seen``."""

    def __init__(self) -> None:
        self.jobs: Jobs | None = None
        self.key = ""
        self.seen: list[dict] = []

    def __call__(self, record, method, report):
        out: queue.Queue = queue.Queue()
        _review_process(record, method, "solve", None, out)
        while True:
            kind, body = out.get_nowait()
            if kind != "progress":
                return {kind: body}
            report(body)
            self.seen.append(dict(self.jobs.job(self.key)["progress"]))


@pytest.mark.parametrize("game, options", [("krig", {"hp": 6}), ("ktog", {"hp": 1})])
def test_a_background_solve_reports_fractions_that_rise_to_1(game, options):
    """Issue 38: a review whose solution is solved first: the job's status reports the solve's
    fraction done, from 0, never falling, through values between, to 1; then the review."""
    record = played(game, options, ["random", "random"], 2)
    work = HereAndWatched()
    jobs = Jobs(work)
    work.jobs, work.key = jobs, content_key(record, "auto")
    jobs.submit(work.key, record, "auto", "1.2.3.4", "solve")
    done = wait_for(lambda: jobs.kept(work.key), timeout=120, step=0.05)
    assert "ok" in done and done["ok"]["exact"], done
    solving = [p for p in work.seen if p.get("phase") == "solving"]
    fractions = [p["fraction"] for p in solving]
    assert fractions[0] == 0.0 and fractions[-1] == 1.0
    assert all(a <= b for a, b in zip(fractions, fractions[1:])), fractions
    assert len({f for f in fractions if 0 < f < 1}) >= 2, fractions  # a fraction, not only start and end
    assert solving[-1]["done"] == solving[-1]["total"] > 0
    assert all(0.0 <= p["fraction"] <= 1.0 for p in work.seen)


def test_the_status_of_a_solving_review_says_the_fraction(client):  # noqa: F811
    """Issue 38: the ``202`` answer while a missing solution is solved carries the fraction done."""
    go = threading.Event()

    def work(record, method, report):
        report({"done": 0, "total": 0, "phase": "solving"})
        report({"done": 3, "total": 8, "phase": "solving"})
        go.wait(30)
        return {"failed": "not in this test"}

    client.get("/api/games")
    client.app.state.reviews = Jobs(work)
    client.app.state.review_rooms = {}
    rec = played("ktog", {"hp": 20}, ["random", "random"], 1)
    try:
        body = wait_for(lambda: (lambda r: r.json() if r.status_code == 202 and r.json()["progress"].get("done")
                                 else None)(client.post("/api/review", json=rec)), timeout=30, step=0.05)
        assert body["kind"] == "solve" and body["progress"]["phase"] == "solving"
        assert body["progress"]["fraction"] == pytest.approx(3 / 8)
    finally:
        go.set()


@pytest.mark.browser
@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_review_panel_shows_the_solve_as_a_bar_with_a_percentage(browser, errors, server, tmp_path, size):  # noqa: F811
    """Issue 38: while the server solves a missing solution the review panel shows a bar filled to the
    fraction done and the percentage, rising as the server reports more, inside the page at both sizes."""
    record = played("ktog", {"hp": 20}, ["random", "random"], 1)
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(record))
    fractions = iter([0.0, 0.18, 0.42])
    last = [0.0]

    def running(route):
        last[0] = next(fractions, last[0])
        body = {"status": "running", "waiting": False, "kind": "solve",
                "progress": {"done": int(1000 * last[0]), "total": 1000, "fraction": last[0], "phase": "solving"}}
        route.fulfill(status=202, content_type="application/json", body=json.dumps(body))

    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    page.route("**/api/review*", running)
    page.goto(f"{server}/replay")
    page.set_input_files("#record-file", str(path))
    bar = page.locator("#review-panel progress.review-progress")
    page.wait_for_function("() => { const b = document.querySelector('#review-panel progress.review-progress');"
                           " return b && Number(b.value) > 0.4; }", timeout=30_000)
    panel = page.locator("#review-panel")
    assert panel.get_attribute("data-state") == "running" and panel.get_attribute("data-phase") == "solving"
    assert float(bar.get_attribute("max")) == 1 and float(bar.evaluate("b => b.value")) == pytest.approx(0.42)
    assert panel.locator(".review-progress-pct").inner_text() == "42% done"
    assert "Solving this game exactly first" in panel.inner_text()
    box = bar.bounding_box()
    assert box["width"] > 100 and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    bar.scroll_into_view_if_needed()
    shot(page, f"review-solving-{size}.png")
