"""The advanced rules in the compiled Kniggits games (:mod:`.batch`): horses (and the joust),
magic swords, double defense and two swords (seed, Optional/Advanced Rules: Horses, Magic Swords,
Double Defense, Two Swords; Scenarios: Jousting; rules page, rules 25, 26, 28, 29 and 39).

Each rule is :mod:`.combat`'s, read on the kernel's tables (:mod:`.batch_moves`, whose rows
``LOST`` to ``SHOT`` hold what a kniggit of the advanced rules has beyond a battle's): who is on
horseback (:func:`.batch_moves.mounted`), who has a magic sword or a double defense, what each hand
may show in a fight (:func:`hand_lists`, :func:`.combat.hand_options`), which heights the shown
hands strike and defend and what their blows knock down (:func:`land`, :func:`.combat.resolve`),
the powers lost for good (:func:`.combat.powers_after`) and the joust won by unhorsing
(:meth:`.fights.Fights._fight`).  The numbers are the rules' own: the power's 5 tokens
(:func:`.mechanics.has_power`, compiled), the heights and guards in :mod:`.combat`'s order, the
heights a kniggit on foot may strike a horseman at asked of :func:`.combat.hand_options` itself.

A hand is a code: 0 to 2 the heights (:data:`.mechanics.HEIGHTS`), 3 nothing, 4 to 6 guarding a
height.  A hand's list of choices is a code of :data:`LISTS` (its length in :data:`LENGTHS`):
``strikes + 3 * guards``, where ``strikes`` is 0 (no height), 1 (every height) or 2 (the heights
a kniggit on foot reaches a horseman at), in the order :func:`.combat.hand_options` lists them.

A fight's kind rides in the defender's column of the turn's fights (``defender + KIND * kind``,
kind 0 a plain attack), so a battle's fights are written as they were.  The heuristic's strategy in
a fight of the advanced rules is asked of the bot itself, as :mod:`.batch_heuristic` asks for a
battle's, and kept in the same table under keys of their own (flags of 16 and more).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from numba import objmode

from ...sim.kernel import below, borrowing, counting, inlined
from . import combat, mechanics
from .batch_geom import compiled, has_power
from .batch_heuristic import _SOLVED, _GAMES, _shape, draw_mixed
from .batch_items import HANDS, SHIELD, SWORD
from .batch_moves import (ADV_HORSES, ARCHER, ATTACK, DEFENSE, FACING, FIGHTING, GONE, GUARDED, HAND, LOST, LOST_DOUBLE,
                          LOST_HORSE, LOST_MAGIC, MOVE, NOT_OVER, SEAT, SECOND, SHOT, STATUS, TWO, mounted)
from .model import Kniggit

ADV_MAGIC, ADV_DOUBLE, ADV_TWO, ADV_ARCHERS, ADV_SHOTS, ADV_JOUST = range(1, 7)  # ``Rules.adv`` after ADV_HORSES
MELEE, SECOND_FIGHT, AGAIN, SHOT_FIGHT = range(4)  # a fight's kind (:mod:`.combat`)
KIND_NAMES = ("melee", "second", "again", "shot")
KIND = 1 << 20  # a fight's kind rides in the defender's column: defender + KIND * kind
SECOND_TO = 20  # the log's code of a magic sword's second target (apart from batch_game's codes)
NONE_HAND = len(mechanics.HEIGHTS)  # a hand showing nothing (``batch_game.NONE``)
GUARD = NONE_HAND + 1  # guarding height h is GUARD + h
HAND_NAMES = tuple(mechanics.HEIGHTS) + (combat.NONE,) + combat.GUARDS  # the hands' words, by code

fights_with_two_swords = compiled(mechanics.fights_with_two_swords, has_power=has_power)


def _on_foot_heights() -> list[int]:
    """The heights a kniggit on foot may strike a horseman at, asked of the rules' own hand options."""
    opts = SimpleNamespace(horses=True, scenario="battle", magic_swords=False, double_defense=False)
    foot = Kniggit("A1", 0, 0.0, 0.0, 1, 1, 1)
    horse = Kniggit("B1", 1, 1.0, 0.0, mechanics.POWER_TOKENS, 1, 1)
    sword, _ = combat.hand_options(foot, horse, True, opts)
    return [mechanics.HEIGHTS.index(h) for h in sword if h in mechanics.HEIGHTS]


