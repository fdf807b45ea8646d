"""How the Kniggits search bot fights: hands chosen against the hands the other side is likely to
show, within a bound on what that can cost.

A fight is a matrix game (:mod:`.fight_odds`): both sides show their hands at once, and each blow
that lands knocks down a token.  The heuristic plays the equilibrium of its own worth game, which
no fixed pattern beats at that game; but the battle is not scored in worth, and an equilibrium
gains nothing from the other side's habits either, since every hand in its mix does equally well
against it.  The search bot reads the other side instead.

**Models.**  It keeps a few ways the other side may pick its hands, each giving the chance of every
hand pair in the open fight:

- ``heuristic``: the equilibrium of the heuristic's worth game, which the heuristic and the search
  bots before this one play (:meth:`.bots.HeuristicBot.fight_strategy`);
- ``even``: the equilibrium of the count below (near the mix the hints' odds show a player);
- ``uniform``: every hand pair alike (the random bot);
- ``habits``: how often this side has shown each sword height and each shield height so far in
  this game (:data:`PRIOR` pseudo-counts spread evenly to start), for anyone else.

Each time a fight's hands are revealed (``state.revealed``), every model is weighed by the chance
it gave the hands the other side showed (Bayes' rule; each chance is mixed with a share
:data:`TREMBLE` of the uniform one, so a single surprise does not rule a model out for good).  The
prediction for the next fight is the models' mix by their weights.

**Payoff.**  What the fight changes in the turn limit's count (rule 33): the other side's tokens
on kniggits still fighting, less one's own.  A blow knocks down one token, and a blow that leaves a
kniggit one colour (The Results: it flees) takes every token it has.  So the count also values what
wins a battle outright: the last token of a colour, when another colour is gone.

**Response.**  Of the mixes that lose at most a budget of tokens against *any* hands (measured
from the fight's value, so against the best reply), the bot plays the one that takes the most
against the prediction: a linear programme, remembered by the fight's matrix, the prediction to
two places and the budget to one.  The budget starts at :data:`STAKE` tokens a game, and after each
fight gains what the mix played made against the hands shown, beyond the fight's value (the
expectation over its own draw, so its luck is left out): it risks only what reading has won, and
the stake.  Its expected count over a game is therefore never more than the stake below the sum of
its fights' values, whatever the other side does; against a side the models read well the budget
grows and the bot plays nearly the best reply (at most :data:`CAP` tokens of risk in one fight).

**Measured** (``benchmarks/kniggits_search_fights.py``, 400 games, each bot in each seat for half,
against the search bot that plays the heuristic's equilibrium, as it did before):

- the default battle, each side fielding its champion (some fifty fights a game): 392 won, 2 drawn,
  6 lost, a score of 98.3% (95% Wilson 96.4% to 99.1%), at 0.16 ms CPU a decision against 0.04 ms
  (the old bot's fight is a remembered equilibrium: it has no search to give more time to);
- both armies ``heavy`` (two kniggits a side, the moving phase planned by rollouts): 292 won, 16
  drawn, 92 lost, 75.0% (70.5% to 79.0%), at 1.30 ms CPU a decision against 1.11 ms; with the old
  bot's rollouts 8 turns deep instead of 3, so that it thinks longer (1.98 ms against 1.47 ms),
  76.7% (72.4% to 80.6%);
- against the heuristic, 200 games on the same seeds: 93.5% (89.2% to 96.2%), where the old search
  bot scores 71.5% (64.9% to 77.3%).

A cheat who knew the bot's mix in every fight (its whole state of mind, which no opponent sees)
and played the best reply won 68 of 100 default battles against it, 5 drawn; the same cheat
against the old bot, whose equilibrium anyone can work out from the rules and its code, won 99.

What it learns lasts one game: a new game (the army phase, or fewer turns than last seen) starts
it again, and so does a bot made anew (a server restart).  It reads only what both seats see: the
hands revealed after each fight, never a sealed one.
"""

from __future__ import annotations

import math

import numpy as np

from ...core.values import replace
from . import combat, mechanics
from .fight_odds import draw, equilibrium

PRIOR = 3.0  # pseudo-counts of the habits model, spread evenly over the heights
TREMBLE = 0.05  # share of the uniform chance mixed into every model's chance of a revealed hand
STAKE = 3.0  # tokens the bot may give up over a whole game, before it has won anything by reading
CAP = 3.0  # the most it risks in one fight, whatever its budget
MODELS = ("heuristic", "even", "uniform", "habits")


_RESPONSES: dict[tuple, np.ndarray] = {}  # (game, prediction) -> the response
_GAMES: dict[tuple, tuple] = {}  # fight -> (count matrix, its equilibrium for each side, value)


