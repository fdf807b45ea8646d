"""Tactics bots: the heuristic's habits (focus fire, flank, avoid provoking, heal the fallen, take
every attack of opportunity), its edge over random play, and the search bot's determinism."""

import json

from typer.testing import CliRunner

from brawl.bots import make_bot
from brawl.cli import app
from brawl.games.tactics.bots import HeuristicBot, MCTSBot
from brawl.sim.engine import simulate

from .helpers import play, scene, with_unit


def test_heuristic_takes_attacks_of_opportunity():
    game, state = scene(["steve"], ["jeff"], [(2, 2), (6, 2)])
    state = play(game, state, "move:5,2")
    assert HeuristicBot(0).choose(game, state, 1) == "aoo"


def test_heuristic_heals_the_fallen():
    game, state = scene(["ada", "steve"], ["jeff"], [(5, 2), (5, 3), (15, 11)])
    state = with_unit(game, state, "steve", hp=-4, prone=True)
    assert HeuristicBot(0).choose(game, state, 0) == "cast:cure_serious:steve"


def test_heuristic_focuses_the_weakest():
    game, state = scene(["steve"], ["jeff", "nim"], [(5, 5), (6, 5), (4, 5)])
    state = with_unit(game, state, "nim", hp=3)
    assert HeuristicBot(0).choose(game, state, 0) == "attack:nim"


def test_heuristic_flanks_and_avoids_provoking():
    # Steve already fights Jeff from the west; Mara comes round to the east square
    game, state = scene(["mara", "steve"], ["jeff"], [(6, 8), (5, 5), (6, 5)])
    move = HeuristicBot(0).choose(game, state, 0)
    assert move == "move:7,5"
    routes = game.move_routes(state, 0)
    assert routes[(7, 5)].provokes == 0


def test_heuristic_wizard_keeps_out_of_melee():
    game, state = scene(["jeff"], ["steve"], [(5, 5), (6, 5)])
    move = HeuristicBot(0).choose(game, state, 0)
    assert move.startswith("move:")
    x, y = (int(v) for v in move[5:].split(","))
    assert max(abs(x - 6), abs(y - 5)) > 1


def test_heuristic_beats_random_clearly():
    """Issue: heuristic must win clearly against random (small sample here; figures in benchmarks)."""
    a = simulate("tactics", {}, ["heuristic", "random"], 8, seed=3, workers=1)
    b = simulate("tactics", {}, ["random", "heuristic"], 8, seed=4, workers=1)
    assert a.wins[0] >= 7 and a.wins[1] == 0
    assert b.wins[1] >= 7 and b.wins[0] == 0


def test_mcts_is_deterministic_for_a_seed_and_budget():
    game, state = scene(["steve", "mara"], ["jeff", "nim"], [(3, 5), (3, 7), (9, 5), (9, 7)])
    picks = {MCTSBot(seed=7, iterations=12).choose(game, state, 0) for _ in range(2)}
    assert len(picks) == 1
    assert picks.pop() in game.legal_actions(state, 0)


def test_mcts_is_registered_and_plays_legally():
    game, state = scene(["steve"], ["jeff"], [(5, 2), (6, 2)])
    bot = make_bot("tactics", "mcts", seed=1, game=game)
    assert bot.choose(game, state, 0) in game.legal_actions(state, 0)


