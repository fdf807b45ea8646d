"""A Kniggits game of the compiled kernel that stops where an agent is asked, and goes on from its
answer: the vector environment's game (:mod:`.vector`).

The kernel's game (:func:`.batch_game.play_game`) plays both seats' bots from start to end in one
call.  Here the same game is a resumable walk: where it stands is a row of ``S``
(:mod:`.vector_view` names its columns) beside the kniggits' tables ``K`` and ``XY`` and the turn's
fights ``F``, and :func:`play_on` plays the bots' decisions (the kernel's own: its random and
heuristic moving phase, turning, army and hands) and the rules between them, in the rules' order,
until a seat played by an agent has a decision with two or more legal actions in the encoding's
menu (a single one is played for it, as ``gym_env``'s ``skip_forced`` does) or the game ends.
:func:`answer` makes the agent's decision (an action number of the encoding) and plays on.  The
rules between decisions are the kernel's functions (mustering, rock-paper-scissors' winner, moving
and arriving, facing, fleeing, blows, winning, the turn limit's score), and the things to carry and
drink are :mod:`.batch_items`' (laid out, picked up, put down, carried, drunk, brought home: a
thing brought home ends the game), kept in ``w.things`` while the game steps."""

from __future__ import annotations

from numba import njit

from ...sim.kernel import below
from .batch_game import (HEURISTIC, NONE, _blow, _can_strike, _flight, _heuristic_move_phase, _random_move_phase,
                         _turning, muster, start_fights)
from .batch_heuristic import draw_hands
from .batch_moves import (FACING, FIGHTING, FLEEING, GONE, MOVED, NOT_OVER, SEAT, STATUS, _auto_face, arrive,
                          check_end, check_path, engaged, flee, score)
from .encoding import MENU_MOVES
from .batch_advanced import KIND, end_of_turn
from .batch_advanced import draw_hands as adv_draw_hands
from .batch_fighters import fight_lists, hand_lengths, listed_hands
from .batch_items import arrived, lay_out, take, winner
from .vector_advanced import blows_land, second_to, shoot_at
from .vector_view import (A_ARMY, A_DROP, A_END_MOVE, A_END_TURNING, A_FACE, A_FIGHT, A_MENU, A_PICK, A_RPS, A_SECOND, A_SHOOT,
                          ARMY0, ARMY_PHASE, ASKED, DECIDED, FI, FIGHT_PHASE, FIRST, FSEAT, H00, MOVE_PHASE, NF, NK, OVER_PHASE, PHASE, JUDGED, RPS0,
                          RPS_PHASE, TO_ACT, TURNING_PHASE, TURNS, WINNER, WINS0, WINS1, face_targets, first_of,
                          hand_counts, judge, write_mask)


NOTHING, END_MOVE, FIGHTS = range(3)  # what the walk does before it looks at the phase (:func:`answer`)


@njit(cache=True)
def start_game(S, K, o, T):
    """A new game: both armies still to choose, the things (``T``) where the rules lay them out."""
    S[:] = 0
    K[:] = 0  # no kniggit of an earlier game is left to carry a thing (batch_items.carrier reads every column)
    lay_out(o, T)
    S[PHASE] = ARMY_PHASE
    S[ARMY0] = S[ARMY0 + 1] = -1
    S[RPS0] = -1
    S[FIRST] = -1
    S[WINNER] = -1
    S[ASKED] = -1


@njit(cache=True)
def _finish(S, won):
    S[PHASE] = OVER_PHASE
    S[WINNER] = won
    S[ASKED] = -1


@njit(cache=True)
def _army(S, K, XY, o, seat, p):
    """Seat ``seat`` takes ready-made army ``p``; with both in, the armies take the field
    (:meth:`.setup.Setup._muster`)."""
    S[ARMY0 + seat] = p
    if seat == 1:
        n = muster(o, S[ARMY0], S[ARMY0 + 1], K, XY)
        S[NK] = n
        won = check_end(K, n)
        if won != NOT_OVER:
            _finish(S, won)
        else:
            S[PHASE] = RPS_PHASE


