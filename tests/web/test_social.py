"""People at the table: names, presence and chat between two browsers (a spectator reads only),
clocks and a claim, a takeback with the other's consent, open games joined from the lobby, the
interface in Spanish, the dice checked in the end panel, and axe-core on the new parts."""

from __future__ import annotations

import pytest

from tests.web.conftest import (KN_FAR, KN_OPTIONS, PHONE, WIDE, decide, last_event, new_page, open_room,
                                room_view, wait_until)

pytestmark = pytest.mark.browser
httpx = pytest.importorskip("httpx")


def make(url: str, game: str, seats: list[str], **extra) -> dict:
    r = httpx.post(url + "/api/rooms", json={"game": game, "seats": seats, "options": extra.pop("options", {}), **extra})
    assert r.status_code == 201, r.text
    return r.json()


def name_myself(page, name: str) -> None:
    page.wait_for_selector("#name-dialog:not([hidden])")
    page.fill("#name-input", name)
    page.click("#name-form button[type=submit]")
    page.wait_for_selector("#name-dialog", state="hidden")


def test_names_presence_and_chat_between_two_people_and_a_spectator(server, browser, errors):
    room = make(server, "krig", ["human", "human"])
    ana = new_page(browser, errors, **WIDE)
    open_room(ana, server, room, 0)
    # an empty name is refused next to the field, then a name is kept
    ana.wait_for_selector("#name-dialog:not([hidden])")
    ana.fill("#name-input", "   ")
    ana.click("#name-form button[type=submit]")
    assert "empty" in ana.inner_text("#name-error")
    name_myself(ana, "Ana")
    assert ana.evaluate("localStorage.getItem('brawl.name')") == "Ana"
    # nobody at the other seat yet; when someone opens it, the change arrives live
    assert "offline" in ana.get_attribute("#people li:nth-child(2) .presence", "class")
    bo = new_page(browser, errors, **WIDE)
    open_room(bo, server, room, 1)
    ana.wait_for_function("() => document.querySelector('#people li:nth-child(2) .presence').classList.contains('online')")
    name_myself(bo, "<i>Bo</i>")
    # each sees the other's chosen name with the seat, as text, and that they are here
    ana.wait_for_function("() => document.getElementById('people').textContent.includes('<i>Bo</i> (Moon)')")
    assert ana.locator("#people i").count() == 0
    assert "Ana (Sun)" in bo.inner_text("#people")
    bo.reload()
    bo.wait_for_selector(".connection.ok")
    assert bo.is_hidden("#name-dialog")  # named already: not asked again
    watcher = new_page(browser, errors, **WIDE)
    open_room(watcher, server, room, None)
    assert watcher.is_hidden("#chat-form") and watcher.is_visible("#chat-readonly")
    # chat: Enter sends; the other player and the spectator read it
    ana.fill("#chat-input", "good luck <b>all</b>")
    ana.press("#chat-input", "Enter")
    for page in (bo, watcher):
        page.wait_for_function("() => document.getElementById('chat-lines').textContent.includes('good luck <b>all</b>')")
        assert page.locator("#chat-lines b").count() == 0
    assert "Ana (Sun)" in watcher.inner_text("#chat-lines")
    bo.wait_for_function("() => document.getElementById('chat-announce').textContent.includes('good luck')")
    assert ana.input_value("#chat-input") == ""
    # the server's refusal shows next to the input (a spectator's token is no token: 403 via the API)
    r = httpx.post(f"{server}/api/rooms/{room['room']}/chat", json={"token": room["seats"][0]["token"], "text": "x" * 301})
    assert r.status_code == 422
    ana.evaluate("document.getElementById('chat-input').removeAttribute('maxlength')")
    ana.fill("#chat-input", "y" * 301)
    ana.press("#chat-input", "Enter")
    assert "300" in ana.inner_text("#chat-error") and ana.is_visible("#chat-error")
    for page in (ana, bo, watcher):
        page.context.close()


