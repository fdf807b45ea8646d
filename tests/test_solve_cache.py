"""Saved tables (``brawl.solve.cache``): a damaged file reads as missing, and writers at once
never leave a damaged file.

Found while running a Kniggits report beside tests that save the same table of fight strategies: a
file whose bytes were damaged (a bad CRC) raised instead of reading as missing, and two writers
shared one temporary file."""

from __future__ import annotations

import threading

import numpy as np

from brawl.solve.cache import load_tables, save_tables


def test_a_file_with_a_bad_checksum_reads_as_missing(tmp_path):
    path = tmp_path / "t.npz"
    save_tables(path, {"a": np.arange(1000, dtype=np.int64)}, compressed=False)
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0xFF  # inside the array's bytes: the zip's CRC no longer holds
    path.write_bytes(bytes(raw))
    assert load_tables(path, ["a"]) is None


def test_writers_at_once_leave_a_whole_file(tmp_path):
    path = tmp_path / "t.npz"
    tables = [{"a": np.full(200_000, k, dtype=np.int64)} for k in range(6)]
    threads = [threading.Thread(target=save_tables, args=(path, t)) for t in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    got = load_tables(path, ["a"])
    assert got is not None and len(set(got["a"].tolist())) == 1  # one writer's table, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.npz"]  # no temporary file left
