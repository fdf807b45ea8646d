"""Kniggits on a real table in the browser (issue 31; rules page, ruling 40), at 390x844 by touch
and at 1280x800: cards of kniggits instead of the drawn table; "B1 reached A2" said with a tap,
the card then shows the combat, and the fight follows."""

from __future__ import annotations


import httpx
import pytest

from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, browser, create, errors, new_page, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

OPTIONS = {"measure": "table", "points": 30, "fight_timer": 0}


def red_to_move(url: str) -> tuple[dict, list[str]]:
    room = create(url, "kniggits", ["human", "human"], OPTIONS)
    tokens = [s["token"] for s in room["seats"]]
    rid = room["room"]
    for seat, action in ((0, "army:balanced"), (1, "army:balanced"), (0, "rock"), (1, "scissors"), (0, "rock"), (1, "scissors")):
        r = httpx.post(f"{url}/api/rooms/{rid}/decisions", json={"token": tokens[seat], "action": action})
        assert r.status_code == 200, r.text
    return room, tokens


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_saying_what_happened_on_the_real_table(server, browser, errors, size):  # noqa: F811
    room, tokens = red_to_move(server)
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    page.goto(server + room["seats"][0]["invite"])
    page.wait_for_selector("#kn-real:not([hidden]) .kn-card[data-id='A1']")
    assert page.locator("svg.kn-table").is_hidden()  # no drawn table: the real one decides
    assert "On the real table" in page.inner_text("#kn-real")
    # Red's A1 reached Blue's B2
    page.select_option("#kn-reach-A1", "reach:A1:B2")
    page.locator(".kn-card[data-id='A1'] button.kn-reach").tap() if size == "phone" else \
        page.click(".kn-card[data-id='A1'] button.kn-reach")
    page.wait_for_selector(".kn-card[data-id='A1'] .kn-combat:has-text('B2')")
    assert "In combat with B2 (facing)" in page.inner_text(".kn-card[data-id='A1']")
    assert "In combat with A1" in page.inner_text(".kn-card[data-id='B2']")
    # A2 moved and is out of combat; its card offers nothing more
    page.click(".kn-card[data-id='A2'] button:has-text('Moved, not in combat')")
    page.wait_for_selector(".kn-card[data-id='A2'] .kn-moved")
    assert page.locator(".kn-card[data-id='A2'] .kn-card-actions").count() == 0
    shot(page, f"table-real-kniggits-{size}", full_page=True)
    # the record of the room says the same
    view = httpx.get(f"{server}/api/rooms/{room['room']}", headers={"X-Seat-Token": tokens[0]}).json()
    assert ["A1", "B2"] in view["state"]["contacts"]
    # the moving phase ends; A1's attack on B2 is the fight, in the measured game's form
    page.click("button[data-action='end_move']")
    page.wait_for_selector(".kn-fight-form", state="visible")
    assert "A1" in page.inner_text("#kn-fight") and "B2" in page.inner_text("#kn-fight")
    shot(page, f"table-real-kniggits-fight-{size}", full_page=True)
    page.context.close()


def test_the_lobby_offers_the_real_table_and_refuses_a_computer_seat_with_the_reason(server):  # noqa: F811
    r = httpx.post(server + "/api/rooms", json={"game": "kniggits", "options": OPTIONS, "seats": ["human", "bot:heuristic"]})
    assert r.status_code == 422 and "every seat is a person" in r.json()["error"]
    options = httpx.get(server + "/api/games").json()
    kniggits = next(g for g in options if g["name"] == "kniggits") if isinstance(options, list) else options["kniggits"]
    assert "measure" in str(kniggits)
