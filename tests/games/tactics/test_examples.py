"""The seed's four worked examples come out exactly from Steve's and Jeff's sheets (rules page, Tactics)."""

import json
from fractions import Fraction

from typer.testing import CliRunner

from brawl.cli import app
from brawl.games.tactics import odds


def test_example_sword_95():
    """Seed (Damage): Steve swings at Jeff, +8 against AC 10 (Jeff flat-footed): 95%."""
    e = odds.example_sword()
    assert e.probability == Fraction(19, 20) and "+8 against AC 10" in e.detail


def test_example_scorching_ray_75():
    """Seed (Damage): Scorching Ray, ranged touch +5 against touch AC 11: 75%."""
    e = odds.example_scorching_ray()
    assert e.probability == Fraction(3, 4) and "+5 against touch AC 11" in e.detail


def test_example_fireball_55():
    """Seed (Difficulty Check): Reflex +3 against DC 15 fails 55%."""
    e = odds.example_fireball()
    assert e.probability == Fraction(11, 20) and "+3 against DC 15" in e.detail


def test_example_trip_75():
    """Seed (Difficulty Check): trip DC 9 against the better of Str and Dex saves (+3): resisted 75%."""
    e = odds.example_trip()
    assert e.probability == Fraction(3, 4) and "+3 against DC 9" in e.detail


def test_without_flat_footed_jeff_is_harder_to_hit():
    """Ruling (flat-footed): the 95% needs Jeff flat-footed; with his Dex (+3) counted Steve hits 80%."""
    out = odds.attack_odds("steve", "jeff", "attack", target_flat_footed=False)
    assert Fraction(out["hit_chance"]) == Fraction(16, 20) and out["ac"] == 13


def test_closed_forms_agree_with_the_engine():
    """The closed-form chances equal the engine's walk of the d20 for several matchups."""
    for attacker, target, action, feet in [("mara", "steve", "attack", 5), ("brok", "jeff", "attack", 5),
                                           ("orla", "ada", "shoot", 40), ("jeff", "mara", "cast:acid_splash", 15)]:
        out = odds.attack_odds(attacker, target, action, feet)
        game, state = odds.duel(attacker, target, feet)
        kind = {"attack": "main", "shoot": "shoot", "cast:acid_splash": "ray"}[action]
        prof = game.attack_profile(state, 0, 1, kind, "acid_splash" if kind == "ray" else "")
        assert Fraction(out["hit_chance"]) == odds.hit_chance(prof)


def test_cli_prints_the_examples():
    result = CliRunner().invoke(app, ["odds", "tactics", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [e["percent"] for e in data["examples"]] == [95.0, 75.0, 55.0, 75.0]


def test_cli_refuses_bad_input():
    result = CliRunner().invoke(app, ["odds", "tactics", "--attacker", "steve", "--target", "nobody"])
    assert result.exit_code == 2 and "unknown ready character" in result.output


def test_brawl_odds_tactics_dispatch():
    """`brawl odds tactics EXAMPLE` gives one example or any attack."""
    result = CliRunner().invoke(app, ["odds", "tactics", "fireball", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["examples"][0]["probability"] == "11/20"
    result = CliRunner().invoke(app, ["odds", "tactics", "--attacker", "jeff", "--target", "steve",
                                      "--action", "cast:scorching_ray", "--feet", "20", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["hit_chance"] == "3/4"
    result = CliRunner().invoke(app, ["odds", "tactics", "--defense", "3"])
    assert result.exit_code == 2


def _odds(*args):
    result = CliRunner().invoke(app, ["odds", "tactics", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_odds_of_a_main_hand_attack_by_a_character_holding_two_weapons():
    """Seed (Attack Bonus): "If a character is wielding two weapons, both weapons take a penalty to
    hit": Mara (sword and light dagger) swings her sword alone at -4 (base 3, Str 1: +0); the older
    reading, option two_weapon_penalty=both_attacks, leaves it +4."""
    seed = json.loads(_odds("--attacker", "mara", "--target", "jeff", "--json"))
    assert seed["bonus"] == 0 and ["two weapons (light off-hand)", -4] in seed["bonus_parts"]
    older = json.loads(_odds("--attacker", "mara", "--target", "jeff", "--two-weapon-penalty", "both_attacks", "--json"))
    assert older["bonus"] == 4 and Fraction(older["hit_chance"]) - Fraction(seed["hit_chance"]) == Fraction(4, 20)


def test_odds_show_cover_and_shooting_into_melee():
    """Options cover and shooting_into_melee (SRD): the odds name the +4 AC and the -4 to hit, and
    the chance falls by exactly those eight points on the d20."""
    args = ["--attacker", "orla", "--target", "jeff", "--action", "shoot", "--feet", "30"]
    plain = json.loads(_odds(*args, "--json"))
    both = json.loads(_odds(*args, "--cover", "--between", "creature", "--shooting-into-melee", "--ally-engaged",
                            "--json"))
    assert ["soft cover", 4] in both["ac_parts"] and ["shooting into melee", -4] in both["bonus_parts"]
    assert Fraction(plain["hit_chance"]) - Fraction(both["hit_chance"]) == Fraction(8, 20)
    text = _odds(*args, "--cover", "--between", "wall")
    assert "cover +4" in text and "from 30 ft" in text
    assert "cover" not in json.dumps(json.loads(_odds(*args, "--between", "wall", "--json"))["ac_parts"])


def test_odds_of_a_full_attack_and_a_punch():
    """Options iterative_attacks and unarmed_strikes (SRD): every roll of a full attack with its
    own bonus (+14/+9/+4 for Steve at level 11), and a punch's 1d3 + Str nonlethal."""
    full = json.loads(_odds("--attacker", "steve", "--target", "brok", "--action", "fullattack", "--level", "11",
                            "--iterative-attacks", "--json"))
    assert [a["bonus"] for a in full["attacks"]] == [14, 9, 4]
    assert [Fraction(a["hit_chance"]) for a in full["attacks"]] == [
        odds.hit_chance(odds.AttackProfile(b, full["ac"], 19, 2, "", 0, True, False, False, (), ())) for b in (14, 9, 4)]
    punch = json.loads(_odds("--attacker", "steve", "--target", "jeff", "--action", "punch", "--unarmed-strikes", "--json"))
    assert punch["damage"] == "1d3+3" and punch["nonlethal"]
    result = CliRunner().invoke(app, ["odds", "tactics", "--attacker", "steve", "--target", "jeff", "--action", "punch"])
    assert result.exit_code != 0 and "unarmed strikes option" in result.output
