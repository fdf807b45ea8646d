"""``brawl odds tactics`` says the shooting-into-melee scene as it applies it (rule 62, option
Shooting into melee; SRD, Shooting or Throwing into a Melee): the JSON's ``ally_engaged`` is true
exactly when the -4 is applied."""

import json

import pytest
from typer.testing import CliRunner

from brawl.cli import app


@pytest.mark.parametrize("feet,engaged", [("10", True), ("20", False)])
def test_friend_in_the_way_next_to_the_target_is_engaged(feet, engaged):
    """Rule 62: at 10 ft the friend in the way stands next to the target, so the target is engaged
    and the shot takes -4; at 20 ft the friend is not next to it, and neither holds."""
    result = CliRunner().invoke(app, ["odds", "tactics", "--attacker", "orla", "--target", "jeff", "--action",
                                      "shoot", "--feet", feet, "--between", "creature", "--shooting-into-melee",
                                      "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    penalised = ["shooting into melee", -4] in data["bonus_parts"]
    assert data["ally_engaged"] is engaged and penalised is engaged
