"""Issue 37, point 6, in the browser at 390x844 (touch) and 1280x800: a page paired with a player who
never comes for the game says it waits for every player, does not open the game, and is back in the
pool once the pairing is aborted; paired again with someone who comes, it opens its seat."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.web.conftest import PHONE, WIDE, browser, errors, new_page  # noqa: F401 (fixtures)

from brawl.server.accounts import seeks
from brawl.server.app import create_app
from brawl.server.settings import Settings
from tests.accounts.test_browser import sign_up
from tests.server.test_browser import LiveServer
from tests.shots import shot

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("seeks") / "s.sqlite3"
    settings = Settings(db_url=f"sqlite:///{db}", bot_delay=0, argon2_profile="CHEAPEST", hash_priority="normal",
                        decisions_per_second=1000)
    with LiveServer(create_app(settings=settings)) as url:
        yield url


def api_person(url: str, name: str) -> httpx.Client:
    c = httpx.Client(base_url=url, headers={"Origin": url})
    r = c.post("/api/accounts", json={"username": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    c.headers["X-CSRF-Token"] = r.json()["csrf"]
    return c


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_page_paired_with_someone_who_never_comes_waits_then_is_back_in_the_pool(server, browser, errors,
                                                                                  monkeypatch, size):
    monkeypatch.setattr(seeks, "ARRIVE", 2.0)  # seconds a paired player has to come (the server runs in this process)
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    sign_up(page, server, f"Page{size}")
    ghost = api_person(server, f"Ghost{size}")  # asks once, then never again
    assert ghost.post("/api/seeks", json={"game": "rps", "rated": False}).json()["paired"] is False
    page.select_option("#seek-game", "rps")
    page.uncheck("#seek-rated")
    page.click("#seek-go")
    page.wait_for_selector("#seek-status:has-text('Opponent found')", timeout=10_000)
    assert "/play/" not in page.url  # the game does not open before everyone came
    shot(page, f"presence-pairing-waiting-for-arrival-{size}")
    page.wait_for_selector("#seek-status:has-text('Waiting for an opponent')", timeout=20_000)  # back in the pool
    shot(page, f"presence-pairing-back-in-the-pool-{size}")
    friend = api_person(server, f"Friend{size}")
    mine = friend.post("/api/seeks", json={"game": "rps", "rated": False}).json()
    assert mine["paired"] is True
    page.wait_for_url(re.compile(r".*/play/.+#t=.+"), timeout=20_000)
    assert mine["room"] in page.url
    for c in (ghost, friend):
        c.close()
    assert not errors
