"""Tactics readings and options: two weapons and prone damage as the seed words them (with the
older readings as options), and the d20 System Reference Document's cover, shooting into melee,
unarmed strikes, iterative attacks and surprise round (options, off by default)."""


import pytest

from brawl.core.game import Chance
from brawl.games import make_game
from brawl.games.tactics import cover as C
from brawl.games.tactics.data import attacks_per_full_attack
from brawl.games.tactics.grid import Map
from brawl.games.tactics.options import TacticsOptions

from .helpers import OPEN, pending, play, scene, unit, with_unit

ARCHER = ("Ila", "fighter", {"main": "longbow", "two_handed": True, "armor": "leather", "sheath": "sword"})
PILLAR = Map("pillar", "one pillar", 16, 12, frozenset({(6, 4)}),
             (tuple((0, y) for y in range(8)), tuple((15, y) for y in range(8))))


# -- prone damage (seed: Conditions) --------------------------------------------------------------

def test_prone_damage_penalty_applies_to_shots_and_throws():
    """Seed (Conditions): "-5 is applied to their AC, melee attack bonus, and damage": a prone
    archer's arrow and a prone thrower's dagger do 5 less (weapon damage is at least 1); the
    ranged attack bonus is untouched (the seed names the melee attack bonus only)."""
    game, state = scene([ARCHER, "nim"], ["steve"], [(2, 2), (2, 6), (8, 2)])
    standing = game.attack_profile(state, 0, 2, "shoot")
    state = with_unit(game, with_unit(game, state, "ila", prone=True), "nim", prone=True)
    prone = game.attack_profile(state, 0, 2, "shoot")
    assert standing.dice == "1d8" and prone.dice == "1d8-5" and prone.min_one
    assert prone.bonus == standing.bonus and ("prone", -5) in prone.damage_notes
    thrown = game.attack_profile(state, 1, 2, "throw")
    assert thrown.dice == f"1d4{game.sheets[1].mod('str') - 5:+d}" and ("prone", -5) in thrown.damage_notes
    # the shot is resolved with it: 1 on the d8 (total -4) still does the minimum 1
    assert game.node(play(game, state, "shoot:steve", 15)).event.name == "1d8-5"
    state = play(game, state, "shoot:steve", 15, -4)
    assert unit(game, state, "steve").hp == 39 - 1


def test_prone_spells_deal_their_own_damage():
    """Ruling (seed: Damage speaks of weapons): the prone penalty is to weapon damage; a prone
    wizard's scorching ray does its 4d6."""
    game, state = scene(["jeff"], ["steve"], [(2, 2), (5, 2)])
    state = with_unit(game, state, "jeff", prone=True)
    assert game.attack_profile(state, 0, 1, "ray", "scorching_ray").dice == "4d6"


def test_option_prone_damage_melee_is_the_older_reading():
    """Option prone_damage=melee: only melee damage takes the prone -5; the arrow does full damage."""
    game, state = scene([ARCHER], ["steve"], [(2, 2), (8, 2)], prone_damage="melee")
    state = with_unit(game, state, "ila", prone=True)
    assert game.attack_profile(state, 0, 1, "shoot").dice == "1d8"
    game, state = scene(["steve"], ["jeff"], [(2, 2), (3, 2)], prone_damage="melee")
    state = with_unit(game, state, "steve", prone=True)
    assert game.attack_profile(state, 0, 1, "main").dice == "1d8-2"  # Str +3, prone -5


# -- cover (SRD) ----------------------------------------------------------------------------------

def test_cover_corner_rule_geometry():
    """SRD (Cover): the attacker picks a corner of its square; a line from it to a corner of the
    target's square through a wall gives cover.  A wall's end beside the target gives cover; a
    single wall that some corner sees past does not; lines along an edge do not count."""
    walls = frozenset({(6, 4)})
    assert C.ranged_cover(walls, frozenset(), (2, 2), (6, 5)) == C.WALL_COVER
    assert C.ranged_cover(walls, frozenset(), (2, 2), (6, 3)) is None
    assert C.ranged_cover(frozenset({(4, 1)}), frozenset(), (2, 2), (6, 2)) is None  # only along an edge
    # soft cover: a creature on the line, against ranged attacks only
    assert C.ranged_cover(frozenset(), frozenset({(4, 2)}), (2, 2), (6, 2)) == C.SOFT_COVER
    assert C.ranged_cover(frozenset(), frozenset({(4, 0)}), (2, 2), (6, 2)) is None
    # melee: around a wall's corner
    assert C.melee_cover(frozenset({(3, 2)}), (2, 2), (3, 3))
    assert not C.melee_cover(frozenset({(3, 2)}), (2, 2), (2, 3))
    # a burst's point of origin is the centre of its square
    assert C.burst_cover(frozenset({(4, 5)}), (4, 3), (5, 5))
    assert not C.burst_cover(frozenset({(4, 5)}), (4, 3), (6, 3))
    assert not C.burst_cover(walls, (6, 5), (6, 5))


