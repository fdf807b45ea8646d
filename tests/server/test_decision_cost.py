"""Issue 12, point 1 and the load target (p99 decision round trip under 50 ms at 500 games,
``benchmarks/web_load.py``): a decision's work on the server does not repeat what it already knows."""

from __future__ import annotations

from brawl.core.game import Terminal
from brawl.games import make_game
from brawl.server.clocks import Clocks
from brawl.server.room import Room, SeatInfo


def test_a_room_asks_the_rules_for_its_node_once_per_state(monkeypatch):
    """The open decision, whether the game is over and its winners come from one call of the rules'
    ``node`` per state (asked again, they call nothing), and always from the current state's node;
    and a whole decision (the rules checking it, the dice rolled after it) works each new state's
    node out once."""
    from brawl.core.game import _remembering

    game = make_game("krig", {"hp": 2})
    room = Room("r", game, "ab" * 32, [SeatInfo(0, "human"), SeatInfo(1, "human")])
    cls = type(game)
    real = cls.node.__wrapped__  # the rules' own node, under what the game remembers of it
    calls = []
    monkeypatch.setattr(cls, "node", _remembering(lambda self, state: calls.append(state) or real(self, state)))
    while not room.over:
        room.node()
        calls.clear()
        for _ in range(4):
            waiting, over, node = room.waiting(), room.over, room.node()
        assert calls == []  # known already: asked once for this state
        assert node == real(game, room.match.state) and waiting == list(node.seats) and not over
        seat = waiting[0]
        before = len(room.match.record.entries)
        room.decide(seat, room.match.legal_actions(seat)[0])
        assert len(calls) == len(set(map(id, calls))) == len(room.match.record.entries) - before  # a state per event
    assert isinstance(room.node(), Terminal) and room.winners == room.node().winners and room.waiting() == []


def test_a_room_without_a_time_control_builds_no_model_for_it(monkeypatch):
    """Most rooms have no time control: asking for it, several times a decision, is a dictionary
    look-up; a room with one gets its agreed control as before."""
    game = make_game("krig", {"hp": 2})
    room = Room("r", game, "ab" * 32, [SeatInfo(0, "human"), SeatInfo(1, "human")])
    built = []
    real = Clocks.agreed
    monkeypatch.setattr(Clocks, "agreed", staticmethod(lambda r: built.append(r) or real(r)))
    for time_control in (None, {"mode": "none", "seconds": 300, "increment": 0, "away_limit": 120}):
        room.time_control = time_control
        assert Clocks.control(room) is None
    assert built == []
    room.time_control = {"mode": "move", "seconds": 30, "increment": 0, "away_limit": 120, "banks": {"0": 5.0}}
    control = Clocks.control(room)
    assert control is not None and control.mode == "move" and control.seconds == 30 and built == [room]


def _play_through_the_hub(hub, rounds: int) -> None:
    from brawl.server import projection

    for _ in range(rounds):
        room, _tokens = hub.create("krig", {"hp": 3}, ["human", "human"])
        while not room.over:
            seat = room.waiting()[0]
            hub.decide_now(room, seat, room.match.legal_actions(seat)[0], expect=room.last)
            room = hub.get(room.id)
            for s in (0, 1, None):
                projection.events(room, s, -1)
                hub.view(room, s)
        hub.forget(room.id)


def garbage_of_decisions(where: str) -> int:
    """The objects the cycle collector finds after five games played through a hub (after two more
    that warm the imports and caches), with the collector off meanwhile."""
    import gc

    from brawl.server.db import make_engine, make_sessions
    from brawl.server.hub import Hub
    from brawl.server.settings import Settings
    from brawl.server.store import Store

    engine = make_engine(f"sqlite:///{where}")
    hub = Hub(Store(make_sessions(engine)), Settings(decisions_per_second=10_000, rooms_per_minute=10_000))
    try:
        _play_through_the_hub(hub, 2)  # first use: imports and caches
        gc.collect()
        gc.disable()
        _play_through_the_hub(hub, 5)
        return gc.collect()
    finally:
        gc.enable()
        engine.dispose()


