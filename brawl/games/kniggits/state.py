"""What a Kniggits game is played with: its options, its state, and the small pure steps every part
of the rules takes on a state (find a kniggit, put it back changed, note an event, end the game).

The state is an immutable value; each function here returns a new one.  Its JSON form (field names
and order) is the saved game and the record's replay target, so it does not change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from ...core.game import GameOptions
from ...core.values import Remembers, replace
from . import mechanics as m
from .model import Item, Kniggit

SEAT_NAMES = ("Red", "Blue")
ARMY_LETTERS = ("A", "B")
SCENARIOS = ("battle", "flag", "princess", "grail", "joust")
EVENTS_KEPT = 40  # the latest things that happened, for people


class KniggitsOptions(GameOptions):
    points: int = Field(m.POINTS_TO_START, ge=m.KNIGGIT_COST, le=500, title="Points",
                        description=f"Points for each army: a kniggit costs {m.KNIGGIT_COST}, a skill token "
                                    f"{m.TOKEN_COST}. The seed suggests {m.POINTS_TO_START}.")
    table: float = Field(m.TABLE_SIDE, ge=12, le=144, title="Table",
                         description="Side of the square table in inches (the seed: at least 3 feet).")
    scale: float = Field(1.0, ge=0.25, le=4, title="Scale",
                         description="Every distance of the rules times this: 0.5 for figures under an inch, 2 for big ones. "
                                     "Obstacles stand 2 inches times the scale apart, so a larger scale needs a larger "
                                     "table: at scale 2 a village needs 37 inches, a forest 69, open ground any.")
    terrain: Literal["village", "forest", "open"] = Field(
        "village", title="Terrain",
        description="Obstacles on the table: village, forest or open ground, each the same for both armies.")
    horses: bool = Field(False, title="Horses",
                         description=f"Advanced rule: a kniggit with {m.POWER_TOKENS} or more movement tokens rides a horse.")
    magic_swords: bool = Field(False, title="Magic swords",
                               description=f"Advanced rule: a kniggit with {m.POWER_TOKENS} or more attack tokens "
                                           "attacks twice on its turn.")
    double_defense: bool = Field(False, title="Double defense",
                                 description=f"Advanced rule: a kniggit with {m.POWER_TOKENS} or more defense tokens "
                                             "may guard with the sword hand too.")
    two_swords: bool = Field(False, title="Two swords",
                             description=f"Advanced rule: a kniggit bought with no defense tokens and {m.POWER_TOKENS} "
                                         "or more attack tokens fights with two swords.")
    archers: bool = Field(False, title="Archers",
                          description=f"Advanced rule: bows that shoot {m.RANGE_PER_DEFENSE_TOKEN:g} inches for each "
                                      "defense token; no moving and shooting in one turn.")
    archer_defense: Literal["shots", "never"] = Field(
        "shots", title="Archer defense",
        description=("When an archer may defend. shots (the seed's words): an archer shot at defends normally, "
                     "and is defenseless only hand to hand. never: an archer never defends, not even against arrows."))
    potions: bool = Field(False, title="Potions",
                          description=f"Advanced rule: magic potions on the table, each {m.POTION_TOKENS} more tokens "
                                      "of one colour.")
    scenario: Literal["battle", "flag", "princess", "grail", "joust"] = Field(
        "battle", title="Scenario",
        description="What wins: battle (rout the enemy army), flag (capture the flag), princess (rescue the princess), "
                    "grail (quest for the grail) or joust (one horseman each).")
    disengage: Literal["direct", "away"] = Field(
        "direct", title="Disengage",
        description="Leaving combat: direct (straight away from a single enemy) or away (any straight line that takes "
                    "the kniggit further from every enemy).")
    turn_limit: int = Field(60, ge=0, le=10000, title="Turn limit",
                            description="Turns (both players together) before the game is scored; 0 for none.")
    measure: Literal["app", "table"] = Field(
        "app", title="Measured on",
        description=("Where distances are measured. app: brawl's own table, moves to points in inches. table: a real "
                     "table with toy knights; the players measure and tell brawl what happened (which kniggit reached "
                     "which enemy, which left combat or the table) and brawl keeps the tokens, turns and fights."))
    fight_timer: float = Field(30.0, ge=0, le=3600, title="Fight timer",
                               description="Seconds a fight's hands may take in live play on the server; a hand not "
                                           "chosen in time does nothing. 0 for no timer.")


@dataclass(frozen=True)
class KniggitsState(Remembers):
    """A position.  What the rules read off it more than once a decision (whose decision it is,
    who is in combat with whom) is kept in its memo (:class:`.Remembers`)."""

    phase: str = "army"  # army | rps | move | turning | fight | over
    armies: tuple = (None, None)  # sealed army decisions
    rps_sealed: tuple = (None, None)
    rps_wins: tuple = (0, 0)
    rps_rounds: tuple = ()
    kniggits: tuple = ()
    items: tuple = ()
    to_act: int = 0
    first_mover: int = -1
    turns: int = 0
    fights: tuple = ()  # (attacker id, defender id, kind) still to fight this turn
    sealed: tuple = (None, None)  # hands chosen in the current fight
    revealed: tuple = ()  # the last fight: (pair, hands of seat 0, hands of seat 1, result)
    events: tuple = ()  # the latest things that happened, for people
    winners: tuple = ()
    end: str = ""
    contacts: tuple = ()  # on a real table (option measure): declared pairs in combat, (id, id) sorted
    left: tuple = ()  # on a real table: (kniggit id, enemy id), the enemies each kniggit left combat with this turn


def set_seat(pair: tuple, seat: int, value) -> tuple:
    """``pair`` with ``seat``'s entry replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def kniggit(state: KniggitsState, kid: str) -> Kniggit | None:
    for k in state.kniggits:
        if k.id == kid:
            return k
    return None


def item(state: KniggitsState, iid: str) -> Item | None:
    for it in state.items:
        if it.id == iid:
            return it
    return None


def put(state: KniggitsState, k: Kniggit) -> KniggitsState:
    """The state with kniggit ``k`` (found by its id) as given."""
    ks = state.kniggits
    kid = k.id
    for i, x in enumerate(ks):
        if x.id == kid:
            return replace(state, kniggits=ks[:i] + (k,) + ks[i + 1:])
    return replace(state)


def put_item(state: KniggitsState, it: Item) -> KniggitsState:
    return replace(state, items=tuple(it if x.id == it.id else x for x in state.items))


def add_event(state: KniggitsState, text: str) -> KniggitsState:
    """Note what happened, for people (a rolling window of the latest :data:`EVENTS_KEPT`)."""
    return replace(state, events=(state.events + (f"turn {state.turns + 1}: {text}",))[-EVENTS_KEPT:])


def finish(state: KniggitsState, winners: tuple, why: str) -> KniggitsState:
    return replace(state, phase="over", winners=tuple(winners), end=why, fights=(), sealed=(None, None))
