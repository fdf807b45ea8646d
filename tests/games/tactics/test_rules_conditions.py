"""Tactics rules, each test citing the seed section (the Tactics rule text) or the ruling on the rules page: conditions, bad input, the end and records."""


import pytest

from brawl.core.game import IllegalAction, Terminal
from brawl.games import make_game

from .helpers import pending, play, scene, unit, with_unit


# -- conditions ---------------------------------------------------------------------------------

def test_damage_to_zero_incapacitates_and_minus_ten_kills():
    """Seed (Conditions): 0 to -9 incapacitated (and prone); -10 or fewer dead."""
    game, state = scene(["steve", "mara"], ["jeff", "nim"], [(5, 2), (0, 0), (6, 2), (15, 11)])
    state = with_unit(game, state, "jeff", hp=8)
    down = play(game, state, "attack:jeff", 15, 8)
    assert unit(game, down, "jeff").hp == 0 and unit(game, down, "jeff").prone and not unit(game, down, "jeff").dead
    dead = play(game, state, "attack:jeff", 20, 18)
    assert unit(game, dead, "jeff").dead


def test_bleeding_d10_each_turn():
    """Seed (Conditions): unless stabilized, roll d10 each turn: a 10 stabilizes, else 1 damage."""
    game, state = scene(["steve", "mara"], ["jeff"], [(0, 0), (0, 2), (15, 11)], order=(2, 0, 1))
    state = with_unit(game, state, "steve", hp=-3, prone=True)
    state = play(game, state, "end_turn")  # Jeff ends; Steve's turn begins with the d10
    assert game.node(state).event.label == "Steve's bleeding"
    worse = play(game, state, 4)
    assert unit(game, worse, "steve").hp == -4 and worse.actor == 1
    better = play(game, state, 10)
    assert unit(game, better, "steve").stable and unit(game, better, "steve").hp == -3


def test_stabilized_gains_a_hit_point_each_turn():
    """Seed (Conditions): stabilized characters gain 1 HP each turn; at 1 they are conscious."""
    game, state = scene(["steve", "mara"], ["jeff"], [(0, 0), (0, 2), (15, 11)], order=(2, 0, 1))
    state = with_unit(game, state, "steve", hp=-1, prone=True, stable=True)
    state = play(game, state, "end_turn")
    assert unit(game, state, "steve").hp == 0 and state.actor == 1
    state = with_unit(game, state, "steve", hp=0)
    game2, s2 = scene(["steve", "mara"], ["jeff"], [(0, 0), (0, 2), (15, 11)], order=(2, 0, 1))
    s2 = play(game2, with_unit(game2, s2, "steve", hp=0, prone=True, stable=True), "end_turn")
    assert unit(game2, s2, "steve").conscious and s2.actor == 0 and pending(game2, s2) == "turn"


def test_stabilized_stays_stabilized_when_damaged():
    """Seed (Conditions): a stabilized character that receives damage does not become re-incapacitated."""
    game, state = scene(["jeff"], ["steve", "nim"], [(5, 2), (6, 2), (15, 11)])
    state = with_unit(game, state, "steve", hp=-2, prone=True, stable=True)
    state = play(game, state, "attack:steve", 15, 3)
    s = unit(game, state, "steve")
    assert s.stable and s.hp == -5


def test_heal_check_dc_15_stabilizes():
    """Seed (Conditions): a conscious character's Heal check against DC 15 stabilizes another."""
    game, state = scene(["ada", "steve"], ["jeff"], [(5, 2), (5, 3), (15, 11)])
    state = with_unit(game, state, "steve", hp=-2, prone=True)
    assert game.sheets[0].skill("heal") == 11
    assert unit(game, play(game, state, "heal:steve", 4), "steve").stable  # 4 + 11 = 15
    assert not unit(game, play(game, state, "heal:steve", 3), "steve").stable


def test_healing_stabilizes_and_restores():
    """Seed (Conditions): any healing stabilizes; cure light wounds 1d8+1 (Appendix B)."""
    game, state = scene(["ada", "steve"], ["jeff"], [(5, 2), (5, 3), (15, 11)])
    state = with_unit(game, state, "steve", hp=-5, prone=True)
    state = play(game, state, "cast:cure_light:steve")
    assert pending(game, state) == "1d8+1"
    low = play(game, state, 3)
    assert unit(game, low, "steve").hp == -2 and unit(game, low, "steve").stable
    up = play(game, state, 9)
    assert unit(game, up, "steve").conscious and unit(game, up, "steve").prone


def test_prone_penalties():
    """Seed (Conditions): prone: -5 to AC, melee attack bonus and damage."""
    game, state = scene(["steve"], ["jeff"], [(5, 2), (6, 2)])
    normal = game.attack_profile(state, 0, 1, "main")
    target_down = game.attack_profile(with_unit(game, state, "jeff", prone=True), 0, 1, "main")
    assert target_down.ac == normal.ac - 5
    me_down = game.attack_profile(with_unit(game, state, "steve", prone=True), 0, 1, "main")
    assert me_down.bonus == normal.bonus - 5 and me_down.dice == "1d8-2"


