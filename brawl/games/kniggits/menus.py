"""What the research encoding (:mod:`.encoding`) keeps of one seat's menu: the legal action
numbers with what each decodes to, and the path check's judgement of the menu moves, which serves
every decision of a moving phase."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Judged:
    """What the path check said of the menu moves of some kniggits of one army (``movers``, as
    they stood) among ``enemies``, apart from standing room among their own army: row ``r`` is
    menu move ``r % MENU_MOVES`` of ``movers[owner[r]]``, action number ``index[r]``, towards
    ``points[r]``, stopping at ``stops[r]``, and ``passed[r]`` says whether it passed.  It stays
    true while neither those kniggits nor any enemy has changed: in a moving phase only one's own
    kniggits move, so one judgement serves the whole phase, each kniggit until it moves."""

    enemies: tuple
    movers: tuple
    owner: np.ndarray
    index: np.ndarray
    points: np.ndarray
    passed: np.ndarray
    stops: np.ndarray
    place: dict  # kniggit id -> its number in movers
    where: np.ndarray  # each mover's place among the state's kniggits

    def holds_for(self, state, enemies: tuple, movers: list) -> bool:
        """Whether this judgement still holds for ``movers`` among ``enemies`` in ``state``:
        each mover is the very kniggit judged, in the same place among the state's kniggits."""
        if len(enemies) != len(self.enemies) or not all(a is b for a, b in zip(enemies, self.enemies)):
            return False
        place, judged, where, ks = self.place, self.movers, self.where, state.kniggits
        return all(k.id in place and judged[place[k.id]] is k and ks[where[place[k.id]]] is k for k in movers)


_NO_MOVES = np.zeros(0, dtype=np.intp)
_NO_MOVES.flags.writeable = False


class Menu:
    """The legal action numbers of one seat in one state (``legal``, ascending), with what each
    decodes to: a decision string (``named``), or for a move the row of the judgement
    (``judged``) that says which kniggit goes where (``moves``: the action numbers, ascending, as
    an array and as a list; ``rows``: their rows); and the mask, once asked for."""

    __slots__ = ("legal", "named", "moves", "move_list", "rows", "judged", "mask")

    def __init__(self) -> None:
        self.legal: list[int] = []
        self.named: dict[int, str] = {}
        self.moves: np.ndarray = _NO_MOVES
        self.move_list: list[int] = []  # ``moves`` as a list, for looking one up
        self.rows: np.ndarray = _NO_MOVES
        self.judged: Judged | None = None
        self.mask: np.ndarray | None = None
