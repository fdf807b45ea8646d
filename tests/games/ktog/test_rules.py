"""KtOG, rule by rule and option by option (rules page, KtOG; the KtOG rule text)."""

from fractions import Fraction

import pytest

from brawl.core.game import Chance, IllegalAction, OptionsError
from brawl.games import make_game
from brawl.games.ktog.rules import KtogOptions

from .helpers import asked, on_turn, steps


# -- options -----------------------------------------------------------------------------------
def test_option_defaults_follow_the_ruling():
    """Rules page, KtOG, Options: players 2, hp 20, to_hit 14, initiative once, d6,
    stand_at_zero off, fumble_flying off, cure_touch_roll off, classes off, cure_cap on."""
    o = make_game("ktog").options
    assert (o.players, o.hp, o.to_hit, o.initiative, o.initiative_die) == (2, 20, 14, "once", "d6")
    assert (o.stand_at_zero, o.fumble_flying, o.cure_touch_roll, o.classes, o.cure_cap) == (False, False, False, False, True)
    assert set(KtogOptions.model_fields) == {"players", "hp", "to_hit", "initiative", "initiative_die", "stand_at_zero",
                                             "fumble_flying", "cure_touch_roll", "classes", "cure_cap"}


@pytest.mark.parametrize("bad", [{"players": 1}, {"players": 9}, {"hp": 0}, {"to_hit": 25}, {"initiative": "sometimes"},
                                 {"initiative_die": "d8"}, {"stand_at_zero": "perhaps"}, {"armour": 3}])
def test_bad_options_are_refused(bad):
    """Rules page, KtOG, Options: players 2 to 8; initiative once|every_round; initiative_die d6|d10."""
    with pytest.raises(OptionsError):
        make_game("ktog", **bad)


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_players_option_sets_the_number_of_seats(players):
    """Rules page, KtOG, Options: players 2 to 8; everyone rolls initiative."""
    game = make_game("ktog", players=players)
    s = game.initial_state()
    assert game.num_players == players and len(s.hp) == players
    assert s.phase == "init" and s.rollers == tuple(range(players))


@pytest.mark.parametrize("hp", [1, 15, 25])
def test_hp_option_and_the_spells_at_the_start(hp):
    """Rules page, KtOG, Spells: each player starts with Haste x2, Cure, Bless, Mighty Blow, Dodge; core rule 5: hp."""
    s = make_game("ktog", players=3, hp=hp).initial_state()
    assert s.hp == (hp,) * 3 and s.max_hp == (hp,) * 3
    assert s.haste == (2,) * 3 and all(s.cure) and all(s.bless) and all(s.mighty) and all(s.dodge)
    assert s.disarmed == (0,) * 3 and not any(s.cast)


@pytest.mark.parametrize("to_hit", [10, 14, 17])
def test_to_hit_option_is_the_threshold(to_hit):
    """Rules page, KtOG, Attack: it hits when the roll >= threshold = to_hit (option to_hit)."""
    game, s = on_turn(to_hit=to_hit, dodge=(False, False), mighty=(False, False))
    hit = steps(game, s, "attack:2", to_hit)
    assert hit.phase == "damage"
    miss = steps(game, s, "attack:2", to_hit - 1)
    assert miss.phase == "turn" and miss.to_act == 1 and miss.hp == (20, 20)


# -- initiative and rounds ---------------------------------------------------------------------
def test_initiative_highest_goes_first_then_seat_order():
    """Rules page, KtOG, Initiative: the highest goes first; play continues in seat order from that player."""
    game = make_game("ktog", players=4)
    s = steps(game, game.initial_state(), 2, 5, 6, 1)
    assert s.to_act == 2 and s.first_mover == 2 and asked(game, s) == ((2,), "turn")
    order = []
    for _ in range(4):
        order.append(s.to_act)
        s = steps(game, s, f"attack:{(s.to_act + 1) % 4 + 1}", 5)  # misses
    assert order == [2, 3, 0, 1] and s.to_act == 2


def test_initiative_only_players_tied_for_highest_reroll():
    """Rules page, KtOG, Initiative: only players tied for highest re-roll (core rule 1: ties are re-rolled)."""
    game = make_game("ktog", players=4)
    s = steps(game, game.initial_state(), 6, 3, 6, 6)
    assert s.rollers == (0, 2, 3) and s.rolls == () and s.first_mover == -1
    node = game.node(s)
    assert isinstance(node, Chance) and node.seat == 0
    s = steps(game, s, 4, 4, 2)
    assert s.rollers == (0, 2)
    s = steps(game, s, 1, 5)
    assert s.to_act == 2 and s.leader == 2 and s.phase == "turn"


