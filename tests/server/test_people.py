"""Issue 11, the server's side of playing with people: names, presence, chat, time controls and
claims, takebacks, open (public) games and the replay frames.  The tests wait by polling or hold
the server's clock still; they never assert how fast anything happened."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from brawl.server import clocks as clocks_module
from brawl.server.app import create_app
from brawl.server.settings import Settings

from .conftest import decide, make_room, play_krig_step, tokens, view, wait_for


def post(client, room, path, seat, **body):
    return client.post(f"/api/rooms/{room['room']}/{path}", json={"token": tokens(room)[seat], **body})


def hello(ws, token=None):
    ws.send_json({"type": "hello", "token": token, "since": -1})
    assert ws.receive_json()["type"] == "welcome"


# -- names -------------------------------------------------------------------------------------------
def test_a_name_is_chosen_per_seat_shown_everywhere_and_kept_in_the_record(client):
    room = make_room(client, options={"hp": 1})
    r = post(client, room, "name", 0, name="  Ana   María ")
    assert r.status_code == 200 and r.json()["name"] == "Ana María"
    v = view(client, room, None)
    assert v["seats"][0]["player"] == "Ana María" and v["seats"][1]["player"] is None
    while play_krig_step(client, room):
        pass
    record = client.get(f"/api/rooms/{room['room']}/record").json()
    assert record["players"] == ["Ana María", None]


def test_names_replace_seat_names_in_what_people_read(client):
    """Issue 11: player names shown everywhere instead of Sun / Moon: status table, prompt, log."""
    room = make_room(client, options={"hp": 20})
    post(client, room, "name", 0, name="Ana")
    post(client, room, "name", 1, name="Bo")
    seat = view(client, room, None)["node"]["seats"][0]
    decide(client, room, seat, "attack")
    v = view(client, room, None)
    shown = json.dumps([v["status_rows"], v["summary"], v["node"]["prompt"]])
    log = " ".join(l["text"] for e in client.get(f"/api/rooms/{room['room']}/events").json()["events"] for l in e["log"])
    for text in (shown, log):
        assert "Ana" in text and "Sun" not in text and "Moon" not in text, text
    assert v["seats"][0]["name"] == "Sun" and v["seats"][0]["player"] == "Ana"


@pytest.mark.parametrize("name, words", [("x" * 200, "too long"), ("   ", "empty"), ("a\u0000b", "cannot be shown")])
def test_a_bad_name_is_refused_and_changes_nothing(client, name, words):
    room = make_room(client)
    r = post(client, room, "name", 0, name=name)
    assert r.status_code == 422 and words in r.json()["error"]
    assert view(client, room, None)["seats"][0]["player"] is None


def test_a_name_is_markup_free_text(client):
    """Names are data: the server keeps them as typed (the page shows them as text, never markup)."""
    room = make_room(client)
    post(client, room, "name", 0, name="<b>Bo</b>")
    assert view(client, room, None)["seats"][0]["player"] == "<b>Bo</b>"


def test_spectators_have_no_name(client):
    room = make_room(client)
    r = client.post(f"/api/rooms/{room['room']}/name", json={"token": "", "name": "Eve"})
    assert r.status_code == 403


# -- presence ----------------------------------------------------------------------------------------
def test_presence_is_live_per_seat_and_away_after_the_grace_period(db_url):
    settings = Settings(db_url=db_url, bot_delay=0, away_after=0.2)
    with TestClient(create_app(settings=settings)) as client:
        room = make_room(client)
        assert [s["presence"] for s in view(client, room, None)["seats"]] == ["offline", "offline"]
        with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
            hello(ws, tokens(room)[1])
            assert [s["presence"] for s in view(client, room, None)["seats"]] == ["offline", "online"]
        assert view(client, room, None)["seats"][1]["presence"] == "online"  # a reload is not an absence
        wait_for(lambda: view(client, room, None)["seats"][1]["presence"] == "away")


# -- chat --------------------------------------------------------------------------------------------
def test_chat_for_seats_read_only_for_spectators_and_never_in_the_record(client):
    room = make_room(client, options={"hp": 1})
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as watcher:
        hello(watcher)
        assert post(client, room, "chat", 0, text="good luck").status_code == 200
        msg = watcher.receive_json()
        while not msg.get("chat"):
            msg = watcher.receive_json()
        assert msg["chat"][0]["text"] == "good luck" and msg["chat"][0]["seat"] == 0
        watcher.send_json({"type": "chat", "text": "hi", "ref": 1})
        msg = watcher.receive_json()
        while msg["type"] == "update":
            msg = watcher.receive_json()
        assert msg["type"] == "error" and msg["status"] == 403
    lines = client.get(f"/api/rooms/{room['room']}/chat").json()["lines"]
    assert [line["text"] for line in lines] == ["good luck"]
    while play_krig_step(client, room):
        pass
    record = client.get(f"/api/rooms/{room['room']}/record").json()
    assert "good luck" not in str(record)
    client.app.state.hub.forget(room["room"])  # chat is kept with the room's events
    assert client.get(f"/api/rooms/{room['room']}/chat").json()["lines"][0]["text"] == "good luck"


def test_chat_is_length_and_rate_limited(db_url):
    with TestClient(create_app(settings=Settings(db_url=db_url, bot_delay=0, chat_per_minute=2, chat_length=10))) as c:
        room = make_room(c)
        assert post(c, room, "chat", 0, text="x" * 11).status_code == 422
        assert [post(c, room, "chat", 0, text="hi").status_code for _ in range(3)] == [200, 200, 429]
        assert len(c.get(f"/api/rooms/{room['room']}/chat").json()["lines"]) == 2


# -- time controls and claims --------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(clocks_module, "time", c)
    return c


def test_a_game_clock_with_increment_is_kept_and_shown(client, clock):
    room = make_room(client, options={"hp": 20})
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                        "time_control": {"mode": "game", "seconds": 60, "increment": 5}})
    room = r.json()
    v = view(client, room, None)
    seat = v["node"]["seats"][0]
    assert v["clocks"]["mode"] == "game" and v["clocks"]["seats"][str(seat)]["running"]
    clock.now += 10
    assert decide(client, room, seat, "attack").status_code == 200
    left = view(client, room, None)["clocks"]["seats"][str(seat)]["left"]
    assert left == pytest.approx(60 - 10 + 5)


def test_claim_after_the_clock_runs_out_and_never_before(client, clock):
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                        "time_control": {"mode": "move", "seconds": 30}})
    room = r.json()
    seat = view(client, room, None)["node"]["seats"][0]
    other = 1 - seat
    early = post(client, room, "claim", other)
    assert early.status_code == 409 and "nothing to claim" in early.json()["error"]
    clock.now += 31
    client.app.state.hub.clocks.flag(client.app.state.hub.get(room["room"]))
    v = view(client, room, None)
    assert v["clocks"]["seats"][str(seat)]["flagged"]
    assert post(client, room, "claim", seat).status_code == 409  # not against oneself
    won = post(client, room, "claim", other)
    assert won.status_code == 200 and won.json()["over"] and won.json()["winners"] == [other]
    assert "claimed" in won.json()["ended"]
    record = client.get(f"/api/rooms/{room['room']}/record").json()
    assert record["ended"]["winners"] == [other]
    client.app.state.hub.forget(room["room"])
    assert view(client, room, None)["winners"] == [other]  # kept after a restart


def test_a_bot_opponent_wins_when_the_persons_clock_runs_out(client, clock):
    r = client.post("/api/rooms", json={"game": "rps", "seats": ["human", "bot:random"],
                                        "time_control": {"mode": "move", "seconds": 5}})
    room = r.json()
    wait_for(lambda: 0 not in view(client, room, None)["node"]["seats"] or True)
    clock.now += 6
    client.app.state.hub.clocks.flag(client.app.state.hub.get(room["room"]))
    v = view(client, room, None)
    assert v["over"] and v["winners"] == [1] and "ran out of time" in v["ended"]


def test_claim_when_the_opponent_stays_away(db_url, clock):
    with TestClient(create_app(settings=Settings(db_url=db_url, bot_delay=0, away_after=0.01))) as client:
        r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"],
                                            "time_control": {"mode": "none", "away_limit": 60}})
        room = r.json()
        seat = view(client, room, None)["node"]["seats"][0]
        with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
            hello(ws, tokens(room)[seat])
        hub = client.app.state.hub
        hub.notifier.presence[(room["room"], seat)].left_at -= 61
        won = post(client, room, "claim", 1 - seat)
        assert won.status_code == 200 and won.json()["winners"] == [1 - seat]


# -- takebacks ---------------------------------------------------------------------------------------
def test_takeback_with_consent_and_the_record_keeps_only_what_stood(client):
    room = make_room(client, game="ktog", options={"players": 2})
    v = view(client, room, None)
    seat = v["node"]["seats"][0]
    legal = [d["action"] for d in view(client, room, seat)["legal"]]
    start = v["last"]
    pre = [a for a in legal if a.startswith("haste") or a.startswith("bless")]
    if not pre:
        pytest.skip("no decision without a roll after it at the start")
    assert decide(client, room, seat, pre[0]).status_code == 200
    asked = post(client, room, "takeback", seat)
    assert asked.status_code == 200 and asked.json() == {"done": False, "waiting": [1 - seat]}
    assert view(client, room, 1 - seat)["takeback"]["yours"]
    assert post(client, room, "takeback/answer", 1 - seat, accept=True).json()["done"]
    after = view(client, room, None)
    assert after["last"] == start and after["node"]["seats"] == [seat]
    assert len(client.get(f"/api/rooms/{room['room']}/events").json()["events"]) == start + 1


def test_no_takeback_after_a_roll(client):
    room = make_room(client, options={"hp": 20})
    seat = view(client, room, None)["node"]["seats"][0]
    decide(client, room, seat, "attack")  # the attack's dice are rolled at once
    r = post(client, room, "takeback", seat)
    assert r.status_code == 409 and "rolled" in r.json()["error"]


# -- open games ------------------------------------------------------------------------------------
def test_public_rooms_list_free_seats_and_strangers_join_by_name(client):
    private = make_room(client)
    r = client.post("/api/rooms", json={"game": "krig", "seats": ["human", "human"], "public": True,
                                        "names": {"0": "Host"}})
    room = r.json()
    listed = client.get("/api/rooms/public").json()["rooms"]
    assert [x["room"] for x in listed] == [room["room"]] and listed[0]["free"] == [1]
    assert listed[0]["seat_names"] == ["Sun", "Moon"]
    assert private["room"] not in str(listed) and "token" not in str(listed)
    joined = client.post(f"/api/rooms/{room['room']}/join", json={"seat": 1, "name": "Stranger"})
    assert joined.status_code == 200
    v = client.get(f"/api/rooms/{room['room']}", headers={"X-Seat-Token": joined.json()["token"]}).json()
    assert v["seat"] == 1 and v["seats"][1]["player"] == "Stranger"
    assert client.post(f"/api/rooms/{room['room']}/join", json={"seat": 1, "name": "Late"}).status_code == 409
    assert client.get("/api/rooms/public").json()["rooms"] == []
    assert client.post(f"/api/rooms/{private['room']}/join", json={"seat": 1, "name": "X"}).status_code == 403


# -- replay ----------------------------------------------------------------------------------------
def test_replay_frames_step_through_a_finished_game(client):
    room = make_room(client, options={"hp": 2})
    assert client.get(f"/api/rooms/{room['room']}/replay?step=0").status_code == 409
    while play_krig_step(client, room):
        pass
    first = client.get(f"/api/rooms/{room['room']}/replay?step=0").json()
    assert first["step"] == 0 and first["steps"] > 0 and not first["over"]
    end = client.get(f"/api/rooms/{room['room']}/replay?step={first['steps']}").json()
    assert end["over"] and len(end["log"]) > len(first["log"])
    record = client.get(f"/api/rooms/{room['room']}/record").json()
    uploaded = client.post("/api/rooms/replay?step=1", json=record).json()
    assert uploaded["step"] == 1 and uploaded["status_rows"]
    bad = client.post("/api/rooms/replay?step=1", json={"format": "nope"})
    assert bad.status_code == 422


def test_dice_tables_let_anyone_recompute_every_roll(client):
    """Issue 11, fair dice verified in the browser: the tables the page uses recompute each roll."""
    import hashlib
    import hmac

    room = make_room(client, options={"hp": 2})
    assert client.get(f"/api/rooms/{room['room']}/dice").status_code == 409
    while play_krig_step(client, room):
        pass
    data = client.get(f"/api/rooms/{room['room']}/dice").json()
    key = bytes.fromhex(data["seed"])
    recorded = [e["outcome"] for e in client.get(f"/api/rooms/{room['room']}/record").json()["entries"] if "roll" in e]
    assert len(data["rolls"]) == len(recorded) > 0
    for k, roll in enumerate(data["rolls"]):
        d, j = roll["denominator"], 0
        limit = (1 << 256) - ((1 << 256) % d)
        while True:
            value = int.from_bytes(hmac.new(key, f"{k}:{j}".encode(), hashlib.sha256).digest(), "big")
            if value < limit:
                break
            j += 1
        r, total = value % d, 0
        for outcome, weight in zip(roll["outcomes"], roll["weights"]):
            total += weight
            if r < total:
                break
        assert outcome == recorded[k] == roll["outcome"]
    record = client.get(f"/api/rooms/{room['room']}/record").json()
    assert client.post("/api/rooms/dice", json=record).json()["rolls"] == data["rolls"]
    del record["dice"]["seed"]
    assert client.post("/api/rooms/dice", json=record).status_code == 422
