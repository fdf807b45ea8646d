"""The game sheet of a table (issue 31): KtOG's turn order in its status rows, and the sheet on the
table page saying who may react now and keeping the odds one tap away, off by default."""

from __future__ import annotations

from dataclasses import replace

import httpx
import pytest

from brawl.games import make_game
from tests.table.test_table_browser import pass_link, table_room, view_of
from tests.web.conftest import PHONE, browser, errors, new_page, server  # noqa: F401 (fixtures)


def test_ktog_status_rows_number_the_turns_of_the_round_from_the_initiative_winner():
    """Rules page, KtOG, Round and Initiative: the winner of initiative goes first, then round the
    table; a player who is out has no turn; nothing is numbered while initiative is rolled."""
    game = make_game("ktog", players=4, hp=4)
    state = game.initial_state()
    assert [r["Turn order"] for r in game.status_rows(state)] == [""] * 4
    for face in (3, 6, 4, 5):  # Player 2 wins the initiative
        state = game.apply_chance(state, face)
    assert [r["Turn order"] for r in game.status_rows(state)] == ["4", "1", "2", "3"]
    out = replace(state, up=(True, True, False, True), hp=(4, 4, 0, 4))
    assert [r["Turn order"] for r in game.status_rows(out)] == ["3", "1", "", "2"]


@pytest.mark.browser
def test_the_sheet_says_who_may_react_now_and_keeps_the_odds_off_until_asked(server, browser, errors):
    room = table_room(server, "ktog", {"players": 4, "hp": 4}, ["human"] * 4)
    tokens = [s["token"] for s in room["seats"]]
    rid = room["room"]
    for face in (6, 5, 4, 3):  # Player 1 leads
        assert httpx.post(f"{server}/api/rooms/{rid}/rolls", json={"token": tokens[0], "outcome": face}).status_code == 200
    page = new_page(browser, errors, **PHONE)
    page.goto(server + pass_link(room))
    page.wait_for_selector("#table-sheet")
    assert page.inner_text("#sheet-order") == "Turn order: Player 1 → Player 2 → Player 3 → Player 4"
    page.wait_for_function("() => document.getElementById('sheet-now').textContent.startsWith('Player 1: attack or try to disarm')")
    # the odds of each decision are there, hidden until the sheet's switch shows them
    odds = "#action-buttons button.action[data-action='attack:2'] .odds"
    page.wait_for_selector(odds, state="attached")
    assert not page.is_visible(odds)
    page.locator("#sheet-odds").tap()
    assert page.is_visible(odds)
    page.locator("#sheet-odds").tap()
    last = page.evaluate("document.body.dataset.last")
    page.locator("#action-buttons button.action[data-action='attack:2']").tap()
    page.wait_for_function("l => document.body.dataset.last !== l", arg=last)
    page.wait_for_selector("#table-faces")
    assert page.inner_text("#sheet-now") == "Player 1: roll d20 for to hit"
    page.locator("#table-faces button[data-face='20']").tap()  # a critical hit: Player 2 may dodge it
    page.wait_for_function("() => document.getElementById('who').textContent.includes('Player 2')")
    v = view_of(server, room, 1)
    assert v["node"]["kind"] == "reaction" and v["node"]["seats"] == [1]
    assert page.inner_text("#sheet-now").startswith("Player 2 may cast Dodge so that the hit does nothing")
    page.context.close()
