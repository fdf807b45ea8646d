"""Playing a record back: the game it names, the decisions it lists, and its dice.

:func:`replay` takes the game factory as an argument, so the core never imports the games;
``brawl.games.replay`` passes the registry's ``make_game``.  :func:`verify` is the whole check of a
record (``brawl verify``, and the server's ``POST /api/rooms/verify`` for the replay viewer): the
commitment, then every decision played again with the dice drawn from the revealed seed, each
entry compared with the record's, and where the first disagreement is.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .match import Match
from .record import Record, RecordError
from .sources import DiceSource, ReplayDice, canonical, make_source

if TYPE_CHECKING:
    from .game import Game

MakeGame = Callable[[str, Mapping[str, Any]], "Game"]


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify` found.  ``entry`` is the index of the first entry of the record that the
    replay from the seed does not give (``None`` when the problem is not one entry, such as the
    commitment); ``step`` is the number of decisions played before it, the replay viewer's step
    where the disagreement shows."""

    ok: bool
    problem: str
    rolls: int
    decisions: int
    over: bool = False
    commitment: str | None = None
    entry: int | None = None
    step: int | None = None
    digest: str = ""  # SHA-256 of the canonical JSON of the record checked (format, game, options, dice, entries)

    def to_json(self) -> dict:
        return {"ok": self.ok, "problem": self.problem, "rolls": self.rolls, "decisions": self.decisions,
                "over": self.over, "commitment": self.commitment, "entry": self.entry, "step": self.step,
                "digest": self.digest}

    def words(self) -> str:
        """One line: ``OK: ...`` or ``MISMATCH: ...`` (what ``brawl verify`` prints)."""
        if not self.ok:
            return f"MISMATCH: {self.problem}"
        what = f"seed matches commitment {self.commitment[:16]}..., " if self.commitment else ""
        plain = "" if self.commitment else (" from the record's plain seed (no commitment: the record is whole, "
                                            "but nothing shows its seed was fixed before the game)")
        return (f"OK: {what}{self.rolls} rolls and {self.decisions} decisions replay exactly{plain}"
                + ("; game over" if self.over else ""))


def _show(entry: dict | None) -> str:
    return "nothing" if entry is None else json.dumps(entry, sort_keys=True)


def _first_difference(got: list[dict], expected: list[dict], start: int = 0) -> int | None:
    """The first index from ``start`` on where ``got`` (the replay so far) disagrees with
    ``expected`` (the record)."""
    for i in range(start, len(got)):
        if i >= len(expected) or json.dumps(got[i], sort_keys=True) != json.dumps(expected[i], sort_keys=True):
            return i
    return None


def digest(record: Record) -> str:
    """SHA-256 of the record's canonical JSON: which record a verdict is about (a page that holds a
    record compares it with the verdict's, so a verdict on another copy is never taken for its own)."""
    try:
        return hashlib.sha256(canonical(record.to_json())).hexdigest()
    except (TypeError, ValueError):  # a value JSON cannot write
        return ""


