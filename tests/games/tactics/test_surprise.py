"""The surprise round and being flat-footed (option surprise_round; rules 19, 69 and 70, from the
d20 SRD's Surprise and Flat-Footed): a flat-footed character makes no attacks of opportunity in a
battle with a surprise round, and the aware side stays flat-footed until its first regular turn."""

from dataclasses import replace

from brawl.core.game import Decision
from brawl.games.tactics.turns import start_turn

from .helpers import pending, play, scene, unit, with_unit


def _surprise(squares, acted=False, **options):
    """Steve (aware, first side) and Jeff (unaware) in the surprise round, Steve on turn, neither
    has had a regular turn yet."""
    game, state = scene(["steve"], ["jeff"], squares, acted=acted, surprise_round="first", **options)
    return game, start_turn(game, replace(state, round=0))


def test_unaware_character_makes_no_attack_of_opportunity_for_a_move():
    """Rule 70 (SRD, Flat-Footed: "A flat-footed character can't make attacks of opportunity"):
    Steve walks from (3,3) to (5,3), into unaware Jeff's reach, and Jeff is not asked."""
    game, state = _surprise([(3, 3), (6, 3)])
    assert game.flat_footed(state, game.index["jeff"])
    after = play(game, state, "move:5,3")
    assert unit(game, after, "steve").pos == (5, 3)
    node = game.node(after)
    assert not (isinstance(node, Decision) and node.kind == "reaction")
    assert "attack of opportunity" not in after.last


def test_unaware_character_makes_no_attack_of_opportunity_for_a_punch():
    """Rule 70 with the unarmed strikes option (SRD: an unarmed strike provokes from its target,
    but a flat-footed target cannot take it): the punch's attack roll comes at once."""
    game, state = _surprise([(5, 3), (6, 3)], unarmed_strikes=True)
    after = play(game, state, "punch:jeff")
    assert pending(game, after) == "d20"
    assert after.stack[-1].__class__.__name__ != "Offer"


def test_once_no_longer_flat_footed_the_attack_of_opportunity_is_offered():
    """Seed (Attacks of Opportunity): the same move provokes once Jeff has had a regular turn."""
    game, state = _surprise([(3, 3), (6, 3)])
    state = with_unit(game, state, "jeff", acted=True)
    node = game.node(play(game, state, "move:5,3"))
    assert isinstance(node, Decision) and node.kind == "reaction" and node.seats == (1,)


def test_without_a_surprise_round_flat_footed_characters_still_make_them():
    """Rule 19 (ruling): with no surprise round, flat-footed before one's first turn costs only the
    Dex bonus to AC; the attack of opportunity is still offered."""
    game, state = scene(["steve"], ["jeff"], [(3, 3), (6, 3)], acted=False)
    assert game.flat_footed(state, game.index["jeff"])
    node = game.node(play(game, state, "move:5,3"))
    assert isinstance(node, Decision) and node.kind == "reaction"


def test_aware_character_stays_flat_footed_until_its_first_regular_turn():
    """Rule 70 (SRD, Flat-Footed: "before your first regular turn in the initiative order"): Steve
    acts in the surprise round and is still flat-footed after it; his turn in round 1 ends that."""
    game, state = _surprise([(3, 3), (10, 3)])
    steve = game.index["steve"]
    after = play(game, state, "move:4,3")
    assert after.round == 0 and not unit(game, after, "steve").acted
    assert game.flat_footed(after, steve)
    round1 = replace(after, round=1, order=(0, 1), pos=0)
    assert not game.flat_footed(start_turn(game, round1), steve)
