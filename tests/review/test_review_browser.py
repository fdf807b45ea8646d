"""The review in the browser, on a phone (390x844, touch) and a wide screen (1280x800): a finished
Krig game's replay shows the graph, the figures per seat and the judged decisions; a click on a
mistake jumps the replay to its step; the game page's end panel shows the review; and a puzzle
from the game is solved on the puzzles page."""

from __future__ import annotations

import time

import pytest

from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, browser, errors, new_page, server  # noqa: F401

httpx = pytest.importorskip("httpx")
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def reviewed(server):  # noqa: F811
    """A finished Krig game (random against optimal) whose review judged a mistake or worse."""
    for _ in range(8):
        made = httpx.post(server + "/api/rooms", json={"game": "krig", "seats": ["bot:random", "bot:optimal"],
                                                        "options": {"hp": 8}}, timeout=60)
        assert made.status_code == 201, made.text
        room = made.json()["room"]
        for _ in range(600):
            if httpx.get(f"{server}/api/rooms/{room}", timeout=60).json()["over"]:
                break
            time.sleep(0.05)
        data = httpx.get(f"{server}/api/rooms/{room}/review", timeout=60).json()
        bad = [d for d in data["decisions"] if d["judgement"] in ("inaccuracy", "mistake", "blunder")]
        if bad and data["puzzles"]:
            return room, data, bad
    pytest.fail("no game with a mistake in eight")


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_review_in_the_replay_and_the_end_panel(browser, errors, server, reviewed, size):  # noqa: F811
    room, data, bad = reviewed
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    page.goto(f"{server}/replay/{room}")
    page.wait_for_selector("#review-panel[data-state=done]", timeout=30_000)
    assert page.locator("#review-panel .badge.exact").count() == 1
    assert page.locator("#review-panel polyline.seat-line").count() == 2
    assert page.locator("#review-panel circle.ring").count() == len(bad)
    table = page.locator("#review-panel table.review-seats tbody tr")
    assert table.count() == 2
    assert table.nth(0).locator("td.acc").inner_text().startswith(f"{data['accuracy'][0]:.1f}")
    target = bad[-1]
    button = page.locator(f"#review-panel .review-moves button.jump[data-index='{target['index']}']")
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_selector(f"body[data-step='{target['step']}']", timeout=15_000)
    assert page.locator("#review-panel .review-moves li.current").count() >= 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, "the review widens the page"
    shot(page, f"review-replay-{size}.png")
    game = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    game.goto(f"{server}/watch/{room}")
    game.wait_for_selector("#review-box[data-state=done]", timeout=30_000)
    assert game.locator("#review-box .review-moves button.jump").count() == len(bad)
    game.locator("#review-box").scroll_into_view_if_needed()
    shot(game, f"review-end-{size}.png")
    game.locator(f"#review-box button.jump[data-index='{target['index']}']").click()
    game.wait_for_url(f"**/replay/{room}#step={target['step']}", timeout=15_000)


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_solve_a_puzzle(browser, errors, server, reviewed, size):  # noqa: F811
    room, data, _ = reviewed
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    page.goto(f"{server}/puzzles?room={room}")
    page.wait_for_selector("article.puzzle")
    assert page.locator("article.puzzle").count() == len(data["puzzles"])
    first = page.locator("article.puzzle").first
    assert first.locator(".prompt").inner_text() == data["puzzles"][0]["prompt"]
    # nothing tells the answer before one chooses: no mark on the best, no word on what was played
    assert first.locator("button[data-best]").count() == 0 and first.locator(".win").count() == 0
    assert data["puzzles"][0]["judgement"] not in first.inner_text()
    first.locator(f"button[data-action='{data['puzzles'][0]['best_action']}']").click()
    assert first.get_attribute("data-state") == "solved"
    assert first.locator(".win").count() == len(data["puzzles"][0]["choices"])
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    assert first.locator("a[href*='/replay/']").count() == 1
    shot(page, f"puzzles-{size}.png")
    if len(data["puzzles"]) > 1:
        second = page.locator("article.puzzle").nth(1)
        taken = data["puzzles"][1]["taken"]
        second.locator(f"button[data-action='{taken}']").click()
        assert second.get_attribute("data-state") == "missed"
    page.goto(f"{server}/puzzles")
    page.wait_for_selector("article.puzzle, #no-puzzles")
    assert page.locator("article.puzzle").count() >= 1
