"""Issue 37, points 6 to 8: seeks live only while their page asks for them, a paired player who never
arrives gives an aborted game and the others back in the pool, seeks are idempotent and one per
account and game, a room and its seeks are stored in one transaction, and the pairing round is
O(n log n), off the event loop.  The tests move a seek's times back rather than wait."""

from __future__ import annotations

import asyncio
import random
import threading
from bisect import bisect_left, bisect_right

from sqlalchemy import func, select, update

from brawl.server.accounts import pairing, seeks
from brawl.server.db import ROOMS, SEEKS

from .conftest import paired, person

KRIG = {"game": "krig", "options": {"hp": 6}, "rated": True}


def older(app, seek_id: str, **seconds: float) -> None:
    """Pretend a seek's page last asked (``seen_at``) or its pairing came (``paired_at``) earlier."""
    with app.state.accounts.engine.begin() as conn:
        for column, back in seconds.items():
            conn.execute(update(SEEKS).where(SEEKS.c.id == seek_id).values({column: getattr(SEEKS.c, column) - back}))


def rooms(app) -> int:
    with app.state.accounts.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(ROOMS)).scalar()


def test_a_seek_whose_page_stopped_asking_lapses_and_is_never_paired(app, client):
    """Issue 37, point 6: a player who closed the tab (no request for the seek for LAPSE seconds) is
    not paired: the next seeker waits instead, and the lapsed seek is gone."""
    ana, ben = person(app, "Ana"), person(app, "Ben")
    first = paired(ana, KRIG)
    assert ana.get(f"/api/seeks/{first['seek']}").json()["paired"] is False  # asking keeps it alive
    older(app, first["seek"], seen_at=seeks.LAPSE + 1)
    second = paired(ben, KRIG)
    assert second["paired"] is False and rooms(app) == 0
    assert ana.get(f"/api/seeks/{first['seek']}").status_code == 404
    assert ben.get("/api/seeks").json()["seeks"][0]["seek"] == second["seek"]


def test_a_page_that_keeps_asking_keeps_its_seek(app, client):
    """Issue 37, point 6: each request for the seek counts: a seek silent twice for most of LAPSE
    but asked for in between is alive, and paired."""
    ana, ben = person(app, "Ana"), person(app, "Ben")
    first = paired(ana, KRIG)
    older(app, first["seek"], seen_at=seeks.LAPSE - 2)
    assert ana.get(f"/api/seeks/{first['seek']}").json()["paired"] is False  # the page asks again in time
    older(app, first["seek"], seen_at=seeks.LAPSE - 2)  # (without that request: silent for longer than LAPSE)
    assert paired(ben, KRIG)["paired"] is True


def test_a_paired_player_who_never_arrives_aborts_the_game_and_the_other_waits_again(app, client):
    """Issue 37, point 6: Ben is paired with Ana, whose page never fetches the pairing.  Ben's page
    waits (``ready`` false: it does not open the game); after ARRIVE seconds the game is aborted,
    unrated, and Ben's seek waits again, as before, and is paired with the next seeker."""
    ana, ben, cy = person(app, "Ana"), person(app, "Ben"), person(app, "Cy")
    first = paired(ana, KRIG)
    older(app, first["seek"], created_at=5)  # Ana's page fetched nothing after this
    second = paired(ben, KRIG)
    assert second["paired"] is True and second["ready"] is False
    room = second["room"]
    older(app, first["seek"], paired_at=seeks.ARRIVE + 1)
    older(app, second["seek"], paired_at=seeks.ARRIVE + 1)
    app.state.accounts.round()
    view = client.get(f"/api/rooms/{room}").json()
    assert view["over"] and view["winners"] == [] and "aborted: Ana did not come" in view["ended"]
    with app.state.accounts.engine.connect() as conn:
        assert conn.execute(select(ROOMS.c.rated).where(ROOMS.c.id == room)).scalar() is False
    again = ben.get(f"/api/seeks/{second['seek']}").json()
    assert again["paired"] is False
    assert ana.get(f"/api/seeks/{first['seek']}").status_code == 404
    third = paired(cy, KRIG)
    assert third["paired"] is True and third["room"] != room
    mine = ben.get(f"/api/seeks/{second['seek']}").json()
    assert mine["room"] == third["room"] and mine["ready"] is True  # both fetched theirs: open the game


def test_the_pairing_is_ready_once_every_player_fetched_it(app, client):
    """Issue 37, point 6: ``ready`` says when every paired player has fetched the pairing."""
    ana, ben = person(app, "Ana"), person(app, "Ben")
    first = paired(ana, KRIG)
    second = paired(ben, KRIG)
    assert second["ready"] is False
    mine = ana.get(f"/api/seeks/{first['seek']}").json()
    assert mine["ready"] is True and ben.get(f"/api/seeks/{second['seek']}").json()["ready"] is True


