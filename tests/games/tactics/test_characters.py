"""Character creation, class tables and equipment (seed: Class, Statistics, Equipment, Appendix A/B;
rulings from the SRD as written on the rules page)."""

import pytest

from brawl.core.game import OptionsError
from brawl.games import make_game
from brawl.games.tactics.characters import CharacterError, make_character, party, ready_character
from brawl.games.tactics.data import WEAPONS, base_attack, base_save, modifier, weapon_dice


def test_steve_sheet_matches_the_rulings_hint():
    """Rules page, Tactics (the worked examples): a level-5 fighter with Str 16 and Dex 14 gives +8, touch AC 11 and Reflex +3."""
    steve = ready_character("steve")
    assert (steve.cls, steve.level, steve.score("str"), steve.score("dex")) == ("fighter", 5, 16, 14)
    assert steve.bab + steve.mod("str") == 8
    assert 10 + min(steve.mod("dex"), steve.max_dex) == 11
    assert steve.save("ref") == 3
    assert (steve.main, steve.off, steve.armor) == ("sword", "shield", "full_plate")


def test_jeff_sheet():
    """Seed (Class example): Jeff is a wizard with lots of Dex and Int who wields a staff; ranged +5
    (seed's Scorching Ray example) and fireball DC 15 (ruling: 10 + spell level 3 + Int 2)."""
    jeff = ready_character("jeff")
    assert jeff.cls == "wizard" and jeff.main == "staff" and jeff.two_handed
    assert jeff.bab + jeff.mod("dex") == 5
    assert jeff.spell_dc("fireball") == 15
    assert 10 + jeff.mod("str") == 9  # the seed's trip DC


def test_class_tables_follow_the_srd():
    """Ruling (SRD): base attack full / 3/4 / 1/2; good save 2 + level/2, poor level/3."""
    assert [base_attack(c, 8) for c in ("fighter", "rogue", "wizard", "cleric")] == [8, 6, 4, 6]
    assert base_save("fighter", "fort", 10) == 7 and base_save("fighter", "ref", 10) == 3
    assert base_save("cleric", "will", 1) == 2 and base_save("wizard", "fort", 1) == 0
    assert modifier(16) == 3 and modifier(8) == -1 and modifier(11) == 0


def test_hit_points_ruling():
    """Ruling (SRD average): full die at level 1, then die/2 + 1, plus Con each level."""
    steve = ready_character("steve")  # d10, Con 13 (+1)
    assert steve.max_hp == 11 + 4 * 7
    assert ready_character("steve", level=1).max_hp == 11


def test_level_option_changes_sheets_and_spells():
    """Ruling (SRD): spell level n from class level 2n - 1; the level option sets every character."""
    assert "fireball" not in ready_character("jeff", level=4).spells()
    assert ready_character("jeff", level=5).spells()["fireball"] == 1
    assert ready_character("jeff", level=1).spells() == {"resistance": 1, "acid_splash": 2,
                                                         "expeditious_retreat": 1, "magic_missile": 2}
    g1, g9 = make_game("tactics", level=1), make_game("tactics", level=9)
    assert g9.sheets[0].max_hp > g1.sheets[0].max_hp and g9.sheets[0].bab == 9


def test_cleric_spells_are_the_seeds():
    """Seed (Appendix B): 2 cure and 1 inflict of light and moderate, 1 of each serious."""
    ada = ready_character("ada")
    assert ada.spells() == {"cure_light": 2, "cure_moderate": 2, "cure_serious": 1,
                            "inflict_light": 1, "inflict_moderate": 1, "inflict_serious": 1}


def test_proficiencies_are_enforced():
    """Seed (Appendix A): classes may only use the equipment marked for them; bad sheets are refused."""
    with pytest.raises(CharacterError, match="wizard cannot wear full plate"):
        make_character("W", "wizard", armor="full_plate")
    with pytest.raises(CharacterError, match="rogue cannot use a shield"):
        make_character("R", "rogue", off="shield")
    with pytest.raises(CharacterError, match="cleric cannot use a sword"):
        make_character("C", "cleric", main="sword")
    with pytest.raises(CharacterError, match="needs both hands"):
        make_character("F", "fighter", main="greatsword", off="shield")
    with pytest.raises(CharacterError, match="unknown class"):
        make_character("X", "bard")
    with pytest.raises(CharacterError, match="level must be 1 to 20"):
        make_character("F", "fighter", level=21)


def test_grip_changes_the_damage_die():
    """Seed (Appendix A): "using a OH weapon TH gives +1 dice size and vice versa"."""
    assert weapon_dice(WEAPONS["hammer"], two_handed=True) == "1d10"
    assert weapon_dice(WEAPONS["staff"], two_handed=False) == "1d4"
    assert weapon_dice(WEAPONS["spear"], two_handed=False) == "1d6"
    assert weapon_dice(WEAPONS["sword"], two_handed=False) == "1d8"


def test_seed_weapon_table():
    """Seed (Appendix A): critical ranges, multipliers and ammunition."""
    assert (WEAPONS["dagger"].crit_lo, WEAPONS["sword"].crit_lo, WEAPONS["greatsword"].crit_lo) == (19, 19, 19)
    assert (WEAPONS["axe"].mult, WEAPONS["hammer"].mult, WEAPONS["longbow"].mult, WEAPONS["club"].mult) == (3, 3, 3, 2)
    assert WEAPONS["shortbow"].ammo == 5 and WEAPONS["sling"].ammo == 8
    assert {k for k, w in WEAPONS.items() if w.thrown} == {"dagger", "spear", "axe"}


def test_ready_parties_and_bad_options():
    """Ruling: ready-made parties as options; unknown values are refused."""
    assert [s.name for s in party("heroes")] == ["Steve", "Jeff", "Mara", "Ada"]
    with pytest.raises(OptionsError):
        make_game("tactics", party1="nobody")
    with pytest.raises(OptionsError):
        make_game("tactics", level=0)
    g = make_game("tactics", party1="heroes", party2="heroes")
    assert g.ids[:4] == ("steve", "jeff", "mara", "ada") and g.ids[4] == "steve2"


def test_custom_parties_from_classes_and_ready_characters():
    """Ruling (options custom1/custom2): character creation with defaults from the command line."""
    g = make_game("tactics", custom1="steve,rogue,cleric=Ida", custom2="fighter,fighter")
    assert [s.name for s in g.sheets] == ["Steve", "Rogue", "Ida", "Fighter", "Fighter-2"]
    assert g.sheets[1].cls == "rogue" and g.sheets[1].off == "dagger" and g.sheets[2].cls == "cleric"
    assert g.seat_name(0) == "Custom (1)"
    for bad in ("bard", "steve,steve", "a,b,c,d,e", "steve=Bob", "wizard=B@d"):
        with pytest.raises(OptionsError):
            make_game("tactics", custom1=bad)
