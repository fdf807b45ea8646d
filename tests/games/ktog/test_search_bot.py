"""KtOG's free-for-all bot, ``schemer`` (issue 14: a bot for 3 or more players that uses its
spells well): it plays only legal decisions in whole games, the same decisions for the same dice,
the choices its docstring names, and it wins clearly more than its fair share against ``brute``."""

import pytest

from brawl.bots import bot_names, make_bot
from brawl.core.game import Terminal
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import make_game
from brawl.games.ktog import mechanics as M
from brawl.games.ktog.schemer import SchemerBot, knockout_chance
from brawl.sim.engine import game_seed, play_one

from .helpers import on_turn, steps


def play(options, names, seed):
    """A whole game through :class:`Match` (every decision checked by the rules); the record."""
    game = make_game("ktog", options)
    match = Match(game, SeededDice(seed))
    bots = [make_bot("ktog", name, seed=seed + k, game=game) for k, name in enumerate(names)]
    while not match.over:
        seat = match.node().seats[0]
        action = bots[seat].choose(game, match.state, seat)
        assert action in game.legal_actions(match.state, seat), (match.state.phase, action)
        match.decide(seat, action)
    assert isinstance(game.node(match.state), Terminal)
    return match.record


def test_registered():
    """Issue 14: the bot is one of KtOG's bots, made by name."""
    assert "schemer" in bot_names("ktog")
    assert isinstance(make_bot("ktog", "schemer", seed=3), SchemerBot)


SETUPS = [
    ({"players": 2}, ["schemer", "heuristic"]),
    ({"players": 2, "hp": 6, "stand_at_zero": True, "fumble_flying": True, "cure_touch_roll": True},
     ["random", "schemer"]),
    ({"players": 2, "classes": True, "initiative": "every_round", "initiative_die": "d10"}, ["schemer", "schemer"]),
    ({"players": 4}, ["schemer", "brute", "random", "heuristic"]),
    ({"players": 4, "classes": True, "stand_at_zero": True, "cure_cap": False}, ["random", "schemer", "schemer", "brute"]),
    ({"players": 5, "hp": 10, "fumble_flying": True, "cure_touch_roll": True, "to_hit": 8}, ["schemer"] * 5),
]


@pytest.mark.parametrize("options,names", SETUPS)
def test_plays_only_legal_decisions_in_whole_games(options, names):
    """Rules page, KtOG (Turn, After a hit, Disarmed, classes; seed Spells 1 and More rules): in whole
    games of 2 to 5 players with the options on, every decision the engine asks of the bot (class,
    openings, Haste and Bless swings, Dodge and Mighty Blow windows, scrambling) is legal."""
    asked = set()
    for seed in range(4):
        record = play(options, names, seed)
        asked |= {a.partition(":")[0] for s, a in record.decisions() if names[s] == "schemer"}
    assert "attack" in asked


def test_answers_every_reaction_window_in_duels():
    """Seed Spells 1.4 and 1.5, rules page, KtOG, After a hit: over duels the bot is asked both windows
    (Dodge as target, Mighty Blow as attacker) and answers each with a legal decision."""
    seen = set()
    for seed in range(30):
        record = play({"players": 2}, ["schemer", "schemer"], seed)
        seen |= {a for _, a in record.decisions()}
    assert {"dodge", "mighty_blow", "haste", "none"} <= seen


def test_deterministic_for_a_seed():
    """Issue 14: the same seed and dice give the same game, decision for decision."""
    options, names = {"players": 4}, ["schemer", "brute", "schemer", "random"]
    first = play(options, names, 11).decisions()
    assert play(options, names, 11).decisions() == first
    assert len(first) > 10


def test_attacks_the_strongest_opponent():
    """Free-for-all targeting (its docstring): the opponent with the most hit points, ties to the
    first after itself in seat order; on a Haste swing too (seed Spells 1.1)."""
    game, s = on_turn(players=4, hp=(20, 9, 15, 15), haste=(0, 2, 2, 2), bless=(False, True, True, True))
    bot = SchemerBot()
    assert bot.choose(game, s, 0) == "attack:3"
    game, s = on_turn(players=4, to_act=3, hp=(12, 18, 18, 15))
    assert bot.choose(game, s, 3) == "haste"
    swing = steps(game, s, "haste")
    assert swing.phase == "action" and bot.choose(game, swing, 3) == "attack:2"


