"""Pending steps: what is left to resolve, kept on the state's stack (the top last).

Each kind of step is a small frozen dataclass with named, typed fields.  A decision pushes steps;
the rules settle the top step when it needs neither a decision nor dice (a move's next square, a
standard action once its attacks of opportunity are over), ask for a reaction (:class:`Offer`) or
roll its dice (every other step).

Every step has ``actor``, the character it belongs to (who moves, attacks, saves, bleeds), and a
``kind``, the name it has in a state's JSON.

JSON schema (unchanged from the first version of the rules, so stored states and snapshots still
load): a step is one object with the keys ``kind`` (a string), ``actor`` and ``target`` (character
indices, ``-1`` for none), ``arg`` (a string), ``n`` and ``m`` (integers), ``rolls`` (a list of
integers), ``unseen`` (a boolean) and ``iterative`` (an integer).  Each class's ``to_json`` and
``from_json`` say which of its fields each key carries; keys a kind does not use keep their
defaults (``-1``, ``""``, ``0``, ``[]``, ``false``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from .grid import Square

#: the keys of a step in JSON, in order, with their defaults
_DEFAULTS = {"kind": "", "actor": -1, "target": -1, "arg": "", "n": 0, "m": 0, "rolls": (), "unseen": False,
             "iterative": 0}


def _json(kind: str, actor: int, **fields: Any) -> dict:
    out = dict(_DEFAULTS, kind=kind, actor=actor, **fields)
    out["rolls"] = list(out["rolls"])
    return out


def _square(text: str) -> Square:
    x, y = text.split(",")
    return (int(x), int(y))


def _indices(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split(",") if v)


class _Plain:
    """A step whose fields other than ``actor`` go to JSON keys one to one, as ``keys`` names them
    (field, key): its JSON form and its reading back are the same for every such step."""

    kind: ClassVar[str]
    keys: ClassVar[tuple[tuple[str, str], ...]] = ()

    def to_json(self) -> dict:
        return _json(self.kind, self.actor, **{key: getattr(self, name) for name, key in self.keys})

    @classmethod
    def from_json(cls, d: Mapping):
        return cls(d["actor"], *(d[key] for _, key in cls.keys))


@dataclass(frozen=True)
class Offer:
    """Character ``actor`` may take an attack of opportunity on ``target``, who provokes by
    ``why``: ``"leaves"`` or ``"enters"`` its melee range, or the decision verb of a standard
    action (``"cast"``, ``"shoot"``, ``"punch"`` ...).  JSON: ``arg`` is ``why``."""

    kind: ClassVar[str] = "offer"
    actor: int
    target: int
    why: str

    def to_json(self) -> dict:
        return _json(self.kind, self.actor, target=self.target, arg=self.why)

    @classmethod
    def from_json(cls, d: Mapping) -> "Offer":
        return cls(d["actor"], d["target"], d["arg"])


@dataclass(frozen=True)
class Move:
    """Character ``actor`` walks ``path`` (its start square first).  ``stage`` counts half-steps:
    ``2 k`` is about to leave ``path[k]`` (attacks of opportunity for leaving), ``2 k + 1`` is
    about to enter ``path[k + 1]``.  JSON: ``arg`` is the path as ``"x,y;x,y;..."``, ``n`` the stage."""

    kind: ClassVar[str] = "move"
    actor: int
    path: tuple[Square, ...]
    stage: int = 0

    def to_json(self) -> dict:
        return _json(self.kind, self.actor, arg=";".join(f"{x},{y}" for x, y in self.path), n=self.stage)

    @classmethod
    def from_json(cls, d: Mapping) -> "Move":
        return cls(d["actor"], tuple(_square(p) for p in d["arg"].split(";")), d["n"])


@dataclass(frozen=True)
class Do:
    """Character ``actor`` performs the standard action ``action`` (a decision string, or
    ``"drop_main"``: a thrown weapon leaves the hand) once the attacks of opportunity it provoked
    are over.  ``checked``: the Concentration checks a spell needs have been pushed.  ``unseen``:
    the action's first attack is made from hiding.  JSON: ``arg`` is the action, ``m`` ``checked``."""

    kind: ClassVar[str] = "do"
    actor: int
    action: str
    unseen: bool = False
    checked: bool = False

    def to_json(self) -> dict:
        return _json(self.kind, self.actor, arg=self.action, m=int(self.checked), unseen=self.unseen)

    @classmethod
    def from_json(cls, d: Mapping) -> "Do":
        return cls(d["actor"], d["arg"], bool(d["unseen"]), bool(d["m"]))


