"""Every page at 360 px (no sideways scrolling, tables whole), an accessibility check with axe-core
(no serious or critical violation, light and dark), and the lobby speaking to players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web.conftest import GAMES, create, new_page, open_room, room_view

pytestmark = pytest.mark.browser

NARROW = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
SEATS = {"ktog": ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"], "rps": ["human", "bot:random"]}
OPTIONS = {"ktog": {"players": 4}}


def game_room(server, game):
    return create(server, game, SEATS.get(game, ["human", "bot:heuristic"]), OPTIONS.get(game))


def overflow(page) -> list[str]:
    """What sticks out sideways: the page itself, or a table or list cut off by its box."""
    return page.evaluate("""() => {
        const out = [];
        const w = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > w) out.push(`page ${document.documentElement.scrollWidth} > ${w}`);
        for (const t of document.querySelectorAll('table.status, select, #action-buttons, .turn')) {
            const r = t.getBoundingClientRect();
            if (r.width && r.right > w + 1) out.push(`${t.tagName}#${t.id}.${t.className} ends at ${r.right}`);
            const box = t.parentElement;
            if (t.tagName === 'TABLE' && box.scrollWidth > box.clientWidth + 1) out.push(`table cut: ${box.scrollWidth} > ${box.clientWidth}`);
        }
        return out; }""")


def pages(server):
    yield "lobby", "/"
    for game in GAMES:
        yield f"rules-{game}", f"/rules/{game}"


@pytest.mark.parametrize("game", GAMES)
def test_no_sideways_overflow_at_360_px_on_a_game_page(server, browser, errors, game):
    page = new_page(browser, errors, **NARROW)
    open_room(page, server, game_room(server, game))
    page.wait_for_timeout(300)
    assert overflow(page) == []
    page.context.close()


def test_no_sideways_overflow_at_360_px_on_the_lobby_and_the_rules(server, browser, errors):
    page = new_page(browser, errors, **NARROW)
    for _, path in pages(server):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        assert overflow(page) == [], path
    page.context.close()


axe = pytest.importorskip("axe_playwright_python")
AXE = (Path(axe.__file__).parent / "axe.min.js").read_text()


def serious(page) -> list[str]:
    page.add_script_tag(content=AXE)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:3])})"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(server, browser, errors, scheme):
    page = new_page(browser, errors, color_scheme=scheme, reduced_motion="reduce", bypass_csp=True, **NARROW)
    found = {}
    for name, path in pages(server):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        found[name] = serious(page)
    for game in GAMES:
        open_room(page, server, game_room(server, game))
        page.wait_for_timeout(300)
        found[game] = serious(page)
    assert {k: v for k, v in found.items() if v} == {}
    page.context.close()


def test_the_lobby_shows_descriptions_and_option_titles(server, browser, errors):
    page = new_page(browser, errors, viewport={"width": 1280, "height": 800})

    def described(route):
        games = route.fetch().json()
        for g in games:
            g["description"] = f"A game called {g['title']}."
            for name, prop in g["options_schema"].get("properties", {}).items():
                prop["title"] = f"The {name} setting"
                prop["description"] = f"What {name} changes."
        route.fulfill(json=games)

    page.route("**/api/games", described)
    page.goto(server + "/?game=krig")
    page.wait_for_selector("#opt-hp")
    assert "A game called Krig." in page.inner_text("#game-title")
    assert page.inner_text("label[for=opt-hp]") == "The hp setting"
    assert "What hp changes." in page.inner_text("#options")
    assert page.get_attribute("#opt-hp", "aria-describedby") == "opt-hp-help"
    assert "(krig)" not in page.inner_text("#game")  # names for people, not code words
    page.context.close()


@pytest.mark.parametrize("game", ["rps", "krig"])
def test_dice_and_hints_only_where_the_game_has_them(server, browser, errors, game):
    room = game_room(server, game)
    view = room_view(server, room, 0)
    page = new_page(browser, errors, viewport={"width": 1280, "height": 800})
    open_room(page, server, room)
    page.locator("#settings-panel summary").click()
    assert page.is_visible("#commitment") == view["dice"]
    assert page.is_visible("#show-hints") == view["hints"]
    assert page.is_visible("#animate") == view["dice"]
    # the lobby likewise: no dice commitment for a game without dice
    page.goto(server + f"/?game={game}")
    page.wait_for_selector("#seat-1")
    page.click("#create-button")
    page.wait_for_selector(".play-link")
    assert page.is_visible("#commitment") == view["dice"]
    page.context.close()


def test_player_names_and_presence_are_shown_as_text(server, browser, errors):
    room = create(server, "krig", ["human", "human"])
    page = new_page(browser, errors, viewport={"width": 1280, "height": 800})

    def named(route):
        response = route.fetch()
        body = response.json()
        view = body.get("view", body) if isinstance(body, dict) else None  # the page's first frame holds a view
        if isinstance(view, dict) and "seats" in view and "state" in view:
            view["seats"][1]["player"] = "<b>Ana</b>"
            view["seats"][1]["presence"] = "away"
        route.fulfill(response=response, body=json.dumps(body))

    page.route("**/api/rooms/*", named)
    page.route("**/play/*/first", named)
    page.add_init_script("window.WebSocket = function () { return {send() {}, close() {}, readyState: 0}; };"
                         "window.WebSocket.OPEN = 1;")
    page.goto(server + room["seats"][0]["invite"])
    page.wait_for_selector("table.status")
    row = page.inner_text("table.status tbody tr:nth-child(2) th")
    assert "<b>Ana</b> (Moon)" in row and "away" in row  # escaped: the name is text, not markup
    assert page.locator("table.status b").count() == 0
    page.context.close()
