"""Rated games in the browser at 390x844 (touch) and 1280x800 (issue 37): a rated game from pairing
shows its "rated" mark and is lost on time; a rated room from the lobby has its other seat taken by
an explicit "Play this rated game as NAME" and is aborted when nobody begins."""

from __future__ import annotations

import re
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.web.conftest import PHONE, WIDE, browser, errors, new_page  # noqa: F401 (fixtures)

from brawl.server.accounts import rated
from brawl.server.app import create_app
from brawl.server.settings import Settings
from tests.accounts.test_browser import sign_up
from tests.server.test_browser import LiveServer

sync_api = pytest.importorskip("playwright.sync_api")
SHOTS = Path("/tmp/shots/rated-seats")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("rated") / "r.sqlite3"
    settings = Settings(db_url=f"sqlite:///{db}", bot_delay=0, argon2_profile="CHEAPEST", hash_priority="normal",
                        decisions_per_second=1000)
    with LiveServer(create_app(settings=settings)) as url:
        yield url


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def over(url: str, room: str, seconds: float = 40.0) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        view = httpx.get(f"{url}/api/rooms/{room}").json()
        if view["over"]:
            return view
        assert time.monotonic() < deadline, "the game did not end"
        time.sleep(0.1)


def decide(url: str, room: str, token: str, action: str) -> None:
    r = httpx.post(f"{url}/api/rooms/{room}/decisions", json={"token": token, "action": action})
    assert r.status_code == 200, r.text


def test_a_rated_game_from_pairing_is_marked_rated_and_lost_on_time(server, browser, errors, monkeypatch):
    """Issue 37, points 1 and 2: paired pages show the rated mark with the server's clock; a player
    who stops deciding loses on time, with no claim, and both profiles show the result and change."""
    monkeypatch.setattr(rated, "TIME_CONTROLS", [{"name": "10 s a decision", "mode": "move", "seconds": 10.0, "increment": 0.0}])
    phone, wide = new_page(browser, errors, **PHONE), new_page(browser, errors, **WIDE)
    sign_up(phone, server, "Ana")
    sign_up(wide, server, "Ben")
    for page in (phone, wide):
        page.select_option("#seek-game", "rps")
        page.check("#seek-rated")
        page.wait_for_selector("#seek-clock:has-text('10 s a decision')")
        page.click("#seek-go")
    for page in (phone, wide):
        page.wait_for_url(re.compile(r".*/play/.+#t=.+"), timeout=20_000)
    room = re.search(r"/play/([^#]+)", phone.url).group(1)
    tokens = [re.search(r"#t=(.+)$", p.url).group(1) for p in (phone, wide)]
    seats = {p: httpx.get(f"{server}/api/rooms/{room}", headers={"X-Seat-Token": tok}).json()["seat"]
             for p, tok in zip(("Ana", "Ben"), tokens)}
    for page, size in ((phone, "phone"), (wide, "wide")):
        mark = page.locator("#rated-mark")
        mark.wait_for(state="visible", timeout=10_000)
        assert "Rated game" in mark.inner_text() and "10 s a decision" in mark.inner_text()
        assert page.locator("#rated-join").count() == 0 or page.locator("#rated-join").is_hidden()
        shot(page, f"pairing-rated-mark-{size}")
    decide(server, room, tokens[0], "rock")
    decide(server, room, tokens[1], "paper")
    decide(server, room, tokens[0], "rock")  # Ben never decides again
    end = over(server, room)
    assert end["winners"] == [seats["Ana"]] and "ran out of time" in end["ended"]
    for page, size in ((phone, "phone"), (wide, "wide")):
        page.wait_for_selector("#end-why:has-text('ran out of time')", timeout=10_000)
        shot(page, f"pairing-lost-on-time-{size}")
    deadline = time.monotonic() + 15
    while "rps" not in httpx.get(f"{server}/api/players/Ben").json()["ratings"]:
        assert time.monotonic() < deadline, "the rated game was not settled"
        time.sleep(0.1)
    for page, name, size in ((phone, "Ben", "phone"), (wide, "Ana", "wide")):
        page.goto(f"{server}/@/{name}")
        result = page.locator("#games-list .result").first
        result.wait_for(timeout=10_000)
        assert result.inner_text().startswith("lost −" if name == "Ben" else "won +")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(page, f"profile-result-{size}")
    assert not errors