#: the stages of an attack: the d20, the blur's miss chance, the damage
ROLL, CONCEALMENT, DAMAGE = 0, 1, 2


@dataclass(frozen=True)
class Attack:
    """Character ``actor`` attacks ``target``.  ``attack``: main, off, main_tw, off_tw, aoo, trip,
    hamstring, shoot, throw, touch, ray, unarmed (see :func:`.attacks.attack_profile`); ``spell``
    the touch or ray spell.  ``stage``: :data:`ROLL`, :data:`CONCEALMENT` or :data:`DAMAGE`;
    ``roll`` the d20 once rolled (0 before), ``crit`` whether it was a critical.  ``unseen``: from
    hiding; ``iterative``: which attack of a full attack (0: the first, at the full bonus).
    JSON: ``arg`` is ``attack`` or ``attack:spell``, ``m`` the stage, ``n`` ``crit``, ``rolls``
    ``[roll]`` once rolled."""

    kind: ClassVar[str] = "attack"
    actor: int
    target: int
    attack: str
    spell: str = ""
    unseen: bool = False
    iterative: int = 0
    stage: int = ROLL
    crit: bool = False
    roll: int = 0

    def to_json(self) -> dict:
        return _json(self.kind, self.actor, target=self.target,
                     arg=f"{self.attack}:{self.spell}" if self.spell else self.attack, n=int(self.crit),
                     m=self.stage, rolls=(self.roll,) if self.roll else (), unseen=self.unseen,
                     iterative=self.iterative)

    @classmethod
    def from_json(cls, d: Mapping) -> "Attack":
        attack, _, spell = d["arg"].partition(":")
        rolls = tuple(d["rolls"])
        return cls(d["actor"], d["target"], attack, spell, bool(d["unseen"]), d["iterative"], d["m"], bool(d["n"]),
                   rolls[0] if rolls else 0)


@dataclass(frozen=True)
class Save:
    """Character ``actor`` saves against ``dc``, set off by ``target``.  ``save``: ``"trip"`` (the
    better of its Strength and Dexterity saves; prone on a failure) or ``"will_half"`` (a Will save
    against ``spell``: ``damage`` on a failure, half of it on a success).  JSON: ``arg`` is ``trip``
    or ``will_half:spell``, ``n`` the DC, ``m`` the damage."""

    kind: ClassVar[str] = "save"
    actor: int
    target: int
    save: str
    dc: int
    spell: str = ""
    damage: int = 0

    def to_json(self) -> dict:
        return _json(self.kind, self.actor, target=self.target,
                     arg=f"{self.save}:{self.spell}" if self.spell else self.save, n=self.dc, m=self.damage)

    @classmethod
    def from_json(cls, d: Mapping) -> "Save":
        save, _, spell = d["arg"].partition(":")
        return cls(d["actor"], d["target"], save, d["n"], spell, d["m"])


@dataclass(frozen=True)
class Concentration(_Plain):
    """Character ``actor``, hurt while casting, makes a Concentration check against ``dc`` (the
    damage taken).  JSON: ``n`` is the DC."""

    kind: ClassVar[str] = "conc"
    actor: int
    dc: int
    keys: ClassVar[tuple[tuple[str, str], ...]] = (("dc", "n"),)


@dataclass(frozen=True)
class HideCheck(_Plain):
    """Character ``actor`` makes a Hide check against ``dc``.  JSON: ``n`` is the DC."""

    kind: ClassVar[str] = "hidecheck"
    actor: int
    dc: int
    keys: ClassVar[tuple[tuple[str, str], ...]] = (("dc", "n"),)


