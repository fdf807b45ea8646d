"""The two boards on a touch screen and with a mouse: a tap shows the move before a second tap
makes it, dragging works, tap targets are big enough, labels do not collide, and the roll card
reads in dark mode."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import (KN_NEAR, PHONE, WIDE, create, decide, in_viewport, kniggits_to_move, last_event,
                                new_page, open_room, room_view, wait_until)

pytestmark = pytest.mark.browser


def kn_screen(page, x: float, y: float, size: float = 12) -> tuple[float, float]:
    """Table inches to the window (the viewBox has an inch of margin; y grows up the table)."""
    box = page.locator("svg.kn-table").bounding_box()
    return box["x"] + box["width"] * (x + 1) / (size + 2), box["y"] + box["height"] * (size + 1 - y) / (size + 2)


def kniggit(view: dict, kid: str) -> dict:
    return next(k for k in view["state"]["kniggits"] if k["id"] == kid)


def test_kniggits_tap_shows_the_ruler_and_a_second_tap_moves(server, browser, errors):
    room = kniggits_to_move(server)
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room)
    page.wait_for_selector('g.kniggit[data-id="A1"][role="button"]')
    start = kniggit(room_view(server, room, 0), "A1")
    page.locator("svg.kn-table").scroll_into_view_if_needed()
    page.touchscreen.tap(*kn_screen(page, start["x"], start["y"]))
    assert "selected" in page.inner_text("#kn-ruler")
    # off the table: the preview says so, nothing is sent, and the button will not send it
    before = last_event(page)
    page.touchscreen.tap(*kn_screen(page, start["x"], -0.6))
    assert "off the table" in page.inner_text("#kn-ruler")
    assert page.is_disabled("#kn-confirm .kn-go")
    # within reach: the ruler first, the move only on the second tap
    target = (start["x"], start["y"] + 2)
    page.touchscreen.tap(*kn_screen(page, *target))
    assert re.search(r"ruler: [\d.]+ in of [\d.]+ in", page.inner_text("#kn-ruler"))
    assert page.is_visible("#kn-confirm") and page.is_enabled("#kn-confirm .kn-go")
    page.wait_for_timeout(200)
    assert last_event(page) == before and kniggit(room_view(server, room, 0), "A1")["y"] == start["y"]
    page.touchscreen.tap(*kn_screen(page, *target))
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    moved = kniggit(room_view(server, room, 0), "A1")
    assert abs(moved["y"] - target[1]) < 0.2 and abs(moved["x"] - target[0]) < 0.2
    assert page.evaluate("scrollY") == 0
    page.context.close()


def test_kniggits_drag_with_the_mouse_moves_the_figure(server, browser, errors):
    room = kniggits_to_move(server)
    page = new_page(browser, errors, **WIDE)
    open_room(page, server, room)
    page.wait_for_selector('g.kniggit[data-id="A1"][role="button"]')
    start = kniggit(room_view(server, room, 0), "A1")
    target = (start["x"] + 1, start["y"] + 2)
    before = last_event(page)
    page.mouse.move(*kn_screen(page, start["x"], start["y"]))
    page.mouse.down()
    page.mouse.move(*kn_screen(page, *target), steps=6)
    assert "ruler:" in page.inner_text("#kn-ruler")  # the ruler follows the drag
    page.mouse.up()
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    moved = kniggit(room_view(server, room, 0), "A1")
    assert abs(moved["x"] - target[0]) < 0.2 and abs(moved["y"] - target[1]) < 0.2
    page.context.close()


def test_kniggits_tap_targets_are_big_enough_on_a_phone(server, browser, errors):
    room = kniggits_to_move(server)
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room)
    hit = page.locator('g.kniggit[data-id="A1"] .kn-hit')
    box = hit.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    for button in page.locator("#board .zoom-bar button").all():
        b = button.bounding_box()
        assert b["width"] >= 44 and b["height"] >= 44
    # zooming in makes the table bigger inside its panel, not the page
    width = page.locator("svg.kn-table").bounding_box()["width"]
    page.click("#board .zoom-bar button[aria-label='Zoom in']")
    assert page.locator("svg.kn-table").bounding_box()["width"] > width * 1.2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


def test_kniggits_labels_of_engaged_figures_do_not_overlap(server, browser, errors):
    room = kniggits_to_move(server, KN_NEAR)
    page = new_page(browser, errors, **WIDE)
    open_room(page, server, room)
    page.wait_for_selector('g.kniggit[data-id="B1"]')
    boxes = {kid: page.locator(f'g.kniggit[data-id="{kid}"] .kn-stats').bounding_box() for kid in ("A1", "B1")}
    circles = {kid: page.locator(f'g.kniggit[data-id="{kid}"] circle:not(.kn-hit)').bounding_box() for kid in ("A1", "B1")}

    def overlap(a, b):
        return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
            a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]
    assert not overlap(boxes["A1"], boxes["B1"])
    assert not overlap(boxes["A1"], circles["B1"]) and not overlap(boxes["B1"], circles["A1"])
    page.context.close()


def tactics_square(page, sq):
    box = page.eval_on_selector(".tc-grid", "s => { const r = s.getBoundingClientRect(); const vb = s.viewBox.baseVal;"
                                " return [r.x, r.y, r.width / vb.width, r.height / vb.height, vb.x, vb.y]; }")
    return box[0] + (sq[0] + 0.5 - box[4]) * box[2], box[1] + (sq[1] + 0.5 - box[5]) * box[3]


def tactics_on_turn(server):
    room = create(server, "tactics", ["human", "human"])
    seat = room_view(server, room, 0)["node"]["seats"][0]
    view = room_view(server, room, seat)
    moves = [d["action"][5:] for d in view["legal"] if d["action"].startswith("move:")]
    return room, seat, view, moves


def test_tactics_tap_previews_the_route_and_a_second_tap_moves(server, browser, errors):
    room, seat, view, moves = tactics_on_turn(server)
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room, seat)
    page.wait_for_selector(".tc-grid")
    actor = view["state"]["actor"]
    unit = view["state"]["units"][actor]
    dest = min((tuple(map(int, m.split(","))) for m in moves),
               key=lambda s: (abs(max(abs(s[0] - unit["x"]), abs(s[1] - unit["y"])) - 2), s))
    # squares are comfortable tap targets
    cell = page.locator(".tc-grid .tc-sq").first.bounding_box()
    assert cell["width"] >= 44 and cell["height"] >= 44
    page.eval_on_selector(".board-view", "(v, p) => { v.scrollLeft = Math.max(0, p - 100); }", int(dest[0] * cell["width"]))
    before = last_event(page)
    page.touchscreen.tap(*tactics_square(page, dest))
    assert "ft" in page.inner_text("#tc-ruler") and page.is_visible("#tc-confirm")
    page.wait_for_timeout(200)
    assert last_event(page) == before
    # a wall or a square out of reach says why not
    wall = view["state"]["map"]["walls"]
    if wall:
        page.touchscreen.tap(*tactics_square(page, wall[0]))
        assert "no move there" in page.inner_text("#tc-ruler")
        page.touchscreen.tap(*tactics_square(page, dest))
    page.touchscreen.tap(*tactics_square(page, dest))
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    after = room_view(server, room, seat)["state"]["units"][actor]
    assert (after["x"], after["y"]) == dest
    assert page.evaluate("scrollY") == 0 and page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


def contrast(page, selector: str) -> float:
    return page.eval_on_selector(selector, """e => {
        const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
        const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
        let node = e, bg = null;
        while (node && node.nodeType === 1) { const c = getComputedStyle(node).backgroundColor;
            const v = rgb(c); if (v.length < 4 || v[3] > 0) { bg = v; break; } node = node.parentElement; }
        if (!bg) bg = [255, 255, 255];
        const fg = rgb(getComputedStyle(e).color);
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        return (a + 0.05) / (b + 0.05); }""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tactics_roll_card_is_readable(server, browser, errors, scheme):
    room, seat, _, _ = tactics_on_turn(server)
    page = new_page(browser, errors, color_scheme=scheme, **WIDE)
    open_room(page, server, room, seat)
    page.wait_for_selector("#tc-card strong")
    assert contrast(page, "#tc-card") >= 4.5
    assert contrast(page, "#tc-card strong") >= 4.5
    page.context.close()


