"""The numbers and formulas of the rules, once (``mechanics.py``), and the game reading them from
there: changing a number there changes the game."""

from __future__ import annotations

import pytest

from brawl.core.game import IllegalAction
from brawl.games.kniggits import combat, mechanics
from brawl.games.kniggits.army import parse_army

from .helpers import battle, game, get, kn, play


def test_army_cost_five_a_kniggit_one_a_token():
    """Setup 2: skill tokens cost 1 point each and kniggits 5 points each."""
    assert mechanics.army_cost(1, 45) == 50
    assert mechanics.army_cost(6, 20) == 50
    assert mechanics.army_cost(0, 0) == 0


def test_move_allowance_two_inches_a_token_at_most_twelve():
    """Phase one: two inches for every movement token, up to 12 inches; The Results: no movement
    tokens, a crawl of two inches; Horses: no 12-inch cap on horseback; Equipment 2: distances scale."""
    assert mechanics.move_allowance(3, False) == 6.0
    assert mechanics.move_allowance(6, False) == 12.0
    assert mechanics.move_allowance(9, False) == 12.0
    assert mechanics.move_allowance(9, True) == 18.0
    assert mechanics.move_allowance(0, False) == 2.0
    assert mechanics.move_allowance(3, False, scale=0.5) == 3.0
    assert mechanics.move_allowance(9, False, scale=2) == 24.0


def test_shooting_range_two_inches_a_defense_token():
    """Archers: "how far he can shoot - two inches for each token"."""
    assert mechanics.shooting_range(4) == 8.0
    assert mechanics.shooting_range(0) == 0.0
    assert mechanics.shooting_range(4, scale=0.5) == 4.0


def test_powers_need_five_tokens():
    """Horses, Magic Swords, Double Defense, Two Swords: 5 or more tokens of the colour."""
    assert not mechanics.has_power(4) and mechanics.has_power(5) and mechanics.has_power(12)
    assert mechanics.fights_with_two_swords(attack=5, defense=0, archer=False)
    assert not mechanics.fights_with_two_swords(attack=4, defense=0, archer=False)
    assert not mechanics.fights_with_two_swords(attack=6, defense=1, archer=False)
    assert not mechanics.fights_with_two_swords(attack=6, defense=0, archer=True)


def test_flight_at_one_colour_and_the_blows_it_takes():
    """The Results: a kniggit with tokens of only one colour left flees; the fewest blows to make
    him flee knock down every colour but his largest."""
    assert mechanics.flees(1) and mechanics.flees(0) and not mechanics.flees(2)
    assert mechanics.blows_to_flee(3, 3, 3) == 6
    assert mechanics.blows_to_flee(1, 5, 2) == 3
    assert mechanics.blows_to_flee(0, 4, 0) == 0


def test_directly_away_is_within_five_degrees():
    """Ruling 14: a move out of combat with one enemy points straight away, within 5 degrees."""
    import math
    assert mechanics.directly_away(1.0)
    assert mechanics.directly_away(math.cos(math.radians(4.9)))
    assert not mechanics.directly_away(math.cos(math.radians(5.1)))


def test_heights_knock_down_their_colour():
    """Sword moves: high knocks down attack, middle defense, low movement tokens."""
    assert mechanics.HEIGHT_TOKEN == {"high": "attack", "middle": "defense", "low": "move"}
    assert set(mechanics.HEIGHT_TOKEN) == set(mechanics.HEIGHTS)
    assert set(mechanics.HEIGHT_TOKEN.values()) == set(mechanics.COLOURS)


# -- the game reads the numbers from mechanics ------------------------------------------------------

