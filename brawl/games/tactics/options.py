"""Tactics options: what a battle is set up with, and the variant readings players may choose.

Every option has a title and a description in a player's words (the browser lobby and the
terminal's help show them).  Readings where the seed's own words decide have the seed's reading as
the default; the rules the seed does not have (cover, shooting into melee, unarmed strikes,
iterative attacks, a surprise round) come from the d20 System Reference Document and are off by
default, so the seed's game stays as it is.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from ...core.game import GameOptions
from .characters import PARTIES, CharacterError, custom_party
from .data import (COVER_AC, COVER_REFLEX, ITERATIVE_EVERY, ITERATIVE_FROM, ITERATIVE_STEP, LEVELS, MAX_ATTACKS,
                   PRONE_PENALTY, SHOOTING_INTO_MELEE_PENALTY, SOFT_COVER_AC, UNARMED_DICE)
from .grid import MAPS

#: two-weapon readings: the seed's words ("wielding"), or only when both weapons attack
TWO_WEAPON_READINGS = ("wielding", "both_attacks")
#: prone damage readings: every weapon attack (the seed's words), or melee only
PRONE_DAMAGE_READINGS = ("all", "melee")
#: which side, if any, is aware of the other when the battle starts
SURPRISE_SIDES = ("none", "first", "second")


_ORDINALS = ("second", "third", "fourth", "fifth")
#: "A character with base attack +6 or more may spend its whole turn on a full attack: a second
#: attack at -5, a third at -10 from +11, a fourth at -15 from +16 (d20 rules)."
_ITERATIVE_WORDS = (
    f"A character with base attack +{ITERATIVE_FROM} or more may spend its whole turn on a full attack: "
    + ", ".join(f"a {_ORDINALS[k - 1]}{' attack' if k == 1 else ''} at {ITERATIVE_STEP * k}"
                + (f" from +{ITERATIVE_FROM + ITERATIVE_EVERY * (k - 1)}" if k > 1 else "")
                for k in range(1, MAX_ATTACKS)) + " (d20 rules).")


class TacticsOptions(GameOptions):
    party1: Literal[tuple(PARTIES)] = Field(  # type: ignore[valid-type]
        "heroes", title="First party", description="The first side's ready-made party.")
    party2: Literal[tuple(PARTIES)] = Field(  # type: ignore[valid-type]
        "raiders", title="Second party", description="The second side's ready-made party.")
    map: Literal[tuple(MAPS)] = Field(  # type: ignore[valid-type]
        "arena", title="Map", description="The battlefield: an open arena, a hall of pillars or a narrow bridge.")
    level: int = Field(5, ge=LEVELS[0], le=LEVELS[-1], title="Level",
                       description=f"The level of every character ({LEVELS[0]} to {LEVELS[-1]}).")
    max_rounds: int = Field(30, ge=1, le=500, title="Round limit",
                            description="Rounds after which a battle still going is called a draw.")
    flat_footed: bool = Field(True, title="Flat-footed until first turn",
                              description="A character loses its Dexterity bonus to armor class until its "
                                          "first turn of the battle.")
    custom1: str = Field("", title="Custom first party",
                         description="The first side's own party instead of a ready one: ready characters and "
                                     "classes separated by commas, a class optionally named (steve,rogue,cleric=Ida).")
    custom2: str = Field("", title="Custom second party",
                         description="The second side's own party instead of a ready one, written as the first.")
    two_weapon_penalty: Literal[TWO_WEAPON_READINGS] = Field(  # type: ignore[valid-type]
        "wielding", title="Two-weapon penalty",
        description="On every attack while wielding two: a character holding two weapons takes the penalty on every "
                    "attack with either of them (the seed's words). Only when attacking with both: only when it "
                    "attacks with both in one action.")
    prone_damage: Literal[PRONE_DAMAGE_READINGS] = Field(  # type: ignore[valid-type]
        "all", title="Prone damage penalty",
        description=f"all: a prone character deals {PRONE_PENALTY} less damage with every weapon, bows and thrown weapons "
                    "included (the seed's words); melee: only with melee attacks.")
    cover: bool = Field(False, title="Cover",
                        description=f"Walls give {COVER_AC:+d} armor class ({COVER_REFLEX:+d} Reflex against a fireball from "
                                    f"beyond them) and characters in the way give {SOFT_COVER_AC:+d} armor class against "
                                    "ranged attacks (d20 rules).")
    shooting_into_melee: bool = Field(False, title="Shooting into melee",
                                      description=f"{SHOOTING_INTO_MELEE_PENALTY} to hit with a ranged attack or ray at an enemy who is in "
                                                  "melee with one of the shooter's friends (d20 rules).")
    unarmed_strikes: bool = Field(False, title="Unarmed strikes",
                                  description=f"Anyone may punch an adjacent enemy for {UNARMED_DICE} + Strength nonlethal "
                                              "damage; the punch provokes an attack of opportunity from it "
                                              "(d20 rules).")
    iterative_attacks: bool = Field(False, title="Iterative attacks",
                                    description=_ITERATIVE_WORDS)
    surprise_round: Literal[SURPRISE_SIDES] = Field(  # type: ignore[valid-type]
        "none", title="Surprise round",
        description="none: no surprise; first or second: that side catches the other unaware and acts alone in "
                    "a surprise round, one move or one standard action each, its enemies flat-footed "
                    "(d20 rules).")

    @field_validator("custom1", "custom2")
    @classmethod
    def _custom_party(cls, value: str) -> str:
        if value.strip():
            try:
                custom_party(value)
            except CharacterError as exc:
                raise ValueError(str(exc)) from None
        return value
