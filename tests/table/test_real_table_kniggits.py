"""Kniggits on a real table (issue 31; Kniggits rules page, ruling 40): the players measure and say
what happened ("B1 reached A2: in combat"); the rules check what needs no ruler (who may go into
combat, leaving combat, archers, fleeing) and keep fights, tokens and turns."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from brawl.core.game import IllegalAction, OptionsError
from brawl.core.record import Record
from brawl.core.replay import verify
from brawl.games import make_game
from brawl.games.kniggits.rules import Kniggits

from .test_table_api import app_at

REAL = {"measure": "table"}


def to_moving(game: Kniggits, red: str = "balanced", blue: str = "balanced"):
    """Armies in and Red winning rock-paper-scissors: Red's first moving phase."""
    s = game.initial_state()
    s = game.apply_action(s, 0, f"army:{red}")
    s = game.apply_action(s, 1, f"army:{blue}")
    for _ in range(2):
        s = game.apply_action(s, 0, "rock")
        s = game.apply_action(s, 1, "scissors")
    assert s.phase == "move" and s.to_act == 0
    return s


def refused(game, state, seat, action, words: str) -> None:
    before = game.dumps(state)
    with pytest.raises(IllegalAction, match=words):
        game.apply_action(state, seat, action)
    assert game.dumps(state) == before


def test_moves_to_points_give_way_to_declared_outcomes_all_listed():
    """Ruling 40: on a real table the moving phase lists what can have happened, every decision
    finite; a move to a point is refused with what to say instead."""
    g = Kniggits(REAL)
    s = to_moving(g)
    legal = g.legal_actions(s, 0)
    reds = [k.id for k in s.kniggits if k.seat == 0 and k.active]
    blues = [k.id for k in s.kniggits if k.seat == 1 and k.active]
    assert {f"reach:{r}:{b}" for r in reds for b in blues} <= set(legal)
    assert {f"moved:{r}" for r in reds} <= set(legal)
    assert "end_move" in legal and not any(a.startswith("move:") for a in legal)
    refused(g, s, 0, f"move:{reds[0]}:10:10", "real table")


def test_reaching_an_enemy_puts_both_in_combat_and_the_fight_follows():
    """Ruling 40 with Phase one and three: "B1 reached A2" makes the two in combat; the mover's
    kniggit faces it and attacks it in the fighting phase."""
    g = Kniggits(REAL)
    s = to_moving(g)
    s = g.apply_action(s, 0, "reach:A1:B2")
    a1, b2 = g.kniggit(s, "A1"), g.kniggit(s, "B2")
    assert [e.id for e in g.engaged(s, a1)] == ["B2"] and [e.id for e in g.engaged(s, b2)] == ["A1"]
    assert a1.moved and a1.facing == "B2"
    assert "reaches B2: in combat" in s.events[-1]
    s = g.apply_action(s, 0, "end_move")
    assert s.phase == "fight" and s.fights[0][:2] == ("A1", "B2")


def test_only_a_kniggit_out_of_combat_goes_into_combat_once_a_turn():
    """Phase one: a kniggit that starts in combat may only move directly away; a kniggit moves
    once a turn; but where it stopped it may be within 2 inches of several enemies."""
    g = Kniggits(REAL)
    s = to_moving(g)
    s = g.apply_action(s, 0, "reach:A1:B1")
    s = g.apply_action(s, 0, "reach:A1:B2")  # it stopped near both
    assert {e.id for e in g.engaged(s, g.kniggit(s, "A1"))} == {"B1", "B2"}
    s = g.apply_action(s, 0, "moved:A2")
    refused(g, s, 0, "reach:A2:B3", "already moved")
    refused(g, s, 0, "moved:A2", "already moved")
    refused(g, s, 0, "reach:A1:B1", "already in combat")
    refused(g, s, 0, "reach:A3:A4", "not an enemy")
    s = g.apply_action(s, 0, "end_move")
    while s.phase != "move":  # the fights, every hand shown as nothing
        for seat in g.node(s).seats:
            s = g.apply_action(s, seat, g.legal_actions(s, seat)[-1])
        if s.phase == "turning":
            s = g.apply_action(s, 1, "end_turning")
    assert s.to_act == 1
    b1 = g.kniggit(s, "B1")
    assert [e.id for e in g.engaged(s, b1)] == ["A1"]
    assert "reach:B1:A3" not in g.legal_actions(s, 1) and "moved:B1" not in g.legal_actions(s, 1)
    refused(g, s, 1, "reach:B1:A3", "starts in combat")
    refused(g, s, 1, "moved:B1", "starts in combat")
    s = g.apply_action(s, 1, "leave:B1")
    assert g.engaged(s, g.kniggit(s, "B1")) == ()
    assert [e.id for e in g.engaged(s, g.kniggit(s, "A1"))] == ["B2"]
    refused(g, s, 1, "leave:B3", "not in combat")


