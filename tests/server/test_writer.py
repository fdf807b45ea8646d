"""The writer thread: decisions of many rooms stored in one transaction, and a refusal that stays
with the room it belongs to."""

from __future__ import annotations

import asyncio
import threading

from fastapi.testclient import TestClient

from brawl.games import make_game
from brawl.server.app import create_app
from brawl.server.db import make_engine, make_sessions
from brawl.server.room import Room, SeatInfo
from brawl.server.store import Conflict, Store, Unavailable, event_row
from brawl.server.writer import Write, Writer

from .conftest import decide, krig_choice, make_room, view


def rooms_in(url: str, count: int) -> tuple[Store, list[Room]]:
    """A store with ``count`` fresh Krig rooms, stored as the hub stores them."""
    store = Store(make_sessions(make_engine(url)))
    rooms = []
    for i in range(count):
        game = make_game("krig", {"hp": 20})
        room = Room(f"room{i}", game, f"{i:064x}", [SeatInfo(0, "human"), SeatInfo(1, "human")])
        store.create({"id": room.id, "game": "krig", "options": game.options_json(), "dice_kind": "committed",
                      "seed_hex": room.seed_hex, "commitment": room.commitment, "parent_id": None, "public": False,
                      "time_control": None, "wake": False, "finished_at": None},
                     [{"seat": s.seat, "kind": s.kind, "bot": None, "token_hash": None, "player": None} for s in room.seats],
                     [event_row(room, k) for k in range(room.last + 1)])
        rooms.append(room)
    return store, rooms


def staged(room: Room) -> Write:
    """The next decision of ``room`` applied in memory, as a write."""
    start = room.last + 1
    seat = room.waiting()[0]
    room.decide(seat, room.match.legal_actions(seat)[0])
    return Write(room, [event_row(room, k) for k in range(start, room.last + 1)], finished=room.over, wake=False)


def stored_last(store: Store, room: Room) -> int:
    return max([-1] + [e["n"] for e in store.load(room.id).events])


def test_one_transaction_stores_many_rooms(db_url):
    store, rooms = rooms_in(db_url, 5)
    writer = Writer(store)
    group = [staged(r) for r in rooms]
    assert writer.write(group) == [None] * 5
    assert writer.commits == 1 and writer.written == 5
    assert [stored_last(store, r) for r in rooms] == [r.last for r in rooms]


def test_a_conflict_fails_only_its_own_room(db_url):
    """Of a group where one room's event number is already taken (another process stored it), the
    other rooms' decisions are stored; that room's is refused with Conflict, and a later write of
    the same room still queued is refused too (it builds on the refused events)."""
    store, rooms = rooms_in(db_url, 3)
    other = rooms[1]  # another process's copy of the same room decides first
    mine = Room(other.id, other.game, other.seed_hex, other.seats)
    taken = staged(other)
    store.append(other.id, taken.rows, finished=False, wake=False)
    rooms[1] = mine
    group = [staged(rooms[0]), staged(rooms[1]), staged(rooms[2])]
    results = Writer(store).write(group)
    assert results[0] is None and results[2] is None and isinstance(results[1], Conflict)
    assert rooms[1].broken and not rooms[0].broken
    assert stored_last(store, rooms[0]) == rooms[0].last and stored_last(store, rooms[2]) == rooms[2].last
    later = Writer(store).write([Write(rooms[1], [], finished=False, wake=False)])
    assert isinstance(later[0], Unavailable)


def test_an_outage_refuses_the_whole_group_and_the_thread_answers_every_sender(db_url, monkeypatch):
    store, rooms = rooms_in(db_url, 2)
    before = [r.last for r in rooms]
    writer = Writer(store)
    writer.start()

    def down(*a, **k):
        raise Unavailable()

    monkeypatch.setattr(store, "append_many", down)

    async def send() -> list:
        futures = [writer.submit(staged(r)) for r in rooms]
        return await asyncio.gather(*futures, return_exceptions=True)

    try:
        out = asyncio.run(send())
    finally:
        writer.stop()
    assert all(isinstance(x, Unavailable) for x in out) and all(r.broken for r in rooms)
    assert [stored_last(store, r) for r in rooms] == before


def test_nothing_is_shown_before_it_is_stored(db_url):
    """A decision waiting for its commit is in no view: a reader of the room waits for the store,
    then sees it; the sender's answer comes after the commit."""
    gate = threading.Event()
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        room = make_room(client)
        hub = client.app.state.hub
        real = hub.store.append_many

        def slow(writes):
            gate.wait(10)
            return real(writes)

        hub.store.append_many = slow
        seat = view(client, room, None)["node"]["seats"][0]
        answers: dict = {}
        sender = threading.Thread(target=lambda: answers.update(r=decide(client, room, seat, "attack")))
        sender.start()
        for _ in range(200):  # until the decision is applied in memory and waits for the writer
            if hub.rooms[room["room"]].pending:
                break
            threading.Event().wait(0.01)
        assert hub.rooms[room["room"]].pending == 1
        reader = threading.Thread(target=lambda: answers.update(v=view(client, room, None)))
        reader.start()
        reader.join(0.3)
        assert reader.is_alive() and "r" not in answers  # both wait for the commit
        gate.set()
        sender.join(10)
        reader.join(10)
        assert answers["r"].status_code == 200
        assert answers["v"]["last"] == answers["r"].json()["view"]["last"]
        assert any(e["type"] == "decision" for e in client.get(f"/api/rooms/{room['room']}/events").json()["events"])


def test_news_carry_the_events_so_other_processes_need_not_read_them(db_url, monkeypatch):
    """Several processes: the news of a decision holds its events; another process's copy of the
    room applies them without reading the store, and reads the store when news went missing."""
    import json

    from brawl.server.hub import Hub

    with TestClient(create_app(db_url, bot_delay=0)) as client:
        room = make_room(client)
        hub = client.app.state.hub
        other = Hub(Store(make_sessions(make_engine(db_url))))
        copy = other.get(room["room"])
        heard = []
        for _ in range(3):
            before = hub.get(room["room"]).last
            seat = view(client, room, None)["node"]["seats"][0]
            legal = [d["action"] for d in view(client, room, seat)["legal"]]
            assert decide(client, room, seat, krig_choice(legal)).status_code == 200
            mine = hub.get(room["room"])
            news = hub.news(mine.id, rows=[event_row(mine, n) for n in range(before + 1, mine.last + 1)])
            holder, room_id, kind, data = news.split("|", 3)
            assert (holder, room_id, kind) == (hub.holder, mine.id, "events")
            heard.append(json.loads(data))
        reads = []
        real = other.store.events_after
        monkeypatch.setattr(other.store, "events_after", lambda *a: reads.append(a) or real(*a))
        other.catch_up(room["room"], heard[0])
        assert reads == [] and copy.last == heard[0][-1]["n"]
        other.catch_up(room["room"], heard[2])  # the second news was lost: read what is stored
        assert len(reads) == 1 and copy.last == hub.get(room["room"]).last
        assert copy.match.record.entries == hub.get(room["room"]).match.record.entries
