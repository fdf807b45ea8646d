"""Issue 41, point 4: the daily digest driven through a live server (uvicorn on a port, its own
housekeeping) and a mail server on this machine (aiosmtpd), on a clock the test holds: a minute
after the start the first look sends each account that chose the digest one mail listing the
games waiting for it, the hourly looks of the same day send nothing more, and the next day's
digest lists what waits then.  Nothing sleeps: the test moves the clock and waits for the rounds."""

from __future__ import annotations

import functools
import time

import httpx
import pytest
from aiosmtpd.controller import Controller

from brawl.server import clocks as clocks_module
from brawl.server.app import create_app
from brawl.server.correspondence import DAY
from brawl.server.settings import Settings
from tests.server.test_browser import LiveServer
from tests.server.test_correspondence import Clock

from .test_notifications_mail import Inbox, free_port


def wait_for(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.05)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    c.now = (int(time.time() // DAY) + 1) * DAY + 3_600.0  # one in the morning (UTC) of a day to come
    monkeypatch.setattr(clocks_module, "time", c)
    return c


def test_the_daily_digest_through_a_live_server(tmp_path, clock):
    port = free_port()
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    app = create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'd.sqlite3'}", bot_delay=0,
                                       argon2_profile="CHEAPEST", hash_priority="normal", signups_per_hour=10_000,
                                       smtp=f"smtp://127.0.0.1:{port}/?from=brawl@test.example&site=http://brawl.test"))
    hub = app.state.hub
    hub.housekeeping = functools.partial(type(hub).housekeeping, hub, 0.2)  # its looks come often: the test waits less
    turns = hub.turns
    turns.now = clock.time  # the mails' clock is the test's too
    turns.digest_at = clock.now + 60  # as the start sets it, on the test's clock
    try:
        with LiveServer(app) as url:
            names = ("Ann", "Bob", "Cy")
            people = []
            for name in names:
                c = httpx.Client(base_url=url)
                r = c.post("/api/accounts", json={"username": name, "password": "correct horse"})
                assert r.status_code == 201, r.text
                c.headers["X-CSRF-Token"] = r.json()["csrf"]
                r = c.put("/api/me/notifications", json={"email": f"{name.lower()}@test.example", "mail": True,
                                                         "digest": name != "Cy"})
                assert r.status_code == 200, r.text
                people.append(c)
            r = people[0].post("/api/rooms", json={"game": "ktog", "options": {"players": 3}, "seats": ["human"] * 3,
                                                   "time_control": {"mode": "correspondence", "days": 3}})
            room = r.json()
            tokens = {s["seat"]: s["token"] for s in room["seats"]}
            for seat, c in enumerate(people):
                assert c.post(f"/api/rooms/{room['room']}/account", json={"token": tokens[seat]}).status_code == 200

            def waits() -> int:
                return people[0].get(f"/api/rooms/{room['room']}").json()["node"]["seats"][0]

            def decides_until_another_waits(seat: int, wanted) -> int:
                """``seat`` makes the first of its legal decisions that ``wanted`` takes, else declines
                (no Dodge, no Mighty Blow: the dice may ask for either), until another seat waits."""
                while waits() == seat:
                    legal = [d["action"] for d in people[seat].get(
                        f"/api/rooms/{room['room']}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]]
                    action = next((a for a in legal if wanted(a)), "none" if "none" in legal else legal[0])
                    assert people[seat].post(f"/api/rooms/{room['room']}/decisions",
                                             json={"token": tokens[seat], "action": action}).status_code == 200
                return waits()

            waiting = waits()
            if names[waiting] == "Cy":  # Cy takes mails per turn, not the digest: let the next one wait
                waiting = decides_until_another_waits(waiting, lambda a: a.startswith("attack"))
            rounds = turns.digest_rounds
            clock.now += 61  # the first look, a minute after the start
            wait_for(lambda: turns.digest_rounds > rounds)
            wait_for(lambda: any(m["To"] == f"{names[waiting].lower()}@test.example" for m in inbox.mails))
            digests = [m for m in inbox.mails if m["Subject"].endswith("waiting for your decision")]
            assert [m["To"] for m in digests] == [f"{names[waiting].lower()}@test.example"]
            assert digests[0]["Subject"] == "1 game waiting for your decision"
            others = [f"{n} (Player {s + 1})" for s, n in enumerate(names) if s != waiting]
            assert f"KtOG with {', '.join(others)}: 2 days left" in digests[0].get_content()  # 2 d 23 h 59 min
            assert "http://brawl.test/unsubscribe/" in digests[0].get_content()
            # the hourly looks of the same day send no second digest
            rounds = turns.digest_rounds
            clock.now += 2 * 3_600
            wait_for(lambda: turns.digest_rounds > rounds)
            wait_for(app.state.pusher.idle)
            assert len([m for m in inbox.mails if m["Subject"].endswith("waiting for your decision")]) == 1
            # the one waiting decides; the next day's digest goes to whoever waits then (Cy: a mail per turn)
            now_waiting = decides_until_another_waits(waiting, lambda a: a == f"cure:{waiting + 1}")
            rounds = turns.digest_rounds
            clock.now += DAY
            wait_for(lambda: turns.digest_rounds > rounds)
            wait_for(app.state.pusher.idle)
            digests = [m for m in inbox.mails if m["Subject"].endswith("waiting for your decision")]
            if names[now_waiting] == "Cy":
                assert len(digests) == 1  # nobody who chose the digest waits: none
                assert any(m["To"] == "cy@test.example" and m["Subject"].startswith("Your turn") for m in inbox.mails)
            else:
                assert [m["To"] for m in digests[1:]] == [f"{names[now_waiting].lower()}@test.example"]
            assert not any(t in m.as_string() for m in inbox.mails for t in tokens.values())
    finally:
        smtp.stop()
