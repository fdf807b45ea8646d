"""The odds service: exact chances of attacks and saves, and the seed's four worked examples.

Every figure comes from the rules engine itself: a battle is set up with the ready characters'
sheets, the decision is applied, and the chance event that decides it (the d20) is walked outcome
by outcome, so the numbers are the engine's, not a second formula.  ``hit_chance`` and
``save_chance`` are the closed forms the engine's resolution functions give, for tables and hints.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ...core.game import BrawlError, Chance, Decision
from .characters import CharacterError, ready_character
from .grid import Map
from .rules import AttackProfile, Tactics, TacticsState, d20_result, save_result


class OddsError(BrawlError):
    pass


def hit_chance(profile: AttackProfile) -> Fraction:
    """P(the d20 hits), natural 1 and natural 20 included (seed: Armor Class)."""
    hits = sum(1 for r in range(1, 21) if d20_result(r, profile.bonus, profile.ac, profile.crit_lo) != "miss")
    return Fraction(hits, 20)


def crit_chance(profile: AttackProfile) -> Fraction:
    crits = sum(1 for r in range(1, 21) if d20_result(r, profile.bonus, profile.ac, profile.crit_lo) == "crit")
    return Fraction(crits, 20)


def save_chance(bonus: int, dc: int, natural: bool) -> Fraction:
    """P(d20 + bonus >= dc), with natural 1/20 automatic when ``natural`` (seed: Difficulty Check)."""
    return Fraction(sum(1 for r in range(1, 21) if save_result(r, bonus, dc, natural)), 20)


# ----------------------------------------------------------------------------------------------
# Setting up a duel from ready characters


def _strip_map(length: int) -> Map:
    return Map("strip", "open strip", max(length + 4, 6), 3, frozenset(), (((0, 1),), ((1, 1),)))


def duel(attacker: str, target: str, feet: int = 5, level: int = 5, target_flat_footed: bool = False,
         target_prone: bool = False) -> tuple[Tactics, TacticsState]:
    """The attacker (side 1) and the target (side 2) on an open strip ``feet`` apart in a straight
    line, the attacker on turn, neither having acted unless said: the attacker has had its turn
    started (so it is not flat-footed); the target is flat-footed only when asked."""
    if feet < 5 or feet % 5:
        raise OddsError(f"distance must be a positive multiple of 5 feet, not {feet}")
    try:
        a, t = ready_character(attacker, level), ready_character(target, level)
    except CharacterError as exc:
        raise OddsError(str(exc)) from None
    squares = feet // 5
    game = Tactics.custom(((a,), (t,)), _strip_map(squares + 2), flat_footed=True)
    state = game.initial_state()
    units = list(state.units)
    units[0] = replace(units[0], x=1, y=1, acted=True)
    units[1] = replace(units[1], x=1 + squares, y=1, acted=not target_flat_footed, prone=target_prone)
    state = replace(state, units=tuple(units), order=(0, 1), pos=0, round=1)
    return game, state


def _outcomes(game: Tactics, state: TacticsState):
    node = game.node(state)
    if not isinstance(node, Chance):
        raise OddsError("no roll is pending")
    return [(o, p, game.apply_chance(state, o)) for o, p in node.event.items()], node.event


def _answer_reactions(game: Tactics, state: TacticsState, answer: str = "pass") -> TacticsState:
    node = game.node(state)
    while isinstance(node, Decision) and node.kind == "reaction":
        state = game.apply_action(state, node.seats[0], answer)
        node = game.node(state)
    return state


def _hit_pending(state: TacticsState) -> bool:
    """After the d20: is a hit being resolved (damage, blur or the trip save to come)?"""
    return bool(state.stack) and (state.stack[-1].kind == "save" or
                                  (state.stack[-1].kind == "attack" and state.stack[-1].m > 0))


def engine_hit_chance(game: Tactics, state: TacticsState, action: str) -> Fraction:
    """Apply ``action`` for the character on turn (attacks of opportunity it provokes are passed)
    and add up the attack d20's outcomes that hit."""
    state = _answer_reactions(game, game.apply_action(state, game.sides[state.actor], action))
    outs, event = _outcomes(game, state)
    if event.name != "d20":
        raise OddsError(f"{action} makes no attack roll")
    return sum((p for _, p, s in outs if _hit_pending(s)), Fraction(0))


@dataclass
class Example:
    key: str
    text: str
    assumes: str
    seed_percent: int
    probability: Fraction
    detail: str

    def to_json(self) -> dict:
        return {"example": self.key, "text": self.text, "assumes": self.assumes,
                "seed_percent": self.seed_percent, "probability": str(self.probability),
                "percent": float(self.probability * 100), "detail": self.detail}


def example_sword() -> Example:
    """Seed (Damage): Steve swings his sword at Jeff: +8 against AC 10, 95%."""
    game, state = duel("steve", "jeff", 5, target_flat_footed=True)
    p = engine_hit_chance(game, state, "attack:jeff")
    prof = game.attack_profile(state, 0, 1, "main")
    return Example("sword", "Steve swings his sword at Jeff", "Jeff is flat-footed (he has not acted yet), so his "
                   "Dex bonus does not count: AC 10", 95, p,
                   f"d20{prof.bonus:+d} against AC {prof.ac}")


