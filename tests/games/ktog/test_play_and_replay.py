"""KtOG through the terminal, the simulator command and records (issue 3: Terminal play,
Simulation, Tests: replay determinism)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from brawl.bots import make_bot
from brawl.core.match import Match
from brawl.core.record import Record, RecordError
from brawl.games import replay
from brawl.core.sources import SeededDice
from brawl.games import make_game


@pytest.fixture(scope="module")
def brawl_cmd() -> str:
    exe = Path(sys.executable).with_name("brawl")
    assert exe.exists(), "the brawl command is not installed in the environment"
    return str(exe)


@pytest.fixture
def env():
    import os
    e = dict(os.environ)
    e.update({"COLUMNS": "120", "TERM": "dumb", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"})
    return e


def bot_match(options, bots, seed):
    game = make_game("ktog", **options)
    match = Match(game, SeededDice(seed))
    players = [make_bot("ktog", b, seed=seed + i, game=game) for i, b in enumerate(bots)]
    while not match.over:
        seat = match.node().seats[0]
        match.decide(seat, players[seat].choose(game, match.state, seat))
    return match


@pytest.mark.parametrize("options,bots,seed", [
    ({}, ["brute", "heuristic"], 1),
    ({"players": 5, "stand_at_zero": True, "fumble_flying": True, "cure_touch_roll": True, "classes": True,
      "initiative": "every_round", "initiative_die": "d10", "hp": 10},
     ["random", "heuristic", "brute", "random", "heuristic"], 7),
])
def test_records_replay_bit_for_bit(options, bots, seed, tmp_path):
    """DEVELOPERS, A record replays bit for bit: the final state and every entry come back."""
    match = bot_match(options, bots, seed)
    path = tmp_path / "game.json"
    match.record.save(path)
    again = replay(Record.load(path))
    assert match.game.dumps(again.state) == match.game.dumps(match.state)
    assert again.record.entries == match.record.entries
    assert [line.text for line in again.log] == [line.text for line in match.log]
    loose = replay(Record.load(path), verify=False)  # from the recorded rolls alone
    assert match.game.dumps(loose.state) == match.game.dumps(match.state)


def test_a_tampered_record_is_refused(tmp_path):
    """DEVELOPERS, records: a roll the seed does not produce is found."""
    match = bot_match({}, ["brute", "brute"], 3)
    data = match.record.to_json()
    k = next(i for i, e in enumerate(data["entries"]) if e.get("roll") == "d20")
    data["entries"][k]["outcome"] = data["entries"][k]["outcome"] % 20 + 1
    with pytest.raises(RecordError):
        replay(Record.from_json(data))


def test_sim_command_json_fields(brawl_cmd, env):
    """Issue 3, Simulation: brawl sim ktog --bots A,B[,C...] --json with Krig's fields."""
    out = subprocess.run([brawl_cmd, "sim", "ktog", "--bots", "brute,heuristic,random", "--games", "60", "--seed", "4",
                          "--json", "--workers", "1", "--players", "3", "--hp", "10"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 60 and sum(data["wins"]) == 60 and len(data["wins"]) == 3
    assert 0 <= data["first_mover_wins"] <= 60 and data["mean_turns"] > 0
    assert data["options"]["players"] == 3 and data["options"]["hp"] == 10


def test_sim_command_refuses_a_wrong_number_of_bots(brawl_cmd, env):
    """Bad input gets a clear error: one bot per seat."""
    out = subprocess.run([brawl_cmd, "sim", "ktog", "--bots", "brute,brute", "--players", "3", "--games", "5"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "3 seats" in (out.stdout + out.stderr)


def test_rules_command_shows_the_page(brawl_cmd, env):
    """Issue 3: brawl rules ktog states each rule with its seed section or ruling."""
    out = subprocess.run([brawl_cmd, "rules", "ktog"], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "Mighty Blow" in out.stdout and "ruling" in out.stdout


def test_terminal_play_windows_in_order_with_odds(brawl_cmd, env, tmp_path):
    """Issue 3, Terminal play: after a hit the target is asked about Dodge, then the attacker about
    Mighty Blow, before any damage die; the needed roll and its chance are shown; missing seats
    are filled with bots."""
    record = tmp_path / "game.json"
    child = pexpect.spawn(brawl_cmd, ["play", "ktog", "--players", "3", "--hp", "6", "--seed", "5",
                                      "--seat", "human", "--seat", "bot:brute", "--save", str(record)],
                          env=env, encoding="utf-8", timeout=60, dimensions=(60, 160))
    transcript = []
    for _ in range(3000):
        i = child.expect([r"Player 1> ", pexpect.EOF])
        transcript.append(child.before)
        if i == 1:
            break
        seen = child.before
        if "your reaction" in seen:
            child.sendline("none")
        elif "Mighty Blow" in seen and "mighty_blow" in seen:
            child.sendline("mighty_blow")
        elif "scramble" in seen:
            child.sendline("scramble")
        else:
            child.sendline("1")
    child.close()
    out = "".join(transcript)
    assert child.exitstatus == 0, out[-2000:]
    assert "Player 2: bot brute" in out and "Player 3: bot heuristic" in out
    assert re.search(r"need 14\+: 35%", out)
    assert "Game over:" in out and record.exists()
    # the Dodge window opens for the human target, and nothing is rolled between it and the
    # attacker's Mighty Blow decision; the next roll is the damage
    assert re.search(r"Player 1, your reaction: Player \d scores a (critical )?hit( \(2d6 damage\))? on Player 1: "
                     r"Player 1, cast Dodge", out)
    for m in re.finditer(r"Player 1 does not dodge", out):
        rest = out[m.end():]
        roll = re.search(r"rolls (\S+) \((critical )?damage\)|rolls \S+ \(", rest)
        assert roll and "damage" in roll.group(0), rest[:300]
    # the human attacker is asked about Mighty Blow after a hit, and before the damage roll
    for m in re.finditer(r"Player 1, your turn: Player 1: your hit on Player \d lands: cast Mighty Blow", out):
        assert "damage)" not in out[m.end():].split("Player 1 casts")[0]
    assert replay(Record.load(record)).over
