"""Tactics through the web app: the renderer is announced, the view carries the board (map,
sheets, threatened squares, measured moves with flanking), people and bots play whole battles;
and one battle end to end in headless Chromium with click-then-click moves."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from brawl.server.app import create_app

DUEL = {"party1": "steve", "party2": "jeff", "max_rounds": 12}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tactics.sqlite3'}", bot_delay=0)) as c:
        yield c


def test_renderer_is_announced(client):
    info = client.get("/api/games/tactics").json()
    assert info["renderer"] is True
    assert client.get("/static/games/tactics.js").status_code == 200


def test_view_carries_the_board_and_measured_moves(client):
    r = client.post("/api/rooms", json={"game": "tactics", "options": DUEL, "seats": ["human", "human"]})
    assert r.status_code == 201, r.text
    room = r.json()
    rid, tokens = room["room"], {s["seat"]: s["token"] for s in room["seats"]}
    view = client.get(f"/api/rooms/{rid}").json()
    state = view["state"]
    assert state["map"]["width"] == 12 and [c["id"] for c in state["characters"]] == ["steve", "jeff"]
    assert len(state["threatened"]) == 2
    seat = view["node"]["seats"][0]
    mine = client.get(f"/api/rooms/{rid}", headers={"X-Seat-Token": tokens[seat]}).json()
    moves = mine["state"]["moves"]
    assert moves and all({"feet", "provokes", "path", "flanks"} <= set(m) for m in moves.values())
    target = next(k for k in moves)
    bad = client.post(f"/api/rooms/{rid}/decisions", json={"action": "move:99,99", "token": tokens[seat]})
    assert bad.status_code == 422
    d = client.post(f"/api/rooms/{rid}/decisions", json={"action": f"move:{target}", "token": tokens[seat]})
    assert d.status_code == 200, d.text
    assert d.json()["view"]["state"]["moves"] == {}  # the move action is spent


def test_bots_finish_a_battle_in_a_room(client):
    r = client.post("/api/rooms", json={"game": "tactics", "options": {"max_rounds": 8},
                                        "seats": ["bot:heuristic", "bot:random"]})
    assert r.status_code == 201, r.text
    rid = r.json()["room"]
    deadline = time.monotonic() + 60
    while not client.get(f"/api/rooms/{rid}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)


CHROMIUM = "/usr/bin/chromium"


def battle_from_the_lobby(page, url, tmp_path) -> tuple[bool, bool, bool]:
    """Steve (this page) against the heuristic Jeff, made in the lobby and played to the end:
    attack when an attack is offered (by clicking Jeff's token), else move to the square nearest
    Jeff (measured with the ruler first). Returns whether the ruler measured, a square was
    clicked and a token was clicked."""
    page.goto(url + "/?game=tactics")
    page.wait_for_selector("#opt-party1")
    page.select_option("#opt-party1", value=json.dumps("steve"))  # values are JSON; labels are for people
    page.select_option("#opt-party2", value=json.dumps("jeff"))
    page.fill("#opt-max-rounds", "12") if page.query_selector("#opt-max-rounds") else page.fill("#opt-max_rounds", "12")
    page.select_option("#seat-1", "bot:heuristic")
    page.click("#create-button")
    page.wait_for_selector(".play-link")
    page.click(".play-link")
    page.wait_for_selector(".connection.ok")
    page.wait_for_selector(".tc-grid")
    measured = clicked_move = clicked_token = False
    deadline = time.monotonic() + 120
    while not page.is_visible("#end"):
        assert time.monotonic() < deadline, "the battle did not finish"
        actions = page.eval_on_selector_all("#action-buttons button.action:not([disabled])",
                                            "bs => bs.map(b => b.dataset.action)")
        options = page.eval_on_selector_all("#action-buttons option", "os => os.map(o => o.value)")
        legal = actions + options
        if not legal:
            time.sleep(0.05)
            continue
        before = int(page.evaluate("document.body.dataset.last"))
        attack = next((a for a in legal if a.startswith("attack:")), None)
        moves = [a for a in legal if a.startswith("move:")]
        if attack:
            page.click(f".tc-token[data-id={attack.split(':')[1]}]")
            page.click("#tc-targets button >> nth=0")
            clicked_token = True
        elif moves:
            jeff = page.evaluate("(() => { const v = document.querySelector('.tc-token[data-id=jeff]'); return v ? v.getBBox() : null; })()")
            # the reachable square nearest Jeff
            state = page.evaluate("fetch(location.pathname.replace('/play/', '/api/rooms/'), {headers: {'X-Seat-Token': new URLSearchParams(location.hash.slice(1)).get('t')}}).then(r => r.json())")
            units = state["state"]["units"]
            jx, jy = units[1]["x"], units[1]["y"]
            sq = min((tuple(int(v) for v in m[5:].split(",")) for m in moves),
                     key=lambda s: (max(abs(s[0] - jx), abs(s[1] - jy)), s))
            page.eval_on_selector(".tc-grid", "s => s.scrollIntoView({block: 'center'})")
            box = page.eval_on_selector(".tc-grid", "s => { const r = s.getBoundingClientRect(); const vb = s.viewBox.baseVal; return [r.x, r.y, r.width / vb.width, r.height / vb.height, vb.x, vb.y]; }")
            x = box[0] + (sq[0] + 0.5 - box[4]) * box[2]
            y = box[1] + (sq[1] + 0.5 - box[5]) * box[3]
            page.mouse.move(x, y)
            ruler = page.text_content("#tc-ruler")
            if "ft" in ruler:
                measured = True
            page.mouse.click(x, y)
            clicked_move = True
            assert jeff is not None
        elif "aoo" in actions:
            page.click("#action-buttons button[data-action=aoo]")
        elif "end_turn" in actions:
            page.click("#action-buttons button[data-action=end_turn]")
        else:
            page.click(f"#action-buttons button[data-action='{actions[0]}']")
        try:
            page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}", timeout=20000)
        except Exception:
            page.screenshot(path=str(tmp_path / "stuck.png"), full_page=True)
            raise AssertionError(f"nothing happened after choosing from {legal}: {page.text_content('#tc-ruler')}"
                                 f" {page.text_content('#tc-card')} {page.text_content('#error')}")
    return measured, clicked_move, clicked_token


@pytest.mark.browser
def test_browser_battle_with_click_then_click_moves(tmp_path):
    """Issue 8 (browser play): a person picks parties in the lobby, measures a move with the ruler,
    moves by clicking a square, attacks by clicking the enemy's token, and plays to the end."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.server.test_browser import LiveServer

    errors: list[str] = []
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0)) as url, \
            sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        # Jeff's spells can down Steve before he ever reaches him (a critical scorching ray: about
        # 1 battle in 360, the dice being the server's); then the next battle, as a person would
        for _ in range(3):
            measured, clicked_move, clicked_token = battle_from_the_lobby(page, url, tmp_path)
            if clicked_token:
                break
        from tests.shots import shot

        shot(page, "tactics-end", full_page=True)
        assert measured and clicked_move and clicked_token
        assert page.text_content("#end-title") in ("You won!", "You lost", "Draw", "A draw")
        assert errors == []
        browser.close()


