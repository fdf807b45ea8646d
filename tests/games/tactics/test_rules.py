"""Tactics rules, each test citing the seed section (the Tactics rule text) or the ruling on the rules page."""

from brawl.games import make_game
from brawl.games.tactics.rules import d20_result

from .helpers import pending, play, scene, unit, with_unit


# -- initiative and actions ----------------------------------------------------------------------

def test_initiative_is_d20_plus_dex_and_rerolled_each_round():
    """Seed (Initiative): d20 + Dex bonus, highest first; after everyone's turn, roll again."""
    game = make_game("tactics", party1="steve", party2="jeff")
    state = game.initial_state()
    assert pending(game, state) == "d20"
    state = play(game, state, 10, 10)  # Steve 10 + 2 = 12, Jeff 10 + 3 = 13
    assert state.order == (1, 0) and state.actor == 1
    state = play(game, state, "end_turn", "end_turn")
    assert state.round == 2 and pending(game, state) == "d20"
    state = play(game, state, 15, 2)
    assert state.order == (0, 1)


def test_initiative_ties_are_broken_by_a_die():
    """Seed (Initiative): "ties are broken by random chance": a chance event, not seat order."""
    game = make_game("tactics", party1="steve", party2="jeff")
    state = play(game, game.initial_state(), 11, 10)  # both 13
    assert pending(game, state) == "d2"
    assert play(game, state, 2).order == (1, 0)
    assert play(game, state, 1).order == (0, 1)


def test_flat_footed_until_first_turn():
    """Ruling (SRD flat-footed): no Dex to AC before a character's first turn."""
    game = make_game("tactics", party1="steve", party2="jeff")
    state = play(game, game.initial_state(), 15, 2)  # Steve first
    assert state.units[0].acted and not state.units[1].acted
    ac_before, _ = game.armor_class(state, 0, 1, touch=False)
    state = play(game, state, "end_turn")
    assert state.units[1].acted
    assert game.armor_class(state, 0, 1, touch=False)[0] == ac_before + 3


def test_one_move_and_one_standard_action():
    """Seed (Actions): one standard and one move action per turn, in any order."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (9, 2)])
    assert any(a.startswith("move:") for a in game.legal_actions(state, 0))
    state = play(game, state, "move:6,2")
    legal = game.legal_actions(state, 0)
    assert not any(a.startswith("move:") for a in legal) and "draw" in legal
    state = play(game, state, "draw")
    assert state.actor == 1  # both actions used: the turn is over


def test_standard_action_first_then_move():
    """Seed (Actions): "They can be used or not used in any order"."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (3, 2)])
    state = play(game, state, "attack:jeff", 1)  # a natural 1 misses
    legal = game.legal_actions(state, 0)
    assert not any(a.startswith(("attack:", "trip:")) for a in legal)
    assert any(a.startswith("move:") for a in legal)


# -- attack rolls ---------------------------------------------------------------------------------

def test_natural_one_misses_and_natural_twenty_crits():
    """Seed (Armor Class): a 20 is always a critical hit regardless of AC; a 1 is always a miss."""
    assert d20_result(1, 50, 10) == "miss"
    assert d20_result(20, -50, 40) == "crit"
    game, state = scene(["steve"], ["jeff"], [(2, 2), (3, 2)], level=20)
    after = play(game, state, "attack:jeff", 1)
    assert unit(game, after, "jeff") == unit(game, state, "jeff") and not after.stack
    game, state = scene(["jeff"], ["steve"], [(2, 2), (3, 2)])
    assert pending(game, play(game, state, "attack:steve", 20)) == "2d6-2"  # staff 1d6 - 1, twice


