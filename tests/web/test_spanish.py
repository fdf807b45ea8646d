"""Spanish pages (issue 28, point 3): every word a player reads in Spanish, from the one catalogue.

Real games are played on a Spanish page (the browser's language) through the API while the page
follows them, and at each step the page's visible text is checked against the catalogue's
English: no line the catalogue can translate (so made by one of its English templates) and no
English word or name of the catalogue it translates is left.  The lobby is checked for every game
at both sizes: descriptions, option names, their help and their values."""

from __future__ import annotations

import random
import re

import httpx
import pytest

from brawl.games.lang import catalogue
from tests.web.conftest import GAMES, PHONE, WIDE, create, decide, new_page, open_room, room_view, wait_until

pytestmark = pytest.mark.browser

SPANISH = {"locale": "es-ES"}


def settled_text(page, games: tuple[str, ...], wait: float = 3.0) -> str:
    """The page's text once a drawing in progress has finished (a loaded machine can catch the
    page between its update and the translation of one part of it): at most ``wait`` seconds."""
    import time

    end = time.monotonic() + wait
    text = page.inner_text("body")
    while english_left(text, games) and time.monotonic() < end:
        page.wait_for_timeout(100)
        text = page.inner_text("body")
    return text


def english_left(text: str, games: tuple[str, ...]) -> list[str]:
    """The English the catalogue of ``games`` knows, still in ``text`` (a page's visible text)."""
    cat = catalogue("es", games)
    found = []
    for line in (ln.strip() for ln in text.splitlines()):
        if line and (line in cat.exact or cat.translate(line) not in (None, line)):
            if cat.translate(line) != line:
                found.append(line)
    words = {e: s for e, s in {**cat.exact, **cat.names}.items() if e != s and len(e) >= 5 and re.search(r"[A-Za-z]{4}", e)}
    for english in words:
        # a word inside something typed ("steve,rogue,cleric=Ida": the custom party's syntax) is code
        if re.search(r"(?<![\w,=-])" + re.escape(english) + r"(?![\w,=-])", text):
            found.append(english)
    return sorted(set(found))


def test_the_check_finds_english(server):
    """The check above can fail: an English prompt, decision and name are found, Spanish is not."""
    assert "Sun: attack, defend or charge?" in english_left("Sun: attack, defend or charge?", ("krig",))
    assert "Player" in english_left("Player 1 (tú)", ("ktog",))
    assert english_left("Sol: ¿atacas, defiendes o cargas?\nJugador 1 ataca a Ana", ("krig", "ktog")) == []


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_lobby_speaks_spanish_for_every_game(server, browser, errors, size):
    """Issue 28, points 3 and 9: titles, descriptions, options and their values (by label, never
    every_round) in Spanish."""
    page = new_page(browser, errors, **SPANISH, **(PHONE if size == "phone" else WIDE))
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    for game in GAMES:
        page.select_option("#game", game)
        page.wait_for_selector("#options .field, #options[hidden]", state="attached")
        text = page.inner_text("main")
        assert english_left(text, (game,)) == [], (game, english_left(text, (game,)))
        raw = [v for v in page.eval_on_selector_all("#options select option", "os => os.map(o => o.textContent)") if "_" in v]
        assert raw == [], game
    assert "Mata al Otro" in page.inner_text("#game")
    page.context.close()


def play_on_page(server, browser, errors, game, seats, options, size=WIDE, steps=400, seed=0):
    """Play a game to its end through the API while a Spanish page of seat 0 follows it; check
    the page at every decision of seat 0 and at the end."""
    room = create(server, game, seats, options)
    page = new_page(browser, errors, **SPANISH, **size)
    open_room(page, server, room)
    rng = random.Random(seed)
    seen = set()
    for _ in range(steps):
        view = wait_until(lambda: (lambda v: v if v["over"] or 0 in v["node"]["seats"] else None)(room_view(server, room, 0)))
        page.wait_for_function(f"() => Number(document.body.dataset.last) >= {view['last']}")
        text = settled_text(page, (game,))
        assert english_left(text, (game,)) == [], (game, view["last"], english_left(text, (game,)))
        seen.add(text)
        if view["over"]:
            break
        decide(server, room, 0, rng.choice([d["action"] for d in view["legal"]]))
    else:
        raise AssertionError("no end")
    page.wait_for_selector("#end:not([hidden])")
    if game == "krig":  # its exact review comes into the end panel: it must read in Spanish too
        page.wait_for_selector("#review-box[data-state=done]", timeout=30_000)
    assert english_left(settled_text(page, (game,)), (game,)) == []
    page.context.close()
    return seen


