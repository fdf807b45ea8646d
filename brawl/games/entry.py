"""A game entry: everything one game brings, named in one place.

Each game package (``brawl/games/<game>/``) ends its ``__init__.py`` with an :class:`Entry`, and
``brawl/games/__init__.py`` lists the package in one line.  The rest of brawl asks the entry and
never the game's name: the CLI (``brawl sim``, ``solve``, ``odds``, ``analyze``), the Ray backend,
the solve cache, the hints, the server and the research interfaces.  Every part but the rules is
optional, and each is named by a ``"module:attribute"`` path imported on first use, so listing
the games costs nothing and one game's heavy dependencies (Numba, SciPy) never slow another.

=============  ===================================================================================
part           what it is, and who asks for it
=============  ===================================================================================
``rules``      the :class:`~brawl.core.game.Game` subclass (everyone)
``bots``       a ``BOTS`` dict of bot factories; ``random`` (and ``optimal`` when there is a solver)
               come for free (:mod:`brawl.bots`)
``solver``     a module with ``COVERS`` (text), ``unsupported(options) -> list[str]``,
               ``quick(options) -> bool`` and ``solve(options, path) -> solution``; a solution has
               ``first_mover_win``, ``action_values(state, seat)``, ``best_action(state, seat)`` and
               ``to_json()`` (:mod:`brawl.solve`: the cache, the ``optimal`` bot, hints)
``generic``    ``first_mover_generic(game) -> dict``: the reference solve state by state
               (``brawl solve --generic``)
``batch``      a module with ``can_run(bots)`` and ``run_range(options, bots, seed, start, stop,
               workers)`` (``brawl sim``, the Ray backend, the reports), and optionally
               ``unsupported(options) -> list[str]`` (what of the options the kernel does not play)
``odds``       a Typer app: ``brawl odds <game> ...`` runs it with the words after the game
``encoding``   the :class:`brawl.rl.encodings.Encoding` subclass (PettingZoo, Gymnasium, OpenSpiel)
``vector``     a Gymnasium ``VectorEnv`` class stepping many games in one compiled call
               (``brawl.rl.vector_env``)
``playouts``   ``kernel_policy(game, bots, epsilon, seed) -> Policy | None``: the review's playouts
               on the compiled kernel (:mod:`brawl.review.policy`), ``None`` where the kernel cannot
               play these options or bots (the engine plays them then)
``analysis``   a module with ``build_from_cli(options, out, **flags)`` (``brawl analyze``)
``lang``       a module of the game's text in other languages: ``ES`` (English template to Spanish),
               ``NAMES_ES`` (names to translate) and ``VALUES`` (English labels of option values)
               (:mod:`brawl.games.lang`: the lobby, the game page, the replay viewer)
``renderer``   true when ``brawl/web/static/games/<game>.js`` draws the game's board
``levels``     the bots behind the levels players choose (easy, normal, hard): for each level the
               bots to try in order, the first that can play the chosen options standing
=============  ===================================================================================

Adding a game: write its package (rules first; see ``brawl/games/rps`` for the smallest), give it
an ``ENTRY``, and add one line to ``_PACKAGES`` in ``brawl/games/__init__.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class Entry:
    name: str
    rules: str
    bots: str | None = None
    solver: str | None = None
    generic: str | None = None
    batch: str | None = None
    odds: str | None = None
    encoding: str | None = None
    vector: str | None = None
    playouts: str | None = None
    analysis: str | None = None
    lang: str | None = None
    renderer: bool = False
    levels: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("easy", ("random",)),
        ("normal", ("heuristic", "random")),
        ("hard", ("optimal", "heuristic", "random")),
    )

    def has(self, part: str) -> bool:
        return getattr(self, part) is not None

    def load(self, part: str) -> Any:
        """The part imported (a module, or the attribute after ``:``); None when the game has none."""
        target = getattr(self, part)
        if target is None:
            return None
        module, _, attribute = target.partition(":")
        loaded = import_module(module)
        return getattr(loaded, attribute) if attribute else loaded
