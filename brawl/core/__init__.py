"""The core every brawl game shares: dice, decisions, matches, records and views."""

from .dice import ChanceEvent, DiceExpr, DiceNotationError, die, parse, roll_event
from .game import (BrawlError, Chance, Decision, Game, GameOptions, IllegalAction, Node,
                   OptionsError, Terminal)
from .match import LogLine, Match
from .record import Record, RecordError
from .replay import replay
from .sources import CommittedDice, CryptoDice, DiceSource, ReplayDice, SeededDice

__all__ = [
    "BrawlError", "Chance", "ChanceEvent", "CommittedDice", "CryptoDice", "Decision", "DiceExpr",
    "DiceNotationError", "DiceSource", "Game", "GameOptions", "IllegalAction", "LogLine", "Match",
    "Node", "OptionsError", "Record", "RecordError", "ReplayDice", "SeededDice", "Terminal", "die",
    "parse", "replay", "roll_event",
]