def test_archers_do_not_move_and_shoot_in_one_turn_range_is_measured_at_the_table():
    """Archers: "You may not move and shoot on the same turn"; on a real table range and sight
    are the players' (ruling 40), so any enemy may be named."""
    g = Kniggits(dict(REAL, archers=True))
    s = to_moving(g, red="archers")
    archer = next(k for k in s.kniggits if k.seat == 0 and k.archer)
    far = [k.id for k in s.kniggits if k.seat == 1 and k.active]
    assert {f"shoot:{archer.id}:{b}" for b in far} <= set(g.legal_actions(s, 0))
    shooting = g.apply_action(s, 0, f"shoot:{archer.id}:{far[-1]}")
    refused(g, shooting, 0, f"reach:{archer.id}:{far[0]}", "may not move and shoot")
    refused(g, shooting, 0, f"moved:{archer.id}", "may not move and shoot")
    moved = g.apply_action(s, 0, f"moved:{archer.id}")
    refused(g, moved, 0, f"shoot:{archer.id}:{far[0]}", "has moved this turn")


def test_a_fleeing_kniggit_runs_out_of_combat_and_only_it_runs_off_the_table():
    """The Results: a kniggit with one colour left flees for its edge; on a real table its player
    says when it got out of combat (rule 23: it stays when it cannot) and when it is off the table
    (ruling 40)."""
    g = Kniggits(REAL)
    s = to_moving(g)
    refused(g, s, 0, "off:A1", "not fleeing")
    s = g.apply_action(s, 0, "reach:A1:B1")
    from brawl.core.values import replace
    from brawl.games.kniggits.state import put
    b1 = g.kniggit(s, "B1")
    s = put(s, replace(b1, status="fleeing", facing="", move=0, attack=0))
    s = g._end_turn(s)  # Blue's turn begins: B1 runs if it can
    assert s.to_act == 1 and [e.id for e in g.engaged(s, g.kniggit(s, "B1"))] == ["A1"]
    assert "B1 is fleeing but in combat with A1" in " ".join(s.events)
    assert {"leave:B1", "off:B1"} <= set(g.legal_actions(s, 1))
    s = g.apply_action(s, 1, "leave:B1")
    assert g.engaged(s, g.kniggit(s, "B1")) == ()
    assert "off:B1" in g.legal_actions(s, 1)
    refused(g, s, 1, "reach:B1:A2", "fleeing")
    s = g.apply_action(s, 1, "off:B1")
    assert g.kniggit(s, "B1").status == "gone"


def test_what_needs_where_things_stand_is_refused_with_the_reason():
    """Ruling 40: potions and the carrying scenarios need positions; a real table plays battles
    and jousts."""
    for bad in ({"potions": True}, {"scenario": "flag"}, {"scenario": "princess"}):
        with pytest.raises(OptionsError, match="real table"):
            Kniggits(dict(REAL, **bad))
    Kniggits(dict(REAL, scenario="joust", points=50))


@pytest.mark.parametrize("seed", range(12))
def test_random_games_on_a_real_table_end_and_keep_contacts_between_enemies_on_the_table(seed):
    """Every declared pair is two enemies both on the table, and each is in combat with the other;
    the game ends (a rout or the turn limit, ruling 33)."""
    g = Kniggits(dict(REAL, archers=True, magic_swords=True, horses=True, turn_limit=30))
    rng = random.Random(seed)
    s = g.initial_state()
    while not g.is_terminal(s):
        seat = g.node(s).seats[0]
        s = g.apply_action(s, seat, g.sample_action(s, seat, rng))
        for a, b in s.contacts:
            ka, kb = g.kniggit(s, a), g.kniggit(s, b)
            assert ka.seat != kb.seat and ka.on_table and kb.on_table
            assert kb in g.engaged(s, ka) and ka in g.engaged(s, kb)
    assert s.end
    assert g.state_from_json(g.state_to_json(s)) == s


