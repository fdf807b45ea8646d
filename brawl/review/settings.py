"""Each game's estimated-review defaults, from ``settings.json`` beside this module: the bots of the
playout policy's mix (:mod:`.policy`), its share of random decisions, and the budget in playouts
of a review at defaults.  The numbers are data, sized by ``benchmarks/review_speed.py`` on a
2-core machine so that a long game's review is ready within about 30 s; they never depend on the
machine a review runs on, so a record gets the same review everywhere."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

FILE = Path(__file__).with_name("settings.json")


@lru_cache(maxsize=1)
def _all() -> dict:
    return json.loads(FILE.read_text(encoding="utf-8"))


def for_game(game_name: str) -> dict:
    """``budget`` (playouts), and where the game names them ``bots`` and ``epsilon``."""
    data = _all()
    return {**data["default"], **data.get(game_name, {})}
