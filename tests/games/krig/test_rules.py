"""Krig, rule by rule (rules page, Krig; the designer's page and the article it names)."""

from dataclasses import replace

import pytest

from brawl.core.game import Chance, Decision, IllegalAction, OptionsError, Terminal
from brawl.games import make_game

from tests.support import steps

from .helpers import on_turn


# -- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize("hp", [1, 7, 20])
def test_setup_hit_points_option(hp):
    """Ruling Set-up: each player has 20 hit points (option hp, 1 to 20), no defense, not charging."""
    s = make_game("krig", hp=hp).initial_state()
    assert s.hp == (hp, hp) and s.defense == (0, 0) and s.charging == (False, False)


@pytest.mark.parametrize("bad", [{"hp": 0}, {"hp": 21}, {"hp": "many"}, {"edition": "movie"}, {"speed": 3}])
def test_bad_options_are_refused(bad):
    """Ruling: option hp is 1 to 20; edition is author or article."""
    with pytest.raises(OptionsError):
        make_game("krig", **bad)


def test_default_edition_is_author():
    """Ruling: edition author is the default."""
    assert make_game("krig").options.edition == "author"


def test_initiative_higher_agility_goes_first():
    """Ruling Set-up: both roll the agility d10; higher goes first."""
    game = make_game("krig")
    s = game.initial_state()
    assert isinstance(game.node(s), Chance) and game.node(s).event.name == "d10"
    s = steps(game, s, 3, 8)
    assert game.node(s) == Decision((1,), "turn", game.node(s).prompt) and s.first_mover == 1


def test_initiative_ties_reroll():
    """Ruling Set-up: ties re-roll (author: 'If there is a tie, reroll')."""
    game = make_game("krig")
    s = steps(game, game.initial_state(), 6, 6)
    assert isinstance(game.node(s), Chance) and s.first_mover == -1
    s = steps(game, s, 9, 2)
    assert s.first_mover == 0 and s.to_act == 0


# -- the turn ----------------------------------------------------------------------------------
def test_a_turn_is_exactly_one_action_and_parry_is_not_one():
    """Ruling: a turn is exactly one action: attack, defend or charge; parry is never a turn action."""
    game, s = on_turn()
    assert game.legal_actions(s, 0) == ["attack", "defend", "charge"]
    with pytest.raises(IllegalAction):
        game.apply_action(s, 0, "parry")


def test_defend_rolls_d8_as_active_defense_and_ends_the_turn():
    """Ruling Defend: roll d8; it becomes the active defense value."""
    game, s = on_turn()
    s = steps(game, s, "defend", 5)
    assert s.defense == (5, 0) and game.node(s) == Decision((1,), "turn", game.node(s).prompt)


def test_defend_only_while_defense_inactive():
    """Ruling Defend: allowed only while the defense d8 is not active (author: cannot be rerolled)."""
    game, s = on_turn(defense=(3, 0))
    assert "defend" not in game.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        game.apply_action(s, 0, "defend")


def test_charge_ends_turn_and_forces_the_charge_attack():
    """Ruling Charge: the turn ends; the next turn of that player must be a charge attack."""
    game, s = on_turn()
    s = steps(game, s, "charge")
    assert s.charging == (True, False) and game.node(s).seats == (1,)
    s = steps(game, s, "defend", 2)
    assert game.legal_actions(s, 0) == ["attack"]
    for other in ("defend", "charge"):
        with pytest.raises(IllegalAction):
            game.apply_action(s, 0, other)


def test_charge_article_drops_defense_and_forbids_parry():
    """Ruling Charge, article: the active defense is lost at once and the charger may not parry."""
    game, s = on_turn("article", defense=(6, 0))
    s = steps(game, s, "charge")
    assert s.defense == (0, 0)
    s = steps(game, s, "attack", 5, 3)  # Moon attacks the charging Sun: no parry window
    assert s.hp == (17, 20) and game.node(s).seats == (0,)


def test_charge_author_keeps_defense_and_allows_parry():
    """Ruling Charge, author: defense stays active (it still absorbs) and parry is allowed."""
    game, s = on_turn("author", defense=(6, 0))
    s = steps(game, s, "charge")
    assert s.defense == (6, 0)
    s = steps(game, s, "attack", 5, 3)
    assert game.node(s) == Decision((0,), "reaction", game.node(s).prompt)
    s = steps(game, s, "take")
    assert s.defense == (3, 0) and s.hp == (20, 20)


