"""Terminal play through a pseudo-terminal, a whole game (issue 2, Terminal play)."""

import re
import subprocess

import pexpect


def play_whole_game(brawl_cmd, env, tmp_path, args, answers="1", save="y"):
    record = tmp_path / "game.json"
    child = pexpect.spawn(brawl_cmd, ["play", "krig", *args], env=env, encoding="utf-8", timeout=30,
                          dimensions=(50, 120), cwd=str(tmp_path))
    transcript = []
    bad_sent = False
    for _ in range(2000):
        i = child.expect([r"(Sun|Moon)> ", r"Save the game record\? \[y/N\] ", r"File name \[krig-\d+\.json\]: ", pexpect.EOF])
        transcript.append(child.before)
        if i == 0:
            if not bad_sent:
                child.sendline("fly away")  # bad input: answered with the legal choices
                child.expect(r"Not a legal choice: 'fly away'\. Choose one of: 1=")
                bad_sent = True
                child.expect(r"(Sun|Moon)> ")
            child.sendline(answers(child.before) if callable(answers) else answers)
        elif i == 1:
            child.sendline(save)
        elif i == 2:
            child.sendline(str(record))
        else:
            break
    else:
        raise AssertionError("the game did not end")
    child.close()
    return child.exitstatus, "".join(transcript), record


def test_a_whole_game_against_the_heuristic_bot(brawl_cmd, env, tmp_path):
    status, out, record = play_whole_game(brawl_cmd, env, tmp_path, ["--seed", "4", "--hp", "6"])
    assert status == 0, out
    assert "Sun: human" in out and "Moon: bot heuristic" in out
    assert re.search(r"rolls d10 \(agility\): \d+", out)  # every roll as it happens
    assert "hits 9 in 10" in out  # the chance of what the player tries
    assert "hit points" in out and "defense d8" in out
    assert "Game over:" in out
    assert record.exists()


def test_a_stray_answer_at_the_end_saves_nothing(brawl_cmd, env, tmp_path):
    """A menu number typed after the game is not a yes: no record, no file named "1"."""
    status, out, record = play_whole_game(brawl_cmd, env, tmp_path, ["--seed", "4", "--hp", "3"], save="1")
    assert status == 0 and not record.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_both_editions_and_replay(brawl_cmd, env, tmp_path):
    status, out, record = play_whole_game(brawl_cmd, env, tmp_path, ["--seed", "9", "--hp", "5", "--edition", "article"])
    assert status == 0 and "'edition': 'article'" in out
    replay = subprocess.run([brawl_cmd, "replay", str(record)], env=env, capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0 and "Game over:" in replay.stdout


def test_parry_odds_shown_to_a_human_defender(brawl_cmd, env, tmp_path):
    # Moon is human; a bot attacks; whenever a parry window opens the human sees the odds
    status, out, _ = play_whole_game(brawl_cmd, env, tmp_path,
                                     ["--seed", "2", "--hp", "12", "--seat", "bot:attacker", "--seat", "human"],
                                     answers=lambda seen: "parry" if "your reaction" in seen else "attack")
    assert status == 0
    assert re.search(r"parry succeeds \d in 4", out)