def test_kniggits_preview_refuses_a_move_towards_a_foe_it_fights(server, browser, errors):
    """Kniggits rules page: a kniggit in combat at the start may only move straight away from its foe;
    the preview says so before anything is sent, and a move away is offered."""
    room = kniggits_to_move(server, KN_NEAR)
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room)
    page.wait_for_selector('g.kniggit[data-id="A1"][role="button"]')
    a1 = kniggit(room_view(server, room, 0), "A1")
    page.locator('g.kniggit[data-id="A1"] .kn-hit').tap()
    page.touchscreen.tap(*kn_screen(page, a1["x"] + 2, a1["y"] + 0.5))  # sideways and towards B1
    assert "Not a legal move" in page.inner_text("#kn-ruler")
    assert page.is_disabled("#kn-confirm .kn-go")
    page.touchscreen.tap(*kn_screen(page, a1["x"], a1["y"] - 2))  # straight away from B1
    assert "Tap again or press Move here" in page.inner_text("#kn-ruler")
    assert page.is_enabled("#kn-confirm .kn-go")
    page.context.close()


def kniggits_fight(server) -> dict:
    """Two engaged kniggits: both players end their moves, then the fight's hands are Red's to choose."""
    room = kniggits_to_move(server, KN_NEAR)
    for _ in range(6):
        view = room_view(server, room, 0)
        if view["state"]["phase"] == "fight" and view["your_turn"]:
            return room
        seat = view["node"]["seats"][0]
        decide(server, room, seat, "end_move")
    raise AssertionError(f"no fight: {room_view(server, room, 0)['node']}")


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_fight_chosen_on_the_board_is_pointed_to_from_the_decisions(server, browser, errors, size):
    """The decision panel says the fight is chosen on the board, and its button brings the form into
    view with the focus on it (the window stays put)."""
    room = kniggits_fight(server)
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    open_room(page, server, room)
    page.wait_for_selector(".kn-fight-form")
    assert "made on the board" in page.inner_text("#actions")
    page.locator("#actions .go-board").click()
    assert page.evaluate("!!document.activeElement.closest('.kn-fight-form')")
    assert in_viewport(page, ".kn-fight-form :focus")
    assert page.evaluate("scrollY") == 0
    page.context.close()


def test_a_kniggits_replay_draws_the_table_and_its_status(server, browser, errors):
    """The replay viewer gives the board the same helpers as the game page (brawl.statusTable): the
    table is drawn, not replaced by the plain status table."""
    room = create(server, "kniggits", ["bot:heuristic", "bot:heuristic"],
                  {"table": 18, "points": 20, "turn_limit": 3, "terrain": "open"})
    wait_until(lambda: room_view(server, room)["over"], timeout=60)
    page = new_page(browser, errors, **WIDE)
    failures = []  # script errors, and refused requests but the review's (this server works none out)
    page.on("console", lambda m: failures.append(m.text) if m.type == "error"
            and not m.text.startswith("Failed to load resource") else None)
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400
            and not r.url.split("?")[0].endswith("/review") else None)
    page.goto(f"{server}/replay/{room['room']}")
    page.wait_for_selector("body[data-step]")
    page.click("#last")
    page.wait_for_function("() => document.body.dataset.step !== '0'")
    assert page.locator("svg.kn-table g.kniggit").count() >= 1
    assert page.locator("#kn-status table.status").count() == 1
    assert failures == []
    page.context.close()
