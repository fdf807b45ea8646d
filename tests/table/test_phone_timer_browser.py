"""One phone passed round for a Kniggits fight with its timer (pass-and-play, 390x844): the second
player takes longer than the whole timer to get the phone and still gets their hands in, since each
player's clock starts when they tap "I am ..." (Rules page, Kniggits, rule 19: a hand not chosen when
the fight's timer runs out shows nothing)."""

from __future__ import annotations

import io
import time
from pathlib import Path

import httpx
import pytest

from tests.shots import folder
from tests.table.test_table_browser import pass_link, settled, view_of
from tests.web.conftest import (KN_NEAR, KN_OPTIONS, PHONE, browser, create, decide, errors, new_page,  # noqa: F401
                                server, wait_until)

pytestmark = pytest.mark.browser

TIMER = 5  # seconds: enough for a tap or three on a busy machine, and the test waits longer than it


def fight_room(url: str) -> dict:
    """Two people, A1 and B1 engaged: the fight's hands are to choose, with a TIMER s fight timer."""
    room = create(url, "kniggits", ["human", "human"], dict(KN_OPTIONS, fight_timer=TIMER))
    for seat, action in ((0, KN_NEAR[0]), (1, KN_NEAR[1]), (0, "rock"), (1, "scissors"), (0, "rock"), (1, "scissors")):
        decide(url, room, seat, action)
    for _ in range(6):
        v = view_of(url, room)
        if v["state"]["phase"] == "fight":
            return room
        decide(url, room, v["node"]["seats"][0], "end_move")
    raise AssertionError(f"no fight: {view_of(url, room)['node']}")


def side_by_side(shots: list[bytes], path: Path) -> None:
    from PIL import Image

    images = [Image.open(io.BytesIO(s)) for s in shots]
    out = Image.new("RGB", (sum(i.width for i in images) + 16 * (len(images) - 1), max(i.height for i in images)), "#888")
    x = 0
    for image in images:
        out.paste(image, (x, 0))
        x += image.width + 16
    path.parent.mkdir(parents=True, exist_ok=True)
    out.save(path)


def test_on_one_phone_the_second_player_gets_their_hands_in_after_a_slow_pass(server, browser, errors):
    room = fight_room(server)
    page = new_page(browser, errors, **PHONE)
    page.goto(server + pass_link(room))
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert page.inner_text("#pass-title") == "Pass the phone to Red"
    # the page told the server that this phone plays every seat: nobody's clock runs yet, and the screen says so
    wait_until(lambda: view_of(server, room)["one_device"] == {"holder": None, "seconds": TIMER})
    page.wait_for_selector("#pass-clock:not([hidden])")
    assert page.inner_text("#pass-clock") == (f"The clock ({TIMER} s) starts when Red taps the button: "
                                              "nobody's time runs while the phone goes round.")
    assert view_of(server, room)["timer"] is None
    shots = [page.screenshot()]

    page.locator("#pass-ready").tap()
    page.wait_for_selector("#pass-screen", state="hidden")
    page.wait_for_selector(".kn-fight-form #kn-time")  # Red's clock runs, counted down on the page
    timer = view_of(server, room)["timer"]
    assert timer["seconds"] == TIMER and view_of(server, room)["one_device"]["holder"] == 0
    assert page.get_attribute("#kn-time", "max") == str(TIMER)
    page.wait_for_function("() => / s left$/.test(document.getElementById('kn-time-left').textContent)")
    page.locator("label[for='kn-kn-sword-high']").tap()
    page.locator("label[for='kn-kn-shield-low']").tap()
    shots.append(page.screenshot())
    last = page.evaluate("document.body.dataset.last")
    page.locator(".kn-fight-form button[type=submit]").tap()
    page.wait_for_selector("#pass-screen:not([hidden])")
    settled(page, last)
    assert page.inner_text("#pass-title") == "Pass the phone to Blue"
    chose = time.monotonic()

    # the phone takes longer than the whole timer to reach Blue: nothing is decided for Blue meanwhile
    time.sleep(TIMER + 1.5)
    v = view_of(server, room)
    assert v["node"]["seats"] == [1] and v["timer"] is None and not v["state"]["revealed"]
    assert "starts when Blue taps" in page.inner_text("#pass-clock")
    page.locator("#pass-ready").tap()
    page.wait_for_selector(".kn-fight-form #kn-time")
    assert view_of(server, room, 1)["one_device"]["holder"] == 1
    page.locator("label[for='kn-kn-sword-middle']").tap()
    page.locator("label[for='kn-kn-shield-high']").tap()
    page.locator(".kn-fight-form button[type=submit]").tap()
    page.wait_for_function("() => document.getElementById('kn-revealed').textContent.includes('Last fight')")
    assert time.monotonic() - chose > TIMER
    revealed = view_of(server, room)["state"]["revealed"]
    assert revealed[1:3] == ["high/low", "middle/high"]  # Blue's hands count, and Red's
    assert "Blue shows sword middle and shield high" in page.text_content("#log")
    if folder():
        side_by_side(shots, folder() / "table-timer-phone.png")
    page.context.close()


def test_an_ordinary_pair_of_phones_still_runs_both_clocks_from_the_start(server, browser, errors):
    """Blue's own page (an invite link, not the table link): Blue's clock ran from the fight's
    start, so the page counts it down at once, and nothing marks the room as one device's."""
    room = fight_room(server)
    page = new_page(browser, errors, **PHONE)
    page.goto(server + room["seats"][1]["invite"])
    page.wait_for_selector(".kn-fight-form #kn-time")
    assert not page.locator("#pass-screen:not([hidden])").count()
    v = view_of(server, room)
    assert v["one_device"] is None and v["timer"]["seconds"] == TIMER
    httpx.post(f"{server}/api/rooms/{room['room']}/decisions",
               json={"token": room["seats"][0]["token"], "action": "fight:A1-B1:high:low"}).raise_for_status()
    wait_until(lambda: view_of(server, room)["state"]["revealed"], timeout=TIMER + 20)
    assert view_of(server, room)["state"]["revealed"][1:3] == ["high/low", "none/none"]
    page.context.close()
