"""``brawl play krig --table-dice`` in a pseudo-terminal (issue 31): each roll is asked for, a face
the die cannot show is refused, r lets the computer roll, and the saved record verifies."""

from __future__ import annotations

import json
import re
import subprocess

import pexpect

from tests.cli.conftest import brawl_cmd, env  # noqa: F401 (fixtures)


def test_krig_with_table_dice_in_the_terminal(brawl_cmd, env, tmp_path):  # noqa: F811
    record = tmp_path / "table.json"
    child = pexpect.spawn(brawl_cmd, ["play", "krig", "--table-dice", "--hp", "4"], env=env, encoding="utf-8",
                          timeout=30, dimensions=(50, 120), cwd=str(tmp_path))
    rolls = 0
    refused = False
    for _ in range(3000):
        i = child.expect([r"roll> ", r"(Sun|Moon)> ", r"Save the game record\? \[y/N\] ", r"File name \[.*\]: ", pexpect.EOF])
        if i == 0:
            if not refused:
                child.sendline("11")  # a d10 shows 1 to 10
                child.expect(r"11 is not a face of d10")
                refused = True
                child.expect(r"roll> ")
            rolls += 1
            child.sendline("r" if rolls % 4 == 0 else str(1 + rolls % 6))
        elif i == 1:
            child.sendline("1")
        elif i == 2:
            child.sendline("y")
        elif i == 3:
            child.sendline(str(record))
        else:
            break
    child.close()
    assert child.exitstatus == 0
    assert refused and rolls > 5
    data = json.loads(record.read_text())
    assert data["dice"]["kind"] == "table" and data["dice"]["seed"]
    entered = [e for e in data["entries"] if "roll" in e and e.get("table")]
    drawn = [e for e in data["entries"] if "roll" in e and not e.get("table")]
    assert entered and drawn
    out = subprocess.run([brawl_cmd, "verify", str(record)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and re.search(r"^OK", out.stdout, re.M), out.stdout + out.stderr