def test_trip():
    """Seed (trip example): a touch attack, then the target saves with the better of its Str and Dex
    saves against 10 + the tripper's Str, or falls prone."""
    game, state = scene(["jeff"], ["steve"], [(5, 2), (6, 2)])
    state = play(game, state, "trip:steve", "pass", 15)
    assert game.node(state).event.label == "Steve's save against the trip"
    assert unit(game, play(game, state, 5), "steve").prone  # 5 + 3 = 8 < 9
    assert not unit(game, play(game, state, 6), "steve").prone  # 9
    game, fresh = scene(["jeff"], ["steve"], [(5, 2), (6, 2)])
    assert "trip:steve" in game.legal_actions(fresh, 0)
    assert "trip:steve" not in game.legal_actions(with_unit(game, fresh, "steve", prone=True), 0)


def test_inflict_will_half():
    """Seed (Appendix B): inflict spells have a Will save for half damage."""
    game, state = scene(["ada"], ["jeff"], [(5, 2), (6, 2)])
    state = play(game, state, "cast:inflict_light:jeff", "pass", 15, 7)
    assert game.node(state).event.label == "Jeff's Will save against inflict light wounds"
    assert unit(game, play(game, state, 19), "jeff").hp == 21 - 3  # saved: half of 7
    assert unit(game, play(game, state, 1), "jeff").hp == 21 - 7


def test_blur_gives_a_twenty_percent_miss_chance():
    """Seed (Appendix B): blur, 20% miss."""
    game, state = scene(["steve"], ["jeff"], [(5, 2), (6, 2)])
    state = play(game, with_unit(game, state, "jeff", blur=True), "attack:jeff", 15)
    node = game.node(state)
    assert node.event.name == "concealment" and node.event.probability("miss") == pytest.approx(0.2)
    assert not game.apply_chance(state, "miss").stack


def test_fireball_area_and_reflex_for_none():
    """Seed (Appendix B, Difficulty Check): 3d6 in a 10-ft radius, a Reflex save for no damage;
    ruling: the incapacitated get no save."""
    game, state = scene(["jeff"], ["steve", "mara", "nim"], [(0, 5), (8, 5), (10, 5), (9, 6)])
    state = with_unit(game, state, "nim", hp=-1, prone=True)
    state = play(game, state, "cast:fireball:8,5", 12)  # steve (8,5) and mara (10,5) save; nim burns
    assert game.node(state).event.label == "Steve's Reflex save against the fireball"
    state = play(game, state, 20, 1)
    assert unit(game, state, "steve").hp == 39 and unit(game, state, "mara").hp == 32 - 12
    assert unit(game, state, "nim").hp == -13 and unit(game, state, "nim").dead


# -- bad input, the end, records ---------------------------------------------------------------

def test_illegal_decisions_change_nothing():
    """Core: bad input gets a clear error and changes nothing."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (6, 2)])
    before = game.dumps(state)
    for seat, action in [(0, "attack:jeff"), (0, "attack:nobody"), (1, "end_turn"), (0, "move:99,2"),
                         (0, "cast:fireball:6,2"), (0, "move:6,2")]:
        with pytest.raises(IllegalAction):
            game.apply_action(state, seat, action)
    assert game.dumps(state) == before


def test_battle_ends_when_a_side_has_no_one_conscious():
    """Ruling (the end): a side wins when no character of the other side is conscious."""
    game, state = scene(["steve"], ["jeff"], [(5, 2), (6, 2)])
    state = play(game, with_unit(game, state, "jeff", hp=2), "attack:jeff", 15, 4)
    assert isinstance(game.node(state), Terminal) and game.winners(state) == (0,)


def test_round_limit_is_a_draw():
    """Ruling (option max_rounds): a battle still going after that many rounds is a draw."""
    game = make_game("tactics", party1="steve", party2="jeff", max_rounds=1)
    state = play(game, game.initial_state(), 15, 2, "end_turn", "end_turn")
    assert isinstance(game.node(state), Terminal) and game.winners(state) == ()


def test_state_json_round_trip_mid_resolution():
    """Core: states are JSON; a state with pending steps loads back equal."""
    game, state = scene(["jeff"], ["steve"], [(5, 2), (6, 2)])
    state = play(game, state, "cast:magic_missile:steve", "aoo", 15)
    assert state.stack
    assert game.loads(game.dumps(state)) == state


def test_dropped_while_passing_a_fallen_ally_falls_in_a_free_square():
    """Ruling (the grid): a mover dropped by an attack of opportunity inside someone's square falls
    in the last free square of its route."""
    from brawl.games.tactics.grid import parse_map
    corridor = parse_map("c", "corridor", """
##b####
aa.....
#######
""")
    game, state = scene(["jeff", "mara"], ["steve"], [(0, 1), (1, 1), (2, 0)], game_map=corridor)
    state = with_unit(game, state, "mara", hp=-2, prone=True)
    state = with_unit(game, state, "jeff", hp=1)
    assert game.move_routes(state, 0)[(3, 1)].path == ((0, 1), (1, 1), (2, 1), (3, 1))
    state = play(game, state, "move:3,1")
    assert pending(game, state) == "reaction" and unit(game, state, "jeff").pos == (1, 1)
    state = play(game, state, "aoo", 15, 4)
    jeff = unit(game, state, "jeff")
    assert jeff.hp <= 0 and jeff.pos == (0, 1)
