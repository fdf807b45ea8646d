"""One phone passed round the table (pass-and-play) and a Kniggits fight's timer, through the API.

A room played from one device (``POST /api/rooms/ID/one-device`` with every person's token) runs a
sealed decision's clock for one seat at a time: from when that seat takes the phone (``POST
/api/rooms/ID/phone``, the page's "I am Blue") until it has chosen.  So the second player's hands
count however long the first one took and the phone took to go round; a room of several devices
times out exactly as before.  Rules page, Kniggits, rule 19: a hand not chosen when the fight's
timer runs out shows nothing."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from tests.server.conftest import client, db_url, tokens, view, wait_for  # noqa: F401 (fixtures)
from tests.server.test_timer import OPTIONS, clock, post, to_the_fight  # noqa: F401 (clock is a fixture)

RED_HANDS, BLUE_HANDS = "fight:A1-B1:low:middle", "fight:A1-B1:high:low"


def one_device(client, room) -> None:
    r = client.post(f"/api/rooms/{room['room']}/one-device", json={"tokens": list(tokens(room).values())})
    assert r.status_code == 200 and r.json() == {"one_device": True}, r.text


def take_phone(client, room, seat):
    return client.post(f"/api/rooms/{room['room']}/phone", json={"token": tokens(room)[seat]})


def revealed(client, room) -> list:
    return wait_for(lambda: view(client, room, None)["state"]["revealed"], timeout=20)


def test_on_one_phone_the_second_player_s_hands_count_however_long_the_phone_took(client):
    """A 1 s fight timer: Red takes the phone and chooses; the phone takes twice the timer to reach
    Blue; Blue takes it and chooses at once, and both hands count."""
    room = to_the_fight(client, dict(OPTIONS, fight_timer=1))
    one_device(client, room)
    v = view(client, room, None)
    assert v["timer"] is None and v["one_device"] == {"holder": None, "seconds": 1.0}  # nobody's clock runs yet
    r = take_phone(client, room, 0)
    assert r.status_code == 200, r.text
    assert r.json()["timer"]["seconds"] == 1.0 and r.json()["one_device"] == {"holder": 0, "seconds": 1.0}
    assert post(client, room, 0, RED_HANDS).status_code == 200
    chose = time.monotonic()
    after = view(client, room, 1)
    assert after["timer"] is None and after["one_device"]["holder"] is None and after["node"]["seats"] == [1]
    time.sleep(2.0)  # the phone goes round: longer than the timer
    assert view(client, room, None)["node"]["seats"] == [1]  # nothing was decided for Blue meanwhile
    r = take_phone(client, room, 1)
    assert r.status_code == 200 and r.json()["timer"]["left"] > 0.5, r.text
    assert r.json()["one_device"]["holder"] == 1
    r = post(client, room, 1, BLUE_HANDS)
    assert r.status_code == 200, r.text
    assert time.monotonic() - chose > 1.0
    assert revealed(client, room)[1:3] == ["low/middle", "high/low"]  # Blue's hands count


def test_on_one_phone_the_clock_of_the_seat_holding_it_still_runs_out(client):
    """The seat that took the phone has the timer for its own choice: when it runs out, that seat's
    hands show nothing, and only that seat's; the other's clock starts when it takes the phone."""
    room = to_the_fight(client, dict(OPTIONS, fight_timer=1))
    one_device(client, room)
    assert take_phone(client, room, 0).status_code == 200
    wait_for(lambda: view(client, room, None)["node"]["seats"] == [1], timeout=20)  # Red's stand-in went in
    v = view(client, room, 1)
    assert v["timer"] is None and not v["state"]["revealed"] and v["state"]["sealed"][1] is None
    late = post(client, room, 0, RED_HANDS)
    assert late.status_code == 409 and "too late" in late.json()["error"]
    time.sleep(1.5)
    assert take_phone(client, room, 1).status_code == 200
    assert post(client, room, 1, BLUE_HANDS).status_code == 200
    assert revealed(client, room)[1:3] == ["none/none", "high/low"]


def test_in_an_ordinary_room_the_fight_still_times_out_as_before(client):
    """Two devices (no one-device mark): the clock runs for both from the fight's start, so Blue,
    choosing after it ran out, shows nothing and is told it was too late."""
    room = to_the_fight(client, dict(OPTIONS, fight_timer=1))
    v = view(client, room, 1)
    assert v["timer"]["seconds"] == 1.0 and v["one_device"] is None
    assert post(client, room, 0, RED_HANDS).status_code == 200
    assert revealed(client, room)[1:3] == ["low/middle", "none/none"]
    late = post(client, room, 1, BLUE_HANDS)
    assert late.status_code == 409 and "too late" in late.json()["error"]
    refused = take_phone(client, room, 1)  # a room of several devices has nobody's phone to take
    assert refused.status_code == 409 and "one device" in refused.json()["error"]


def test_on_one_phone_with_the_clock_held_still(client, clock):
    """The same, with the server's clock held still and moved by hand (no test of speed): an hour
    between Red's choice and Blue taking the phone costs Blue nothing."""
    room = to_the_fight(client)  # fight_timer 0.3 s
    one_device(client, room)
    assert take_phone(client, room, 0).json()["timer"] == {"ends_at": clock.still + 0.3, "seconds": 0.3, "left": pytest.approx(0.3)}
    assert post(client, room, 0, RED_HANDS).status_code == 200
    clock.still += 3600
    assert view(client, room, None)["node"]["seats"] == [1]
    assert take_phone(client, room, 1).json()["timer"]["ends_at"] == clock.still + 0.3
    assert post(client, room, 1, BLUE_HANDS).status_code == 200
    assert view(client, room, None)["state"]["revealed"][1:3] == ["low/middle", "high/low"]


