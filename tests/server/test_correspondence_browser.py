"""Issue 41, points 2 and 6: a correspondence KtOG of three accounts in headless Chromium at a
phone's size and a desktop's: each player whose decision is open finds the game at the top of
/games with its days left (the header counts it), opens its seat from there and decides; when a
player lets the time pass (a clock the test holds), that player loses and the game ends."""

from __future__ import annotations

import re
import time

import httpx
import pytest

from brawl.server import clocks as clocks_module
from brawl.server import correspondence as corr
from brawl.server.app import create_app
from brawl.server.settings import Settings

from .test_browser import CHROMIUM, LiveServer, keep_shot, sync_api  # noqa: F401
from .test_correspondence import Clock

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(clocks_module, "time", c)
    return c


@pytest.mark.parametrize("size", sorted(SIZES))
def test_three_accounts_play_from_their_games_list_and_one_runs_out(tmp_path, clock, size):
    app = create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'b.sqlite3'}", bot_delay=0,
                                       argon2_profile="CHEAPEST", signups_per_hour=10_000))
    width, height = SIZES[size]
    with LiveServer(app) as url, sync_api.sync_playwright() as p:
        names = ["Ann", "Bob", "Cy"]
        apis = []
        for name in names:
            c = httpx.Client(base_url=url)
            r = c.post("/api/accounts", json={"username": name, "password": "correct horse"})
            assert r.status_code == 201, r.text
            c.headers["X-CSRF-Token"] = r.json()["csrf"]
            apis.append(c)
        r = apis[0].post("/api/rooms", json={"game": "ktog", "options": {"players": 3}, "seats": ["human"] * 3,
                                              "time_control": {"mode": "correspondence", "days": 3}})
        room = r.json()
        for seat, c in enumerate(apis):
            token = room["seats"][seat]["token"]
            assert c.post(f"/api/rooms/{room['room']}/account", json={"token": token}).status_code == 200
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        pages = {}
        for name in names:
            ctx = browser.new_context(viewport={"width": width, "height": height})
            page = ctx.new_page()
            assert page.request.post(f"{url}/api/session", data={"username": name, "password": "correct horse"}).ok
            pages[name] = page
        decided = 0
        for _ in range(3):  # three decisions, each made by the player it waits for, from /games
            waiting = apis[0].get(f"/api/rooms/{room['room']}").json()["node"]["seats"]
            name = names[waiting[0]]
            page = pages[name]
            page.goto(f"{url}/")
            page.wait_for_selector("#my-games-waiting")
            assert page.inner_text("#my-games-waiting").strip() == "(1)"  # the header counts the game waiting
            page.goto(f"{url}/games")
            first = page.locator("#games-list li").first
            first.wait_for()
            assert "3 days left" in first.inner_text() or "2 days left" in first.inner_text()
            if decided == 0:
                keep_shot(page, f"correspondence-games-{size}")
            first.get_by_role("button", name="Open").click()
            page.wait_for_url(re.compile(r"/play/.*#t="))
            token = page.url.split("#t=")[1].split("&")[0]
            view = apis[0].get(f"/api/rooms/{room['room']}", headers={"X-Seat-Token": token}).json()
            assert view["seat"] == waiting[0] and view["your_turn"]
            button = page.locator("#action-buttons button").first
            button.wait_for()
            if decided == 0:
                keep_shot(page, f"correspondence-seat-{size}")
            button.click()  # the decision made on the page opened from the list
            deadline = time.monotonic() + 20
            while apis[0].get(f"/api/rooms/{room['room']}").json()["last"] == view["last"]:
                assert time.monotonic() < deadline, "the decision was not made"
                time.sleep(0.05)
            decided += 1
            clock.now += 86_400  # a day passes between decisions
        late = apis[0].get(f"/api/rooms/{room['room']}").json()["node"]["seats"]
        clock.now += 3 * 86_400 + 1
        corr.sweep(app.state.hub)
        end = apis[0].get(f"/api/rooms/{room['room']}").json()
        assert end["over"] and not set(late) & set(end["winners"]) and "ran out of time" in end["ended"]
        page = pages[names[late[0]]]
        page.goto(f"{url}/games")
        page.locator("#games-who", has_text="No games in progress").wait_for()  # the ended game left the list
        keep_shot(page, f"correspondence-games-empty-{size}")
        # issue 41, point 3: the notification settings on the same page, each change kept at once
        page.locator("#notify-digest").check()
        page.locator("#notify-status", has_text="Saved.").wait_for()
        who = names[late[0]]
        assert apis[late[0]].get("/api/me/notifications").json()["digest"] is True, who
        page.locator("#notify").scroll_into_view_if_needed()
        keep_shot(page, f"correspondence-notify-{size}")
        browser.close()


def test_a_guest_sees_the_games_of_this_browser(tmp_path, clock):
    """Issue 41, point 2: a guest's /games lists the games this browser created (the lobby's recent
    games), the one waiting for its seat first, and opens the seat from there."""
    import json

    app = create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'g.sqlite3'}", bot_delay=0))
    with LiveServer(app) as url, sync_api.sync_playwright() as p:
        made = httpx.post(f"{url}/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                                    "time_control": {"mode": "correspondence", "days": 7}}).json()
        recent = [{"room": made["room"], "game": "krig", "title": "Krig", "at": "2026-01-01T00:00:00Z",
                   "spectate": made["spectate"],
                   "seats": [{"name": s["name"], "kind": s["kind"], "bot": s["bot"], "invite": s["invite"]} for s in made["seats"]]}]
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.add_init_script(f"localStorage.setItem('brawl.recent-rooms', {json.dumps(json.dumps(recent))});")
        page.goto(f"{url}/games")
        rows = page.locator("#games-list li")
        rows.first.wait_for()
        assert rows.count() == 2  # both seats of this browser
        assert "7 days left" in rows.first.inner_text()
        rows.first.get_by_role("link", name="Open").click()
        page.wait_for_url(re.compile(r"/play/.*#t="))
        browser.close()
