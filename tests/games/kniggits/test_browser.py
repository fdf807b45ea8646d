"""Kniggits end to end in headless Chromium: build an army, move by click-then-click with the
ruler, fight with sealed hands against the heuristic bot, to the end of the game."""

from __future__ import annotations

import math
import re
import time

import pytest

pytestmark = pytest.mark.browser

from tests.server.test_browser import CHROMIUM, LiveServer  # noqa: E402  (skips without chromium)

from brawl.server.app import create_app  # noqa: E402

sync_api = pytest.importorskip("playwright.sync_api")

OPTIONS = {"terrain": "open", "table": 12, "points": 20, "turn_limit": 8, "scenario": "princess", "magic_swords": True,
           "fight_timer": 45}


def where(label: str) -> tuple[float, float]:
    x, y = re.search(r"at \(([\d.]+), ([\d.]+)\)", label).groups()
    return float(x), float(y)


def test_a_whole_game_in_the_browser(tmp_path):
    """Issue 7 (done when): a person builds an army and plays a whole game in the browser against
    the heuristic bot, with an advanced rule and a scenario switched on."""
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'kn.sqlite3'}", bot_delay=0)) as url:
        import httpx
        room = httpx.post(url + "/api/rooms", json={"game": "kniggits", "options": OPTIONS,
                                                    "seats": ["human", "bot:heuristic"]}).json()
        invite = room["seats"][0]["invite"]
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
            page = browser.new_page(viewport={"width": 1200, "height": 1400})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + invite)
            page.wait_for_selector("svg.kn-table polygon, svg.kn-table rect")
            # the army builder keeps the points total
            page.wait_for_selector("#kn-army:not([hidden])")
            assert "of 20 (too many)" in page.inner_text("#kn-army")
            page.click('button[aria-label="remove kniggit 3"]')
            page.click('button[aria-label="remove kniggit 2"]')
            for label, value in (("movement", "5"), ("attack", "5"), ("defense", "5")):
                page.fill(f'input[aria-label="kniggit 1 {label}"]', value)
                page.press(f'input[aria-label="kniggit 1 {label}"]', "Tab")
            assert "Points: 20 of 20" in page.inner_text("#kn-army")
            page.click("#kn-army button:has-text('place')")

            def to_screen(x, y):  # table inches to the page (the viewBox has an inch of margin)
                box = page.locator("svg.kn-table").bounding_box()
                return box["x"] + box["width"] * (x + 1) / 14, box["y"] + box["height"] * (13 - y) / 14

            page.mouse.click(*to_screen(6, 5))
            x, y = map(float, re.search(r"\(([\d.]+), ([\d.]+)\) place", page.inner_text("#kn-army")).groups())
            assert abs(x - 6) < 0.1 and abs(y - 5) < 0.1  # placed where clicked, to scale
            page.click("#kn-army button:has-text('Send this army')")
            page.wait_for_selector('g.kniggit[data-id="A1"]')
            moved = fought = saw_ruler = stayed = False
            deadline = time.monotonic() + 90
            while not page.locator("#end:not([hidden])").count():
                assert time.monotonic() < deadline, "the game did not finish"
                page.wait_for_timeout(150)
                # a decision's buttons stay on the page, disabled, while it is not ours to make
                if page.locator('button[data-action="rock"]:enabled').count():
                    page.click('button[data-action="rock"]')
                elif page.locator(".kn-fight-form:visible").count():
                    assert "s left" in page.inner_text("#kn-time-left")  # the visible timer
                    assert page.get_attribute("#kn-time", "max") == "45"  # the server's clock (fight_timer)
                    assert page.is_hidden("#clock")  # the fight form shows the clock, once
                    for name in ("kn-sword", "kn-shield"):
                        page.locator(f'input[name="{name}"]').first.check()
                    page.click(".kn-fight-form button[type=submit]")
                    fought = True
                elif page.locator('button[data-action="end_move"]:enabled').count():
                    a1 = page.locator('g.kniggit[data-id="A1"][role="button"]')
                    foes = page.locator('g.kniggit[data-seat="1"]')
                    if not moved and a1.count() and foes.count():
                        me = where(a1.get_attribute("aria-label"))
                        foe = where(foes.first.get_attribute("aria-label"))
                        d = math.dist(me, foe)
                        engaged = d <= 2.5
                        # free: go for the enemy, the ruler shows where the move must stop;
                        # in combat: the ruler says only straight away, and A1 stays to fight
                        step = -1.5 / d if engaged else min(d, 9.5) / d
                        target = (me[0] + (foe[0] - me[0]) * step, me[1] + (foe[1] - me[1]) * step)
                        a1.click()
                        page.mouse.move(*to_screen(0.5, 0.5))
                        page.mouse.move(*to_screen(*target), steps=3)
                        ruler = page.inner_text("#kn-ruler")
                        expect = "starts in combat" if engaged else "stops at"
                        assert re.search(r"ruler: [\d.]+ in of \d+ in", ruler) and expect in ruler, ruler
                        saw_ruler = True
                        if engaged:
                            page.keyboard.press("Escape")
                            stayed = True
                        else:
                            page.mouse.click(*to_screen(*target))
                            page.wait_for_timeout(300)
                            moved = "A1 moves" in page.inner_text("#kn-events")
                    page.click('button[data-action="end_move"]')
                elif page.locator('button[data-action="end_turning"]:enabled').count():
                    page.click('button[data-action="end_turning"]')
            assert saw_ruler and fought and (moved or stayed)
            assert page.inner_text("#end-title") in ("You won!", "You lost", "Game over", "Draw")  # a turn limit draws
            assert not errors, errors
            browser.close()
