"""The game page holds still: the board and the prompt stay in the window after decisions, errors
show next to their cause and are announced, and the end, the title, the connection line and the
keyboard tell the truth."""

from __future__ import annotations

import pytest

from tests.web.conftest import (GAMES, PHONE, WIDE, create, decide, in_viewport, last_event,
                                new_page, open_room, room_view, wait_until)

pytestmark = pytest.mark.browser

SEATS = {"kniggits": ["human", "bot:heuristic"], "krig": ["human", "bot:heuristic"],
         "ktog": ["human", "bot:heuristic", "bot:heuristic"], "rps": ["human", "bot:random"],
         "tactics": ["human", "bot:heuristic"]}
OPTIONS = {"kniggits": {"table": 24}, "ktog": {"players": 3}}


@pytest.mark.parametrize("size", ["phone", "wide"])
@pytest.mark.parametrize("game", GAMES)
def test_the_window_stays_put_and_the_prompt_and_board_stay_in_view(server, browser, errors, game, size):
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    room = create(server, game, SEATS[game], OPTIONS.get(game))
    open_room(page, server, room)
    made = 0
    for _ in range(3):
        page.wait_for_function("() => document.querySelector('#action-buttons button.action:not([disabled])')"
                               " || !document.getElementById('end').hidden", timeout=20000)
        if page.is_visible("#end"):
            break
        before = last_event(page)
        action = page.locator("#action-buttons button.action:not([disabled])").first.get_attribute("data-action")
        page.locator("body").press(page.get_attribute(f"#action-buttons button[data-action='{action}']", "data-key"))
        page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
        made += 1
        assert page.evaluate("scrollY") == 0 and page.evaluate("scrollX") == 0
        assert in_viewport(page, "#turn") and in_viewport(page, "#board svg, #board table")
        if page.is_visible("#end"):
            break
    assert made >= 1
    assert page.locator("#log li").count() > 0
    # the newest log line is in its own panel's view (the log scrolls, not the window)
    if page.evaluate("document.getElementById('log-panel').open"):
        assert page.evaluate("""() => { const log = document.getElementById('log');
            return log.scrollHeight - log.scrollTop - log.clientHeight < 40; }""")
    page.context.close()


def test_a_reaction_prompt_is_written_out_above_its_buttons(server, browser, errors):
    """The question of the decision in words (the node's prompt), not just bare buttons."""
    page = new_page(browser, errors, **PHONE)
    room = create(server, "tactics", ["human", "human"])
    view = room_view(server, room, 0)
    seat = view["node"]["seats"][0]
    open_room(page, server, room, seat)
    prompt = room_view(server, room, seat)["node"]["prompt"]
    assert prompt and prompt in page.inner_text("#turn")
    assert in_viewport(page, "#turn")
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_refused_army_is_shown_by_its_send_button_and_announced(server, browser, errors, size):
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    room = create(server, "kniggits", ["human", "bot:heuristic"], {"terrain": "open", "table": 12, "points": 20})
    open_room(page, server, room)
    page.wait_for_selector("#kn-army:not([hidden])")
    page.click('button[aria-label="remove kniggit 3"]')
    page.click('button[aria-label="remove kniggit 2"]')
    page.click("#kn-army button:has-text('place')")
    box = page.locator("svg.kn-table").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.1)  # the enemy's edge
    send = page.locator("#kn-army button:has-text('Send this army')")
    send.click()
    error = page.locator("#error")
    error.wait_for(state="visible")
    assert page.evaluate("scrollY") == 0
    assert in_viewport(page, "#error")
    e, s = error.bounding_box(), send.bounding_box()
    assert abs(e["y"] - (s["y"] + s["height"])) < 120, (e, s)  # right by the button that caused it
    assert error.get_attribute("role") == "alert"
    page.context.close()


def test_a_refused_typed_decision_is_shown_under_the_field(server, browser, errors):
    page = new_page(browser, errors, **PHONE)
    room = create(server, "kniggits", ["human", "bot:heuristic"])  # free-form: armies and moves are text
    open_room(page, server, room)
    page.wait_for_selector("#free-more:not([hidden])")
    page.click("#free-more > summary")  # the board offers the decisions: the typed form is behind a disclosure
    page.fill("#free-action", "dance:wildly")
    page.click("#free-form button[type=submit]")
    page.locator("#error").wait_for(state="visible")
    assert page.evaluate("scrollY") == 0 and in_viewport(page, "#error")
    form, err = page.locator("#free-form").bounding_box(), page.locator("#error").bounding_box()
    assert 0 <= err["y"] - (form["y"] + form["height"]) < 40
    assert page.eval_on_selector("#error", "e => e.getAttribute('role') === 'alert' || !!e.closest('[aria-live]')")
    page.context.close()


def test_a_draw_says_draw_to_the_players(server, browser, errors):
    room = create(server, "tactics", ["human", "bot:heuristic"], {"max_rounds": 1})
    for _ in range(60):
        view = room_view(server, room, 0)
        if view["over"]:
            break
        if view["your_turn"]:
            actions = [d["action"] for d in view["legal"]]
            decide(server, room, 0, "end_turn" if "end_turn" in actions else actions[0])
        else:
            wait_until(lambda: room_view(server, room, 0)["your_turn"] or room_view(server, room, 0)["over"])
    assert view["over"] and not view["winners"], view["winners"]
    page = new_page(browser, errors, **WIDE)
    open_room(page, server, room)
    page.wait_for_selector("#end:not([hidden])")
    assert page.inner_text("#end-title") == "Draw"
    assert "No winner" in page.inner_text("#end-text")
    assert "lost" not in page.inner_text("#end").lower() and "draw" in page.inner_text("#turn").lower()
    page.goto(server + room["spectate"])
    page.wait_for_selector("#end:not([hidden])")
    assert page.inner_text("#end-title") == "Draw"
    page.context.close()


