"""A Tactics engine state as the compiled battles' arrays, so a battle can be played on from any
point of it (:mod:`.batch_playout`).

:func:`load` writes the characters (:data:`.batch_tables.UNIT_FIELDS`), the turn (the round, the
initiative rolled so far, its groups of ties or the order, the character on turn and the actions it
has used, the damage taken while a standard action waits, a spell spoiled) and every pending step
of the engine's stack (:mod:`.steps`) into the arrays :mod:`.batch_game` plays, in the same
encoding its own transitions write: a move's path and its half-step, an attack's stage and
critical, a trip's save, a Will save against an inflict spell with its damage, a fireball's damage,
the saves made and who failed them (judged by the kernel's own :func:`.batch_spells.reflex_fails`),
Concentration, Hide and Heal checks, cures, magic missiles, bleeding, the offers of attacks of
opportunity and a full attack's choice to go on (``GoOn``) with its attacks (which of them each is);
nonlethal damage and a surprise round's round 0 too.

Positions the arrays cannot hold raise :class:`Unsupported` (the caller plays the engine then):
options the kernel does not play (:func:`.batch_tables.unsupported`), more than
:data:`.batch_tables.MAX_UNITS` characters; a stack or path longer than the work arrays.  A battle
that is over is not loaded: its result is known.
"""

from __future__ import annotations

import numpy as np

from . import batch_tables as T
from .batch_game import (C_ACTOR, C_ARG, C_CRIT, C_DAMAGE, C_EXTRA, C_KIND, C_SPELL, C_STAGE, C_TARGET, C_UNSEEN,
                         S_ACTSTD, S_FIRST, S_GROUPED, S_GSTART, S_HIT, S_HITS, S_INIT, S_MOVED, S_NINIT, S_NORDER,
                         S_ORDER, S_PLEN, S_POS, S_ROUND, S_SIZE, S_SP, S_SPOILED, S_TURNS, ST_ATTACK, ST_BLEED,
                         ST_CONC, ST_CURE, ST_DO, ST_FIREBALL, ST_GOON, ST_HEAL, ST_HIDE, ST_MOVE, ST_OFFER, ST_SAVE,
                         ST_SPELLDMG, STACK_WIDTH, V_CAST, V_DROP, VERBS)
from .batch_rules import KIND_NAMES
from .batch_spells import reflex_fails
from .steps import (Attack, Bleed, Concentration, Cure, Do, Fireball, GoOn, HealCheck, HideCheck, Move, Offer, Save,
                    SpellDamage)

STACK_ROWS = 64  # the stack rows of the work arrays (batch._work)
PATH_SQUARES = 32  # the squares of a move's path the work arrays hold


class Unsupported(ValueError):
    """A position the compiled battles cannot hold (the engine plays it)."""


def units(game, state) -> np.ndarray:
    """The characters' rows (:data:`.batch_tables.UNIT_FIELDS` columns)."""
    out = np.zeros((len(state.units), T.UNIT_FIELDS), np.int64)
    for i, u in enumerate(state.units):
        row = out[i]
        row[T.X], row[T.Y], row[T.HP] = u.x, u.y, u.hp
        row[T.PRONE], row[T.STABLE], row[T.DEAD], row[T.ACTED] = u.prone, u.stable, u.dead, u.acted
        row[T.MAIN], row[T.OFF], row[T.TWO] = T.ITEM_CODE[u.main], T.ITEM_CODE[u.off], u.two_handed
        row[T.SHEATH], row[T.AMMO], row[T.HAMSTRUNG], row[T.HIDDEN] = T.ITEM_CODE[u.sheath], u.ammo, u.hamstrung, u.hidden
        row[T.BLUR], row[T.HASTE], row[T.RESIST], row[T.NONLETHAL] = u.blur, u.haste, u.resist_until, u.nonlethal
        for key, left in u.spells:
            row[T.CASTS + T.SPELL_KEYS.index(key)] = left
    return out


def turn(game, state) -> np.ndarray:
    """The turn's entries (:data:`.batch_game.S_SIZE`), the stack left out."""
    S = np.zeros(S_SIZE, np.int64)
    S[S_ROUND], S[S_POS], S[S_TURNS], S[S_FIRST] = state.round, state.pos, state.turns, state.first_mover
    S[S_MOVED], S[S_ACTSTD], S[S_SPOILED] = state.moved, state.acted_std, state.spoiled
    if len(state.hits) > 8:
        raise Unsupported("more hits than the turn holds")
    S[S_HITS] = len(state.hits)
    for m, amount in enumerate(state.hits):
        S[S_HIT + m] = amount
    if state.pos >= 0:  # the round's order is set
        order = state.order
        S[S_NORDER] = S[S_NINIT] = len(order)
        S[S_GROUPED] = 1
    elif state.groups:  # every d20 rolled; ties wait for their dice
        order = tuple(j for g in state.groups for j in g)
        S[S_NORDER] = S[S_NINIT] = len(order)
        S[S_GROUPED] = 1
        start = 0
        for g in state.groups:
            S[S_GSTART + start] = 1
            start += len(g)
    else:  # the d20s rolled so far, in the order rolled, with their totals
        order = tuple(j for j, _ in state.init)
        S[S_NINIT] = len(order)
        for m, (j, r) in enumerate(state.init):
            S[S_INIT + m] = r + game.sheets[j].mod("dex")
    for m, j in enumerate(order):
        S[S_ORDER + m] = j
    return S


