"""Saved solutions: NumPy ``.npz`` files under ``$BRAWL_CACHE`` (default ``~/.cache/brawl``), keyed by
game, options and :data:`SOLVER_VERSION`.  A damaged file reads as missing and is solved again; a
read-only cache only costs a solve next time."""

from __future__ import annotations

import hashlib
import json
import os
import threading
import zipfile
from pathlib import Path
from typing import Any, Iterable, Mapping

SOLVER_VERSION = 1


def cache_dir() -> Path:
    return Path(os.environ.get("BRAWL_CACHE") or Path.home() / ".cache" / "brawl")


def cache_path(game_name: str, options: Mapping[str, Any], version: int = SOLVER_VERSION) -> Path:
    """The file of a solution; ``version``: the layout of its tables (a solver's ``TABLES_VERSION``)."""
    blob = json.dumps({"game": game_name, "options": dict(options), "version": version}, sort_keys=True)
    digest = hashlib.sha256(blob.encode()).hexdigest()[:16]
    return cache_dir() / f"{game_name}-v{version}-{digest}.npz"


def load_tables(path: Path, required: Iterable[str]) -> dict[str, Any] | None:
    """The arrays saved at ``path``, or None when the file is missing, damaged or lacks a table."""
    import numpy as np

    if not path.exists():
        return None
    try:
        with np.load(path) as data:
            tables = {k: data[k] for k in data.files}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    return tables if all(k in tables for k in required) else None


def save_tables(path: Path, tables: Mapping[str, Any], compressed: bool = True) -> None:
    """Write ``tables`` to ``path`` atomically (a reader never sees half a file)."""
    import numpy as np

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}-{threading.get_ident()}.tmp.npz")  # each writer its own
        try:
            (np.savez_compressed if compressed else np.savez)(tmp, **tables)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
    except OSError:
        pass
