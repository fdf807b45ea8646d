"""The replay viewer and the fair-dice check in headless Chromium: finished games stepped forward
and back by keys, buttons and the slider; an uploaded record; every roll recomputed in the
browser, and a tampered record caught."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():  # pragma: no cover - CI installs it in scripts/setup.sh
    pytest.skip("Debian's chromium is not installed (scripts/setup.sh installs it)", allow_module_level=True)

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from brawl.server.app import create_app  # noqa: E402
from tests.server.test_browser import LiveServer  # noqa: E402
from tests.shots import shot  # noqa: E402

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
MOBILE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def call(url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def finished(url: str, game: str, options: dict) -> str:
    room = call(url + "/api/rooms", {"game": game, "options": options,
                                     "seats": ["bot:heuristic", "bot:heuristic"]})["room"]
    deadline = time.monotonic() + 30
    while not call(f"{url}/api/rooms/{room}")["over"]:
        assert time.monotonic() < deadline, f"the {game} bots did not finish"
        time.sleep(0.1)
    return room


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A live server with a finished Krig game and a finished Tactics game."""
    db = tmp_path_factory.mktemp("replay") / "replay.sqlite3"
    with LiveServer(create_app(f"sqlite:///{db}", bot_delay=0)) as url:
        rooms = {"krig": finished(url, "krig", {"hp": 5}), "tactics": finished(url, "tactics", {})}
        yield url, rooms


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(**DESKTOP)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, errors


def at(page, step: int) -> None:
    page.wait_for_selector(f"body[data-step='{step}']")


def board(page) -> str:
    return page.inner_html("#board")


def log(page) -> list[str]:
    return page.eval_on_selector_all("#log li:not(.empty)", "ls => ls.map(l => l.textContent)")


def steps_of(page) -> int:
    return page.evaluate("brawl.replay.steps")


def test_krig_forward_and_back_by_keys_buttons_and_slider(live, page):
    url, rooms = live
    page.goto(f"{url}/replay/{rooms['krig']}")
    at(page, 0)
    total = steps_of(page)
    assert total >= 3
    assert "Krig" in page.text_content("#title") and "Sun" in page.text_content("#players")
    assert page.is_disabled("#prev") and page.is_disabled("#first") and not page.is_disabled("#next")
    boards, logs = [board(page)], [log(page)]
    for k in range(1, 4):  # forward by the arrow key
        page.keyboard.press("ArrowRight")
        at(page, k)
        boards.append(board(page))
        logs.append(log(page))
    assert len(set(boards)) > 1, "the table never changed"
    for a, b in zip(logs, logs[1:]):
        assert len(b) >= len(a) and b[:len(a)] == a, "the log only grows, oldest first"
    assert len(logs[-1]) > len(logs[0])
    page.keyboard.press("ArrowLeft")
    at(page, 2)
    assert board(page) == boards[2] and log(page) == logs[2]
    page.keyboard.press("End")
    at(page, total)
    assert page.is_disabled("#next") and page.is_disabled("#last")
    assert "the end" in page.text_content("#position")
    # the newest line is at the bottom of the log's own panel; the window stayed put
    assert page.evaluate("(() => { const l = document.getElementById('log');"
                         " return l.scrollHeight - l.clientHeight - l.scrollTop < 2; })()")
    assert page.evaluate("window.scrollY") == 0
    shot(page, "replay-krig-end-desktop")
    page.keyboard.press("Home")
    at(page, 0)
    assert board(page) == boards[0] and log(page) == logs[0]
    for _ in range(3):  # quick presses land on the last one pressed
        page.keyboard.press("ArrowRight", delay=0)
    at(page, 3)
    assert board(page) == boards[3] and log(page) == logs[3]
    page.keyboard.press("Home")
    at(page, 0)
    # the same by the buttons and the slider
    page.click("#next")
    at(page, 1)
    page.click("#next")
    at(page, 2)
    page.click("#prev")
    at(page, 1)
    assert board(page) == boards[1]
    page.click("#last")
    at(page, total)
    page.click("#first")
    at(page, 0)
    page.focus("#step")
    page.keyboard.press("ArrowRight")
    at(page, 1)
    assert page.input_value("#step") == "1" and "#step=1" in page.url
    page.reload()  # the address keeps the step
    at(page, 1)
    assert log(page) == logs[1]


def test_tactics_board_is_drawn_at_each_step(live, browser):
    url, rooms = live
    ctx = browser.new_context(**MOBILE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/replay/{rooms['tactics']}")
    at(page, 0)
    page.wait_for_selector("#board svg")  # the game's own renderer, not the status table
    total = steps_of(page)
    first_board, first_log = board(page), log(page)
    for k in range(1, 6):
        page.click("#next")
        at(page, k)
    shot(page, "replay-tactics-step5-mobile")
    assert board(page) != first_board and len(log(page)) > len(first_log)
    page.keyboard.press("End")
    at(page, total)
    assert "Game over" in page.text_content("#log") or "over" in page.text_content("#board")
    page.click("#prev")
    at(page, total - 1)
    page.keyboard.press("Home")
    at(page, 0)
    assert board(page) == first_board and log(page) == first_log
    # nothing wider than a small phone
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.goto(f"{url}/replay/{rooms['krig']}")
    at(page, 0)
    page.keyboard.press("End")
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=ok]")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    shot(page, "replay-krig-verified-360")
    ctx.close()
    assert not errors, errors


