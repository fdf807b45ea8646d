"""Game records: options, dice seed and every decision, replayable bit for bit.

A record is plain JSON::

    {"format": "brawl-record/1", "game": "krig", "options": {...},
     "dice": {"kind": "seeded", "seed": 7},
     "entries": [{"roll": "d10", "outcome": 4}, {"seat": 0, "action": "attack"}, ...]}

A seat that left a game the others play on (its time ran out; see ``Game.forfeit``) is an entry of
its own, ``{"seat": 2, "forfeit": "time"}``: a step of the game like a decision, which a replay
takes again (:meth:`Record.steps`).

Rolls are recorded beside the decisions so a record reads as the game went, and so a replay can
check that the seed really produces them (:func:`brawl.core.replay.replay` with ``verify=True``).

How a record says where its dice came from (``dice.kind``):

- ``"seeded"``: a public whole-number ``seed`` (local play, tests, simulation).  Anyone could pick
  it after the game, so it proves nothing about fairness; it only makes the record replay.
- ``"hmac-sha256"``: committed dice.  The SHA-256 ``commitment`` of the secret seed (and of what it
  ``covers``: the game, its options and its seats) is shown at the start, and the ``seed`` is
  revealed at the end.  The seed of committed dice means something only beside its commitment, so
  such a record without its ``commitment`` is refused, never accepted as plain seeded dice
  (:meth:`Record.check_commitment`).
- ``"table"``: dice rolled at a real table.  A roll a player entered is marked ``"table": true`` and
  taken as given; a roll the server drew for the table ("roll for me") is committed dice as above
  (roll number *k* is draw *k* of the seed), checked against the seed like any committed roll.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .game import BrawlError
from .sources import CommittedDice, DiceSource, SeededDice, TableDice, commitment_of

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

FORMAT = "brawl-record/1"
FORFEITS = ("time",)  # why a seat left a game that goes on (a forfeit entry's reason)
COMMITTED = (CommittedDice.kind, TableDice.kind)  # dice whose seed means something only with its commitment


class RecordError(BrawlError):
    pass


@dataclass
class Record:
    game: str
    options: dict
    dice: dict
    entries: list[dict] = field(default_factory=list)

    @classmethod
    def start(cls, game: "Game", source: DiceSource) -> "Record":
        dice: dict[str, Any] = {"kind": source.kind}
        if isinstance(source, SeededDice):
            dice["seed"] = source.seed
        elif isinstance(source, CommittedDice):
            dice["commitment"] = source.commitment
            if source.covers is not None:
                dice["covers"] = source.covers
        # the options as the commitment covers them: a game stored before an option was added
        # keeps the options it was committed with (the new one takes its default on replay)
        covered = getattr(source, "covers", None)
        options = covered["options"] if isinstance(covered, dict) and isinstance(covered.get("options"), dict) \
            else game.options_json()
        return cls(game.name, options, dice)

    def add_roll(self, event: str, outcome: Any, entered: bool = False) -> None:
        """A roll; ``entered``: rolled at the table and entered by a player (taken as given when the
        record is checked), not drawn from the dice source."""
        entry = {"roll": event, "outcome": list(outcome) if isinstance(outcome, tuple) else outcome}
        if entered:
            entry["table"] = True
        self.entries.append(entry)

    def add_decision(self, seat: int, action: str) -> None:
        self.entries.append({"seat": seat, "action": action})

    def add_forfeit(self, seat: int, reason: str) -> None:
        """``seat`` left the game, which goes on without it (``reason``: one of :data:`FORFEITS`)."""
        self.entries.append({"seat": seat, "forfeit": reason})

    def reveal(self, seed_hex: str) -> None:
        self.dice["seed"] = seed_hex
        self.check_commitment()

    def check_commitment(self) -> None:
        """The revealed seed, and what the commitment covers (game, options, seats), must hash to
        the commitment made at the start; the covered game and options must be the record's own.

        A revealed seed of committed dice must come with its commitment (removing the commitment
        does not turn committed dice into plain seeded ones), a commitment belongs only to
        committed dice, and a plain seed is a whole number."""
        kind, commitment = self.dice.get("kind"), self.dice.get("commitment")
        if commitment is not None and kind not in COMMITTED:
            raise RecordError(f"the record carries a commitment, but its dice kind is {kind!r}: "
                              f"committed dice are {CommittedDice.kind!r}")
        if "seed" not in self.dice:
            return
        if kind == SeededDice.kind:
            seed = self.dice["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError("the seed of seeded dice is a whole number; this record's is not")
            return
        if kind not in COMMITTED:
            return
        if not isinstance(commitment, str):
            raise RecordError("the record's dice are committed (hmac-sha256) but it carries no commitment: "
                              "the seed of committed dice proves nothing without the commitment shown at the start")
        covers = self.dice.get("covers")
        if covers is not None and (not isinstance(covers, dict) or covers.get("game") != self.game
                                   or covers.get("options") != self.options):
            raise RecordError("the record's game or options differ from those the commitment covers")
        try:
            ok = commitment_of(str(self.dice["seed"]), covers) == commitment
        except ValueError:
            ok = False
        if not ok:
            raise RecordError("the revealed seed (with the options and seats) does not match the commitment")

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "options": self.options, "dice": dict(self.dice),
                "entries": [dict(e) for e in self.entries]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, data: dict) -> "Record":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a brawl record (expected format {FORMAT!r})")
        for key in ("game", "options", "dice", "entries"):
            if key not in data:
                raise RecordError(f"record lacks {key!r}")
        entries = data["entries"]
        if not isinstance(entries, list) or not all(isinstance(e, dict) and (("roll" in e and "outcome" in e) or ("seat" in e and "action" in e)
                                                                             or ("seat" in e and e.get("forfeit") in FORFEITS)) for e in entries):
            raise RecordError("record entries must be rolls {roll, outcome}, decisions {seat, action} or "
                              "forfeits {seat, forfeit: \"time\"}")
        return cls(data["game"], data["options"], data["dice"], [dict(e) for e in entries])

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise RecordError(f"cannot read record {path}: {exc}") from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    def rolls(self) -> list[Any]:
        return [e["outcome"] for e in self.entries if "roll" in e]

    def decisions(self) -> list[tuple[int, str]]:
        return [(e["seat"], e["action"]) for e in self.entries if "action" in e]

    def steps(self) -> list[dict]:
        """The entries a replay takes one by one: the decisions and the forfeits, in order (the
        rolls follow from them)."""
        return [e for e in self.entries if "seat" in e]
