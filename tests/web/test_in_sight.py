"""What a decision is about stays in sight as a person scrolls and taps, on a phone (390x844, touch)
and a laptop (1280x800), read with ``document.elementFromPoint``: the board opens on the pieces the
decision is about, the decision outlives the side panel's scroll (the log wheeled past its end), and
the replay viewer brings the board into sight when a judged decision is tapped."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, create, kniggits_to_move, new_page, open_room, room_view
from tests.web.test_phone_decisions import FIRST_ANSWER, IN_SIGHT, MY_TURN, settled_where, where

pytestmark = pytest.mark.browser

SIZES = {"phone": PHONE, "wide": WIDE}

# the rectangle of an element that shows, and whether elementFromPoint finds the element at its centre
HIT = """(e) => { const r = e.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y); return {top: r.top, bottom: r.bottom, hit: !!hit && (hit === e || e.contains(hit))}; }"""


def wheel_over(page, selector: str, ticks: int, low: bool = False) -> None:
    """Wheel ticks (120 px each) with the pointer over the element, near its top (``low``: near the
    bottom of its part in the window), as a person does."""
    box = page.locator(selector).bounding_box()
    y = min(box["y"] + box["height"], page.viewport_size["height"]) - 20 if low else box["y"] + min(box["height"] / 2, 30)
    page.mouse.move(box["x"] + box["width"] / 2, y)
    for _ in range(ticks):
        page.mouse.wheel(0, 120)
        page.wait_for_timeout(30)  # each tick lands on its own, as a hand's do
    page.wait_for_timeout(200)


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_wheeling_the_log_past_its_end_leaves_the_decision_in_sight(server, browser, errors, size):
    """Issue 40, point 2: the side is wheeled down until the log shows (over the chat), then the log
    is wheeled ten ticks past its end: the first decision button and the prompt are still on screen,
    and elementFromPoint finds them (they were scrolled away with the whole column before)."""
    room = create(server, "ktog", ["human", "bot:heuristic", "bot:heuristic"], {"players": 3})
    page = new_page(browser, errors, **SIZES[size])
    open_room(page, server, room)
    page.wait_for_function(MY_TURN, timeout=20000)
    page.click("#name-skip")
    # the lowest point where the log itself is what the pointer is over (not the decision pinned above it)
    log_point = """() => { const log = document.getElementById('log'), r = log.getBoundingClientRect(); let found = null;
        for (let y = Math.max(r.top, 0) + 4; y < Math.min(r.bottom, innerHeight); y += 4) {
            const hit = document.elementFromPoint(r.left + r.width / 2, y);
            if (hit && log.contains(hit)) found = [r.left + r.width / 2, y]; }
        return found; }"""
    page.evaluate("document.getElementById('log-panel').open = true")  # a phone opens with the log folded
    # first down the side over what lies just below the decision (the dice, the chat): the side scrolls
    below = page.evaluate("""() => { const a = document.getElementById('actions').getBoundingClientRect();
        const s = document.getElementById('side').getBoundingClientRect(); return [s.left + s.width / 2, a.bottom + 12]; }""")
    page.mouse.move(*below)
    for _ in range(3):
        page.mouse.wheel(0, 120)
        page.wait_for_timeout(30)
    page.wait_for_function("() => document.getElementById('side').scrollTop > 0")
    for _ in range(40):  # down the side as a person would, over its lowest part, until the log shows
        if page.evaluate(log_point):
            break
        wheel_over(page, "#side", 1, low=True)
    over = page.evaluate(log_point)
    assert over, "the log is nowhere in sight"
    page.mouse.move(*over)
    for _ in range(10):
        page.mouse.wheel(0, 120)
        page.wait_for_timeout(30)
    page.wait_for_timeout(200)
    assert where(page, FIRST_ANSWER) == "ok"
    assert where(page, "() => document.getElementById('turn')") == "ok"
    shot(page, f"{size}-ktog-log-wheeled")
    assert page.evaluate("scrollY") == 0
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_kniggits_opens_on_ones_own_kniggits_to_move(server, browser, errors, size):
    """Issue 40, point 1: "move your kniggits" on a 12-inch table as Red (whose edge is the bottom):
    the table opens with Red's kniggit in sight above the decision sheet, elementFromPoint finds it
    at its centre, and a tap there selects it (it sat under the phone's sheet before)."""
    room = kniggits_to_move(server)
    page = new_page(browser, errors, **SIZES[size])
    open_room(page, server, room)
    page.click("#name-skip")
    mine = """() => document.querySelector('.kniggit[data-seat="0"]')"""
    page.wait_for_function(f"() => ({HIT})(({mine})()).hit", timeout=5000)
    where_it_is = page.evaluate(HIT, page.evaluate_handle(mine))
    assert where_it_is["hit"] and 0 <= where_it_is["top"] and where_it_is["bottom"] <= page.viewport_size["height"]
    shot(page, f"{size}-kniggits-move-opens-on-mine")
    box = page.locator('.kniggit[data-seat="0"] circle:not(.kn-hit)').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if size == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    page.wait_for_function("() => /A1 selected/.test(document.getElementById('kn-ruler').textContent)")
    assert page.evaluate("scrollY") == 0
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_tactics_opens_on_the_character_on_turn(server, browser, errors, size):
    """Issue 40, point 1 (every game with a board): Tactics opens with the token of the player's
    character on turn in sight, found by elementFromPoint."""
    room = create(server, "tactics", ["human", "human"])
    seat = room_view(server, room, 0)["node"]["seats"][0]
    page = new_page(browser, errors, **SIZES[size])
    open_room(page, server, room, seat)
    page.click("#name-skip")
    actor = room_view(server, room, seat)["state"]
    token_id = actor["characters"][actor["actor"]]["id"]
    token = f"() => document.querySelector('.tc-token[data-id=\"{token_id}\"]')"
    page.wait_for_function(f"() => ({HIT})(({token})()).hit", timeout=5000)
    assert where(page, token) == "ok" or page.evaluate(HIT, page.evaluate_handle(token))["hit"]
    shot(page, f"{size}-tactics-opens-on-actor")
    page.context.close()


@pytest.fixture(scope="module")
def reviewed(server):
    """A finished Krig game (random against optimal) whose review judged at least one decision."""
    for _ in range(8):
        made = httpx.post(server + "/api/rooms", json={"game": "krig", "seats": ["bot:random", "bot:optimal"],
                                                        "options": {"hp": 8}}, timeout=60)
        assert made.status_code == 201, made.text
        room = made.json()["room"]
        deadline = time.monotonic() + 60
        while not httpx.get(f"{server}/api/rooms/{room}", timeout=60).json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        data = httpx.get(f"{server}/api/rooms/{room}/review", timeout=60).json()
        if any(d["judgement"] in ("inaccuracy", "mistake", "blunder") for d in data["decisions"]):
            return room
    pytest.fail("no game with a mistake in eight")


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_judged_decision_tapped_in_the_replay_brings_the_board_into_sight(server, browser, errors, reviewed, size):
    """Issue 40, point 3: in the replay viewer, a judged decision of the review tapped (scrolled to
    as a person does) sets the step and brings the board into sight below the controls, found by
    elementFromPoint (on a phone it stayed far above, out of sight)."""
    page = new_page(browser, errors, **SIZES[size])
    page.goto(f"{server}/replay/{reviewed}")
    page.wait_for_selector("#review-panel[data-state=done]", timeout=30_000)
    button = page.locator("#review-panel .review-moves button.jump").last
    button.scroll_into_view_if_needed()
    step = button.get_attribute("data-step")
    box = button.bounding_box()
    if size == "phone":
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector(f"body[data-step='{step}']", timeout=15_000)
    board_in_sight = """() => { const b = document.getElementById('board').getBoundingClientRect();
        const below = document.getElementById('controls').getBoundingClientRect().bottom;
        const y = Math.max(b.top, below) + 20, hit = document.elementFromPoint(b.left + b.width / 2, y);
        return b.top < innerHeight && b.bottom > below + 40 && !!hit && document.getElementById('board').contains(hit); }"""
    page.wait_for_function(board_in_sight, timeout=5000)
    shot(page, f"{size}-replay-judged-decision-shows-the-board")
    page.context.close()
