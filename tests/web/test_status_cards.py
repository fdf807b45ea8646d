"""Issue 11, item 5: on a phone the status table is a card per player ("Hit points: 20/20"), so no
heading or value is broken in the middle of a word and nothing is cut off on the right."""

from __future__ import annotations

import pytest

from .conftest import PHONE, create, new_page


@pytest.mark.parametrize("game, seats, options", [("ktog", ["human", "bot:brute", "bot:brute", "bot:brute"], {"players": 4}),
                                                  ("krig", ["human", "bot:heuristic"], {}),
                                                  ("kniggits", ["human", "bot:heuristic"], {})])
def test_status_rows_are_cards_on_a_phone(server, browser, errors, game, seats, options):
    room = create(server, game, seats, options)
    page = new_page(browser, errors, **PHONE)
    page.goto(server + room["seats"][0]["invite"])
    page.wait_for_selector("table.status td[data-label]")
    # measured once every cell is styled: an update can arrive while the first view is drawn
    page.wait_for_function("""() => { const cells = [...document.querySelectorAll('table.status td[data-label]')];
        return cells.length > 0 && cells.every(c => getComputedStyle(c).overflowWrap !== ''); }""")
    cells = page.eval_on_selector_all("table.status td[data-label]", """cells => cells.map(c => {
        const s = getComputedStyle(c);
        return {label: c.dataset.label, wrap: s.overflowWrap, right: c.getBoundingClientRect().right,
                before: getComputedStyle(c, '::before').content};
    })""")
    assert cells and all(c["wrap"] == "normal" for c in cells)
    assert all(c["right"] <= 390 for c in cells)
    assert all(c["label"] in c["before"] for c in cells)  # each value says what it is
    assert page.eval_on_selector("table.status thead", "h => h.getBoundingClientRect().height") <= 1
    page.context.close()