def test_a_measured_game_keeps_its_json():
    """A measured game's state JSON has no ``contacts``: saved games keep their form."""
    g = Kniggits()
    assert "contacts" not in g.state_to_json(to_moving(g))


def test_a_real_table_game_through_the_api_to_its_end(tmp_path):
    """Two people play a real-table battle through the API to its end; the record replays and
    verifies; a room with a computer seat is refused with the reason (ruling 40)."""
    rng = random.Random(5)
    opts = dict(REAL, turn_limit=20)
    with TestClient(app_at(tmp_path / "k.sqlite3")) as client:
        r = client.post("/api/rooms", json={"game": "kniggits", "options": opts, "seats": ["human", "bot:random"]})
        assert r.status_code == 422 and "every seat is a person" in r.json()["error"]
        r = client.post("/api/rooms", json={"game": "kniggits", "options": opts, "seats": ["human", "human"]})
        assert r.status_code == 201, r.text
        room, tokens = r.json()["room"], [s["token"] for s in r.json()["seats"]]
        declared = 0
        for _ in range(5000):
            v = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[0]}).json()
            if v["over"]:
                break
            seat = v["node"]["seats"][0]
            mine = client.get(f"/api/rooms/{room}", headers={"X-Seat-Token": tokens[seat]}).json()
            actions = [d["action"] for d in mine["legal"]]
            reach = [a for a in actions if a.startswith("reach:")]
            action = rng.choice(reach) if reach and rng.random() < 0.5 else rng.choice(actions)
            declared += action.startswith("reach:")
            r = client.post(f"/api/rooms/{room}/decisions", json={"token": tokens[seat], "action": action})
            assert r.status_code == 200, r.text
        assert v["over"] and declared > 0
        bad = client.post(f"/api/rooms/{room}/decisions", json={"token": tokens[0], "action": "reach:A1:B1"})
        assert bad.status_code in (409, 422)
        data = client.get(f"/api/rooms/{room}/record").json()
    assert data["options"]["measure"] == "table"
    assert verify(Record.from_json(data), make_game).ok


def test_every_text_of_a_real_table_game_reads_in_spanish():
    """Issue 28, point 3, for ruling 40: the decisions, log lines and refusals of real-table games
    all have their Spanish (the catalogue translates each whole)."""
    from brawl.games.lang import catalogue
    cat = catalogue("es", ("kniggits",))
    g = Kniggits(dict(REAL, archers=True, magic_swords=True))
    measure = type(g.options).model_fields["measure"]
    texts = {measure.title, measure.description}
    for seed in range(4):
        rng = random.Random(seed)
        s = g.initial_state()
        while not g.is_terminal(s):
            seat = g.node(s).seats[0]
            texts.add(g.node(s).prompt)
            for a in g.legal_actions(s, seat):
                texts.add(g.describe_action(s, seat, a))
            if s.phase == "move":
                for probe in ("reach:A1:B1", "moved:A1", "leave:A1", "off:A1", "move:A1:1:1", "reach:A1", "jump:A1"):
                    try:
                        g.apply_action(s, seat, probe)
                    except IllegalAction as exc:
                        texts.add(str(exc))
            before = s
            s = g.apply_action(s, seat, g.sample_action(s, seat, rng))
            texts.update(g.narrate(before, s))
    texts.add(Kniggits(REAL).people_only)
    missing = sorted(t for t in texts if cat.translate(t) is None)
    assert not missing, missing[:10]


def test_the_research_encoding_refuses_a_real_table_with_the_reason():
    """The research interfaces learn the measured game: a real table's decisions are what players
    saw there (ruling 40), so the encoding says so instead of masking wrong actions."""
    from brawl.rl.encodings import encoding_for

    with pytest.raises(ValueError, match="measured game"):
        encoding_for(Kniggits(REAL))
    assert encoding_for(Kniggits()).num_actions > 0


@pytest.mark.parametrize("bot", ["heuristic", "search"])
def test_a_thinking_bot_says_it_cannot_move_toy_knights(bot):
    """Ruling 40: every seat at a real table is a person; a bot asked to move says why it cannot."""
    from brawl.bots import make_bot

    g = Kniggits(REAL)
    s = to_moving(g)
    with pytest.raises(ValueError, match="every seat is a person"):
        make_bot("kniggits", bot, seed=1, game=g).choose(g, s, 0)
