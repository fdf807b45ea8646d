"""Hiding and sneak attack from hiding (seed: Skills names Hide; seed: Damage, "Rogues who attack from
hiding ... generate sneak attack damage"); the open points are rulings on the rules page (Hiding)."""

from fractions import Fraction

import pytest

from brawl.core.game import Chance, IllegalAction
from brawl.games.tactics.bots import HeuristicBot
from brawl.games.tactics.grid import Map, line_of_effect
from brawl.rl.encodings import encoding_for

from .helpers import pending, play, scene, unit, with_unit

# an open field with a wall along x = 5 from y = 3 to y = 7
WALLED = Map("walled", "a field with a wall", 16, 12, frozenset((5, y) for y in range(3, 8)),
             (tuple((0, y) for y in range(8)), tuple((15, y) for y in range(8))))


def hidden_scene(side1, side2, squares, hide=(), **kwargs):
    game, state = scene(side1, side2, squares, game_map=WALLED, **kwargs)
    for who in hide:
        state = with_unit(game, state, who, hidden=True)
    return game, state


# -- who may hide ---------------------------------------------------------------------------------

def test_hide_needs_cover_from_every_enemy():
    """Ruling (Hiding: cover): hiding is legal next to a wall square or out of every conscious enemy's
    line of effect; in the open in an enemy's sight it is not (seed: Skills names Hide)."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (9, 5)])
    assert "hide" in game.legal_actions(state, 0)  # next to the wall
    game, state = hidden_scene(["mara"], ["steve"], [(3, 5), (9, 5)])
    assert not line_of_effect(WALLED, (9, 5), (3, 5))
    assert "hide" in game.legal_actions(state, 0)  # behind the wall, not next to it
    game, state = hidden_scene(["mara"], ["steve"], [(2, 0), (9, 5)])
    assert line_of_effect(WALLED, (9, 5), (2, 0))
    assert "hide" not in game.legal_actions(state, 0)  # in the open and seen
    game, state = scene(["mara"], ["steve"], [(4, 5), (9, 5)])
    assert "hide" not in game.legal_actions(state, 0)  # no walls at all


def test_hide_refused_in_combat_and_changes_nothing():
    """Ruling (Hiding: not in combat): no hiding within melee range of a conscious enemy, even next to
    a wall; the refused decision raises IllegalAction and leaves the state as it was."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (3, 5)])
    assert game.in_combat(state, 0)
    assert "hide" not in game.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        game.apply_action(state, 0, "hide")
    assert not unit(game, state, "mara").hidden and not state.acted_std
    # an incapacitated enemy does not keep anyone in combat (seed: Range; ruling: conscious)
    down = with_unit(game, state, "steve", hp=0, prone=True)
    assert "hide" in game.legal_actions(down, 0)


def test_hide_refused_when_already_hidden():
    """Ruling (Hiding): a hidden character has nothing to gain from another Hide check."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (9, 5)], hide=["mara"])
    assert "hide" not in game.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        game.apply_action(state, 0, "hide")


# -- the check ------------------------------------------------------------------------------------

def test_hide_check_is_d20_plus_hide_against_ten_plus_best_enemy_wisdom():
    """Ruling (Hiding: the check): d20 + Hide (a chance event) against DC 10 + the best Wisdom
    modifier of the conscious enemies (the seed has no Spot skill).  Jeff (Hide +3) against Steve
    (Wis +1) and Ada (Wis +3): DC 13, he needs a 10: 55%."""
    game, state = hidden_scene(["jeff"], ["steve", "ada"], [(4, 5), (9, 5), (9, 6)])
    assert game.hide_dc(state, 0) == 13
    assert game.action_odds(state, 0, "hide") == "hides 55% (Hide +3 against DC 13)"
    state = play(game, state, "hide")
    node = game.node(state)
    assert isinstance(node, Chance) and node.event.label == "Jeff's Hide check"
    assert set(node.event.outcomes) == set(range(1, 21)) and set(node.event.probabilities) == {Fraction(1, 20)}
    failed = play(game, state, 9)
    assert not unit(game, failed, "jeff").hidden and failed.acted_std
    hid = play(game, state, 10)
    assert unit(game, hid, "jeff").hidden
    assert "hidden" in game.status_rows(hid)[0]["condition"]
    assert game.view(hid, 1)["units"][0]["hidden"] is True
    # Ada down: only Steve's Wisdom counts
    assert game.hide_dc(with_unit(game, state, "ada", hp=0, prone=True), 0) == 11


def test_hide_is_a_standard_action():
    """Seed (Actions): anything but moving is the standard action; ruling: hide is one."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (9, 5)])
    state = play(game, state, "hide", 5)
    legal = game.legal_actions(state, 0)
    assert "hide" not in legal and "draw" not in legal and any(a.startswith("move:") for a in legal)


