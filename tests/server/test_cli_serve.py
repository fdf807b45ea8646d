"""``brawl serve`` refuses bad arguments with a clear message before starting anything."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from brawl.cli import app


@pytest.mark.parametrize("args, words", [
    (["--db", "notaurl"], "bad --db URL"),
    (["--db", "nodialect://x"], "bad --db URL"),
    (["--db", "sqlite:////nonexistent-dir/x/brawl.sqlite3"], "cannot open the database"),
    (["--port", "0"], "bad port 0"),
    (["--bot-delay", "-1"], "cannot be negative"),
])
def test_serve_refuses_bad_arguments(args, words):
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 2
    assert words in result.output


def test_verify_refuses_a_file_that_is_not_a_record(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"hello": 1}')
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code == 2 and "not a brawl record" in result.output
