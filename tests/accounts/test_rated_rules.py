"""Rated games are a separate, stricter kind of game (issue 37): seats only their owners hold, and
rules the server fixes whoever made the room."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from brawl.server.accounts import rated

from .conftest import no_ties, person, play_out


def rated_room(c: TestClient, game: str = "rps", seats=("human", "human"), **extra) -> dict:
    r = c.post("/api/rooms", json={"game": game, "seats": list(seats), "rated": True, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def join(c: TestClient, room: str, seat: int) -> dict:
    r = c.post(f"/api/rooms/{room}/join", json={"seat": seat})
    assert r.status_code == 200, r.text
    return r.json()


def wait_until(check, what: str, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def play_people(seats: dict, room: str, choose) -> dict:
    """Play a room with bots to its end: each person's seat decides by ``choose(legal)`` when it is
    theirs; a bot's turn is waited out.  The final public view."""
    any_client = next(iter(seats.values()))[0]
    deadline = time.monotonic() + 60
    while True:
        v = any_client.get(f"/api/rooms/{room}").json()
        if v["over"]:
            return v
        assert time.monotonic() < deadline, "the game did not end"
        for seat in [s for s in v["node"]["seats"] if s in seats]:
            c, token = seats[seat]
            legal = c.get(f"/api/rooms/{room}", headers={"X-Seat-Token": token}).json()["legal"]
            if legal:
                r = c.post(f"/api/rooms/{room}/decisions", json={"token": token, "action": choose([d["action"] for d in legal])})
                assert r.status_code in (200, 409), r.text
        if not any(s in seats for s in v["node"]["seats"]):
            time.sleep(0.02)  # a bot's turn: look again


def test_a_rated_room_gives_its_creator_only_their_own_seats_token(app):
    """Issue 37, point 1: POST /api/rooms with rated=true answers the creator's token alone; the
    other seat has none, only the room's page as its invite."""
    ana = person(app, "Ana")
    room = rated_room(ana)
    mine, other = room["seats"]
    assert mine["token"] and mine["player"] == "Ana" and room["rated"] is True
    assert other["token"] is None and other["invite"] == f"/play/{room['room']}"
    assert TestClient(app).post("/api/rooms", json={"game": "rps", "seats": ["human", "human"],
                                                    "rated": True}).status_code == 401  # a guest cannot
    # the creator may pick another seat
    second = rated_room(ana, seat=1)
    assert second["seats"][0]["token"] is None and second["seats"][1]["token"]


def test_other_seats_are_taken_by_accounts_through_their_own_join(app):
    """Issue 37, point 1: each other seat is an account's, taken with a fresh token by its own join;
    nobody takes two seats, a guest none, and nobody binds a rated seat with a token."""
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = rated_room(ana)["room"]
    assert ana.post(f"/api/rooms/{room}/join", json={"seat": 1}).status_code == 409  # Ana plays seat 0 already
    assert TestClient(app).post(f"/api/rooms/{room}/join", json={"seat": 1}).status_code == 401
    taken = join(sun, room, 1)
    assert taken["token"] and taken["rated"] is True
    assert person(app, "Cy").post(f"/api/rooms/{room}/join", json={"seat": 1}).status_code == 409
    assert [g["room"] for g in sun.get("/api/players/Sun").json()["games"]] == [room]
    view = sun.get(f"/api/rooms/{room}", headers={"X-Seat-Token": taken["token"]}).json()
    assert view["seat"] == 1 and view["seats"][1]["player"] == "Sun"
    # a token of a rated seat that no account took binds nothing (here from the server's own making)
    made, tokens = app.state.hub.create("rps", {}, ["human", "human"], rated=True)
    r = sun.post(f"/api/rooms/{made.id}/account", json={"token": tokens[1]})
    assert r.status_code == 409 and "join" in r.json()["error"]


def test_a_rated_room_waits_for_every_seat_before_any_decision(app):
    """Issue 37, point 1: a rated game starts when every seat is taken (no decision before)."""
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = rated_room(ana)
    tok = room["seats"][0]["token"]
    r = ana.post(f"/api/rooms/{room['room']}/decisions", json={"token": tok, "action": "rock"})
    assert r.status_code == 409
    join(sun, room["room"], 1)
    assert ana.post(f"/api/rooms/{room['room']}/decisions", json={"token": tok, "action": "rock"}).status_code == 200


