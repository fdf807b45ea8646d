"""The pieces on the table: kniggits and the things they can pick up."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from ...core.values import Remembers
from .mechanics import COLOURS, HEIGHT_TOKEN, HEIGHTS

__all__ = ["COLOURS", "HEIGHTS", "HEIGHT_TOKEN", "Item", "Kniggit"]

_PACK_PLACE = struct.Struct("4d").pack
_PLACE = "kniggits place row"  # its key in a kniggit's memo


def place_rows(kniggits) -> bytes:
    """Each kniggit's x, y, seat and whether it is on the table (1 or 0), packed as four float64
    and joined: the rows of the table the compiled checks read (``Movement.table_rows``).  A
    kniggit keeps its row in its memo (a copy with other fields starts without it)."""
    out = []
    for k in kniggits:
        memo = k.__dict__.get("_memo")
        row = memo.get(_PLACE) if memo else None
        if row is None:
            row = k.memo()[_PLACE] = _PACK_PLACE(k.x, k.y, k.seat, k.status != "gone")
        out.append(row)
    return b"".join(out)


@dataclass(frozen=True)
class Kniggit(Remembers):
    id: str
    seat: int
    x: float
    y: float
    move: int
    attack: int
    defense: int
    archer: bool = False
    two_swords: bool = False
    status: str = "fighting"  # "fighting" | "fleeing" | "gone"
    facing: str = ""  # the enemy faced in combat
    heading: float = 0.0  # degrees, for drawing; 0 points along +x
    lost: tuple[str, ...] = ()  # powers lost for good: "horse", "magic", "double"
    carrying: str = ""  # id of the item carried
    hand: str = ""  # the hand that carries: "sword" or "shield"
    moved: bool = False  # moved this turn
    shot: str = ""  # target an archer declared this turn
    second: str = ""  # target of a magic sword's second attack this turn
    guarded: bool = False  # defended with both hands this turn, so may not attack again

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def active(self) -> bool:
        return self.status == "fighting"

    @property
    def on_table(self) -> bool:
        return self.status != "gone"

    def tokens(self, colour: str) -> int:
        return getattr(self, colour)

    @property
    def total(self) -> int:
        return self.move + self.attack + self.defense

    @property
    def colours(self) -> int:
        return sum(1 for c in COLOURS if self.tokens(c) > 0)


@dataclass(frozen=True)
class Item:
    """A flag, the princess, the grail or a magic potion."""

    id: str
    kind: str  # "flag" | "princess" | "grail" | "potion"
    x: float
    y: float
    owner: int = -1  # the army a flag belongs to
    power: str = ""  # a potion's colour: "move" | "attack" | "defense"
    carrier: str = ""  # id of the kniggit carrying it

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)
