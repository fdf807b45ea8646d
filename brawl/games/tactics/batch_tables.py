"""The compiled Tactics games' fixed facts, worked out once per battle from the rules package itself.

The kernel (:mod:`.batch_game`) reads small integer arrays; every number in them comes from the
game's own tables and functions: the sheets (:mod:`.characters`: hit points, base attack, ability
modifiers, skills, speed, sneak attack), the weapons and shields of :mod:`.data` (damage dice in
each grip from :func:`.data.weapon_dice`), the map's walk table (:func:`.paths.walk_table`, the same
steps the route search takes), line of effect and flanking lines (:mod:`.grid`), and the Spot DC of
:func:`.mechanics.hide_dc` for every set of conscious enemies.  Nothing here writes a rule again.

The optional d20 rules are runtime data, not compiled variants: an iterative attack's count
(:func:`.attacks.full_attack_count`) and modifiers (:func:`.modifiers.iterative_modifier`), who is
flat-footed until a first turn (:func:`.saves.flat_footed`), the aware side and the first round
(:func:`.turns.aware_side`, the engine's initial state), the unarmed strike's dice
(:data:`.data.UNARMED_DICE`) and, with cover, the map's corner-to-corner lines (:func:`cover_tables`,
from :func:`.cover.corners` and :func:`.grid.crosses_interior`, and :func:`.cover.burst_cover`).

:func:`unsupported` names the options the kernel does not play (they run on the engine), and
:func:`vector_unsupported` those the vectorised environment does not play.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...core.dice import parse
from . import cover as C
from .data import CLASSES, FIREBALL_RADIUS, MAX_ATTACKS, SHIELDS, SPELLS, UNARMED_DICE, WEAPONS, weapon_dice
from .grid import NEIGHBOURS, Map, burst, crosses_interior, line_of_effect, line_through
from .mechanics import hide_dc
from .modifiers import iterative_modifier
from .paths import walk_table
from .state import replace

SPELL_KEYS = tuple(SPELLS)
#: the state of one character, columns of the unit array; ``CASTS + s``: casts left of spell ``s``
(X, Y, HP, PRONE, STABLE, DEAD, ACTED, MAIN, OFF, TWO, SHEATH, AMMO, HAMSTRUNG, HIDDEN, BLUR, HASTE, RESIST,
 NONLETHAL, CASTS) = range(19)
UNIT_FIELDS = CASTS + len(SPELL_KEYS)
#: the sheet of one character, columns of the sheet array; ``SPELL_DC + s``: the DC of spell ``s``; ``NATT``
#: the main-hand attacks of a full attack, ``FLAT`` flat-footed until its first turn
(SIDE, MAXHP, BAB, STR, DEX, WIS, MAXDEX, ARMOR, SPEED, SNEAK, HEAL, HIDE, REF, WILL, CONC, CLS, NATT, FLAT,
 SPELL_DC) = range(19)
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
#: the options, entries of the options array: the aware side (-1: no surprise round), the first
#: round, the unarmed strike's dice, ``O_ITER + k`` the modifier of a full attack's attack ``k``;
#: with cover (``O_COVER``) the tables of :func:`cover_tables` from ``O_CORNERS`` on
(O_MAX_ROUNDS, O_FLAT_FOOTED, O_WIELDING, O_PRONE_ALL, O_WIDTH, O_HEIGHT, O_UNITS, O_INTO_MELEE, O_COVER, O_AWARE,
 O_FIRST_ROUND, O_UNARMED, O_FIST_COUNT, O_FIST_SIDES, O_ITER) = range(15)
O_CORNERS = O_ITER + MAX_ATTACKS
OPTION_FIELDS = O_CORNERS
MAX_UNITS = 8
#: a square pair's entry in the cover tables: the attacker's corners with a wall across a line to
#: the target (4 bits, :func:`.cover.corners` order), cover from a burst there, line of effect
WALL_CORNERS, BURST_COVER, LINE = 15, 16, 32

#: options the compiled games play in one value only (name: that value; any other runs on the engine):
#: none, every option is played
_PLAYED: dict = {}
#: the options the vectorised environment (:mod:`.vector`) does not play yet
_VECTOR_LACKS = {"cover": False, "unarmed_strikes": False, "iterative_attacks": False, "surprise_round": "none"}


def _differ(game, played: dict) -> list[str]:
    return [f"{name}={getattr(game.options, name)}" for name, value in played.items()
            if getattr(game.options, name) != value]


def unsupported(game) -> list[str]:
    """Why the compiled games cannot play this battle (empty when they can): the optional d20 rules
    above are played by the engine only."""
    return _differ(game, _PLAYED)


def vector_unsupported(game) -> list[str]:
    """Why the vectorised environment cannot play this battle (empty when it can)."""
    return _differ(game, {**_VECTOR_LACKS, **_PLAYED})


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
    start = game.initial_state()
    fresh = replace(start, units=tuple(replace(u, acted=False) for u in start.units))  # before any first turn
    for i, s in enumerate(game.sheets):
        out[i, :SPELL_DC] = (game.sides[i], s.max_hp, s.bab, s.mod("str"), s.mod("dex"), s.mod("wis"), s.max_dex,
                             s.armor_bonus, s.base_speed, s.sneak_dice, s.skill("heal"), s.skill("hide"),
                             s.save("ref"), s.save("will"), s.skill("concentration"), CLASSES.index(s.cls),
                             game.full_attack_count(i), int(game.flat_footed(fresh, i)))
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
    aware = game.aware_side()
    fist = _dice(UNARMED_DICE)
    out = [o.max_rounds, int(o.flat_footed), int(o.two_weapon_penalty == "wielding"), int(o.prone_damage == "all"),
           game.map.width, game.map.height, len(game.sheets), int(o.shooting_into_melee), int(o.cover),
           -1 if aware is None else aware, game.initial_state().round, int(o.unarmed_strikes), *fist]
    out += [sum(v for _, v in iterative_modifier(k)) for k in range(MAX_ATTACKS)]
    if o.cover:
        return np.concatenate([np.array(out, np.int64), cover_tables(game.map)])
    return np.array(out, np.int64)


@lru_cache(maxsize=4)
def corner_lines(width: int, height: int) -> np.ndarray:
    """[dx, dy, sx, sy] (the target at (dx, dy) >= 0 from the attacker at (0, 0)): the attacker's
    corners (bits in :func:`.cover.corners` order) from which a line to some corner of the target
    crosses the square (sx, sy) between them (:func:`.grid.crosses_interior`, as :mod:`.cover` asks
    it).  Other quadrants are mirror images (a mirror swaps the corners' bits).  Only squares the
    corner's lines can reach are asked: those the line through the two corners does not leave
    wholly on one side."""
    out = np.zeros((width, height, width, height), np.int64)
    sx, sy = np.meshgrid(np.arange(width), np.arange(height), indexing="ij")
    for dx in range(width):
        for dy in range(height):
            inside = (sx <= dx) & (sy <= dy) & ~((sx == 0) & (sy == 0)) & ~((sx == dx) & (sy == dy))
            for k, c in enumerate(C.corners((0, 0))):
                for e in C.corners((dx, dy)):
                    cx, cy, ex, ey = float(c[0]), float(c[1]), float(e[0] - c[0]), float(e[1] - c[1])
                    sides = [np.sign(ex * (sy + hy - cy) - ey * (sx + hx - cx))
                             for hx in (-0.5, 0.5) for hy in (-0.5, 0.5)]
                    apart = (np.minimum.reduce(sides) > 0) | (np.maximum.reduce(sides) < 0)
                    for x, y in zip(*np.nonzero(inside & ~apart & (out[dx, dy] >> k & 1 == 0))):
                        if crosses_interior(c, e, (int(x), int(y))):
                            out[dx, dy, x, y] |= 1 << k
    return out


def _mirror(mask: np.ndarray, fx, fy) -> np.ndarray:
    """Corner bits of a mirrored frame in the real one: x mirrored swaps corners k and k ^ 2, y k and k ^ 1."""
    out = np.zeros_like(mask)
    for k in range(4):
        out |= (mask >> k & 1) << (k ^ (2 * fx) ^ fy)
    return out


@lru_cache(maxsize=8)
def cover_tables(game_map: Map) -> np.ndarray:
    """Option cover, the tail of the options array: for every pair of squares (attacker, target, by
    square number) :data:`WALL_CORNERS`, :data:`BURST_COVER` (:func:`.cover.burst_cover` from the
    first as a burst's point of origin) and :data:`LINE` (line of effect); then :func:`corner_lines`
    of the map's size, flat."""
    w, h = game_map.width, game_map.height
    lines = corner_lines(max(w, 16), max(h, 8))[:w, :h, :w, :h]
    n = w * h
    x, y = np.arange(n) // h, np.arange(n) % h
    dx, dy = x[None, :] - x[:, None], y[None, :] - y[:, None]
    fx, fy = (dx < 0).astype(np.int64), (dy < 0).astype(np.int64)
    walls = np.zeros((n, n), np.int64)
    for wx, wy in game_map.walls:
        sx, sy = (wx - x[:, None]) * (1 - 2 * fx), (wy - y[:, None]) * (1 - 2 * fy)
        box = (sx >= 0) & (sx <= abs(dx)) & (sy >= 0) & (sy <= abs(dy))
        walls |= np.where(box, lines[abs(dx), abs(dy), np.clip(sx, 0, w - 1), np.clip(sy, 0, h - 1)], 0)
    table = _mirror(walls, fx, fy)
    _, _, loe, _, bursts = map_tables(game_map)
    table |= loe.astype(np.int64) * LINE
    for p, q in zip(*np.nonzero(bursts)):
        if C.burst_cover(game_map.walls, (int(x[p]), int(y[p])), (int(x[q]), int(y[q]))):
            table[p, q] |= BURST_COVER
    return np.concatenate([table.ravel(), lines.ravel()])


def tables(game):
    """Everything the kernel reads about a battle, as one tuple (see :mod:`.batch_game`)."""
    one, two, loe, near_wall, bursts = map_tables(game.map)
    return (sheets(game), items(), one, two, loe, near_wall, flank_lines(), hide_dcs(game), options(game),
            spells(), bursts)