# -- attacks -----------------------------------------------------------------------------------
def test_attack_rolls_agility_d10_and_attack_d6():
    """Ruling Attack: roll agility d10 and attack d6 together, both visible to everyone."""
    game, s = on_turn()
    s = game.apply_action(s, 0, "attack")
    assert game.node(s).event.name == "d10"
    s = game.apply_chance(s, 4)
    assert game.node(s).event.name == "d6"
    s = game.apply_chance(s, 2)
    assert s.rolls == (4, 2) and game.view(s, 1)["rolls"] == [4, 2]


def test_agility_one_misses():
    """Ruling Attack: d10 = 1: miss, nothing happens."""
    game, s = on_turn()
    after = steps(game, s, "attack", 1, 6)
    assert after.hp == s.hp and after.defense == s.defense and game.node(after).seats == (1,)


def test_agility_ten_is_a_critical_past_defense_without_parry():
    """Ruling Attack: d10 = 10: the d6 goes straight to hit points; defense untouched; no parry."""
    game, s = on_turn(defense=(0, 4))
    s = steps(game, s, "attack", 10, 5)
    assert s.hp == (20, 15) and s.defense == (0, 4) and game.node(s) == Decision((1,), "turn", game.node(s).prompt)


def test_defender_may_parry_after_seeing_both_dice():
    """Ruling Attack: otherwise the defender may parry (reaction, decided after seeing both dice)."""
    game, s = on_turn()
    s = steps(game, s, "attack", 5, 4)
    node = game.node(s)
    assert node.kind == "reaction" and node.seats == (1,)
    assert game.legal_actions(s, 1) == ["parry", "take"] and game.legal_actions(s, 0) == []


def test_damage_goes_into_defense_first_then_hit_points():
    """Ruling Attack: damage goes first into the active defense, the rest into hit points."""
    game, s = on_turn(defense=(0, 2))
    s = steps(game, s, "attack", 7, 5, "take")
    assert s.defense == (0, 0) and s.hp == (20, 17)
    assert "defend" in game.legal_actions(s, 1)  # at 0 it is no longer active


def test_defense_drops_by_what_it_absorbs():
    """Ruling Attack: the defense drops by what it absorbs."""
    game, s = on_turn(defense=(0, 6))
    s = steps(game, s, "attack", 7, 4, "take")
    assert s.defense == (0, 2) and s.hp == (20, 20)


def test_charge_attack_damage_is_d6_plus_d8_and_never_parried():
    """Ruling Charge attack: roll d10, d6 and d8; damage d6 + d8; it can never be parried."""
    game, s = on_turn(charging=(True, False), defense=(0, 3))
    s = steps(game, s, "attack", 6, 4, 5)
    assert s.hp == (20, 14) and s.defense == (0, 0) and game.node(s).kind == "turn"


def test_charge_attack_critical_and_miss():
    """Ruling Charge attack: d10 = 1 misses, d10 = 10 is a critical (all straight to hit points)."""
    game, s = on_turn(charging=(True, False), defense=(0, 3))
    assert steps(game, s, "attack", 1, 6, 8).hp == (20, 20)
    crit = steps(game, s, "attack", 10, 6, 8)
    assert crit.hp == (20, 6) and crit.defense == (0, 3)


@pytest.mark.parametrize("edition", ["author", "article"])
def test_after_the_charge_attack_not_charging_and_defense_zero(edition):
    """Ruling Charge attack: afterwards the attacker is no longer charging and its own defense is 0 (both editions)."""
    game, s = on_turn(edition, charging=(True, False), defense=(7, 0))
    s = steps(game, s, "attack", 1, 1, 1)
    assert s.charging == (False, False) and s.defense == (0, 0)


# -- parry -------------------------------------------------------------------------------------
@pytest.mark.parametrize("d6,d4", [(3, 3), (2, 4), (1, 1)])
def test_parry_succeeds_when_d4_at_least_d6(d6, d4):
    """Ruling Parry: success when d4 >= the attack d6: no damage, play passes to the defender."""
    game, s = on_turn()
    s = steps(game, s, "attack", 5, d6, "parry", d4)
    assert s.hp == (20, 20) and game.node(s) == Decision((1,), "turn", game.node(s).prompt)