def test_a_low_tie_is_not_rerolled():
    """Rules page, KtOG, Initiative: players tied below the highest do not re-roll."""
    game = make_game("ktog", players=3)
    s = steps(game, game.initial_state(), 2, 2, 5)
    assert s.to_act == 2 and s.phase == "turn"


@pytest.mark.parametrize("die_name,sides", [("d6", 6), ("d10", 10)])
def test_initiative_die_option(die_name, sides):
    """Rules page, KtOG, Options: initiative_die d6 or d10 (core rule 1: a d10 may be used as well)."""
    game = make_game("ktog", initiative_die=die_name)
    node = game.node(game.initial_state())
    assert node.event.outcomes == tuple(range(1, sides + 1))


def test_initiative_once_keeps_the_order_every_round():
    """Rules page, KtOG, Options: initiative once: roll once, then fixed seat order."""
    game = make_game("ktog", players=3)
    s = steps(game, game.initial_state(), 1, 6, 2)
    seen = []
    for _ in range(6):
        seen.append(s.to_act)
        s = steps(game, s, f"attack:{(s.to_act + 1) % 3 + 1}", 5)
    assert seen == [1, 2, 0, 1, 2, 0] and s.rounds == 3


def test_initiative_every_round_rerolls_at_each_round_among_the_conscious():
    """Rules page, KtOG, Initiative: with every_round, this repeats at the start of each round."""
    game = make_game("ktog", players=3, initiative="every_round")
    s = steps(game, game.initial_state(), 1, 6, 2)
    assert s.to_act == 1
    s = steps(game, s, "attack:3", 5, "attack:1", 5, "attack:2", 5)  # the round is over
    assert s.phase == "init" and s.rollers == (0, 1, 2)
    s = steps(game, s, 6, 1, 2)
    assert s.to_act == 0 and s.leader == 0 and s.first_mover == 1
    # a knocked-out player no longer rolls
    from dataclasses import replace
    s2 = replace(s, up=(True, False, True), hp=(20, 0, 20), to_act=2)
    s2 = steps(game, s2, "attack:1", 5)
    assert s2.phase == "init" and s2.rollers == (0, 2)


def test_round_skips_unconscious_players():
    """Rules page, KtOG, Round: one turn for each conscious player, in order."""
    game, s = on_turn(players=4, up=(True, False, True, True), hp=(20, 0, 20, 20))
    s = steps(game, s, "attack:3", 5)
    assert s.to_act == 2
    s = steps(game, s, "attack:4", 5, "attack:1", 5)
    assert s.to_act == 0 and s.rounds == 2


# -- attacks -----------------------------------------------------------------------------------
def test_attack_names_a_conscious_opponent_only():
    """Rules page, KtOG, Turn: attack a named conscious opponent (core rule 2: announce who)."""
    game, s = on_turn(players=3, up=(True, True, False), hp=(20, 20, 0))
    legal = game.legal_actions(s, 0)
    assert "attack:2" in legal and "attack:3" not in legal and "attack:1" not in legal
    for bad in ("attack:1", "attack:3", "attack:9", "attack:x", "attack"):
        with pytest.raises(IllegalAction):
            game.apply_action(s, 0, bad)


def test_natural_20_is_a_critical_for_2d6():
    """Rules page, KtOG, Attack and After a hit: natural 20 is a critical; damage 2d6 (not d6 x2)."""
    game, s = on_turn(to_hit=20, dodge=(False, False), mighty=(False, False))
    s = steps(game, s, "attack:2", 20)
    node = game.node(s)
    assert s.critical and node.event.name == "2d6" and node.event.outcomes == tuple(range(2, 13))
    assert node.event.probability(7) == Fraction(6, 36)
    s = steps(game, s, 11)
    assert s.hp == (20, 9)


def test_natural_1_is_a_critical_miss_whatever_the_threshold():
    """Rules page, KtOG, Attack: natural 1: critical miss (even when the threshold is below 2)."""
    game, s = on_turn(to_hit=2, blessed=True)
    s = steps(game, s, "bless", "attack:2", 1)
    assert s.phase == "fumble_self"


def test_bless_lowers_the_threshold_by_2_for_the_turn():
    """Rules page, KtOG, Attack: threshold -2 with Bless (spells 1.3: 'only need a 12 to hit instead of a 14')."""
    game, s = on_turn(dodge=(False, False), mighty=(False, False))
    s = steps(game, s, "bless")
    assert not s.bless[0] and s.cast[0] and asked(game, s) == ((0,), "turn")
    assert game.action_odds(s, 0, "attack:2").startswith("need 12+: 45%")
    assert steps(game, s, "attack:2", 12).phase == "damage"
    assert steps(game, s, "attack:2", 11).to_act == 1