def test_the_horse_threshold_is_read_from_mechanics(monkeypatch):
    """Horses: "5 or more movement skills" is mechanics.POWER_TOKENS; with it raised to 8 a kniggit
    with 7 movement tokens walks (12-inch cap) instead of riding (14 inches)."""
    g = game(horses=True)
    k = kn("A1", 10, 5, m=7)
    assert combat.mounted(k, g.options) and g.move_allowance(k) == 14.0
    monkeypatch.setattr(mechanics, "POWER_TOKENS", 8)
    assert not combat.mounted(k, g.options) and g.move_allowance(k) == 12.0


def test_distances_are_read_from_mechanics(monkeypatch):
    """Phase one: the 12-inch cap and the 2-inch combat ring are mechanics.MAX_MOVE and
    mechanics.COMBAT_RANGE."""
    g = game()
    s = battle(g, kn("A1", 10, 5, m=9), kn("B1", 10, 30))
    monkeypatch.setattr(mechanics, "MAX_MOVE", 13.0)
    assert get(g, g.apply_action(s, 0, "move:A1:10:18"), "A1").pos == (10.0, 18.0)
    monkeypatch.setattr(mechanics, "COMBAT_RANGE", 3.0)
    s2 = battle(g, kn("A1", 10, 10), kn("B1", 10, 12.5))
    assert [e.id for e in g.engaged(s2, get(g, s2, "A1"))] == ["B1"]


def test_potion_tokens_are_read_from_mechanics(monkeypatch):
    """Magic Potions: "five extra ... tokens" is mechanics.POTION_TOKENS."""
    monkeypatch.setattr(mechanics, "POTION_TOKENS", 3)
    g = game(potions=True)
    potion = next(it for it in g.initial_state().items if it.power == "attack")
    s = battle(g, kn("A1", potion.x, potion.y - 3, a=2), kn("B1", 30, 34))
    s = play(g, s, (0, f"move:A1:{potion.x}:{potion.y}"))
    assert get(g, s, "A1").attack == 5


def test_costs_are_read_from_mechanics(monkeypatch):
    """Setup 2: the cost of a kniggit is mechanics.KNIGGIT_COST, in the check and in its words."""
    g = game()
    army = "3/3/3@10,2;3/3/3@20,2;3/3/3@30,2"  # 3 x (5 + 9) = 42 points
    assert len(parse_army(army, 0, g.options, g.table)) == 3
    monkeypatch.setattr(mechanics, "KNIGGIT_COST", 8)  # 3 x (8 + 9) = 51 points
    with pytest.raises(IllegalAction, match=r"costs 51 points \(8 a kniggit, 1 a token\)"):
        parse_army(army, 0, g.options, g.table)


def test_best_of_three_is_read_from_mechanics(monkeypatch):
    """Dispute Resolution: best of three is two wins, mechanics.RPS_WINS_TO_GO_FIRST."""
    monkeypatch.setattr(mechanics, "RPS_WINS_TO_GO_FIRST", 3)
    g = game()
    s = play(g, g.initial_state(), (0, "army:balanced"), (1, "army:balanced"))
    for _ in range(2):
        s = play(g, s, (0, "rock"), (1, "scissors"))
    assert s.phase == "rps" and s.rps_wins == (2, 0)
    s = play(g, s, (0, "rock"), (1, "scissors"))
    assert s.phase == "move" and s.first_mover == 0


def test_the_view_carries_the_prices_and_the_potion_the_browser_shows(monkeypatch):
    """Setup 2 and Magic Potions: the army builder and the table labels in the browser read these
    numbers from the view, so they follow the mechanics (no second copy in the page)."""
    from brawl.games import make_game
    from brawl.games.kniggits import mechanics

    game = make_game("kniggits")
    board = game.view(game.initial_state(), 0)["board"]
    assert board["costs"] == {"kniggit": mechanics.KNIGGIT_COST, "token": mechanics.TOKEN_COST}
    assert board["potion"] == mechanics.POTION_TOKENS
    monkeypatch.setattr(mechanics, "KNIGGIT_COST", 7)
    assert game.view(game.initial_state(), 0)["board"]["costs"]["kniggit"] == 7