def _key(k) -> tuple:
    """What of kniggit ``k`` a fight's score depends on: a count above 2 acts as 2 (one fight knocks
    down at most two tokens of a colour), unless the kniggit may flee in this fight, when every
    token it has is at stake."""
    counts = (k.move, k.attack, k.defense)
    if sum(n > 2 for n in counts) > mechanics.FLEES_AT_COLOURS:
        counts = tuple(min(n, 2) for n in counts)
    return (*counts, k.archer, k.two_swords, k.hand, k.lost, k.guarded, k.status)


def count_game(a, d, mine: list[tuple[str, str]], theirs: list[tuple[str, str]], attacker: bool) -> tuple:
    """(:func:`count_matrix`, this side's equilibrium mix, the other side's, the value), remembered."""
    key = (_key(a), _key(d), tuple(mine), tuple(theirs), attacker)
    got = _GAMES.get(key)
    if got is None:
        payoff = count_matrix(a, d, mine, theirs, attacker)
        x, value = equilibrium(payoff)
        y, _ = equilibrium(-payoff.T)
        if math.isnan(value):
            x, y, value = np.full(len(mine), 1.0 / len(mine)), np.full(len(theirs), 1.0 / len(theirs)), 0.0
        if len(_GAMES) > 20000:
            _GAMES.clear()
        got = _GAMES[key] = (payoff, x, y, value)
    return got


def _standing(k) -> int:
    """The tokens of ``k`` that count at the turn limit (rule 33): all of them while it fights,
    none once it flees (The Results: one colour left)."""
    return 0 if k.status != "fighting" or mechanics.flees(k.colours) else k.move + k.attack + k.defense


def count_matrix(a, d, mine: list[tuple[str, str]], theirs: list[tuple[str, str]], attacker: bool) -> np.ndarray:
    """What the other side's standing tokens (:func:`_standing`) fall by, less what this side's
    fall by, for each of this side's hand pairs (rows) against each of the other side's (columns);
    ``attacker`` says which side this is.  A blow knocks down one token; one that makes a kniggit
    flee takes every token it has left."""
    m = np.zeros((len(mine), len(theirs)))
    before_a, before_d = _standing(a), _standing(d)
    for i, hm in enumerate(mine):
        for j, ht in enumerate(theirs):
            new_a, new_d, _, _ = combat.resolve(a, d, hm, ht) if attacker else combat.resolve(a, d, ht, hm)
            fall_a, fall_d = before_a - _standing(new_a), before_d - _standing(new_d)
            m[i, j] = fall_d - fall_a if attacker else fall_a - fall_d
    return m


def safe_response(payoff: np.ndarray, value: float, predicted: np.ndarray, safety: float,
                  fallback: np.ndarray) -> np.ndarray:
    """The row mix (rows maximise ``payoff``) that gains most against the column mix ``predicted``
    among those that lose at most ``safety`` against any column, measured from the game's
    ``value``: a linear programme, remembered by the matrix and the prediction to two places
    (``fallback``, the equilibrium, should the programme fail)."""
    predicted = np.round(predicted, 2)
    key = (payoff.tobytes(), payoff.shape, predicted.tobytes(), safety)
    got = _RESPONSES.get(key)
    if got is None:
        from scipy.optimize import linprog

        n, m = payoff.shape
        res = linprog(-(payoff @ predicted), A_ub=-payoff.T, b_ub=np.full(m, safety - value + 1e-9),
                      A_eq=np.ones((1, n)), b_eq=[1.0], bounds=[(0, None)] * n, method="highs")
        got = np.clip(res.x, 0.0, None) if res.success else np.array(fallback, dtype=float)
        got = got / got.sum()
        if len(_RESPONSES) > 50000:
            _RESPONSES.clear()
        _RESPONSES[key] = got
    return got


