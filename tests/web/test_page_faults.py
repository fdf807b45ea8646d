"""What the game page says when things go wrong or change under the player: a decision made while
the server is down is "cannot be reached" (a notice, not a refusal); a takeback is offered only
while the server would grant one, and a refused request is told to its asker; the end panel says
which of "ran out of time" or "stayed away" ended the game."""

from __future__ import annotations

import pytest

from brawl.server.app import create_app
from brawl.server.settings import Settings
from tests.server.test_browser import LiveServer
from tests.web.conftest import PHONE, WIDE, create, decide, new_page, open_room, room_view, wait_until

pytestmark = pytest.mark.browser
httpx = pytest.importorskip("httpx")

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


def make(url: str, game: str, seats: list[str], **extra) -> dict:
    r = httpx.post(url + "/api/rooms", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def a_quiet_move(view: dict) -> str:
    """A Tactics move of the character on turn that provokes nothing (no roll follows it)."""
    moves = view["state"]["moves"]
    return "move:" + next(sq for sq, m in sorted(moves.items()) if not m["provokes"])


def test_a_takeback_is_offered_only_until_dice_roll(server, browser, errors):
    """Takebacks: only the last event, a decision with no roll after it; the page offers one from
    the server's word (can_take_back), so it is never offered to be refused."""
    room = create(server, "tactics", ["human", "human"])
    seat = room_view(server, room, 0)["node"]["seats"][0]
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room, seat)
    page.keyboard.press("Escape")  # the name question
    assert page.is_hidden("#takeback-row")
    decide(server, room, seat, a_quiet_move(room_view(server, room, seat)))
    page.wait_for_selector("#takeback-row:not([hidden])")
    view = room_view(server, room, seat)
    assert view["can_take_back"]
    rolled = next(d["action"] for d in view["legal"] if d["action"].startswith(("attack", "throw", "cast:magic_missile")))
    decide(server, room, seat, rolled)
    newest = httpx.get(f"{server}/api/rooms/{room['room']}/log?size=5").json()["events"][-1]
    assert newest["type"] == "roll", newest  # the attack's roll came after the last decision
    page.wait_for_function(f"() => Number(document.body.dataset.last) >= {room_view(server, room, seat)['last']}")
    assert page.is_hidden("#takeback-row")
    assert not room_view(server, room, seat)["can_take_back"]
    page.context.close()


def test_a_refused_takeback_is_told_to_its_asker(server, browser, errors):
    room = create(server, "tactics", ["human", "human"])
    seat = room_view(server, room, 0)["node"]["seats"][0]
    asker, other = new_page(browser, errors, **PHONE), new_page(browser, errors, **WIDE)
    open_room(asker, server, room, seat)
    open_room(other, server, room, 1 - seat)
    for page in (asker, other):
        page.keyboard.press("Escape")
    decide(server, room, seat, a_quiet_move(room_view(server, room, seat)))
    asker.wait_for_selector("#takeback-row:not([hidden])")
    asker.locator("#takeback").click()
    asker.wait_for_function("() => document.getElementById('takeback-status').textContent.includes('Waiting')")
    other.wait_for_selector("#takeback-ask:not([hidden])")
    other.locator("#takeback-refuse").click()
    asker.wait_for_function("() => document.getElementById('takeback-status').textContent.includes('refused')")
    assert asker.is_visible("#takeback-status")
    for page in (asker, other):
        page.context.close()


def test_away_shows_within_the_rooms_away_limit(server, browser, errors):
    """A seat shows "away" once it has been gone for the room's away limit when that is shorter
    than the server's reload grace (20 s here), not only after the grace."""
    room = make(server, "krig", ["human", "human"], time_control={"mode": "none", "away_limit": 2})
    stays, leaves = new_page(browser, errors, **WIDE), new_page(browser, errors, **PHONE)
    open_room(stays, server, room, 0)
    open_room(leaves, server, room, 1)
    stays.wait_for_function("() => document.querySelector('#people li:nth-child(2) .presence').classList.contains('online')")
    leaves.context.close()
    stays.wait_for_function("() => document.querySelector('#people li:nth-child(2) .presence').classList.contains('away')",
                            timeout=6000)
    stays.context.close()


def test_the_end_panel_says_which_of_out_of_time_or_away(browser, errors, tmp_path):
    """A claim's reason names what happened to each seat it was made against."""
    settings = Settings(away_after=0.3)
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'claims.sqlite3'}", bot_delay=0, settings=settings)) as url:
        for control, said, not_said in (({"mode": "none", "away_limit": 1}, "stayed away", "ran out of time"),
                                        ({"mode": "move", "seconds": 1, "away_limit": 600}, "ran out of time", "stayed away")):
            room = make(url, "krig", ["human", "human"], time_control=control)
            on_turn = room_view(url, room, 0)["node"]["seats"][0]
            claimer = new_page(browser, errors, **PHONE)
            open_room(claimer, url, room, 1 - on_turn)
            claimer.keyboard.press("Escape")
            if control["mode"] == "none":  # the seat on turn comes and goes
                gone = new_page(browser, errors, **WIDE)
                open_room(gone, url, room, on_turn)
                gone.context.close()
            claimer.wait_for_selector("#claim-box:not([hidden])", timeout=15000)
            claimer.locator("#claim").click()
            claimer.wait_for_selector("#end:not([hidden])")
            why = claimer.inner_text("#end-why")
            assert said in why and not_said not in why, why
            claimer.context.close()
