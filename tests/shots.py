"""Screenshots for people to look at: a browser test keeps one when ``BRAWL_SHOTS`` names a
folder (``BRAWL_SHOTS=/tmp/shots pytest tests/web``), and nothing otherwise."""

from __future__ import annotations

import os
from pathlib import Path


def folder() -> Path | None:
    """Where screenshots go (``$BRAWL_SHOTS``, made when missing), or None when none are wanted."""
    named = os.environ.get("BRAWL_SHOTS")
    if not named:
        return None
    Path(named).mkdir(parents=True, exist_ok=True)
    return Path(named)


def shot(page, name: str, full_page: bool = False) -> None:
    """The page as its window shows it (or whole, ``full_page``) in ``$BRAWL_SHOTS/<name>.png``."""
    where = folder()
    if where:
        page.screenshot(path=str(where / (name if name.endswith(".png") else f"{name}.png")), full_page=full_page)
