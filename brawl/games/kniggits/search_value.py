"""What a position and a fight are worth to the Kniggits search bot (:mod:`.search`): the worth of
one's kniggits still fighting minus the enemy's, a won or lost game far above any material, and a
fight's expected change in worth with both sides at the equilibrium of the worth game (solved
quickly by regret matching and remembered)."""

from __future__ import annotations

import numpy as np

from . import combat
from .fight_odds import regret_matching
from .model import Kniggit
from .state import KniggitsState

WIN = 1000.0  # a won game, far above any material


def worth(k: Kniggit, worth_tokens) -> float:
    return worth_tokens(k.move, k.attack, k.defense) if k.status == "fighting" else 0.0


def _tokens_after(k: Kniggit, heights: list[str], defended: set[str]) -> tuple[int, int, int]:
    """(movement, attack, defense) tokens of ``k`` after these blows (the rules' own arithmetic)."""
    left = {"move": k.move, "attack": k.attack, "defense": k.defense}
    combat.blows(left, heights, defended)
    return left["move"], left["attack"], left["defense"]


def evaluate(game, state: KniggitsState, seat: int, worth_tokens) -> float:
    """Won or lost, else the worth of one's kniggits still fighting minus the enemy's."""
    if state.phase == "over":
        if tuple(state.winners) == (seat,):
            return WIN
        if state.winners:
            return -WIN
        return 0.0
    v = 0.0
    for k in state.kniggits:
        w = worth(k, worth_tokens)
        v += w if k.seat == seat else -w
    return v


# -- fights in rollouts: the equilibrium of the worth game, quickly --------------------------------
_MIXES: dict[tuple, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}  # fight -> (payoff, mixes)


def _fight_key(k: Kniggit) -> tuple:
    return (k.move, k.attack, k.defense, k.archer, k.two_swords, k.hand, k.lost, k.guarded, k.status)


def fight_mixes(game, state: KniggitsState, worth_tokens) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The open fight's payoff matrix (the attacker's gain in worth, rows the attacker's hand
    pairs) and both sides' equilibrium mixes, remembered by everything they depend on."""
    fight = state.fights[0]
    a, d = game.kniggit(state, fight[0]), game.kniggit(state, fight[1])
    ha, hd = game.fight_hands(state, fight)
    rows_a = [(x, y) for x in ha[0] for y in ha[1]]
    rows_d = [(x, y) for x in hd[0] for y in hd[1]]
    key = (_fight_key(a), _fight_key(d), tuple(rows_a), tuple(rows_d), worth_tokens)
    got = _MIXES.get(key)
    if got is None:
        base = worth(a, worth_tokens) - worth(d, worth_tokens)
        payoff = np.zeros((len(rows_a), len(rows_d)))
        for i, pa in enumerate(rows_a):
            for j, pd in enumerate(rows_d):
                ta = _tokens_after(a, combat.attacks(d, pd), combat.defends(a, pa))
                td = _tokens_after(d, combat.attacks(a, pa), combat.defends(d, pd))
                payoff[i, j] = (worth_tokens(*ta) - worth_tokens(*td)) - base
        got = (payoff, *regret_matching(payoff))
        if len(_MIXES) > 50000:
            _MIXES.clear()
        _MIXES[key] = got
    return got


def fight_value(game, state: KniggitsState, worth_tokens) -> float:
    """The attacker's expected gain in worth in the open fight, both sides at equilibrium."""
    payoff, mix_a, mix_d = fight_mixes(game, state, worth_tokens)
    return float(mix_a @ payoff @ mix_d)


__all__ = ["WIN", "evaluate", "fight_mixes", "fight_value", "worth"]
