"""The fight's clock in the browser: the page counts down the server's clock, and a hand picked but
not sent goes out before the end (rule 19; the seed's Fumbles: only a hand with no choice has no
effect)."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.browser

from tests.server.test_browser import CHROMIUM, LiveServer  # noqa: E402  (skips without chromium)
from tests.server.test_timer import BLUE_ARMY, RED_ARMY, clock  # noqa: E402,F401  (clock is a fixture)
from tests.server.conftest import wait_for  # noqa: E402

from brawl.server.app import create_app  # noqa: E402

sync_api = pytest.importorskip("playwright.sync_api")

OPTIONS = {"terrain": "open", "table": 12, "points": 20, "turn_limit": 2, "fight_timer": 4}


def test_a_picked_hand_is_sent_before_the_clock_ends(tmp_path, clock):  # noqa: F811
    """Blue picks a sword height and never presses the button: the page sends it (shield hand
    none) before the server's clock ends.  The server's clock is held still, so only the page's
    countdown, started from the time left the server reported, can send the hands."""
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'kn.sqlite3'}", bot_delay=0)) as url:
        room = httpx.post(url + "/api/rooms", json={"game": "kniggits", "options": OPTIONS,
                                                    "seats": ["human", "human"]}).json()
        rid, red, blue = room["room"], room["seats"][0], room["seats"][1]
        steps = [(red, RED_ARMY), (blue, BLUE_ARMY), (red, "rock"), (blue, "scissors"), (red, "rock"),
                 (blue, "scissors"), (red, "end_move"), (red, "fight:A1-B1:low:middle")]
        for seat, action in steps:
            r = httpx.post(f"{url}/api/rooms/{rid}/decisions", json={"token": seat["token"], "action": action})
            assert r.status_code == 200, r.text
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + blue["invite"])
            page.wait_for_selector(".kn-fight-form")
            assert page.get_attribute("#kn-time", "max") == "4"
            page.check('input[name="kn-sword"][value="high"]')
            state = wait_for(lambda: (lambda s: s if s["revealed"] else None)(
                httpx.get(f"{url}/api/rooms/{rid}").json()["state"]), timeout=30)
            assert state["revealed"][1:3] == ["low/middle", "high/none"]
            assert not errors, errors
            browser.close()
