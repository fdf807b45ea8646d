"""KtOG timing windows: who is asked, in which order, and what is refused
(rules page, KtOG: Spells, Turn, After a hit; issue 3: "a player who cannot react is not asked")."""

import pytest

from brawl.core.game import Chance, Decision, IllegalAction
from brawl.core.match import Match
from brawl.core.sources import ReplayDice
from brawl.games import make_game

from .helpers import asked, on_turn, steps


def test_after_a_hit_dodge_then_mighty_blow_then_damage():
    """Rules page, KtOG, After a hit: 1. the target may Dodge; 2. otherwise the attacker may Mighty Blow;
    3. damage, before which no damage die is rolled."""
    game, s = on_turn(players=3)
    s = steps(game, s, "attack:3", 16)
    node = game.node(s)
    assert node == Decision((2,), "reaction", node.prompt) and "Dodge" in node.prompt
    assert game.legal_actions(s, 2) == ["dodge", "none"]
    assert game.legal_actions(s, 0) == [] and game.legal_actions(s, 1) == []
    s = steps(game, s, "none")
    node = game.node(s)
    assert isinstance(node, Decision) and node.seats == (0,) and "Mighty Blow" in node.prompt
    assert game.legal_actions(s, 0) == ["mighty_blow", "none"]
    s = steps(game, s, "none")
    assert isinstance(game.node(s), Chance) and asked(game, s) == ("d6", "damage")


def test_windows_in_a_live_match_log_come_before_the_damage_roll():
    """Rules page, KtOG, After a hit: the order as a table sees it, through a match and its log."""
    game = make_game("ktog", players=2)
    # initiative 5 and 2 (Player 1 first), to hit 17, then the damage d6 of 4
    match = Match(game, ReplayDice([5, 2, 17, 4]))
    match.decide(0, "attack:2")
    assert match.node().seats == (1,) and match.node().kind == "reaction"
    with pytest.raises(IllegalAction):
        match.decide(0, "mighty_blow")  # the attacker must wait for the Dodge window
    match.decide(1, "none")
    assert match.node().seats == (0,)
    rolls_before = [line.text for line in match.log if line.kind == "roll"]
    assert not any("damage" in t for t in rolls_before)
    match.decide(0, "mighty_blow")
    texts = [line.text for line in match.log]
    i_dodge = next(i for i, t in enumerate(texts) if "Player 2 does not dodge" in t)
    i_mighty = next(i for i, t in enumerate(texts) if "Mighty Blow" in t)
    i_damage = next(i for i, t in enumerate(texts) if "(damage)" in t)
    assert i_dodge < i_mighty < i_damage
    assert match.state.hp == (20, 12)


def test_dodge_refused_to_the_attacker_and_mighty_blow_to_the_target():
    """Rules page, KtOG, After a hit: Dodge is the target's, Mighty Blow the attacker's."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 15)
    with pytest.raises(IllegalAction):
        game.apply_action(s, 0, "dodge")
    with pytest.raises(IllegalAction):
        game.apply_action(s, 1, "mighty_blow")
    s = steps(game, s, "none")
    with pytest.raises(IllegalAction):
        game.apply_action(s, 1, "dodge")  # too late: the Dodge window has closed


def test_a_target_without_dodge_is_not_asked():
    """Issue 3: a player who cannot react is not asked (no Dodge left)."""
    game, s = on_turn(dodge=(True, False))
    s = steps(game, s, "attack:2", 15)
    assert game.node(s).seats == (0,) and s.phase == "mighty?"


def test_a_target_who_cast_this_round_is_not_asked():
    """Rules page, KtOG, Spells: at most one spell per round, own turn and reactions together."""
    game, s = on_turn(cast=(False, True))
    s = steps(game, s, "attack:2", 15)
    assert s.phase == "mighty?"


def test_an_attacker_who_cast_haste_or_bless_is_not_asked_for_mighty_blow():
    """Rules page, KtOG, Spells: no two spells combine (Bless or Haste then no Mighty Blow that round)."""
    for opening in ("haste", "bless"):
        game, s = on_turn(dodge=(False, False))
        s = steps(game, s, opening, "attack:2", 15)
        assert s.phase == "damage", opening


def test_without_dodge_or_mighty_both_windows_are_skipped():
    """Issue 3: node() skips windows no one can use: straight to the damage die."""
    game, s = on_turn(dodge=(False, False), mighty=(False, False))
    s = steps(game, s, "attack:2", 19)
    assert isinstance(game.node(s), Chance)


def test_a_disarm_success_opens_no_window():
    """Rules page, KtOG, After a hit: not on a disarm attempt."""
    game, s = on_turn()
    s = steps(game, s, "disarm:2", 20)
    assert s.disarmed == (0, 2) and s.phase == "turn" and s.to_act == 1


def test_a_self_hit_opens_no_window():
    """Rules page, KtOG, Critical miss: the player hits himself for d6 (no Dodge)."""
    game, s = on_turn()
    s = steps(game, s, "attack:2", 1, 20)
    assert s.phase == "self_damage"


def test_dodge_uses_up_the_round_then_resets_next_round():
    """Rules page, KtOG, Spells: a player casts at most one spell per round; a new round resets that."""
    game, s = on_turn(players=3)
    s = steps(game, s, "attack:2", 15, "dodge")
    assert s.cast == (False, True, False) and s.to_act == 1
    legal = game.legal_actions(s, 1)
    assert not any(a in legal for a in ("haste", "bless")) and not any(a.startswith("cure") for a in legal)
    with pytest.raises(IllegalAction, match="one spell per player per round"):
        game.apply_action(s, 1, "haste")
    s = steps(game, s, "attack:3", 5, "attack:2", 15)  # Player 3's hit on Player 2 in the same round
    assert s.phase == "mighty?"  # Player 2 already cast this round: no Dodge window
    s = steps(game, s, "none", 1)
    assert s.rounds == 2 and s.cast == (False, False, False) and s.to_act == 0
    assert "haste" in game.legal_actions(s, 0)


def test_mighty_blow_uses_the_attackers_spell_for_the_round():
    """Rules page, KtOG, Spells: Mighty Blow counts as the attacker's spell for the round; he cannot Dodge later in it."""
    game, s = on_turn(players=3)
    s = steps(game, s, "attack:2", 15, "none", "mighty_blow", 1)
    assert s.cast == (True, False, False)
    s = steps(game, s, "attack:1", 15)  # Player 2 hits Player 1 in the same round
    assert s.phase == "mighty?" and game.node(s).seats == (1,)


