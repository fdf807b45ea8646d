"""Bad input for every CLI argument: a clear message, exit code 2, never a traceback (issue 2)."""

import json
import subprocess

import pytest


def run(brawl_cmd, env, *args, stdin=""):
    p = subprocess.run([brawl_cmd, *args], env=env, input=stdin, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout + p.stderr


@pytest.mark.parametrize("args,message", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "krig", "--hp", "0"], "hp"),
    (["play", "krig", "--hp", "abc"], "hp"),
    (["play", "krig", "--hp"], "--hp needs a value"),
    (["play", "krig", "--edition", "movie"], "edition"),
    (["play", "krig", "--colour", "red"], "unknown option --colour"),
    (["play", "krig", "stray"], "unexpected argument 'stray'"),
    (["play", "krig", "--seat", "robot"], "bad --seat 'robot'"),
    (["play", "krig", "--seat", "bot:genius"], "unknown bot 'genius'"),
    (["play", "krig", "--seat", "human", "--seat", "human", "--seat", "human"], "3 --seat given"),
    (["play", "krig", "--seed", "x"], "seed"),
    (["sim", "krig", "--bots", "attacker,genius", "--games", "5"], "unknown bot 'genius'"),
    (["sim", "krig", "--bots", "attacker", "--games", "5"], "has 2 seats"),
    (["sim", "krig", "--bots", "attacker,attacker", "--games", "0"], "games"),
    (["sim", "krig", "--bots", "attacker,attacker", "--hp", "25"], "hp"),
    (["sim", "chess", "--bots", "random,random"], "unknown game"),
    (["rules", "chess"], "unknown game"),
    (["replay", "/nonexistent/record.json"], "cannot read record"),
])
def test_bad_arguments(brawl_cmd, env, args, message):
    code, out = run(brawl_cmd, env, *args)
    assert code == 2, out
    assert message in out, out
    assert "Traceback" not in out


def test_replay_refuses_malformed_and_tampered_records(brawl_cmd, env, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out = run(brawl_cmd, env, "replay", str(bad))
    assert code == 2 and "cannot read record" in out and "Traceback" not in out
    good = tmp_path / "good.json"
    code, out = run(brawl_cmd, env, "play", "krig", "--seat", "bot:attacker", "--seat", "bot:attacker",
                    "--seed", "1", "--hp", "4", "--save", str(good))
    assert code == 0, out
    data = json.loads(good.read_text())
    roll = next(e for e in data["entries"] if "roll" in e)
    roll["outcome"] = roll["outcome"] % 10 + 1
    bad.write_text(json.dumps(data))
    code, out = run(brawl_cmd, env, "replay", str(bad))
    assert code == 2 and "does not replay" in out and "Traceback" not in out


def test_sim_json_fields(brawl_cmd, env):
    code, out = run(brawl_cmd, env, "sim", "krig", "--bots", "attacker,random", "--games", "300", "--seed", "5", "--json", "--engine")
    assert code == 0, out
    data = json.loads(out)
    assert data["games"] == 300 and len(data["wins"]) == 2 and sum(data["wins"]) == 300
    assert 0 <= data["first_mover_wins"] <= 300 and data["mean_turns"] > 0
    code2, out2 = run(brawl_cmd, env, "sim", "krig", "--bots", "attacker,random", "--games", "300", "--seed", "5", "--json", "--engine")
    strip = lambda d: {k: v for k, v in json.loads(d).items() if k != "seconds"}
    assert strip(out) == strip(out2)  # the same seed gives the same run


def test_eof_at_the_prompt_is_not_a_traceback(brawl_cmd, env):
    code, out = run(brawl_cmd, env, "play", "krig", "--seed", "1", stdin="")
    assert "Traceback" not in out and code == 1 and "abandoned" in out