def test_rock_paper_scissors_in_spanish(server, browser, errors):
    seen = play_on_page(server, browser, errors, "rps", ["human", "bot:random"], {})
    assert any("piedra" in s for s in seen)


def test_krig_in_spanish_on_a_phone(server, browser, errors):
    seen = play_on_page(server, browser, errors, "krig", ["human", "bot:random"], {"hp": 3}, size=PHONE)
    assert any("Luna" in s and "Puntos de golpe" in s for s in seen)


def test_ktog_in_spanish(server, browser, errors):
    """Three players with classes and Cure's touch roll: prompts, spells, odds, the table, the log."""
    seen = play_on_page(server, browser, errors, "ktog", ["human", "bot:random", "bot:random"],
                        {"players": 3, "hp": 3, "classes": True, "cure_touch_roll": True, "initiative": "every_round"})
    assert any("Puntos de golpe" in s for s in seen)


def test_tactics_in_spanish(server, browser, errors):
    """The board's words too: classes, gear and spells on the character sheets, the round's card."""
    seen = play_on_page(server, browser, errors, "tactics", ["human", "bot:random"],
                        {"party1": "steve", "party2": "jeff", "max_rounds": 1})
    assert any("Hojas de personaje" in s for s in seen)


def test_kniggits_in_spanish_as_a_spectator(server, browser, errors):
    """Two bots fight on a small table while a Spanish spectator page follows: fights, moves, the
    table and the log, checked at every change."""
    room = create(server, "kniggits", ["bot:heuristic", "bot:heuristic"],
                  {"table": 18, "points": 20, "turn_limit": 3, "terrain": "open"})
    page = new_page(browser, errors, **SPANISH, **WIDE)
    open_room(page, server, room, seat=None)
    last = -1
    while True:
        view = room_view(server, room)
        page.wait_for_function(f"() => Number(document.body.dataset.last) >= {view['last']}")
        if view["last"] != last:
            assert english_left(page.inner_text("body"), ("kniggits",)) == [], view["last"]
            last = view["last"]
        if view["over"]:
            break
    assert "Azul" in page.inner_text("body")
    page.context.close()


def test_the_replay_viewer_in_spanish(server, browser, errors):
    """The replay viewer's log, table and names come through the same catalogue."""
    room = create(server, "krig", ["bot:random", "bot:random"], {"hp": 3})
    wait_until(lambda: room_view(server, room)["over"])
    page = new_page(browser, errors, **SPANISH, **WIDE)
    page.goto(f"{server}/replay/{room['room']}")
    page.wait_for_function("() => document.body.dataset.step !== undefined")
    page.click("#last")
    page.wait_for_function("() => Number(document.body.dataset.step) > 0")
    # the log, the table, the title and the names (the review panel has words of its own)
    text = "\n".join(page.inner_text(part) for part in ("#title", "#players", "#board", "#log"))
    assert english_left(text, ("krig",)) == []
    assert "Sol" in page.inner_text("#players") and "puntos de golpe" in text
    page.context.close()


def test_the_page_translates_log_lines_as_the_catalogue_does(server, browser, errors):
    """brawl.tr in the page and the server's catalogue agree, capitalised log lines included (the
    page had "Turno 1: A1 mueve 2.9 in to (9.5, 5.8)" where the catalogue makes it whole)."""
    lines = ["Turn 1: A1 moves 2.9 in to (9.5, 5.8)",
             "Turn 4: B1 moves 0.5 in to (11.5, 4.8), stops 2 in from A2: in combat",
             "Turn limit: Red 3 tokens, Blue 4 tokens", "Red wins rock-paper-scissors and goes first"]
    room = create(server, "kniggits", ["human", "bot:heuristic"], {"terrain": "open", "table": 12, "points": 20})
    page = new_page(browser, errors, **SPANISH, **WIDE)
    open_room(page, server, room)
    page.wait_for_selector("#kn-army:not([hidden])")
    shown = page.evaluate("(lines) => lines.map((l) => brawl.tr(l))", lines)
    assert shown == [catalogue("es", ("kniggits",)).show(line) for line in lines]
    assert shown[0] == "Turno 1: A1 se mueve 2.9 pulg hasta (9.5, 5.8)"
    page.context.close()


