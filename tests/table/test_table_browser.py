"""Friends at one table, in the browser (issue 31): dice rolled at the table entered by tapping the
face buttons, and one phone passed round for every seat (pass-and-play), with the screen that hides
a sealed choice until its person takes the phone."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import PHONE, browser, errors, new_page, server, wait_until  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def table_room(url: str, game: str, options: dict, seats: list[str], dice: str = "table") -> dict:
    r = httpx.post(url + "/api/rooms", json={"game": game, "options": options, "seats": seats, "dice": dice})
    assert r.status_code == 201, r.text
    return r.json()


def pass_link(room: dict) -> str:
    """What the lobby's "Play every seat on this device" opens: the tokens in the fragment only."""
    tokens = [s.get("token") or "" for s in room["seats"]]
    return f"/play/{room['room']}#t={tokens[0]}&table={','.join(tokens)}"


def view_of(url: str, room: dict, seat: int = 0) -> dict:
    return httpx.get(f"{url}/api/rooms/{room['room']}", headers={"X-Seat-Token": room["seats"][seat]["token"]}).json()


def settled(page, last: str) -> None:
    """The page has drawn something newer than event ``last``."""
    page.wait_for_function("l => document.body.dataset.last !== l", arg=last, timeout=10_000)


def on_screen(page, selector: str) -> bool:
    """Every element matching ``selector`` lies inside the window and below the sticky prompt bar."""
    return page.evaluate("""sel => { const bar = document.getElementById('turn').getBoundingClientRect();
        return [...document.querySelectorAll(sel)].every((e) => { const r = e.getBoundingClientRect();
          return r.height > 0 && r.top >= bar.bottom - 1 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth; }); }""",
                         selector)


def test_a_pass_and_play_ktog_game_of_four_with_table_dice_to_its_end_by_touch(server, browser, errors):
    """Four people, one phone, real dice: each roll is entered by tapping its face, each decision is
    made as the seat whose decision it is (the page says whose), and the record keeps every roll as
    it was tapped."""
    room = table_room(server, "ktog", {"players": 4, "hp": 4}, ["human"] * 4)
    page = new_page(browser, errors, **PHONE)
    page.goto(server + pass_link(room))
    page.wait_for_selector(".connection.ok")
    tapped: list[int] = []
    seen_faces = set()
    for step in range(400):
        if page.locator("#end:not([hidden])").count():
            break
        last = page.evaluate("document.body.dataset.last")
        v = view_of(server, room)
        if v["roll"]:
            roll = v["roll"]
            page.wait_for_selector(f"#table-roll[data-roll='{roll['roll']}']")
            faces = page.eval_on_selector_all("#table-faces button.table-face", "bs => bs.map((b) => JSON.parse(b.dataset.face))")
            assert faces == roll["faces"]  # one button per face the die can show, and no other
            assert page.eval_on_selector_all("#table-faces button, #table-for-me",
                                              "bs => bs.every((b) => b.offsetHeight >= 44 && b.offsetWidth >= 44)")
            seen_faces.add(len(faces))
            if step < 40:
                assert on_screen(page, "#table-faces button.table-face"), roll
            # ties in initiative go round again: vary those; otherwise the highest face, for a short game
            face = faces[step % len(faces)] if "initiative" in roll["label"] else faces[-1]
            page.locator(f"#table-faces button[data-face='{face}']").tap()
            tapped.append(face)
        else:
            seat = v["node"]["seats"][0]
            page.wait_for_function("n => document.getElementById('who').textContent.includes(n)", arg=f"Player {seat + 1}")
            assert page.inner_text("#turn .table-whose") == f"Player {seat + 1}'s decision"
            assert not page.locator("#pass-screen:not([hidden])").count()  # nothing in KtOG is sealed
            actions = page.eval_on_selector_all("#action-buttons button.action", "bs => bs.map((b) => b.dataset.action)")
            pick = next((a for a in actions if a == "none"), None) or next((a for a in actions if a.startswith("attack")), actions[0])
            page.locator(f"#action-buttons button.action[data-action='{pick}']").tap()
        settled(page, last)
    else:
        raise AssertionError("the game did not end")
    assert seen_faces >= {6, 20}  # initiative and to hit at least
    record = httpx.get(f"{server}/api/rooms/{room['room']}/record").json()
    rolls = [e for e in record["entries"] if "roll" in e]
    assert [e["outcome"] for e in rolls] == tapped and all(e.get("table") for e in rolls)
    assert page.locator("#end-title").inner_text()
    page.context.close()


