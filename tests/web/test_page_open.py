"""Issue 11, speed: the game page opens on its first frame (the view and the newest log page, from the
projection): a spectator's page carries it, a seat's page asks for it in one request made before its
scripts have loaded, and nothing else is asked for before the game is drawn."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import httpx
import pytest

from tests.web.conftest import create, decide, new_page

pytestmark = pytest.mark.browser

FRAME = re.compile(r'<script type="application/json" id="first-frame">(.*?)</script>', re.S)


def played(server) -> dict:
    """A finished rock-paper-scissors game with a few ties, one player named with markup."""
    room = create(server, "rps", ["human", "human"], {"wins_needed": 1})
    r = httpx.post(f"{server}/api/rooms/{room['room']}/name", json={"token": room["seats"][1]["token"], "name": "</script><b>Moon"})
    assert r.status_code == 200, r.text
    for a, b in (("rock", "rock"), ("paper", "paper"), ("rock", "scissors")):
        decide(server, room, 0, a)
        decide(server, room, 1, b)
    return room


def test_a_spectators_page_carries_the_projections_view_and_newest_log_page(server):
    room = played(server)
    page = httpx.get(f"{server}/watch/{room['room']}")
    assert page.status_code == 200
    found = FRAME.search(page.text)
    assert found, "the page has no first frame"
    # a name with markup stays text: nothing in the data can end the script element
    assert "</script><b>" not in found.group(1) and "<b>" not in found.group(1)
    first = json.loads(found.group(1))
    api = f"{server}/api/rooms/{room['room']}"
    assert first["view"] == httpx.get(api).json()
    assert first["log"] == httpx.get(api + "/log?size=40").json()
    assert first["view"]["seats"][1]["player"] == "</script><b>Moon" and first["view"]["seat"] is None


def test_a_seats_first_frame_is_one_request_with_its_token(server):
    room = played(server)
    url = f"{server}/play/{room['room']}/first"
    token = {"X-Seat-Token": room["seats"][0]["token"]}
    first = httpx.get(url, headers=token).json()
    api = f"{server}/api/rooms/{room['room']}"
    assert first["view"]["seat"] == 0 and first["view"] == httpx.get(api, headers=token).json()
    assert first["log"] == httpx.get(api + "/log?size=40", headers=token).json()
    # a seat's page carries no frame (its token is not sent with the page's address)
    assert not FRAME.search(httpx.get(f"{server}/play/{room['room']}").text)
    wrong = httpx.get(url, headers={"X-Seat-Token": "not-a-token"})
    assert wrong.status_code == 403 and "error" in wrong.json()
    missing = httpx.get(f"{server}/play/NOSUCHROOM/first")
    assert missing.status_code == 404 and "error" in missing.json()


def test_the_page_comes_whole_with_its_board_when_the_game_has_one(server):
    """One response holds the stylesheet and the scripts (the game's board among them when it has
    one), each script allowed by its hash in the page's content policy."""
    tactics = httpx.get(f"{server}/play/{create(server, 'tactics', ['human', 'bot:random'])['room']}")
    rps = httpx.get(f"{server}/play/{create(server, 'rps', ['human', 'bot:random'])['room']}")
    for page in (tactics, rps):
        assert "<style>" in page.text and not re.search(r'(src|href)="/static/', page.text)  # nothing more to fetch
        scripts = re.findall(r"<script>(.*?)</script>", page.text, re.S)
        policy = page.headers["content-security-policy"]
        assert len(scripts) >= 4 and all(f"'sha256-{sha256(s)}'" in policy for s in scripts)
    assert 'registerRenderer("tactics"' in tactics.text and "registerRenderer(" not in rps.text


def test_a_seats_page_comes_gzipped_to_a_browser_that_takes_it(server):
    room = create(server, "tactics", ["human", "bot:random"])
    url = f"{server}/play/{room['room']}"
    zipped = httpx.get(url, headers={"Accept-Encoding": "gzip"})
    plain = httpx.get(url, headers={"Accept-Encoding": "identity"})
    assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert zipped.text == plain.text and len(zipped.content) > int(zipped.headers["content-length"]) * 2
    assert zipped.headers["content-security-policy"] == plain.headers["content-security-policy"]


def sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


# what the page had fetched when it was first drawn, and any content-policy refusal
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective));
new MutationObserver(() => {
  if (document.body && document.body.dataset.ready && !window.__fetched)
    window.__fetched = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""


@pytest.mark.parametrize("seat", [0, None])
def test_the_page_is_drawn_from_its_first_frame_alone(server, browser, errors, seat):
    room = played(server)
    page = new_page(browser, errors, viewport={"width": 1280, "height": 800})
    page.add_init_script(WATCH)
    page.goto(server + (room["seats"][seat]["invite"] if seat is not None else room["spectate"]))
    page.wait_for_function("() => window.__fetched !== undefined")
    asked = page.evaluate("window.__fetched")
    assert asked == ([f"/play/{room['room']}/first"] if seat is not None else [])
    assert page.evaluate("window.__csp") == []
    assert page.locator("#end").is_visible() and page.locator("#log li").count() > 0
    assert page.locator("#end-title").inner_text() == ("You won!" if seat == 0 else "Player 1 wins")
    page.wait_for_selector(".connection.ok")  # and then it goes live
    page.context.close()
