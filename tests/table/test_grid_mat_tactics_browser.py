"""Tactics at a table with a grid mat (issue 31): the app's map is the mat, so a move is entered as
the square it ends on, and the rules check it; in a table room every square shows its name as the
log writes it ("square 3,4"), so figures on the mat and the app's board agree."""

from __future__ import annotations


import httpx
import pytest

from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, browser, errors, new_page, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def tactics_room(url: str, dice: str) -> dict:
    r = httpx.post(url + "/api/rooms", json={"game": "tactics", "seats": ["human", "human"], "dice": dice})
    assert r.status_code == 201, r.text
    return r.json()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_table_room_names_every_square_as_the_log_does(server, browser, errors, size):  # noqa: F811
    room = tactics_room(server, "table")
    view = httpx.get(f"{server}/api/rooms/{room['room']}", headers={"X-Seat-Token": room["seats"][0]["token"]}).json()
    m = view["state"]["map"]
    open_squares = m["width"] * m["height"] - len(m["walls"])
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    page.goto(server + room["seats"][0]["invite"])
    page.wait_for_selector(".tc-sq-name")
    names = page.locator(".tc-sq-name").all_text_contents()
    assert len(names) == open_squares
    wall = {f"{x},{y}" for x, y in m["walls"]}
    expected = {f"{x},{y}" for x in range(m["width"]) for y in range(m["height"])} - wall
    assert set(names) == expected
    shot(page, f"table-tactics-squares-{size}")
    page.context.close()


def test_an_online_room_keeps_its_board_plain(server, browser, errors):  # noqa: F811
    room = tactics_room(server, "server")
    page = new_page(browser, errors, **WIDE)
    page.goto(server + room["seats"][0]["invite"])
    page.wait_for_selector(".tc-sq")
    assert page.locator(".tc-sq-name").count() == 0
    page.context.close()