def _action(game, action: str) -> tuple[int, int, int]:
    """(verb, target, spell) of a waiting standard action (a ``Do`` step), as the kernel's step row
    holds them: the target a character's index, a fireball's square number or -1; the spell its
    index in :data:`.batch_tables.SPELL_KEYS`."""
    verb, _, rest = action.partition(":")
    if verb == "drop_main":
        return V_DROP, -1, 0
    if verb not in VERBS:
        raise Unsupported(f"the standard action {verb}")
    if verb == "cast":
        key, _, target = rest.partition(":")
        spell = T.SPELL_KEYS.index(key)
        if not target:
            return V_CAST, -1, spell
        if "," in target:
            x, y = target.split(",")
            return V_CAST, int(x) * game.map.height + int(y), spell
        return V_CAST, game.index[target], spell
    return VERBS.index(verb), game.index[rest] if rest else 0, 0


def stack(game, state, U, P) -> tuple[np.ndarray, np.ndarray, int]:
    """(stack rows, a move's path as square numbers, the path's length)."""
    STK = np.zeros((STACK_ROWS, STACK_WIDTH), np.int64)
    PATH = np.zeros(PATH_SQUARES, np.int64)
    plen = 0
    if len(state.stack) > STACK_ROWS:
        raise Unsupported("a stack deeper than the work arrays")
    h = game.map.height
    for k, step in enumerate(state.stack):
        row = STK[k]
        row[C_ACTOR] = step.actor
        row[C_TARGET] = -1
        if isinstance(step, Offer):
            row[C_KIND], row[C_TARGET] = ST_OFFER, step.target
            row[C_ARG] = {"leaves": 0, "enters": 1}.get(step.why, VERBS.index(step.why) if step.why in VERBS else 0)
        elif isinstance(step, Move):
            if len(step.path) > PATH_SQUARES:
                raise Unsupported("a path longer than the work arrays")
            row[C_KIND], row[C_STAGE] = ST_MOVE, step.stage
            plen = len(step.path)
            for m, (x, y) in enumerate(step.path):
                PATH[m] = x * h + y
        elif isinstance(step, Do):
            verb, target, spell = _action(game, step.action)
            row[C_KIND], row[C_TARGET], row[C_ARG], row[C_SPELL] = ST_DO, target, verb, spell
            row[C_UNSEEN], row[C_EXTRA] = step.unseen, step.checked
        elif isinstance(step, Attack):
            if step.attack not in KIND_NAMES:
                raise Unsupported(f"an attack of kind {step.attack}")
            row[C_KIND], row[C_TARGET], row[C_ARG] = ST_ATTACK, step.target, KIND_NAMES.index(step.attack)
            row[C_STAGE], row[C_CRIT], row[C_UNSEEN], row[C_EXTRA] = step.stage, step.crit, step.unseen, step.iterative
            row[C_SPELL] = T.SPELL_KEYS.index(step.spell) if step.spell else 0
        elif isinstance(step, Save):
            row[C_KIND], row[C_TARGET], row[C_EXTRA] = ST_SAVE, step.target, step.dc
            if step.save == "will_half":
                row[C_ARG], row[C_DAMAGE], row[C_SPELL] = 1, step.damage, T.SPELL_KEYS.index(step.spell)
            elif step.save != "trip":
                raise Unsupported(f"a save of kind {step.save}")
        elif isinstance(step, Concentration):
            row[C_KIND], row[C_EXTRA] = ST_CONC, step.dc
        elif isinstance(step, HideCheck):
            row[C_KIND], row[C_EXTRA] = ST_HIDE, step.dc
        elif isinstance(step, HealCheck):
            row[C_KIND], row[C_TARGET] = ST_HEAL, step.target
        elif isinstance(step, (Cure, SpellDamage)):
            row[C_KIND] = ST_CURE if isinstance(step, Cure) else ST_SPELLDMG
            row[C_TARGET], row[C_SPELL] = step.target, T.SPELL_KEYS.index(step.spell)
        elif isinstance(step, Fireball):
            failed = 0
            for j, r in zip(step.savers, step.saves):
                if reflex_fails(U, P, state.round, j, r, step.dc, game.reflex_cover(step.origin, j, state)):
                    failed |= 1 << j
            row[C_KIND], row[C_TARGET] = ST_FIREBALL, step.origin[0] * h + step.origin[1]
            row[C_ARG] = sum(1 << j for j in step.savers)
            row[C_STAGE], row[C_CRIT] = len(step.saves), failed
            row[C_UNSEEN] = sum(1 << j for j in step.helpless)
            row[C_EXTRA], row[C_DAMAGE], row[C_SPELL] = step.dc, step.damage, T.SPELL_KEYS.index("fireball")
        elif isinstance(step, Bleed):
            row[C_KIND] = ST_BLEED
        elif isinstance(step, GoOn):
            row[C_KIND], row[C_TARGET] = ST_GOON, step.target
        else:
            raise Unsupported(f"the pending step {step.kind}")
    return STK, PATH, plen


def load(game, state, P=None):
    """(units, turn, stack, path) of ``state``: the arrays the compiled battle plays on from, with
    the fixed tables of :func:`.batch_tables.tables` (``P`` its sheets, when at hand; raises
    :class:`Unsupported`)."""
    why = T.unsupported(game)
    if why:
        raise Unsupported(", ".join(why))
    if len(state.units) > T.MAX_UNITS:
        raise Unsupported("more characters than the kernel holds")
    if state.over:
        raise Unsupported("the battle is over")
    U = units(game, state)
    S = turn(game, state)
    STK, PATH, plen = stack(game, state, U, T.sheets(game) if P is None else P)
    S[S_SP] = len(state.stack)
    S[S_PLEN] = plen
    return U, S, STK, PATH
