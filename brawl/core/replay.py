"""Playing a record back: the game it names, the decisions it lists, and its dice.

:func:`replay` takes the game factory as an argument, so the core never imports the games;
``brawl.games.replay`` passes the registry's ``make_game``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .match import Match
from .record import Record, RecordError
from .sources import DiceSource, ReplayDice, make_source

if TYPE_CHECKING:
    from .game import Game


def replay(record: Record, make_game: Callable[[str, Mapping[str, Any]], "Game"], *, verify: bool = True,
           steps: int | None = None, dice: DiceSource | None = None) -> Match:
    """Play ``record`` back and return the match; ``make_game(name, options)`` builds the game
    (``brawl.games.replay`` passes the registry's, so most callers use that).

    With ``verify`` and a seed in the record, the dice come from the seed and each must equal the
    recorded outcome (this is ``brawl verify``); otherwise the recorded outcomes are fed back, by
    ``dice`` when given (a :class:`ReplayDice` that also watches each event, say).  ``steps`` stops
    after that many decisions (to look at a game part-way)."""
    game = make_game(record.game, record.options)
    if verify and "seed" in record.dice:
        record.check_commitment()
        source = make_source(record.dice["kind"], record.dice["seed"])
    else:
        source = dice if dice is not None else ReplayDice(record.rolls())
    match = Match(game, source)
    decisions = record.decisions()
    if steps is not None:
        decisions = decisions[:steps]
    for seat, action in decisions:
        match.decide(seat, action)
    if verify and steps is None:
        expected = [json.dumps(e, sort_keys=True) for e in record.entries]
        got = [json.dumps(e, sort_keys=True) for e in match.record.entries]
        if got != expected:
            first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
            raise RecordError(f"record does not replay: entry {first} differs "
                              f"(recorded {expected[first] if first < len(expected) else 'nothing'}, "
                              f"replayed {got[first] if first < len(got) else 'nothing'})")
        if "commitment" in record.dice and not match.over:
            raise RecordError(f"the record stops after {len(record.entries)} entries, before the game is over: "
                              "a published record is the whole game")
    return match
