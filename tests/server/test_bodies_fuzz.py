"""Issue 29, point 3: no request body yields a 5xx.

Hypothesis writes bodies for the room-creating and the decision endpoints: any JSON at all, and
bodies close to good ones (real game names, option names and legal decisions with values of every
kind: huge, negative, not finite, true/false, text, lists, nesting) including time controls and
player names.  Every answer must be a success or a 4xx ``{"error": ...}``; never a server error."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy  # noqa: F401  (imported whole before the server's thread can be importing it while Hypothesis looks)
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies as st

from brawl.games import game_class, game_names
from brawl.server.app import create_app
from brawl.server.settings import Settings

GAMES = sorted(game_names())
EXAMPLES = int(os.environ.get("BRAWL_FUZZ_EXAMPLES", "120"))  # more for a deeper run by hand
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = Path(tmp_path_factory.mktemp("fuzz")) / "brawl.sqlite3"
    loose = Settings(db_url=f"sqlite:///{db}", bot_delay=0, rooms_per_minute=1_000_000,
                     decisions_per_second=1_000_000)
    with TestClient(create_app(settings=loose), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def rooms(client) -> dict[str, dict]:
    """One two-person room per game (every seat a person's), made with good bodies."""
    out = {}
    for game in GAMES:
        cls = game_class(game)
        r = client.post("/api/rooms", json={"game": game, "seats": ["human"] * max(2, cls.min_players)})
        assert r.status_code == 201, r.text
        out[game] = r.json()
    return out


def post(client: TestClient, url: str, body) -> None:
    """Post ``body`` (JSON as Python writes it, NaN and Infinity included) and check the answer."""
    raw = body if isinstance(body, (str, bytes)) else json.dumps(body)
    r = client.post(url, content=raw, headers={"content-type": "application/json"})
    assert r.status_code < 500, (r.status_code, r.text, raw[:500])
    if r.status_code >= 400:
        assert isinstance(r.json().get("error"), str), r.text


# -- values of every kind -------------------------------------------------------------------------
scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70), st.sampled_from([0, 1, -1, 2, 8, 9, 2**31, 2**63, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.5, -0.0, 1e9, 1e308, 86_400.5]),
    st.text(max_size=30), st.sampled_from(["", "NaN", "Infinity", "1e9", "0", "true", "\u0000", "x" * 300]),
)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=8)


def option_names(game: str) -> list[str]:
    return list(game_class(game).Options.model_fields)


@st.composite
def options(draw, game: str):
    names = option_names(game) + ["bogus"]
    return draw(st.dictionaries(st.sampled_from(names), values, max_size=4))


time_controls = st.one_of(
    values,
    st.fixed_dictionaries({}, optional={"mode": st.one_of(st.sampled_from(["none", "move", "game", "x"]), scalars),
                                        "seconds": scalars, "increment": scalars, "away_limit": scalars,
                                        "extra": scalars}),
)
seat_specs = st.one_of(st.sampled_from(["human", "bot:random", "bot:heuristic", "bot:", "bot:nope", "robot"]), scalars)


@st.composite
def room_bodies(draw):
    game = draw(st.one_of(st.sampled_from(GAMES), scalars))
    known = game if isinstance(game, str) and game in GAMES else None
    body = {"game": game}
    if draw(st.booleans()):
        body["options"] = draw(options(known)) if known and draw(st.booleans()) else draw(values)
    body["seats"] = draw(st.one_of(st.lists(seat_specs, max_size=9), values))
    if draw(st.booleans()):
        body["time_control"] = draw(time_controls)
    if draw(st.booleans()):
        body["names"] = draw(st.one_of(st.dictionaries(st.one_of(st.integers(-2, 9).map(str), st.text(max_size=3)),
                                                       scalars, max_size=3), values))
    if draw(st.booleans()):
        body["public"] = draw(scalars)
    if draw(st.booleans()):
        body["dice"] = draw(st.one_of(st.sampled_from(["server", "table"]), scalars))
    if draw(st.booleans()):
        body[draw(st.text(max_size=6))] = draw(scalars)
    return body


# -- the tests --------------------------------------------------------------------------------------
@FUZZ
@given(body=st.one_of(values, room_bodies(), room_bodies()))
def test_no_room_body_is_a_server_error(client, body):
    post(client, "/api/rooms", body)


@FUZZ
@given(body=room_bodies())
def test_no_room_body_with_a_real_game_and_seats_is_a_server_error(client, body):
    """Bodies that pass the outer checks (a game, as many people's seats as it takes) and so
    reach the options, the time control and the names."""
    if not (isinstance(body["game"], str) and body["game"] in GAMES):
        body["game"] = "krig"
    body["seats"] = ["human"] * max(2, game_class(body["game"]).min_players)
    post(client, "/api/rooms", body)


def legal_now(client: TestClient, room: dict) -> list[str]:
    """Every seat's legal decisions in ``room`` as it stands (it moves on as the fuzzing decides)."""
    legal: list[str] = []
    for s in room["seats"]:
        if s["token"]:
            v = client.get(f"/api/rooms/{room['room']}", headers={"X-Seat-Token": s["token"]}).json()
            legal += [d["action"] for d in v.get("legal", [])]
    return legal


