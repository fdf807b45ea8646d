"""The table pages' interface text (dice at the table, one device for every seat, the game sheet,
the lobby's choices) goes through the catalogue: every key they hand to brawl.t has a Spanish entry."""

from __future__ import annotations

import pytest

from tests.web.test_board_texts import STATIC, catalogue, keys_used


@pytest.mark.parametrize("name", ["table-dice.js", "table-sheet.js", "table.js"])
def test_every_table_text_has_a_spanish_entry(name):
    es = catalogue()
    used = keys_used(STATIC / name)
    assert len(used) >= 5, used
    assert sorted(k for k in used if k not in es) == []