def test_the_dice_verify_and_a_tampered_roll_is_named(live, page):
    url, rooms = live
    room = rooms["krig"]
    rec = call(f"{url}/api/rooms/{room}/record")
    n = sum(1 for e in rec["entries"] if "roll" in e)
    page.goto(f"{url}/replay/{room}")
    at(page, 0)
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=ok]")
    assert page.get_attribute("#verify-result", "aria-live") == "polite"
    assert f"All {n} rolls verified" in page.text_content("#verify-result")
    result = page.evaluate(f"brawl.verifyDice({json.dumps(room)})")
    assert result["ok"] and result["commitment_ok"] and result["rolls"] == n and result["differs"] == []

    # the third roll changed to another face of the same die
    tampered = json.loads(json.dumps(rec))
    rolls = [e for e in tampered["entries"] if "roll" in e]
    was = rolls[2]["outcome"]
    rolls[2]["outcome"] = 1 if was != 1 else 2
    page.route(f"**/api/rooms/{room}/record",
               lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(tampered)))
    page.reload()
    at(page, 0)
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=bad]")
    text = page.text_content("#verify-result")
    assert f"Roll 3 ({rolls[2]['roll']}): the seed gives {was}, the record says {rolls[2]['outcome']}" in text
    assert "1 roll of" in text
    result = page.evaluate(f"brawl.verifyDice({json.dumps(room)})")
    assert not result["ok"] and result["commitment_ok"]
    assert result["differs"] == [{"n": 2, "expected": was, "recorded": rolls[2]["outcome"], "event": rolls[2]["roll"]}]
    shot(page, "replay-dice-tampered-desktop")

    # a seed that is not the committed one
    other = json.loads(json.dumps(rec))
    other["dice"]["seed"] = "00" * 32
    page.unroute(f"**/api/rooms/{room}/record")
    page.route(f"**/api/rooms/{room}/record",
               lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(other)))
    result = page.evaluate(f"brawl.verifyDice({json.dumps(room)})")
    assert not result["ok"] and not result["commitment_ok"]


def test_an_uploaded_record_replays_and_its_dice_are_checked(live, page, tmp_path):
    url, rooms = live
    rec = call(f"{url}/api/rooms/{rooms['krig']}/record")
    rec["players"] = ["Ana", None]  # a name beside the seat's (not part of the commitment)
    path = tmp_path / "krig.json"
    path.write_text(json.dumps(rec, indent=1))
    page.goto(f"{url}/replay")
    assert page.is_visible("#record-file") and page.is_hidden("#controls")
    page.set_input_files("#record-file", str(path))
    at(page, 0)
    assert "Ana" in page.text_content("#players") and "Ana (Sun)" in page.text_content("#board")
    first_log = log(page)
    page.keyboard.press("ArrowRight")  # the keys work straight after choosing the file
    at(page, 1)
    page.click("#next")
    at(page, 2)
    assert len(log(page)) > len(first_log)
    page.keyboard.press("ArrowLeft")
    at(page, 1)
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=ok]")
    assert "rolls verified" in page.text_content("#verify-result")
    shot(page, "replay-upload-desktop")

    # a record whose room this server does not have is checked from the record alone (the room is
    # not part of what the commitment covers): commitment, every roll and every decision
    rec["room"] = "elsewhere"
    away = tmp_path / "away.json"
    away.write_text(json.dumps(rec))
    page.set_input_files("#record-file", str(away))
    at(page, 0)
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=ok]")
    text = page.text_content("#verify-result")
    assert "matches the commitment" in text and "rolls verified" in text and "Every decision replays" in text

    # not a record at all
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}')
    page.set_input_files("#record-file", str(junk))
    page.wait_for_selector("#error:not([hidden])")
    assert "not a brawl game record" in page.text_content("#error")


