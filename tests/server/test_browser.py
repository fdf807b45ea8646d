"""End to end in headless Chromium: a real uvicorn server, people playing through invite links."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():  # pragma: no cover - CI installs it in scripts/setup.sh
    pytest.skip("Debian's chromium is not installed (scripts/setup.sh installs it)", allow_module_level=True)

uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from brawl.server.app import create_app  # noqa: E402
from tests.shots import shot as keep_shot  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The app under a real uvicorn server on a free port, in a thread.

    Its background reviews are off: every page that reaches a game's end asks for the game's review,
    and an estimated one would start a process of its own that plays for seconds, compiles the game's
    kernel on a fresh machine, and outlives the test.  (The review tests ask the app itself, or show
    the page a review they made.)"""

    def __init__(self, app) -> None:
        app.state.settings.background_reviews = False
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def server(tmp_path):
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'browser.sqlite3'}", bot_delay=0)) as url:
        yield url


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        yield b
        b.close()


def shot(page, name: str) -> None:
    keep_shot(page, name, full_page=True)  # the whole page: these follow a game to its end


def watch_errors(page, errors: list) -> None:
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))


def enabled_actions(page) -> list[str]:
    return page.eval_on_selector_all("#action-buttons button.action:not([disabled])",
                                     "bs => bs.map(b => b.dataset.action)")


def last_event(page) -> int:
    return int(page.evaluate("document.body.dataset.last"))


def log_lines(page) -> list[str]:
    return page.eval_on_selector_all("#log li", "ls => ls.map(l => l.textContent)")


def test_two_browsers_play_krig_with_a_spectator_and_a_reload(server, browser):
    """Issue 4: two browser contexts play a whole Krig game through invite links made in the lobby,
    a spectator watches, and one player reloads mid-game and carries on."""
    errors: list[str] = []
    host = browser.new_context(viewport={"width": 1100, "height": 900})
    lobby = host.new_page()
    watch_errors(lobby, errors)
    lobby.goto(server + "/")
    lobby.select_option("#game", "krig")
    lobby.fill("#opt-hp", "12")
    lobby.select_option("#seat-0", "human")
    lobby.select_option("#seat-1", "human")
    lobby.click("#create-button")
    lobby.wait_for_selector(".play-link")
    links = lobby.eval_on_selector_all(".play-link", "as => as.map(a => a.href)")
    watch = lobby.get_attribute(".watch-link", "href")
    assert len(links) == 2 and all("#t=" in link for link in links)
    shot(lobby, "lobby-links")

    sun = lobby  # the creator plays Sun in the same context
    sun.goto(links[0])
    moon_ctx = browser.new_context(viewport={"width": 390, "height": 800}, reduced_motion="reduce")
    moon = moon_ctx.new_page()
    watch_errors(moon, errors)
    moon.goto(links[1])
    spectator = browser.new_context().new_page()
    watch_errors(spectator, errors)
    spectator.goto(watch)
    for page in (sun, moon, spectator):
        page.wait_for_selector(".connection.ok")
    assert "You are Sun" in sun.text_content("#who") and "You are Moon" in moon.text_content("#who")
    assert "spectator" in spectator.text_content("#who")
    assert spectator.is_hidden("#actions")
    assert sun.is_checked("#animate") and not moon.is_checked("#animate")  # off under prefers-reduced-motion

    decisions = 0
    reloaded = False
    deadline = time.monotonic() + 90
    while not (sun.is_visible("#end") and moon.is_visible("#end")):
        assert time.monotonic() < deadline, "the game did not finish"
        acted = False
        for page in (sun, moon):
            actions = enabled_actions(page)
            if actions:
                pick = "attack" if "attack" in actions else "take" if "take" in actions else actions[0]
                before = last_event(page)
                page.click(f"#action-buttons button[data-action={pick}]")
                decisions += 1
                acted = True
                page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
        if decisions >= 2 and not reloaded:
            before = log_lines(moon)
            moon.reload()
            moon.wait_for_selector(".connection.ok")
            after = log_lines(moon)
            assert after[:len(before)] == before, "the reloaded page lost its history"
            reloaded = True
            shot(moon, "moon-after-reload")
        if not acted:
            time.sleep(0.05)
    assert reloaded and decisions >= 3
    titles = {sun.text_content("#end-title"), moon.text_content("#end-title")}
    assert titles == {"You won!", "You lost"}
    spectator.wait_for_selector("#turn.over")
    assert "Game over" in spectator.text_content("#turn")
    public = [line for line in log_lines(sun)]
    spectator.wait_for_function(f"() => document.querySelectorAll('#log li').length >= {len(public)}")
    assert log_lines(spectator) == public  # Krig has no hidden information: everyone reads the same log
    assert sun.text_content("#seed") and len(sun.text_content("#commitment")) == 64
    shot(sun, "sun-end")
    shot(moon, "moon-end-phone")
    assert moon.evaluate("document.documentElement.scrollWidth") <= 390  # fits a phone-sized screen
    assert errors == []