def example_scorching_ray() -> Example:
    """Seed (Damage): Jeff's Scorching Ray at Steve: ranged touch +5 against touch AC 11, 75%."""
    game, state = duel("jeff", "steve", 20)
    p = engine_hit_chance(game, state, "cast:scorching_ray:steve")
    prof = game.attack_profile(state, 0, 1, "ray", "scorching_ray")
    return Example("scorching-ray", "Jeff casts Scorching Ray at Steve", "Steve has acted (his Dex bonus counts, "
                   "capped at +1 by full plate); 20 ft apart, out of melee", 75, p,
                   f"d20{prof.bonus:+d} against touch AC {prof.ac}")


def example_fireball() -> Example:
    """Seed (Difficulty Check): Fireball at Steve: Reflex +3 against DC 15 fails 55%."""
    game, state = duel("jeff", "steve", 30)
    s = state.units[1]
    state = game.apply_action(state, 0, f"cast:fireball:{s.x},{s.y}")
    outs, event = _outcomes(game, state)  # the fireball's damage, rolled once for everyone
    damage, _, after_damage = outs[0]
    saves, event = _outcomes(game, after_damage)
    fail = sum((p for _, p, st in saves if st.units[1].hp < s.hp), Fraction(0))
    return Example("fireball", "Jeff casts Fireball at Steve", "the fireball is centred on Steve; any damage roll",
                   55, fail, f"Reflex d20{game.save_bonus(state, 1, 'ref'):+d} against DC "
                   f"{game.sheets[0].spell_dc('fireball')}; the chance he fails (gets fried)")


def example_trip() -> Example:
    """Seed (Difficulty Check): Jeff trips Steve and hits: DC 9 against Steve's best of Str and Dex
    saves (+3), resisted 75%."""
    game, state = duel("jeff", "steve", 5)
    state = _answer_reactions(game, game.apply_action(state, 0, "trip:steve"))  # Steve's AoO passed
    outs, _ = _outcomes(game, state)
    hit = next(st for r, _, st in outs if _hit_pending(st))  # "Jeff tries to Trip Steve and hits"
    saves, _ = _outcomes(game, hit)
    up = sum((p for _, p, st in saves if not st.units[1].prone), Fraction(0))
    return Example("trip", "Jeff trips Steve and hits", "the trip's touch attack has hit; Steve lets the attack "
                   "of opportunity pass", 75, up,
                   f"d20{game.trip_save(state, 1):+d} against DC {game.trip_dc(0)}; the chance Steve stays up")


EXAMPLES = {"sword": example_sword, "scorching-ray": example_scorching_ray, "fireball": example_fireball,
            "trip": example_trip}


def examples() -> list[Example]:
    return [f() for f in EXAMPLES.values()]


# ----------------------------------------------------------------------------------------------
# Any attack between ready characters

_KIND = {"attack": "main", "twoweapon": "main_tw", "shoot": "shoot", "throw": "throw", "trip": "trip",
         "hamstring": "hamstring"}


def attack_odds(attacker: str, target: str, action: str = "attack", feet: int = 5, level: int = 5,
                target_flat_footed: bool = False, target_prone: bool = False) -> dict:
    """Hit and critical chances (and the follow-up save) of ``action`` (attack, twoweapon, shoot,
    throw, trip, hamstring, cast:<spell>) by one ready character on another ``feet`` away."""
    game, state = duel(attacker, target, feet, level, target_flat_footed, target_prone)
    tid = game.ids[1]
    verb, _, spell = action.partition(":")
    if verb == "cast":
        from .data import SPELLS
        if spell not in SPELLS:
            raise OddsError(f"unknown spell {spell!r}; spells: {', '.join(SPELLS)}")
        s = SPELLS[spell]
        if s.key == "fireball":
            dc = game.sheets[0].spell_dc(spell)
            bonus = game.save_bonus(state, 1, "ref")
            return {"action": action, "save": "Reflex", "save_bonus": bonus, "dc": dc,
                    "save_chance": str(save_chance(bonus, dc, True)),
                    "fail_chance": str(1 - save_chance(bonus, dc, True))}
        if s.target not in ("enemy_ranged_touch", "enemy_melee_touch"):
            raise OddsError(f"{s.name} makes no attack roll")
        kind = "ray" if s.target == "enemy_ranged_touch" else "touch"
        full = f"cast:{spell}:{tid}"
    elif verb in _KIND:
        kind, full = _KIND[verb], f"{verb}:{tid}"
    else:
        raise OddsError(f"unknown action {action!r}; actions: {', '.join(_KIND)}, cast:<spell>")
    legal = game.legal_actions(state, 0)
    if full not in legal:
        raise OddsError(f"{game.sheets[0].name} cannot {action} {game.sheets[1].name} from {feet} ft with this gear")
    prof = game.attack_profile(state, 0, 1, kind, spell)
    out = {"attacker": game.sheets[0].name, "target": game.sheets[1].name, "action": action, "feet": feet,
           "bonus": prof.bonus, "ac": prof.ac, "touch": prof.touch,
           "bonus_parts": [list(n) for n in prof.notes], "ac_parts": [list(n) for n in prof.ac_notes],
           "hit_chance": str(engine_hit_chance(game, state, full)), "crit_chance": str(crit_chance(prof)),
           "damage": prof.dice, "sneak_d6": prof.sneak}
    if verb == "trip":
        out["trip_dc"] = game.trip_dc(0)
        out["resist_chance"] = str(save_chance(game.trip_save(state, 1), game.trip_dc(0), False))
    return out
