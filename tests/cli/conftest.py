import os
import shutil
import sys
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def brawl_cmd() -> str:
    exe = Path(sys.executable).with_name("brawl")
    if exe.exists():
        return str(exe)
    found = shutil.which("brawl")
    assert found, "the brawl command is not installed"
    return found


@pytest.fixture
def env():
    e = dict(os.environ)
    e.update({"COLUMNS": "120", "TERM": "dumb", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"})
    return e
