"""The decision asked now and its first answer are on screen and not under the prompt bar, whatever
the decision panel's scroll: on a phone (390x844, touch) and on a laptop (1280x800), for the
generic buttons (a 4-player KtOG played by pressing lower buttons), the Kniggits fight form and
the Tactics list of what can be done to a tapped token.  Nothing here lets the browser scroll for
the test: each check reads where the answer is before anything is pressed."""

from __future__ import annotations


import pytest

from tests.web.conftest import (GAMES, PHONE, WIDE, create, decide, last_event, new_page, open_room,
                                room_view)
from tests.shots import shot
from tests.web.test_boards import kniggits_fight

pytestmark = pytest.mark.browser

SIZES = {"phone": PHONE, "wide": WIDE}

# where an element is: inside the window, and the element itself at its centre and near its top and
# bottom edges (document.elementFromPoint: nothing, such as the sticky prompt bar, lies over it)
IN_SIGHT = """(e) => {
    if (!e) return 'missing';
    const r = e.getBoundingClientRect();
    if (r.height <= 0 || r.width <= 0) return 'not drawn';
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -1 || r.right > innerWidth + 1)  // a sub-pixel edge is in
        return `outside the window: top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)} of ${innerHeight}`;
    for (const y of [r.top + 3, r.top + r.height / 2, r.bottom - 3]) {
        const hit = document.elementFromPoint(r.left + r.width / 2, y);
        if (!hit || !(e === hit || e.contains(hit))) {
            const by = hit ? (hit.closest('[id]') || hit).id || hit.tagName : 'nothing';
            return `covered at y ${Math.round(y)} by ${by} (top ${Math.round(r.top)})`;
        }
    }
    return 'ok';
}"""

# the first answer of the decision asked now: the first generic button, else (a decision made on the
# board) the first control of the board's visible form or list
FIRST_ANSWER = """() => {
    const own = document.querySelector('#action-buttons button.action:not([disabled]), #action-buttons .choice-list select');
    if (own) return own;
    const form = [...document.querySelectorAll('#board form')].find((f) => f.offsetParent !== null);
    return form ? form.querySelector('input, button, select') : null;
}"""

MY_TURN = """() => !document.getElementById('end').hidden || (document.getElementById('turn').dataset.state === 'yours'
    && !document.querySelector('#action-buttons button.action[disabled]'))"""


def where(page, handle_js: str, arg=None) -> str:
    handle = page.evaluate_handle(handle_js, arg) if arg is not None else page.evaluate_handle(handle_js)
    return page.evaluate(IN_SIGHT, handle)


def settled_where(page, handle_js: str, arg=None, wait: float = 1.5) -> str:
    """Where the element is once the page has had a moment to bring it into sight (it must do so
    by itself; the test never scrolls for it)."""
    check = f"(arg) => {{ const e = ({handle_js})(arg); return ({IN_SIGHT})(e) === 'ok'; }}"
    try:
        page.wait_for_function(check, arg=arg, timeout=wait * 1000)
    except Exception:  # noqa: BLE001 - the message below says where it is
        pass
    return where(page, handle_js, arg)