def test_two_parties_of_one_name_are_named_in_spanish(server, browser, errors):
    """Tactics, the same party on both sides: its seats are "Duo (1)" and "Duo (2)", which the names
    table knew only as "Duo" and a number without brackets, so they stayed English."""
    room = create(server, "tactics", ["human", "human"], {"party1": "duo", "party2": "duo"})
    page = new_page(browser, errors, **SPANISH, **PHONE)
    open_room(page, server, room)
    page.wait_for_selector("#tc-order li")
    people, order = page.inner_text("#people"), page.inner_text("#tc-order")
    assert "Dúo (1)" in people and "Dúo (2)" in people and "(Dúo (1))" in order
    assert "Duo" not in people + order
    page.context.close()


def test_the_replay_viewers_review_in_spanish(server, browser, errors):
    """The review beside the replay: its note and the judged decisions ("Paso 1 · Luna carga")
    come through the game's catalogue.  The review could be drawn before the page had the game's
    words, and then stayed English ("exact: every figure is...", "Moon charges")."""
    room = create(server, "krig", ["bot:random", "bot:random"], {"hp": 5})
    wait_until(lambda: room_view(server, room)["over"])
    # the review ready before the page opens (as when a player saw it on the game page first): it
    # then comes at once, before the game's words unless the review waits for them
    wait_until(lambda: httpx.get(f"{server}/api/rooms/{room['room']}/review").status_code == 200)
    page = new_page(browser, errors, **SPANISH, **PHONE)
    page.goto(f"{server}/replay/{room['room']}")
    page.wait_for_selector("#review-panel .review-note")
    text = page.inner_text("#review-panel")
    assert english_left(text, ("krig",)) == []
    assert "Moon" not in text and "Luna" in text and "exacto" in page.inner_text("#review-panel .review-note")
    page.context.close()


@pytest.mark.parametrize("game", ["rps", "krig", "ktog", "kniggits", "tactics"])
def test_the_rules_page_in_spanish(server, browser, errors, game):
    """The lobby's rules link on a Spanish page opens the game's Spanish rules page."""
    page = new_page(browser, errors, **SPANISH, **WIDE)
    page.goto(f"{server}/?game={game}")
    href = page.locator("#rules-link a").get_attribute("href")
    assert href.endswith(f"/rules/{game}?lang=es")
    page.goto(server + href)
    assert page.evaluate("document.documentElement.lang") == "es"
    text = page.inner_text("body")
    assert "Reglas de" in page.title() and ("Saltar al contenido" in text or "brawl" in text)
    # quotations of the English sources stay in their words, and option names and values are code
    prose = page.evaluate("() => { const b = document.body.cloneNode(true); b.querySelectorAll('code').forEach((c) => c.remove()); return b.innerText; }")
    own = re.sub(r"«[^»]*»", "", prose)
    assert english_left(own, (game,)) == []
    assert re.findall(r"\b(the|and|of|is)\b", own) == []
    page.context.close()


def test_a_rules_page_not_yet_in_spanish_says_so(server, monkeypatch):
    """A game without a rules.es.md (every game has one now: one is taken away) gets the English
    page with a note saying so; the English page has no note."""
    from brawl.server.routes import pages

    monkeypatch.setattr(pages, "rules_in", lambda cls, lang: None)
    text = httpx.get(f"{server}/rules/tactics?lang=es").text
    assert "aún no están traducidas al español" in text
    assert "aún no están traducidas" not in httpx.get(f"{server}/rules/tactics").text


def test_the_tactics_rules_page_is_spanish_not_the_note(server):
    """Tactics has its rules.es.md: the Spanish page is that text, with no "not translated" note."""
    text = httpx.get(f"{server}/rules/tactics?lang=es").text
    assert "aún no están traducidas" not in text
    assert "Ataques de oportunidad" in text and "Attacks of opportunity (seed" not in text


def test_the_kniggits_rules_page_is_spanish_not_the_note(server):
    """Kniggits has its rules.es.md: the Spanish page is that text, with no "not translated" note."""
    text = httpx.get(f"{server}/rules/kniggits?lang=es").text
    assert "aún no están traducidas" not in text
    assert "Fase uno: mover" in text and "Phase one: moving" not in text