def test_a_spectator_is_told_who_won(server, browser, errors):
    room = create(server, "rps", ["bot:random", "bot:random"])
    wait_until(lambda: room_view(server, room)["over"])
    winner = room_view(server, room)["winners"][0]
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room, None)
    page.wait_for_selector("#end:not([hidden])")
    name = room["seats"][winner]["name"]
    assert name in page.inner_text("#end-title") and "lost" not in page.inner_text("#end-title")
    page.context.close()


BEEPS = """window.__beeps = 0;
class FakeAudio { constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (n) => n, start() { window.__beeps += 1; }, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n) => n }; } }
window.AudioContext = FakeAudio;"""


def test_the_tab_title_and_a_beep_say_it_is_your_turn(server, browser, errors):
    room = create(server, "krig", ["human", "human"])
    view = room_view(server, room, 0)
    mover = view["node"]["seats"][0]
    other = 1 - mover
    page = new_page(browser, errors, **WIDE)
    page.add_init_script(BEEPS)
    open_room(page, server, room, other)
    assert not page.is_checked("#sound")
    page.locator("#settings-panel summary").click()
    page.check("#sound")  # remembered in this browser
    page.reload()
    page.wait_for_selector(".connection.ok")
    assert page.is_checked("#sound")
    assert "Your turn" not in page.title()
    beeps = page.evaluate("window.__beeps")
    decide(server, room, mover, "attack")
    page.wait_for_function("() => document.title.startsWith('Your turn')")
    assert page.title() == "Your turn — brawl"
    assert page.evaluate("window.__beeps") > beeps
    page.context.close()


def test_offline_is_said_and_connected_comes_back(server, browser, errors):
    room = create(server, "krig", ["human", "bot:heuristic"])
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room)
    assert page.inner_text("#connection") == "connected"
    page.context.set_offline(True)
    page.wait_for_function("() => document.getElementById('connection').textContent.includes('offline')")
    assert "connected" != page.inner_text("#connection")
    page.wait_for_selector("#action-buttons button.action:not([disabled])")
    page.locator("#action-buttons button.action").first.click()
    page.locator("#error").wait_for(state="visible")
    assert "offline" in page.inner_text("#error")
    assert page.locator("#action-buttons button.action:not([disabled])").count() > 0  # not greyed for ever
    page.context.set_offline(False)
    page.wait_for_selector(".connection.ok")
    assert page.inner_text("#connection") == "connected"
    page.context.close()


def test_the_skip_link_is_the_first_tab_stop(server, browser, errors):
    room = create(server, "krig", ["human", "bot:heuristic"])
    page = new_page(browser, errors, **WIDE)
    open_room(page, server, room)
    # the name question has the focus on arrival; answered (Escape skips it), it hands the focus
    # to the decisions, and on a page without the question the skip link is the first tab stop
    assert page.evaluate("document.activeElement.id") == "name-dialog"
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "actions"
    page.reload()
    page.wait_for_selector(".connection.ok")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip"
    assert page.is_visible("#skip")
    page.keyboard.press("Enter")
    assert page.evaluate("scrollY") == 0
    page.context.close()


def test_more_than_nine_decisions_each_have_a_key(server, browser, errors):
    room = create(server, "ktog", ["human"] * 4, {"players": 4})
    view = room_view(server, room, 0)
    seat = view["node"]["seats"][0]
    legal = room_view(server, room, seat)["legal"]
    assert len(legal) > 9, [d["action"] for d in legal]
    page = new_page(browser, errors, **WIDE)
    open_room(page, server, room, seat)
    page.wait_for_selector("#action-buttons button.action:not([disabled])")
    keys = page.eval_on_selector_all("#action-buttons button.action", "bs => bs.map(b => b.querySelector('.key').textContent)")
    assert len(keys) == len(legal) and len(set(keys)) == len(keys)
    assert keys[:10] == list("123456789a")
    tenth = page.locator("#action-buttons button.action").nth(9).get_attribute("data-action")
    before = last_event(page)
    page.locator("body").press("a")
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    import httpx
    events = httpx.get(f"{server}/api/rooms/{room['room']}/events?since={before}").json()["events"]
    assert [e.get("action") for e in events if e["type"] == "decision"][0] == tenth
    page.context.close()


LOG_PAGE = 40  # events per page of the log (game.js: PAGE)


def test_a_finished_long_game_opens_with_its_newest_log_page_and_loads_older_ones(server, browser, errors):
    """The newest page of the log comes at once (one fragment); older pages on demand; the window
    does not move."""
    room = create(server, "ktog", ["bot:heuristic"] * 4, {"players": 4, "hp": 40})
    wait_until(lambda: room_view(server, room)["over"], timeout=60)
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room, None)
    import httpx
    events = httpx.get(f"{server}/api/rooms/{room['room']}/events?since=-1").json()["events"]
    lines = sum(len(e["log"]) for e in events)
    newest = sum(len(e["log"]) for e in events[-LOG_PAGE:])
    assert len(events) > LOG_PAGE and lines > newest
    assert page.locator("#log li").count() == newest
    page.locator("#log-panel summary").click()
    while page.is_visible("#log-older"):
        page.click("#log-older")
        page.wait_for_timeout(100)
    assert page.locator("#log li").count() == lines
    # (its text, not its rendered text: a line out of the log's sight is not rendered until scrolled to)
    assert page.locator("#log li").first.text_content().endswith(events[0]["log"][0]["text"])
    assert page.evaluate("scrollY") == 0
    page.context.close()
