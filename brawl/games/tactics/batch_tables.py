"""The compiled Tactics games' fixed facts, worked out once per battle from the rules package itself.

The kernel (:mod:`.batch_game`) reads small integer arrays; every number in them comes from the
game's own tables and functions: the sheets (:mod:`.characters`: hit points, base attack, ability
modifiers, skills, speed, sneak attack), the weapons and shields of :mod:`.data` (damage dice in
each grip from :func:`.data.weapon_dice`), the map's walk table (:func:`.paths.walk_table`, the same
steps the route search takes), line of effect and flanking lines (:mod:`.grid`), and the Spot DC of
:func:`.mechanics.hide_dc` for every set of conscious enemies.  Nothing here writes a rule again.

:func:`unsupported` names the options the kernel does not play (they run on the engine).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...core.dice import parse
from .data import CLASSES, FIREBALL_RADIUS, SHIELDS, SPELLS, WEAPONS, weapon_dice
from .grid import NEIGHBOURS, Map, burst, line_of_effect, line_through
from .mechanics import hide_dc
from .paths import walk_table

SPELL_KEYS = tuple(SPELLS)
#: the state of one character, columns of the unit array; ``CASTS + s``: casts left of spell ``s``
(X, Y, HP, PRONE, STABLE, DEAD, ACTED, MAIN, OFF, TWO, SHEATH, AMMO, HAMSTRUNG, HIDDEN, BLUR, HASTE, RESIST,
 CASTS) = range(18)
UNIT_FIELDS = CASTS + len(SPELL_KEYS)
#: the sheet of one character, columns of the sheet array; ``SPELL_DC + s``: the DC of spell ``s``
(SIDE, MAXHP, BAB, STR, DEX, WIS, MAXDEX, ARMOR, SPEED, SNEAK, HEAL, HIDE, REF, WILL, CONC, CLS, SPELL_DC) = range(17)
SHEET_FIELDS = SPELL_DC + len(SPELL_KEYS)
#: a spell, columns of the spell array, and the codes of its target, save and effect
(SP_TARGET, SP_RANGE, SP_COUNT, SP_SIDES, SP_CONST, SP_SAVE, SP_EFFECT) = range(7)
TARGETS = ("self", "ally", "enemy_ranged_touch", "enemy_melee_touch", "enemy", "area")
SAVES = ("", "ref", "will_half")
EFFECTS = ("damage", "heal", "resistance", "blur", "haste")
#: an item (weapon or shield), columns of the item array; item 0 is an empty hand
(ISWEAPON, MELEE, RANGED, THROWN, CRITLO, MULT, LIGHT, GRIPTWO, DC1, DS1, DC2, DS2, STRDMG, SHIELD_AC) = range(14)
ITEM_FIELDS = 14
ITEMS = ("",) + tuple(WEAPONS) + tuple(SHIELDS)
ITEM_CODE = {k: n for n, k in enumerate(ITEMS)}
#: the options, entries of the options array
(O_MAX_ROUNDS, O_FLAT_FOOTED, O_WIELDING, O_PRONE_ALL, O_WIDTH, O_HEIGHT, O_UNITS, O_INTO_MELEE) = range(8)
OPTION_FIELDS = 8
MAX_UNITS = 8

#: the options the compiled games play as the engine does; any other value runs on the engine
_PLAYED = {"cover": False, "unarmed_strikes": False, "iterative_attacks": False,
           "surprise_round": "none"}


def unsupported(game) -> list[str]:
    """Why the compiled games cannot play this battle (empty when they can): the optional d20 rules
    above are played by the engine only."""
    return [f"{name}={getattr(game.options, name)}" for name, value in _PLAYED.items()
            if getattr(game.options, name) != value]


def _dice(expr: str) -> tuple[int, int]:
    """(count, sides) of a weapon's single dice term."""
    count, sides, _ = _dice_and_constant(expr)
    return count, sides


def _dice_and_constant(expr: str) -> tuple[int, int, int]:
    """(count, sides, constant) of a dice expression of one term ("" is no dice)."""
    if not expr:
        return 0, 1, 0
    e = parse(expr)
    (sign, term), = e.terms
    return term.count, term.sides, e.constant


@lru_cache(maxsize=1)
def spells() -> np.ndarray:
    out = np.zeros((len(SPELL_KEYS), 7), np.int64)
    for n, key in enumerate(SPELL_KEYS):
        s = SPELLS[key]
        out[n] = (TARGETS.index(s.target), s.range, *_dice_and_constant(s.dice), SAVES.index(s.save),
                  EFFECTS.index(s.effect))
    return out


