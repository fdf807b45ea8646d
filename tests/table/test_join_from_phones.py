"""Joining from phones at the table (issue 31): QR codes of invite links (the link in the request
body, never an address), and ``brawl serve --host 0.0.0.0`` printing the address phones open."""

from __future__ import annotations

import re
import subprocess
import time

import segno
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from tests.cli.conftest import brawl_cmd, env  # noqa: F401 (fixtures)


def modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG of segno's draws: its dark path is rows of horizontal runs
    (``M x y``, ``h n`` for n dark modules, ``m dx dy`` to move on)."""
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)
    dark, x, y = set(), 0.0, 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark |= {(int(y), int(x) + k) for k in range(int(a))}
            x += float(a)
    return dark


def test_a_qr_code_of_an_invite_link_is_an_svg_of_that_link():
    client = TestClient(create_app("sqlite://"))
    link = "http://192.168.1.20:8000/play/AbCd#t=secret-token"
    r = client.post("/api/qr", json={"text": link, "title": "Sun's invite link"})
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
    assert r.text.startswith("<svg") and "viewBox" in r.text and "invite link</title>" in r.text
    # module for module the library's code of the link, two modules of border around it
    expected = {(row + 2, col + 2) for row, line in enumerate(segno.make(link, error="m").matrix)
                for col, bit in enumerate(line) if bit}
    assert modules(r.text) == expected
    for bad in ({"text": ""}, {"text": "x" * 1001}, {"text": link, "colour": "red"}, {}):
        assert client.post("/api/qr", json=bad).status_code == 422
    assert client.get("/api/qr").status_code in (404, 405)  # no way to put a link in an address


def test_serving_on_every_interface_prints_the_address_phones_open(brawl_cmd, env, tmp_path):  # noqa: F811
    port = 18000 + int(time.time()) % 1000
    proc = subprocess.Popen([brawl_cmd, "serve", "--host", "0.0.0.0", "--port", str(port), "--db",
                             f"sqlite:///{tmp_path / 'x.sqlite3'}"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        seen = ""
        end = time.monotonic() + 60
        while time.monotonic() < end and "Phones" not in seen:
            line = proc.stdout.readline()
            if not line:
                break
            seen += line
        assert re.search(rf"Phones and computers on this network open: http://\S+:{port}/", seen), seen
        assert "127.0.0.1" not in seen.split("Phones", 1)[1]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
