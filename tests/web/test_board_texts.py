"""The boards' fixed interface text goes through the catalogue (brawl.t): every key the Kniggits and
Tactics boards and the gesture module use has a Spanish entry, and a board drawn in Spanish shows it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.web.conftest import PHONE, WIDE, create, kniggits_to_move, new_page, open_room, room_view

STATIC = Path(__file__).resolve().parents[2] / "brawl" / "web" / "static"
# every script of the interface: the boards and their parts (games/<game>-<part>.js), the game page
# and its parts, the lobby, accounts, the replay viewer, the review, the table (not the catalogue's own)
BOARD_FILES = sorted((STATIC / "games").glob("*.js")) + sorted(p for p in STATIC.glob("*.js") if not p.name.startswith("i18n"))
STRING = r'"((?:[^"\\]|\\.)*)"'


def catalogue() -> dict[str, str]:
    """The Spanish entries of the interface (i18n-es.js, i18n-es-boards.js and the interface words at
    the end of i18n-es-errors.js: "key": "text" pairs, one or two lines each)."""
    body = "".join((STATIC / name).read_text() for name in ("i18n-es.js", "i18n-es-boards.js", "i18n-es-errors.js"))
    return {json.loads(f'"{k}"'): json.loads(f'"{v}"') for k, v in re.findall(STRING + r":\s*" + STRING, body)}


def keys_used(path: Path) -> set[str]:
    """Every literal key handed to the catalogue: T("..."), t("...") and both sides of T(a ? "..." : "...")."""
    src = path.read_text()
    keys = set()
    for call in re.finditer(r"\b(?:T|t|brawl\.t)\(([^()]*?)(?:,\s*\{|\))", src):
        args = call.group(1)
        args = re.sub(r"[!=]==\s*" + STRING, "", args)  # a value compared with (kind === "simultaneous") is no key
        if args.lstrip().startswith('"') or "?" in args:
            keys.update(json.loads(f'"{k}"') for k in re.findall(STRING, args))
    return keys


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.name)
def test_every_board_text_has_a_spanish_entry(path):
    es = catalogue()
    used = keys_used(path)
    assert used  # the file does use the catalogue (and the pattern finds its keys)
    assert sorted(k for k in used if k not in es) == []


def test_the_hand_words_of_a_kniggits_fight_are_in_the_catalogue():
    es = catalogue()
    src = (STATIC / "games" / "kniggits-fight.js").read_text()
    words = re.search(r"HAND_WORDS = \{(.*?)\};", src, re.S).group(1)
    values = [json.loads(f'"{v}"') for v in re.findall(r":\s*" + STRING, words)]
    assert values and all(v in es for v in values)


SPANISH = "try { localStorage.setItem('brawl.lang', 'es'); } catch (e) {}"


@pytest.mark.browser
def test_the_kniggits_board_speaks_spanish(server, browser, errors):
    room = create(server, "kniggits", ["human", "bot:heuristic"], {"terrain": "open", "table": 12, "points": 20})
    page = new_page(browser, errors, **PHONE)
    page.context.add_init_script(SPANISH)
    open_room(page, server, room)
    page.wait_for_selector("#kn-army:not([hidden])")
    army = page.inner_text("#kn-army")
    assert "Forma tu ejército" in army and "Puntos: " in army and "Enviar este ejército" in army
    assert page.inner_text("#board h2") == "La mesa"
    assert page.get_attribute("#board .zoom-bar button >> nth=0", "aria-label") == "Alejar"
    page.context.close()


@pytest.mark.browser
def test_the_kniggits_ruler_speaks_spanish(server, browser, errors):
    room = kniggits_to_move(server)
    page = new_page(browser, errors, **WIDE)
    page.context.add_init_script(SPANISH)
    open_room(page, server, room)
    page.wait_for_selector('g.kniggit[data-id="A1"][role="button"]')
    page.focus('g.kniggit[data-id="A1"]')
    page.keyboard.press("Enter")
    assert "A1 seleccionado" in page.inner_text("#kn-ruler")
    page.context.close()


@pytest.mark.browser
def test_the_tactics_board_speaks_spanish(server, browser, errors):
    room = create(server, "tactics", ["human", "human"])
    seat = room_view(server, room, 0)["node"]["seats"][0]
    page = new_page(browser, errors, **WIDE)
    page.context.add_init_script(SPANISH)
    open_room(page, server, room, seat)
    page.wait_for_selector("#tc-card strong")
    assert page.inner_text("#tc-card strong").startswith("Ronda ")
    assert "Hojas de personaje" in page.inner_text("#board")
    assert "Iniciativa de esta ronda" in page.inner_text("#board")
    page.context.close()


def test_every_bot_and_level_name_has_a_spanish_entry():
    """A bot's or a level's name shows in the seats, the lobby, profiles and the replay
    (brawl.botName): each one of every game has its entry "bot:<name>"."""
    from brawl.bots import bot_names, level_names
    from brawl.games import game_names

    es = catalogue()
    names = {n for g in game_names() for n in [*bot_names(g), *level_names(g)]}
    assert {"hard", "heuristic", "random"} <= names
    assert sorted(n for n in names if f"bot:{n}" not in es) == []


@pytest.mark.browser
def test_a_bot_seat_is_named_in_spanish(server, browser, errors):
    """Issue 28, point 3: a level chosen in the lobby ("Ordenador: difícil") was "(bot: hard)" in
    the seats of a Spanish game page."""
    room = create(server, "krig", ["human", "bot:hard"])
    page = new_page(browser, errors, **PHONE)
    page.context.add_init_script(SPANISH)
    open_room(page, server, room)
    page.wait_for_selector("#people .bot")
    assert page.inner_text("#people .bot") == "(bot: difícil)"
    assert "hard" not in page.inner_text("header")
    page.context.close()