def test_a_record_with_one_decision_altered_is_not_verified(live, page, tmp_path):
    """Issue 28 point 4: every roll of the altered record is the seed's own, yet the record is not
    the game the seed and the commitment give; the page says it does not verify, and where."""
    url, rooms = live
    room = rooms["krig"]
    rec = call(f"{url}/api/rooms/{room}/record")
    first = next(i for i, e in enumerate(rec["entries"]) if "seat" in e)
    tampered = json.loads(json.dumps(rec))
    tampered["entries"][first]["action"] = "defend" if rec["entries"][first]["action"] != "defend" else "attack"
    verdict = call(f"{url}/api/rooms/verify", tampered)
    assert not verdict["ok"] and verdict["step"] >= 1 and verdict["problem"]

    # an uploaded file: the same verdict as brawl verify, with its step and a way to it
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(tampered, indent=1))
    page.goto(f"{url}/replay")
    page.set_input_files("#record-file", str(path))
    at(page, 0)
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=bad]")
    text = page.text_content("#verify-result")
    assert "does NOT verify" in text and f"step {verdict['step']}" in text and verdict["problem"] in text
    assert "rolls verified" not in text
    result = page.evaluate("(t) => brawl.verifyRecord(t)", path.read_text())
    assert not result["ok"] and result["verdict"]["step"] == verdict["step"]
    shot(page, "replay-decision-altered-desktop")
    page.click("#verify-step")  # the step is shown, or the slider says that it does not replay
    page.wait_for_selector(f"body[data-step='{verdict['step']}'], body[data-failed='{verdict['step']}']")
    if page.get_attribute("body", "data-failed") is not None:
        assert "does not replay" in page.text_content("#position") and f"Step {verdict['step']}" in page.text_content("#error")
        shot(page, "replay-decision-altered-step-desktop")

    # a room whose published record was altered on its way: the server's verdict is about its own
    # copy (another digest), so the page asks for a verdict on the copy it holds
    page.route(f"**/api/rooms/{room}/record",
               lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(tampered)))
    page.goto(f"{url}/replay/{room}")
    at(page, 0)
    page.click("#verify-dice")
    page.wait_for_selector("#verify-result[data-state=bad]")
    text = page.text_content("#verify-result")
    assert "does NOT verify" in text and f"step {verdict['step']}" in text
    assert not page.evaluate(f"brawl.verifyDice({json.dumps(room)})")["ok"]


def test_the_page_and_the_server_name_a_record_by_the_same_digest(live, page):
    """A verdict is about one record: the page's digest of a record (canonical JSON, as the
    commitment's) equals the server's for numbers, text and nesting of every kind."""
    from brawl.core.record import Record
    from brawl.core.replay import digest

    url, rooms = live
    page.goto(f"{url}/replay/{rooms['tactics']}")
    at(page, 0)
    samples = [call(f"{url}/api/rooms/{rooms[g]}/record") for g in ("krig", "tactics")]
    samples.append({"format": "brawl-record/1", "game": "kniggits",
                    "options": {"scale": 0.5, "table": 36.0, "tiny": 1e-07, "big": 12345678901234567890,
                                "huge": 1.5e300, "neg": -0.0, "name": "Ñandú \"quoted\" ☃ 𝄞", "none": None,
                                "flags": [True, False], "nested": {"b": 1, "a": [2.25, "x"]}},
                    "dice": {"kind": "hmac-sha256", "seed": "ab" * 32, "commitment": "00" * 32},
                    "entries": [{"seat": 0, "action": "move:A1:3.5,7.25"}, {"roll": "d6", "outcome": [1, 2]}]})
    for data in samples:
        text = json.dumps(data, ensure_ascii=False)
        mine = page.evaluate("(t) => brawl.dice.digestOf(brawl.dice.parseExact(t))", text)
        assert mine == digest(Record.from_json(json.loads(text))), data["game"]
    result = page.evaluate(f"brawl.verifyDice({json.dumps(rooms['tactics'])})")
    assert result["ok"] and result["verdict"]["ok"], result


def test_a_game_not_over_is_not_replayed(live, page):
    url, _ = live
    room = call(url + "/api/rooms", {"game": "krig", "options": {"hp": 5}, "seats": ["human", "human"]})["room"]
    page.goto(f"{url}/replay/{room}")
    page.wait_for_selector("#error:not([hidden])")
    assert "not over" in page.text_content("#error")
    assert page.get_attribute("#links a", "href") == f"/watch/{room}"


def test_axe_finds_nothing_serious(live, browser):
    axe = pytest.importorskip("axe_playwright_python")
    source = (Path(axe.__file__).parent / "axe.min.js").read_text()
    url, rooms = live
    found = {}
    for scheme in ("light", "dark"):
        ctx = browser.new_context(color_scheme=scheme, reduced_motion="reduce", bypass_csp=True,
                                  viewport={"width": 360, "height": 740})
        page = ctx.new_page()
        for name, path in (("upload", "/replay"), ("krig", f"/replay/{rooms['krig']}#step=3"),
                           ("tactics", f"/replay/{rooms['tactics']}#step=5")):
            page.goto(url + path)
            if name != "upload":
                at(page, 3 if name == "krig" else 5)
                page.click("#verify-dice")
                page.wait_for_selector("#verify-result[data-state=ok]")
            page.add_script_tag(content=source)
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            found[f"{name}-{scheme}"] = [f"{v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:3])})"
                                         for v in result["violations"] if v["impact"] in ("serious", "critical")]
        ctx.close()
    assert {k: v for k, v in found.items() if v} == {}
