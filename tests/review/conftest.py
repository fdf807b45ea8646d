"""What the review tests share."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module", autouse=True)
def _cache(tmp_path_factory):
    """Each module solves into a cache of its own (``BRAWL_CACHE``), never the user's."""
    mp = pytest.MonkeyPatch()
    mp.setenv("BRAWL_CACHE", str(tmp_path_factory.mktemp("cache")))
    yield
    mp.undo()