def test_bad_requests_are_refused_and_change_nothing(client, clock):
    room = to_the_fight(client)
    rid = room["room"]
    red, blue = tokens(room)[0], tokens(room)[1]
    other = to_the_fight(client)

    def snapshot():
        v = view(client, room, None)
        return v.pop("seats") and v, client.get(f"/api/rooms/{rid}/events").json()

    before = snapshot()
    for body, status, words in (
            ({"tokens": [red]}, 403, "Blue are missing"),  # one player alone cannot stop the other's clock
            ({"tokens": [red, tokens(other)[1]]}, 403, "does not belong"),
            ({"tokens": []}, 422, "tokens"),
            ({"tokens": "nope"}, 422, "tokens")):
        r = client.post(f"/api/rooms/{rid}/one-device", json=body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    r = client.post("/api/rooms/nosuchroom/one-device", json={"tokens": [red, blue]})
    assert r.status_code == 404 and "no room" in r.json()["error"]
    assert snapshot() == before and view(client, room, None)["one_device"] is None

    one_device(client, room)
    before = snapshot()
    for body, status, words in (
            ({"token": tokens(other)[0]}, 403, "does not belong"),
            ({"token": ""}, 403, "spectator"),
            ({}, 422, "token")):
        r = client.post(f"/api/rooms/{rid}/phone", json=body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    r = client.post("/api/rooms/nosuchroom/phone", json={"token": red})
    assert r.status_code == 404 and "no room" in r.json()["error"]
    assert snapshot() == before
    assert take_phone(client, room, 0).status_code == 200
    before = snapshot()
    r = take_phone(client, room, 1)  # Red has the phone and its clock runs
    assert r.status_code == 409 and "Red has the phone" in r.json()["error"]
    again = take_phone(client, room, 0)  # Red's page opened again: its clock runs on, not anew
    assert again.status_code == 200 and again.json()["timer"]["ends_at"] == before[0]["timer"]["ends_at"]
    assert snapshot() == before
    assert post(client, room, 0, RED_HANDS).status_code == 200
    before = snapshot()
    r = take_phone(client, room, 0)  # Red has chosen: not Red's decision any more
    assert r.status_code == 409 and "not Red's decision" in r.json()["error"]
    assert snapshot() == before


def test_one_phone_survives_a_restart(db_url, clock):  # noqa: F811
    """The one-device mark is stored with the room; who holds the phone is kept in memory like the
    clock itself: after a restart nobody's clock runs until a seat takes the phone, and then it
    gets a full period (as an open clock does in any room)."""
    options = dict(OPTIONS, fight_timer=1)
    with TestClient(create_app(db_url, bot_delay=0)) as c1:
        room = to_the_fight(c1, options)
        one_device(c1, room)
        assert take_phone(c1, room, 0).status_code == 200
        assert post(c1, room, 0, RED_HANDS).status_code == 200
        assert take_phone(c1, room, 1).status_code == 200
        assert view(c1, room, 1)["one_device"] == {"holder": 1, "seconds": 1.0}
    clock.release()
    with TestClient(create_app(db_url, bot_delay=0)) as c2:
        v = view(c2, room, 1)
        assert v["one_device"] == {"holder": None, "seconds": 1.0} and v["timer"] is None
        time.sleep(1.5)
        assert view(c2, room, None)["node"]["seats"] == [1]  # no clock ran out for Blue meanwhile
        r = take_phone(c2, room, 1)
        assert r.status_code == 200 and r.json()["timer"]["seconds"] == 1.0
        assert post(c2, room, 1, BLUE_HANDS).status_code == 200
        assert revealed(c2, room)[1:3] == ["low/middle", "high/low"]
        # still one device's after the restart; Blue's move that follows has no clock
        assert view(c2, room, None)["one_device"] == {"holder": None, "seconds": None}


@pytest.mark.parametrize("timer", [0, 1])
def test_marking_is_stored_once_and_rooms_without_a_clock_have_nothing_to_start(client, timer):
    """Marking twice changes nothing; with fight_timer 0 taking the phone starts no clock."""
    room = to_the_fight(client, dict(OPTIONS, fight_timer=timer))
    one_device(client, room)
    one_device(client, room)
    r = take_phone(client, room, 0)
    assert r.status_code == 200
    if timer:
        assert r.json()["timer"]["seconds"] == 1.0
    else:
        assert r.json()["timer"] is None and r.json()["one_device"] == {"holder": None, "seconds": None}