# -- sneak attack from hiding ---------------------------------------------------------------------

def test_attack_from_hiding_is_a_sneak_attack_on_a_flat_footed_target():
    """Seed (Damage): "Rogues who attack from hiding ... generate sneak attack damage".  Ruling (SRD):
    the target loses its Dex bonus to AC and the attacker gets +2; attacking ends hiding."""
    game, seen = hidden_scene(["mara"], ["steve"], [(4, 5), (3, 5)])
    hidden = with_unit(game, seen, "mara", hidden=True)
    plain = game.attack_profile(seen, 0, 1, "main")
    sneaky = game.attack_profile(hidden, 0, 1, "main")
    assert plain.sneak == 0 and sneaky.sneak == 3
    assert sneaky.bonus == plain.bonus + 2
    assert sneaky.ac == plain.ac - 1  # Steve's Dex +1 (capped by full plate) is lost
    state = play(game, hidden, "attack:steve")
    assert not unit(game, state, "mara").hidden  # the attack reveals her...
    state = play(game, state, 18)  # 18 + 5 (Mara holds sword and dagger: -4) >= 20
    assert pending(game, state).endswith("+3d6")  # ...but it was made from hiding


def test_a_spell_from_hiding_denies_dex_too():
    """Ruling (Hiding): a spell aimed at an enemy is an attack from hiding (a ray against touch AC
    without Dex); a non-rogue gets no sneak attack dice."""
    game, state = hidden_scene(["jeff"], ["mara"], [(4, 5), (4, 9)], hide=["jeff"])
    seen = with_unit(game, state, "jeff", hidden=False)
    plain = game.attack_profile(seen, 0, 1, "ray", "scorching_ray")
    sneaky = game.attack_profile(state, 0, 1, "ray", "scorching_ray")
    assert sneaky.ac == plain.ac - 3 and sneaky.sneak == 0
    state = play(game, state, "cast:scorching_ray:mara")
    assert not unit(game, state, "jeff").hidden
    assert state.stack[-1].kind == "attack" and state.stack[-1].unseen


def test_two_weapons_from_hiding_only_the_first_attack_is_unseen():
    """Ruling (Hiding): the first attack roll of the action is made from hiding; the character is
    seen for the rest (SRD)."""
    game, state = hidden_scene(["nim"], ["steve"], [(4, 5), (3, 5)], hide=["nim"])
    state = play(game, state, "twoweapon:steve")
    first, second = state.stack[-1], state.stack[-2]
    assert first.attack == "main_tw" and first.unseen and not second.unseen


def test_non_hostile_action_keeps_hiding():
    """Ruling (Hiding): drawing a weapon aims at no one and does not end hiding."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (9, 5)], hide=["mara"])
    state = play(game, state, "draw")
    assert unit(game, state, "mara").hidden


# -- ending hiding ----------------------------------------------------------------------------------

def test_moving_into_melee_range_ends_hiding():
    """Ruling (Hiding: ending): a step into melee range of a conscious enemy ends hiding, and the
    enemy then gets its attack of opportunity (seed: Attacks of Opportunity)."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (4, 9)], hide=["mara"])
    state = play(game, state, "move:4,8")
    assert not unit(game, state, "mara").hidden
    assert pending(game, state) == "reaction"


