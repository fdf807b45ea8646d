"""Issue 41, point 3, in headless Chromium at a phone's size and a desktop's: with the account's
"system notification" setting on, any brawl page (a game page, the puzzles) shows a system notification
(the Notification API) when another game newly waits for the player, never for the game open in
front of them (this page's, or one whose page is open elsewhere); and a game page shows that
another seat's account is on leave, and until when.  The page's timers run on a clock the test
holds (Playwright's), the server's on the test's own: nothing sleeps."""

from __future__ import annotations

import time

import httpx
import pytest

from brawl.server import clocks as clocks_module
from brawl.server.app import create_app
from brawl.server.settings import Settings

from .test_browser import CHROMIUM, LiveServer, keep_shot, sync_api  # noqa: F401
from .test_correspondence import Clock

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}

# the Notification API as the page sees it, each notification kept for the test to read
FAKE_NOTIFICATION = """
window.__notes = [];
window.Notification = class {
  constructor(title, options) { window.__notes.push(Object.assign({ title }, options || {})); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
"""


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(clocks_module, "time", c)
    return c


def account(url: str, name: str) -> httpx.Client:
    c = httpx.Client(base_url=url)
    r = c.post("/api/accounts", json={"username": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    c.headers["X-CSRF-Token"] = r.json()["csrf"]
    return c


def game_for(ann: httpx.Client, bob: httpx.Client) -> tuple[str, int, str]:
    """A correspondence KtOG of two where Bob decides first: (room, Ann's seat, Ann's token)."""
    r = bob.post("/api/rooms", json={"game": "ktog", "options": {"players": 2}, "seats": ["human", "human"],
                                     "time_control": {"mode": "correspondence", "days": 3}})
    assert r.status_code == 201, r.text
    room = r.json()
    first = bob.get(f"/api/rooms/{room['room']}").json()["node"]["seats"][0]
    tokens = {s["seat"]: s["token"] for s in room["seats"]}
    assert bob.post(f"/api/rooms/{room['room']}/account", json={"token": tokens[first]}).status_code == 200
    assert ann.post(f"/api/rooms/{room['room']}/account", json={"token": tokens[1 - first]}).status_code == 200
    return room["room"], 1 - first, tokens[1 - first], tokens[first]


def until_ann(bob: httpx.Client, room: str, ann_seat: int, bob_token: str) -> None:
    """Bob decides (no spell at a Mighty Blow) until the game waits for Ann."""
    for _ in range(20):
        v = bob.get(f"/api/rooms/{room}", headers={"X-Seat-Token": bob_token}).json()
        if ann_seat in v["node"]["seats"] or v["over"]:
            break
        legal = [d["action"] for d in v["legal"]]
        action = "none" if "none" in legal else legal[0]
        assert bob.post(f"/api/rooms/{room}/decisions", json={"token": bob_token, "action": action}).status_code == 200
    assert ann_seat in bob.get(f"/api/rooms/{room}").json()["node"]["seats"]


def wait(page, condition, seconds: float = 20.0) -> None:
    """Wait until ``condition()`` holds, asked from here (the page's own timers are the test's
    clock); Playwright's own wait lets the page's events come in meanwhile."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        page.wait_for_timeout(50)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_system_notification_for_another_game_and_a_seat_on_leave(tmp_path, clock, size):
    app = create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'n.sqlite3'}", bot_delay=0,
                                       argon2_profile="CHEAPEST", hash_priority="normal", signups_per_hour=10_000))
    width, height = SIZES[size]
    with LiveServer(app) as url, sync_api.sync_playwright() as p:
        ann, bob = account(url, "Ann"), account(url, "Bob")
        assert ann.put("/api/me/notifications", json={"system": True}).status_code == 200
        here, here_seat, here_token, here_bob = game_for(ann, bob)  # the game Ann has in front of her
        other, other_seat, _, other_bob = game_for(ann, bob)  # a game she has no page of
        elsewhere, elsewhere_seat, elsewhere_token, elsewhere_bob = game_for(ann, bob)  # open in another tab
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.add_init_script(FAKE_NOTIFICATION)
        page = ctx.new_page()
        looks = []  # the page's looks at the games waiting for Ann
        page.on("requestfinished", lambda r: looks.append(r.url) if r.url.endswith("/api/me/games") else None)
        puzzles = ctx.new_page()  # a page of no game: it tells of every game but those open in front of Ann
        puzzle_looks = []
        puzzles.on("requestfinished", lambda r: puzzle_looks.append(r.url) if r.url.endswith("/api/me/games") else None)
        assert page.request.post(f"{url}/api/session", data={"username": "Ann", "password": "correct horse"}).ok
        ctx.clock.install()  # the pages' timers (one clock for the context's pages)
        puzzles.goto(f"{url}/puzzles")
        tab = ctx.new_page()
        tab.goto(f"{url}/play/{elsewhere}#t={elsewhere_token}")
        page.goto(f"{url}/play/{here}#t={here_token}")
        page.locator("#people .person").first.wait_for()
        tab.locator("#people .person").first.wait_for()
        wait(page, lambda: len(looks) == 1)
        wait(puzzles, lambda: len(puzzle_looks) == 1)
        # a first look (no notification: nothing is new to the page yet); then all three wait for Ann
        for room, seat, bob_token in ((here, here_seat, here_bob), (other, other_seat, other_bob),
                                      (elsewhere, elsewhere_seat, elsewhere_bob)):
            until_ann(bob, room, seat, bob_token)
        ctx.clock.run_for(61_000)  # the pages' next look at the games waiting
        wait(page, lambda: len(looks) == 2)
        wait(page, lambda: page.evaluate("window.__notes.length") > 0)
        notes = page.evaluate("window.__notes")
        assert [n["tag"] for n in notes] == [other], notes  # neither the game in front nor the one open elsewhere
        assert notes[0]["body"].startswith("Your turn in KtOG") and "Bob" in notes[0]["body"]
        wait(puzzles, lambda: len(puzzle_looks) == 2)
        wait(puzzles, lambda: puzzles.evaluate("window.__notes.length") > 0)
        assert [n["tag"] for n in puzzles.evaluate("window.__notes")] == [other]
        # Bob goes on leave: Ann's game page says so, and until when
        r = bob.post("/api/me/leave", json={"days": 7})
        assert r.status_code == 200, r.text
        mark = page.locator("#people .on-leave")
        mark.wait_for()
        assert mark.get_attribute("data-seat") == str(1 - here_seat) and "on leave until" in mark.inner_text()
        keep_shot(page, f"correspondence-on-leave-{size}")
        browser.close()