def test_a_clock_runs_out_and_the_opponent_claims_the_game(server, browser, errors):
    room = make(server, "krig", ["human", "human"], time_control={"mode": "move", "seconds": 2})
    pages = []
    for seat in (0, 1):
        page = new_page(browser, errors, **PHONE)
        open_room(page, server, room, seat)
        page.click("#name-skip")
        pages.append(page)
    pages[0].wait_for_selector("#people .pclock")
    waiting = room_view(server, room)["node"]["seats"][0]
    claimer = pages[1 - waiting]
    claimer.wait_for_selector("#claim-box:not([hidden])", timeout=15000)
    assert "ran out of time" in claimer.inner_text("#claim-text")
    assert pages[waiting].is_hidden("#claim-box")
    claimer.click("#claim")
    for page in pages:
        page.wait_for_selector("#end:not([hidden])")
        assert "claimed" in page.inner_text("#end-why")
    assert pages[1 - waiting].inner_text("#end-title") == "You won!"
    assert pages[waiting].inner_text("#end-title") == "You lost"
    for page in pages:
        page.context.close()


def test_a_refused_claim_shows_the_servers_message(server, browser, errors):
    room = make(server, "krig", ["human", "human"])
    page = new_page(browser, errors, **WIDE)
    waiting = room_view(server, room)["node"]["seats"][0]
    open_room(page, server, room, 1 - waiting)
    page.click("#name-skip")
    # the page offers a claim when the opponent looks away; the server still judges the limit
    page.evaluate("document.getElementById('claim-box').hidden = false")
    page.click("#claim")
    page.wait_for_selector("#error:not([hidden])")
    assert "nothing to claim" in page.inner_text("#error")
    page.context.close()


def test_a_takeback_with_the_others_consent(server, browser, errors):
    room = make(server, "kniggits", ["human", "human"], options=KN_OPTIONS)
    for seat, action in ((0, KN_FAR[0]), (1, KN_FAR[1]), (0, "rock"), (1, "scissors"), (0, "rock"), (1, "scissors")):
        decide(server, room, seat, action)
    red, blue = (new_page(browser, errors, **WIDE) for _ in range(2))
    open_room(red, server, room, 0)
    open_room(blue, server, room, 1)
    before = last_event(red)
    red.click("#name-skip")
    assert red.is_hidden("#takeback-row")  # the last decision was Blue's
    decide(server, room, 0, "move:A1:6:3.5")
    red.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    red.wait_for_selector("#takeback-row:not([hidden])")
    red.click("#takeback")
    red.wait_for_function("() => document.getElementById('takeback-status').textContent.includes('Waiting')")
    blue.wait_for_selector("#takeback-ask:not([hidden])")
    assert "wants to take back their last decision" in blue.inner_text("#takeback-question")
    blue.click("#takeback-allow")
    for page in (red, blue):
        page.wait_for_function(f"() => Number(document.body.dataset.last) === {before}")
        page.wait_for_selector("#takeback-ask", state="hidden")
    assert room_view(server, room)["last"] == before
    # the log holds no line of the decision taken back
    assert red.locator("#log li").count() == sum(
        len(e["log"]) for e in httpx.get(f"{server}/api/rooms/{room['room']}/events?since=-1",
                                         headers={"X-Seat-Token": room["seats"][0]["token"]}).json()["events"])
    # refused: after a decision followed by a roll, the server's reason shows next to the button
    decide(server, room, 0, "end_move")
    red.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    view = room_view(server, room, 0)
    if view["last"] > before + 1:  # a roll came after it
        red.wait_for_selector("#takeback-row:not([hidden])")
        red.click("#takeback")
        red.wait_for_selector("#error:not([hidden])")
        assert "roll" in red.inner_text("#error")
    for page in (red, blue):
        page.context.close()


def test_open_games_are_listed_and_joined_under_a_name(server, browser, errors):
    room = make(server, "krig", ["human", "human"], public=True, names={"0": "Ana"})
    page = new_page(browser, errors, **PHONE)
    page.goto(server + "/")
    item = page.locator(f"#open-list li[data-room='{room['room']}']")
    item.wait_for()
    assert "Ana (Sun)" in item.inner_text()
    item.locator("button.join").click()
    item.locator(".join-form input").fill("")
    item.locator(".join-form button[type=submit]").click()
    assert "name" in item.locator(".join-form .error").inner_text()
    item.locator(".join-form input").fill("Cy")
    item.locator(".join-form button[type=submit]").click()
    page.wait_for_url(f"**/play/{room['room']}#t=*")
    page.wait_for_selector(".connection.ok")
    page.wait_for_function("() => document.getElementById('who').textContent.includes('Cy (Moon)')")
    assert page.is_hidden("#name-dialog")
    assert room["room"] not in [r["room"] for r in httpx.get(server + "/api/rooms/public").json()["rooms"]]
    page.context.close()


