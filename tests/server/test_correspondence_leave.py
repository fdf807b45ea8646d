"""Issue 41, point 5: leave: an account pauses all its correspondence clocks, up to 30 days in any
365 days, and the others see it.  A clock the test holds (``clocks.time``)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from brawl.server import correspondence as corr
from brawl.server.app import create_app
from brawl.server.settings import Settings

from .test_correspondence import Clock, clock  # noqa: F401  (the fixture)
from .test_correspondence_games import ktog_of, person

DAY = 86_400.0


@pytest.fixture
def app(tmp_path):
    return create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'l.sqlite3'}", bot_delay=0,
                                        argon2_profile="CHEAPEST", hash_priority="normal", decisions_per_second=100_000,
                                        signups_per_hour=10_000))


def test_leave_stops_the_clocks_is_shown_and_has_a_yearly_limit(app, clock):  # noqa: F811
    """Issue 41, point 5: on leave, the account's open correspondence decision does not lose time
    (its deadline passes without a loss), the room shows it to everyone; back, the clock runs on
    from where it stood; 30 days a year at most."""
    with TestClient(app) as client:
        people = [person(app, n) for n in ("Ann", "Bob", "Cy")]
        room, tokens = ktog_of(app, people, days=2)
        hub = app.state.hub
        seat = client.get(f"/api/rooms/{room}").json()["node"]["seats"][0]
        me = people[seat]
        clock.now += 0.5 * DAY
        r = me.post("/api/me/leave", json={"days": 10})
        assert r.status_code == 200, r.text
        assert r.json()["on_leave"] and r.json()["left_days"] == pytest.approx(20, abs=0.01)
        seen = client.get(f"/api/rooms/{room}").json()["clocks"]["seats"][str(seat)]
        assert seen["on_leave"] == pytest.approx(clock.now + 10 * DAY)  # the others see it
        clock.now += 5 * DAY  # far past the two days: on leave, nothing runs
        corr.sweep(hub)
        v = client.get(f"/api/rooms/{room}").json()
        assert not v["over"]
        assert v["clocks"]["seats"][str(seat)]["left"] == pytest.approx(1.5 * DAY, abs=60)
        back = me.delete("/api/me/leave").json()
        assert not back["on_leave"] and back["used_days"] == pytest.approx(5, abs=0.01)
        assert back["left_days"] == pytest.approx(25, abs=0.01)
        assert me.post("/api/me/leave", json={"days": 26}).status_code == 409  # past the year's 30
        assert me.post("/api/me/leave", json={"days": 31}).status_code == 422
        clock.now += 1.5 * DAY + 60  # back from leave, the clock runs out where it stood
        corr.sweep(hub)
        v = client.get(f"/api/rooms/{room}").json()
        assert not v["state"]["up"][seat] and seat not in v["node"]["seats"]  # KtOG: the seat falls, the others play on
        assert TestClient(app).post("/api/me/leave", json={"days": 1}).status_code in (401, 403)