def test_cover_adds_four_to_ac_only_with_the_option():
    """SRD (Cover): +4 AC; option cover, off by default (the seed has no cover)."""
    game, state = scene([ARCHER], ["jeff"], [(2, 2), (6, 5)], PILLAR)
    assert "cover" not in dict(game.attack_profile(state, 0, 1, "shoot").ac_notes)
    game, state = scene([ARCHER], ["jeff"], [(2, 2), (6, 5)], PILLAR, cover=True)
    plain = game.attack_profile(state, 0, 1, "shoot")
    assert ("cover", 4) in plain.ac_notes
    moved = with_unit(game, state, "jeff", x=6, y=8)  # out from behind the pillar's end
    assert game.attack_profile(state, 0, 1, "shoot").ac == game.attack_profile(moved, 0, 1, "shoot").ac + 4


def test_soft_cover_from_a_creature_in_the_way_against_ranged_attacks_only():
    """SRD (Soft Cover): creatures, even enemies, give +4 AC against ranged attacks; not in melee;
    a character lying on the ground does not (ruling)."""
    game, state = scene([ARCHER, "steve"], ["jeff", "brok"], [(2, 2), (4, 3), (8, 2), (5, 2)], cover=True)
    assert ("soft cover", 4) in game.attack_profile(state, 0, 2, "shoot").ac_notes
    down = with_unit(game, state, "brok", prone=True)
    assert "soft cover" not in dict(game.attack_profile(down, 0, 2, "shoot").ac_notes)
    assert "soft cover" not in dict(game.attack_profile(state, 1, 3, "main").ac_notes)


def test_cover_gives_plus_two_reflex_against_a_fireball_beyond_a_wall():
    """SRD (Cover): +2 on Reflex saves against an effect from beyond the cover."""
    game, state = scene(["jeff"], ["steve"], [(0, 3), (5, 5)], Map("w", "w", 16, 12, frozenset({(4, 5)}), OPEN.starts),
                        cover=True)
    state = play(game, state, "cast:fireball:4,3", 10)
    # DC 15: Steve's Reflex +3, +2 with cover: a 10 saves (15), a 9 does not (14)
    assert "cover +2" in play(game, state, 10).last and unit(game, play(game, state, 10), "steve").hp == 39
    assert unit(game, play(game, state, 9), "steve").hp == 39 - 10


# -- shooting into melee (SRD) --------------------------------------------------------------------

def test_shooting_into_melee_is_minus_four_with_the_option():
    """SRD: -4 on a ranged attack at a target engaged in melee with a friend (nobody has Precise
    Shot); rays count as ranged attacks; magic missile makes no attack roll."""
    side = [ARCHER, "steve", "jeff"]
    squares = [(2, 2), (8, 3), (2, 4), (8, 2)]
    game, state = scene(side, ["mara"], squares)
    assert "shooting into melee" not in dict(game.attack_profile(state, 0, 3, "shoot").notes)
    game, state = scene(side, ["mara"], squares, shooting_into_melee=True)
    assert ("shooting into melee", -4) in game.attack_profile(state, 0, 3, "shoot").notes
    assert ("shooting into melee", -4) in game.attack_profile(state, 2, 3, "ray", "scorching_ray").notes
    away = with_unit(game, state, "steve", x=12, y=9)
    assert "shooting into melee" not in dict(game.attack_profile(away, 0, 3, "shoot").notes)


# -- unarmed strikes (SRD) ------------------------------------------------------------------------

def test_unarmed_strike_only_with_the_option_and_provokes_from_its_target():
    """SRD (Unarmed Strike): 1d3 + Str nonlethal; it provokes an attack of opportunity from the
    character struck (no Improved Unarmed Strike in this game), not from others near by."""
    squares = [(5, 5), (6, 5), (4, 5)]
    game, state = scene(["steve"], ["jeff", "nim"], squares)
    assert "punch:jeff" not in game.legal_actions(state, 0)
    game, state = scene(["steve"], ["jeff", "nim"], squares, unarmed_strikes=True)
    assert "punch:jeff" in game.legal_actions(state, 0)
    p = game.attack_profile(state, 0, 1, "unarmed")
    assert p.dice == "1d3+3" and p.nonlethal
    state = play(game, state, "punch:jeff")
    assert game.node(state).seats == (1,) and state.stack[-1].actor == game.index["jeff"]
    state = play(game, state, "pass")
    assert pending(game, state) == "d20"  # Nim, next to Steve too, is not asked
    state = play(game, state, 15, 6)
    jeff = unit(game, state, "jeff")
    assert jeff.hp == 21 and jeff.nonlethal == 6 and "nonlethal" in state.last