@dataclass(frozen=True)
class HealCheck(_Plain):
    """Character ``actor`` makes a Heal check to stabilize ``target``."""

    kind: ClassVar[str] = "healcheck"
    actor: int
    target: int
    keys: ClassVar[tuple[tuple[str, str], ...]] = (("target", "target"),)


@dataclass(frozen=True)
class Cure(_Plain):
    """Character ``actor``'s healing ``spell`` on ``target``: its dice.  JSON: ``arg`` is the spell."""

    kind: ClassVar[str] = "cure"
    actor: int
    target: int
    spell: str
    keys: ClassVar[tuple[tuple[str, str], ...]] = (("target", "target"), ("spell", "arg"))


@dataclass(frozen=True)
class SpellDamage(_Plain):
    """Character ``actor``'s damage ``spell`` that needs no attack roll (magic missile) on
    ``target``: its dice.  JSON: ``arg`` is the spell."""

    kind: ClassVar[str] = "spelldmg"
    actor: int
    target: int
    spell: str
    keys: ClassVar[tuple[tuple[str, str], ...]] = (("target", "target"), ("spell", "arg"))


@dataclass(frozen=True)
class Fireball:
    """Character ``actor``'s fireball burst at ``origin``: its damage is rolled once (``damage``, 0
    before), then each of ``savers`` (conscious characters inside) rolls a Reflex save against
    ``dc`` (``saves`` so far); ``helpless`` ones inside burn without a save.  JSON: ``arg`` is
    ``"x,y|savers|helpless"`` (indices separated by commas), ``n`` the DC, ``rolls`` the damage
    and then the saves."""

    kind: ClassVar[str] = "fireball"
    actor: int
    origin: Square
    savers: tuple[int, ...]
    helpless: tuple[int, ...]
    dc: int
    damage: int = 0
    saves: tuple[int, ...] = ()

    def to_json(self) -> dict:
        arg = (f"{self.origin[0]},{self.origin[1]}|{','.join(map(str, self.savers))}|"
               f"{','.join(map(str, self.helpless))}")
        rolls = (self.damage,) + self.saves if self.damage else ()
        return _json(self.kind, self.actor, arg=arg, n=self.dc, rolls=rolls)

    @classmethod
    def from_json(cls, d: Mapping) -> "Fireball":
        origin, savers, helpless = d["arg"].split("|")
        rolls = tuple(d["rolls"])
        return cls(d["actor"], _square(origin), _indices(savers), _indices(helpless), d["n"],
                   rolls[0] if rolls else 0, rolls[1:])


@dataclass(frozen=True)
class Bleed(_Plain):
    """Character ``actor``, incapacitated and not stable, rolls to stop bleeding at its turn."""

    kind: ClassVar[str] = "bleed"
    actor: int


@dataclass(frozen=True)
class GoOn(_Plain):
    """After the first attack of a full attack, ``actor`` decides: go on with the attacks on
    ``target`` below this step, or take a move action instead of them (option iterative_attacks;
    SRD, Full Attack).  JSON: ``target``."""

    kind: ClassVar[str] = "goon"
    actor: int
    target: int
    keys: ClassVar[tuple[tuple[str, str], ...]] = (("target", "target"),)


Step = Offer | Move | Do | Attack | Save | Concentration | HideCheck | HealCheck | Cure | SpellDamage | Fireball | Bleed | GoOn
STEP_TYPES: dict[str, type] = {c.kind: c for c in (Offer, Move, Do, Attack, Save, Concentration, HideCheck,
                                                    HealCheck, Cure, SpellDamage, Fireball, Bleed, GoOn)}


def step_to_json(step: Step) -> dict:
    return step.to_json()


def step_from_json(data: Mapping) -> Step:
    """A step from its JSON object (see the module's schema); a missing key takes its default."""
    d = {**_DEFAULTS, **data}
    cls = STEP_TYPES.get(d["kind"])
    if cls is None:
        raise ValueError(f"unknown pending step {d['kind']!r}; steps: {', '.join(STEP_TYPES)}")
    return cls.from_json(d)