def test_critical_range_and_multiplier():
    """Seed (Appendix A, Damage): the sword crits on 19-20 (rolled twice); x3 weapons three times."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (3, 2)])
    assert pending(game, play(game, state, "attack:jeff", 19)) == "2d8+6"
    assert pending(game, play(game, state, "attack:jeff", 18)) == "1d8+3"
    game, state = scene(["tam"], ["jeff"], [(2, 2), (3, 2)])
    assert pending(game, play(game, state, "attack:jeff", 20)) == "3d8+9"
    assert pending(game, play(game, state, "attack:jeff", 19)) == "1d8+3"


def test_hit_is_at_least_ac():
    """Seed (Armor Class): d20 + bonus >= AC hits; by how much does not matter."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (3, 2)])  # +8 against AC 13
    assert pending(game, play(game, state, "attack:jeff", 5)) == "1d8+3"
    assert pending(game, play(game, state, "attack:jeff", 4)) == "turn"


def test_strength_to_damage_by_grip():
    """Seed (Damage): Str main hand, half Str off hand, 1.5 Str two-handed."""
    game, state = scene(["brok", "nim"], ["jeff"], [(2, 2), (2, 4), (3, 3)])
    assert game.attack_profile(state, 0, 2, "main").dice == "2d6+4"  # Str 16: +3 * 1.5
    assert game.attack_profile(state, 1, 2, "off_tw").dice == "1d4+1"  # Str 14: +2 / 2
    assert game.attack_profile(state, 1, 2, "main_tw").dice == "1d4+2"


def test_two_weapon_penalties():
    """Seed (Attack Bonus): "If a character is wielding two weapons, both weapons take a penalty to
    hit.  If the offhand weapon is light, these penalties are reduced but not eliminated."  Ruling
    (SRD numbers): -6 main hand and -10 off hand, -4 and -8 with a light off-hand weapon."""
    game, state = scene(["mara"], ["jeff"], [(2, 2), (3, 2)])
    bare = game.sheets[0].bab + game.sheets[0].mod("str")
    assert game.attack_profile(state, 0, 1, "main_tw").bonus == bare - 4
    assert game.attack_profile(state, 0, 1, "off_tw").bonus == bare - 8
    state = play(game, state, "twoweapon:jeff", 1, 1)  # two attack rolls
    assert not state.stack
    heavy = ("Gus", "fighter", {"main": "sword", "off": "sword"})
    game, state = scene([heavy], ["jeff"], [(2, 2), (3, 2)])
    bare = game.sheets[0].bab + game.sheets[0].mod("str")
    assert game.attack_profile(state, 0, 1, "main_tw").bonus == bare - 6
    assert game.attack_profile(state, 0, 1, "off_tw").bonus == bare - 10


def test_wielding_two_weapons_penalises_every_attack_with_them():
    """Seed (Attack Bonus): "If a character is wielding two weapons, both weapons take a penalty to
    hit": Mara (sword and dagger) takes the main-hand penalty on a single attack, an attack of
    opportunity, a hamstring and a throw too, not on a trip (no weapon)."""
    game, state = scene(["mara"], ["jeff"], [(2, 2), (3, 2)])
    bare = game.sheets[0].bab + game.sheets[0].mod("str")
    for kind in ("main", "aoo", "hamstring"):
        p = game.attack_profile(state, 0, 1, kind)
        assert p.bonus == bare - 4 and ("two weapons (light off-hand)", -4) in p.notes
    assert game.attack_profile(state, 0, 1, "trip").bonus == bare
    state = play(game, state, "attack:jeff")
    assert "two weapons (light off-hand) -4" in play(game, state, 2).last
    # a sword and shield is not two weapons: Steve's +8 stands (the seed's first example)
    game, state = scene(["steve"], ["jeff"], [(2, 2), (3, 2)])
    assert game.attack_profile(state, 0, 1, "main").bonus == 8