@njit(cache=True)
def _rps(S, winners, wins, seat, r):
    """Seat ``seat`` shows ``r`` in a round of rock-paper-scissors (:meth:`.setup.Setup._rps_round`):
    ``winners`` is the rules' table of a round's winner, ``wins`` the rounds that decide."""
    if seat == 0:
        S[RPS0] = r
        return
    w01 = winners[S[RPS0], r]
    S[RPS0] = -1
    if w01 == 0:
        S[WINS0] += 1
    elif w01 == 1:
        S[WINS1] += 1
    for s in range(2):
        if S[WINS0 + s] >= wins:
            S[FIRST] = s
            S[TO_ACT] = s
            S[PHASE] = MOVE_PHASE
            return


@njit(cache=True)
def _fights_begin(S, F, fights, nf):
    """Phase three: the turn's ``nf`` fights (attacker, defender; :func:`.batch_game.start_fights`
    lists them in the rules' order) are fought from the first."""
    for f in range(nf):
        F[f, 0], F[f, 1] = fights[f, 0], fights[f, 1]
    S[NF] = nf
    S[FI] = 0
    S[FSEAT] = 0
    S[PHASE] = FIGHT_PHASE


@njit(cache=True)
def _end_move(S, K, XY, ring, buf):
    """The mover is done (:meth:`.turns.TurnFlow._end_move`): kniggits in combat face an enemy, and
    the other seat turns its kniggits with several enemies, if any, before the fights.  Returns
    whether the fights start now."""
    n = S[NK]
    to_act = S[TO_ACT]
    S[JUDGED] = 0
    _auto_face(K, XY, n, to_act, ring, buf)
    _auto_face(K, XY, n, 1 - to_act, ring, buf)
    for i in range(n):
        if K[SEAT, i] != to_act and K[STATUS, i] == FIGHTING \
                and engaged(K, XY, n, XY[0, i], XY[1, i], K[SEAT, i], ring, buf) > 1:
            S[PHASE] = TURNING_PHASE
            return False
    return True


@njit(cache=True)
def _end_turn(S, K, turn_limit):
    """:meth:`.turns.TurnFlow._end_turn` and ``_start_turn``: the other seat's turn and the turn
    limit's score; returns whether the game goes on (then the new mover's fleeing kniggits run)."""
    n = S[NK]
    for i in range(n):
        K[MOVED, i] = 0
    S[TO_ACT] = 1 - S[TO_ACT]
    S[TURNS] += 1
    if turn_limit and S[TURNS] >= turn_limit:
        _finish(S, score(K, n))
        return False
    return True


@njit(cache=True)
def _turn_begins(S, K):
    """After the fleeing kniggits ran: the game is won, or the new mover moves."""
    won = check_end(K, S[NK])
    if won != NOT_OVER:
        _finish(S, won)
    else:
        S[PHASE] = MOVE_PHASE


@njit(cache=True)
def play_on(src, S, F, K, XY, o, g, w, t, sc, J, agent, mask):
    """Play on to the next decision of an agent's seat with two or more legal actions (``S[ASKED]``
    set, its mask in ``mask``) or to the end (``S[PHASE]`` is :data:`.vector_view.OVER_PHASE`)."""
    return answer(src, S, F, K, XY, o, g, w, t, sc, J, agent, mask, -1)


