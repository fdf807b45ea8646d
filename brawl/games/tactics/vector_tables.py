"""What the compiled agent seat (:mod:`.batch_agent`) reads about the Tactics encoding, worked out once
per battle from the encoding itself (:class:`.encoding.TacticsEncoding`): where each entry of the
observation sits (from its ``observation_labels``), the scales it divides by (its own maxima of hit
points and spells), and the action number of every decision the kernel lists (from its action list,
each decision named as the rules name it, :func:`.batch.action_text`, and numbered by the encoding)
and back.  Nothing here writes the layout or the action list again."""

from __future__ import annotations

import numpy as np

from .batch import action_text
from .batch_game import V_AOO, V_CAST, V_DRAW, V_END, V_HIDE, V_MOVE, V_PASS, V_STAND, VERBS
from .batch_tables import SPELL_KEYS
from .data import SPELLS
from .encoding import SIDE_SIZE

#: the entries of a character's block, by their labels' names (``me1: present`` ...): ``F_*`` index them
FIELDS = ("present", "conscious", "dead", "stable", "hit points", "x", "y", "prone", "acted", "hamstrung", "blur",
          "haste", "resistance", "on turn", "ranged weapon", "ammunition", "spells left", "provoking", "hidden")
(F_PRESENT, F_CONSCIOUS, F_DEAD, F_STABLE, F_HP, F_X, F_Y, F_PRONE, F_ACTED, F_HAMSTRUNG, F_BLUR, F_HASTE,
 F_RESIST, F_ON_TURN, F_RANGED, F_AMMO, F_SPELLS, F_PROVOKING, F_HIDDEN) = range(len(FIELDS))
#: the entries after the blocks, by their labels, then the map's own slot: ``LAY[T_* + len(FIELDS)]``
TAIL = ("deciding a turn", "deciding an attack of opportunity", "move action used", "standard action used",
        "round / max_rounds")
T_TURN, T_REACTION, T_MOVED, T_STD, T_ROUND, T_MAP = range(len(FIELDS), len(FIELDS) + len(TAIL) + 1)
#: decisions whose kernel row names no character (their other columns may hold anything)
PLAIN = (V_STAND, V_DRAW, V_HIDE, V_END, V_AOO, V_PASS)


def layout(game, enc) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(``LAY``: each field's offset in a block, then the tail's entries and this battle's map slot;
    ``BASE``: where each place's block starts; ``PLACES[seat, place]``: the character in that place of
    the seat's observation, -1 for none)."""
    labels = enc.observation_labels
    first = labels.index("me1: present")
    lay = [labels.index(f"me1: {f}") - first for f in FIELDS]
    lay += [labels.index(t) for t in TAIL] + [labels.index(f"map {game.options.map}")]
    base = [labels.index(f"{side}{k}: present") for side in ("me", "foe") for k in range(1, SIDE_SIZE + 1)]
    places = -np.ones((2, len(base)), np.int64)
    for seat in (0, 1):
        for p, unit in enumerate(enc._places[seat]):
            places[seat, p] = -1 if unit is None else unit
    return np.array(lay, np.int64), np.array(base, np.int64), places


def scales(game, enc) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the encoding's hit point maxima, its spell totals, (width - 1, height - 1, max rounds) as it
    divides by them)."""
    scale = np.array([max(1, enc.width - 1), max(1, enc.height - 1), game.options.max_rounds], np.int64)
    return np.array(enc._top_hp, np.int64), np.array(enc.spell_totals, np.int64), scale


def actions(game, enc):
    """(``BY_UNIT[seat, verb, unit]`` (column 0 for the plain decisions), ``BY_SQUARE[x, y]`` (moves),
    ``BY_SPELL[seat, spell, target + 1]`` (target: -1 itself, a character or a square number)): the
    action numbers of the kernel's decisions, -1 where the encoding has none; and ``DECODE[seat,
    action]`` = (verb, a, b), verb -1 for an action the kernel never lists; ``IS_PLAIN[verb]``."""
    n = len(game.sheets)
    w, h = game.map.width, game.map.height
    squares = w * h
    by_unit = -np.ones((2, len(VERBS), n), np.int64)
    by_square = -np.ones((w, h), np.int64)
    by_spell = -np.ones((2, len(SPELL_KEYS), 1 + max(n, squares)), np.int64)
    decode = -np.ones((2, enc.num_actions, 3), np.int64)
    is_plain = np.zeros(len(VERBS), np.int64)
    is_plain[list(PLAIN)] = 1

    def number(seat: int, verb: int, a: int, b: int) -> int:
        try:
            i = enc.action_index(enc._encode(seat, action_text(game, verb, a, b)))
        except ValueError:  # a decision this seat never has (attacking its own side)
            return -1
        decode[seat, i] = (verb, a, b)
        return i

    for seat in (0, 1):
        for x in range(w):
            for y in range(h):
                by_square[x, y] = number(seat, V_MOVE, x, y)
        for verb in range(len(VERBS)):
            if verb in PLAIN:
                by_unit[seat, verb, 0] = number(seat, verb, 0, 0)
            elif VERBS[verb] in ("attack", "twoweapon", "hamstring", "trip", "shoot", "throw", "heal"):
                for j in range(n):
                    by_unit[seat, verb, j] = number(seat, verb, j, 0)
        for s, key in enumerate(SPELL_KEYS):
            target = SPELLS[key].target
            if target == "self":
                by_spell[seat, s, 0] = number(seat, V_CAST, s, -1)
            else:
                for t in range(squares if target == "area" else n):
                    by_spell[seat, s, t + 1] = number(seat, V_CAST, s, t)
    return by_unit, by_square, by_spell, decode, is_plain


def agent_tables(game, enc) -> tuple:
    """Everything :mod:`.batch_agent` reads, as one tuple (its ``AT``)."""
    lay, base, places = layout(game, enc)
    top_hp, spell_totals, scale = scales(game, enc)
    by_unit, by_square, by_spell, decode, is_plain = actions(game, enc)
    return (lay, base, places, top_hp, spell_totals, scale, by_unit, by_square, by_spell, decode, is_plain)