class FightReader:
    """One game's reading of the other side's hands (see the module's docstring)."""

    def __init__(self, heuristic) -> None:
        self.heuristic = heuristic  # the heuristic bot, for its equilibrium
        self.reset()

    def reset(self) -> None:
        self.log_weight = dict.fromkeys(MODELS, 0.0)
        self.shown = ({}, {})  # sword heights, shield heights the other side showed
        self.pending: dict[str, tuple] = {}  # fighting pair -> (their hand pairs, each model's mix, the fight's
        # count matrix, the mix played, its value)
        self.budget = STAKE  # tokens the bot may still give up against the best reply (see the docstring)
        self.made: tuple = ()  # the last mix worked out: (their hand pairs, each model's mix, the count matrix,
        # the mix, the fight's value)
        self.seen: set[str] = set()
        self.turns = -1

    # -- what was revealed -----------------------------------------------------------------------------
    def observe(self, state, seat: int) -> None:
        """Read the last fight's revealed hands, once (called with every state the bot is shown)."""
        if state.phase in ("army", "rps") or state.turns < self.turns:
            self.reset()
        self.turns = state.turns
        if not state.revealed:
            return
        pair, shown0, shown1, result = state.revealed
        # the fight's own line in the events ("turn N: ..."), so a fight still shown a turn later
        # is read once
        key = next((e for e in reversed(state.events) if e.endswith(result)), result)
        if key in self.seen:
            return
        self.seen.add(key)
        theirs = tuple((shown1 if seat == 0 else shown0).split("/"))
        made = self.pending.pop(pair, None)
        if made is not None and theirs in made[0]:
            hands, mixes, payoff, played, value = made
            j = hands.index(theirs)
            even = 1.0 / len(hands)
            for name, mix in mixes.items():
                self.log_weight[name] += math.log((1 - TREMBLE) * mix[j] + TREMBLE * even)
            # what the mix made against those hands, beyond the fight's value
            self.budget += float(played @ payoff[:, j]) - value
        for side, hand in zip(self.shown, theirs):
            side[hand] = side.get(hand, 0) + 1

    # -- what comes next -------------------------------------------------------------------------------
    def choose(self, game, state, seat: int, rng) -> str:
        """A hand pair for ``seat`` in the open fight, drawn from :meth:`mix`."""
        rows, x = self.mix(game, state, seat)
        if len(rows) > 1:
            fight = state.fights[0]
            self.pending[f"{fight[0]}-{fight[1]}"] = self.made
        return rows[draw(x, rng)]

    def mix(self, game, state, seat: int) -> tuple[list[str], np.ndarray]:
        """``seat``'s decisions in the open fight and the mix it plays them in: the most against
        the models' prediction while giving up at most the budget against any reply."""
        rows = game.legal_actions(state, seat)
        if len(rows) <= 1:
            return rows, np.ones(len(rows))
        fight = state.fights[0]
        a, d = game.kniggit(state, fight[0]), game.kniggit(state, fight[1])
        hands_a, hands_d = game.fight_hands(state, fight)
        attacker = a.seat == seat
        mine = [tuple(r.split(":")[2:4]) for r in rows]
        lists = hands_d if attacker else hands_a
        theirs = [(x, y) for x in lists[0] for y in lists[1]]
        payoff, eq_mine, eq_theirs, value = count_game(a, d, mine, theirs, attacker)
        mixes = self.models(game, state, seat, eq_theirs, theirs, lists)
        top = max(self.log_weight.values())
        weights = {k: math.exp(v - top) for k, v in self.log_weight.items()}
        predicted = sum(weights[k] * mixes[k] for k in MODELS) / sum(weights.values())
        safety = math.floor(10 * min(max(self.budget, 0.0), CAP)) / 10
        x = safe_response(payoff, value, predicted, safety, eq_mine)
        self.made = (theirs, mixes, payoff, x, value)
        return rows, x

    def models(self, game, state, seat: int, even: np.ndarray, theirs, lists) -> dict[str, np.ndarray]:
        """Each model's chance of each of the other side's hand pairs ``theirs`` (``even``: their
        equilibrium of the count)."""
        n = len(theirs)
        if (1 - seat) not in game.fight_seats(state):  # the other side has no choice of hands
            return dict.fromkeys(MODELS, np.full(n, 1.0 / n))
        open_state = replace(state, sealed=(None, None))  # the other side's choice, before it chose
        heuristic = np.asarray(self.heuristic.fight_strategy(game, open_state, 1 - seat), dtype=float)
        swords = _shares(self.shown[0], lists[0])
        shields = _shares(self.shown[1], lists[1])
        habits = np.array([swords[x] * shields[y] for x, y in theirs])
        out = {"heuristic": heuristic, "even": even, "uniform": np.full(n, 1.0 / n), "habits": habits}
        for k, v in out.items():
            if len(v) != n or not np.isfinite(v).all() or v.sum() <= 0:
                out[k] = np.full(n, 1.0 / n)
            else:
                out[k] = v / v.sum()
        return out


def _shares(counts: dict[str, int], options: list[str]) -> dict[str, float]:
    """Smoothed shares of ``options`` by ``counts`` (:data:`PRIOR` pseudo-counts spread evenly)."""
    w = {o: PRIOR / len(options) + counts.get(o, 0) for o in options}
    total = sum(w.values())
    return {o: v / total for o, v in w.items()}


__all__ = ["FightReader", "count_game", "count_matrix", "safe_response"]
