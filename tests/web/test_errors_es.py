"""Issue 40, point 4: no English left on a Spanish page, whatever the page and whatever the server
refuses.  Every refusal the server's code can answer ({"error": message}, read from its sources)
goes through the page's translator on a Spanish page; the account form's refusals are provoked as a
person would; and every page (the lobby, the replay viewer, puzzles, profiles, leaderboards, the
rules, the not-found page) is walked, its visible text, tab title and labels checked against the
interface's English."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import PHONE, WIDE, new_page, wait_until

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SPANISH = {"locale": "es-ES"}
# the exceptions whose first argument is a refusal's text (any of the server's own ...Error classes
# too: a new one is covered as it comes), and the answers written as {"error": ...}
REFUSING = {"Conflict", "Unavailable", "Busy", "BadInput", "_refuse", "UnknownGame"}
NOT_ANSWERED = {"AssertionError", "DBAPIError", "OverflowError", "TypeError", "ValueError", "KeyError", "RuntimeError",
                "NotImplementedError", "OSError"}  # Python's own: never a refusal's text
# refusals the server writes from a variable (app.py's answer to a path nothing serves)
ALSO = ["no such address: {x}", "request refused", "request failed ({x})"]


def template(node) -> str | None:
    """An English refusal as its code writes it, each value it puts in as {x}; None for no text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{x}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left), template(node.right)
        if left is None and right is None:
            return None
        return (left if left is not None else "{x}") + (right if right is not None else "{x}")
    return None


def refusals() -> list[str]:
    """Every refusal's text in the server's code (and the game registry's), as templates."""
    found: set[str] = set(ALSO)
    paths = [*(ROOT / "brawl" / "server").rglob("*.py"), ROOT / "brawl" / "games" / "__init__.py"]
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                if name in REFUSING or (name and name.endswith("Error") and name not in NOT_ANSWERED):
                    found.add(template(node.args[0]) or "{x}")
            elif isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if isinstance(k, ast.Constant) and k.value == "error":
                        found.add(template(v) or "{x}")
    found.discard("{x}")  # a refusal passed on whole (another's text: a rule's, a parser's)
    return sorted(found)


def english_words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}


def test_the_sources_hold_the_refusals_asked_about():
    """The walk over the sources finds the refusals the issue names (so the check below covers them)."""
    found = refusals()
    for refusal in ("wrong username or password", "a password is 8 to 200 characters", "that username is taken",
                    "no such player", "unknown game {x}; games: {x}"):
        assert refusal in found
    assert len(found) > 80


@pytest.fixture
def spanish_lobby(server, browser, errors):
    page = new_page(browser, errors, **SPANISH, **WIDE)
    page.goto(server + "/")
    page.wait_for_function("() => document.documentElement.lang === 'es' && !!brawl.trError")
    yield page
    page.context.close()


def test_every_refusal_of_the_server_reads_in_spanish(spanish_lobby):
    """Each refusal (its values filled in) comes out of the page's translator with none of its
    English words, except the API's own names the Spanish keeps (JSON, POST, for_me ...)."""
    examples = [t.replace("{x}", "7") for t in refusals()]
    out = spanish_lobby.evaluate("texts => texts.map((t) => brawl.trError(t))", examples)
    kept = english_words(" ".join(spanish_lobby.evaluate("Object.values(brawl.errorWords.es)")))
    left = {e: o for e, o in zip(examples, out) if o == e or (english_words(e) & english_words(o)) - kept}
    assert left == {}, left


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_account_forms_refusals_in_spanish(server, browser, errors, size):
    """Signing up and logging in as a person does, on a Spanish lobby: a short password, a name
    taken, a wrong password are refused in Spanish (they came in English)."""
    httpx.post(server + "/api/accounts", json={"username": f"taken_{size}", "password": "longenough1"}, timeout=120)
    page = new_page(browser, errors, **SPANISH, **(PHONE if size == "phone" else WIDE))
    page.goto(server + "/")
    page.wait_for_selector("#acct-name")
    shown = []
    for name, password, button in ((f"new_{size}", "short", "#sign-up"), (f"taken_{size}", "longenough1", "#sign-up"),
                                   (f"taken_{size}", "wrongwrong", "#log-in")):
        page.fill("#acct-name", name)
        page.fill("#acct-pass", password)
        page.click(button)
        text = wait_until(lambda: page.evaluate("""() => { const e = document.querySelector('#account .error:not([hidden])');
            return e && e.textContent; }""") not in (None, *shown) and page.evaluate(
            "() => document.querySelector('#account .error:not([hidden])').textContent"))
        shown.append(text)
    assert shown == ["una contraseña tiene de 8 a 200 caracteres", "ese nombre de usuario ya está en uso",
                     "usuario o contraseña incorrectos"]
    page.context.close()