def _lists() -> tuple[np.ndarray, np.ndarray]:
    strikes = ([], list(range(len(mechanics.HEIGHTS))), _on_foot_heights())
    rows = [strikes[s] + ([GUARD + h for h in range(len(combat.GUARDS))] if g else []) + [NONE_HAND]
            for g in (0, 1) for s in (0, 1, 2)]
    table = np.full((len(rows), max(len(r) for r in rows)), NONE_HAND, np.int64)
    for c, r in enumerate(rows):
        table[c, :len(r)] = r
    return table, np.array([len(r) for r in rows], np.int64)


LISTS, LENGTHS = _lists()
ALL_HEIGHTS, NOT_HIGH, GUARDS_TOO = 1, 2, 3  # parts of a list's code


def advanced_flags(options) -> np.ndarray:
    """``Rules.adv``: which advanced rules a game plays, by the rules' own tests of its options."""
    o = options
    out = np.zeros(7, np.int64)
    out[ADV_HORSES] = combat.horses_on(o)
    out[ADV_MAGIC], out[ADV_DOUBLE], out[ADV_TWO], out[ADV_ARCHERS] = o.magic_swords, o.double_defense, o.two_swords, o.archers
    out[ADV_SHOTS] = o.archers and combat.archer_defends_shots(o)  # all 0 in a battle: its fights as they were
    out[ADV_JOUST] = o.scenario == "joust"
    return out


@borrowing
def runs_away(o, K, i, p, j):
    """:meth:`.setup.Setup._muster` for kniggit ``i`` just mustered (recruit ``j`` of army ``p``):
    whether it is an archer and whether it fights with two swords (set in ``K``), and whether it
    runs away in terror (no token of each colour, or a two-sword kniggit with no movement token)."""
    K[ARCHER, i] = o.army_archers[p, j]
    K[TWO, i] = np.int64(o.adv[ADV_TWO] != 0 and fights_with_two_swords(K[ATTACK, i], K[DEFENSE, i], K[ARCHER, i] != 0))
    if K[TWO, i]:
        return K[MOVE, i] == 0
    return K[MOVE, i] == 0 or K[ATTACK, i] == 0 or K[DEFENSE, i] == 0


@borrowing
def magic_sword(o, K, i):
    """:func:`.combat.magic_sword`."""
    return (o.adv[ADV_MAGIC] != 0 and has_power(K[ATTACK, i]) and K[TWO, i] == 0 and K[ARCHER, i] == 0
            and (K[LOST, i] & LOST_MAGIC) == 0)


@borrowing
def double_defense(o, K, i):
    """:func:`.combat.double_defense`."""
    return (o.adv[ADV_DOUBLE] != 0 and has_power(K[DEFENSE, i]) and (K[LOST, i] & LOST_DOUBLE) == 0
            and K[ARCHER, i] == 0 and K[TWO, i] == 0)


@borrowing
def _powers(o, K, i):
    """The powers ``i`` holds now, as the bits of ``LOST`` (:func:`.combat.powers_after`'s tests)."""
    return (LOST_HORSE * mounted(K, i, o) + LOST_MAGIC * magic_sword(o, K, i)
            + LOST_DOUBLE * double_defense(o, K, i))


@borrowing
def can_strike(K, i, kind, base):
    """:func:`.combat.can_strike` (``base``: the battle's test, ``batch_game._can_strike``, which a
    sword hand that carries fails; a two-sword kniggit always has a sword hand free)."""
    if K[STATUS, i] != FIGHTING or K[ATTACK, i] <= 0 or K[GUARDED, i]:
        return False
    if kind == SHOT_FIGHT:
        return K[ARCHER, i] != 0 and K[HAND, i] == 0
    if K[ARCHER, i]:
        return False
    return K[TWO, i] != 0 or base


@borrowing
def can_defend(o, K, i, shot, base):
    """:func:`.combat.can_defend` (``base``: the battle's test, ``batch_game._can_defend``)."""
    if not base or K[TWO, i]:
        return False
    if K[ARCHER, i]:
        return shot and o.adv[ADV_SHOTS] != 0
    return True


@borrowing
def _strikes_back(o, K, a, d, kind, base):
    """:func:`.combat.strikes_back`."""
    if kind == SHOT_FIGHT or K[FACING, d] != a or not can_strike(K, d, MELEE, base):
        return False
    if kind == AGAIN:
        return magic_sword(o, K, d)
    return True