def test_option_two_weapon_penalty_both_attacks_is_the_older_reading():
    """Option two_weapon_penalty=both_attacks: only an attack with both weapons in one action takes
    the penalties; a main-hand attack alone keeps its full bonus."""
    game, state = scene(["mara"], ["jeff"], [(2, 2), (3, 2)], two_weapon_penalty="both_attacks")
    bare = game.sheets[0].bab + game.sheets[0].mod("str")
    assert game.attack_profile(state, 0, 1, "main").bonus == bare
    assert game.attack_profile(state, 0, 1, "aoo").bonus == bare
    assert game.attack_profile(state, 0, 1, "main_tw").bonus == bare - 4
    assert game.attack_profile(state, 0, 1, "off_tw").bonus == bare - 8


def test_touch_attack_ignores_armor_and_shield():
    """Seed (Armor Class): touch attacks ignore physical armor (Steve: AC 21, touch AC 11)."""
    game, state = scene(["jeff"], ["steve"], [(2, 2), (5, 2)])
    assert game.attack_profile(state, 0, 1, "ray", "scorching_ray").ac == 11
    assert game.armor_class(state, 0, 1, touch=False)[0] == 21


def test_ranged_attacks_use_dex_and_range_increments():
    """Seed (Attack Bonus): ranged attacks add Dex; ruling (SRD): -2 per increment past the first."""
    game, state = scene(["orla"], ["jeff"], [(0, 2), (11, 2)])  # longbow, 55 ft
    near = game.attack_profile(state, 0, 1, "shoot")
    assert near.notes[1] == ("Dex", 2) and near.bonus == 7
    game2, far = scene(["orla"], ["jeff"], [(0, 2), (0, 2)])
    far = with_unit(game2, far, 1, x=15, y=11)  # 90 ft diagonal-ish, still one increment
    assert game2.attack_profile(far, 0, 1, "shoot").bonus == 7


def test_shooting_spends_ammunition_and_throwing_loses_the_weapon():
    """Seed (Appendix A): 5 arrows; ruling: a thrown weapon is gone."""
    game, state = scene(["orla"], ["jeff"], [(0, 2), (8, 2)])
    assert unit(game, state, "orla").ammo == 5
    after = play(game, state, "shoot:jeff", 1)
    assert unit(game, after, "orla").ammo == 4
    game, state = scene(["tam"], ["jeff"], [(0, 2), (3, 2)])
    state = play(game, state, "draw")  # the spear from the sheath
    assert unit(game, state, "tam").main == "spear"
    game, state = scene(["steve"], ["jeff"], [(0, 2), (3, 2)])
    after = play(game, state, "draw", "end_turn")
    assert unit(game, after, "steve").main == "dagger"
    game, state = scene(["steve"], ["jeff"], [(0, 2), (3, 2)])
    state = with_unit(game, state, "steve", main="dagger", sheath="sword")
    after = play(game, state, "throw:jeff", 1)
    assert unit(game, after, "steve").main == ""


# -- the grid ---------------------------------------------------------------------------------

def _moves(game, state, seat=0):
    return {tuple(int(v) for v in a[5:].split(",")) for a in game.legal_actions(state, seat) if a.startswith("move:")}


def test_speed_and_armor():
    """Seed (Range): 30 ft (six squares); medium or heavier armor 20 ft."""
    game, state = scene(["jeff"], ["steve"], [(0, 5), (15, 11)])
    assert (6, 5) in _moves(game, state) and (7, 5) not in _moves(game, state)
    game, state = scene(["steve"], ["jeff"], [(0, 5), (15, 11)])
    assert (4, 5) in _moves(game, state) and (5, 5) not in _moves(game, state)


def test_diagonals_count_5_10_5():
    """Ruling (rules page, Tactics, the grid): every second diagonal costs 10 ft: 30 ft reach 4 diagonals."""
    game, state = scene(["jeff"], ["steve"], [(0, 0), (15, 11)])
    moves = _moves(game, state)
    assert (4, 4) in moves and (5, 5) not in moves and (5, 4) not in moves  # 35 ft
    assert (5, 3) in moves and (6, 0) in moves  # 5+10+5 diagonally, then two straight: 30 ft