def test_refusals_of_the_api_asked_from_a_spanish_page(spanish_lobby):
    """Asked through the page's own API helper: an unknown game, no such player, a malformed room,
    a bad seat; each refusal in Spanish, none left as the server wrote it."""
    said = spanish_lobby.evaluate("""async () => {
        const asks = [['GET', '/api/games/nosuchgame'], ['GET', '/api/players/nosuchuser'], ['POST', '/api/rooms', {}],
                      ['POST', '/api/rooms', {game: 'krig', seats: ['human', 'robot']}]];
        const out = [];
        for (const [method, path, body] of asks) {
            try { await brawl.api(method, path, body); out.push(null); } catch (e) { out.push([e.english, e.message]); }
        }
        return out; }""")
    kept = english_words(" ".join(spanish_lobby.evaluate("Object.values(brawl.errorWords.es)")))
    names = {"krig", "ktog", "kniggits", "tactics", "robot", "nosuchgame", "game", "seats"}  # values, the API's field names
    for english, spanish in said:
        assert spanish != english and not (english_words(english) & english_words(spanish)) - kept - names, (english, spanish)


# what a page shows a person: its visible lines, its tab's title, and the labels a screen reader says
SHOWN = """() => {
    const lines = document.body.innerText.split('\\n').map((l) => l.trim()).filter(Boolean);
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
        .flatMap((e) => ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a)).filter(Boolean));
    return { title: document.title, lines, labels, lang: document.documentElement.lang };
}"""


def finished_room(server: str) -> str:
    made = httpx.post(server + "/api/rooms", json={"game": "rps", "seats": ["bot:random", "bot:random"]}, timeout=60).json()
    wait_until(lambda: httpx.get(f"{server}/api/rooms/{made['room']}", timeout=60).json()["over"], timeout=60)
    return made["room"]


def test_every_page_in_spanish_shows_no_english_of_the_interface(server, browser, errors):
    """Every page on a Spanish browser: no visible line, tab title or label is an English text the
    interface's catalogue translates; the not-found page (a mistyped address, a room, a player) and
    /@/ of no player (a 404 now) included."""
    httpx.post(server + "/api/accounts", json={"username": "ana_es", "password": "longenough1"}, timeout=120)
    room = finished_room(server)
    page = new_page(browser, errors, **SPANISH, **WIDE)
    catalogue = None
    for path, status in (("/", 200), ("/replay", 200), (f"/replay/{room}", 200), ("/puzzles", 200), ("/leaderboard", 200),
                         ("/leaderboard/krig", 200), ("/@/ana_es", 200), ("/@/nosuchuser", 404), ("/nosuchpage", 404),
                         ("/play/nosuchroom", 404), ("/rules/krig?lang=es", 200)):
        answer = page.goto(server + path)
        assert answer.status == status, path
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        page.wait_for_load_state("networkidle")
        if path.startswith("/replay/"):
            page.wait_for_selector("body[data-step]")
        if catalogue is None:
            catalogue = page.evaluate("""() => Object.fromEntries(Object.entries(brawl.interfaceWords.es)
                .filter(([k, v]) => k !== v && /[A-Za-z]{3}/.test(k) && !k.includes('{')))""")
        shown = page.evaluate(SHOWN)
        left = [x for x in [shown["title"], *shown["lines"], *shown["labels"]] if x in catalogue]
        left += [shown["title"]] if re.search(r"replay of|practise|Not found", shown["title"]) else []
        assert left == [], (path, left)
    page.context.close()