def test_sim_command_reports_json():
    result = CliRunner().invoke(app, ["sim", "tactics", "--bots", "heuristic,random", "--games", "3",
                                      "--json", "--workers", "1", "--party2", "heroes"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 3 and data["options"]["party2"] == "heroes" and len(data["wins"]) == 2


def test_mcts_weighs_the_heuristic_choice_against_its_alternatives():
    """The search bot's candidates: the heuristic's choice first, then other standard actions, never
    a throw; an offered attack of opportunity is its only candidate."""
    game, state = scene(["steve"], ["jeff", "nim"], [(5, 5), (6, 5), (4, 5)])
    bot = MCTSBot(seed=3, iterations=6)
    cands = bot.candidates(game, state, 0)
    assert cands[0] == HeuristicBot(0).choose(game, state, 0)
    assert set(cands) <= set(game.legal_actions(state, 0)) and len(cands) == len(set(cands)) >= 2
    assert {"attack:jeff", "attack:nim"} <= set(cands)
    assert not any(a.startswith("throw:") for a in cands)
    assert bot.choose(game, state, 0) in cands
    game, state = scene(["steve"], ["jeff"], [(2, 2), (6, 2)])
    state = play(game, state, "move:5,2")
    assert bot.candidates(game, state, 1) == ["aoo"]


def test_mcts_weighs_a_fireball_by_the_foes_it_catches():
    """Seed Appendix B (fireball, 3d6 in a 10 ft burst): a wizard facing two foes side by side has a
    fireball among the search bot's candidates, valued at its mean damage for each foe caught."""
    game, state = scene(["jeff"], ["steve", "brok"], [(2, 5), (9, 5), (9, 6)])
    cands = MCTSBot(seed=2, iterations=4).candidates(game, state, 0)
    assert any(a.startswith("cast:fireball:") for a in cands)


def test_mcts_finishes_a_foe_rather_than_hitting_a_fresh_one():
    """With the last standing foe at 1 hit point beside it, the search bot attacks that foe."""
    game, state = scene(["steve"], ["jeff", "nim"], [(5, 5), (6, 5), (4, 5)])
    state = with_unit(game, state, "jeff", hp=1)
    state = with_unit(game, state, "nim", hp=-5, prone=True)
    assert MCTSBot(seed=1, iterations=8).choose(game, state, 0) == "attack:jeff"


# -- the options' rules in the heuristic's choices ---------------------------------------------------

ARCHER = ("Ila", "fighter", {"main": "longbow", "two_handed": True, "armor": "leather", "sheath": "sword"})


def test_heuristic_prefers_a_target_without_cover():
    """Option cover (SRD, +4 AC): of two equal targets the heuristic shoots the one in the open."""
    from brawl.games.tactics.grid import Map
    from .helpers import OPEN
    pillar = Map("p", "p", 16, 12, frozenset({(6, 4)}), OPEN.starts)
    for cover in (False, True):
        game, state = scene([ARCHER], ["jeff", "vex"], [(2, 2), (6, 5), (6, 0)], pillar, cover=cover)
        state = with_unit(game, with_unit(game, state, "vex", hp=20), "jeff", hp=20)
        choice = HeuristicBot(0).choose(game, state, 0)
        if cover:
            assert choice == "shoot:vex"  # Jeff stands just past the pillar's end
        else:
            assert choice in ("shoot:jeff", "shoot:vex")


def test_heuristic_steps_out_for_a_clear_shot():
    """Option cover (SRD): an archer whose only target stands behind a pillar's end first moves to a
    square with a clear shot, then shoots."""
    from brawl.games.tactics.grid import Map
    from .helpers import OPEN
    pillar = Map("p", "p", 16, 12, frozenset({(6, 4)}), OPEN.starts)
    game, state = scene([ARCHER], ["jeff"], [(2, 2), (6, 5)], pillar, cover=True)
    bot = HeuristicBot(0)
    move = bot.choose(game, state, 0)
    assert move.startswith("move:")
    state = play(game, state, move)
    assert "cover" not in dict(game.attack_profile(state, 0, 1, "shoot").ac_notes)
    assert bot.choose(game, state, 0) == "shoot:jeff"
    game, state = scene([ARCHER], ["jeff"], [(2, 2), (6, 5)], pillar)
    assert bot.choose(game, state, 0) == "shoot:jeff"  # without the option there is nothing to gain


def test_heuristic_avoids_shooting_into_melee_when_it_costs():
    """Option shooting_into_melee (SRD, -4): the heuristic shoots the enemy no friend is fighting."""
    squares = [(2, 2), (9, 3), (8, 2), (8, 8)]
    game, state = scene([ARCHER, "steve"], ["vex", "jeff"], squares, shooting_into_melee=True)
    state = with_unit(game, with_unit(game, state, "vex", hp=20), "jeff", hp=20)
    assert HeuristicBot(0).choose(game, state, 0) == "shoot:jeff"
    game, state = scene([ARCHER, "steve"], ["jeff", "vex"], squares, shooting_into_melee=True)
    state = with_unit(game, with_unit(game, state, "vex", hp=20), "jeff", hp=20)
    assert HeuristicBot(0).choose(game, state, 0) == "shoot:vex"


def test_heuristic_makes_full_attacks_with_iterative_attacks():
    """Option iterative_attacks (SRD): next to its enemy at base attack +11 the heuristic spends the
    turn on a full attack; without the option it attacks once."""
    game, state = scene(["steve"], ["brok"], [(5, 5), (6, 5)], level=11, iterative_attacks=True)
    assert HeuristicBot(0).choose(game, state, 0) == "fullattack:brok"
    game, state = scene(["steve"], ["brok"], [(5, 5), (6, 5)], level=11)
    assert HeuristicBot(0).choose(game, state, 0) == "attack:brok"


def test_heuristic_punches_only_without_a_weapon():
    """Option unarmed_strikes (SRD): a punch is a last resort, for a character with no weapon to swing."""
    game, state = scene(["steve"], ["jeff"], [(5, 5), (6, 5)], unarmed_strikes=True)
    assert HeuristicBot(0).choose(game, state, 0) == "attack:jeff"
    bare = with_unit(game, state, "steve", main="", off="", sheath="")
    assert HeuristicBot(0).choose(game, bare, 0) == "punch:jeff"


def test_options_are_flags_of_play_and_sim():
    """Issue: every option is a flag in the terminal (listed by brawl games); a simulation runs with
    the SRD options on."""
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0
    for flag in ("--cover", "--shooting-into-melee", "--unarmed-strikes", "--iterative-attacks", "--surprise-round",
                 "--two-weapon-penalty", "--prone-damage"):
        assert flag in result.output, flag
    result = CliRunner().invoke(app, ["sim", "tactics", "--bots", "heuristic,random", "--games", "2", "--json",
                                      "--workers", "1", "--iterative-attacks", "--cover", "--shooting-into-melee",
                                      "--unarmed-strikes", "--surprise-round", "second", "--level", "12"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # stdout alone: a line on stderr says the options run on the engine
    assert data["options"]["iterative_attacks"] and data["options"]["surprise_round"] == "second"
    assert data["wins"][0] == 2