# what is drawn never depends on the room's state (Hypothesis replays draws): a legal decision is
# picked by a drawn number, and a tail replaces what follows its first colon
tails = st.one_of(st.text(max_size=20), st.sampled_from(["nan,nan", "inf,-inf", "1e308,1e308", "-1,-1", "3.5", ",",
                                                         ":::", "9" * 40]))


@FUZZ
@given(game=st.sampled_from(GAMES), seat=st.integers(0, 7), pick=st.integers(0, 10**6),
       shape=st.sampled_from(["legal", "tail", "other"]), tail=tails, other=values, token=scalars,
       use_token=st.booleans(), extra=st.dictionaries(st.sampled_from(["expect", "client_id", "junk"]), scalars, max_size=3),
       whole=st.one_of(st.none(), values))
def test_no_decision_body_is_a_server_error(client, rooms, game, seat, pick, shape, tail, other, token, use_token,
                                            extra, whole):
    room = rooms[game]
    tokens = [s["token"] for s in room["seats"] if s["token"]]
    legal = legal_now(client, room) or ["move"]
    action = {"legal": legal[pick % len(legal)], "tail": f"{legal[pick % len(legal)].split(':')[0]}:{tail}",
              "other": other}[shape]
    body = {"token": tokens[seat % len(tokens)] if use_token else token, "action": action, **extra}
    post(client, f"/api/rooms/{room['room']}/decisions", body if whole is None else whole)


def test_the_fuzzing_reaches_every_game(client, rooms):
    """The rooms the decision fuzzing uses exist and answer, one per game."""
    assert set(rooms) == set(GAMES)
    for room in rooms.values():
        assert client.get(f"/api/rooms/{room['room']}").status_code == 200


ROOM_POSTS = ["join", "name", "chat", "claim", "takeback", "takeback/answer", "rematch"]


@FUZZ
@given(data=st.data())
def test_no_body_to_a_rooms_other_doors_is_a_server_error(client, rooms, data):
    """Joining, names, chat, claims, takebacks, rematches, and records sent for dice or a replay."""
    room = rooms[data.draw(st.sampled_from(GAMES))]
    token = data.draw(st.one_of(st.sampled_from([s["token"] for s in room["seats"] if s["token"]]), scalars))
    body = data.draw(st.one_of(
        values,
        st.fixed_dictionaries({"token": st.just(token)}, optional={"name": scalars, "text": scalars, "accept": scalars,
                                                                    "seat": scalars}),
        st.fixed_dictionaries({"token": st.just(token)}, optional={"seat": st.sampled_from([True, False, 0, 1, -1, 99]),
                                                                    "name": st.just("Ana")})))
    post(client, f"/api/rooms/{room['room']}/{data.draw(st.sampled_from(ROOM_POSTS))}", body)


records = st.one_of(values, st.fixed_dictionaries(
    {"format": st.one_of(st.just("brawl-record/1"), scalars)},
    optional={"game": st.one_of(st.sampled_from(GAMES), scalars), "options": values, "seed": scalars,
              "dice": st.one_of(scalars, values, st.fixed_dictionaries({}, optional={"seed": scalars, "commitment": scalars,
                                                                            "kind": scalars})),
              "entries": st.one_of(values, st.lists(st.fixed_dictionaries({}, optional={
                  "seat": scalars, "action": scalars, "roll": scalars, "outcome": scalars}), max_size=4))}))


@FUZZ
@given(record=records, where=st.sampled_from(["/api/rooms/dice", "/api/rooms/replay?step=3", "/api/rooms/replay"]))
def test_no_record_sent_for_dice_or_a_replay_is_a_server_error(client, record, where):
    post(client, where, record)


@pytest.fixture(scope="module")
def table_rooms(client) -> dict[str, dict]:
    """One room per game whose dice are rolled at the table (each face entered)."""
    out = {}
    for game in GAMES:
        cls = game_class(game)
        r = client.post("/api/rooms", json={"game": game, "seats": ["human"] * max(2, cls.min_players), "dice": "table"})
        assert r.status_code == 201, r.text
        out[game] = r.json()
    return out


@FUZZ
@given(game=st.sampled_from(GAMES), seat=st.integers(0, 7), use_token=st.booleans(), token=scalars,
       outcome=st.one_of(st.integers(-3, 30), values), for_me=st.one_of(st.booleans(), scalars),
       keys=st.sets(st.sampled_from(["outcome", "for_me", "junk"])), whole=st.one_of(st.none(), values))
def test_no_roll_entered_at_the_table_is_a_server_error(client, table_rooms, game, seat, use_token, token, outcome,
                                                        for_me, keys, whole):
    """Faces entered for dice rolled at the table (``POST /api/rooms/ID/rolls``), good and bad."""
    room = table_rooms[game]
    tokens = [s["token"] for s in room["seats"] if s["token"]]
    body = {"token": tokens[seat % len(tokens)] if use_token else token}
    body.update({k: v for k, v in (("outcome", outcome), ("for_me", for_me), ("junk", 1)) if k in keys})
    post(client, f"/api/rooms/{room['room']}/rolls", body if whole is None else whole)