def test_keyboard_play_against_a_bot_then_rematch(server, browser):
    """Issue 4: keyboard playable (number keys pick a decision), against a bot on the server,
    on a phone-sized screen; the end offers a rematch."""
    errors: list[str] = []
    page = browser.new_context(viewport={"width": 375, "height": 740}).new_page()
    watch_errors(page, errors)
    page.goto(server + "/?game=krig")
    page.wait_for_selector("#opt-hp")
    # 7 hit points: a bot that opens the rematch cannot end it before this seat decides (a critical
    # deals at most 6, and a charge gives up the turn first), so the rematch is a game in play
    page.fill("#opt-hp", "7")
    page.select_option("#seat-1", "bot:attacker")
    page.focus("#create-button")
    page.keyboard.press("Enter")
    page.wait_for_selector(".play-link")
    page.click(".play-link")
    page.wait_for_selector(".connection.ok")
    deadline = time.monotonic() + 60
    while not page.is_visible("#end"):
        assert time.monotonic() < deadline, "the game did not finish"
        if enabled_actions(page):
            before = last_event(page)
            page.keyboard.press("1")
            page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
        else:
            time.sleep(0.05)
    assert page.text_content("#end-title") in ("You won!", "You lost")
    rolls = page.eval_on_selector_all("#log li.roll", "ls => ls.length")
    assert rolls >= 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert page.get_attribute("#log", "aria-live") == "polite"
    shot(page, "keyboard-end")
    old = page.url
    page.click("#rematch")
    page.wait_for_url(lambda url: url != old and "/play/" in url)
    page.wait_for_selector(".connection.ok")
    assert not page.is_visible("#end")
    assert "You are Sun" in page.text_content("#who")
    assert errors == []


RENDERER = """
brawl.registerRenderer("pointgame", {
  mount(root, ctx) {
    const svg = ctx.svg("svg", { viewBox: "0 0 10 10", width: "200", height: "200", id: "table", role: "img",
                                 "aria-label": "the table" });
    svg.append(ctx.svg("rect", { x: 0, y: 0, width: 10, height: 10, fill: "#eee" }));
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const x = ((e.clientX - box.left) / box.width * 10).toFixed(1);
      const y = ((e.clientY - box.top) / box.height * 10).toFixed(1);
      ctx.decide(`${x},${y}`).catch(() => {});
    });
    root.append(svg, ctx.el("p", { id: "placed" }, ""));
  },
  update(view, ctx) {
    document.getElementById("placed").textContent = `points placed: ${view.state.points.length}`;
  },
});
"""


