"""Dice rolled at the table through the API (issue 31): every game played to its end with entered
dice, each roll in the record equal to what was entered; an impossible face refused with nothing
changed; the room survives a restart; the record verifies."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from brawl.core.record import Record
from brawl.core.replay import verify
from brawl.games import game_names, make_game
from brawl.server.app import create_app
from brawl.server.settings import Settings

#: small instances of the games that play long: every roll of a Tactics battle goes through the API
#: (a duo a side on the bridge, Steve and Jeff: melee, a wizard's spells, saves and concealment
#: still come up, in a battle a quarter the length of two parties of four on the arena)
OPTIONS = {"ktog": {"players": 4, "hp": 5}, "krig": {"hp": 4}, "tactics": {"party1": "duo", "party2": "duo", "map": "bridge"}}


def app_at(path) -> object:
    return create_app(settings=Settings(db_url=f"sqlite:///{path}", bot_delay=0, decisions_per_second=100_000))


def room_with_table_dice(client, game: str, seats: list[str] | None = None) -> tuple[str, list[str]]:
    n = make_game(game, OPTIONS.get(game, {})).num_players
    r = client.post("/api/rooms", json={"game": game, "options": OPTIONS.get(game, {}), "seats": seats or ["human"] * n,
                                        "dice": "table"})
    assert r.status_code == 201, r.text
    return r.json()["room"], [s["token"] for s in r.json()["seats"]]


def play(client, room: str, tokens: list[str], rng: random.Random) -> list:
    """Play to the end by the API: each awaited roll entered as a random face by some seated person
    (one in four drawn by the server), each decision a random legal one; the rolls as entered."""
    entered = []
    for step in range(20_000):
        v = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[0]}).json()
        if v["over"]:
            return entered
        if v["roll"]:
            who = rng.choice([t for t in tokens if t])
            if step % 4 == 0:
                r = client.post(f"/api/rooms/{room}/rolls", json={"token": who, "for_me": True})
                entered.append(None)
            else:
                face = rng.choice(v["roll"]["faces"])
                r = client.post(f"/api/rooms/{room}/rolls", json={"token": who, "outcome": face})
                entered.append(face)
            assert r.status_code == 200, r.text
            continue
        seat = v["node"]["seats"][0]
        mine = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[seat]}).json()
        if mine["legal"]:
            action = rng.choice(mine["legal"])["action"]
        else:  # a free-form decision (a point on the table): the random bot's own choice
            from brawl.bots import make_bot
            game = make_game(v["game"], v["options"])
            state = game.state_from_json(v["state"]) if hasattr(game, "state_from_json") else None
            action = make_bot(v["game"], "random", seed=step, game=game).choose(game, state, seat)
        r = client.post(f"/api/rooms/{room}/decisions", json={"token": tokens[seat], "action": action})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", game_names())
def test_a_game_with_table_dice_to_its_end_records_each_roll_as_entered(tmp_path, game):
    with TestClient(app_at(tmp_path / "t.sqlite3")) as client:
        room, tokens = room_with_table_dice(client, game)
        entered = play(client, room, tokens, random.Random(3))
        data = client.get(f"/api/rooms/{room}/record").json()
    assert data["dice"]["kind"] == "table"
    rolls = [e for e in data["entries"] if "roll" in e]
    assert len(rolls) == len(entered)
    for entry, face in zip(rolls, entered):
        assert entry.get("table", False) is (face is not None)
        if face is not None:
            assert entry["outcome"] == face
    assert verify(Record.from_json(data), make_game).ok


def test_an_impossible_face_is_refused_and_changes_nothing(tmp_path):
    with TestClient(app_at(tmp_path / "t.sqlite3")) as client:
        room, tokens = room_with_table_dice(client, "krig")
        def game_view() -> dict:  # the room as seat 0 sees it, less who is online (a request shows a seat present)
            view = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[0]}).json()
            return {**view, "seats": [{k: v for k, v in s.items() if k != "presence"} for s in view["seats"]]}

        before = game_view()
        assert before["table_dice"] and before["roll"]["roll"] == "d10" and before["roll"]["text"].startswith("Sun rolls d10")
        for body, status in (({"outcome": 11}, 422), ({"outcome": 0}, 422), ({"outcome": True}, 422),
                             ({"outcome": "six"}, 422), ({}, 422), ({"outcome": 3, "for_me": True}, 422)):
            r = client.post(f"/api/rooms/{room}/rolls", json={"token": tokens[1], **body})
            assert r.status_code == status and r.json()["error"], (body, r.text)
        assert client.post(f"/api/rooms/{room}/rolls", json={"token": "wrong", "outcome": 3}).status_code == 403
        assert game_view() == before
        r = client.post(f"/api/rooms/{room}/decisions", json={"token": tokens[0], "action": "attack"})
        assert r.status_code in (409, 422)


def test_server_rooms_refuse_entered_dice_and_bots_enter_none(tmp_path):
    with TestClient(app_at(tmp_path / "t.sqlite3")) as client:
        r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"]}).json()
        refused = client.post(f"/api/rooms/{r['room']}/rolls", json={"token": r["seats"][0]["token"], "outcome": 3})
        assert refused.status_code == 409 and "rolled by the server" in refused.json()["error"]


def test_a_table_room_resumes_after_a_restart(tmp_path):
    path = tmp_path / "t.sqlite3"
    with TestClient(app_at(path)) as client:
        room, tokens = room_with_table_dice(client, "krig")
        rng = random.Random(1)
        for _ in range(6):  # a few rolls and decisions, one roll left awaited
            v = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[0]}).json()
            if v["roll"]:
                client.post(f"/api/rooms/{room}/rolls", json={"token": tokens[0], "outcome": rng.choice(v["roll"]["faces"])})
            else:
                seat = v["node"]["seats"][0]
                legal = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
                client.post(f"/api/rooms/{room}/decisions", json={"token": tokens[seat], "action": legal[0]["action"]})
        before = client.get(f"/api/rooms/{room}/events").json()
    with TestClient(app_at(path)) as client:
        assert client.get(f"/api/rooms/{room}/events").json() == before
        entered = play(client, room, tokens, random.Random(9))
        assert entered is not None
        assert verify(Record.from_json(client.get(f"/api/rooms/{room}/record").json()), make_game).ok