def test_nonlethal_damage_staggers_then_knocks_out_and_healing_cures_it():
    """SRD (Nonlethal Damage): as much nonlethal damage as hit points staggers (one action a turn);
    more knocks the character out (prone, no actions, no bleeding); healing cures as much."""
    game, state = scene(["steve", "ada"], ["jeff"], [(5, 5), (5, 7), (6, 5)], unarmed_strikes=True)
    staggered = with_unit(game, state, "jeff", hp=6, nonlethal=6)
    assert unit(game, staggered, "jeff").staggered and unit(game, staggered, "jeff").conscious
    out = with_unit(game, state, "jeff", hp=6, nonlethal=5)
    out = play(game, out, "punch:jeff", "pass", 15, 4)  # 1 + 3 = 4 more: 9 > 6
    jeff = unit(game, out, "jeff")
    assert jeff.knocked_out and jeff.prone and not jeff.conscious and out.over  # Jeff's side has no one up
    cured = game._heal(out, game.index["jeff"], 5, "cure light wounds")
    assert unit(game, cured, "jeff").nonlethal == 4 and unit(game, cured, "jeff").conscious


def test_a_staggered_character_takes_one_action():
    """SRD (Staggered): a move or a standard action, not both."""
    game, state = scene(["steve"], ["jeff"], [(5, 5), (10, 5)], unarmed_strikes=True)
    state = with_unit(game, state, "steve", hp=10, nonlethal=10)
    assert not any(a.startswith("fullattack") for a in game.legal_actions(state, 0))
    state = play(game, state, "move:7,5")
    assert state.actor == 1  # the move ended Steve's turn
    game, state = scene(["steve"], ["jeff"], [(5, 5), (6, 5)], unarmed_strikes=True)
    hit = play(game, with_unit(game, state, "steve", hp=10, nonlethal=10), "attack:jeff", 1)
    assert hit.actor == 1  # the attack ended it: no move afterwards
    assert play(game, state, "attack:jeff", 1).actor == 0  # unhurt, Steve may still move


# -- iterative attacks (SRD) ----------------------------------------------------------------------

@pytest.mark.parametrize("bab,count", [(5, 1), (6, 2), (10, 2), (11, 3), (15, 3), (16, 4), (20, 4)])
def test_attacks_per_full_attack(bab, count):
    """SRD: a second attack at base attack +6, a third at +11, a fourth at +16."""
    assert attacks_per_full_attack(bab) == count


def test_full_attack_with_iterative_attacks():
    """SRD (Full Attack): every attack the base attack gives, each at -5 more, as the whole turn;
    only with the option and not after moving."""
    squares = [(5, 5), (6, 5)]
    game, state = scene(["steve"], ["brok"], squares, level=11)
    assert not any(a.startswith("fullattack") for a in game.legal_actions(state, 0))
    game, state = scene(["steve"], ["brok"], squares, level=11, iterative_attacks=True)
    assert "fullattack:brok" in game.legal_actions(state, 0)
    full = play(game, state, "fullattack:brok")
    attacks = [s for s in reversed(full.stack) if s.kind == "attack"]  # rule 68: a choice to move comes between
    bonuses = [game._profile_of(full, s).bonus for s in attacks]
    assert bonuses == [14, 9, 4]  # base +11, Str +3: +14/+9/+4
    assert game.node(full).event.label == "Steve's attack roll against Brok"
    assert game.node(play(game, full, 1, "fullattack:brok")).event.label == "Steve's second attack roll against Brok"
    full = play(game, full, 1, "fullattack:brok", 1, 1)  # three misses; the turn is over
    assert full.actor == 1
    moved = play(game, with_unit(game, state, "steve", x=3, y=5), "move:5,5")
    assert "fullattack:brok" not in game.legal_actions(moved, 0)