def test_decisions_and_rooms_leaving_memory_make_no_garbage_cycle(tmp_path):
    """What the collector setting relies on (app.quiet_collector): deciding, viewing and a room
    leaving memory free everything by reference counting, so the cycle collector finds nothing.
    Measured in a process of its own: in the test worker, threads left by earlier tests (servers,
    clients) make garbage of their own meanwhile, which the collector would count too."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; from tests.server.test_decision_cost import garbage_of_decisions; "
            f"print(garbage_of_decisions({str(tmp_path / 'db.sqlite3')!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split()[-1] == "0", done.stdout


def test_a_serving_app_sets_the_collector_once_started():
    """The load target: once start-up is done, what it loaded is frozen out of the collector's
    walks and the collector runs less often (in a process of its own: it is process-wide)."""
    import json
    import subprocess
    import sys

    code = (
        "import gc, json, time\n"
        "from fastapi.testclient import TestClient\n"
        "from brawl.server.app import GC_THRESHOLDS, create_app\n"
        "before = [gc.get_threshold(), gc.get_freeze_count()]\n"
        "with TestClient(create_app('sqlite://', 0)) as c:\n"
        "    for _ in range(600):\n"
        "        if gc.get_freeze_count() > 0: break\n"
        "        time.sleep(0.05)\n"
        "    print(json.dumps([before, [gc.get_threshold(), gc.get_freeze_count()], list(GC_THRESHOLDS)]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    before, after, wanted = json.loads(out.stdout.strip().splitlines()[-1])
    assert before == [[700, 10, 10], 0]
    assert after[0] == wanted and after[1] > 10_000


def test_the_views_shared_between_seats_are_fresh_after_every_change(tmp_path):
    """What a view keeps from one call to the next (the state's view of a game that hides nothing,
    the options, the renaming of seats) never shows an old room: after a decision, a name and a
    presence change every view is the one worked out afresh; a game that hides something from a
    seat is asked for each seat's view every time."""
    from brawl.core.game import Game
    from brawl.server import projection
    from brawl.server.db import make_engine, make_sessions
    from brawl.server.hub import Hub
    from brawl.server.notify import Connection
    from brawl.server.settings import Settings
    from brawl.server.store import Store

    def fresh(room, seat):
        """The view with every shared part dropped first: what it shows without them."""
        room.shared_state = room.shared_renamer = room.shared_options = room.shared_status = None
        return hub.view(room, seat)

    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    hub = Hub(Store(make_sessions(engine)), Settings(decisions_per_second=10_000, rooms_per_minute=10_000))
    try:
        room, _tokens = hub.create("krig", {"hp": 20}, ["human", "human"])
        assert type(room.game).view is Game.view  # krig hides nothing: its state's view is shared
        for step in range(4):
            for seat in (0, 1, None):
                assert hub.view(room, seat) == fresh(room, seat)
            if step == 1:
                hub.set_name(room, 1, "Ada")
                assert "Ada" in hub.view(room, 0)["summary"] and hub.view(room, 0) == fresh(room, 0)
            if step == 2:
                hub.notifier.add(Connection(room.id, 0))
                assert hub.view(room, 1)["seats"][0]["presence"] == "online" and hub.view(room, 1) == fresh(room, 1)
            seat = room.waiting()[0]
            hub.decide_now(room, seat, room.match.legal_actions(seat)[0], expect=room.last)
            room = hub.get(room.id)
            assert hub.view(room, 0)["state"] == room.game.view(room.match.state, 0)

        secret, _ = hub.create("rps", {}, ["human", "human"])
        asked = []
        real = type(secret.game).view
        assert real is not Game.view
        type(secret.game).view = lambda self, state, seat: asked.append(seat) or real(self, state, seat)
        try:
            hub.decide_now(secret, 0, secret.match.legal_actions(0)[0])  # a sealed choice
            views = {}
            for seat in (0, 1, None, 0, 1):
                asked.clear()
                views[seat] = hub.view(secret, seat)["state"]
                assert seat in asked  # asked for this seat's view, this time
        finally:
            type(secret.game).view = real
        assert views[1] == real(secret.game, secret.match.state, 1) != views[0]
        assert projection.state_view(secret, 1) == real(secret.game, secret.match.state, 1)
    finally:
        engine.dispose()


