"""Browser tests of the web pages: one live server and one headless Chromium per test module."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():  # pragma: no cover - scripts/setup.sh installs it
    pytest.skip("Debian's chromium is not installed (scripts/setup.sh installs it)", allow_module_level=True)

httpx = pytest.importorskip("httpx")
sync_api = pytest.importorskip("playwright.sync_api")

from brawl.server.app import create_app  # noqa: E402
from brawl.server.settings import Settings  # noqa: E402
from tests.server.test_browser import LiveServer  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
WIDE = {"viewport": {"width": 1280, "height": 800}}
GAMES = ["kniggits", "krig", "ktog", "rps", "tactics"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    # accounts' passwords hashed cheaply and at the normal priority: at the default idle priority a
    # hash waits for a core the test run leaves free, and a log-in took half a minute
    settings = Settings(db_url=f"sqlite:///{db}", bot_delay=0, argon2_profile="CHEAPEST", hash_priority="normal")
    with LiveServer(create_app(settings=settings)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        yield b
        b.close()


@pytest.fixture
def errors():
    """Uncaught script errors of the pages a test opened (checked at the end of the test)."""
    seen: list[str] = []
    yield seen
    assert not seen, seen


def new_page(browser, errors, **options):
    context = browser.new_context(**options)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    return page


def create(url: str, game: str, seats: list[str], options: dict | None = None) -> dict:
    r = httpx.post(url + "/api/rooms", json={"game": game, "seats": seats, "options": options or {}})
    assert r.status_code == 201, r.text
    return r.json()


def room_view(url: str, room: dict, seat: int | None = None) -> dict:
    headers = {"X-Seat-Token": room["seats"][seat]["token"]} if seat is not None else {}
    return httpx.get(f"{url}/api/rooms/{room['room']}", headers=headers).json()


def decide(url: str, room: dict, seat: int, action: str) -> dict:
    r = httpx.post(f"{url}/api/rooms/{room['room']}/decisions",
                   json={"token": room["seats"][seat]["token"], "action": action})
    assert r.status_code == 200, r.text
    return r.json()


def wait_until(check, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.05)


def open_room(page, url: str, room: dict, seat: int | None = 0) -> None:
    page.goto(url + (room["seats"][seat]["invite"] if seat is not None else room["spectate"]))
    page.wait_for_selector(".connection.ok")
    page.wait_for_function("() => document.body.dataset.last !== undefined")


def last_event(page) -> int:
    return int(page.evaluate("document.body.dataset.last"))


def in_viewport(page, selector: str, settle: float = 3.0) -> bool:
    """The element's box is at least partly inside the window once the page has drawn the latest
    update (a board redrawn at that moment is given ``settle`` seconds to be back)."""
    check = """sel => { const e = document.querySelector(sel); if (!e) return false; const r = e.getBoundingClientRect();
        return r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; }"""
    try:
        page.wait_for_function(check, arg=selector, timeout=settle * 1000)
        return True
    except sync_api.TimeoutError:
        return False


# Kniggits on a 12-inch table: two kniggits far apart, Red (seat 0) to move after the fight for initiative
KN_OPTIONS = {"terrain": "open", "table": 12, "points": 20, "turn_limit": 8}
KN_FAR = ("army:5/3/2@6,1.5", "army:5/3/2@6,10.5")
KN_NEAR = ("army:3/3/3@6.25,5.25", "army:3/3/3@6.25,6.75")


def kniggits_to_move(url: str, armies=KN_FAR) -> dict:
    room = create(url, "kniggits", ["human", "human"], KN_OPTIONS)
    for seat, action in ((0, armies[0]), (1, armies[1]), (0, "rock"), (1, "scissors"), (0, "rock"), (1, "scissors")):
        decide(url, room, seat, action)
    view = room_view(url, room, 0)
    assert view["your_turn"] and view["state"]["phase"] == "move", view["node"]
    return room