def test_prone_moves_five_feet():
    """Seed (Conditions): a prone character can only move five feet regardless of armor."""
    game, state = scene(["jeff"], ["steve"], [(5, 5), (15, 11)])
    state = with_unit(game, state, "jeff", prone=True)
    assert _moves(game, state) == {(4, 4), (4, 5), (4, 6), (5, 4), (5, 6), (6, 4), (6, 5), (6, 6)}


def test_no_entering_an_enemy_square():
    """Ruling (SRD): allies can be passed, conscious enemies not; nobody ends in an occupied square."""
    game, state = scene(["jeff", "mara"], ["steve"], [(5, 5), (6, 5), (7, 5)])
    moves = _moves(game, state)
    assert (6, 5) not in moves and (7, 5) not in moves


# -- attacks of opportunity --------------------------------------------------------------------

def test_entering_melee_range_of_an_enemy_not_in_combat_provokes():
    """Seed (Attacks of Opportunity): Steve closes on Jeff, who is not in combat: Jeff may attack."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (6, 2)])
    state = play(game, state, "move:5,2")
    assert pending(game, state) == "reaction" and game.node(state).seats == (1,)
    assert unit(game, state, "steve").pos == (5, 2)  # the attack comes once he is in range
    assert game.legal_actions(state, 1) == ["aoo", "pass"]
    assert pending(game, play(game, state, "aoo")) == "d20"
    assert game.node(play(game, state, "pass")).seats == (0,)


def test_no_provocation_when_the_enemy_is_already_in_combat():
    """Seed (Flanking example, fig 2): moving up to z, who is in combat with b, provokes nothing."""
    game, state = scene(["steve", "mara"], ["jeff"], [(2, 2), (6, 3), (6, 2)])
    state = play(game, state, "move:5,2")
    assert pending(game, state) == "turn" and unit(game, state, "steve").pos == (5, 2)


def test_leaving_melee_range_provokes_before_the_step():
    """Seed (AoO example): Jeff retreats from Steve, who is in combat with no one else: Steve attacks."""
    game, state = scene(["jeff"], ["steve"], [(5, 2), (6, 2)])
    state = play(game, state, "move:1,2")
    assert pending(game, state) == "reaction" and game.node(state).seats == (1,)
    assert unit(game, state, "jeff").pos == (5, 2)
    state = play(game, state, "pass")
    assert unit(game, state, "jeff").pos == (1, 2)


def test_leaving_does_not_provoke_an_enemy_in_combat_with_another():
    """Seed (Attacks of Opportunity): only enemies not in combat (with anyone but the mover) attack."""
    game, state = scene(["jeff", "mara"], ["steve"], [(5, 2), (7, 2), (6, 2)])
    state = play(game, state, "move:1,2")
    assert unit(game, state, "jeff").pos == (1, 2) and pending(game, state) == "turn"


def test_casting_in_combat_provokes_and_needs_concentration():
    """Seed (AoO example): Jeff casts next to Steve, the attack lands, Jeff rolls Concentration
    against a DC equal to the damage."""
    game, state = scene(["jeff"], ["steve"], [(5, 2), (6, 2)])
    state = play(game, state, "cast:magic_missile:steve")
    assert unit(game, state, "jeff").casts("magic_missile") == 1  # spent when cast
    assert pending(game, state) == "reaction"
    state = play(game, state, "aoo", 19, 12)  # a critical (2d8+6), 12 damage
    assert unit(game, state, "jeff").hp == 21 - 12
    assert game.node(state).event.label == "Jeff's Concentration"
    lost = play(game, state, 2)  # 2 + 9 = 11 < 12
    assert unit(game, lost, "steve").hp == 39 and "loses the magic missile" in lost.last
    kept = play(game, state, 3)  # 3 + 9 = 12
    assert pending(game, kept) == "2d4+2"


def test_casting_out_of_combat_does_not_provoke():
    """Seed (Attacks of Opportunity): only "while in combat"."""
    game, state = scene(["jeff"], ["steve"], [(2, 2), (6, 2)])
    assert pending(game, play(game, state, "cast:magic_missile:steve")) == "2d4+2"


def test_melee_attack_does_not_provoke_but_hamstring_does():
    """Seed (AoO example): "Steve then tries to Hamstring Jeff, provoking another attack"; a melee
    attack is not one of the provoking actions."""
    game, state = scene(["steve"], ["jeff"], [(5, 2), (6, 2)])
    assert pending(game, play(game, state, "attack:jeff")) == "d20"
    state = play(game, state, "hamstring:jeff")
    assert pending(game, state) == "reaction"
    state = play(game, state, "pass", 15, 5)
    jeff = unit(game, state, "jeff")
    assert jeff.hamstrung and jeff.hp == 16 and game.speed(state, 1) == 15


def test_standing_up_provokes_in_combat():
    """Seed (Attacks of Opportunity): "such as standing up"."""
    game, state = scene(["steve"], ["jeff"], [(5, 2), (6, 2)])
    state = with_unit(game, state, "steve", prone=True)
    state = play(game, state, "stand")
    assert pending(game, state) == "reaction"
    assert not unit(game, play(game, state, "pass"), "steve").prone


def test_heal_check_fails_when_the_provoked_attack_hits():
    """Ruling (seed: "Some actions automatically fail if the provoked attack of opportunity hits")."""
    game, state = scene(["ada", "steve"], ["brok"], [(5, 2), (5, 3), (6, 2)])
    state = with_unit(game, state, "steve", hp=-2, prone=True)
    state = play(game, state, "heal:steve", "aoo", 15, 6)
    assert "spoiled" in state.last and not unit(game, state, "steve").stable


def test_unconscious_defender_makes_no_attack_of_opportunity():
    """Ruling: only a conscious character holding a melee weapon threatens."""
    game, state = scene(["steve"], ["jeff"], [(2, 2), (6, 2)])
    state = with_unit(game, state, "jeff", main="", two_handed=False)
    assert pending(game, play(game, state, "move:5,2")) == "turn"


# -- flanking ---------------------------------------------------------------------------------

def test_flanking_bonus_dex_and_sneak_attack():
    """Seed (Flanking): +2 to hit, the target's Dex bonus negated, sneak attack damage."""
    game, state = scene(["steve", "mara"], ["jeff"], [(5, 2), (7, 2), (6, 2)])
    p = game.attack_profile(state, 1, 2, "main")
    assert ("flanking", 2) in p.notes and p.ac == 10 and p.sneak == 3
    game, state = scene(["steve", "mara"], ["jeff"], [(5, 2), (7, 3), (6, 2)])
    p = game.attack_profile(state, 1, 2, "main")
    assert ("flanking", 2) not in p.notes and p.ac == 13 and p.sneak == 0


def test_seed_flanking_figures():
    """Seed (Flanking, figs 2 and 3): three up does not flank; three up and one right does."""
    game, state = scene(["steve", "mara"], ["jeff"], [(4, 8), (5, 4), (5, 5)])  # b above z
    fig2 = play(game, state, "move:4,6")
    assert unit(game, fig2, "steve").pos == (4, 6) and not game.is_flanked(fig2, 0, 2)
    fig3 = play(game, state, "move:5,6")
    assert pending(game, fig3) == "turn" and game.is_flanked(fig3, 0, 2) and game.is_flanked(fig3, 1, 2)


def test_incapacitated_allies_do_not_flank_and_targets_count_as_flanked():
    """Seed (Conditions): incapacitated characters cannot contribute to flanking and are treated as
    flanked when attacked."""
    game, state = scene(["steve", "mara"], ["jeff"], [(5, 2), (7, 2), (6, 2)])
    down = with_unit(game, state, "steve", hp=0, prone=True)
    assert not game.is_flanked(down, 1, 2)
    down_target = with_unit(game, state, "jeff", hp=-3, prone=True)
    assert game.is_flanked(down_target, 0, 2)