@lru_cache(maxsize=1)
def items() -> np.ndarray:
    out = np.zeros((len(ITEMS), ITEM_FIELDS), np.int64)
    for key, n in ITEM_CODE.items():
        if key in WEAPONS:
            w = WEAPONS[key]
            c1, s1 = _dice(weapon_dice(w, False))
            c2, s2 = _dice(weapon_dice(w, True))
            out[n] = (1, int(w.melee), w.ranged, w.thrown, w.crit_lo, w.mult, int(w.light), int(w.grip == "two"),
                      c1, s1, c2, s2, int(w.str_to_damage), 0)
        elif key in SHIELDS:
            out[n, SHIELD_AC] = SHIELDS[key].ac
    return out


def sheets(game) -> np.ndarray:
    out = np.zeros((len(game.sheets), SHEET_FIELDS), np.int64)
    for i, s in enumerate(game.sheets):
        out[i, :SPELL_DC] = (game.sides[i], s.max_hp, s.bab, s.mod("str"), s.mod("dex"), s.mod("wis"), s.max_dex,
                             s.armor_bonus, s.base_speed, s.sneak_dice, s.skill("heal"), s.skill("hide"),
                             s.save("ref"), s.save("will"), s.skill("concentration"), CLASSES.index(s.cls))
        out[i, SPELL_DC:] = [s.spell_dc(k) for k in SPELL_KEYS]
    return out


def start_units(game) -> np.ndarray:
    state = game.initial_state()
    out = np.zeros((len(state.units), UNIT_FIELDS), np.int64)
    for i, u in enumerate(state.units):
        row = out[i]
        row[X], row[Y], row[HP], row[ACTED] = u.x, u.y, u.hp, int(u.acted)
        row[MAIN], row[OFF], row[TWO] = ITEM_CODE[u.main], ITEM_CODE[u.off], int(u.two_handed)
        row[SHEATH], row[AMMO] = ITEM_CODE[u.sheath], u.ammo
        for key, left in u.spells:
            row[CASTS + SPELL_KEYS.index(key)] = left
    return out


def hide_dcs(game) -> np.ndarray:
    """[side, mask of conscious enemies] -> the Spot DC a character of that side hides against."""
    n = len(game.sheets)
    out = np.zeros((2, 1 << n), np.int64)
    for side in (0, 1):
        for mask in range(1 << n):
            out[side, mask] = hide_dc([game.sheets[j].mod("wis") for j in range(n)
                                       if mask >> j & 1 and game.sides[j] != side])
    return out


@lru_cache(maxsize=8)
def map_tables(game_map: Map):
    """(one-square steps, two-square steps, line of effect, next to a wall) for a map: the walk
    table's steps by place key (-1 pads), line of effect between square numbers, and whether a
    square touches a wall square (diagonals included)."""
    walk = walk_table(game_map)
    places = len(walk.steps)
    one = -np.ones((places, 8), np.int64)
    two = -np.ones((places, 8), np.int64)
    for key, (a, b) in enumerate(walk.steps):
        one[key, :len(a)] = a
        two[key, :len(b)] = b
    n = len(walk.squares)
    loe = np.ones((n, n), np.uint8)
    if game_map.walls:
        for p in range(n):
            for q in range(p + 1, n):
                ok = line_of_effect(game_map, walk.squares[p], walk.squares[q])
                loe[p, q] = loe[q, p] = ok
    near_wall = np.zeros(n, np.uint8)
    for p, (x, y) in enumerate(walk.squares):
        near_wall[p] = any((x + dx, y + dy) in game_map.walls for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    bursts = np.zeros((n, n), np.uint8)
    for p, sq in enumerate(walk.squares):
        for q in burst(game_map, sq, FIREBALL_RADIUS):
            bursts[p, walk.numbers[q]] = 1
    return one, two, loe, near_wall, bursts


@lru_cache(maxsize=1)
def flank_lines() -> np.ndarray:
    """[a - t, b - t] (offsets as (dx + 1) * 3 + dy + 1): the line between a and b runs through t
    (:func:`.grid.line_through`; it depends on the offsets alone)."""
    out = np.zeros((9, 9), np.uint8)
    for da in NEIGHBOURS:
        for db in NEIGHBOURS:
            out[(da[0] + 1) * 3 + da[1] + 1, (db[0] + 1) * 3 + db[1] + 1] = line_through(da, db, (0, 0))
    return out


def options(game) -> np.ndarray:
    o = game.options
    return np.array([o.max_rounds, int(o.flat_footed), int(o.two_weapon_penalty == "wielding"),
                     int(o.prone_damage == "all"), game.map.width, game.map.height, len(game.sheets),
                     int(o.shooting_into_melee)], np.int64)


def tables(game):
    """Everything the kernel reads about a battle, as one tuple (see :mod:`.batch_game`)."""
    one, two, loe, near_wall, bursts = map_tables(game.map)
    return (sheets(game), items(), one, two, loe, near_wall, flank_lines(), hide_dcs(game), options(game),
            spells(), bursts)