def test_rooms_of_the_same_game_and_options_ask_about_hints_once(monkeypatch):
    """Whether hints can be had (a solver answering at once, found by checking its options and its
    saved solutions on disk: about a millisecond) is asked once per game and options in a process,
    not once per room: a yes is kept, a no is asked again after ``HINTS_RECHECK`` seconds (a
    solution may have been saved since); other options are asked for themselves."""
    import brawl.solve.hints as hints
    from brawl.server import hub

    asked = []
    answer = {"hp": 3}
    monkeypatch.setattr(hints, "hints_possible", lambda game: asked.append(game.options_json()["hp"]) or
                        game.options_json()["hp"] in answer.values())
    monkeypatch.setattr(hub, "_hints_known", {})
    clock = [1000.0]
    monkeypatch.setattr(hub.time, "monotonic", lambda: clock[0])

    def room(hp: int) -> Room:
        return Room(f"r{hp}", make_game("krig", {"hp": hp}), "ab" * 32, [SeatInfo(0, "human"), SeatInfo(1, "human")])

    assert [hub.hints_available(room(3)) for _ in range(3)] == [True] * 3 and asked == [3]
    assert [hub.hints_available(room(5)) for _ in range(3)] == [False] * 3 and asked == [3, 5]
    clock[0] += hub.HINTS_RECHECK + 1
    answer["later"] = 5  # a solution for hp 5 was saved meanwhile
    assert hub.hints_available(room(5)) is True and hub.hints_available(room(3)) is True and asked == [3, 5, 5]


def test_a_copy_nobody_uses_here_keeps_the_news_until_its_next_use(tmp_path, monkeypatch):
    """Several processes (two hubs on one database here): news of another process's decision is
    applied at once to a copy that a connection watches or whose bots and clocks run here, and only
    kept for a copy nobody uses here (the creator's copy of a room whose seats play elsewhere);
    that copy applies it on its next use and then shows exactly what the deciding process shows.
    Kept news that would grow without end drops the copy instead (it is read afresh when used)."""
    from brawl.server import sharing  # the hub's part that hears other processes' news
    from brawl.server import projection
    from brawl.server.db import make_engine, make_sessions
    from brawl.server.fanout import Fanout
    from brawl.server.hub import Hub
    from brawl.server.notify import Connection
    from brawl.server.settings import Settings
    from brawl.server.store import Store

    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    settings = Settings(decisions_per_second=10_000, rooms_per_minute=10_000)
    here, there = (Hub(Store(make_sessions(engine)), settings, holder=h) for h in ("here", "there"))
    here.leased, there.leased = set(), set()  # several processes: bots and clocks run under leases
    news = []
    real_append = there.store.append
    monkeypatch.setattr(there.store, "append", lambda room_id, rows, **kw: news.append(kw.pop("news")) or real_append(room_id, rows, **kw))
    replays = []
    real_replay = sharing.replay_stored
    monkeypatch.setattr(sharing, "replay_stored", lambda room, events: replays.append(len(events)) or real_replay(room, events))

    hear = Fanout(engine, here, None)._heard  # how a process takes another's news (no connection needed)

    try:
        watched, _ = here.create("krig", {"hp": 20}, ["human", "human"])
        idle, _ = here.create("krig", {"hp": 20}, ["human", "human"])
        here.notifier.add(Connection(watched.id, 0))
        for _ in range(3):
            for room_id in (watched.id, idle.id):
                copy = there.get(room_id)
                seat = copy.waiting()[0]
                there.decide_now(copy, seat, copy.match.legal_actions(seat)[0])
                hear(news[-1])
        assert here.rooms[watched.id].last == there.rooms[watched.id].last  # applied as it came
        assert here.rooms[idle.id].last < there.rooms[idle.id].last and len(here.rooms[idle.id].unheard) == 3
        applied = len(replays)
        used = here.get(idle.id)  # its next use applies what was kept, in one go
        assert len(replays) == applied + 1 and used.unheard == [] and used.last == there.rooms[idle.id].last
        for seat in (0, 1, None):
            assert here.view(used, seat)["state"] == there.view(there.rooms[idle.id], seat)["state"]
            assert projection.events(used, seat, -1) == projection.events(there.rooms[idle.id], seat, -1)
        for _ in range(sharing.UNHEARD_KEPT + 1):  # news without end for an unused copy: it leaves memory
            here.catch_up(idle.id, None)
        assert idle.id not in here.rooms
        assert here.get(idle.id).last == there.rooms[idle.id].last  # and comes back from the store
    finally:
        engine.dispose()
