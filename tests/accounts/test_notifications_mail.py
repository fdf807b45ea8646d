"""Issue 41, point 4: mails of correspondence turns through the operator's SMTP server (aiosmtpd
on this machine): one-click unsubscribe, at most one mail per game an hour, a daily digest, and a
mail server that is down delays mails, never decisions."""

from __future__ import annotations

import socket
import time

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from brawl.server.app import create_app
from brawl.server.settings import Settings

from .conftest import person
from .test_notifications import ktog, wait_for


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    def __init__(self) -> None:
        self.mails: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        from email import message_from_bytes
        from email.policy import default

        self.mails.append(message_from_bytes(envelope.content, policy=default))
        return "250 OK"


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture
def app(tmp_path, port):
    return create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'm.sqlite3'}", bot_delay=0,
                                        argon2_profile="CHEAPEST", hash_priority="normal",
                                        decisions_per_second=100_000, signups_per_hour=10_000,
                                        smtp=f"smtp://127.0.0.1:{port}/?from=brawl@test.example&site=http://brawl.test"))


def mail_on(c: TestClient, address: str, **more) -> None:
    r = c.put("/api/me/notifications", json={"email": address, "mail": True, **more})
    assert r.status_code == 200, r.text


def play_one(people, room, tokens, client) -> int:
    """The seat waiting decides; returns the seat waiting after it."""
    seat = client.get(f"/api/rooms/{room}").json()["node"]["seats"][0]
    legal = people[seat].get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
    r = people[seat].post(f"/api/rooms/{room}/decisions", json={"token": tokens[seat], "action": legal[0]["action"]})
    assert r.status_code == 200, r.text
    return client.get(f"/api/rooms/{room}").json()["node"]["seats"][0]


def test_a_turn_mails_once_an_hour_per_game_with_a_one_click_unsubscribe(app, port):
    """Issue 41, point 4: the player whose decision opens gets a mail with the turn's words, a link
    to /games and a one-click unsubscribe link; a second turn in the same game within the hour
    sends none, after the hour one; the unsubscribe link turns mails off."""
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        with TestClient(app) as client:
            names = ("Ann", "Bob")
            people = [person(app, n) for n in names]
            for n, c in zip(names, people):
                mail_on(c, f"{n.lower()}@test.example")
            room, tokens = ktog(people)
            turns = app.state.hub.turns
            now = [time.time()]
            turns.now = lambda: now[0]
            nxt = play_one(people, room, tokens, client)
            wait_for(lambda: len(inbox.mails) == 1)
            mail = inbox.mails[0]
            assert mail["To"] == f"{names[nxt].lower()}@test.example"
            assert mail["Subject"] == f"Your turn in KtOG with {names[1 - nxt]} (2 days left)"
            link = "".join(str(mail["List-Unsubscribe"]).split()).strip("<>")
            assert link.startswith("http://brawl.test/unsubscribe/") and mail["List-Unsubscribe-Post"]
            assert link in mail.get_content() and "http://brawl.test/games" in mail.get_content()
            assert not any(t in mail.as_string() for t in tokens.values())
            for _ in range(4):  # turns within the hour: no mail more to the same player for this game
                nxt = play_one(people, room, tokens, client)
            wait_for(app.state.pusher.idle)
            assert len(inbox.mails) == 2 or all(m["To"] != mail["To"] for m in inbox.mails[1:])
            assert sum(m["To"] == mail["To"] for m in inbox.mails) == 1
            now[0] += 3_601
            while True:
                nxt = play_one(people, room, tokens, client)
                if f"{names[nxt].lower()}@test.example" == mail["To"]:
                    break
            wait_for(lambda: sum(m["To"] == mail["To"] for m in inbox.mails) == 2)
            path = link.removeprefix("http://brawl.test")
            assert client.post(path).status_code == 200  # one click, from the mail program
            owner = people[names.index(mail["To"].split("@")[0].title())]
            assert owner.get("/api/me/notifications").json()["mail"] is False
            assert client.get("/unsubscribe/nothing-like-it").status_code == 404
    finally:
        smtp.stop()


def test_a_mail_server_down_delays_mails_never_decisions(app, port):
    """Issue 41, point 4: with the mail server down, decisions go on at once; the mail comes once
    the server is up, tried again with backoff."""
    with TestClient(app) as client:
        names = ("Ann", "Bob")
        people = [person(app, n) for n in names]
        for n, c in zip(names, people):
            mail_on(c, f"{n.lower()}@test.example")
        mailer = app.state.hub.turns.mailer
        mailer.backoff, mailer.timeout = 0.05, 1.0
        room, tokens = ktog(people)
        play_one(people, room, tokens, client)  # answered although no mail server listens
        wait_for(lambda: mailer.retried >= 1)
        inbox = Inbox()
        smtp = Controller(inbox, hostname="127.0.0.1", port=port)
        smtp.start()
        try:
            wait_for(lambda: len(inbox.mails) == 1, timeout=30)
            assert inbox.mails[0]["Subject"].startswith("Your turn in KtOG")
        finally:
            smtp.stop()


def test_the_daily_digest_lists_the_games_waiting_once_a_day(app, port):
    """Issue 41, point 4: an account that chose the digest gets no mail per turn, but one a day
    listing its games waiting."""
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        with TestClient(app) as client:
            people = [person(app, n) for n in ("Ann", "Bob")]
            for n, c in zip(("ann", "bob"), people):
                mail_on(c, f"{n}@test.example", digest=True)
            room, tokens = ktog(people)
            play_one(people, room, tokens, client)
            turns = app.state.hub.turns
            wait_for(app.state.pusher.idle)
            assert inbox.mails == []  # no mail per turn
            assert turns.digest_round() == 1
            assert turns.digest_round() == 0  # once a day
            wait_for(lambda: len(inbox.mails) == 1)
            assert inbox.mails[0]["Subject"] == "1 game waiting for your decision"
            assert "KtOG with" in inbox.mails[0].get_content()
    finally:
        smtp.stop()


def test_a_bad_smtp_url_stops_the_start_with_its_reason(tmp_path):
    """Issue 41, point 4: ``--smtp`` takes smtp:// or smtps:// with a host."""
    for bad in ("http://mail.example", "smtp://", "mail.example:25"):
        with pytest.raises(ValueError, match="smtp://"):
            create_app(settings=Settings(db_url=f"sqlite:///{tmp_path / 'x.sqlite3'}", smtp=bad))
