"""The seed's four worked examples come out exactly from Steve's and Jeff's sheets (RULINGS Tactics)."""

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