def test_haste_and_bless_only_at_the_start_of_the_turn():
    """Rules page, KtOG, Turn: optionally Haste or Bless at the start, then one action."""
    game, s = on_turn()
    s = steps(game, s, "bless")
    assert "haste" not in game.legal_actions(s, 0) and "bless" not in game.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        game.apply_action(s, 0, "haste")
    with pytest.raises(IllegalAction, match="Cure instead of an attack"):
        game.apply_action(s, 0, "cure:1")


def test_haste_attack_windows_for_each_swing():
    """Rules page, KtOG, Turn and After a hit: each Haste attack has its own hit, Dodge window and damage."""
    game, s = on_turn(players=3)
    s = steps(game, s, "haste", "attack:2", 15)
    assert game.node(s).seats == (1,) and s.phase == "dodge?"
    s = steps(game, s, "none", 3)  # no Mighty Blow window: Haste was the attacker's spell
    assert s.phase == "action" and s.hp == (20, 17, 20)
    s = steps(game, s, "attack:3", 20)
    assert game.node(s).seats == (2,)
    s = steps(game, s, "dodge")
    assert s.to_act == 1 and s.hp == (20, 17, 20)


def test_classes_fighters_never_get_spell_windows():
    """Rules page, KtOG, classes: a fighter has no spells, so he is never asked to Dodge or Mighty Blow."""
    game, s = on_turn(classes=True, role=("fighter", "fighter"), haste=(0, 0), cure=(False, False),
                      bless=(False, False), mighty=(False, False), dodge=(False, False))
    s = steps(game, s, "attack:2", 12)
    assert isinstance(game.node(s), Chance)


def test_reactions_only_from_the_seat_asked():
    """Core: apply_action refuses a seat that is not asked and changes nothing."""
    game, s = on_turn(players=4)
    s = steps(game, s, "attack:4", 15)
    for seat in (0, 1, 2):
        with pytest.raises(IllegalAction, match="waiting for Player 4"):
            game.apply_action(s, seat, "none")
    assert s.phase == "dodge?"


# -- the questions in words (issue 11) ------------------------------------------------------------
def test_dodge_and_mighty_blow_prompts_name_who_did_what():
    """Rules page, KtOG, After a hit: the target is asked about Dodge, then the attacker about Mighty Blow;
    each question names the players and what the spell does."""
    game, s = on_turn(players=4, to_act=3)
    s = steps(game, s, "attack:2", 16)
    assert game.node(s).prompt == "Player 4 scores a hit on Player 2: Player 2, cast Dodge so that the hit does nothing?"
    s = steps(game, s, "none")
    assert game.node(s).prompt == ("Player 4: your hit on Player 2 lands: cast Mighty Blow to double the damage?")
    assert game.describe_action(s, 3, "none") == "Player 4 does without Mighty Blow"
    game, s = on_turn(players=2)
    s = steps(game, s, "attack:2", 20)
    assert game.node(s).prompt.startswith("Player 1 scores a critical hit (2d6 damage) on Player 2: ")


def test_refusal_lists_the_choices_in_words():
    """Rules page, KtOG, Spells: one spell per round; a refusal says why and names every legal choice in
    words, targets grouped by what is done to them."""
    game, s = on_turn(players=3, cast=(True, False, False))
    with pytest.raises(IllegalAction) as err:
        game.apply_action(s, 0, "bless")
    assert str(err.value) == ("that is not legal now: only one spell per player per round; Player 1 may attack "
                              "Player 2 or Player 3, or try to disarm Player 2 or Player 3")
    game, s = on_turn(players=2)
    with pytest.raises(IllegalAction) as err:
        game.apply_action(s, 0, "attack:1")
    assert str(err.value).endswith("Player 1 may attack Player 2, try to disarm Player 2, cast Cure on yourself "
                                   "or Player 2, cast Haste, or cast Bless")
