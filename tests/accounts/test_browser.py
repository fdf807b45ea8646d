"""Accounts in the browser at 390x844 (touch) and 1280x800 (issue 32): two people sign up in the
lobby, ask for a rated game (rock-paper-scissors: short), are paired and sent to their seats, play it, and find their
ratings on their profiles and the leaderboard."""

from __future__ import annotations

import re
import time

import httpx
import pytest

from tests.web.conftest import PHONE, WIDE, browser, errors, new_page  # noqa: F401 (fixtures)

from brawl.server.app import create_app
from brawl.server.settings import Settings
from tests.server.test_browser import LiveServer

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("acct") / "a.sqlite3"
    settings = Settings(db_url=f"sqlite:///{db}", bot_delay=0, argon2_profile="CHEAPEST", hash_priority="normal",
                        decisions_per_second=1000)
    with LiveServer(create_app(settings=settings)) as url:
        yield url


def sign_up(page, url: str, name: str) -> None:
    page.goto(url + "/")
    page.fill("#acct-name", name)
    page.fill("#acct-pass", "correct horse")
    page.click("#sign-up")
    page.wait_for_selector("#log-out")


def play_to_the_end(url: str, room: str, tokens: list[str]) -> None:
    """Rock-paper-scissors: the first page's player shows rock, the second's scissors."""
    for _ in range(20):
        if httpx.get(f"{url}/api/rooms/{room}").json()["over"]:
            return
        for tok, choice in zip(tokens, ("rock", "scissors")):
            legal = [d["action"] for d in httpx.get(f"{url}/api/rooms/{room}", headers={"X-Seat-Token": tok}).json()["legal"]]
            if choice in legal:
                httpx.post(f"{url}/api/rooms/{room}/decisions", json={"token": tok, "action": choice})
    raise AssertionError("the game did not end")


def test_sign_up_seek_play_and_see_the_profile_and_leaderboard_change(server, browser, errors):
    phone, wide = new_page(browser, errors, **PHONE), new_page(browser, errors, **WIDE)
    sign_up(phone, server, "Ana")
    sign_up(wide, server, "Ben")
    assert phone.locator("#account").inner_text().count("Ana") >= 1
    phone.goto(server + "/leaderboard/rps")
    phone.wait_for_selector("text=No settled rating in this game yet")
    for page in (phone, wide):
        page.goto(server + "/")
        page.wait_for_selector("#seek-go")
        page.select_option("#seek-game", "rps")
        page.check("#seek-rated")
        page.click("#seek-go")
    phone.wait_for_url(re.compile(r".*/play/.+#t=.+"), timeout=15_000)
    wide.wait_for_url(re.compile(r".*/play/.+#t=.+"), timeout=15_000)
    room = re.search(r"/play/([^#]+)", phone.url).group(1)
    assert room == re.search(r"/play/([^#]+)", wide.url).group(1)
    phone.wait_for_selector("text=Ana")
    tokens = [re.search(r"#t=(.+)$", p.url).group(1) for p in (phone, wide)]
    play_to_the_end(server, room, tokens)
    winner = httpx.get(f"{server}/api/rooms/{room}").json()["winners"][0]
    names = [s["player"] for s in httpx.get(f"{server}/api/rooms/{room}").json()["seats"]]
    for page, name in ((phone, "Ana"), (wide, "Ben")):
        # ratings change in the server's background round (every half second) after the game
        # ends: the profile is opened once they have, as a player coming to it a moment later
        deadline = time.monotonic() + 15
        while "rps" not in httpx.get(f"{server}/api/players/{name}").json()["ratings"]:
            assert time.monotonic() < deadline, "the rated game was not settled"
            time.sleep(0.1)
        page.goto(f"{server}/@/{name}")
        page.wait_for_selector(".rating-card", timeout=10_000)
        text = page.locator("main").inner_text()
        won = names[winner] == name
        rating = int(re.search(r"Rock-paper-scissors \(best of three\) (\d+) \?", text).group(1))
        assert (rating > 1500) if won else (rating < 1500)
        assert page.locator(f"a[href='/replay/{room}']").count() == 1
        page.goto(f"{server}/leaderboard/rps")
        page.wait_for_selector("text=No settled rating in this game yet")
        # one game leaves both ratings provisional: the leaderboard lists settled ratings only (issue 37)
        assert page.locator("#leaderboard tbody tr").count() == 0
        # nothing of the page is wider than the window
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_challenge_from_a_profile_is_accepted_from_its_link(server, browser, errors):
    wide, phone = new_page(browser, errors, **WIDE), new_page(browser, errors, **PHONE)
    sign_up(wide, server, "Cleo")
    sign_up(phone, server, "Dax")
    wide.goto(f"{server}/@/Dax")
    wide.wait_for_selector("#challenge-go")
    wide.select_option("#challenge-game", "rps")
    wide.click("#challenge-go")
    link = wide.locator("#challenge-link").inner_text()
    assert "challenge=Cleo" in link and "game=rps" in link
    phone.goto(link)
    # the game by its title (issue 40, point 4: the link's id "rps" was shown as it was)
    phone.wait_for_selector("text=Cleo challenges you to a rated game of Rock-paper-scissors (best of three).")
    phone.click("#accept-go")
    phone.wait_for_url(re.compile(r".*/play/.+#t=.+"), timeout=15_000)
    wide.wait_for_url(re.compile(r".*/play/.+#t=.+"), timeout=15_000)
    assert re.search(r"/play/([^#]+)", phone.url).group(1) == re.search(r"/play/([^#]+)", wide.url).group(1)


