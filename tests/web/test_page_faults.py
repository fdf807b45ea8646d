"""What the game page says when things go wrong or change under the player: a decision made while
the server is down is "cannot be reached" (a notice, not a refusal); a takeback is offered only
while the server would grant one, and a refused request is told to its asker; the end panel says
which of "ran out of time" or "stayed away" ended the game."""

from __future__ import annotations

import pytest

from brawl.server.app import create_app
from tests.server.test_browser import LiveServer
from tests.web.conftest import PHONE, WIDE, create, decide, new_page, open_room, room_view, wait_until

pytestmark = pytest.mark.browser

SIZES = {"phone": PHONE, "wide": WIDE}

# the words a person reads in the error box: its ::before mark and its text
SHOWN = """() => { const box = document.getElementById('error');
    return getComputedStyle(box, '::before').content + ' ' + box.textContent; }"""


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_decision_with_the_server_down_says_it_cannot_be_reached(browser, errors, tmp_path, size):
    """Nothing was refused when nothing arrived: the page says the server cannot be reached and
    that the decision was not sent, not "Refused: Failed to fetch"."""
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'down.sqlite3'}", bot_delay=0)) as url:
        room = create(url, "rps", ["human", "bot:random"])
        page = new_page(browser, errors, **SIZES[size])
        open_room(page, url, room)
        page.wait_for_selector("#action-buttons button.action:not([disabled])")
    page.wait_for_selector(".connection.down")
    page.locator("#action-buttons button.action").first.click()
    page.wait_for_selector("#error:not([hidden])")
    shown = page.evaluate(SHOWN)
    assert "cannot be reached" in shown and "not sent" in shown, shown
    assert "Refused" not in shown and "Failed to fetch" not in shown, shown
    assert page.evaluate("scrollY") == 0
    page.context.close()
