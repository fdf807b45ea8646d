"""KtOG, rule by rule (rules page, KtOG; the KtOG rule text): critical misses, fighting disarmed, zero and the end, classes, and what people read."""

import pytest

from brawl.core.game import Decision, IllegalAction, Terminal
from brawl.games import make_game

from .helpers import asked, on_turn, steps


# -- critical miss -----------------------------------------------------------------------------
def test_critical_miss_self_hit_on_17():
    """Rules page, KtOG, Critical miss: roll d20; >= 17: the player hits himself for d6 (no Dodge)."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 1, 17)
    assert s.phase == "self_damage" and asked(game, s)[0] == "d6"
    s = steps(game, s, 4)
    assert s.hp == (16, 20) and s.to_act == 1 and s.dodge == (True, True) and s.disarmed == (0, 0)


def test_critical_miss_drop_on_17():
    """Rules page, KtOG, Critical miss: otherwise roll d20 again; >= 17: the player is disarmed."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 1, 16)
    assert s.phase == "fumble_drop"
    assert steps(game, s, 17).disarmed == (2, 0)
    assert steps(game, s, 16).disarmed == (0, 0)
    assert steps(game, s, 1).disarmed == (0, 0)


def test_fumble_flying_option():
    """Rules page, KtOG, Critical miss: with fumble_flying, a natural 1 on the drop roll also disarms,
    for 3 turns instead of 2 (FAQ 2)."""
    game, s = on_turn(fumble_flying=True)
    s = steps(game, s, "attack:2", 1, 3)
    assert steps(game, s, 1).disarmed == (3, 0)
    assert steps(game, s, 17).disarmed == (2, 0)
    assert steps(game, s, 2).disarmed == (0, 0)


def test_self_hit_can_knock_out_and_the_other_wins():
    """Rules page, KtOG, Zero and Win: at 0 a player is out; the last conscious player wins."""
    game, s = on_turn(hp=(3, 20))
    s = steps(game, s, "attack:2", 1, 19, 5)
    assert s.hp == (0, 20) and game.node(s) == Terminal((1,))


# -- disarmed ----------------------------------------------------------------------------------
def test_disarmed_choices():
    """Rules page, KtOG, Disarmed: scramble, Cure or fight bare-handed (Haste to scramble twice)."""
    game, s = on_turn(players=3, disarmed=(2, 0, 0))
    assert game.legal_actions(s, 0) == ["scramble", "haste", "cure:1", "cure:2", "cure:3", "fight:2", "fight:3"]


def test_scramble_counts_down_and_the_weapon_is_back_next_turn():
    """Rules page, KtOG, Disarmed: Scramble: one turn spent; at 0 the weapon is back, usable from his next turn."""
    game, s = on_turn(disarmed=(2, 0))
    s = steps(game, s, "scramble")
    assert s.disarmed == (1, 0) and s.to_act == 1
    s = steps(game, s, "attack:1", 5, "scramble")
    assert s.disarmed == (0, 0) and s.to_act == 1
    s = steps(game, s, "attack:1", 5)
    assert "attack:2" in game.legal_actions(s, 0) and "scramble" not in game.legal_actions(s, 0)


def test_haste_scrambles_twice():
    """Rules page, KtOG, Disarmed: with Haste, two scramble turns in one (disarmed combat 2.2.3)."""
    game, s = on_turn(disarmed=(3, 0))
    s = steps(game, s, "haste")
    assert s.disarmed == (1, 0) and s.haste[0] == 1 and s.cast[0] and s.to_act == 1
    game, s = on_turn(disarmed=(1, 0))
    assert "haste" not in game.legal_actions(s, 0)


def test_cure_while_disarmed_keeps_the_count():
    """Rules page, KtOG, Disarmed: Cure: the count does not move (disarmed combat 2.2.1)."""
    game, s = on_turn(disarmed=(2, 0), hp=(9, 20))
    s = steps(game, s, "cure:1", 5)
    assert s.disarmed == (2, 0) and s.hp == (14, 20)