def test_the_pass_the_phone_screen_hides_each_sealed_choice(server, browser, errors):
    """Rock-paper-scissors on one phone: the screen names who takes the phone before each sealed
    choice and covers the page until that person taps "I am ..."; the second player never sees the
    first one's choice."""
    room = table_room(server, "rps", {"wins_needed": 1, "max_rounds": 3}, ["human", "human"], dice="server")
    page = new_page(browser, errors, **PHONE)
    page.goto(server + pass_link(room))
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert page.inner_text("#pass-title") == "Pass the phone to Player 1"
    # the screen covers the whole page, and what is behind it takes no input
    assert page.evaluate("document.elementFromPoint(innerWidth / 2, innerHeight / 2).closest('#pass-screen') !== null")
    assert page.evaluate("document.getElementById('main').inert")
    page.locator("#pass-ready").tap()
    page.wait_for_selector("#pass-screen", state="hidden")
    assert page.inner_text("#turn .table-whose") == "Player 1's decision"
    last = page.evaluate("document.body.dataset.last")
    page.locator("#action-buttons button.action[data-action='rock']").tap()
    # at once the screen is up for the other player, and the page is theirs behind it
    page.wait_for_selector("#pass-screen:not([hidden])")
    settled(page, last)
    assert page.inner_text("#pass-title") == "Pass the phone to Player 2"
    wait_until(lambda: "Player 2" in page.inner_text("#who"))
    # the first choice ("You chose: Player 1 shows rock" in Player 1's log) is nowhere in Player 2's page
    assert "shows rock" in httpx.get(f"{server}/api/rooms/{room['room']}/log", headers={"X-Seat-Token": room["seats"][0]["token"]}).text
    assert "shows rock" not in page.text_content("#main")
    page.locator("#pass-ready").tap()
    assert page.inner_text("#turn .table-whose") == "Player 2's decision"
    assert "shows rock" not in page.text_content("#main")
    last = page.evaluate("document.body.dataset.last")
    page.locator("#action-buttons button.action[data-action='paper']").tap()
    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#pass-screen[hidden]").count() == 1  # the result is public: nothing hidden
    assert "shows rock" in page.text_content("#log")  # revealed to all once both have chosen
    page.context.close()


def test_no_button_for_an_impossible_face_and_a_refused_roll_shows_why(server, browser, errors):
    """Krig's first roll is a d10: ten face buttons, 1 to 10, none for 0 or 11; a roll the server
    refuses (here an impossible face sent in the tap's stead) shows its message and changes nothing;
    "Roll for me" has the server roll it."""
    room = table_room(server, "krig", {"hp": 3}, ["human", "human"])
    page = new_page(browser, errors, **PHONE)
    page.goto(server + room["seats"][1]["invite"])  # any seated person may enter any roll
    page.wait_for_selector("#table-faces")
    assert "Sun rolls d10 for agility" in page.inner_text("#actions-title")
    faces = page.eval_on_selector_all("#table-faces button.table-face", "bs => bs.map((b) => b.dataset.face)")
    assert faces == [str(n) for n in range(1, 11)]
    before = view_of(server, room)
    page.route("**/rolls", lambda route: route.continue_(post_data=route.request.post_data.replace('"outcome":7', '"outcome":11')))
    page.locator("#table-faces button[data-face='7']").tap()
    page.wait_for_selector("#table-roll-error:not([hidden])")
    assert "11" in page.inner_text("#table-roll-error")
    assert view_of(server, room) == before
    page.unroute("**/rolls")
    last = page.evaluate("document.body.dataset.last")
    page.locator("#table-for-me").tap()
    settled(page, last)
    events = httpx.get(f"{server}/api/rooms/{room['room']}/events").json()["events"]
    assert [e["type"] for e in events] == ["roll"] and 1 <= events[0]["outcome"] <= 10
    assert events[0]["log"][0]["text"] in page.text_content("#log")  # the log shows the roll as usual
    page.context.close()


