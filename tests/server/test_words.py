"""Words, never codes (issue 11): whole games played through the HTTP API show players no decision
string.  Every visible text is checked: the labels of the legal decisions, the node's prompt, the
status table (headings and cells), the summary, every log line of every event as each seat and a
spectator read it, and the message of a refused decision.  A raw code is any legal decision string
the room has offered that contains ``:``, ``_``, ``@`` or ``/`` (``attack:2``, ``mighty_blow``,
``face:A1:B2``), or a JSON list (``["rock", "rock"]``)."""

from __future__ import annotations

import random
import re

import pytest
from fastapi.testclient import TestClient

from brawl.bots import make_bot
from brawl.games import make_game
from brawl.server.app import create_app

from .conftest import decide, make_room, tokens, view

CODE_MARKS = re.compile(r"[:_@/]")
JSON_LIST = re.compile(r"\[\s*[\"'\d\[{]")

CASES = [
    pytest.param("krig", {"hp": 8}, 2, 0, id="krig"),
    pytest.param("krig", {"hp": 6, "edition": "article"}, 2, 1, id="krig-article"),
    pytest.param("ktog", {"hp": 6}, 2, 2, id="ktog-2"),
    pytest.param("ktog", {"players": 4, "hp": 5, "classes": True, "cure_touch_roll": True, "stand_at_zero": True},
                 4, 3, id="ktog-4"),
    pytest.param("kniggits", {"points": 30, "turn_limit": 14, "fight_timer": 0, "terrain": "open"}, 2, 4,
                 id="kniggits"),
    pytest.param("kniggits", {"points": 40, "turn_limit": 12, "fight_timer": 0, "archers": True, "magic_swords": True,
                              "double_defense": True, "potions": True, "scenario": "flag"}, 2, 5, id="kniggits-advanced"),
    pytest.param("rps", {}, 2, 6, id="rps"),
    pytest.param("tactics", {}, 2, 7, id="tactics"),
]
MAX_DECISIONS = 400
BUDGET = {"tactics": 120}  # Tactics games run long; a part of one shows its words


@pytest.fixture
def roomy_client(db_url: str):
    """The app with a decision rate no quick test reaches (the limit itself is tested elsewhere)."""
    try:
        from brawl.server.settings import Settings

        app = create_app(db_url, bot_delay=0, settings=Settings(decisions_per_second=100_000))
    except ImportError:
        app = create_app(db_url, bot_delay=0)
    with TestClient(app) as c:
        yield c


def codes_in(text: str, codes: set[str]) -> list[str]:
    found = [c for c in codes if c in text]
    if JSON_LIST.search(text):
        found.append("a JSON list")
    return found


class Reader:
    """Collects every text a player sees, with where it was seen, and the codes the room offered."""

    def __init__(self) -> None:
        self.codes: set[str] = set()
        self.seen: list[tuple[str, str]] = []

    def offer(self, legal: list[dict]) -> None:
        self.codes |= {d["action"] for d in legal if CODE_MARKS.search(d["action"])}

    def read(self, where: str, text) -> None:
        if text:
            self.seen.append((where, str(text)))

    def read_view(self, v: dict, who: str) -> None:
        for d in v["legal"]:
            self.read(f"{who}: label of {d['action']}", d["label"])
            self.read(f"{who}: odds of {d['action']}", d.get("odds"))
        self.read(f"{who}: prompt", v["node"].get("prompt"))
        self.read(f"{who}: summary", v.get("summary"))
        for row in v.get("status_rows") or []:
            for key, value in row.items():
                self.read(f"{who}: status heading", key)
                self.read(f"{who}: status cell {key!r}", value)

    def problems(self) -> list[str]:
        out = []
        for where, text in self.seen:
            found = codes_in(text, self.codes)
            if found:
                out.append(f"{where}: {text!r} shows {found}")
        return out


def policy(game_name: str, game, v: dict, seat: int, rng: random.Random, bots: dict) -> str:
    """A decision for ``seat`` from what its own view shows: Kniggits' heuristic bot (so kniggits move
    and fight), a random legal decision elsewhere."""
    legal = [d["action"] for d in v["legal"]]
    if game_name == "kniggits":
        state = game.state_from_json(v["state"])
        return bots[seat].choose(game, state, seat)
    return rng.choice(legal)


@pytest.mark.parametrize("game_name,options,players,seed", CASES)
def test_no_raw_decision_code_reaches_a_player(roomy_client, game_name, options, players, seed):
    """Issue 11: labels, prompts, status table, summary, log lines and refusals are in words."""
    client = roomy_client
    room = make_room(client, game=game_name, options=options, seats=["human"] * players)
    game = make_game(game_name, options)
    rng = random.Random(seed)
    bots = {s: make_bot(game_name, "heuristic", seed=seed * 10 + s) for s in range(players)} if game_name == "kniggits" else {}
    reader = Reader()
    offered_before: list[str] = []
    refusals = 0
    for _ in range(BUDGET.get(game_name, MAX_DECISIONS)):
        public = view(client, room, None)
        reader.read_view(public, "spectator")
        if public["over"]:
            break
        seat = public["node"]["seats"][0]
        v = view(client, room, seat)
        reader.offer(v["legal"])
        reader.read_view(v, f"seat {seat}")
        legal = [d["action"] for d in v["legal"]]
        stale = [a for a in offered_before if a not in legal]
        bad = rng.choice(stale) if stale else "no such decision"
        r = decide(client, room, seat, bad)
        offered_before = legal
        if r.status_code == 200:
            # A decision no longer listed may still be legal: Tactics takes a fireball at any square
            # in range, and its list names only occupied squares.  The room moved on, so look again.
            continue
        assert r.status_code == 422, r.text
        refusals += 1
        reader.read(f"seat {seat}: refusal of {bad}", r.json()["error"])
        r = decide(client, room, seat, policy(game_name, game, v, seat, rng, bots))
        assert r.status_code == 200, r.text
    final = view(client, room, None)
    assert final["over"] or game_name in BUDGET, "the game should end within the step budget"
    reader.read_view(final, "spectator")
    for seat in [None, *tokens(room)]:
        headers = {"X-Seat-Token": tokens(room)[seat]} if seat is not None else {}
        events = client.get(f"/api/rooms/{room['room']}/events", headers=headers).json()["events"]
        assert events, "the game has events"
        for event in events:
            for line in event["log"]:
                reader.read(f"log for {'spectator' if seat is None else f'seat {seat}'}", line["text"])
    if game_name in ("ktog", "kniggits", "tactics"):  # Krig's and rock-paper-scissors' decisions are plain words
        assert reader.codes, "the game offered decisions with codes, so the check can fail"
    assert refusals > 0 and len(reader.seen) > 50
    problems = reader.problems()
    assert not problems, "\n".join(problems[:20])


def test_the_check_catches_a_raw_code():
    """The check itself: a label with a decision string or a JSON list is caught, words pass."""
    reader = Reader()
    reader.offer([{"action": "attack:2"}, {"action": "attack"}, {"action": "mighty_blow"}])
    assert reader.codes == {"attack:2", "mighty_blow"}
    for text in ("legal: attack:2, disarm:2", "You chose mighty_blow", '["rock","rock"]'):
        assert codes_in(text, reader.codes), text
    for text in ("Player 1 attacks Player 2", "Player 2 casts Mighty Blow", "Sun attacks (d10, d6)"):
        assert not codes_in(text, reader.codes), text
