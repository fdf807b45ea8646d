"""Issue 38: an estimated review in the browser, on a phone (390x844, touch) and a wide screen
(1280x800): a Krig record reviewed by playouts (worked out here, in Python, as the server would:
the same record and budget give the same review anywhere) shows the "estimated" badge, a decision
judged "uncertain" with the two judgements its interval spans, a blunder the playouts caught, the
accuracy with how many decisions it counts, start + luck + skill = result explained, and every
column of the figures inside the page."""

from __future__ import annotations

import json

import pytest

from brawl.review import review
from tests.review.helpers import played
from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, browser, errors, new_page, server  # noqa: F401

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def estimated(tmp_path_factory):
    """A Krig record (optimal against random) whose estimated review holds an uncertain judgement
    and a blunder, and that review."""
    for seed in (16, *range(1, 40)):
        record = played("krig", {"hp": 5}, ["optimal", "random"], seed)
        if not any(d["loss"] >= 0.15 for d in review(record)["decisions"]):
            continue
        data = review(record, method="estimate", budget=1500)
        words = [d["judgement"] for d in data["decisions"]]
        if "blunder" in words and "uncertain" in words:
            path = tmp_path_factory.mktemp("estimate") / f"krig-{seed}.json"
            path.write_text(json.dumps(record))
            return path, data
    pytest.fail("no record whose estimate holds both an uncertain judgement and a blunder")


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_an_estimated_review_shows_uncertain_and_a_caught_blunder(browser, errors, server, estimated, size):  # noqa: F811
    """Issue 38, point 6: the estimated review on the page: "uncertain" shown as such (with its
    range), the caught blunder listed and ringed, accuracy over judged decisions, the columns fit."""
    path, data = estimated
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    # the server would answer this record exactly (a solver covers it); the page is shown the estimate
    page.route("**/api/review*", lambda route: route.fulfill(status=200, content_type="application/json",
                                                             body=json.dumps(data)))
    page.goto(f"{server}/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#review-panel[data-state=done]", timeout=30_000)
    panel = page.locator("#review-panel")
    assert panel.get_attribute("data-exact") == "false" and panel.locator(".badge.estimated").count() == 1
    uncertain = [d for d in data["decisions"] if d["judgement"] == "uncertain"]
    blunders = [d for d in data["decisions"] if d["judgement"] == "blunder"]
    items = panel.locator(".review-moves li.uncertain")
    assert items.count() == len(uncertain)
    first = items.first.locator(".judgement").inner_text()
    lo, hi = uncertain[0]["between"]
    assert first.startswith("uncertain") and f"({lo}–{hi})" in first
    assert panel.locator(".review-moves li.blunder").count() == len(blunders)
    assert panel.locator("circle.ring.blunder").count() == len(blunders)
    assert panel.locator("circle.ring.uncertain").count() == len(uncertain)
    counts = panel.locator(".review-counts").inner_text()
    assert f"{len(uncertain)} uncertain" in counts and f"{data['judged']['decisions']} of {data['judged']['choices']}" in counts
    rows = panel.locator("table.review-seats tbody tr")
    for i, seat in enumerate(data["seats"]):
        acc = rows.nth(i).locator("td.acc").inner_text()
        assert f"{seat['judged']} of {seat['choices']} judged" in acc
    assert "Start + luck + skill = result" in panel.inner_text()
    # every column inside the panel and the page: nothing to scroll sideways
    table = panel.locator("table.review-seats")
    wrap = panel.locator(".review-seats-wrap")
    assert table.evaluate("t => t.scrollWidth") <= wrap.evaluate("w => w.clientWidth") + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    blunder = panel.locator(".review-moves li.blunder").first
    blunder.scroll_into_view_if_needed()
    shot(page, f"review-estimated-{size}.png")
    table.scroll_into_view_if_needed()
    shot(page, f"review-estimated-table-{size}.png")