def test_moving_along_cover_keeps_hiding_and_into_the_open_ends_it():
    """Ruling (Hiding: ending): a character stays hidden while every square it steps into would let
    it hide; stepping into an enemy's sight without cover ends it."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (9, 5)], hide=["mara"])
    along = play(game, state, "move:4,7")
    assert unit(game, along, "mara").hidden
    assert line_of_effect(WALLED, (9, 5), (3, 0))
    out = play(game, state, "move:3,0")
    assert not unit(game, out, "mara").hidden


def test_being_hurt_ends_hiding_and_a_dodged_fireball_does_not():
    """Ruling (Hiding: ending): damage ends hiding; an area spell may still be aimed at the square
    (SRD: areas affect hidden creatures)."""
    game, state = hidden_scene(["jeff"], ["mara"], [(4, 0), (4, 5)], hide=["mara"])
    assert "cast:fireball:4,5" in game.legal_actions(state, 0)
    state = play(game, state, "cast:fireball:4,5", 10)
    burned = play(game, state, 1)  # Mara's Reflex save fails
    assert unit(game, burned, "mara").hp < unit(game, state, "mara").hp
    assert not unit(game, burned, "mara").hidden
    dodged = play(game, state, 20)
    assert unit(game, dodged, "mara").hidden


# -- targeting ------------------------------------------------------------------------------------

def test_enemies_cannot_target_a_hidden_character():
    """Ruling (Hiding: targeting): no attack and no targeted spell on a hidden enemy; such a
    decision raises IllegalAction and changes nothing."""
    game, state = hidden_scene(["steve", "jeff"], ["mara"], [(3, 5), (4, 1), (4, 5)], hide=["mara"])
    legal = game.legal_actions(state, 0)
    assert not any(a.endswith(":mara") for a in legal)
    with pytest.raises(IllegalAction):
        game.apply_action(state, 0, "attack:mara")
    seen = with_unit(game, state, "mara", hidden=False)
    assert "attack:mara" in game.legal_actions(seen, 0)
    jeff_turn = play(game, state, "end_turn")
    assert not any(a.endswith(":mara") for a in game.legal_actions(jeff_turn, 0))
    assert "cast:magic_missile:mara" in game.legal_actions(play(game, seen, "end_turn"), 0)


def test_a_hidden_character_provokes_no_attack_of_opportunity():
    """Ruling (Hiding: targeting): an attack of opportunity is an attack, so leaving the reach of an
    enemy unseen provokes nothing; seen, the same step provokes (seed: Attacks of Opportunity)."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (3, 4)], hide=["mara"])
    moved = play(game, state, "move:4,6")
    assert unit(game, moved, "mara").hidden and pending(game, moved) == "turn"
    seen = play(game, with_unit(game, state, "mara", hidden=False), "move:4,6")
    assert pending(game, seen) == "reaction"


def test_hidden_character_makes_its_attack_of_opportunity_from_hiding():
    """Ruling (Hiding): an enemy walking up does not find the hidden character; her attack of
    opportunity ends hiding and is a sneak attack (seed: Damage)."""
    game, state = hidden_scene(["steve"], ["mara"], [(4, 9), (4, 5)], hide=["mara"])
    state = play(game, state, "move:4,6")
    assert pending(game, state) == "reaction" and unit(game, state, "mara").hidden
    state = play(game, state, "aoo")
    assert not unit(game, state, "mara").hidden
    state = play(game, state, 18)  # 18 + 2 (two weapons -4, from hiding +2) against AC 20
    assert pending(game, state).endswith("+3d6")


# -- bots and learning agents ----------------------------------------------------------------------

def test_heuristic_rogue_hides_when_it_has_nothing_to_hit():
    """Ruling (Hiding): the heuristic bot's rogue hides after moving when it cannot attack."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (12, 5)])
    state = play(game, state, "move:4,6")
    assert HeuristicBot(seed=1).choose(game, state, 0) == "hide"


def test_rl_encoding_names_hide():
    """The RL action list holds ``hide`` and maps it back."""
    game, state = hidden_scene(["mara"], ["steve"], [(4, 5), (9, 5)])
    enc = encoding_for(game)
    k = enc.action_index("hide")
    assert k in enc.legal_indices(state, 0)
    assert enc.decode(state, 0, k) == "hide"