def test_the_lobby_makes_a_table_room_and_links_one_device_for_every_seat(server, browser, errors):
    page = new_page(browser, errors, **PHONE)
    page.goto(server + "/?game=krig")
    page.wait_for_selector("#dice-field:not([hidden])")
    page.select_option("#dice-mode", "table")
    page.select_option("#seat-1", "human")
    page.locator("#create-button").tap()
    page.wait_for_selector("#links .play-all-link")
    href = page.get_attribute("#links .play-all-link", "href")
    path, fragment = href.split("#", 1)
    assert "?" not in path and path.count("/") == 4  # origin/play/ID: no token in the address
    tokens = dict(p.split("=", 1) for p in fragment.split("&"))["table"].split(",")
    assert len(tokens) == 2 and all(tokens)
    assert page.get_attribute("#recent-list .play-all-link", "href") == href  # kept with the games made here
    page.locator("#links .play-all-link").tap()
    page.wait_for_selector("#table-faces")
    room = path.rstrip("/").split("/")[-1]
    v = httpx.get(f"{server}/api/rooms/{room}", headers={"X-Seat-Token": tokens[0]}).json()
    assert v["table_dice"] and v["roll"]["roll"] == "d10"
    # a game without dice offers no choice of who rolls them
    page.goto(server + "/?game=rps")
    page.wait_for_selector("#opt-wins_needed")
    assert page.locator("#dice-field[hidden]").count() == 1
    page.context.close()


def test_a_kniggits_fight_on_one_phone_keeps_each_side_s_hands_secret(server, browser, errors):
    """Kniggits, Fighting, on one phone: both sides choose their hands in secret on the board; the
    screen hides Red's choice before Blue takes the phone, and Blue's page never shows it."""
    from tests.web.test_boards import kniggits_fight

    room = kniggits_fight(server)  # two human seats, A1 and B1 engaged, the hands to choose
    page = new_page(browser, errors, **PHONE)
    page.goto(server + pass_link(room))
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert page.inner_text("#pass-title") == "Pass the phone to Red"
    page.locator("#pass-ready").tap()
    page.wait_for_selector(".kn-fight-form")
    page.locator("label[for='kn-kn-sword-high']").tap()
    page.locator("label[for='kn-kn-shield-low']").tap()
    last = page.evaluate("document.body.dataset.last")
    page.locator(".kn-fight-form button[type=submit]").tap()
    page.wait_for_selector("#pass-screen:not([hidden])")
    settled(page, last)
    assert page.inner_text("#pass-title") == "Pass the phone to Blue"
    wait_until(lambda: "Blue" in page.inner_text("#who"))
    red = httpx.get(f"{server}/api/rooms/{room['room']}/log", headers={"X-Seat-Token": room["seats"][0]["token"]}).text
    assert "Red shows sword high and shield low" in red  # Red's own log says it; Blue's page must not
    page.locator("#pass-ready").tap()
    page.wait_for_selector(".kn-fight-form")
    assert "Red shows sword high" not in page.text_content("#main")
    assert not page.locator(".kn-fight-form input:checked").count()  # nothing of Red's picks left in the form
    page.locator("label[for='kn-kn-sword-middle']").tap()
    page.locator("label[for='kn-kn-shield-high']").tap()
    page.locator(".kn-fight-form button[type=submit]").tap()
    page.wait_for_function("() => document.getElementById('kn-revealed').textContent.includes('Last fight')")
    log = page.text_content("#log")
    assert "Red shows sword high and shield low" in log  # shown to all once both chose
    assert "Blue shows sword middle and shield high" in log  # Blue's own hands, sent from the same page
    page.context.close()