def test_bare_handed_fight_plus_1_threshold_minus_2_damage():
    """Rules page, KtOG, Disarmed: fight bare-handed: an attack at +1 threshold and -2 damage; the count does not move."""
    game, s = on_turn(disarmed=(2, 0), dodge=(False, False), mighty=(False, False))
    assert game.action_odds(s, 0, "fight:2").startswith("need 15+: 30%")
    assert steps(game, s, "fight:2", 14).hp == (20, 20)
    s = steps(game, s, "fight:2", 15, 5)
    assert s.hp == (20, 17) and s.disarmed == (2, 0)


def test_bare_handed_damage_not_below_zero_and_mighty_after():
    """Rules page, KtOG, After a hit 3: bare-handed -2 (not below 0); then Mighty Blow's x2."""
    game, s = on_turn(disarmed=(2, 0), dodge=(False, False))
    zero = steps(game, s, "fight:2", 15, "mighty_blow", 2)
    assert zero.hp == (20, 20)
    s = steps(game, s, "fight:2", 20, "mighty_blow", 7)
    assert s.hp == (20, 10)


def test_no_disarm_attempts_bare_handed_and_no_armed_attack():
    """Rules page, KtOG, Disarmed: no disarm attempts bare-handed."""
    game, s = on_turn(disarmed=(1, 0))
    for bad in ("disarm:2", "attack:2", "bless"):
        with pytest.raises(IllegalAction) as err:
            game.apply_action(s, 0, bad)
        assert "Player 1 may scramble for the weapon" in str(err.value) and ":2" not in str(err.value)


def test_disarmed_critical_miss_cannot_disarm_again():
    """Rules page, KtOG, Disarmed: a disarmed player cannot be disarmed again (so no drop roll)."""
    game, s = on_turn(disarmed=(2, 0))
    s = steps(game, s, "fight:2", 1, 5)
    assert s.disarmed == (2, 0) and s.to_act == 1


# -- zero and the end --------------------------------------------------------------------------
def test_zero_is_out_and_shown_as_zero():
    """Rules page, KtOG, Zero: at 0 or fewer a player is unconscious and out (hit points shown as 0)."""
    game, s = on_turn(players=3, hp=(20, 3, 20))
    s = steps(game, s, "attack:2", 15, "none", "none", 6)
    assert s.hp == (20, 0, 20) and s.up == (True, False, True) and s.to_act == 2
    assert not isinstance(game.node(s), Terminal)


@pytest.mark.parametrize("d100,stays", [(1, True), (50, True), (51, False), (100, False)])
def test_stand_at_zero_option(d100, stays):
    """Rules page, KtOG, Zero: with stand_at_zero, each time damage leaves a player at 0, roll d100: <= 50 he stays in at 0."""
    game, s = on_turn(stand_at_zero=True, hp=(20, 3), dodge=(False, False), mighty=(False, False))
    s = steps(game, s, "attack:2", 15, 6)
    node = game.node(s)
    assert node.event.name == "d100" and node.seat == 1 and s.hp == (20, 0)
    s = steps(game, s, d100)
    assert s.hp == (20, 0) and s.up == (True, stays)
    assert game.is_terminal(s) == (not stays)
    if stays:  # again at the next damage
        s = steps(game, s, "attack:1", 5, "attack:2", 15, 1)
        assert game.node(s).event.name == "d100"


def test_without_stand_at_zero_there_is_no_d100():
    """Rules page, KtOG, Options: stand_at_zero off by default: 0 is out at once."""
    game, s = on_turn(hp=(20, 3), dodge=(False, False), mighty=(False, False))
    s = steps(game, s, "attack:2", 15, 3)
    assert game.node(s) == Terminal((0,))


def test_last_conscious_player_wins():
    """Rules page, KtOG, Win: the last conscious player wins."""
    game, s = on_turn(players=3, hp=(20, 0, 2), up=(True, False, True), dodge=(False,) * 3, mighty=(False,) * 3)
    s = steps(game, s, "attack:3", 15, 2)
    assert game.node(s) == Terminal((0,)) and game.winners(s) == (0,)
    assert game.returns(s) == [1.0, -1.0, -1.0]