def verify_match(record: Record, make_game: MakeGame) -> tuple[Verdict, Match | None]:
    """:func:`verify`, also returning the match played from the seed (``None`` when it could not start)."""
    entries = record.entries
    counts = {"rolls": len(record.rolls()), "decisions": len(record.decisions()),
              "commitment": record.dice.get("commitment") if isinstance(record.dice.get("commitment"), str) else None,
              "digest": digest(record)}

    def bad(problem: str, entry: int | None = None, match: Match | None = None,
            where: str | None = None) -> tuple[Verdict, Match | None]:
        step = None if entry is None else sum(1 for e in entries[:entry] if "seat" in e)  # decisions and forfeits
        if where is None:
            where = "" if step is None else "before the first decision, " if step == 0 else f"after decision {step}, "
        return Verdict(False, where + problem, entry=entry, step=step, **counts), match

    def differs(i: int, got: list[dict], match: Match) -> tuple[Verdict, Match | None]:
        return bad(f"entry {i} differs (recorded {_show(entries[i] if i < len(entries) else None)}, "
                   f"replayed from the seed {_show(got[i] if i < len(got) else None)})", i, match)

    if "seed" not in record.dice:
        return bad("the record holds no revealed seed: the dice cannot be checked "
                   "(the seed is revealed when the game ends)")
    try:
        record.check_commitment()
    except RecordError as exc:
        return bad(str(exc))
    try:
        source = make_source(str(record.dice.get("kind")), record.dice["seed"], [e for e in entries if "roll" in e])
        game = make_game(record.game, record.options)
        match = Match(game, source)
    except Exception as exc:  # an unknown game or dice kind, options refused
        return bad(f"the record's game cannot be set up: {exc}")
    at = 0  # the record's entry for the next decision
    checked = 0  # entries of the replay already found equal to the record's (a record only grows)
    for taken in record.steps():
        got = match.record.entries
        i = _first_difference(got, entries, checked)
        if i is not None:
            return differs(i, got, match)
        checked = len(got)
        while at < len(entries) and "seat" not in entries[at]:
            at += 1
        if len(got) < at:  # the record has rolls here that the game never asked for
            return differs(len(got), got, match)
        try:
            match.take(taken)
        except Exception as exc:  # an illegal decision (or a decision after the end)
            what = f"leave the game ({taken.get('forfeit')!r})" if "forfeit" in taken else f"decide {taken.get('action')!r}"
            return bad(f"decision {sum(1 for e in entries[:at] if 'seat' in e) + 1} (entry {at}) does not replay: "
                       f"seat {taken.get('seat')!r} cannot {what} here ({exc})", at, match, where="")
        at += 1
    got = match.record.entries
    i = _first_difference(got, entries, checked)
    if i is None and len(got) < len(entries):
        i = len(got)
    if i is not None:
        return differs(i, got, match)
    if counts["commitment"] and not match.over:
        return bad(f"the record stops after {len(entries)} entries, before the game is over: "
                   "a published record is the whole game", len(entries), match)
    return Verdict(True, "", over=match.over, **counts), match


def verify(record: Record, make_game: MakeGame) -> Verdict:
    """The whole check of ``record``: a revealed seed, the commitment (when its dice are committed
    they must carry it, and it must cover the record's game and options), then every decision played
    again with dice drawn from the seed; ok only when every entry is the record's own."""
    return verify_match(record, make_game)[0]


def replay(record: Record, make_game: MakeGame, *, verify: bool = True,
           steps: int | None = None, dice: DiceSource | None = None) -> Match:
    """Play ``record`` back and return the match; ``make_game(name, options)`` builds the game
    (``brawl.games.replay`` passes the registry's, so most callers use that).

    With ``verify`` and a seed in the record, the whole record is checked as :func:`verify` does
    (raising :class:`RecordError` with the first disagreement); otherwise the recorded outcomes are
    fed back, by ``dice`` when given (a :class:`ReplayDice` that also watches each event, say).
    ``steps`` stops after that many steps, decisions and forfeits (to look at a game part-way)."""
    if verify and steps is None and "seed" in record.dice:
        verdict, match = verify_match(record, make_game)
        if not verdict.ok:
            raise RecordError(f"record does not replay: {verdict.problem}")
        assert match is not None
        return match
    game = make_game(record.game, record.options)
    if verify and "seed" in record.dice:
        record.check_commitment()
        source = make_source(record.dice["kind"], record.dice["seed"], [e for e in record.entries if "roll" in e])
    else:
        source = dice if dice is not None else ReplayDice(record.rolls())
    match = Match(game, source)
    taken = record.steps()
    if steps is not None:
        taken = taken[:steps]
    for step in taken:
        match.take(step)
    if verify and steps is None:
        i = _first_difference(match.record.entries, record.entries)
        if i is None and len(match.record.entries) < len(record.entries):
            i = len(match.record.entries)
        if i is not None:
            raise RecordError(f"record does not replay: entry {i} differs (recorded "
                              f"{_show(record.entries[i] if i < len(record.entries) else None)}, replayed "
                              f"{_show(match.record.entries[i] if i < len(match.record.entries) else None)})")
    return match