def press_a_lower_button(page, phone: bool) -> None:
    """Scroll the side panel down to its last decision button (as a person does) and press it."""
    button = page.evaluate_handle("""() => { const all = document.querySelectorAll('#action-buttons button.action:not([disabled])');
        const b = all[all.length - 1]; const side = document.getElementById('side');
        side.scrollTop = side.scrollHeight; brawl.reveal(b); return b; }""")
    box = button.as_element().bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if phone:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_ktog_for_four_the_next_decision_is_in_sight_after_a_lower_button(server, browser, errors, size):
    """After a lower button of a long list is pressed (the panel scrolled down to it), the next
    decision's prompt and first answer are on screen, not under the sticky prompt bar."""
    room = create(server, "ktog", ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"], {"players": 4})
    page = new_page(browser, errors, **SIZES[size])
    open_room(page, server, room)
    checked = 0
    for _ in range(4):
        page.wait_for_function(MY_TURN, timeout=20000)
        if page.is_visible("#end"):
            break
        assert settled_where(page, FIRST_ANSWER) == "ok", page.inner_text("#turn")
        assert where(page, "() => document.getElementById('turn')") == "ok"
        if "Dodge" in page.inner_text("#turn"):
            shot(page, f"{size}-ktog-dodge")
        checked += 1
        before = last_event(page)
        press_a_lower_button(page, size == "phone")
        page.wait_for_function(f"() => Number(document.body.dataset.last) > {before} || !document.getElementById('end').hidden",
                               timeout=20000)
    assert checked >= 2
    assert page.evaluate("scrollY") == 0
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_kniggits_fight_form_is_in_sight(server, browser, errors, size):
    """Kniggits, Fighting: the sword-and-shield form (on a clock) and its Show hands button are on
    screen when the fight's decision comes, with nothing over them."""
    room = kniggits_fight(server)
    page = new_page(browser, errors, **SIZES[size])
    open_room(page, server, room)
    page.wait_for_selector(".kn-fight-form")
    assert settled_where(page, "() => document.querySelector('.kn-fight-form input')") == "ok"
    assert settled_where(page, "() => document.querySelector('.kn-fight-form button[type=submit]')") == "ok"
    assert where(page, "() => document.getElementById('turn')") == "ok"
    shot(page, f"{size}-kniggits-fight")
    assert page.evaluate("scrollY") == 0
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_tactics_targets_of_a_tapped_token_are_in_sight(server, browser, errors, size):
    """Tapping an enemy's token lists what the character on turn can do to it; the list is on screen."""
    room = create(server, "tactics", ["human", "human"])
    seat = room_view(server, room, 0)["node"]["seats"][0]
    view = room_view(server, room, seat)
    mine = {c["id"] for c in view["state"]["characters"] if c["side"] == seat}
    aimed = [a["action"].split(":")[-1] for a in view["legal"] if not a["action"].startswith(("move:", "cast:fireball"))]
    target = next(t for t in aimed if t in {c["id"] for c in view["state"]["characters"]} - mine)
    page = new_page(browser, errors, **SIZES[size])
    open_room(page, server, room, seat)
    token = page.locator(f'.tc-token[data-id="{target}"]')
    token.scroll_into_view_if_needed()  # the token itself: the map scrolls inside its box
    before = last_event(page)
    box = token.bounding_box()
    if size == "phone":
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#tc-targets button")
    assert settled_where(page, "() => document.querySelector('#tc-targets button')") == "ok"
    shot(page, f"{size}-tactics-targets")
    page.wait_for_timeout(300)
    assert last_event(page) == before  # the tap only listed: no decision was made by it
    assert page.evaluate("scrollY") == 0
    page.context.close()


SEATS = {"kniggits": ["human", "bot:heuristic"], "krig": ["human", "bot:heuristic"],
         "ktog": ["human", "bot:heuristic", "bot:heuristic"], "rps": ["human", "bot:random"],
         "tactics": ["human", "bot:heuristic"]}
OPTIONS = {"kniggits": {"table": 18, "points": 20, "terrain": "open"}, "ktog": {"players": 3}}


@pytest.mark.parametrize("size", ["phone", "wide"])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_shows_its_first_answer_whatever_the_panel_scroll(server, browser, errors, game, size):
    """Every game page: with the side panel scrolled to its end (the log, the settings), the next
    decision of the player still comes with its first answer on screen."""
    room = create(server, game, SEATS[game], OPTIONS.get(game))
    page = new_page(browser, errors, **SIZES[size])
    open_room(page, server, room)
    page.wait_for_function(MY_TURN, timeout=20000)
    assert settled_where(page, FIRST_ANSWER) == "ok", page.inner_text("#turn")
    # the panel scrolled away from the decision, then the next decision comes
    page.evaluate("() => { const s = document.getElementById('side'); s.scrollTop = s.scrollHeight; }")
    before = last_event(page)
    view = room_view(server, room, 0)
    decide(server, room, 0, next((d["action"] for d in view["legal"] if d["action"] == "army:balanced"),
                                 view["legal"][-1]["action"]))
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    page.wait_for_function(MY_TURN, timeout=20000)
    if not page.is_visible("#end"):
        assert settled_where(page, FIRST_ANSWER) == "ok", page.inner_text("#turn")
    page.context.close()


def test_a_chat_line_being_typed_is_not_scrolled_away(server, browser, errors):
    """A decision that comes while the player types in the chat waits until the field is left."""
    room = create(server, "rps", ["human", "bot:random"])
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room)
    page.keyboard.press("Escape")  # the name question
    page.evaluate("document.getElementById('chat-panel').open = true")
    page.evaluate("brawl.reveal(document.getElementById('chat-input'))")
    page.locator("#chat-input").focus()
    page.keyboard.type("good ")
    before = last_event(page)
    decide(server, room, 0, room_view(server, room, 0)["legal"][0]["action"])
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    page.wait_for_function(MY_TURN, timeout=20000)
    page.wait_for_timeout(300)
    assert where(page, "() => document.getElementById('chat-input')") == "ok"
    page.keyboard.type("luck")
    assert page.input_value("#chat-input") == "good luck"
    page.evaluate("document.activeElement.blur()")
    assert settled_where(page, FIRST_ANSWER) == "ok"
    page.context.close()