SPANISH = "try { localStorage.setItem('brawl.lang', 'es'); } catch (e) {}"


def test_profiles_and_leaderboards_name_games_and_bots_in_spanish(server, browser, errors):
    """Issue 28, point 3 (every word a player reads in Spanish): the leaderboards' and profiles'
    game titles and bot names came in English, as these pages never loaded the games' words."""
    page = new_page(browser, errors, **PHONE)
    page.context.add_init_script(SPANISH)
    sign_up(page, server, "Esme")
    page.goto(f"{server}/leaderboard/rps")
    page.wait_for_selector("main h1")
    assert "Piedra, papel o tijera (al mejor de tres)" in page.inner_text("main h1")
    nav = page.inner_text("nav.row-buttons")
    assert "Tácticas" in nav and "Rock-paper-scissors" not in nav
    assert "bot al azar" in page.inner_text("main") and "random" not in page.inner_text("main")
    other = new_page(browser, errors, **WIDE)
    sign_up(other, server, "Fenn")
    page.goto(f"{server}/@/Fenn")
    page.wait_for_selector("#challenge-game")
    options = page.locator("#challenge-game option").all_inner_texts()
    assert "Piedra, papel o tijera (al mejor de tres)" in options and "Krig" in options
    page.context.close()
    other.context.close()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_logged_in_player_opening_a_seat_plays_it_under_the_account_name(server, browser, errors, size):
    """A game page takes a seat for the logged-in account once the game is drawn (its first frame comes
    first): the seat gets the account's name, and the name question the page put on arrival, to a
    seat without a name, closes by itself."""
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    name = f"Cleo{size}"
    sign_up(page, server, name)
    room = httpx.post(server + "/api/rooms", json={"game": "krig", "seats": ["human", "bot:random"], "options": {}}).json()
    page.goto(server + room["seats"][0]["invite"])
    page.wait_for_function("() => document.body.dataset.ready")
    page.wait_for_function(f"() => document.body.textContent.includes('{name} (Sun)')")
    page.wait_for_selector("#name-dialog", state="hidden")
    view = httpx.get(f"{server}/api/rooms/{room['room']}").json()
    assert view["seats"][0]["player"] == name
    page.context.close()