def test_the_view_says_a_room_is_rated_and_names_its_fixed_rules(app):
    """Issue 37, points 1 and 2: the view carries ``rated`` (null for a casual room) with the time
    control of the server's list and the fixed away limit, whatever the creator asked for."""
    ana = person(app, "Ana")
    casual = ana.post("/api/rooms", json={"game": "rps", "seats": ["human", "human"]}).json()
    assert ana.get(f"/api/rooms/{casual['room']}").json()["rated"] is None
    room = rated_room(ana, time_control={"mode": "none", "away_limit": 0.5})
    view = ana.get(f"/api/rooms/{room['room']}").json()
    default = rated.time_controls("rps")[0]
    assert view["rated"]["time_control"] == default["name"] and view["rated"]["away_limit"] == rated.AWAY_LIMIT >= 30
    assert view["clocks"]["mode"] == default["mode"] and view["clocks"]["away_limit"] == rated.AWAY_LIMIT
    listed = rated.time_controls("rps")[-1]
    other = rated_room(ana, time_control={k: listed[k] for k in ("mode", "seconds", "increment")})
    assert ana.get(f"/api/rooms/{other['room']}").json()["rated"]["time_control"] == listed["name"]
    r = ana.post("/api/rooms", json={"game": "rps", "seats": ["human", "human"], "rated": True,
                                     "time_control": {"mode": "game", "seconds": 7}})
    assert r.status_code == 422 and default["name"] in r.json()["error"]
    rules = ana.get("/api/rated/rps").json()
    assert [c["name"] for c in rules["time_controls"]] == [c["name"] for c in rated.time_controls("rps")]


def test_rated_games_have_server_dice_no_hints_no_takebacks_and_no_one_device_play(app):
    """Issue 37, point 2 (and point 1's /one-device and /phone): table dice are refused, and hints,
    takebacks and one-device play answer 403 in a rated room (a casual room keeps them)."""
    ana, sun = person(app, "Ana"), person(app, "Sun")
    r = ana.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"], "rated": True, "dice": "table"})
    assert r.status_code == 422
    room = rated_room(ana, game="krig", options={"hp": 5})
    tok = room["seats"][0]["token"]
    joined = join(sun, room["room"], 1)
    rid = room["room"]
    view = ana.get(f"/api/rooms/{rid}", headers={"X-Seat-Token": tok}).json()
    assert view["hints"] is False and view["can_take_back"] is False
    assert ana.get(f"/api/rooms/{rid}/hints", headers={"X-Seat-Token": tok}).status_code == 403
    seat = view["node"]["seats"][0]
    mover = (ana, tok) if seat == 0 else (sun, joined["token"])
    legal = mover[0].get(f"/api/rooms/{rid}", headers={"X-Seat-Token": mover[1]}).json()["legal"]
    assert mover[0].post(f"/api/rooms/{rid}/decisions", json={"token": mover[1], "action": legal[0]["action"]}).status_code == 200
    assert mover[0].post(f"/api/rooms/{rid}/takeback", json={"token": mover[1]}).status_code == 403
    assert ana.post(f"/api/rooms/{rid}/one-device", json={"tokens": [tok, joined["token"]]}).status_code == 403
    assert ana.post(f"/api/rooms/{rid}/phone", json={"token": tok}).status_code == 403
    casual = ana.post("/api/rooms", json={"game": "krig", "options": {"hp": 5}, "seats": ["human", "human"]}).json()
    ctok = casual["seats"][0]["token"]
    assert ana.get(f"/api/rooms/{casual['room']}/hints", headers={"X-Seat-Token": ctok}).status_code == 200
    assert ana.post(f"/api/rooms/{casual['room']}/one-device", json={"tokens": [ctok, casual["seats"][1]["token"]]}).status_code == 200


def test_a_seat_that_never_makes_its_first_decision_aborts_the_game_unrated(app, client, monkeypatch):
    """Issue 37, point 2: a game in which a seat makes no decision in its first N seconds is
    aborted, changes no rating, and the profile says "aborted"."""
    monkeypatch.setattr(rated, "ABORT_AFTER", 0.5)
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = rated_room(ana)
    rid = room["room"]
    join(sun, rid, 1)
    assert ana.post(f"/api/rooms/{rid}/decisions", json={"token": room["seats"][0]["token"], "action": "rock"}).status_code == 200
    end = wait_until(lambda: (v := client.get(f"/api/rooms/{rid}").json())["over"] and v, "the game was not aborted")
    assert end["ended"].startswith("aborted") and end["winners"] == []
    app.state.accounts.round()
    for name in ("Ana", "Sun"):
        profile = ana.get(f"/api/players/{name}").json()
        assert profile["ratings"] == {} and profile["games"][0]["result"] == "aborted"