def test_game_renderer_plug_in_and_free_form_decisions(tmp_path, monkeypatch, browser):
    """DEVELOPERS Web renderers: a game's static/games/<game>.js draws the table and posts free-form
    decisions (a clicked point) through ctx.decide; the typed decision field is judged by the rules."""
    import shutil
    import sys
    import types

    import brawl.server.app as server_app
    from brawl.games import register

    from .conftest import unregister

    static = tmp_path / "static"
    shutil.copytree(server_app.STATIC, static)
    (static / "games").mkdir(exist_ok=True)
    (static / "games" / "pointgame.js").write_text(RENDERER)
    monkeypatch.setattr(server_app, "STATIC", static)
    monkeypatch.setitem(sys.modules, "brawl.games.pointgame", types.ModuleType("brawl.games.pointgame"))
    register("pointgame", "tests.server.pointgame:PointGame")
    try:
        app = server_app.create_app(f"sqlite:///{tmp_path / 'plug.sqlite3'}", bot_delay=0)
        with LiveServer(app) as url:
            import httpx
            room = httpx.post(url + "/api/rooms", json={"game": "pointgame", "seats": ["human", "human"]}).json()
            page = browser.new_page()
            errors: list[str] = []
            watch_errors(page, errors)
            page.goto(url + room["seats"][0]["invite"])
            page.wait_for_selector(".connection.ok")
            assert page.text_content("#placed") == "points placed: 0"
            page.click("#free-more > summary")  # with a board, typing is the keyboard's way in, behind a disclosure
            page.fill("#free-action", "11,2")
            page.press("#free-action", "Enter")
            page.wait_for_selector("#error:not([hidden])")
            assert "off the table" in page.text_content("#error")
            assert last_event(page) == -1
            page.click("#table", position={"x": 50, "y": 150})
            page.wait_for_function("() => Number(document.body.dataset.last) >= 1")
            assert page.text_content("#placed") == "points placed: 1"
            events = httpx.get(url + f"/api/rooms/{room['room']}/events").json()["events"]
            assert events[0]["action"] == "2.5,7.5"
            assert errors == []
    finally:
        unregister("pointgame")


def test_page_reconnects_after_a_server_restart_and_catches_up(tmp_path, browser):
    """Issue 4: the server stops mid-game and starts again on the same database; the open page
    reconnects by itself, gets only the events it missed (by event number) and play goes on."""
    import httpx

    db = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    first = LiveServer(create_app(db, bot_delay=0))
    url = first.__enter__()
    try:
        room = httpx.post(url + "/api/rooms", json={"game": "krig", "options": {"hp": 20},
                                                    "seats": ["human", "human"]}).json()
        page = browser.new_page()
        errors: list[str] = []
        watch_errors(page, errors)
        on_turn = httpx.get(url + f"/api/rooms/{room['room']}").json()["node"]["seats"][0]
        seat = room["seats"][on_turn]
        page.goto(url + seat["invite"])
        page.wait_for_selector(".connection.ok")
        before = last_event(page)
        page.click("#action-buttons button[data-action=defend]")
        page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    finally:
        first.__exit__()
    page.wait_for_selector(".connection.down")
    other = room["seats"][1 - on_turn]["token"]
    second = LiveServer(create_app(db, bot_delay=0))
    second.port = first.port  # the page reconnects to the same address
    second.server.config.port = first.port
    with second:
        # while the page was away the other player moved (over HTTP)
        r = httpx.post(url + f"/api/rooms/{room['room']}/decisions", json={"token": other, "action": "attack"})
        assert r.status_code == 200, r.text
        page.wait_for_selector(".connection.ok", timeout=15000)
        server_last = httpx.get(url + f"/api/rooms/{room['room']}").json()["last"]
        page.wait_for_function(f"() => Number(document.body.dataset.last) === {server_last}")
        numbers = page.eval_on_selector_all("#log li", "ls => ls.length")
        public = httpx.get(url + f"/api/rooms/{room['room']}/events").json()["events"]
        assert numbers == sum(len(e["log"]) for e in public)  # nothing lost, nothing twice
        assert errors == []
