"""How the Kniggits search bot fights (:mod:`brawl.games.kniggits.search_fights`): the seed's
fights are sealed hands shown at once (Playing, Phase three; The Results), so the bot reads the
other side's revealed hands, never a sealed one, and leans toward the reply to them only as far as
a bound on what that can cost.  Its strength against the search bot as it was is measured by
``benchmarks/kniggits_search_fights.py``; here a short seeded series checks the direction."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from brawl.core.game import Terminal
from brawl.games.kniggits.bots import HeuristicBot, RandomBot, SearchBot
from brawl.games.kniggits.fight_odds import equilibrium
from brawl.games.kniggits.model import Kniggit
from brawl.games.kniggits.search_fights import STAKE, count_game, count_matrix, safe_response

from .helpers import game


def play(g, bots: dict) -> object:
    state = g.initial_state()
    while not isinstance(g.node(state), Terminal):
        seat = g.node(state).seats[0]
        state = g.apply_action(state, seat, bots[seat].choose(g, state, seat))
    return state


def first_fight(g, bots: dict):
    state = g.initial_state()
    while state.phase != "fight":
        seat = g.node(state).seats[0]
        state = g.apply_action(state, seat, bots[seat].choose(g, state, seat))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_the_response_never_gives_up_more_than_its_bound(seed):
    """The Results: against any hands of the other side, the bot's mix keeps within the budget it
    is given of the fight's value; against the predicted hands it does at least as well as the
    equilibrium, and with a budget past any loss it is the best reply."""
    rng = np.random.default_rng(seed)
    payoff = rng.integers(-2, 3, size=(9, 9)).astype(float)
    predicted = rng.dirichlet(np.ones(9))
    x_eq, value = equilibrium(payoff)
    x = safe_response(payoff, value, predicted, 0.3, x_eq)
    assert x.min() >= 0 and x.sum() == pytest.approx(1.0)
    assert (x @ payoff).min() >= value - 0.3 - 1e-7
    rounded = np.round(predicted, 2)
    assert x @ payoff @ rounded >= x_eq @ payoff @ rounded - 1e-7
    best = safe_response(payoff, value, predicted, 100.0, x_eq)
    assert best @ payoff @ rounded == pytest.approx((payoff @ rounded).max())


def test_the_count_game_is_the_rules_token_count():
    """The Results: each undefended blow knocks down a token; the count game's entry is the tokens
    the other side loses minus those this side loses (a sword at the height the shield guards does
    nothing, any other height knocks down one token)."""
    g = game()
    bots = {0: SearchBot(seed=1, game=g), 1: SearchBot(seed=2, game=g)}
    state = first_fight(g, bots)
    fight = state.fights[0]
    a, d = g.kniggit(state, fight[0]), g.kniggit(state, fight[1])
    hands_a, hands_d = g.fight_hands(state, fight)
    mine = [(x, y) for x in hands_a[0] for y in hands_a[1]]
    theirs = [(x, y) for x in hands_d[0] for y in hands_d[1]]
    payoff, _, _, value = count_game(a, d, mine, theirs, True)
    i, j = mine.index(("high", "low")), theirs.index(("low", "high"))
    assert payoff[i, j] == 0  # each guards the height the other strikes
    j = theirs.index(("middle", "middle"))
    assert payoff[i, j] == 0  # both strike home
    j = theirs.index(("low", "middle"))
    assert payoff[i, j] == 1  # mine strikes home, his is guarded
    assert value == pytest.approx(0.0, abs=1e-9)  # the same kniggits: an even fight


def test_a_blow_that_makes_a_kniggit_flee_costs_every_token_it_has():
    """The Results and rule 33: with no movement tokens and one attack token left, a blow high
    leaves one colour, and the kniggit flees; at the turn limit its tokens no longer count, so the
    count game scores that blow as every token it had (11), not one."""
    a = Kniggit("A1", 0, 1.0, 1.0, 0, 1, 10)
    d = Kniggit("B1", 1, 1.0, 2.0, 0, 5, 10)
    hands = [(x, y) for x in ("high", "middle", "low", "none") for y in ("high", "middle", "low", "none")]
    m = count_matrix(a, d, hands, hands, True)
    i, j = hands.index(("none", "middle")), hands.index(("high", "low"))
    assert m[i, j] == -11  # his sword high is not guarded: A1 flees with its 11 tokens
    i = hands.index(("none", "high"))
    assert m[i, j] == 0  # guarded high: nothing lands


def test_the_other_side_s_sealed_hands_change_nothing():
    """Phase three: the hands are chosen at once, so the bot's choice is the same whether or not
    the other side has already sealed its hands (it never reads them)."""
    g = game()
    state = first_fight(g, {0: SearchBot(seed=1, game=g), 1: SearchBot(seed=2, game=g)})
    assert set(g.node(state).seats) == {0, 1}
    other = g.legal_actions(state, 1)
    picks = set()
    for sealed in (None, other[0].split(":")[2:4], other[-1].split(":")[2:4]):
        s = state if sealed is None else replace(state, sealed=(None, tuple(sealed)))
        picks.add(SearchBot(seed=11, game=g).choose(g, s, 0))
    assert len(picks) == 1


@pytest.mark.parametrize(("opponent", "model"), [(HeuristicBot, "heuristic"), (RandomBot, "uniform")])
def test_it_reads_who_it_fights(opponent, model):
    """The Results, each fight's hands revealed: over one game the model that foretold the other
    side's hands best ends on top (the heuristic's equilibrium against the heuristic, even chances
    against the random bot)."""
    g = game()
    bot = SearchBot(seed=1, game=g)
    play(g, {0: bot, 1: opponent(seed=2)})
    weights = bot.reader.log_weight
    assert max(weights, key=weights.get) == model
    assert len(bot.reader.seen) >= 10


def test_a_new_game_starts_the_reading_again():
    """What it learns lasts one game: the same bot in a second game starts from even weights."""
    g = game(turn_limit=8)
    bot = SearchBot(seed=1, game=g)
    play(g, {0: bot, 1: HeuristicBot(seed=2)})
    assert len(set(bot.reader.log_weight.values())) > 1
    bot.choose(g, g.initial_state(), 0)
    assert set(bot.reader.log_weight.values()) == {0.0} and not bot.reader.seen


def test_reading_fights_beats_the_equilibrium_in_a_battle():
    """Setup and Winning, with rule 33: in the default battle (each search bot fields its
    champion, and some sixty fights decide), the search bot that reads the other side's hands wins
    most of a short seeded series against the one that plays the heuristic's equilibrium, in both
    seats."""
    g = game()
    score = 0.0
    for n in range(12):
        seat = n % 2
        bots = {seat: SearchBot(seed=n, game=g), 1 - seat: SearchBot(seed=n + 500, game=g, fights="equilibrium")}
        end = play(g, bots)
        score += 1.0 if tuple(end.winners) == (seat,) else 0.5 if len(end.winners) != 1 else 0.0
    assert score >= 9


class MixReader(SearchBot):
    """A cheat: the search bot as it was, except that in a fight it knows the reading bot's mix
    (its whole state of mind, which no opponent sees) and plays the best reply to it."""

    def __init__(self, victim: SearchBot, **kw) -> None:
        super().__init__(fights="equilibrium", **kw)
        self.victim = victim

    def choose(self, g, state, seat):
        open_state = replace(state, sealed=(None, None))
        if state.phase == "fight" and 1 - seat in g.fight_seats(open_state) and seat in g.fight_seats(state):
            self.victim.reader.observe(state, 1 - seat)
            _, x = self.victim.reader.mix(g, open_state, 1 - seat)
            theirs, _, payoff, _, _ = self.victim.reader.made
            want = theirs[int(np.argmin(x @ payoff))]
            return next(r for r in g.legal_actions(state, seat) if tuple(r.split(":")[2:4]) == want)
        return super().choose(g, state, seat)


def test_what_reading_risks_is_what_it_has_won_and_its_stake():
    """The Results, summed over a game: each fight's mix may lose at most the budget against the
    best reply, and the budget is the stake plus what the mixes made beyond the fights' values.  So
    against a cheat that knows its mix every fight the budget never falls below nothing, while
    against the heuristic, whom it reads, it grows well past the stake."""
    g = game()
    for n in range(3):
        bot = SearchBot(seed=n, game=g)
        play(g, {n % 2: bot, 1 - n % 2: MixReader(bot, seed=n + 40, game=g)})
        assert bot.reader.budget >= -1e-6
        bot = SearchBot(seed=n, game=g)
        play(g, {n % 2: bot, 1 - n % 2: HeuristicBot(seed=n + 40)})
        assert bot.reader.budget > STAKE + 5