def test_a_player_who_stalls_after_beginning_loses_on_time_and_the_loss_is_rated(app, client, monkeypatch):
    """Issue 37, point 2: after both began, a player who never decides loses on the clock at once
    (no claim needed), and the ratings move."""
    monkeypatch.setattr(rated, "TIME_CONTROLS", [{"name": "quick", "mode": "move", "seconds": 3.0, "increment": 0.0}])
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = rated_room(ana)
    rid, tok = room["room"], room["seats"][0]["token"]
    other = join(sun, rid, 1)["token"]
    assert ana.post(f"/api/rooms/{rid}/decisions", json={"token": tok, "action": "rock"}).status_code == 200
    assert sun.post(f"/api/rooms/{rid}/decisions", json={"token": other, "action": "paper"}).status_code == 200
    assert ana.post(f"/api/rooms/{rid}/decisions", json={"token": tok, "action": "rock"}).status_code == 200
    end = wait_until(lambda: (v := client.get(f"/api/rooms/{rid}").json())["over"] and v, "Sun did not lose on time")
    assert end["winners"] == [0] and "ran out of time" in end["ended"]
    wait_until(lambda: ana.get("/api/players/Ana").json()["ratings"], "the game was not rated")
    won, lost = (ana.get(f"/api/players/{n}").json() for n in ("Ana", "Sun"))
    assert won["ratings"]["rps"]["rating"] > 1500 > lost["ratings"]["rps"]["rating"]
    assert won["games"][0]["result"] == "won" and lost["games"][0]["result"] == "lost"
    assert won["games"][0]["change"] == won["ratings"]["rps"]["rating"] - 1500
    assert lost["games"][0]["change"] == lost["ratings"]["rps"]["rating"] - 1500 < 0


def test_a_rated_ktog_table_of_three_from_the_lobby_rates_all_three(app):
    """Issue 37, point 9: a rated KtOG table of three made in the lobby, its two other seats taken by
    their own joins, rates all three."""
    people = [person(app, n) for n in ("Ana", "Ben", "Cy")]
    room = rated_room(people[0], game="ktog", seats=["human"] * 3, options={"players": 3, "hp": 3})
    rid = room["room"]
    seats = {0: (people[0], room["seats"][0]["token"])}
    for i in (1, 2):
        seats[i] = (people[i], join(people[i], rid, i)["token"])
    play_out(app, seats, rid, lambda legal: next((a for a in legal if a.startswith("attack")), legal[0]))
    app.state.accounts.round()
    assert all(people[0].get(f"/api/players/{n}").json()["ratings"]["ktog"]["games"] == 1 for n in ("Ana", "Ben", "Cy"))


def test_the_leaderboard_lists_settled_ratings_only(app):
    """Issue 37, point 13: a provisional rating is not on the leaderboard, however high."""
    from brawl.server.accounts import ratings as R
    from brawl.server.db import RATINGS

    ana, sun = person(app, "Ana"), person(app, "Sun")
    ids = {n: app.state.engine.connect().execute(
        __import__("sqlalchemy").text("select id from accounts where username = :n"), {"n": n}).scalar() for n in ("Ana", "Sun")}
    with app.state.engine.begin() as conn:
        conn.execute(RATINGS.insert(), [
            {"account_id": ids["Ana"], "game": "krig", "mu": R.rating_of(2184), "sigma": R.SIGMA * 0.9, "games": 25,
             "wins": 25, "losses": 0, "draws": 0},
            {"account_id": ids["Sun"], "game": "krig", "mu": R.rating_of(1600), "sigma": 100 / R.SCALE, "games": 60,
             "wins": 35, "losses": 25, "draws": 0}])
    board = ana.get("/api/leaderboard/krig").json()["players"]
    assert [p["username"] for p in board] == ["Sun"] and not board[0]["provisional"]


def test_rated_games_between_the_same_two_accounts_are_capped_per_day(app, monkeypatch):
    """Issue 37, point 13: past the daily cap, games between the same two accounts change no rating."""
    monkeypatch.setattr(rated, "DAILY_CAP", 2)
    ana, sun = person(app, "Ana"), person(app, "Sun")
    for _ in range(3):
        room = rated_room(ana)
        seats = {0: (ana, room["seats"][0]["token"]), 1: (sun, join(sun, room["room"], 1)["token"])}
        play_out(app, seats, room["room"], no_ties())
        app.state.accounts.round()
    profile = ana.get("/api/players/Ana").json()
    assert profile["ratings"]["rps"]["games"] == 2
    assert [g["result"] for g in profile["games"]][0] == "unrated"


