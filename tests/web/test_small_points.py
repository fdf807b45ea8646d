"""Issue 40, point 5 (and the numbers of point 4): the smaller things a person trips on, in the
browser: a guest's pages ask who is logged in without an error, the prompt bar names the player once,
the Kniggits army table has no empty header, a replay upload that is no JSON says so plainly, and
shares read in the page's language ("56,6 %")."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.shots import shot
from tests.web.conftest import PHONE, WIDE, create, new_page, open_room, room_view, wait_until

pytestmark = pytest.mark.browser

axe = pytest.importorskip("axe_playwright_python")
AXE = (Path(axe.__file__).parent / "axe.min.js").read_text()


def finished_room(server: str) -> str:
    made = httpx.post(server + "/api/rooms", json={"game": "rps", "seats": ["bot:random", "bot:random"]}, timeout=60).json()
    wait_until(lambda: httpx.get(f"{server}/api/rooms/{made['room']}", timeout=60).json()["over"], timeout=60)
    return made["room"]


def test_a_guests_pages_leave_no_refused_request(server, browser, errors):
    """Issue 40, point 5: the lobby, a game page and the leaderboards, opened by a guest, make no
    request the server refuses (each logged a 401 for /api/me in the console)."""
    page = new_page(browser, errors, **WIDE)
    refused = []
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    room = create(server, "rps", ["human", "bot:random"])
    for path in ("/", "/leaderboard", "/leaderboard/krig", room["seats"][0]["invite"]):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
    assert page.evaluate("brawl.me ? brawl.me() : null") is None
    assert refused == []
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_prompt_bar_names_the_player_once(server, browser, errors, size):
    """Issue 40, point 5: "Your turn: Sun: attack, defend or charge?" said the name twice; now
    "Your turn: attack, defend or charge?" (the rules' prompt names the seat on turn: the reader)."""
    room = create(server, "krig", ["human", "human"])
    seat = room_view(server, room, 0)["node"]["seats"][0]
    name = room_view(server, room, seat)["seats"][seat]["name"]
    assert room_view(server, room, seat)["node"]["prompt"].startswith(f"{name}: ")
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    open_room(page, server, room, seat)
    page.wait_for_function("() => document.getElementById('turn').dataset.state === 'yours'", timeout=20000)
    text = page.inner_text("#turn")
    assert text.startswith("Your turn: ") and f"{name}:" not in text and "attack" in text, text
    shot(page, f"{size}-turn-names-once")
    page.context.close()


def test_the_kniggits_army_table_has_no_empty_header(server, browser, errors):
    """Issue 40, point 5: axe's empty-table-header on the Kniggits page (the army builder's column
    of remove buttons had a header with no text)."""
    room = create(server, "kniggits", ["human", "human"], {"terrain": "open", "table": 12, "points": 20})
    page = new_page(browser, errors, bypass_csp=True, **WIDE)
    open_room(page, server, room)
    page.wait_for_selector("#kn-army table")
    page.add_script_tag(content=AXE)
    found = page.evaluate("""async () => (await axe.run(document, {runOnly: ['empty-table-header', 'th-has-data-cells']}))
        .violations.map((v) => v.id)""")
    assert found == []
    page.context.close()


def test_a_replay_upload_that_is_no_json_says_so_plainly(server, browser, errors):
    """Issue 40, point 5: after a record is on show, a file that is not JSON is refused in plain
    words that say the record on show is still the former one (no parser's message)."""
    record = httpx.get(f"{server}/api/rooms/{finished_room(server)}/record", timeout=60).text
    page = new_page(browser, errors, **PHONE)
    page.goto(server + "/replay")
    page.set_input_files("#record-file", files=[{"name": "good.json", "mimeType": "application/json", "buffer": record.encode()}])
    page.wait_for_selector("body[data-step]")
    assert "good.json" in page.inner_text("#upload-title")
    page.set_input_files("#record-file", files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello, not json"}])
    page.wait_for_selector("#error:not([hidden])")
    said = page.inner_text("#error")
    assert "notes.txt is not a game record: it is not JSON text." in said and "Still showing good.json." in said
    assert "JSON.parse" not in said and "Unexpected" not in said and "position" not in said
    shot(page, "phone-replay-upload-not-json")
    page.context.close()


def test_shares_read_in_the_pages_language(server, browser, errors):
    """Issue 40, point 4: "56.6%" reads "56,6 %" on a Spanish page (the board's zoom too)."""
    room = create(server, "kniggits", ["human", "human"], {"terrain": "open", "table": 12, "points": 20})
    page = new_page(browser, errors, locale="es-ES", **WIDE)
    open_room(page, server, room)
    assert page.evaluate("brawl.pct(0.566)") == "56,6\u00a0%"
    assert page.inner_text("#kn-zoom-level") == "100\u00a0%"
    english = new_page(browser, errors, **WIDE)
    open_room(english, server, room)
    assert english.evaluate("brawl.pct(0.566)") == "56.6%" and english.inner_text("#kn-zoom-level") == "100%"
    page.context.close()
    english.context.close()


def test_after_logging_out_back_shows_the_profile_as_a_guests(server, browser, errors):
    """Issue 40, point 5: logged in, a profile, the lobby, log out, then Back: the profile is drawn
    again for a guest (it came back from the browser's cache as the logged-in page it was)."""
    for name in ("ana_back", "bob_back"):
        httpx.post(server + "/api/accounts", json={"username": name, "password": "longenough1"}, timeout=120)
    page = new_page(browser, errors, **WIDE)
    page.goto(server + "/")
    page.wait_for_selector("#acct-name")
    page.fill("#acct-name", "ana_back")
    page.fill("#acct-pass", "longenough1")
    page.click("#log-in")
    page.wait_for_selector("#log-out", timeout=60000)
    page.goto(server + "/@/bob_back")
    page.wait_for_function("async () => !!(await brawl.me())")
    page.goto(server + "/")
    page.click("#log-out")
    page.wait_for_selector("#acct-name")
    page.go_back()
    page.wait_for_function("() => location.pathname === '/@/bob_back'")
    wait_until(lambda: page.evaluate("async () => (await brawl.me()) === null"), timeout=20)
    page.context.close()


def test_ktog_for_five_keeps_its_status_cards_short_on_a_phone(server, browser, errors):
    """Issue 40, point 5: KtOG for 3 to 8 on a phone filled half the screen with status cards (five
    lines a player); now a card is the name and the first value, the rest behind its "more"."""
    room = create(server, "ktog", ["human"] + ["bot:heuristic"] * 4, {"players": 5})
    page = new_page(browser, errors, **PHONE)
    open_room(page, server, room)
    page.wait_for_selector("table.status.many tbody tr")
    heights = page.eval_on_selector_all("table.status.many tbody tr", "rows => rows.map((r) => r.getBoundingClientRect().height)")
    assert len(heights) == 5 and max(heights) <= 80, heights
    assert not page.is_visible("table.status.many tbody tr:first-child td.more >> nth=0")
    page.locator("table.status.many tbody tr:first-child .card-more").tap()
    assert page.is_visible("table.status.many tbody tr:first-child td.more >> nth=0")
    assert "Haste" in page.inner_text("table.status.many tbody tr:first-child")  # the spells left
    shot(page, "phone-ktog5-status-cards")
    page.context.close()


def test_the_lobby_says_where_every_other_seats_link_goes(server):
    """Issue 40, point 5: "send the other to your opponent" read wrong with four seats; the lobby
    speaks of each of the others."""
    text = httpx.get(server + "/", timeout=60).text
    assert "send the other to your opponent" not in text
    assert "send each of the others to the person" in text


def table_room(server: str, game: str) -> dict:
    made = httpx.post(server + "/api/rooms", json={"game": game, "seats": ["human", "human"], "dice": "table"}, timeout=60)
    assert made.status_code == 201, made.text
    return made.json()


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_tactics_table_room_shows_every_squares_name_and_the_whole_sheet(server, browser, errors, size):
    """Issue 40, point 5: at a table (dice rolled there), a figure hid its square's name (the names
    were drawn under the figures), and the game sheet's square column was cut off in the side
    column (a table wider than its box); now the names lie above the figures and the sheet's rows
    are cards that fit."""
    room = table_room(server, "tactics")
    page = new_page(browser, errors, **(PHONE if size == "phone" else WIDE))
    open_room(page, server, room)
    page.wait_for_selector(".tc-sq-name")
    above = page.evaluate("""() => { const token = document.querySelector('.tc-token');
        const sq = token.querySelector('.tc-hit'); const name = `${sq.getAttribute('x')},${sq.getAttribute('y')}`;
        const label = [...document.querySelectorAll('.tc-sq-name')].find((t) => t.textContent === name);
        return !!label && !!(token.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING); }""")
    assert above
    page.wait_for_selector("#sheet-rows table")
    fit = page.evaluate("""() => { const box = document.getElementById('sheet-rows');
        const squares = [...box.querySelectorAll('td[data-label="square"]')];
        return [box.scrollWidth <= box.clientWidth + 1, squares.length > 0 && squares.every((td) => td.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1)]; }""")
    assert fit == [True, True]
    shot(page, f"{size}-tactics-table-room")
    page.context.close()


def test_a_challenge_has_a_copy_button_and_says_whom_it_waits_for(server, browser, errors):
    """Issue 40, point 5: the challenge link comes with a Copy button and the wait names the one
    challenged (it spoke of "ratings within 151 of yours"); the quick pairing does not count the
    seeker among those waiting ("1 waiting" was oneself); the challenged reads the game's title."""
    for name in ("cara_ch", "dan_ch"):
        httpx.post(server + "/api/accounts", json={"username": name, "password": "longenough1"}, timeout=120)
    page = new_page(browser, errors, **WIDE)
    assert page.request.post(server + "/api/session", data={"username": "cara_ch", "password": "longenough1"}, timeout=120000).ok
    page.goto(server + "/@/dan_ch")
    page.click("#challenge-go")
    page.wait_for_selector("#challenge-link")
    assert page.locator("#challenge button.copy").count() == 1
    page.wait_for_function("() => /Waiting for dan_ch to accept/.test(document.getElementById('challenge-status').textContent)")
    assert "ratings within" not in page.inner_text("#challenge")
    link = page.inner_text("#challenge-link")
    page.goto(server + "/")
    page.wait_for_selector("#seek-go")
    page.click("#seek-go")
    page.wait_for_function("() => /Waiting for an opponent/.test(document.getElementById('seek-status').textContent)")
    assert "0 others waiting" in page.inner_text("#seek-status")
    guest = new_page(browser, errors, **WIDE)
    guest.goto(link)
    game = link.split("game=")[1].split("&")[0]
    title = next(g["title"] for g in httpx.get(server + "/api/games", timeout=60).json() if g["name"] == game)
    assert title != game
    guest.wait_for_function("t => document.getElementById('challenge').textContent.includes(`of ${t}.`)", arg=title)
    guest.context.close()
    page.context.close()


def test_the_tactics_party_help_explains_its_english_class_names_in_spanish():
    """Issue 40, point 4: the Tactics lobby help showed "rogue" and "cleric" in Spanish with no word
    on them; they are what the field takes (the party's syntax), so the Spanish help says what each is."""
    from brawl.games.lang import catalogue

    text = catalogue("es", ("tactics",)).translate(
        "The first side's own party instead of a ready one: ready characters and classes separated by commas, "
        "a class optionally named (steve,rogue,cleric=Ida).")
    assert "rogue=pícaro" in text and "cleric=clérigo" in text
    from tests.web.test_spanish import english_left

    assert english_left(text, ("tactics",)) == []  # the class names are the field's code, each said in Spanish


def test_krigs_defense_reads_ninguna_in_spanish(server, browser, errors):
    """Issue 40, point 4: "Defensa d8: ninguno" (la defensa: ninguna); a status value is read with
    its heading where the game's catalogue says so."""
    room = create(server, "krig", ["human", "bot:heuristic"])
    page = new_page(browser, errors, locale="es-ES", **PHONE)
    open_room(page, server, room)
    page.wait_for_selector("table.status td[data-label='Defensa d8']")
    values = page.eval_on_selector_all("table.status td[data-label='Defensa d8']", "cells => cells.map((c) => c.textContent)")
    assert "ninguna" in values and "ninguno" not in values, values
    page.context.close()