# -- classes -----------------------------------------------------------------------------------
def test_classes_each_player_picks_in_seat_order():
    """Rules page, KtOG, classes (seed rule 3): each player picks fighter or magic-user at the start."""
    game = make_game("ktog", players=3, classes=True, hp=15)
    s = game.initial_state()
    for seat, pick in enumerate(["fighter", "magic_user", "fighter"]):
        assert game.node(s) == Decision((seat,), "turn", game.node(s).prompt)
        assert game.legal_actions(s, seat) == ["fighter", "magic_user"]
        s = game.apply_action(s, seat, pick)
    assert s.role == ("fighter", "magic_user", "fighter") and s.phase == "init"
    assert s.hp == (20, 15, 20) and s.max_hp == (20, 15, 20)
    assert s.haste == (0, 2, 0) and s.dodge == (False, True, False)


def test_fighter_threshold_minus_2_and_no_spells():
    """Rules page, KtOG, classes: Fighter: threshold -2, +5 hit points, no spells. Magic-user: as standard."""
    game, s = on_turn(classes=True, role=("fighter", "magic_user"), haste=(0, 2), cure=(False, True),
                      bless=(False, True), mighty=(False, True), dodge=(False, True))
    assert game.legal_actions(s, 0) == ["attack:2", "disarm:2"]
    assert game.action_odds(s, 0, "attack:2").startswith("need 12+")
    for spell in ("haste", "bless", "cure:1"):
        with pytest.raises(IllegalAction, match="fighter"):
            game.apply_action(s, 0, spell)
    s = steps(game, s, "attack:2", 12)
    assert s.phase == "dodge?"  # the magic-user may dodge; a fighter never casts Mighty Blow
    s = steps(game, s, "none")
    assert s.phase == "damage"
    assert game.action_odds(on_turn(classes=True, role=("fighter", "magic_user"))[1], 0, "disarm:2") == "need 17+: 20%"


def test_bad_input_changes_nothing():
    """DEVELOPERS: bad input gets a clear error and changes nothing (here: the wrong seat, a chance pending)."""
    game, s = on_turn()
    before = game.dumps(s)
    with pytest.raises(IllegalAction, match="not Player 2's decision"):
        game.apply_action(s, 1, "attack:1")
    rolled = steps(game, s, "attack:2")
    with pytest.raises(IllegalAction, match="no decision"):
        game.apply_action(rolled, 0, "attack:2")
    with pytest.raises(IllegalAction):
        game.apply_chance(rolled, 21)
    assert game.dumps(s) == before


# -- for people --------------------------------------------------------------------------------
def test_status_rows_show_hit_points_spells_and_disarm_count():
    """Issue 3: status_rows shows hit points, spells left, disarmed count; view hides nothing (no hidden information in KtOG)."""
    game, s = on_turn(players=3, hp=(7, 20, 0), up=(True, True, False), haste=(1, 2, 2), dodge=(False, True, True),
                      disarmed=(0, 2, 0), cast=(True, False, False))
    rows = game.status_rows(s)
    assert [r["Player"] for r in rows] == ["Player 1", "Player 2", "Player 3"]
    assert rows[0]["Hit points"] == "7/20" and rows[0]["Spells left"] == "Haste×1, Cure, Bless, Mighty Blow"
    assert rows[0]["Spell cast this round"] == "yes"
    assert rows[1]["Disarmed"] == "2 scramble turns to go" and rows[2]["Status"] == "out" and rows[0]["Status"] == "on turn"
    view = game.view(s, 1)
    assert view["hp"] == [7, 20, 0] and view["names"][2] == "Player 3" and view == game.view(s, None)


def test_turns_and_first_mover():
    """Issue 3: turns counts turns taken (a Haste turn is one), first_mover is who took the first turn."""
    game = make_game("ktog", players=3)
    s = steps(game, game.initial_state(), 2, 6, 1)
    assert game.first_mover(s) == 1 and game.turns(s) == 0
    s = steps(game, s, "haste", "attack:3", 5, "attack:1", 5, "attack:1", 5)
    assert game.turns(s) == 2 and game.first_mover(s) == 1


def test_describe_action_names_the_target():
    """Issue 3: readable decisions: targets by name."""
    game, s = on_turn(players=3)
    assert game.describe_action(s, 0, "attack:3") == "Player 1 attacks Player 3"
    assert game.describe_action(s, 0, "cure:1") == "Player 1 casts Cure on themselves"
    assert game.describe_action(s, 0, "disarm:2") == "Player 1 tries to disarm Player 2"
