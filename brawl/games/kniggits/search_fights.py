"""How the Kniggits search bot fights: hands chosen against the hands the other side is likely to
show, within a bound on what that can cost.

A fight is a matrix game (:mod:`.fight_odds`): both sides show their hands at once, and each blow
that lands knocks down a token.  The heuristic plays an equilibrium (of its worth game), so no
fixed pattern beats it; but an equilibrium also gains nothing from the other side's habits, since
every hand in its mix does equally well against it.  The search bot reads the other side instead.

**Models.**  It keeps a few ways the other side may pick its hands, each giving the chance of every
hand pair in the open fight:

- ``heuristic``: the equilibrium of the heuristic's worth game, which the heuristic and the search
  bots before this one play (:meth:`.bots.HeuristicBot.fight_strategy`);
- ``even``: the equilibrium of the token count (the mix that the hints' odds show a player);
- ``uniform``: every hand pair alike (the random bot);
- ``habits``: how often this side has shown each sword height and each shield height so far in
  this game (:data:`PRIOR` pseudo-counts spread evenly to start), for anyone else.

Each time a fight's hands are revealed (``state.revealed``), every model is weighed by the chance
it gave the hands the other side showed (Bayes' rule; each chance is mixed with a share
:data:`TREMBLE` of the uniform one, so a single surprise does not rule a model out for good).  The
prediction for the next fight is the models' mix by their weights.

**Response.**  The payoff is the token count of the fight (tokens the other side loses minus
tokens lost), the turn limit's count (rule 33) and the hints' payoff.  Of the mixes that lose at
most :data:`SAFETY` tokens a fight against *any* hands (measured from the fight's value, so against
the best reply), the bot plays the one that takes the most against the prediction: a linear
programme, remembered by the fight's count matrix and the prediction to two places.  Against an
opponent the models misjudge it gives up at most that much; against one they read well it gains
far more.

**Measured** (``benchmarks/kniggits_search_fights.py``, 400 games, each bot in each seat for half,
against the search bot that plays the heuristic's equilibrium, as it did before):

- the default battle, each side fielding its champion (some sixty fights a game): 382 won, 7 drawn,
  11 lost, a score of 96.4% (95% Wilson 94.1% to 97.8%), at 0.22 ms CPU a decision against
  0.07 ms (the old bot's fight is a remembered equilibrium: no search to give more time to);
- both armies ``heavy`` (two kniggits a side, the moving phase planned by rollouts): 245 won, 14
  drawn, 141 lost, 63.0% (58.2% to 67.6%), at 2.45 ms CPU a decision against the old bot's 2.61;
- against the heuristic, 100 games on the same seeds: 90.5% (83.2% to 94.8%), where the old
  search bot scored 69.0% (59.4% to 77.2%).

What it learns lasts one game: a new game (the army phase, or fewer turns than last seen) starts
it again, and so does a bot made anew (a server restart).  It reads only what both seats see: the
hands revealed after each fight, never a sealed one.
"""

from __future__ import annotations

import math

import numpy as np

from .fight_odds import equilibrium, outcome

PRIOR = 3.0  # pseudo-counts of the habits model, spread evenly over the heights
TREMBLE = 0.05  # share of the uniform chance mixed into every model's chance of a revealed hand
SAFETY = 0.3  # tokens a fight the response may give up against the best reply
MODELS = ("heuristic", "even", "uniform", "habits")


_RESPONSES: dict[tuple, np.ndarray] = {}  # (game, prediction) -> the response
_GAMES: dict[tuple, tuple] = {}  # fight -> (count matrix, its equilibrium for each side, value)


def _key(k) -> tuple:
    """What of kniggit ``k`` the tokens lost in one fight depend on (a count above 2 acts as 2: one
    fight knocks down at most two tokens of a colour)."""
    return (min(k.move, 2), min(k.attack, 2), min(k.defense, 2), k.archer, k.two_swords, k.hand, k.lost,
            k.guarded, k.status)


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


def count_matrix(a, d, mine: list[tuple[str, str]], theirs: list[tuple[str, str]], attacker: bool) -> np.ndarray:
    """Tokens the other side loses minus tokens this side loses, for each of this side's hand pairs
    (rows) against each of the other side's (columns); ``attacker`` says which side this is."""
    m = np.zeros((len(mine), len(theirs)))
    for i, hm in enumerate(mine):
        for j, ht in enumerate(theirs):
            lost_a, lost_d = outcome(a, d, hm, ht) if attacker else outcome(a, d, ht, hm)
            m[i, j] = lost_d - lost_a if attacker else lost_a - lost_d
    return m


def safe_response(payoff: np.ndarray, value: float, predicted: np.ndarray, safety: float = SAFETY) -> np.ndarray:
    """The row mix (rows maximise ``payoff``) that gains most against the column mix ``predicted``
    among those that lose at most ``safety`` against any column, measured from the game's
    ``value``: a linear programme, remembered by the matrix and the prediction to two places."""
    predicted = np.round(predicted, 2)
    key = (payoff.tobytes(), payoff.shape, predicted.tobytes(), safety)
    got = _RESPONSES.get(key)
    if got is None:
        from scipy.optimize import linprog

        n, m = payoff.shape
        res = linprog(-(payoff @ predicted), A_ub=-payoff.T, b_ub=np.full(m, safety - value),
                      A_eq=np.ones((1, n)), b_eq=[1.0], bounds=[(0, None)] * n, method="highs")
        got = np.clip(res.x, 0.0, None) if res.success else np.full(n, 1.0)
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
        self.pending: dict[str, tuple] = {}  # fighting pair -> (their hand pairs, each model's mix)
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
            j = made[0].index(theirs)
            even = 1.0 / len(made[0])
            for name, mix in made[1].items():
                self.log_weight[name] += math.log((1 - TREMBLE) * mix[j] + TREMBLE * even)
        for side, hand in zip(self.shown, theirs):
            side[hand] = side.get(hand, 0) + 1

    # -- what comes next -------------------------------------------------------------------------------
    def choose(self, game, state, seat: int, rng) -> str:
        """A hand pair for ``seat`` in the open fight."""
        rows = game.legal_actions(state, seat)
        if len(rows) <= 1:
            return rows[0]
        fight = state.fights[0]
        a, d = game.kniggit(state, fight[0]), game.kniggit(state, fight[1])
        hands_a, hands_d = game.fight_hands(state, fight)
        attacker = a.seat == seat
        mine = [tuple(r.split(":")[2:4]) for r in rows]
        lists = hands_d if attacker else hands_a
        theirs = [(x, y) for x in lists[0] for y in lists[1]]
        payoff, _, eq_theirs, value = count_game(a, d, mine, theirs, attacker)
        mixes = self.models(game, state, seat, eq_theirs, theirs, lists)
        self.pending[f"{fight[0]}-{fight[1]}"] = (theirs, mixes)
        top = max(self.log_weight.values())
        weights = {k: math.exp(v - top) for k, v in self.log_weight.items()}
        predicted = sum(weights[k] * mixes[k] for k in MODELS) / sum(weights.values())
        x = safe_response(payoff, value, predicted)
        r, acc = rng.random(), 0.0
        for i, p in enumerate(x):
            acc += p
            if r < acc:
                return rows[i]
        return rows[int(np.argmax(x))]

    def models(self, game, state, seat: int, even: np.ndarray, theirs, lists) -> dict[str, np.ndarray]:
        """Each model's chance of each of the other side's hand pairs ``theirs`` (``even``: their
        equilibrium of the count)."""
        from ...core.values import replace

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