def test_dodges_a_critical_and_a_blow_that_would_leave_it_weakest():
    """Seed More rules 1 ("Its good sense to 'Dodge' a critical hit") and Spells 1.5: Dodge a
    critical; a plain hit that leaves it above someone else is let through, but one that would
    leave it below every other player still in is dodged (a Mighty Blow to come counted in)."""
    bot = SchemerBot()
    game, s = on_turn(players=3, hp=(20, 20, 10))
    assert bot.choose(game, steps(game, s, "attack:2", M.NATURAL_CRITICAL), 1) == "dodge"
    assert bot.choose(game, steps(game, s, "attack:2", M.TO_HIT), 1) == "none"
    game, s = on_turn(players=3, hp=(20, 20, 15))
    assert bot.choose(game, steps(game, s, "attack:2", M.TO_HIT), 1) == "dodge"
    game, s = on_turn(players=3, hp=(20, 20, 15), mighty=(False, True, True))
    assert bot.choose(game, steps(game, s, "attack:2", M.TO_HIT), 1) == "none"


def test_mighty_blow_on_a_critical_or_to_finish():
    """Seed Spells 1.4, rules page, KtOG, After a hit (damage x2): Mighty Blow on a critical, or when doubling
    makes a knock-out much likelier; not on a plain hit on a healthy target."""
    bot = SchemerBot()
    game, s = on_turn(players=3, dodge=(True, False, False))
    assert bot.choose(game, steps(game, s, "attack:2", M.NATURAL_CRITICAL), 0) == "mighty_blow"
    assert bot.choose(game, steps(game, s, "attack:2", M.TO_HIT), 0) == "none"
    game, s = on_turn(players=3, dodge=(True, False, False), hp=(20, 6, 20))
    assert bot.choose(game, steps(game, s, "attack:2", M.TO_HIT), 0) == "mighty_blow"


def test_cures_itself_when_weakest_and_hastes_when_disarmed():
    """Seed Spells 1.2 and More rules 2.2.3 (rules page, KtOG, Disarmed: Haste scrambles twice): Cure when
    it is the weakest player in with a Cure's worth missing; Haste to scramble."""
    bot = SchemerBot()
    game, s = on_turn(players=3, hp=(12, 15, 18))
    assert bot.choose(game, s, 0) == "cure:1"
    game, s = on_turn(players=3, hp=(16, 15, 18))
    assert bot.choose(game, s, 0) == "haste"
    game, s = on_turn(players=3, disarmed=(2, 0, 0))
    assert bot.choose(game, s, 0) == "haste"


def test_knockout_chance_counts_the_damage_dice():
    """Rules page, KtOG, After a hit, step 3: d6 (2d6 on a critical), bare-handed -2, Mighty Blow x2."""
    assert knockout_chance(1, False, False, False) == 1
    assert knockout_chance(4, False, False, False) == pytest.approx(3 / 6)
    assert knockout_chance(4, False, False, True) == pytest.approx(5 / 6)
    assert knockout_chance(3, False, True, False) == pytest.approx(2 / 6)
    assert knockout_chance(12, True, False, False) == pytest.approx(1 / 36)


def test_wins_clearly_more_than_its_share_against_three_brutes():
    """Issue 14's bar at test size: 60 four-player games against three ``brute`` bots, the bot's
    seat rotated through all four, fair share 25%.  The benchmark measured about 90% over 400
    games (Wilson 95% 87% to 93%); the test asks for at least 30 wins (50%): were the true rate
    only 80%, fewer than 30 would come with probability below 1e-7."""
    game = make_game("ktog", players=4)
    wins = 0
    for i in range(60):
        me = i % 4
        gs = game_seed(14, i)
        bots = [make_bot("ktog", "schemer" if k == me else "brute", seed=gs + k, game=game) for k in range(4)]
        wins += play_one(game, bots, SeededDice(gs)).winner == me
    assert wins >= 30, wins
