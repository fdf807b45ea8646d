"""Cover and attacks of opportunity (option Cover; rule 61, from the d20 SRD's Cover: "you can't
execute an attack of opportunity against an opponent with cover relative to you"): a standard
action taken next to an enemy across a wall's corner provokes nothing from that enemy."""

import pytest

from .helpers import pending, play, scene
from .test_options import ARCHER, PILLAR

# Ila at (5,4) and Steve at (6,3) stand diagonally next to each other; the pillar at (6,4) fills
# the corner between them, so each has cover from the other in melee (rule 60)
SQUARES = [(5, 4), (6, 3)]


@pytest.mark.parametrize("cover", [True, False])
def test_shooting_across_a_wall_corner(cover):
    """Rule 61 with the option on: Ila's shot provokes no attack of opportunity from Steve; with
    it off, rule 36 (seed, Attacks of Opportunity) offers one as before."""
    game, state = scene([ARCHER], ["steve"], SQUARES, game_map=PILLAR, cover=cover)
    after = play(game, state, "shoot:steve")
    assert pending(game, after) == ("d20" if cover else "reaction")


def test_punching_across_a_wall_corner():
    """Rule 61 with rule 63: the punch's target cannot strike back first when the punched one has
    cover from it."""
    game, state = scene(["steve"], ["jeff"], SQUARES, game_map=PILLAR, cover=True, unarmed_strikes=True)
    assert pending(game, play(game, state, "punch:jeff")) == "d20"
    game, state = scene(["steve"], ["jeff"], [(5, 3), (6, 3)], game_map=PILLAR, cover=True, unarmed_strikes=True)
    assert pending(game, play(game, state, "punch:jeff")) == "reaction"
