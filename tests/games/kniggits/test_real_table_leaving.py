"""Leaving combat on a real Kniggits table (option ``measure: table``, rules page ruling 40): a
kniggit that moves directly away may stop next to another enemy, and a fleeing kniggit that cannot
get away stays in combat (issue 40, points 8 and 9)."""

from __future__ import annotations

import pytest

from brawl.core.game import IllegalAction
from brawl.core.values import replace
from brawl.games.kniggits.rules import Kniggits
from brawl.games.kniggits.state import put

REAL = {"measure": "table"}


def to_moving(game: Kniggits):
    """Balanced armies in, Red winning rock-paper-scissors: Red's first moving phase."""
    s = game.initial_state()
    s = game.apply_action(s, 0, "army:balanced")
    s = game.apply_action(s, 1, "army:balanced")
    for _ in range(2):
        s = game.apply_action(s, 0, "rock")
        s = game.apply_action(s, 1, "scissors")
    assert s.phase == "move" and s.to_act == 0
    return s


def finish_turn(game: Kniggits, s):
    """End the moving phase and play the fights with every hand shown as nothing, up to the next
    moving phase."""
    mover = s.to_act
    s = game.apply_action(s, mover, "end_move")
    while s.phase != "move":
        if s.phase == "turning":
            s = game.apply_action(s, 1 - mover, "end_turning")
            continue
        for seat in game.node(s).seats:
            s = game.apply_action(s, seat, game.legal_actions(s, seat)[-1])
    assert s.to_act == 1 - mover
    return s


def refused(game, state, seat, action, words: str) -> None:
    before = game.dumps(state)
    with pytest.raises(IllegalAction, match=words):
        game.apply_action(state, seat, action)
    assert game.dumps(state) == before


def engaged_ids(game, s, kid):
    return sorted(e.id for e in game.engaged(s, game.kniggit(s, kid)))


def test_a_kniggit_that_leaves_combat_may_stop_next_to_another_enemy():
    """Issue 40, point 8 (seed, Phase one: "If you started the turn IN COMBAT with an enemy then
    you may turn around and move directly away from him", and "If your kniggit comes within two
    inches of an enemy kniggit then you are IN COMBAT and you must stop"): after ``leave:B1``,
    ``reach:B1:A2`` records that it stopped within 2 inches of A2 on its way, never of A1, whom it
    moved directly away from."""
    g = Kniggits(REAL)
    s = to_moving(g)
    s = g.apply_action(s, 0, "reach:A1:B1")
    s = finish_turn(g, s)  # Blue's turn: B1 starts in combat with A1
    assert engaged_ids(g, s, "B1") == ["A1"]
    s = g.apply_action(s, 1, "leave:B1")
    assert engaged_ids(g, s, "B1") == []
    legal = g.legal_actions(s, 1)
    assert "reach:B1:A2" in legal and "reach:B1:A1" not in legal
    refused(g, s, 1, "reach:B1:A1", "left combat with A1 this turn")
    refused(g, s, 1, "moved:B1", "already moved")
    s = g.apply_action(s, 1, "reach:B1:A2")
    b1 = g.kniggit(s, "B1")
    assert engaged_ids(g, s, "B1") == ["A2"] and b1.facing == "A2"
    assert engaged_ids(g, s, "A1") == []
    s = g.apply_action(s, 1, "reach:B1:A3")  # where it stopped it is near two enemies
    assert engaged_ids(g, s, "B1") == ["A2", "A3"]
    refused(g, s, 1, "reach:B1:A1", "left combat with A1 this turn")
    assert g.state_from_json(g.state_to_json(s)) == s
    s = finish_turn(g, s)
    assert s.left == () and "left" not in g.state_to_json(s)
    assert engaged_ids(g, s, "B1") == ["A2", "A3"]


def test_a_kniggit_that_moved_out_of_combat_still_may_not_reach():
    """Ruling 40, kept beside what issue 40 (point 8) changed: a kniggit that said it moved and is
    not in combat (``moved``) has used its move; only leaving combat lets a moved kniggit stop
    near an enemy."""
    g = Kniggits(REAL)
    s = to_moving(g)
    s = g.apply_action(s, 0, "moved:A1")
    refused(g, s, 0, "reach:A1:B1", "already moved")
    assert not any(a.startswith("reach:A1:") for a in g.legal_actions(s, 0))


def test_a_pinned_fleeing_kniggit_stays_in_combat():
    """Issue 40, point 9 (rules page, rule 23 on The Results: a fleeing kniggit in combat runs
    straight out of combat, "if it cannot do that either, it stays"; seed, Phase one: "pinned
    against a wall ... unable to move"): at the start of its turn its contacts stay; when its
    player does not say it got away, it is still in combat and the enemy fights it next turn."""
    g = Kniggits(REAL)
    s = to_moving(g)
    s = g.apply_action(s, 0, "reach:A1:B1")
    b1 = g.kniggit(s, "B1")
    s = put(s, replace(b1, status="fleeing", move=0, attack=0))  # one colour left: it flees
    s = finish_turn(g, s)  # Blue's turn begins
    assert engaged_ids(g, s, "B1") == ["A1"] and engaged_ids(g, s, "A1") == ["B1"]
    assert "B1 is fleeing but in combat with A1" in s.events[-1]
    assert "leave:B1" in g.legal_actions(s, 1)
    s = finish_turn(g, s)  # Blue says nothing of B1: it could not get away
    assert engaged_ids(g, s, "A1") == ["B1"]
    s = g.apply_action(s, 0, "end_move")
    assert s.phase == "fight" and ("A1", "B1") == tuple(s.fights[0][:2])


def test_a_fleeing_kniggit_that_gets_away_leaves_combat_once():
    """Issue 40, point 9: a fleeing kniggit in combat that runs straight out says so once
    (``leave``), then only running off the table is left to say."""
    g = Kniggits(REAL)
    s = to_moving(g)
    s = g.apply_action(s, 0, "reach:A1:B1")
    s = put(s, replace(g.kniggit(s, "B1"), status="fleeing", move=0, attack=0))
    s = finish_turn(g, s)
    s = g.apply_action(s, 1, "leave:B1")
    assert engaged_ids(g, s, "B1") == [] and engaged_ids(g, s, "A1") == []
    assert "leave:B1" not in g.legal_actions(s, 1)
    refused(g, s, 1, "leave:B1", "already moved")
    refused(g, s, 1, "reach:B1:A2", "fleeing")
    s = g.apply_action(s, 1, "off:B1")
    assert g.kniggit(s, "B1").status == "gone"


def test_the_new_refusal_and_event_read_in_spanish():
    """Issue 40, points 8 and 9: the refusal to reach an enemy just left and the event of a
    fleeing kniggit still in combat have their Spanish (the catalogue translates each whole)."""
    from brawl.games.lang import catalogue

    cat = catalogue("es", ("kniggits",))
    g = Kniggits(REAL)
    s = to_moving(g)
    s = g.apply_action(s, 0, "reach:A1:B1")
    s = put(s, replace(g.kniggit(s, "B1"), status="fleeing", move=0, attack=0))
    s = finish_turn(g, s)
    texts = [s.events[-1]]
    s = finish_turn(g, s)
    s = g.apply_action(s, 0, "leave:A1")
    with pytest.raises(IllegalAction) as exc:
        g.apply_action(s, 0, "reach:A1:B1")
    texts.append(str(exc.value))
    assert all(cat.translate(t) is not None for t in texts), texts