@borrowing
def _side(o, K, k, other, strikes, shooting, shot_at, defend_base):
    """:func:`.combat.hand_options` of ``k`` against ``other`` as two list codes (sword hand, other hand)."""
    heights = ALL_HEIGHTS
    if not shooting and o.adv[ADV_HORSES] and mounted(K, other, o) and not mounted(K, k, o):
        heights = NOT_HIGH
    first = heights if strikes and K[HAND, k] != SWORD else 0
    if not shooting and double_defense(o, K, k) and can_defend(o, K, k, False, defend_base) and K[HAND, k] != SWORD:
        first += GUARDS_TOO
    if K[TWO, k]:
        second = heights if strikes and K[HAND, k] != SHIELD else 0
    else:
        second = ALL_HEIGHTS if not shooting and can_defend(o, K, k, shot_at, defend_base) else 0
    return first, second


@borrowing
def hand_lists(o, K, a, d, kind, strike_a, strike_d, defend_a, defend_d, out):
    """:meth:`.fights.Fights._fight_hands`: the list codes of the attacker's two hands, then the
    defender's, in ``out``; returns False when the fight does not happen (the ``base`` tests are
    the battle's, ``batch_game._can_strike`` and ``_can_defend``, of each side)."""
    if K[STATUS, d] == GONE or not can_strike(K, a, kind, strike_a):
        return False
    if (kind == AGAIN or kind == SECOND_FIGHT) and not magic_sword(o, K, a):
        return False
    shooting = kind == SHOT_FIGHT
    out[0], out[1] = _side(o, K, a, d, True, shooting, False, defend_a)
    out[2], out[3] = _side(o, K, d, a, _strikes_back(o, K, a, d, kind, strike_d), False, shooting, defend_d)
    return LENGTHS[out[0]] > 1 or LENGTHS[out[1]] > 1


@borrowing
def _blows(o, K, target, h0, h1, two, g0, g1, two_target):
    """:func:`.combat.strike`: the heights ``target``'s enemy strikes (its sword hand ``h0``, and
    ``h1`` with two swords) against what ``target``'s hands (``g0``, ``g1``) defend."""
    for j in range(2):
        h = h0 if j == 0 else h1
        if h >= NONE_HAND or (j == 1 and not two):
            continue
        if (g1 == h and not two_target) or g0 == GUARD + h:
            continue
        colour = o.height_row[h]
        if K[colour, target] > 0:
            K[colour, target] = max(0, K[colour, target] - o.per_blow)


@borrowing
def land(o, K, a, d, hands):
    """:func:`.combat.resolve` and :func:`.combat.powers_after`: both sides' blows land at once, a
    sword hand that guarded may not attack again this turn, powers drop for good below 5."""
    before_a, before_d = _powers(o, K, a), _powers(o, K, d)
    ta, td = K[TWO, a] != 0, K[TWO, d] != 0
    _blows(o, K, d, hands[0], hands[1], ta, hands[2], hands[3], td)
    _blows(o, K, a, hands[2], hands[3], td, hands[0], hands[1], ta)
    if hands[0] >= GUARD:
        K[GUARDED, a] = 1
    if hands[2] >= GUARD:
        K[GUARDED, d] = 1
    K[LOST, a] |= before_a & ~_powers(o, K, a)
    K[LOST, d] |= before_d & ~_powers(o, K, d)


@borrowing
def joust_end(o, K, a, d):
    """:meth:`.fights.Fights._fight` in a joust: the side unhorsed has lost (the attacker looked at
    first), or :data:`.batch_moves.NOT_OVER`."""
    if o.adv[ADV_JOUST]:
        for k in (a, d):
            if K[LOST, k] & LOST_HORSE:
                return 1 - K[SEAT, k]
    return NOT_OVER


@borrowing
def second_fight(o, K, i, enemies, ne, fights, nfights):
    """:meth:`.fights.Fights._start_fights`: after ``i``'s attack, a magic sword strikes again, at
    its declared second target if still within the ring, else at the enemy faced."""
    if not magic_sword(o, K, i):
        return nfights
    second = K[FACING, i]
    for a in range(ne):
        if enemies[a] == K[SECOND, i] - 1:
            second = enemies[a]
    fights[nfights, 0] = i
    fights[nfights, 1] = second + KIND * (AGAIN if second == K[FACING, i] else SECOND_FIGHT)
    return nfights + 1


@borrowing
def second_choices(o, K, i, enemies, ne, opts, nf):
    """:meth:`.decisions.Decisions.combat_choices` after facing: a magic sword's second target among
    the enemies within the ring (other than the one declared), written ``enemy + KIND``."""
    if ne == 0 or not magic_sword(o, K, i):
        return nf
    for a in range(ne):
        if enemies[a] != K[SECOND, i] - 1:
            opts[nf, 0], opts[nf, 1] = i, enemies[a] + KIND
            nf += 1
    return nf


