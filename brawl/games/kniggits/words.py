"""Kniggits in a player's words: hands, tokens, things on the table and armies, for labels, log
lines and error messages (never a decision string)."""

from __future__ import annotations

from .combat import NONE
from .model import HEIGHTS, Item, Kniggit

TOKEN = {"move": "movement", "attack": "attack", "defense": "defense"}
PRESET_WORDS = {
    "balanced": "the ready-made balanced army",
    "heavy": "the ready-made heavy army (two strong kniggits)",
    "horde": "the ready-made horde (many small kniggits)",
    "archers": "the ready-made army with archers",
    "cavalry": "the ready-made cavalry (kniggits on horseback)",
    "duelists": "the ready-made duelists (two swords each)",
    "jouster": "the ready-made jouster (one kniggit on horseback)",
}
PHASES = {"army": "choosing armies", "rps": "rock-paper-scissors for who goes first", "move": "moving",
          "turning": "turning", "fight": "fighting", "over": "over"}


def tokens(colours: list[str]) -> str:
    """["defense"] -> "a defense token"; ["move", "attack"] -> "a movement token and an attack token"."""
    words = [("an " if TOKEN[c][0] in "aeiou" else "a ") + TOKEN[c] + " token" for c in colours]
    return " and ".join(words) if words else "nothing"


def item(it: Item | None, seat_names: tuple[str, ...]) -> str:
    if it is None:
        return "something"
    if it.kind == "flag":
        return f"{seat_names[it.owner]}'s flag" if 0 <= it.owner < len(seat_names) else "a flag"
    if it.kind == "potion":
        return f"a potion of {TOKEN.get(it.power, it.power)}"
    return f"the {it.kind}"


def hand(k: Kniggit | None, which: int, shown: str) -> str:
    """What one hand shows: ``which`` 0 is the sword hand (a bow for an archer), 1 the shield hand
    (a second sword for a two-sword kniggit)."""
    if which == 0:
        name = "bow" if k is not None and k.archer else "sword"
        if shown.startswith("guard-"):
            return f"sword guarding {shown[len('guard-'):]}"
    else:
        name = "second sword" if k is not None and k.two_swords else ("defense" if k is not None and k.archer else "shield")
    if shown == NONE:
        return f"no {name}"
    if shown in HEIGHTS:
        return f"{name} {shown}"
    return f"{name} (unknown gesture)"


def hands(k: Kniggit | None, shown: tuple[str, str], choices: tuple[list, list] | None = None) -> str:
    """Both hands, leaving out a hand that had no choice but to show nothing."""
    parts = []
    for which in (0, 1):
        if choices is not None and list(choices[which]) == [NONE] and shown[which] == NONE:
            continue
        parts.append(hand(k, which, shown[which]))
    return " and ".join(parts) if parts else "nothing"


def recruit(r) -> str:
    what = "archer" if r.archer else "kniggit"
    return (f"{what} with {r.move} movement, {r.attack} attack and {r.defense} defense tokens "
            f"at ({r.x:.1f}, {r.y:.1f})")


def army(recruits: list) -> str:
    n = len(recruits)
    return f"an army of {n} kniggit{'s' if n != 1 else ''}: " + "; ".join(recruit(r) for r in recruits)
