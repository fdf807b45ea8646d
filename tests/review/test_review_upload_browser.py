"""The review of an uploaded record in the browser, on a phone (390x844, touch) and a wide screen
(1280x800): a Krig game played through the core by the library's bots is chosen as a file in the
replay viewer (/replay), which replays it and shows its review (``POST /api/review``): the graph,
the figures per seat as ``brawl.review`` works them out for the same record, the judged decisions;
a click on a judged decision moves the replay to its step."""

from __future__ import annotations

import json

import pytest

from brawl.review import review
from tests.review.helpers import played
from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, browser, errors, in_viewport, new_page, server  # noqa: F401

pytestmark = pytest.mark.browser

BAD = ("inaccuracy", "mistake", "blunder")


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    """A finished Krig game (random against optimal, seeded dice) as a file, and its review worked
    out in Python; the first seed whose review judges a decision that lost."""
    for seed in range(20):
        record = played("krig", {"hp": 8}, ["random", "optimal"], seed)
        data = review(record)
        if any(d["judgement"] in BAD for d in data["decisions"]):
            path = tmp_path_factory.mktemp("upload") / f"krig-{seed}.json"
            path.write_text(json.dumps(record, indent=1))
            return path, record, data
    pytest.fail("no seeded game with a decision that lost in twenty")


def points(x: float) -> str:
    """A number of points of win chance as review.js writes it."""
    return f"{'+' if x >= 0 else '−'}{abs(100 * x):.1f}"


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_review_of_an_uploaded_record(browser, errors, server, record_file, size):  # noqa: F811
    path, record, data = record_file
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    page.goto(f"{server}/replay")
    assert page.locator("#review-panel").is_hidden()
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("body[data-step='0']", timeout=15_000)
    page.wait_for_selector("#review-panel[data-state=done]", timeout=30_000)
    panel = page.locator("#review-panel")
    assert panel.is_visible()
    assert panel.get_attribute("data-exact") == "true" and data["exact"] is True
    assert panel.locator(".badge.exact").count() == 1
    # the graph: a line per seat, a point per step of the review, a ring per decision that lost
    assert panel.locator("svg.review-graph").is_visible()
    lines = panel.locator("polyline.seat-line")
    assert lines.count() == len(data["players"])
    assert len(lines.first.get_attribute("points").split()) == len(data["graph"])
    bad = [d for d in data["decisions"] if d["judgement"] in BAD]
    assert panel.locator("circle.ring").count() == len(bad)
    # the figures per seat, as brawl.review works them out for the same record
    rows = panel.locator("table.review-seats tbody tr")
    assert rows.count() == len(data["seats"])
    for i, seat in enumerate(data["seats"]):
        row = rows.nth(i)
        assert row.locator("td.acc").inner_text().startswith("–" if seat["accuracy"] is None else f"{seat['accuracy']:.1f}")
        cells = row.locator("td")
        assert cells.nth(2).inner_text().startswith(points(seat["luck"]))
        assert cells.nth(3).inner_text().startswith(points(seat["skill"]))
    # the judged decisions: those that lost, each a button to its step
    buttons = panel.locator(".review-moves button.jump")
    assert buttons.count() == len(bad)
    assert [int(b) for b in buttons.evaluate_all("bs => bs.map(b => b.dataset.index)")] == [d["index"] for d in bad]
    for d, li in zip(bad, panel.locator(".review-moves li").all()):
        assert li.get_attribute("class").split()[0] == d["judgement"]
        assert f"{100 * d['win_before']:.1f}%" in li.inner_text()
    target = bad[-1] if bad[-1]["step"] != 0 else bad[0]
    button = panel.locator(f".review-moves button.jump[data-index='{target['index']}']")
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_selector(f"body[data-step='{target['step']}']", timeout=15_000)
    assert page.locator("#step").input_value() == str(target["step"])
    assert panel.locator(f".review-moves li.current[data-index='{target['index']}']").count() == 1
    if size == "wide":  # the board beside the review stays in sight: the step jumped to shows at once
        assert in_viewport(page, "#board"), "the board is out of sight beside the review"
    # a ring on the graph jumps too
    first = bad[0]
    if first["step"] != target["step"]:
        page.locator(f"#review-panel circle.ring[data-index='{first['index']}']").dispatch_event("click")
        page.wait_for_selector(f"body[data-step='{first['step']}']", timeout=15_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1, \
        "the review widens the page"
    graph = panel.locator("svg.review-graph").bounding_box()
    assert graph["width"] >= 200 and graph["height"] >= 80, graph
    page.evaluate("""() => { const title = document.querySelector('#review-panel .review-title');
        scrollTo(0, title.getBoundingClientRect().top + scrollY - document.getElementById('controls').offsetHeight - 16); }""")
    shot(page, f"review-upload-{size}.png")
    # a file that is not a record leaves the record on show and its review as they are
    junk = path.parent / "junk.json"
    junk.write_text('{"entries": []}')
    page.set_input_files("#record-file", str(junk))
    page.wait_for_selector("#error:not([hidden])")
    page.wait_for_timeout(300)
    assert panel.get_attribute("data-state") == "done"
    assert panel.locator(".review-moves button.jump").count() == len(bad)