def test_attacks_on_a_disarmed_player_get_minus_2():
    """Rules page, KtOG, Disarmed: while disarmed, every attack against him gets the -2 threshold."""
    game, s = on_turn(disarmed=(0, 2), dodge=(False, False), mighty=(False, False))
    assert game.action_odds(s, 0, "attack:2").startswith("need 12+: 45%")
    assert steps(game, s, "attack:2", 12).phase == "damage"
    assert steps(game, s, "attack:2", 11).phase == "turn"


def test_bless_and_disarmed_target_combine_to_10():
    """Disarmed combat 2: 'This may become as low as a 10 if a Bless is in effect' (rules page, KtOG, Attack)."""
    game, s = on_turn(disarmed=(0, 2), dodge=(False, False), mighty=(False, False))
    s = steps(game, s, "bless")
    assert game.action_odds(s, 0, "attack:2").startswith("need 10+: 55%")
    assert steps(game, s, "attack:2", 10).phase == "damage"


def test_odds_text_for_the_default_attack():
    """Issue 3, terminal play: show the needed roll and its chance; 14+ on a d20 is 7 faces (14-20)."""
    game, s = on_turn()
    assert game.action_odds(s, 0, "attack:2").startswith("need 14+: 35%")
    assert game.action_odds(s, 0, "disarm:2") == "need 17+: 20%"


# -- disarm attempts ---------------------------------------------------------------------------
def test_disarm_attempt_needs_17():
    """Rules page, KtOG, Disarm attempt: roll d20 >= 17 disarms the target (2 scramble turns)."""
    game, s = on_turn()
    won = steps(game, s, "disarm:2", 17)
    assert won.disarmed == (0, 2) and won.to_act == 1 and won.hp == (20, 20)
    lost = steps(game, s, "disarm:2", 16)
    assert lost.disarmed == (0, 0) and lost.to_act == 1


def test_disarm_attempt_with_bless_needs_16():
    """Rules page, KtOG, Disarm attempt: 16 with Bless (spells 1.3: Bless reduces the number to disarm by 1)."""
    game, s = on_turn()
    s = steps(game, s, "bless", "disarm:2", 16)
    assert s.disarmed == (0, 2)


def test_disarm_attempt_natural_1_is_a_critical_miss():
    """Rules page, KtOG, Disarm attempt: natural 1 is a critical miss."""
    game, s = on_turn()
    assert steps(game, s, "disarm:2", 1).phase == "fumble_self"


def test_only_armed_opponents_can_be_disarmed():
    """Rules page, KtOG, Disarmed: a disarmed player cannot be disarmed again."""
    game, s = on_turn(players=3, disarmed=(0, 2, 0))
    legal = game.legal_actions(s, 0)
    assert "disarm:2" not in legal and "disarm:3" in legal and "attack:2" in legal
    with pytest.raises(IllegalAction):
        game.apply_action(s, 0, "disarm:2")


# -- cure --------------------------------------------------------------------------------------
def test_cure_is_d10_with_ones_rerolled():
    """Rules page, KtOG, Cure: d10 with 1s re-rolled (2 to 10), uniform (spells 1.2: 'Re-roll a 1')."""
    game, s = on_turn(hp=(5, 20))
    s = steps(game, s, "cure:1")
    node = game.node(s)
    assert node.event.outcomes == tuple(range(2, 11)) and set(node.event.probabilities) == {Fraction(1, 9)}
    s = steps(game, s, 7)
    assert s.hp == (12, 20) and not s.cure[0] and s.cast[0] and s.to_act == 1


def test_cure_is_instead_of_an_attack_and_spent():
    """Rules page, KtOG, Turn: Cure is cast instead of an attack; a spent spell is gone."""
    game, s = on_turn(hp=(5, 20))
    s = steps(game, s, "cure:1", 4, "attack:1", 5)  # Player 2 misses; round 2
    assert s.to_act == 0 and not any(a.startswith("cure") for a in game.legal_actions(s, 0))


def test_cure_heals_another_conscious_player():
    """Rules page, KtOG, Cure: heal any conscious player, self included (FAQ 1: 'Sure!')."""
    game, s = on_turn(players=3, hp=(20, 5, 0), up=(True, True, False))
    legal = game.legal_actions(s, 0)
    assert "cure:1" in legal and "cure:2" in legal and "cure:3" not in legal
    s = steps(game, s, "cure:2", 10)
    assert s.hp == (20, 15, 0)