def test_the_lobby_creates_a_room_with_a_name_a_clock_and_public_seats(server, browser, errors):
    page = new_page(browser, errors, **WIDE)
    page.goto(server + "/?game=krig")
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-1", "human")
    page.fill("#my-name", "Dee")
    page.select_option("#time-mode", "game")
    page.fill("#time-minutes", "3")
    page.fill("#time-increment", "2")
    page.fill("#away-limit", "60")
    page.check("#public")
    page.click("#create-button")
    page.wait_for_selector(".play-link")
    invite = page.get_attribute(".play-link", "href")
    page.goto(invite)
    page.wait_for_selector("#people .pclock")
    view = page.evaluate("fetch(location.pathname.replace('/play/', '/api/rooms/'), {headers: {'X-Seat-Token':"
                         " new URLSearchParams(location.hash.slice(1)).get('t')}}).then(r => r.json())")
    assert view["clocks"]["mode"] == "game" and view["clocks"]["seconds"] == 180 and view["clocks"]["increment"] == 2
    assert view["clocks"]["away_limit"] == 60 and view["public"] is True
    assert view["seats"][0]["player"] == "Dee"
    assert "3:00" in page.inner_text("#people") or "2:5" in page.inner_text("#people")
    page.context.close()


def test_spanish_on_the_lobby_and_the_game_page(server, browser, errors):
    page = new_page(browser, errors, **WIDE)  # the browser speaks English: English first
    page.goto(server + "/")
    page.wait_for_selector("#seat-1")
    assert page.inner_text("#new-title") == "New game" and page.get_attribute("html", "lang") == "en"
    page.select_option("#lang", "es")
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    page.wait_for_selector("#seat-1")
    assert page.inner_text("#new-title") == "Partida nueva"
    assert page.inner_text("#create-button") == "Crear partida"
    assert "Humano" in page.inner_text("#seat-0")
    room = make(server, "krig", ["human", "bot:heuristic"])
    open_room(page, server, room, 0)
    assert page.get_attribute("html", "lang") == "es"
    assert page.inner_text("#connection") == "conectado"
    assert page.inner_text("#name-title") == "¿Qué nombre verán los demás?"
    assert page.inner_text("#chat-title") == "Chat" and page.inner_text("#log-title") == "Registro"
    assert page.inner_text("#actions-title").startswith("Tu decisión")
    # a browser set to Spanish gets Spanish without choosing
    spanish = new_page(browser, errors, locale="es-ES", **WIDE)
    spanish.goto(server + "/")
    spanish.wait_for_selector("#seat-1")
    assert spanish.inner_text("#new-title") == "Partida nueva"
    page.context.close()
    spanish.context.close()


def test_the_end_panel_checks_the_dice_and_links_the_replay(server, browser, errors):
    room = make(server, "krig", ["bot:heuristic", "bot:heuristic"])
    wait_until(lambda: room_view(server, room)["over"], timeout=60)
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room, None)
    page.wait_for_selector("#end:not([hidden])")
    assert page.get_attribute("#replay-link", "href") == f"/replay/{room['room']}"
    page.wait_for_selector("#verify-result[data-state=ok]", timeout=20000)
    rolls = len(httpx.get(f"{server}/api/rooms/{room['room']}/dice").json()["rolls"])
    assert f"All {rolls} rolls verified." in page.inner_text("#verify-result")
    page.context.close()


axe = pytest.importorskip("axe_playwright_python")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_with_chat_clocks_and_open_games(server, browser, errors, scheme):
    from tests.web.test_pages import serious
    make(server, "krig", ["human", "human"], public=True)  # the lobby lists an open game
    page = new_page(browser, errors, color_scheme=scheme, reduced_motion="reduce", bypass_csp=True, **PHONE)
    page.goto(server + "/")
    page.wait_for_selector("#open-list li")
    found = {"lobby": serious(page)}
    room = make(server, "krig", ["human", "human"], time_control={"mode": "game", "seconds": 300, "increment": 5})
    httpx.post(f"{server}/api/rooms/{room['room']}/chat", json={"token": room["seats"][1]["token"], "text": "hello"})
    open_room(page, server, room, 0)
    page.locator("#chat-panel summary").click()
    page.wait_for_selector("#chat-lines li")
    page.wait_for_selector("#people .pclock")
    assert page.is_visible("#name-dialog")
    found["game"] = serious(page)
    assert {k: v for k, v in found.items() if v} == {}
    page.context.close()