def test_full_attack_with_two_weapons_adds_one_off_hand_attack():
    """SRD (Two-Weapon Fighting, without the feats): the main hand's iterative attacks and one
    off-hand attack, all with the two-weapon penalties (seed: Attack Bonus)."""
    game, state = scene(["mara"], ["brok"], [(5, 5), (6, 5)], level=8, iterative_attacks=True)
    full = play(game, state, "fullattack:brok")
    attacks = [s for s in reversed(full.stack) if s.kind == "attack"]
    kinds = [(s.attack, s.iterative) for s in attacks]
    assert kinds == [("main_tw", 0), ("main_tw", 1), ("off_tw", 0)]
    bare = game.sheets[0].bab + game.sheets[0].mod("str")
    assert [game._profile_of(full, s).bonus for s in attacks] == [bare - 4, bare - 9, bare - 8]


# -- surprise round (SRD) -------------------------------------------------------------------------

def test_surprise_round_only_the_aware_side_acts_once():
    """SRD (Surprise): only the aware side rolls initiative and acts in the surprise round, one
    standard or one move action each; its enemies are flat-footed; then normal rounds follow."""
    game = make_game("tactics", party1="duo", party2="duo", surprise_round="second", flat_footed=False)
    state = game.initial_state()
    assert state.round == 0
    rollers = []
    while isinstance(game.node(state), Chance):
        node = game.node(state)
        rollers.append(node.event.label)
        state = game.apply_chance(state, node.event.outcomes[-1] if node.event.name == "d20" else 1)
    assert rollers and all(label.endswith("initiative") for label in rollers if "tie" not in label)
    assert len([r for r in rollers if "tie" not in r]) == 2
    actor = state.actor
    assert game.sides[actor] == 1
    assert all(game.flat_footed(state, j) for j in range(4) if game.sides[j] == 0)
    assert not any(game.flat_footed(state, j) for j in range(4) if game.sides[j] == 1)
    x, y = state.units[actor].pos
    state = play(game, state, f"move:{x - 1},{y}")
    assert state.actor != actor or state.pos < 0  # one action: the move ended the turn
    while state.round == 0:
        node = game.node(state)
        if isinstance(node, Chance):
            state = game.apply_chance(state, node.event.outcomes[0])
        else:
            state = play(game, state, "end_turn")
    assert state.round == 1


def test_no_surprise_by_default():
    """Option surprise_round is off by default: the battle opens with round 1 for everyone."""
    game = make_game("tactics")
    assert game.initial_state().round == 1 and game.aware_side() is None


# -- options' titles ------------------------------------------------------------------------------

def test_every_option_has_a_readable_title_and_description():
    """Issue (lobby): each option shows a title and a description in words, no field names."""
    for name, field in TacticsOptions.model_fields.items():
        assert field.title and field.description, name
        assert "_" not in field.title and not any(ch.isdigit() for ch in field.title), field.title
        assert field.title[0].isupper()
    defaults = TacticsOptions()
    assert (defaults.two_weapon_penalty, defaults.prone_damage) == ("wielding", "all")
    assert not (defaults.cover or defaults.shooting_into_melee or defaults.unarmed_strikes
                or defaults.iterative_attacks) and defaults.surprise_round == "none"


def test_learning_encoding_names_full_attacks_and_punches():
    """The encoding for learning agents offers the options' decisions (full attack, punch) by the
    observer's names and maps them back."""
    from brawl.rl import encoding_for
    game, state = scene(["steve"], ["brok"], [(5, 5), (6, 5)], level=11, iterative_attacks=True,
                        unarmed_strikes=True)
    enc = encoding_for(game)
    names = {enc.decode(state, 0, k) for k in enc.legal_indices(state, 0)}
    assert {"fullattack:brok", "punch:brok"} <= names and names == set(game.legal_actions(state, 0))


def test_a_cleric_cures_a_knocked_out_friend():
    """SRD (Nonlethal Damage): healing cures nonlethal damage, so a cure spell may wake a friend
    knocked out at full hit points; the heuristic bot does so."""
    from brawl.games.tactics.bots import HeuristicBot
    game, state = scene(["ada", "steve"], ["jeff"], [(5, 5), (5, 6), (12, 10)], unarmed_strikes=True)
    state = with_unit(game, state, "steve", nonlethal=45, prone=True)
    assert unit(game, state, "steve").knocked_out
    assert "cast:cure_light:steve" in game.legal_actions(state, 0)
    assert HeuristicBot(0).choose(game, state, 0).startswith("cast:cure_")
    woken = play(game, state, "cast:cure_serious:steve", 20)
    assert unit(game, woken, "steve").conscious and unit(game, woken, "steve").nonlethal == 25
