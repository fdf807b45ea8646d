"""The replay viewer checks a game played with table dice (issue 31): rolls entered at the table
are taken as given, the rolls the server drew for the table are recomputed from the seed, and a
drawn roll changed in the record is named."""

from __future__ import annotations

import json
import random

import httpx
import pytest

from brawl.server.app import create_app
from brawl.server.settings import Settings
from tests.server.test_browser import LiveServer
from tests.web.conftest import WIDE, browser, errors, new_page  # noqa: F401 (fixtures)

pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    db = tmp_path_factory.mktemp("tablev") / "t.sqlite3"
    with LiveServer(create_app(settings=Settings(db_url=f"sqlite:///{db}", bot_delay=0, decisions_per_second=1000))) as url:
        room = httpx.post(f"{url}/api/rooms", json={"game": "krig", "options": {"hp": 3}, "seats": ["human", "human"],
                                                     "dice": "table"}).json()
        tokens = [s["token"] for s in room["seats"]]
        rng = random.Random(4)
        for step in range(3000):
            v = httpx.get(f"{url}/api/rooms/{room['room']}", headers={"X-Seat-Token": tokens[0]}).json()
            if v["over"]:
                break
            if v["roll"]:
                body = {"for_me": True} if step % 3 == 0 else {"outcome": rng.choice(v["roll"]["faces"])}
                assert httpx.post(f"{url}/api/rooms/{room['room']}/rolls", json={"token": tokens[1], **body}).status_code == 200
                continue
            seat = v["node"]["seats"][0]
            legal = httpx.get(f"{url}/api/rooms/{room['room']}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
            httpx.post(f"{url}/api/rooms/{room['room']}/decisions", json={"token": tokens[seat], "action": legal[0]["action"]})
        yield url, room["room"]


def test_a_table_dice_game_verifies_with_its_entered_rolls_taken_as_given(finished, browser, errors):  # noqa: F811
    url, room = finished
    record = httpx.get(f"{url}/api/rooms/{room}/record").json()
    entered = sum(1 for e in record["entries"] if e.get("table"))
    drawn = sum(1 for e in record["entries"] if "roll" in e and not e.get("table"))
    assert entered and drawn
    page = new_page(browser, errors, **WIDE)
    page.goto(f"{url}/replay/{room}")
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=ok]")
    assert f"{drawn} rolls drawn by the server verified; {entered} entered at the table" in page.text_content("#verify-result")
    # a drawn roll given another face is named; the record is not called verified
    tampered = json.loads(json.dumps(record))
    k = next(i for i, e in enumerate(tampered["entries"]) if "roll" in e and not e.get("table"))
    tampered["entries"][k]["outcome"] = 1 if tampered["entries"][k]["outcome"] != 1 else 2
    page.route(f"**/api/rooms/{room}/record",
               lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(tampered)))
    page.reload()
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=bad]")
    assert "verified;" not in page.text_content("#verify-result")
