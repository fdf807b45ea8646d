"""The lobby offers levels (easy, normal, hard) for computer seats, so a player never needs a bot's
internal name (issue: levels in the lobby); the bots by name stay in their own group."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import new_page

pytestmark = pytest.mark.browser


def test_a_computer_seat_is_chosen_by_level(server, browser, errors):
    page = new_page(browser, errors, viewport={"width": 1280, "height": 800})
    page.goto(server + "/?game=krig")
    page.wait_for_selector("#seat-1")
    texts = page.locator("#seat-1 > option").all_inner_texts()
    # each level with its rating on the players' scale, as the bot ladder measured it
    rated = httpx.get(f"{server}/api/games/krig").json()["ratings"]
    assert texts == ["Human (invite link)"] + [f"Computer: {level} (about {rated[level]})" for level in ("easy", "normal", "hard")]
    assert page.eval_on_selector("#seat-1", "s => s.options[s.selectedIndex].text").startswith("Computer: normal")
    assert f"Bot: optimal (about {rated['optimal']})" in page.locator("#seat-1 optgroup option").all_inner_texts()
    page.select_option("#seat-1", "bot:hard")
    page.click("#create-button")
    page.wait_for_selector(".play-link")
    room = page.eval_on_selector(".play-link a, a.play-link", "a => a.href").split("/play/")[1].split("#")[0]
    seats = httpx.get(f"{server}/api/rooms/{room}").json()["seats"]
    assert [s.get("bot") for s in seats] == [None, "hard"]
    page.context.close()
