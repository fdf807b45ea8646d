"""Bots on the players' scale (issue 32): each bot level's rating is what the bot ladder measures,
moved so that the random bot stands at the anchor; the server shows the measured numbers."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from brawl.server.accounts.service import read_bot_ratings

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import bot_ratings  # noqa: E402


def test_the_stored_krig_ratings_are_what_the_ladder_measures_again():
    stored = json.loads(bot_ratings.path_of("krig").read_text())
    again = bot_ratings.measure("krig", stored["games_per_pair"], stored["seed"], workers=1)
    assert again == stored
    assert stored["ratings"][bot_ratings.ANCHOR_BOT] == bot_ratings.ANCHOR
    assert stored["ratings"]["optimal"] > stored["ratings"]["random"]  # the solved bot is the strongest


def test_the_server_shows_the_measured_ratings(client):
    stored = json.loads(bot_ratings.path_of("krig").read_text())["ratings"]
    assert read_bot_ratings("krig") == stored
    board = client.get("/api/leaderboard/krig").json()
    assert {b["bot"]: b["rating"] for b in board["bots"]} == stored


def test_each_level_in_the_lobby_carries_its_bots_rating(client):
    """The lobby reads "Computer: hard (about N)": a level's rating is that of the bot it plays."""
    from brawl.bots import bot_for_level, level_names
    from brawl.games import make_game

    stored = json.loads(bot_ratings.path_of("krig").read_text())["ratings"]
    shown = client.get("/api/games/krig").json()["ratings"]
    for level in level_names("krig"):
        assert shown[level] == stored[bot_for_level("krig", level, make_game("krig", {}))]