@borrowing
def end_of_turn(K, n):
    """:meth:`.turns.TurnFlow._end_turn`: this turn's guards, second targets and aims are over."""
    for i in range(n):
        K[GUARDED, i], K[SECOND, i], K[SHOT, i] = 0, 0, 0


@borrowing
def _shape_of(K, i):
    """:func:`.bots._shape` (with two swords and the bow beside the battle's ``_shape``)."""
    return _shape(K, i) + (K[TWO, i] << 31) + (K[ARCHER, i] << 32)


def solve_fight(key, gid, kind, seat, a_row, d_row) -> np.ndarray:
    """The heuristic bot's strategy for ``seat`` in a fight of the advanced rules between two
    kniggits (their rows: seat, move, attack, defense, status, faces the other, lost, two swords,
    archer, guarded, the hand that carries a thing: 0 none, :data:`.batch_items.SWORD` or
    :data:`.batch_items.SHIELD`), from the bot itself; kept by the kernel's ``key``."""
    from .bots import HeuristicBot
    from .state import KniggitsState

    game = _GAMES[int(gid)][1]
    lost_names = ((LOST_HORSE, "horse"), (LOST_MAGIC, "magic"), (LOST_DOUBLE, "double"))
    ids = ("A1", "B1") if a_row[0] == 0 else ("B1", "A1")

    def made(row, me, other):
        s, m, at, de, st, faces, lost, two, archer, guarded, hand = (int(v) for v in row)
        return Kniggit(me, s, float(s), 0.0, m, at, de, archer=bool(archer), two_swords=bool(two),
                       status=("fighting", "fleeing")[st], facing=other if faces else "",
                       lost=tuple(name for bit, name in lost_names if lost & bit), guarded=bool(guarded),
                       carrying="thing" if hand else "", hand=(("",) + HANDS)[hand])

    a, d = made(a_row, ids[0], ids[1]), made(d_row, ids[1], ids[0])
    state = KniggitsState(phase="fight", kniggits=(a, d) if a.seat == 0 else (d, a),
                          fights=((a.id, d.id, KIND_NAMES[int(kind)]),), to_act=a.seat, first_mover=0)
    out = np.ascontiguousarray(HeuristicBot().fight_strategy(game, state, int(seat)), dtype=np.float64)
    _SOLVED[tuple(int(v) for v in key)] = out
    return out


@counting
def _row(K, i, other):
    return np.array([K[SEAT, i], K[MOVE, i], K[ATTACK, i], K[DEFENSE, i], np.int64(K[STATUS, i] != FIGHTING),
                     np.int64(K[FACING, i] == other), K[LOST, i], K[TWO, i], K[ARCHER, i], K[GUARDED, i], K[HAND, i]])


@counting
def fight_strategy(o, w, K, a, d, kind, seat, lists):
    """The heuristic's mixed strategy for ``seat`` in this fight (``lists``: the four hands' list
    codes): from the kernel's table, or asked of the bot once."""
    codes = lists[0] + 6 * (lists[1] + 6 * (lists[2] + 6 * lists[3]))
    key = (_shape_of(K, a), _shape_of(K, d), np.int64(16 + 2 * codes + (K[SEAT, a] == seat)))
    if key in w.known:
        return w.strategies[w.known[key]]
    gid, a_row, d_row = o.game_id, _row(K, a, d), _row(K, d, a)
    with objmode(out="float64[::1]"):
        out = solve_fight(key, gid, kind, seat, a_row, d_row)
    w.known[key] = len(w.strategies)
    w.strategies.append(out)
    return out


@inlined
def draw_hands(src, o, w, K, a, d, kind, seat, heuristic, lists, h0, h1):
    """(src, c): a bot's hands, pair ``c`` of its ``h0 x h1`` listed (as
    :func:`.batch_heuristic.draw_hands`): the heuristic's from the fight's equilibrium, any other
    bot's uniformly."""
    if heuristic:
        return _draw_equilibrium(src, o, w, K, a, d, kind, seat, lists)
    return below(src, h0 * h1)


@counting
def _draw_equilibrium(src, o, w, K, a, d, kind, seat, lists):
    """The heuristic's draw of :func:`draw_hands` in a call of its own (as :mod:`.batch_heuristic`'s)."""
    return draw_mixed(src, fight_strategy(o, w, K, a, d, kind, seat, lists))