@njit(cache=True)
def answer(src, S, F, K, XY, o, g, w, t, sc, J, agent, mask, a):
    """The asked seat's decision ``a`` (an action number the mask allows; none when negative) made,
    then on to the next question or the end (:func:`play_on`).  One call for both: a compiled call
    that takes the records counts a reference to each of their arrays."""
    todo = NOTHING  # a step of the turn the walk takes next (the records go to one call each)
    advanced = o.adv.any()
    if a >= 0:
        seat = S[ASKED]
        S[ASKED] = -1
        S[DECIDED] += 1
        n = S[NK]
        kind = t.kind[a]
        if kind == A_ARMY:
            _army(S, K, XY, o, seat, t.arg[a])
        elif kind == A_RPS:
            _rps(S, o.rps_winner, o.rps_wins, seat, t.arg[a])
        elif kind == A_END_MOVE:
            todo = END_MOVE
        elif kind == A_END_TURNING:
            _auto_face(K, XY, n, seat, o.ring, w.buf)
            todo = FIGHTS
        elif kind == A_MENU:
            i = first_of(K, n, seat) + t.slot[a] - 1
            k = 0
            while J[3][k] != i:  # the mover's rows of the judgement (vector_view.judge)
                k += 1
            c = k * MENU_MOVES + t.arg[a]
            w.pts[0, 0], w.pts[0, 1] = J[1][c, 0], J[1][c, 1]
            count = check_path(K, XY, n, i, w.pts, 1, o, t.open, w.buf, w.out)  # obstacles: the mask's
            if count:
                arrive(K, XY, n, i, w.out[count - 1, 0], w.out[count - 1, 1], o, w.buf)
            else:  # where the judgement stopped it
                arrive(K, XY, n, i, J[2][c, 0], J[2][c, 1], o, w.buf)
            K[MOVED, i] = 1
            arrived(K, XY, n, i, o, w.things)  # what happens there (batch_items): a thing brought home wins
            won = winner(w.things)
            if won != NOT_OVER:
                _finish(S, won)
        elif kind == A_PICK or kind == A_DROP:  # a thing picked up with a hand, or put down (batch_items)
            i = first_of(K, n, seat) + t.slot[a] - 1
            take(K, XY, i, t.arg[a] // 2, t.arg[a] % 2 + 1, w.things)
        elif kind == A_SECOND:  # a magic sword's second target (vector_advanced)
            second_to(K, XY, n, first_of(K, n, seat) + t.slot[a] - 1, o.ring, t.arg[a], sc[0], sc[1])
        elif kind == A_SHOOT:  # an archer's aim (vector_advanced)
            shoot_at(o, K, XY, n, first_of(K, n, seat) + t.slot[a] - 1, t.arg[a], w.opts, sc[1])
        elif kind == A_FACE:
            i = first_of(K, n, seat) + t.slot[a] - 1
            face_targets(K, XY, n, i, o.ring, sc[0], sc[1])
            K[FACING, i] = sc[1][t.arg[a]]
        elif kind == A_FIGHT:
            S[H00 + 2 * seat] = t.arg[a] // (NONE + 1)
            S[H00 + 2 * seat + 1] = t.arg[a] % (NONE + 1)
            S[FSEAT] = seat + 1
    while True:
        if todo == END_MOVE:
            todo = FIGHTS if _end_move(S, K, XY, o.ring, w.buf) else NOTHING
        if todo == FIGHTS:
            _fights_begin(S, F, w.fights, start_fights(o, K, XY, S[NK], S[TO_ACT], w.buf, w.fights))
            todo = NOTHING
        ph = S[PHASE]
        if ph == OVER_PHASE:
            return src
        n = S[NK]
        if ph == ARMY_PHASE:
            seat = 0 if S[ARMY0] < 0 else 1
            if agent[seat]:
                if write_mask(K, XY, S, F, seat, o, g, w, t, sc, J, mask) > 1:
                    S[ASKED] = seat
                    return src
                p = 0
            elif w.pols[seat] == HEURISTIC:
                p = o.heuristic_army
            else:
                src, p = below(src, o.presets)
            _army(S, K, XY, o, seat, p)
        elif ph == RPS_PHASE:
            seat = 0 if S[RPS0] < 0 else 1
            if agent[seat]:
                write_mask(K, XY, S, F, seat, o, g, w, t, sc, J, mask)
                S[ASKED] = seat
                return src
            src, r = below(src, 3)
            _rps(S, o.rps_winner, o.rps_wins, seat, r)
        elif ph == MOVE_PHASE:
            seat = S[TO_ACT]
            if agent[seat]:
                if S[JUDGED] == 0:  # the menu moves' path checks, once a moving phase (vector_view.judge)
                    judge(K, XY, S, seat, o, g, t, sc, J)
                    S[JUDGED] = 1
                if write_mask(K, XY, S, F, seat, o, g, w, t, sc, J, mask) > 1:
                    S[ASKED] = seat
                    return src
                done = True
            elif w.pols[seat] == HEURISTIC:
                done = _heuristic_move_phase(src, o, g, K, XY, n, seat, w)
            else:
                src, done = _random_move_phase(src, o, g, K, XY, n, seat, w)
            won = winner(w.things)
            if won != NOT_OVER:  # a kniggit brought a thing home (batch_items)
                _finish(S, won)
            elif done:
                todo = END_MOVE
        elif ph == TURNING_PHASE:
            seat = 1 - S[TO_ACT]
            if agent[seat]:
                if write_mask(K, XY, S, F, seat, o, g, w, t, sc, J, mask) > 1:
                    S[ASKED] = seat
                    return src
                _auto_face(K, XY, n, seat, o.ring, w.buf)
            else:
                src = _turning(src, o, K, XY, n, seat, w)
            todo = FIGHTS
        else:
            if S[FI] >= S[NF]:
                end_of_turn(K, n)  # guards, second targets and aims are over (batch_advanced)
                if _end_turn(S, K, o.turn_limit):
                    to_act = S[TO_ACT]
                    for i in range(n):
                        if K[SEAT, i] == to_act and K[STATUS, i] == FLEEING:
                            if flee(K, XY, n, i, o, g, w.buf, w.pts, w.out):
                                arrived(K, XY, n, i, o, w.things)
                    _turn_begins(S, K)
                continue
            # the open fight (written here, not called: a call that takes the records costs more
            # than a fight): the next seat with a choice shows its hands (a bot's drawn; an agent is
            # asked), and once both have, the blows land at once
            fa, fd = F[S[FI], 0], F[S[FI], 1]
            if advanced:  # the advanced rules' fights (vector_advanced)
                lists = w.hands[1]
                if not fight_lists(o, K, fa, fd, lists):
                    S[FI] += 1
                    S[FSEAT] = 0
                    continue
                seat = S[FSEAT]
                if seat == 2:
                    won = blows_land(o, K, n, fa, fd, S[H00:H00 + 4], w.hands[0])
                    if won != NOT_OVER:
                        _finish(S, won)
                    else:
                        S[FI] += 1
                        S[FSEAT] = 0
                    continue
                h0, h1 = hand_lengths(K, fa, seat, lists)
                if h0 == 1 and h1 == 1:
                    S[H00 + 2 * seat] = S[H00 + 2 * seat + 1] = NONE
                elif agent[seat]:
                    write_mask(K, XY, S, F, seat, o, g, w, t, sc, J, mask)
                    S[ASKED] = seat
                    return src
                else:
                    src, c = adv_draw_hands(src, o, w, K, fa, fd % KIND, fd // KIND, seat, w.pols[seat] == HEURISTIC,
                                            lists, h0, h1)
                    S[H00 + 2 * seat], S[H00 + 2 * seat + 1] = listed_hands(K, fa, seat, lists, c, h1)
                S[FSEAT] = seat + 1
                continue
            if K[STATUS, fd] == GONE or not _can_strike(K, fa):
                S[FI] += 1
                S[FSEAT] = 0
                continue
            seat = S[FSEAT]
            if seat < 2:
                sa = K[SEAT, fa]
                a0, a1 = hand_counts(K, fa, fd, sa)
                d0, d1 = hand_counts(K, fa, fd, 1 - sa)
                h0, h1 = (a0, a1) if seat == sa else (d0, d1)
                if h0 == 1 and h1 == 1:
                    S[H00 + 2 * seat] = S[H00 + 2 * seat + 1] = NONE
                elif agent[seat]:
                    write_mask(K, XY, S, F, seat, o, g, w, t, sc, J, mask)
                    S[ASKED] = seat
                    return src
                else:
                    src, c = draw_hands(src, o, w, K, fa, fd, seat, w.pols[seat] == HEURISTIC, a1, d0, d1, h0, h1)
                    S[H00 + 2 * seat] = c // h1 if h0 > 1 else NONE
                    S[H00 + 2 * seat + 1] = c % h1 if h1 > 1 else NONE
                S[FSEAT] = seat + 1
                continue
            sa = H00 + 2 * K[SEAT, fa]
            sd = H00 + 2 * K[SEAT, fd]
            _blow(K, fd, S[sa], S[sd + 1], o)  # both blows land at once (combat.resolve)
            _blow(K, fa, S[sd], S[sa + 1], o)
            _flight(K, fa)
            _flight(K, fd)
            won = check_end(K, n)
            if won != NOT_OVER:
                _finish(S, won)
            else:
                S[FI] += 1
                S[FSEAT] = 0
