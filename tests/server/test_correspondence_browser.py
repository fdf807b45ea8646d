"""Issue 41, points 1, 2 and 6: a rated correspondence KtOG of three accounts in headless Chromium
at a phone's size and a desktop's: each player whose decision is open is told (the header counts the
game waiting) and finds the game at the top of /games with its days left, opens its seat from there
and decides; when a player lets the time pass (a clock the test holds), that player falls, the two
others play on from their lists, and the game ends with one of them winning; the ratings rank the
three by the order they fell."""

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
DAY = 86_400


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(clocks_module, "time", c)
    return c


def choose(page, seat: int, before_the_fall: bool):
    """The button of the decision to make: Cure on oneself before anyone fell (nobody is hurt), then
    an attack (bare-handed when the dice disarmed the player: rule 2, Disarmed Combat), and no
    spell at a Dodge or a Mighty Blow (the game ends sooner)."""
    buttons = page.locator("#action-buttons button.action")
    buttons.first.wait_for()
    actions = [b.get_attribute("data-action") for b in buttons.all()]
    wanted = [f"cure:{seat + 1}"] if before_the_fall else []
    wanted += [a for a in actions if a.startswith(("attack:", "fight:"))] + ["none"]
    action = next(a for a in wanted if a in actions)
    return page.locator(f'#action-buttons button.action[data-action="{action}"]')


@pytest.mark.parametrize("size", sorted(SIZES))
def test_three_accounts_play_from_their_games_list_and_one_runs_out(tmp_path, clock, size):
    app = create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'b.sqlite3'}", bot_delay=0,
                                       argon2_profile="CHEAPEST", hash_priority="normal", signups_per_hour=10_000))
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
        # a rated game; one hit point each and hits on 2 or more: once a player has fallen, it ends in a few decisions
        r = apis[0].post("/api/rooms", json={"game": "ktog", "options": {"players": 3, "hp": 1, "to_hit": 2},
                                              "seats": ["human"] * 3, "rated": True,
                                              "time_control": {"mode": "correspondence", "days": 3}})
        assert r.status_code == 201, r.text
        room = r.json()
        for seat in (1, 2):  # the other seats taken by their accounts' own joins
            assert apis[seat].post(f"/api/rooms/{room['room']}/join", json={"seat": seat}).status_code == 200
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        pages = {}
        for name in names:
            ctx = browser.new_context(viewport={"width": width, "height": height})
            page = ctx.new_page()
            assert page.request.post(f"{url}/api/session", data={"username": name, "password": "correct horse"}).ok
            pages[name] = page
        state = lambda: apis[0].get(f"/api/rooms/{room['room']}").json()  # noqa: E731

        def turn(shots: str | None = None) -> None:
            """The player the game waits for is told (the header), opens the game from /games, decides."""
            waiting = state()["node"]["seats"]
            name = names[waiting[0]]
            page = pages[name]
            page.goto(f"{url}/games")
            page.wait_for_selector("#my-games-waiting")
            assert page.inner_text("#my-games-waiting").strip() == "(1)"  # the header counts the game waiting
            first = page.locator("#games-list li").first
            first.wait_for()
            assert re.search(r"[23] days left", first.inner_text())
            if shots:
                keep_shot(page, f"correspondence-games-{shots}-{size}")
            first.get_by_role("button", name="Open").click()
            page.wait_for_url(re.compile(r"/play/.*#t="))
            token = page.url.split("#t=")[1].split("&")[0]
            view = apis[0].get(f"/api/rooms/{room['room']}", headers={"X-Seat-Token": token}).json()
            assert view["seat"] == waiting[0] and view["your_turn"]
            button = choose(page, waiting[0], all(view["state"]["up"]))
            mark = page.locator("#rated-mark")
            mark.wait_for()
            assert "3 days a decision" in mark.inner_text() and "away limit" not in mark.inner_text()  # days: no away limit
            if shots:
                keep_shot(page, f"correspondence-seat-{shots}-{size}")
            button.click()  # the decision made on the page opened from the list
            deadline = time.monotonic() + 20
            while state()["last"] == view["last"]:
                assert time.monotonic() < deadline, "the decision was not made"
                time.sleep(0.05)
            clock.now += DAY  # a day passes between decisions

        turn("first")
        turn()
        late = state()["node"]["seats"][0]
        clock.now += 3 * DAY + 1  # the third player lets the days pass
        corr.sweep(app.state.hub)
        after = state()
        assert not after["over"] and not after["state"]["up"][late] and after["node"]["seats"][0] != late
        # the fallen player's page says so, and the game is no longer theirs to decide
        page = pages[names[late]]
        page.goto(f"{url}/games")
        page.locator("#games-list li").first.wait_for()
        assert page.locator("#my-games-waiting").count() == 0
        page.locator("#games-list li").first.get_by_role("button", name="Open").click()
        page.wait_for_url(re.compile(r"/play/.*#t="))
        line = page.locator("#log li", has_text="ran out of time and is out")
        line.wait_for(state="attached")
        assert names[late] in line.text_content(), line.text_content()
        line.scroll_into_view_if_needed()
        page.locator(f'#people .pclock[data-seat="{late}"]', has_text="out").wait_for()  # its clock counts no more
        keep_shot(page, f"correspondence-fallen-{size}")
        for _ in range(12):  # the two others play on to the end
            if state()["over"]:
                break
            turn("on" if _ == 0 else None)
        end = state()
        assert end["over"] and end["winners"] and late not in end["winners"] and end["ended"] is None
        record = apis[0].get(f"/api/rooms/{room['room']}/record").json()
        assert {"seat": late, "forfeit": "time"} in record["entries"]
        # rated: the winner first, the one who fell on time last
        ratings = {}
        deadline = time.monotonic() + 30
        while len(ratings) < 3:
            assert time.monotonic() < deadline, "the game was not rated"
            ratings = {n: r["ktog"]["rating"] for n in names
                       if (r := apis[0].get(f"/api/players/{n}").json()["ratings"]).get("ktog")}
            time.sleep(0.05)
        other = next(s for s in range(3) if s not in (late, end["winners"][0]))
        assert ratings[names[end["winners"][0]]] > ratings[names[other]] > ratings[names[late]]
        page = pages[names[end["winners"][0]]]
        page.reload()
        page.locator("#log li", has_text="Game over").wait_for(state="attached")
        keep_shot(page, f"correspondence-end-{size}")
        page.goto(f"{url}/games")
        page.locator("#games-who", has_text="No games in progress").wait_for()  # the ended game left the list
        keep_shot(page, f"correspondence-games-empty-{size}")
        # issue 41, point 3: the notification settings on the same page, each change kept at once
        page.locator("#notify-digest").check()
        page.locator("#notify-status", has_text="Saved.").wait_for()
        assert apis[end["winners"][0]].get("/api/me/notifications").json()["digest"] is True
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
