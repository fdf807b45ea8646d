"""A published record is verified only as a whole: its commitment, then every decision played again
with the dice drawn from its revealed seed (``brawl verify`` and ``POST /api/rooms/verify`` give the
same verdict).  Issue 29 point 4: committed dice cannot lose their commitment and pass; issue 28
point 4: a record with one decision altered does not verify, and the verdict says where."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from brawl.bots import make_bot
from brawl.cli import app as cli_app
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import make_game

from .conftest import make_room, play_krig_step


@pytest.fixture
def finished(client) -> dict:
    """The published record of a finished two-human Krig game on the server."""
    room = make_room(client, options={"hp": 4})
    steps = 0
    while play_krig_step(client, room):
        steps += 1
        assert steps < 500
    return client.get(f"/api/rooms/{room['room']}/record").json()


def copy(data: dict) -> dict:
    return json.loads(json.dumps(data))


def cli_verify(tmp_path, data: dict, name: str = "record.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return CliRunner().invoke(cli_app, ["verify", str(path)])


def endpoint(client, data: dict) -> dict:
    r = client.post("/api/rooms/verify", json=data)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_whole_record_verifies_on_the_command_line_and_the_server(client, finished, tmp_path):
    result = cli_verify(tmp_path, finished)
    assert result.exit_code == 0 and result.stdout.startswith("OK: seed matches commitment"), result.stdout
    verdict = endpoint(client, finished)
    assert verdict["ok"] and verdict["over"] and verdict["problem"] == "" and verdict["step"] is None
    assert verdict["rolls"] == sum(1 for e in finished["entries"] if "roll" in e)
    assert verdict["decisions"] == sum(1 for e in finished["entries"] if "seat" in e)
    # the room's own record, checked where it is kept: the same verdict about the same record
    r = client.get(f"/api/rooms/{finished['room']}/verify")
    assert r.status_code == 200 and r.json() == verdict and len(verdict["digest"]) == 64
    altered = copy(finished)
    altered["entries"].append({"seat": 0, "action": "attack"})
    assert endpoint(client, altered)["digest"] != verdict["digest"]


def test_committed_dice_without_their_commitment_are_refused(client, finished, tmp_path):
    """Issue 29 point 4, the reproduction: options.edition changed, dice.commitment and dice.covers
    removed.  The seed of committed dice means something only beside its commitment."""
    stripped = copy(finished)
    stripped["options"]["edition"] = "article" if finished["options"]["edition"] != "article" else "author"
    del stripped["dice"]["commitment"], stripped["dice"]["covers"]
    result = cli_verify(tmp_path, stripped)
    assert result.exit_code == 1 and result.stdout.startswith("MISMATCH"), result.stdout
    assert "carries no commitment" in result.stdout
    assert not endpoint(client, stripped)["ok"]

    # the commitment alone removed, the options untouched
    bare = copy(finished)
    del bare["dice"]["commitment"]
    assert cli_verify(tmp_path, bare).exit_code == 1 and not endpoint(client, bare)["ok"]
    # what it covers removed: the commitment no longer matches
    uncovered = copy(finished)
    del uncovered["dice"]["covers"]
    result = cli_verify(tmp_path, uncovered)
    assert result.exit_code == 1 and "does not match the commitment" in result.stdout
    # the options changed with what the commitment covers: the hash breaks
    changed = copy(finished)
    changed["options"]["edition"] = stripped["options"]["edition"]
    changed["dice"]["covers"]["options"]["edition"] = stripped["options"]["edition"]
    assert cli_verify(tmp_path, changed).exit_code == 1 and not endpoint(client, changed)["ok"]
    # the dice relabelled as plain seeded ones
    relabelled = copy(bare)
    relabelled["dice"]["kind"] = "seeded"
    del relabelled["dice"]["covers"]
    assert cli_verify(tmp_path, relabelled).exit_code == 1 and not endpoint(client, relabelled)["ok"]
    relabelled = copy(finished)
    relabelled["dice"]["kind"] = "seeded"
    result = cli_verify(tmp_path, relabelled)
    assert result.exit_code == 1 and "committed dice are" in result.stdout


def test_a_plain_seeded_record_verifies_and_its_seed_is_a_whole_number(tmp_path):
    """Seeded dice (local play) carry a whole-number seed and no commitment."""
    game = make_game("krig", {"hp": 3})
    match = Match(game, SeededDice(8))
    bots = [make_bot("krig", "attacker", seed=s) for s in (1, 2)]
    while not match.over:
        seat = match.node().seats[0]
        match.decide(seat, bots[seat].choose(match.game, match.state, seat))
    data = match.record.to_json()
    result = cli_verify(tmp_path, data)
    assert result.exit_code == 0 and result.stdout.startswith("OK: ") and "no commitment" in result.stdout
    text = copy(data)
    text["dice"]["seed"] = "8"
    result = cli_verify(tmp_path, text)
    assert result.exit_code == 1 and "whole number" in result.stdout
    claimed = copy(data)
    claimed["dice"]["commitment"] = "00" * 32
    result = cli_verify(tmp_path, claimed)
    assert result.exit_code == 1 and "committed dice are" in result.stdout


def test_one_decision_altered_is_named_with_its_step(client, finished, tmp_path):
    """Issue 28 point 4: the rolls of an altered record may all be the seed's, yet the record is not
    verified: the decisions are played again and the first entry that differs is named."""
    first = next(i for i, e in enumerate(finished["entries"]) if "seat" in e)
    assert finished["entries"][first]["action"] == "attack"  # the tests' policy attacks when it can
    tampered = copy(finished)
    tampered["entries"][first]["action"] = "defend"
    result = cli_verify(tmp_path, tampered)
    assert result.exit_code == 1 and result.stdout.startswith("MISMATCH"), result.stdout
    verdict = endpoint(client, tampered)
    assert not verdict["ok"] and verdict["entry"] is not None and verdict["entry"] > first
    assert verdict["step"] == sum(1 for e in finished["entries"][:verdict["entry"]] if "seat" in e) >= 1
    assert f"entry {verdict['entry']} differs" in verdict["problem"]
    assert verdict["problem"] in result.stdout

    # a decision that is not legal where it stands
    illegal = copy(finished)
    illegal["entries"][first]["action"] = "parry"
    verdict = endpoint(client, illegal)
    assert not verdict["ok"] and verdict["entry"] == first and verdict["step"] == 0
    assert verdict["problem"].startswith(f"decision 1 (entry {first}) does not replay")


def test_the_server_refuses_what_is_not_a_record(client):
    r = client.post("/api/rooms/verify", json={"hello": 1})
    assert r.status_code == 422 and "not a brawl record" in r.json()["error"]
    room = make_room(client)
    r = client.get(f"/api/rooms/{room['room']}/verify")
    assert r.status_code == 409 and "when the game ends" in r.json()["error"]  # the seed is still secret


def test_no_roll_changed_and_no_entry_dropped_verifies(client, finished):
    """Whatever single roll is given another face, or whichever entry is left out, the record is
    no longer the one its seed gives, and the verdict names the entry where it first shows."""
    from brawl.core.record import Record
    from brawl.core.replay import verify

    entries = finished["entries"]
    for k, entry in enumerate(entries):
        dropped = copy(finished)
        del dropped["entries"][k]
        verdict = verify(Record.from_json(dropped), make_game)
        assert not verdict.ok and verdict.entry is not None and verdict.entry >= k, (k, verdict)
        if "roll" in entry:
            faces = 8 if entry["roll"] == "d8" else 10 if entry["roll"] == "d10" else 6 if entry["roll"] == "d6" else 4
            for face in range(1, faces + 1):
                if face == entry["outcome"]:
                    continue
                changed = copy(finished)
                changed["entries"][k]["outcome"] = face
                verdict = verify(Record.from_json(changed), make_game)
                assert not verdict.ok and verdict.entry == k, (k, face, verdict)