def test_a_rated_game_against_a_bot_level_counts_for_the_person_only(app):
    """Issue 37, point 14: a rated game against a bot level the ladder rated moves the person's
    rating against the bot's fixed one; a level without a ladder rating is refused."""
    ana = person(app, "Ana")
    room = rated_room(ana, game="krig", seats=["human", "bot:attacker"], options={"hp": 4})
    assert room["seats"][1]["kind"] == "bot"
    end = play_people({0: (ana, room["seats"][0]["token"])}, room["room"],
                      lambda legal: next((a for a in legal if a in ("attack", "take")), legal[0]))
    app.state.accounts.round()
    mine = ana.get("/api/players/Ana").json()
    assert mine["ratings"]["krig"]["games"] == 1
    change = mine["games"][0]["change"]
    assert (change > 0) == (end["winners"] == [0]) and change != 0
    board = ana.get("/api/leaderboard/krig").json()
    assert {b["bot"]: b["rating"] for b in board["bots"]}["attacker"] == rated.bot_rating("krig", "attacker")
    r = ana.post("/api/rooms", json={"game": "krig", "seats": ["human", "bot:nope"], "rated": True})
    assert r.status_code == 422
    # a level the lobby offers stands for its bot, at that bot's ladder rating
    from brawl.bots import bot_for_level
    from brawl.games import make_game

    level = rated_room(ana, game="krig", seats=["human", "bot:normal"])
    assert level["seats"][1]["bot"] == "normal"
    made = make_game("krig", {})
    assert rated.bot_rating("krig", "normal", made) == rated.bot_rating("krig", bot_for_level("krig", "normal", made)) > 0


def test_a_deleted_players_live_game_shows_deleted_player_at_once_and_ends_unrated(app):
    """Issue 37, point 15: a live room shows "deleted player" as soon as the account is deleted, and
    the game, once over, changes no rating."""
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = rated_room(ana)
    rid, tok = room["room"], room["seats"][0]["token"]
    other = join(sun, rid, 1)["token"]
    assert ana.request("DELETE", "/api/me", json={"password": "correct horse"}).status_code == 200
    assert [s["player"] for s in sun.get(f"/api/rooms/{rid}").json()["seats"]] == ["deleted player", "Sun"]
    play_out(app, {0: (ana, tok), 1: (sun, other)}, rid, no_ties())
    app.state.accounts.round()
    profile = sun.get("/api/players/Sun").json()
    assert profile["ratings"] == {} and profile["games"][0]["result"] == "unrated"


def test_an_unfinished_game_left_for_a_day_shows_as_abandoned(app):
    """Issue 37, point 15: a recent game says "abandoned" instead of "in progress" forever."""
    from datetime import datetime, timedelta, timezone

    from brawl.server.db import EVENTS, ROOMS

    ana, sun = person(app, "Ana"), person(app, "Sun")
    old, new = rated_room(ana), rated_room(ana)
    join(sun, old["room"], 1)
    long_ago = datetime.now(timezone.utc) - timedelta(seconds=rated.ABANDONED_AFTER + 60)
    with app.state.engine.begin() as conn:
        conn.execute(ROOMS.update().where(ROOMS.c.id == old["room"]).values(created_at=long_ago))
        conn.execute(EVENTS.update().where(EVENTS.c.room_id == old["room"]).values(created_at=long_ago))
    games = {g["room"]: g["result"] for g in ana.get("/api/players/Ana").json()["games"]}
    assert games == {old["room"]: "abandoned", new["room"]: "in progress"}


