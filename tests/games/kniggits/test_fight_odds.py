"""The fight as a matrix game (seed, Playing, Phase three: both sides show their hands at once;
an undefended height knocks down a token of its colour)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from brawl.games.kniggits import combat
from brawl.games.kniggits.fight_odds import equilibrium, fight_odds, outcome, share
from brawl.games.kniggits.model import HEIGHTS, Kniggit


def knight(id: str, attack=3, defense=3, move=3, **kw) -> Kniggit:
    return Kniggit(id=id, seat=0 if id.startswith("A") else 1, x=0.0, y=0.0, attack=attack, defense=defense,
                   move=move, **kw)


def test_equilibrium_of_rock_paper_scissors_is_uniform():
    rps = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float)
    mix, value = equilibrium(rps)
    assert np.allclose(mix, [1 / 3] * 3) and abs(value) < 1e-9


def test_equilibrium_of_a_dominated_choice_never_plays_it():
    mix, value = equilibrium(np.array([[2.0, 1.0], [0.0, 0.0]]))
    assert np.allclose(mix, [1, 0]) and value == pytest.approx(1.0)


def test_an_undefended_height_knocks_down_its_colour():
    """Seed, The Results: attacking where the enemy does not defend costs him a token."""
    a, d = knight("A1"), knight("B1")
    assert outcome(a, d, ("high", "low"), ("none", "high")) == (0, 0)  # defended high
    assert outcome(a, d, ("high", "low"), ("none", "middle")) == (0, 1)


def test_one_on_one_fight_mixes_evenly_and_each_hand_loses_two_thirds():
    """Attacker with sword and shield against a defender who only defends: every height is
    defended one time in three at equilibrium, so the attacker takes 2/3 of a token."""
    a, d = knight("A1"), knight("B1")
    ha, hd = combat.hand_options(a, d, True, _Opts()), combat.hand_options(d, a, False, _Opts())
    odds = fight_odds(a, d, list(itertools.product(*ha)), list(itertools.product(*hd)))
    assert odds.value == pytest.approx(2 / 3)
    played = [h for h in odds.defender if h.weight > 1e-9]
    assert sorted(h.hands[1] for h in played) == sorted(HEIGHTS)
    assert all(h.weight == pytest.approx(1 / 3) and h.loses == pytest.approx(2 / 3) for h in played)
    assert share(1 / 3) == "1/3" and share(0.0) == "never" and share(1.0) == "always"


class _Opts:
    horses = False
    scenario = "battle"
    magic_swords = False
    double_defense = False
    archer_defense = "shots"


def test_a_fight_hand_shows_its_odds_in_words():
    """Each hand in a fight carries a hint: a best choice or how much worse, and the tokens lost and
    knocked down against the other side's equilibrium (issue: hints where they can be had)."""
    from brawl.bots import make_bot
    from brawl.core.game import Decision
    from brawl.core.match import Match
    from brawl.core.sources import SeededDice
    from brawl.games import make_game

    game = make_game("kniggits")
    match = Match(game, SeededDice(2))
    bots = [make_bot("kniggits", "heuristic", seed=s, game=game) for s in (1, 2)]
    while match.state.phase != "fight":
        node = game.node(match.state)
        assert isinstance(node, Decision)
        seat = node.seats[0]
        match.decide(seat, bots[seat].choose(game, match.state, seat))
    seat = game.node(match.state).seats[0]
    odds = {a: game.action_odds(match.state, seat, a) for a in game.legal_actions(match.state, seat)}
    assert all(text and "on average" in text for text in odds.values())
    assert any(text.startswith("a best choice") for text in odds.values())
    none = next(a for a in odds if a.endswith(":none:none"))
    assert "worse than the best" in odds[none]