def test_failed_parry_takes_damage_and_attacker_goes_again():
    """Ruling Parry: failure: the damage is taken and the attacker takes another turn at once."""
    game, s = on_turn(defense=(0, 1))
    s = steps(game, s, "attack", 5, 4, "parry", 3)
    assert s.hp == (20, 17) and s.defense == (0, 0)
    assert game.node(s) == Decision((0,), "turn", game.node(s).prompt) and s.turns == 1
    s = steps(game, s, "defend", 2)
    assert s.turns == 2 and game.node(s).seats == (1,)


def test_parry_odds_are_shown():
    """Issue 2: the chance of what the player is about to try ('parry succeeds 2 in 4')."""
    game, s = on_turn()
    s = steps(game, s, "attack", 5, 3)
    assert game.action_odds(s, 1, "parry").startswith("parry succeeds 2 in 4")


def test_parry_only_in_its_window():
    """Ruling: parry is a reaction of the defender, never of the attacker or out of the window."""
    game, s = on_turn()
    s = steps(game, s, "attack", 5, 3)
    with pytest.raises(IllegalAction):
        game.apply_action(s, 0, "parry")


# -- the end -----------------------------------------------------------------------------------
def test_zero_hit_points_loses():
    """Ruling: a player at 0 or fewer hit points loses; the other wins."""
    game, s = on_turn()
    s = replace(s, hp=(20, 3))
    s = steps(game, s, "attack", 10, 6)
    assert s.hp == (20, 0) and game.node(s) == Terminal((0,))
    assert game.returns(s) == [1.0, -1.0]
    with pytest.raises(IllegalAction):
        game.apply_action(s, 1, "attack")


def test_exactly_zero_loses_too():
    """Ruling: 0 or fewer."""
    game, s = on_turn()
    s = replace(s, hp=(20, 4))
    s = steps(game, s, "attack", 5, 4, "take")
    assert game.winners(s) == (0,)


def test_bad_chance_outcome_is_refused():
    game, s = on_turn()
    s = game.apply_action(s, 0, "attack")
    with pytest.raises(IllegalAction):
        game.apply_chance(s, 11)
    with pytest.raises(IllegalAction):
        game.apply_action(s, 0, "attack")  # dice are due, not a decision


# -- words, never codes (issue 11) --------------------------------------------------------------
def test_parry_prompt_names_the_attacker_and_the_attack_die():
    """Ruling Parry (decided after seeing both dice): the question names who attacks with what."""
    game, s = on_turn("author")
    s = steps(game, s, "attack", 5, 3)
    assert game.node(s).prompt == ("Sun attacks with 3 on the d6 (agility 5): Moon, parry with the d4 "
                                   "(it needs 3 or more) or take the blow?")


def test_turn_prompt_offers_what_is_legal():
    """Ruling: a turn is exactly one action; defend only without an active defense; a charge is
    followed by the charge attack."""
    game, s = on_turn("author")
    assert game.node(s).prompt == "Sun: attack, defend or charge?"
    game, s = on_turn("author", defense=(4, 0))
    assert game.node(s).prompt == "Sun: attack or charge? (your defense 4 is still active)"
    game, s = on_turn("author", charging=(True, False))
    assert game.node(s).prompt == "Sun: make your charge attack (d10, d6 and d8)"


def test_refusal_says_why_in_words():
    """Ruling Defend (only while no defense is active); DEVELOPERS: bad input gets a clear error."""
    game, s = on_turn("author", defense=(4, 0))
    with pytest.raises(IllegalAction) as err:
        game.apply_action(s, 0, "defend")
    assert str(err.value) == ("that is not legal now: Sun's defense 4 is still active, so Sun cannot defend again; "
                              "Sun may attack (d10, d6) or charge")
    with pytest.raises(IllegalAction, match="a parry answers an attack"):
        game.apply_action(s, 0, "parry")


def test_status_table_and_summary_in_words():
    """Ruling Set-up (hit points, no defense, not charging): the table's headings are words."""
    game, s = on_turn("author", hp=12, defense=(0, 5), charging=(True, False))
    assert game.status_rows(s) == [
        {"Player": "Sun", "Hit points": "12/12", "Defense d8": "none", "Charging": "yes", "Status": "on turn"},
        {"Player": "Moon", "Hit points": "12/12", "Defense d8": 5, "Charging": "no", "Status": ""}]
    assert game.summary(s) == "Sun: 12 hit points, no defense, charging | Moon: 12 hit points, defense 5"
    props = game.Options.model_json_schema()["properties"]
    assert (props["hp"]["title"], props["edition"]["title"]) == ("Hit points", "Edition")
    assert "five dice" in game.description
