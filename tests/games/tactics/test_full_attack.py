"""A full attack may turn into a move after its first attack (option Iterative attacks; rule 68,
from the d20 SRD's Full Attack: "After your first attack, you can decide to take a move action
instead of making your remaining attacks")."""

from brawl.core.game import Decision
from brawl.games.tactics.encoding import TacticsEncoding

from .helpers import pending, play, scene, unit


def _after_first_swing():
    game, state = scene(["steve"], ["brok"], [(5, 5), (6, 5)], level=11, iterative_attacks=True)
    return game, play(game, state, "fullattack:brok", 1)  # the first attack misses


def test_after_the_first_attack_the_attacker_chooses_to_go_on_or_move():
    """Rule 68 (SRD, Full Attack): after the first roll the attacker is asked, and may move."""
    game, state = _after_first_swing()
    node = game.node(state)
    assert isinstance(node, Decision) and node.kind == "turn" and node.seats == (0,)
    legal = game.legal_actions(state, 0)
    assert legal[0] == "fullattack:brok" and "move:2,5" in legal
    assert "goes on" in game.describe_action(state, 0, "fullattack:brok")
    assert game.action_odds(state, 0, "fullattack:brok").startswith("2 attacks")


def test_moving_instead_drops_the_attacks_left_and_ends_the_turn():
    """Rule 68 (SRD): the move replaces the remaining attacks; leaving Brok's reach provokes
    (rule 36), and after the move the turn is over."""
    game, state = _after_first_swing()
    moved = play(game, state, "move:2,5", "pass")
    assert unit(game, moved, "steve").pos == (2, 5)
    assert not any(getattr(st, "kind", "") == "attack" for st in moved.stack)
    assert moved.actor == 1


def test_going_on_rolls_the_second_attack():
    """Rule 66 (SRD): going on makes the second attack at -5."""
    game, state = _after_first_swing()
    on = play(game, state, "fullattack:brok")
    assert pending(game, on) == "d20"
    assert game.node(on).event.label == "Steve's second attack roll against Brok"


def test_the_encoding_shows_the_attacker_on_turn_while_it_chooses():
    """Rule 68: at the choice to go on or move, the observation marks the attacker as on turn and
    deciding a turn, as at any turn decision."""
    game, state = _after_first_swing()
    enc = TacticsEncoding(game)
    seen = dict(zip(enc.observation_labels, enc.observe(state, 0)))
    assert seen["me1: on turn"] == 1.0 and seen["deciding a turn"] == 1.0


def test_the_board_offers_the_squares_to_move_to_while_it_chooses():
    """Rule 68: the view's moves (the squares the board lets a player pick, with their routes) are
    there at the choice to go on or move, as before a turn's move."""
    game, state = _after_first_swing()
    moves = game.view(state, 0)["moves"]
    assert "2,5" in moves and moves["2,5"]["provokes"] == 1
