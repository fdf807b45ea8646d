"""Screenshots for people to look at: a browser test keeps one when ``BRAWL_SHOTS`` names a
folder (``BRAWL_SHOTS=/tmp/shots pytest tests/web``), and nothing otherwise."""

from __future__ import annotations

import os
from pathlib import Path


def shot(page, name: str, full_page: bool = False) -> None:
    """The page as its window shows it (or whole, ``full_page``) in ``$BRAWL_SHOTS/<name>.png``."""
    folder = os.environ.get("BRAWL_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / (name if name.endswith(".png") else f"{name}.png")), full_page=full_page)