@pytest.mark.parametrize("cap,expected", [(True, 20), (False, 26)])
def test_cure_cap_option(cap, expected):
    """Rules page, KtOG, Cure: capped at starting hit points (cure_cap, default on)."""
    game, s = on_turn(cure_cap=cap, hp=(16, 20))
    assert steps(game, s, "cure:1", 10).hp[0] == expected


def test_cure_touch_roll_option_for_others_only():
    """Rules page, KtOG, Cure: with cure_touch_roll, curing someone else first needs a d20 roll >=
    threshold; a failed roll spends the spell; curing oneself needs none."""
    game, s = on_turn(players=3, cure_touch_roll=True, hp=(20, 5, 20))
    s1 = steps(game, s, "cure:2")
    assert asked(game, s1) == ("d20", "touch to cure")
    failed = steps(game, s1, 13)
    assert failed.hp == (20, 5, 20) and not failed.cure[0] and failed.to_act == 1
    touched = steps(game, s1, 14, 6)
    assert touched.hp == (20, 11, 20)
    own = steps(game, replace_hp(s, (8, 5, 20)), "cure:1")
    assert own.phase == "cure"
    plain, t = on_turn(players=3, hp=(20, 5, 20))
    assert steps(plain, t, "cure:2").phase == "cure"


def replace_hp(state, hp):
    from dataclasses import replace
    return replace(state, hp=hp)


# -- Haste -------------------------------------------------------------------------------------
def test_haste_gives_two_attacks_each_with_its_own_target():
    """Rules page, KtOG, Turn: with Haste, two attacks or disarm attempts in a row, each with its own target."""
    game, s = on_turn(players=3, dodge=(False,) * 3, mighty=(False,) * 3)
    s = steps(game, s, "haste")
    assert s.haste[0] == 1 and s.cast[0] and s.phase == "action"
    assert "cure:1" not in game.legal_actions(s, 0) and "bless" not in game.legal_actions(s, 0)
    s = steps(game, s, "attack:2", 15, 3)
    assert s.hp == (20, 17, 20) and s.phase == "action" and s.to_act == 0
    s = steps(game, s, "disarm:3", 18)
    assert s.disarmed == (0, 0, 2) and s.to_act == 1 and s.turns == 1


def test_haste_second_attack_after_a_knockout_picks_another_target():
    """Rules page, KtOG, Turn: each Haste attack has its own target; a knocked-out one is gone."""
    game, s = on_turn(players=3, hp=(20, 2, 20), dodge=(False,) * 3, mighty=(False,) * 3)
    s = steps(game, s, "haste", "attack:2", 15, 4)
    assert s.up == (True, False, True) and game.legal_actions(s, 0) == ["attack:3", "disarm:3"]


def test_haste_is_lost_when_the_weapon_is_dropped():
    """Project reading (rules page 17): a player disarmed by his own critical miss loses the second Haste attack."""
    game, s = on_turn()
    s = steps(game, s, "haste", "attack:2", 1, 5, 18)
    assert s.disarmed == (2, 0) and s.to_act == 1


def test_two_haste_spells_then_none():
    """Rules page, KtOG, Spells: Haste x2; a spent spell is gone."""
    game, s = on_turn(haste=(1, 2))
    s = steps(game, s, "haste", "attack:2", 5, "attack:2", 5, "attack:1", 5)
    assert s.haste == (0, 2) and "haste" not in game.legal_actions(s, 0)


# -- after a hit -------------------------------------------------------------------------------
def test_dodge_nullifies_the_hit():
    """Rules page, KtOG, After a hit 1: the target may cast Dodge: the hit does nothing more."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 20, "dodge")
    assert s.hp == (20, 20) and not s.dodge[1] and s.cast[1] and s.to_act == 1


def test_mighty_blow_doubles_the_damage():
    """Rules page, KtOG, After a hit 2 and 3: Mighty Blow: the damage is doubled."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 15, "none", "mighty_blow", 5)
    assert s.hp == (20, 10) and not s.mighty[0] and s.cast[0]


def test_critical_with_mighty_blow_is_2d6_times_2():
    """More rules 1: 'When used in conjunction with a Mighty Blow, 2d6 dice are rolled ... multiplied by two'."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 20, "none", "mighty_blow", 9)
    assert s.hp == (20, 2)


def test_damage_is_a_d6_on_a_plain_hit():
    """Rules page, KtOG, After a hit 3 (core rule 4: roll d6 for damage)."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 14, "none", "none")
    node = game.node(s)
    assert node.event.name == "d6" and node.event.outcomes == tuple(range(1, 7))
    assert steps(game, s, 6).hp == (20, 14)