def test_a_rated_lobby_room_is_joined_explicitly_and_aborted_when_nobody_begins(server, browser, errors, monkeypatch):
    """Issue 37, points 1, 2 and 15: the lobby's rated game gives the other seat no token; its page
    shows the game is rated and offers "Play this rated game as NAME"; when nobody makes a first
    decision the game is aborted, and the profile says so."""
    monkeypatch.setattr(rated, "ABORT_AFTER", 3.0)
    wide, phone = new_page(browser, errors, **WIDE), new_page(browser, errors, **PHONE)
    sign_up(wide, server, "Cleo")
    sign_up(phone, server, "Dax")
    phone.select_option("#game", "krig")
    phone.wait_for_selector("#rated-field:not([hidden])")
    phone.check("#rated")
    assert phone.locator("#time").is_hidden() and phone.locator("#dice-field").is_hidden()
    phone.locator("#rated-clock").scroll_into_view_if_needed()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(phone, "lobby-rated-box-phone")
    phone.uncheck("#rated")
    assert phone.locator("#time").is_visible()
    wide.select_option("#game", "rps")
    wide.wait_for_selector("#rated-field:not([hidden])")
    wide.check("#rated")
    wide.select_option("#seat-1", "human")
    assert wide.locator("#time").is_hidden() and wide.locator("#rated-clock").is_visible()
    shot(wide, "lobby-rated-box-wide")
    wide.click("#create-button")
    invite = wide.locator("a.rated-invite")
    wide.wait_for_selector("a.rated-invite, #error:not([hidden])", timeout=10_000)
    assert wide.locator("#error").is_hidden(), wide.locator("#error").inner_text()
    link = invite.get_attribute("href")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/play/[\w-]+", link), link  # no token in it
    shot(wide, "lobby-rated-links-wide")
    phone.goto(link)
    join = phone.locator("button.rated-join-go")
    join.wait_for(timeout=10_000)
    assert join.inner_text() == "Play this rated game as Dax"
    assert "Rated game" in phone.locator("#rated-mark").inner_text()
    shot(phone, "explicit-join-phone")
    join.click()
    phone.wait_for_url(re.compile(r".*/play/.+#t=.+"), timeout=10_000)
    phone.wait_for_selector("#people .you")
    room = re.search(r"/play/([^#]+)", phone.url).group(1)
    assert [s["player"] for s in httpx.get(f"{server}/api/rooms/{room}").json()["seats"]] == ["Cleo", "Dax"]
    shot(phone, "joined-phone")
    end = over(server, room)
    assert end["ended"].startswith("aborted") and end["winners"] == []
    phone.wait_for_selector("#end-why:has-text('aborted')", timeout=10_000)
    shot(phone, "aborted-phone")
    phone.goto(f"{server}/@/Dax")
    phone.wait_for_selector("#games-list .result.aborted", timeout=10_000)
    shot(phone, "profile-aborted-phone")
    wide.goto(f"{server}/@/Cleo")
    wide.wait_for_selector("#games-list .result.aborted", timeout=10_000)
    shot(wide, "profile-aborted-wide")
    assert not errors


def api_person(url: str, name: str) -> httpx.Client:
    c = httpx.Client(base_url=url, headers={"Origin": url})
    r = c.post("/api/accounts", json={"username": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    c.headers["X-CSRF-Token"] = r.json()["csrf"]
    return c


def test_a_rated_ktog_table_of_three_is_asked_for_from_the_page(server, browser, errors):
    """Issue 37, point 9: quick pairing asks how many play; a page's rated KtOG seek for three is
    paired with two others asking the same, into one rated room of three seats."""
    page = new_page(browser, errors, **PHONE)
    sign_up(page, server, "Gus")
    page.select_option("#seek-game", "ktog")
    page.wait_for_selector("#seek-players-field:not([hidden])")
    assert page.locator("#seek-players option").all_inner_texts() == [str(n) for n in range(2, 9)]
    page.select_option("#seek-players", "3")
    page.check("#seek-rated")
    shot(page, "seek-players-phone")
    page.click("#seek-go")
    others = [api_person(server, n) for n in ("Hal", "Ivy")]
    seeks = [c.post("/api/seeks", json={"game": "ktog", "options": {"players": 3}, "rated": True}).json() for c in others]
    deadline = time.monotonic() + 20
    while True:  # asking keeps a seek alive, and fetching the pairing is one's arrival
        states = [c.get(f"/api/seeks/{s['seek']}").json() for c, s in zip(others, seeks)]
        try:
            here = page.evaluate("location.href")  # (a call into the page: its navigation is seen)
        except PlaywrightError:  # the page is navigating as it was asked: look again
            here = ""
        if all(s.get("paired") for s in states) and "#t=" in here:
            break
        assert time.monotonic() < deadline, (states, here, errors)
        time.sleep(0.2)
    room = re.search(r"/play/([^#]+)", here).group(1)
    assert {s["room"] for s in states} == {room}
    view = httpx.get(f"{server}/api/rooms/{room}").json()
    assert len(view["seats"]) == 3 and view["rated"] is not None
    assert sorted(s["player"] for s in view["seats"]) == ["Gus", "Hal", "Ivy"]
    page.locator("#rated-mark").wait_for(state="visible", timeout=10_000)
    shot(page, "ktog-three-rated-phone")
    for c in others:
        c.close()
    assert not errors
