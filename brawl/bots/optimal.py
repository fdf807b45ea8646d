"""The ``optimal`` bot: plays the solved policy of a game whose entry has an exact solver
(:mod:`brawl.solve`); every such game gets it."""

from __future__ import annotations

from typing import Any

from ..core.game import BrawlError, Game


class OptimalBot:
    """Plays the decision the exact solution rates best (ties: the first legal one in the table's
    order), so it never does worse than any other policy on average."""

    name = "optimal"

    def __init__(self, seed: int | None = None, game: Game | None = None) -> None:
        self._solution: Any = None
        self._options: dict | None = None
        if game is not None:
            self._load(game)

    def _load(self, game: Game) -> Any:
        from ..solve import solve_for_play

        options = game.options_json()
        if self._solution is None or options != self._options:
            try:
                self._solution = solve_for_play(game.name, options)
            except BrawlError as exc:
                raise BrawlError(f"the optimal bot cannot play {game.name}: {exc}") from None
            self._options = options
        return self._solution

    def choose(self, game: Game, state: Any, seat: int) -> str:
        return self._load(game).best_action(state, seat)