def test_a_rated_table_with_a_bot_level_waits_for_its_free_seat_then_rates_the_people(app, client):
    """Issue 37, points 9 and 14: a rated KtOG table of three (a person, a ladder-rated bot level,
    a free seat) starts once an account joins; the bot moves then, and both people are rated."""
    ana, ben = person(app, "Ana"), person(app, "Ben")
    for browser in (ana, ben):  # their requests on the app's running loop, where the bots' tasks live on
        browser.portal = client.portal
    room = rated_room(ana, game="ktog", seats=["human", "bot:random", "human"], options={"players": 3, "hp": 3})
    rid = room["room"]
    assert client.get(f"/api/rooms/{rid}").json()["seats"][2]["player"] is None  # free until an account joins
    seats = {0: (ana, room["seats"][0]["token"]), 2: (ben, join(ben, rid, 2)["token"])}
    play_people(seats, rid, lambda legal: next((a for a in legal if a.startswith("attack")), legal[0]))
    wait_until(lambda: all(ana.get(f"/api/players/{n}").json()["ratings"] for n in ("Ana", "Ben")), "not rated")
    assert all(ana.get(f"/api/players/{n}").json()["ratings"]["ktog"]["games"] == 1 for n in ("Ana", "Ben"))


def test_the_rematch_of_a_rated_game_is_rated_between_the_same_accounts(app):
    """Issue 37, point 1: a rated game's rematch is rated too, its seats the same accounts' (each
    keeps its own token: nobody gains another's)."""
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = rated_room(ana)
    seats = {0: (ana, room["seats"][0]["token"]), 1: (sun, join(sun, room["room"], 1)["token"])}
    play_out(app, seats, room["room"], no_ties())
    again = ana.post(f"/api/rooms/{room['room']}/rematch", json={"token": seats[0][1]}).json()
    assert again["rated"] is True and all(s["token"] is None for s in again["seats"])
    view = sun.get(f"/api/rooms/{again['room']}", headers={"X-Seat-Token": seats[1][1]}).json()
    assert view["seat"] == 1 and view["rated"] is not None
    play_out(app, {0: seats[0], 1: seats[1]}, again["room"], no_ties())
    app.state.accounts.round()
    assert ana.get("/api/players/Ana").json()["ratings"]["rps"]["games"] == 2


def test_nobody_claims_a_rated_game_against_a_seat_no_account_has_taken(app, monkeypatch):
    """Issue 37, point 1: the creator of a rated room cannot win it by claiming against the free
    seat, however long it stays empty (the seat counts as away, and the claim is still refused)."""
    monkeypatch.setattr(rated, "AWAY_LIMIT", 0.2)
    ana = person(app, "Ana")
    room = rated_room(ana)
    tok = room["seats"][0]["token"]
    hub = app.state.hub
    wait_until(lambda: hub.claimable(hub.get(room["room"]), 0), "the empty seat never counted as away")
    assert ana.post(f"/api/rooms/{room['room']}/claim", json={"token": tok}).status_code == 409
    view = ana.get(f"/api/rooms/{room['room']}", headers={"X-Seat-Token": tok}).json()
    assert view["claim"] is None and not view["over"]


def test_a_rated_room_waiting_for_its_joiner_is_not_aborted_and_the_abort_counts_from_the_join(app):
    """Issue 37, point 2: the abort counts from when every seat is taken (a lobby's rated room may
    wait for its joiner as long as it takes); then a seat that never begins aborts the game."""
    ana, sun = person(app, "Ana"), person(app, "Sun")
    room = rated_room(ana)
    hub = app.state.hub
    live = hub.get(room["room"])
    for now in (0.0, 10 * rated.ABORT_AFTER):
        rated.watch(hub, now=now)
    assert not live.over
    join(sun, room["room"], 1)
    start = 10 * rated.ABORT_AFTER + 1
    rated.watch(hub, now=start)
    rated.watch(hub, now=start + rated.ABORT_AFTER - 1)
    assert not live.over
    rated.watch(hub, now=start + rated.ABORT_AFTER)
    assert live.over and live.ending.reason == rated.ABORTED


def test_a_rated_game_keeps_the_rules_chances_but_not_a_solvers_odds(app):
    """Issue 37, point 2: a game whose decisions' odds are a solver's advice (Kniggits' fight hands
    against the equilibrium) shows none in a rated room; the rules' own chances (Krig) stay."""
    hub = app.state.hub
    kniggits, _ = hub.create("kniggits", {}, ["human", "human"], rated=True)
    krig, _ = hub.create("krig", {}, ["human", "human"], rated=True)
    casual, _ = hub.create("kniggits", {}, ["human", "human"])
    view = {"legal": [{"action": "fight:0:a:b", "label": "a, b", "odds": "one of the best hands"}]}
    assert rated.restrict(dict(view), kniggits)["legal"][0]["odds"] is None
    assert rated.restrict(dict(view), krig)["legal"][0]["odds"] == "one of the best hands"
    assert rated.restrict(dict(view), casual)["legal"][0]["odds"] == "one of the best hands"