@pytest.mark.browser
def test_browser_drag_moves_the_token(tmp_path):
    """Issue 8 (browser play): dragging the token on turn to a square moves it there, once."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.server.test_browser import LiveServer

    errors: list[str] = []
    app = create_app(f"sqlite:///{tmp_path / 'drag.sqlite3'}", bot_delay=0)
    with LiveServer(app) as url, sync_api.sync_playwright() as p:
        # the room made through the live server (a TestClient's own start-up and shut-down of the same
        # app, while uvicorn serves it, held the test ten seconds at shut-down)
        room = httpx.post(f"{url}/api/rooms", json={"game": "tactics", "options": DUEL, "seats": ["human", "human"]},
                          timeout=10).json()
        rid = room["room"]
        view = TestClient(app).get(f"/api/rooms/{rid}").json()
        seat = view["node"]["seats"][0]
        token = next(s["token"] for s in room["seats"] if s["seat"] == seat)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}/play/{rid}#t={token}")
        page.wait_for_selector(".tc-grid")
        page.wait_for_selector(".connection.ok")
        me = view["state"]["characters"][view["state"]["actor"]]["id"]
        start = view["state"]["units"][view["state"]["actor"]]
        dest = (start["x"] + (2 if start["x"] < 6 else -2), start["y"])
        box = page.eval_on_selector(".tc-grid", "s => { const r = s.getBoundingClientRect(); const vb = s.viewBox.baseVal; return [r.x, r.y, r.width / vb.width, r.height / vb.height, vb.x, vb.y]; }")
        to_px = lambda sq: (box[0] + (sq[0] + 0.5 - box[4]) * box[2], box[1] + (sq[1] + 0.5 - box[5]) * box[3])
        before = int(page.evaluate("document.body.dataset.last"))
        page.mouse.move(*to_px((start["x"], start["y"])))
        page.mouse.down()
        page.mouse.move(*to_px(dest), steps=8)
        assert "ft" in page.text_content("#tc-ruler")
        page.mouse.up()
        page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
        time.sleep(0.3)
        moved = TestClient(app).get(f"/api/rooms/{rid}").json()["state"]
        assert (moved["units"][view["state"]["actor"]]["x"], moved["units"][view["state"]["actor"]]["y"]) == dest
        assert page.text_content("#error") == "" and me
        assert errors == []
        browser.close()


@pytest.mark.browser
def test_browser_shows_a_hidden_character_faded_and_labelled(tmp_path):
    """Rules page, Hiding (rule 58): the board draws a hidden character's token faded, with a
    "hidden" mark and "hidden" in its accessible name."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    import json

    from tests.server.test_browser import LiveServer

    def mark_jeff_hidden(route):
        # the room's view, as the API sends it or inside the game page's first frame
        response = route.fetch()
        body = response.json()
        view = body.get("view", body) if isinstance(body, dict) else None
        if isinstance(view, dict) and isinstance(view.get("state"), dict) and "units" in view["state"]:
            view["state"]["units"][1]["hidden"] = True
        route.fulfill(response=response, body=json.dumps(body))

    errors: list[str] = []
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0)) as url, \
            sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "/?game=tactics")
        page.wait_for_selector("#opt-party1")
        page.select_option("#opt-party1", value=json.dumps("steve"))  # values are JSON; labels are for people
        page.select_option("#opt-party2", value=json.dumps("jeff"))
        page.click("#create-button")
        page.wait_for_selector(".play-link")
        page.route("**/api/rooms/**", mark_jeff_hidden)
        page.route("**/play/*/first", mark_jeff_hidden)
        # the view comes from the HTTP API alone: a WebSocket that never opens sends no fresh view
        page.add_init_script("window.WebSocket = function () { return {send() {}, close() {}, readyState: 0}; };"
                             "window.WebSocket.OPEN = 1;")
        page.click(".play-link")
        page.wait_for_selector(".tc-token[data-id=jeff]")
        jeff = page.locator(".tc-token[data-id=jeff]")
        page.wait_for_function("() => document.querySelector('.tc-token[data-id=jeff]').getAttribute('opacity') !== null")
        assert float(jeff.get_attribute("opacity")) < 1
        assert "hidden" in jeff.get_attribute("aria-label")
        assert "hidden" in jeff.text_content()
        steve = page.locator(".tc-token[data-id=steve]")
        assert steve.get_attribute("opacity") is None and "hidden" not in steve.get_attribute("aria-label")
        assert errors == []
        browser.close()
