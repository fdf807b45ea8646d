"""Walking a record: the states it passes through, one step per entry.

A review reads a record entry by entry from the game's first state, without a dice source: each
roll entry is applied as the outcome of the chance event open at that point, each decision as the
decision of its seat.  The record is checked first (with its revealed seed, as ``brawl verify``
does), so a review never judges a game that did not happen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.game import BrawlError, Chance, Decision, Game, Terminal
from ..core.record import Record, RecordError
from .judge import result_of


class ReviewError(BrawlError):
    pass


@dataclass(frozen=True)
class Step:
    """One entry of the record: ``index`` in the record, ``step`` the number of decisions before it
    (the replay viewer's step that shows the position it starts from), the states around it."""

    index: int
    step: int
    before: Any
    after: Any
    node: Any
    seat: int | None = None  # the deciding seat (decisions) or the rolling seat (dice)
    action: str | None = None
    event: str | None = None
    outcome: Any = None


def load_record(data: Any) -> Record:
    """A record from its JSON (a dict, or a record already)."""
    if isinstance(data, Record):
        return data
    try:
        return Record.from_json(data)
    except RecordError:
        raise
    except Exception as exc:
        raise ReviewError(f"not a game record: {exc}") from None


def walk(game: Game, record: Record) -> tuple[list[Step], Any]:
    """Every entry of ``record`` as a :class:`Step`, and the last state."""
    state = game.initial_state()
    steps: list[Step] = []
    decisions = 0
    for i, entry in enumerate(record.entries):
        node = game.node(state)
        try:
            if "roll" in entry:
                if not isinstance(node, Chance):
                    raise ReviewError(f"entry {i} is a roll where no dice are rolled")
                outcome = entry["outcome"]
                outcome = tuple(outcome) if isinstance(outcome, list) else outcome
                after = game.apply_chance(state, outcome)
                steps.append(Step(i, decisions, state, after, node, seat=node.seat, event=node.event.name, outcome=outcome))
            elif "forfeit" in entry:  # a seat out of time left the game: nothing of it to judge
                after = game.forfeit(state, int(entry["seat"])) if isinstance(node, Decision) else None
                if after is None:
                    raise ReviewError(f"entry {i}: no seat can leave the game there")
                state, decisions = after, decisions + 1
                continue
            else:
                if not isinstance(node, Decision):
                    raise ReviewError(f"entry {i} is a decision where none is open")
                seat, action = int(entry["seat"]), str(entry["action"])
                after = game.apply_action(state, seat, action)
                steps.append(Step(i, decisions, state, after, node, seat=seat, action=action))
                decisions += 1
        except BrawlError as exc:
            raise ReviewError(f"entry {i} of the record does not replay: {exc}") from None
        state = after
    return steps, state


def final_result(game: Game, last: Any, ended: Any = None) -> list[float] | None:
    """Each seat's result (a draw one half), or None when the game is not over.  A game the server
    ended (a claim: the record's ``ended``) counts with the winners it named."""
    node = game.node(last)
    if isinstance(node, Terminal):
        return result_of(node.winners, game.num_players)
    if isinstance(ended, dict) and isinstance(ended.get("winners"), list):
        return result_of(ended["winners"], game.num_players)
    return None

