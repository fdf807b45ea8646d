"""Free-form decisions (a point on a table) and the renderer plug-in point."""

from __future__ import annotations

import sys
import types

import pytest
from fastapi.testclient import TestClient

import brawl.server.app as server_app
from brawl.games import register

from .conftest import decide, make_room, unregister, view


@pytest.fixture
def pointgame(monkeypatch):
    # the bot registry looks for brawl.games.<game>.bots; this test game lives in tests/ and has none
    monkeypatch.setitem(sys.modules, "brawl.games.pointgame", types.ModuleType("brawl.games.pointgame"))
    register("pointgame", "tests.server.pointgame:PointGame")
    yield "pointgame"
    unregister("pointgame")


def test_any_string_reaches_the_rules_and_they_judge(client, pointgame):
    """Issue 4: games whose decisions are not a finite list get free-form strings checked by
    ``check_action``; the API passes any string on and refuses what the rules refuse."""
    room = make_room(client, game=pointgame)
    v = view(client, room, 0)
    assert v["legal"] == [] and v["free_form"] and v["your_turn"]
    assert not view(client, room, 1)["free_form"]  # not seat 1's decision
    before = client.get(f"/api/rooms/{room['room']}/events").json()
    for bad, words in (("north", "not a point"), ("11,2", "off the table"), ("", "not a point")):
        r = decide(client, room, 0, bad)
        assert r.status_code == 422 and words in r.json()["error"]
    assert client.get(f"/api/rooms/{room['room']}/events").json() == before
    r = decide(client, room, 0, "3.5,7.25")
    assert r.status_code == 200
    accepted = r.json()["accepted"]
    assert accepted[0]["action"] == "3.5,7.25" and accepted[1]["type"] == "roll"


def test_renderer_flag_and_file(tmp_path, monkeypatch, pointgame):
    """DEVELOPERS Web renderers: a game with static/games/<game>.js is flagged and its file served."""
    import shutil
    static = tmp_path / "static"
    shutil.copytree(server_app.STATIC, static)
    (static / "games").mkdir(exist_ok=True)
    (static / "games" / "pointgame.js").write_text("brawl.registerRenderer('pointgame', {});\n")
    monkeypatch.setattr(server_app, "STATIC", static)
    with TestClient(server_app.create_app(f"sqlite:///{tmp_path / 'r.sqlite3'}", bot_delay=0)) as c:
        games = {g["name"]: g for g in c.get("/api/games").json()}
        assert games["pointgame"]["renderer"] is True
        assert games["krig"]["renderer"] is (server_app.STATIC / "games" / "krig.js").is_file()
        assert "registerRenderer" in c.get("/static/games/pointgame.js").text


@pytest.mark.parametrize("game, options", [("krig", {}), ("ktog", {}), ("rps", {}), ("tactics", {})])
def test_games_with_listed_decisions_offer_no_text_field(client, game, options):
    """Issue 13: a game that only explains its refusals better (its own check_action) is not
    free-form: no text box for decisions it lists itself."""
    room = make_room(client, game=game, options=options)
    for seat in range(len(room["seats"])):
        assert not view(client, room, seat)["free_form"]
