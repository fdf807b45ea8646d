"""Building Kniggits positions for tests."""

from __future__ import annotations

from brawl.games import make_game
from brawl.games.kniggits.model import Kniggit
from brawl.games.kniggits.rules import Kniggits, KniggitsState


def game(**options) -> Kniggits:
    options.setdefault("terrain", "open")
    return make_game("kniggits", options)


def kn(kid: str, x: float, y: float, m: int = 3, a: int = 3, d: int = 3, **kw) -> Kniggit:
    """A kniggit: ids starting with A are Red's (seat 0), with B Blue's (seat 1)."""
    return Kniggit(kid, 0 if kid[0] == "A" else 1, float(x), float(y), m, a, d, **kw)


def battle(g: Kniggits, *kniggits: Kniggit, to_act: int = 0, items=None) -> KniggitsState:
    """A position in the moving phase of ``to_act``."""
    return KniggitsState(phase="move", kniggits=tuple(kniggits),
                         items=tuple(g._initial_items() if items is None else items),
                         to_act=to_act, first_mover=0)


def play(g: Kniggits, state: KniggitsState, *steps: tuple[int, str]) -> KniggitsState:
    for seat, action in steps:
        state = g.apply_action(state, seat, action)
    return state


def to_fight(g: Kniggits, state: KniggitsState) -> KniggitsState:
    """End the moving phase (and the turning phase, if any)."""
    mover = state.to_act
    state = g.apply_action(state, mover, "end_move")
    if state.phase == "turning":
        state = g.apply_action(state, 1 - mover, "end_turning")
    return state


def fight(g: Kniggits, state: KniggitsState, red: str | None, blue: str | None) -> KniggitsState:
    """Both sides' hands in the current fight ("high:middle"); None for a side with no choice."""
    a, d = state.fights[0][:2]
    pair = f"{a}-{d}"
    for seat, hands in ((0, red), (1, blue)):
        if hands is not None:
            state = g.apply_action(state, seat, f"fight:{pair}:{hands}")
    return state


def get(g: Kniggits, state: KniggitsState, kid: str) -> Kniggit:
    return g.kniggit(state, kid)
