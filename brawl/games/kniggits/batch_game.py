"""One compiled Kniggits game (:mod:`.batch`): the armies, rock-paper-scissors, then turns of moving,
turning and fighting until an army is routed or the turn limit scores the game, in the order
:mod:`.setup`, :mod:`.turns`, :mod:`.fights` and :mod:`.decisions` take them.

The ``random`` bot is the rules' own :meth:`.decisions.Decisions.sample_action` as the random bot
plays it (:class:`.bots.RandomBot`): uniform over the listed decisions, and in the moving phase a
random straight move of a kniggit that has not moved (up to 12 tries, each judged by the rules of
moving) with the odds written there (``MOVE_ODDS``, ``OTHER_ODDS``, ``MOVE_TRIES``).  Its draws are the bot's calls of
``random()`` and ``choice()``: on a tape (:mod:`brawl.sim.kernel`) ``random()`` is the next value
over 2**31 and ``choice`` of ``k`` things the next value mod ``k`` (nothing when ``k`` is 1), and
:func:`.batch.play_engine_tape` hands the engine's bots a generator that reads the tape the same way.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit
from numba.extending import overload

from ...sim.kernel import INLINE, _is_tape, below, borrowing, counting, inlined, inlined_twin, note
from .batch_geom import written
from .batch_heuristic import FACE_ORDER, MOVE_ORDER, PICK_ORDER, draw_hands, order_for, turning_order, unit
from .batch_items import SWORD, arrived, lay_out, order_code, take, winner
from . import batch_advanced as adv
from . import batch_archers as bows
from .batch_fighters import (NONE, _blow, _can_defend, _can_strike, _flight, advanced_blows, fight_lists, hand_lengths,
                             listed_choices, listed_hands, muster)
from .batch_moves import (ATTACK, DEFENSE, FACING, FIGHTING, FLEEING, GONE, MAX_STRETCHES, MOVE, MOVED, SEAT, STATUS,
                          NOT_OVER, _check_path, allowance, arrive, auto_face, check_end, check_path, engaged, flee, score)

ARMY, RPS, MOVE_TO, FACE, END_MOVE, END_TURNING, FIGHT = range(7)  # decision codes of the log
PICK, DROP = 7, 8  # codes added for things to carry (batch_items): kniggit, thing's row, hand
HEAD = 6 + 2 * MAX_STRETCHES  # log columns before the kniggits: seat, decision, kniggit, enemy, two numbers, a move's points
RANDOM, HEURISTIC, ANY = 0, 1, 2  # the bots the kernel plays; ANY: uniform over the listed decisions
PER = 7  # log columns per kniggit


def log(src, row, seat, what, a, b, p, q, pts, m, K, XY, n):
    raise NotImplementedError("compiled code only")


@overload(log, inline=INLINE)  # the fast path's no-op leaves no call (and no counted arrays) behind
def _log_impl(src, row, seat, what, a, b, p, q, pts, m, K, XY, n):
    """On a tape: log a decision (seat, code, kniggit, enemy, two numbers, the ``m`` points of a
    move in ten-thousandths of an inch) with every kniggit's place (millionths of an inch), tokens,
    status and facing before it."""
    if not _is_tape(src):
        return lambda src, row, seat, what, a, b, p, q, pts, m, K, XY, n: None

    def write(src, row, seat, what, a, b, p, q, pts, m, K, XY, n):
        row[:] = 0
        row[0], row[1], row[2], row[3], row[4], row[5] = seat, what, a, b, p, q
        for j in range(m):
            row[6 + 2 * j] = np.int64(np.rint(pts[j, 0] * 10000.0))
            row[7 + 2 * j] = np.int64(np.rint(pts[j, 1] * 10000.0))
        for i in range(n):
            c = HEAD + PER * i
            row[c] = np.int64(np.rint(XY[0, i] * 1e6))
            row[c + 1] = np.int64(np.rint(XY[1, i] * 1e6))
            row[c + 2], row[c + 3], row[c + 4] = K[MOVE, i], K[ATTACK, i], K[DEFENSE, i]
            row[c + 5], row[c + 6] = K[STATUS, i], K[FACING, i]
        note(src, row)
    return write


@inlined
def decide_by(src, w, seat):
    """(src, who decides for ``seat``): its bot, or :data:`ANY` with probability ``w.eps[0]`` (no draw at 0)."""
    if w.eps[0] > 0.0:
        src, u = unit(src)
        if u < w.eps[0]:
            return src, ANY
    return src, w.pols[seat]


#: the random bot's path check and listing, inlined where it makes them (kernel.inlined_twin)
_check_here = inlined_twin(check_path, "check_path_inlined", _check_path=inlined_twin(_check_path, "_check_path_inlined"))
_listed_here = inlined_twin(listed_choices, "listed_choices_inlined")


@inlined
def _random_move_phase(src, o, g, K, XY, n, seat, w):
    """One decision of the random bot in the moving phase (``sample_action``), made; returns (src,
    whether it ended the moving phase)."""
    buf, opts, pts, out, row = w.buf, w.opts, w.pts, w.out, w.row
    nm = 0
    for i in range(n):
        if K[SEAT, i] == seat and K[STATUS, i] == FIGHTING and K[MOVED, i] == 0 and K[adv.SHOT, i] == 0:
            w.movers[nm] = i
            nm += 1
    if nm > 0:
        src, u = unit(src)
        if u < o.odds_move:
            src, c = below(src, nm)
            i = w.movers[c]
            reach = allowance(K, i, o)
            for _ in range(o.move_tries):
                src, u1 = unit(src)
                angle = 0.0 + (2 * math.pi - 0.0) * u1
                src, u2 = unit(src)
                length = 0.0 + (reach - 0.0) * u2
                x = min(max(XY[0, i] + length * math.cos(angle), 0.0), o.size)
                y = min(max(XY[1, i] + length * math.sin(angle), 0.0), o.size)
                x = written(x, 1000.0)  # written to a thousandth in the decision
                y = written(y, 1000.0)
                pts[0, 0], pts[0, 1] = x, y
                count = _check_here(K, XY, n, i, pts, 1, o, g, buf, out)
                if count == 0:
                    continue
                log(src, row, seat, MOVE_TO, i, 1, 0, 0, pts, 1, K, XY, n)
                arrive(K, XY, n, i, out[count - 1, 0], out[count - 1, 1], o, buf)
                K[MOVED, i] = 1
                arrived(K, XY, n, i, o, w.things)
                return src, winner(w.things) != NOT_OVER
    nf = _listed_here(o, K, XY, n, seat, buf, opts, w.things)  # listed only now: a move, the bot's usual decision, draws nothing from them
    if nf > 0:
        src, u = unit(src)
        if u < o.odds_other:
            src, c = below(src, nf)
            i, e = opts[c, 0], opts[c, 1]
            if e < 0:  # a pick or a drop (batch_items.list_items)
                r, hand = order_code(e)
                _take(src, seat, i, r, hand, K, XY, n, w)
                return src, False
            if e >= bows.AIM:  # an archer's aim (bows.aim_choices): he turns to the target
                log(src, row, seat, bows.SHOOT_TO, i, e - bows.AIM, 0, 0, w.pts, 0, K, XY, n)
                K[adv.SHOT, i], K[FACING, i] = e - bows.AIM + 1, e - bows.AIM
                return src, False
            if e >= adv.KIND:  # a magic sword's second target (adv.second_choices)
                log(src, row, seat, adv.SECOND_TO, i, e - adv.KIND, 0, 0, w.pts, 0, K, XY, n)
                K[adv.SECOND, i] = e - adv.KIND + 1
                return src, False
            log(src, row, seat, FACE, i, e, 0, 0, w.pts, 0, K, XY, n)
            K[FACING, i] = e
            return src, False
    log(src, row, seat, END_MOVE, -1, -1, 0, 0, w.pts, 0, K, XY, n)
    return src, True


@inlined
def _heuristic_move_phase(src, o, g, K, XY, n, seat, w):
    """One decision of the heuristic bot in the moving phase (``HeuristicBot.move_phase``), made;
    returns whether it ended the moving phase."""
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING:
            continue
        if K[adv.ARCHER, i]:  # HeuristicBot.archer_order (batch_archers)
            kind, arg = bows.archer_order(K, XY, n, i, o, g, w)
        else:
            kind, arg = order_for(K, XY, n, i, o, g, w)
        if kind == bows.SHOOT_ORDER:
            log(src, w.row, seat, bows.SHOOT_TO, i, arg, 0, 0, w.pts, 0, K, XY, n)
            K[adv.SHOT, i], K[FACING, i] = arg + 1, arg
            return False
        if kind == FACE_ORDER:
            log(src, w.row, seat, FACE, i, arg, 0, 0, w.pts, 0, K, XY, n)
            K[FACING, i] = arg
            return False
        if kind == MOVE_ORDER:
            log(src, w.row, seat, MOVE_TO, i, w.way[0], 0, 0, w.pts, w.way[0], K, XY, n)
            arrive(K, XY, n, i, w.out[arg - 1, 0], w.out[arg - 1, 1], o, w.buf)
            K[MOVED, i] = 1
            arrived(K, XY, n, i, o, w.things)
            return winner(w.things) != NOT_OVER
        if kind == PICK_ORDER:  # the bot picks things up with the sword hand
            _take(src, seat, i, arg, SWORD, K, XY, n, w)
            return False
    log(src, w.row, seat, END_MOVE, -1, -1, 0, 0, w.pts, 0, K, XY, n)
    return True


@inlined
def _turning(src, o, K, XY, n, seat, w):
    """Phase two: the random bot uniform over ``turning_actions``, the heuristic as it turns, until done."""
    buf, opts, row = w.buf, w.opts, w.row
    while True:
        nf = 0
        for i in range(n):
            if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING:
                continue
            ne = engaged(K, XY, n, XY[0, i], XY[1, i], seat, o.ring, buf)
            if ne > 1:
                for a in range(ne):
                    if buf[a] != K[FACING, i]:
                        opts[nf, 0], opts[nf, 1] = i, buf[a]
                        nf += 1
        src, pol = decide_by(src, w, seat)
        if pol == HEURISTIC:
            i, e = turning_order(K, XY, n, seat, o, w.ens)
            c = nf if i < 0 else -1
        else:
            src, c = below(src, nf + 1)
            if c < nf:
                i, e = opts[c, 0], opts[c, 1]
        if c == nf:
            log(src, row, seat, END_TURNING, -1, -1, 0, 0, w.pts, 0, K, XY, n)
            auto_face(K, XY, n, seat, o, buf)
            return src
        log(src, row, seat, FACE, i, e, 0, 0, w.pts, 0, K, XY, n)
        K[FACING, i] = e


@counting
def _take(src, seat, i, r, hand, K, XY, n, w):
    """A pick of thing ``r`` with ``hand`` (``r`` 0: a drop) by kniggit ``i``, logged and made (batch_items)."""
    log(src, w.row, seat, PICK if r > 0 else DROP, i, r, hand, 0, w.pts, 0, K, XY, n)
    take(K, XY, i, r, hand, w.things)


@borrowing
def start_fights(o, K, XY, n, mover, buf, fights):
    """Phase three (:meth:`.fights.Fights._start_fights`): each of the mover's kniggits in combat
    attacks the enemy it faces, in the rules' order: the fights (attacker, defender) written to
    ``fights`` (``buf`` scratch), returns how many (:func:`resolve_fights` plays them: hands drawn
    from the listed decisions, the blows land at once)."""
    nfights = 0
    for i in range(n):
        if K[SEAT, i] != mover or K[STATUS, i] != FIGHTING:
            continue
        if K[adv.ARCHER, i]:  # an archer shoots, never attacks hand to hand (batch_archers)
            nfights = bows.shot_fight(o, K, XY, n, i, fights, nfights)
            continue
        ne = engaged(K, XY, n, XY[0, i], XY[1, i], mover, o.ring, buf)
        for a in range(ne):
            if buf[a] == K[FACING, i]:
                fights[nfights, 0], fights[nfights, 1] = i, buf[a]
                nfights += 1
                nfights = adv.second_fight(o, K, i, buf, ne, fights, nfights)  # a magic sword strikes again
                break
    return nfights


@inlined
def resolve_fights(src, o, K, XY, n, w, nfights):
    """The ``nfights`` fights of ``w.fights`` in turn (the first's hands sealed in ``w.sealed``, or -1)."""
    fights, row = w.fights, w.row
    for f in range(nfights):
        a, d = fights[f, 0], fights[f, 1]
        if o.adv.any():  # the advanced rules' fights (batch_advanced)
            src, won = _advanced_fight(src, o, K, XY, n, w, a, d)
            if won != NOT_OVER:
                return src, won
            continue
        if K[STATUS, d] == GONE or not _can_strike(K, a):
            continue
        # hand_options: (sword hand, shield hand) of each side, as counts of (heights..., none)
        a0, a1 = 4, 4 if _can_defend(K, a) else 1
        d0 = 4 if (K[FACING, d] == a and _can_strike(K, d)) else 1
        d1 = 4 if _can_defend(K, d) else 1
        hands = w.hands[0]  # sword and shield hand of the attacker, then the defender's
        hands[:] = NONE
        for seat in range(2):  # the seats with a choice, in order
            if seat == K[SEAT, a]:
                h0, h1, base = a0, a1, 0
            else:
                h0, h1, base = d0, d1, 2
            if h0 == 1 and h1 == 1:
                continue
            if w.sealed[seat, 0] >= 0:  # chosen before the playout began
                hands[base], hands[base + 1], w.sealed[seat, 0], w.sealed[seat, 1] = w.sealed[seat, 0], w.sealed[seat, 1], -1, -1
                continue
            src, pol = decide_by(src, w, seat)
            src, c = draw_hands(src, o, w, K, a, d, seat, pol == HEURISTIC, a1, d0, d1, h0, h1)
            s0 = c // h1 if h0 > 1 else NONE
            s1 = c % h1 if h1 > 1 else NONE
            log(src, row, seat, FIGHT, a, d, s0, s1, w.pts, 0, K, XY, n)
            hands[base], hands[base + 1] = s0, s1
        _blow(K, d, hands[0], hands[3], o)  # both blows land at once (combat.resolve)
        _blow(K, a, hands[2], hands[1], o)
        _flight(K, a)
        _flight(K, d)
        won = check_end(K, n)
        if won != NOT_OVER:
            return src, won
    adv.end_of_turn(K, n)
    return src, NOT_OVER


@counting
def _advanced_fight(src, o, K, XY, n, w, a, dk):
    """One fight of the advanced rules (:mod:`.batch_advanced`, :meth:`.fights.Fights._fight`) of
    ``a`` against ``dk`` (the defender + ``adv.KIND`` times the fight's kind): each side with a choice
    shows hands from its lists, the blows land, powers drop, kniggits flee, and a joust is won by
    unhorsing.  Returns (src, the winner, -1 or :data:`NOT_OVER`)."""
    d, kind = dk % adv.KIND, dk // adv.KIND
    lists = w.hands[1]
    lists[:] = 0
    if not fight_lists(o, K, a, dk, lists):
        return src, NOT_OVER
    hands = w.hands[0]
    hands[:] = NONE
    for seat in range(2):
        base = 0 if seat == K[SEAT, a] else 2
        h0, h1 = hand_lengths(K, a, seat, lists)
        if h0 == 1 and h1 == 1:
            continue
        if w.sealed[seat, 0] >= 0:  # chosen before the playout began
            hands[base], hands[base + 1], w.sealed[seat, 0], w.sealed[seat, 1] = w.sealed[seat, 0], w.sealed[seat, 1], -1, -1
            continue
        src, pol = decide_by(src, w, seat)
        src, c = adv.draw_hands(src, o, w, K, a, d, kind, seat, pol == HEURISTIC, lists, h0, h1)
        s0, s1 = listed_hands(K, a, seat, lists, c, h1)
        log(src, w.row, seat, FIGHT, a, d, s0, s1, w.pts, 0, K, XY, n)
        hands[base], hands[base + 1] = s0, s1
    return src, advanced_blows(o, K, n, a, d, hands)


@njit(cache=True)
def play_game(src, o, g, K, XY, w):
    """One game (each seat's bot in ``w.pols``); returns (src, winner or -1 for a draw, first mover or -1,
    turns)."""
    row = w.row
    if o.fixed_army[0] >= 0:  # an army given (batch._record), whatever the bot would take
        p0 = o.fixed_army[0]
    elif w.pols[0] == HEURISTIC:
        p0 = o.heuristic_army
    else:
        src, p0 = below(src, o.presets)
    log(src, row, 0, ARMY, p0, -1, 0, 0, w.pts, 0, K, XY, 0)
    if o.fixed_army[1] >= 0:
        p1 = o.fixed_army[1]
    elif w.pols[1] == HEURISTIC:
        p1 = o.heuristic_army
    else:
        src, p1 = below(src, o.presets)
    log(src, row, 1, ARMY, p1, -1, 0, 0, w.pts, 0, K, XY, 0)
    lay_out(o, w.things)  # the scenario's things and the potions (batch_items)
    n = muster(o, p0, p1, K, XY)
    won = check_end(K, n)
    if won != NOT_OVER:
        return src, won, -1, 0
    wins0 = 0
    wins1 = 0
    while True:  # best of three rock-paper-scissors, ties again (_rps_round)
        src, r0 = below(src, 3)
        log(src, row, 0, RPS, r0, -1, 0, 0, w.pts, 0, K, XY, n)
        src, r1 = below(src, 3)
        log(src, row, 1, RPS, r1, -1, 0, 0, w.pts, 0, K, XY, n)
        w01 = o.rps_winner[r0, r1]
        if w01 == 0:
            wins0 += 1
        elif w01 == 1:
            wins1 += 1
        if wins0 >= o.rps_wins:
            first = 0
            break
        if wins1 >= o.rps_wins:
            first = 1
            break
    to_act = first
    turns = 0
    while True:
        while True:
            if w.pols[to_act] == HEURISTIC:
                done = _heuristic_move_phase(src, o, g, K, XY, n, to_act, w)
            else:
                src, done = _random_move_phase(src, o, g, K, XY, n, to_act, w)
            if done:
                break
        if winner(w.things) != NOT_OVER:  # a kniggit brought a thing home (batch_items)
            return src, winner(w.things), first, turns
        auto_face(K, XY, n, to_act, o, w.buf)  # _end_move
        auto_face(K, XY, n, 1 - to_act, o, w.buf)
        turning = False
        for i in range(n):
            if K[SEAT, i] != to_act and K[STATUS, i] == FIGHTING \
                    and engaged(K, XY, n, XY[0, i], XY[1, i], K[SEAT, i], o.ring, w.buf) > 1:
                turning = True
                break
        if turning:
            src = _turning(src, o, K, XY, n, 1 - to_act, w)
        src, won = resolve_fights(src, o, K, XY, n, w, start_fights(o, K, XY, n, to_act, w.buf, w.fights))  # phase three
        if won != NOT_OVER:
            return src, won, first, turns
        # _end_turn
        for i in range(n):
            K[MOVED, i] = 0
        to_act = 1 - to_act
        turns += 1
        if o.turn_limit and turns >= o.turn_limit:
            return src, score(K, n), first, turns
        for i in range(n):  # _start_turn: the fleeing kniggits of the army on turn run
            if K[SEAT, i] == to_act and K[STATUS, i] == FLEEING:
                if flee(K, XY, n, i, o, g, w.buf, w.pts, w.out):
                    arrived(K, XY, n, i, o, w.things)
        won = check_end(K, n)
        if won != NOT_OVER:
            return src, won, first, turns