def test_a_seek_sent_again_with_its_client_id_is_the_same_seek(app, client):
    """Issue 37, point 7: a seek resent after a lost answer (the same ``client_id``) is the same
    seek, even when the resends come at the same moment, and ``GET /api/seeks`` lists one."""
    ana = person(app, "Ana")
    answers = []

    def send():
        answers.append(ana.post("/api/seeks", json={**KRIG, "client_id": "lobby-1"}))

    threads = [threading.Thread(target=send) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(a.status_code == 201 for a in answers), [a.text for a in answers]
    assert len({a.json()["seek"] for a in answers}) == 1
    assert [s["seek"] for s in ana.get("/api/seeks").json()["seeks"]] == [answers[0].json()["seek"]]


def test_one_waiting_seek_per_account_and_game_and_a_few_in_all(app, client):
    """Issue 37, points 7 and 8: a new seek of the same game replaces the waiting one; an account
    has at most PER_ACCOUNT waiting in all (429 beyond)."""
    ana = person(app, "Ana")
    first = paired(ana, {**KRIG, "client_id": "a"})
    second = paired(ana, {**KRIG, "options": {"hp": 8}, "client_id": "b"})
    assert ana.get(f"/api/seeks/{first['seek']}").status_code == 404
    assert [s["seek"] for s in ana.get("/api/seeks").json()["seeks"]] == [second["seek"]]
    games = ["rps", "ktog", "tactics", "kniggits"]
    for k, game in enumerate(games):
        r = ana.post("/api/seeks", json={"game": game, "client_id": f"g{k}"})
        if k + 2 <= seeks.PER_ACCOUNT:
            assert r.status_code == 201, r.text
        else:
            assert r.status_code == 429 and "at most" in r.json()["error"]
            break
    assert len(ana.get("/api/seeks").json()["seeks"]) == seeks.PER_ACCOUNT


def test_a_room_and_its_seeks_are_stored_together_or_not_at_all(app, client):
    """Issue 37, point 7: a table worked out while one of its seeks goes (cancelled, or its page gone)
    starts no room: no room whose seat's token nobody received, and the other seek waits on."""
    ana, ben = person(app, "Ana"), person(app, "Ben")
    accounts = app.state.accounts
    async def no_round() -> None:
        return None
    accounts.round_async = no_round  # no round of the routes' nor the background's: the test plays it
    first, second = paired(ana, KRIG), paired(ben, KRIG)
    tables = accounts.plan()
    assert [[s["id"] for s in t] for t in tables] in ([[first["seek"], second["seek"]]], [[second["seek"], first["seek"]]])
    assert ben.delete("/api/seeks").json()["cancelled"] == 1
    assert accounts.start(tables) == 0
    assert rooms(app) == 0
    assert ana.get(f"/api/seeks/{first['seek']}").json()["paired"] is False


def reference(seeks_: list[dict], now: float) -> list[list[str]]:
    """Pairing as the rules above say, the plain way (every candidate looked at): what the O(n log n)
    round must agree with."""
    used: set[str] = set()
    out = []
    open_ = sorted(seeks_, key=lambda s: s["rating"])
    ratings = [s["rating"] for s in open_]
    for s in sorted(open_, key=lambda s: s["created_at"]):
        if s["id"] in used:
            continue
        reach = pairing.window(now - s["created_at"])
        lo, hi = bisect_left(ratings, s["rating"] - reach), bisect_right(ratings, s["rating"] + reach)
        near = sorted((c for c in open_[lo:hi] if c["id"] not in used and c["id"] != s["id"]
                       and abs(c["rating"] - s["rating"]) <= pairing.window(now - c["created_at"])),
                      key=lambda c: (abs(c["rating"] - s["rating"]), c["created_at"]))
        table = [s] + [c for c in near if c["account_id"] != s["account_id"]][:s["players"] - 1]
        if len(table) == s["players"]:
            used |= {c["id"] for c in table}
            out.append(sorted(c["id"] for c in table))
    return sorted(out)


def test_the_fast_round_agrees_with_the_plain_one():
    """Issue 37, point 8: the O(n log n) round (segment trees over the ratings) starts exactly the
    games the plain quadratic reading of the rules starts, for tables of 2 to 4, ties included."""
    rng = random.Random(5)
    for _ in range(400):
        players = rng.choice([2, 2, 3, 4])
        group = [{"id": f"s{i}", "account_id": i, "game": "krig", "options": {}, "rated": True, "time_control": None,
                  "players": players, "rating": rng.choice([rng.uniform(1000, 2500), float(rng.randrange(1400, 1600, 20))]),
                  "created_at": rng.uniform(0, 20), "opponent_id": None} for i in range(rng.randrange(1, 60))]
        now = rng.uniform(0, 30)
        assert sorted(sorted(s["id"] for s in t) for t in pairing.tables(group, now)) == reference(group, now)


def test_the_round_works_out_its_tables_off_the_event_loop(app, client):
    """Issue 37, point 8: the round's planning runs on a thread: here it waits for a coroutine on
    the event loop, which could never run if the planning held the loop."""
    accounts = app.state.accounts
    ana, ben = person(app, "Ana"), person(app, "Ben")
    assert paired(ana, KRIG)["paired"] is False and paired(ben, KRIG)["paired"] is True
    loop_ran = threading.Event()
    plan = accounts.plan
    held: list[bool] = []

    def waiting_plan():
        held.append(loop_ran.wait(20))
        return plan()

    async def both():
        async def on_the_loop():
            await asyncio.sleep(0.05)
            loop_ran.set()
        helper = asyncio.get_running_loop().create_task(on_the_loop())
        await accounts.round_async()
        await helper

    accounts.plan = waiting_plan
    try:
        asyncio.run(both())
    finally:
        accounts.plan = plan
    assert held and all(held)  # (the app's own background round may have planned meanwhile too)
