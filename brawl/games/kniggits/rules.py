"""Kniggits: rock-paper-scissors meets sword and shield, on a measured table.

Two armies of toy knights ("kniggits") carry skill tokens of three colours: movement, attack and
defense.  The rules page (``rules.md``) gives every rule with its seed section or ruling.  Kniggits
uses no dice: every uncertainty is a sealed, simultaneous choice.

Decisions (strings)
-------------------
Set-up, both armies at once, sealed until both are in:

- ``army:<preset>`` (``balanced``, ``heavy``, ``horde``; ``archers``, ``cavalry``, ``duelists``
  with their options; ``jouster`` for jousting) or ``army:<m>/<a>/<d>[/archer]@<x>,<y>;...``
  (see :mod:`.army`).

Who goes first, both at once, sealed, best of three: ``rock``, ``paper``, ``scissors``.

Phase one, moving (the player on turn, any order, then ``end_move``):

- ``move:<id>:<x>:<y>[:<x>:<y>...]``: move a kniggit along straight segments through the given
  points (at most 8); once per kniggit per turn.  The move stops by itself on coming within 2 inches
  of an enemy; a kniggit that starts in combat may only make one straight move away.
- ``face:<id>:<enemy>``: face an enemy within 2 inches.
- ``second:<id>:<enemy>``: where a magic sword's second attack goes (magic swords).
- ``shoot:<id>:<enemy>``: an archer that has not moved shoots this turn (archers).
- ``pick:<id>:<item>:<sword|shield>``: pick up a flag, the princess or the grail with that hand.
- ``drop:<id>``: put down what the kniggit carries.
- ``end_move``.

On a real table (option ``measure: table``) the players measure, and moves to points give way to
what happened there (:mod:`.real_table`): ``reach:<id>:<enemy>`` (it came within 2 inches of that
enemy), ``moved:<id>``, ``leave:<id>`` (out of combat) and ``off:<id>`` (a fleeing kniggit left
the table).

Phase two, turning (the other player): ``face:<id>:<enemy>`` for his kniggits in combat with more
than one enemy, then ``end_turning``.  (With one enemy there is no choice; it is done for him.)

Phase three, fighting, one fight after the other, each side at once and sealed:
``fight:<attacker>-<defender>:<sword hand>:<shield hand>``, each hand ``high``, ``middle``, ``low``
or ``none``; with double defense the sword hand may be ``guard-<height>``; a two-sword kniggit's
second hand is a second sword.  ``legal_actions`` lists the finite decisions; moves are checked by
``check_action`` and drawn by ``sample_action``.

The rules by concept
--------------------
:class:`Kniggits` is put together from one part per concept, each in its own module:
:mod:`.setup` (the things on the table, mustering the armies, who goes first), :mod:`.movement`
(phase one: paths, combat rings, facing, carrying, fleeing), :mod:`.real_table` (phase one when
the players measure on a real table), :mod:`.shooting` (archers),
:mod:`.fights` (phase three), :mod:`.turns` (whose decision it is, the end of a turn, winning),
:mod:`.decisions` (legal decisions and the transition each makes) and :mod:`.views` (views per seat
and words).  Every number and formula of the rules is in :mod:`.mechanics`; the state and options
are in :mod:`.state`; the table in :mod:`.geometry`, armies in :mod:`.army`, hands and blows in
:mod:`.combat`.  The parts call one another through the game object and import none of each other.
"""

from __future__ import annotations

from ...core.game import Game, OptionsError
from . import mechanics
from .decisions import Decisions
from .fights import Fights
from .geometry import Table
from .mechanics import MAX_STRETCHES as MAX_WAYPOINTS
from .model import HEIGHTS, Item, Kniggit
from .movement import Movement
from .real_table import RealTable
from .setup import Setup
from .shooting import Shooting
from .state import (
    ARMY_LETTERS,
    EVENTS_KEPT,
    SCENARIOS,
    SEAT_NAMES,
    KniggitsOptions,
    KniggitsState,
)
from .state import item as _item
from .state import kniggit as _kniggit
from .turns import TurnFlow
from .views import Views


class Kniggits(Decisions, Setup, Movement, RealTable, Shooting, Fights, TurnFlow, Views, Game[KniggitsState]):
    name = "kniggits"
    title = "Kniggits"
    free_form = True  # armies and moves are written as text (a point on the table), judged by the rules
    description = ("Rock-paper-scissors meets sword and shield: two armies of toy knights on a measured table; "
                   "in every fight both sides show sword and shield at once, high, middle or low.")
    Options = KniggitsOptions
    State = KniggitsState

    def __init__(self, options=None, **kwargs) -> None:
        super().__init__(options, **kwargs)
        o = self.options
        self.table = Table(o.table, o.terrain, o.scale)
        self.on_real_table = o.measure == "table"
        problems = self.table.spacing_problems()
        if problems:
            from .spacing import spacing_advice  # what to change, worked out only when it is needed
            raise OptionsError(f"bad options for kniggits: terrain {o.terrain!r} on a {o.table:g} in table at scale "
                               f"{o.scale:g}: " + "; ".join(problems) + ". " + spacing_advice(o.table, o.terrain, o.scale))
        if o.measure == "table" and self.real_table_problems():
            raise OptionsError("bad options for kniggits: on a real table (measure: table) brawl cannot play "
                               + " or ".join(self.real_table_problems()))
        if o.scenario == "joust" and o.points < mechanics.JOUST_MIN_POINTS:
            raise OptionsError(f"bad options for kniggits: jousting needs at least {mechanics.JOUST_MIN_POINTS} points "
                               "(a kniggit on horseback)")

    # -- reading the state -------------------------------------------------------------------------
    @staticmethod
    def kniggit(state: KniggitsState, kid: str) -> Kniggit | None:
        return _kniggit(state, kid)

    @staticmethod
    def item(state: KniggitsState, iid: str) -> Item | None:
        return _item(state, iid)


__all__ = [
    "ARMY_LETTERS",
    "EVENTS_KEPT",
    "HEIGHTS",
    "MAX_WAYPOINTS",
    "SCENARIOS",
    "SEAT_NAMES",
    "Kniggits",
    "KniggitsOptions",
    "KniggitsState",
]
