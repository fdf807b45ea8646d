"""Spells, ranges, ammunition and the seed's attack-of-opportunity story, step by step
(seed: Appendix A and B, Attacks of Opportunity; rulings on the rules page)."""

from brawl.games.tactics.grid import MAPS

from .helpers import pending, play, scene, unit, with_unit


def test_the_seeds_attack_of_opportunity_story():
    """Seed (Attacks of Opportunity, example): Steve closes on Jeff (AoO, misses), tries to Hamstring
    (another AoO, misses; the hamstring goes on); Jeff casts (Steve's AoO lands, Concentration
    against the damage), then retreats and provokes again since Steve fights no one else."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (6, 2)], order=(0, 1))
    state = play(game, state, "move:5,2")
    assert game.node(state).seats == (1,)  # Jeff's attack of opportunity
    state = play(game, state, "aoo", 2)  # misses
    state = play(game, state, "hamstring:jeff")
    assert game.node(state).seats == (1,)  # hamstring provokes
    state = play(game, state, "aoo", 3)  # misses again: the hamstring is uninterrupted
    assert pending(game, state) == "d20" and game.node(state).event.label == "Steve's hamstring attack roll against Jeff"
    state = play(game, state, 1)  # Steve's hamstring misses; his turn is over
    assert state.actor == 1
    state = play(game, state, "cast:magic_missile:steve")
    assert game.node(state).seats == (0,)
    state = play(game, state, "aoo", 16, 6)  # lands for 6
    assert game.node(state).event.label == "Jeff's Concentration"
    state = play(game, state, 15)  # 15 + 9 >= 6: the spell goes off
    state = play(game, state, 5)
    assert unit(game, state, "steve").hp == 34
    state = play(game, state, "move:1,2")
    assert game.node(state).seats == (0,) and game.node(state).kind == "reaction"  # "This just isn't Jeff's day."


def test_magic_missile_needs_no_attack_roll():
    """Seed (Appendix B): magic missile, range 100, save no: the damage roll comes at once."""
    game, state = scene(["jeff"], ["steve"], [(0, 2), (15, 11)])
    assert "cast:magic_missile:steve" in game.legal_actions(state, 0)  # 95 ft
    assert pending(game, play(game, state, "cast:magic_missile:steve")) == "2d4+2"


def test_spell_ranges():
    """Seed (Appendix B): acid splash 35 ft, scorching ray 25 ft."""
    game, state = scene(["jeff"], ["steve"], [(0, 2), (7, 2)])  # 35 ft
    legal = game.legal_actions(state, 0)
    assert "cast:acid_splash:steve" in legal and "cast:scorching_ray:steve" not in legal
    game, state = scene(["jeff"], ["steve"], [(0, 2), (5, 2)])  # 25 ft
    assert "cast:scorching_ray:steve" in game.legal_actions(state, 0)


def test_resistance_adds_one_to_saves_for_ten_rounds():
    """Seed (Appendix B): resistance, +1 save; ruling: 10 rounds."""
    game, state = scene(["jeff", "mara"], ["steve"], [(2, 2), (3, 2), (15, 11)])
    before = game.save_bonus(state, 1, "ref")
    state = play(game, state, "cast:resistance:mara")
    assert game.save_bonus(state, 1, "ref") == before + 1
    assert unit(game, state, "mara").resist_until == state.round + 9
    assert game.save_bonus(state.__class__(**{**state.__dict__, "round": state.round + 10}), 1, "ref") == before


def test_expeditious_retreat_adds_ten_feet():
    """Seed (Appendix B): expeditious retreat, +10 ft."""
    game, state = scene(["jeff"], ["steve"], [(0, 5), (15, 11)])
    assert game.speed(state, 0) == 30
    state = play(game, state, "cast:expeditious_retreat")
    assert game.speed(state, 0) == 40 and "cast:expeditious_retreat" not in game.legal_actions(state, 0)
    assert (8, 5) in {tuple(int(v) for v in a[5:].split(",")) for a in game.legal_actions(state, 0) if a.startswith("move:")}


def test_sneak_attack_on_the_flat_footed_and_ranged_within_30_feet():
    """Ruling (SRD): sneak attack against a target denied its Dex bonus; ranged only within 30 ft."""
    game, state = scene(["mara"], ["jeff"], [(2, 2), (3, 2)])
    assert game.attack_profile(state, 0, 1, "main").sneak == 0
    flat = with_unit(game, state, "jeff", acted=False)
    assert game.attack_profile(flat, 0, 1, "main").sneak == 3
    assert pending(game, play(game, flat, "attack:jeff", 19)) == "2d8+2+3d6"  # sneak dice not doubled
    game, state = scene(["mara"], ["jeff"], [(0, 2), (6, 2)])
    state = with_unit(game, state, "mara", main="shortbow", off="", two_handed=True, ammo=5)
    near = with_unit(game, state, "jeff", acted=False)
    assert game.attack_profile(near, 0, 1, "shoot").sneak == 3  # 30 ft
    far = with_unit(game, near, "jeff", x=7)
    assert game.attack_profile(far, 0, 1, "shoot").sneak == 0  # 35 ft


def test_range_increments_and_improvised_throws():
    """Ruling (SRD): -2 per full increment past the first; at most 10 (projectiles) or 5 (thrown);
    an improvised throw is at -4 with 10-ft increments."""
    game, state = scene(["mara"], ["steve"], [(0, 2), (13, 2)])  # 65 ft
    state = with_unit(game, state, "mara", main="shortbow", off="", two_handed=True, ammo=5)
    base = 3 + 3  # base attack + Dex
    assert game.attack_profile(state, 0, 1, "shoot").bonus == base - 2
    game, state = scene(["steve"], ["jeff"], [(0, 2), (3, 2)])  # 15 ft, sword thrown
    assert game.attack_profile(state, 0, 1, "throw").bonus == 5 + 2 - 4 - 2
    dagger = with_unit(game, state, "steve", main="dagger")
    assert game.attack_profile(dagger, 0, 1, "throw").bonus == 5 + 2 - 2
    far = with_unit(game, dagger, "jeff", x=11)  # 55 ft: beyond five 10-ft increments
    assert "throw:jeff" not in game.legal_actions(far, 0)


def test_no_arrows_no_shooting():
    """Seed (Appendix A): 5 arrows; when they are gone the bow cannot shoot."""
    game, state = scene(["orla"], ["jeff"], [(0, 2), (8, 2)])
    assert "shoot:jeff" in game.legal_actions(state, 0)
    assert "shoot:jeff" not in game.legal_actions(with_unit(game, state, "orla", ammo=0), 0)


def test_walls_block_shots():
    """Ruling (SRD line of effect): no shooting or casting through a wall."""
    game, state = scene(["orla"], ["jeff"], [(4, 2), (9, 2)], game_map=MAPS["pillars"])
    legal = game.legal_actions(state, 0)
    assert "shoot:jeff" not in legal and "cast" not in " ".join(legal)
    state = with_unit(game, state, "jeff", y=0)
    assert "shoot:jeff" in game.legal_actions(state, 0)


def test_drawing_a_two_handed_weapon_drops_the_other_hand():
    """Ruling (draw): a weapon needing both hands drops what the other hand holds."""
    game, state = scene(["mara"], ["jeff"], [(0, 2), (9, 2)])
    state = play(game, state, "draw")
    mara = unit(game, state, "mara")
    assert (mara.main, mara.off, mara.two_handed, mara.sheath) == ("shortbow", "", True, "sword")


def test_the_dead_take_no_turns_and_roll_no_initiative():
    """Seed (Conditions): the dead have no effect on the game."""
    game, state = scene(["steve", "mara"], ["jeff"], [(0, 0), (0, 2), (15, 11)], order=(2, 0, 1))
    state = with_unit(game, state, "steve", hp=-12, dead=True)
    state = play(game, state, "end_turn")
    assert state.actor == 1
    state = play(game, state, "end_turn")
    assert pending(game, state) == "d20"
    state = play(game, state, 10, 5)  # only Mara and Jeff roll
    assert set(state.order) == {1, 2}
