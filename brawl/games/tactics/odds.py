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
from .characters import CharacterError, make_character, ready_character
from .data import D20
from .grid import SQUARE_FEET, Map, distance_feet
from .attacks import AttackProfile
from .mechanics import crit_chance, d20_result, hit_chance, save_chance, save_result
from .modifiers import engaged_with_friend
from .rules import Tactics, TacticsState
from .steps import ROLL, Attack, GoOn, Save

__all__ = ["OddsError", "AttackProfile", "hit_chance", "crit_chance", "save_chance", "d20_result", "save_result", "duel",
           "attack_odds", "examples", "EXAMPLES"]


class OddsError(BrawlError):
    pass


# ----------------------------------------------------------------------------------------------
# Setting up a duel from ready characters


def _strip_map(length: int, walls: frozenset = frozenset()) -> Map:
    # start squares only for set-up; the duel puts everyone where it wants them
    return Map("strip", "open strip", max(length + 4, 6), 5, walls, (((0, 0), (0, 2), (0, 4)), ((1, 0),)))


#: what may stand between the attacker and the target in a duel (option cover)
BETWEEN = ("none", "wall", "creature")


def duel(attacker: str, target: str, feet: int = 5, level: int = 5, target_flat_footed: bool = False,
         target_prone: bool = False, options: dict | None = None, between: str = "none",
         ally_engaged: bool = False, attacker_prone: bool = False) -> tuple[Tactics, TacticsState]:
    """The attacker (side 1) and the target (side 2) on an open strip ``feet`` apart in a straight
    line, the attacker on turn, neither having acted unless said: the attacker has had its turn
    started (so it is not flat-footed); the target is flat-footed only when asked.

    ``options``: game options (cover, shooting_into_melee, ...).  ``between``: ``"wall"`` puts the
    target just past the end of a wall (next to the attacker around the wall's corner at 5 ft;
    from 15 ft two squares off the straight line, the distance counted 5-10-5), ``"creature"`` a
    fighter friend of the attacker on the line half-way (at 10 ft that is next to the target, so in
    melee with it).  ``ally_engaged``: a fighter friend of the attacker stands next to the target
    (below it), in melee with it."""
    if feet < SQUARE_FEET or feet % SQUARE_FEET:
        raise OddsError(f"distance must be a positive multiple of 5 feet, not {feet}")
    if between not in BETWEEN:
        raise OddsError(f"between must be one of {', '.join(BETWEEN)}, not {between!r}")
    try:
        a, t = ready_character(attacker, level), ready_character(target, level)
        friend = make_character("Friend", "fighter", level)
    except CharacterError as exc:
        raise OddsError(str(exc)) from None
    squares = feet // SQUARE_FEET
    start, goal, walls = (1, 1), (1 + squares, 1), frozenset()
    blocker = None
    if between == "wall":
        if squares == 1:
            goal, walls = (2, 2), frozenset({(2, 1)})
        elif squares >= 3:
            goal = (squares, 3)
            walls = frozenset({(squares, 2)})
        else:
            raise OddsError("a wall fits between the two at 5 ft (around its corner) or from 15 ft on")
    elif between == "creature":
        if squares < 2:
            raise OddsError("nobody fits between the two at 5 ft")
        blocker = (1 + squares // 2, 1)
    friends = ([blocker] if blocker else []) + ([(goal[0], goal[1] + 1)] if ally_engaged else [])
    side1 = (a,) + tuple(replace(friend, name=f"Friend {k + 1}" if len(friends) > 1 else "Friend")
                         for k in range(len(friends)))
    game = Tactics.custom((side1, (t,)), _strip_map(goal[0] + 2, walls), **{"flat_footed": True, **(options or {})})
    state = game.initial_state()
    target_index = len(side1)
    units = list(state.units)
    units[0] = replace(units[0], x=start[0], y=start[1], acted=True, prone=attacker_prone)
    for k, sq in enumerate(friends):
        units[1 + k] = replace(units[1 + k], x=sq[0], y=sq[1], acted=True)
    units[target_index] = replace(units[target_index], x=goal[0], y=goal[1], acted=not target_flat_footed,
                                  prone=target_prone)
    state = replace(state, units=tuple(units), order=tuple(range(len(units))), pos=0, round=1)
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
    top = state.stack[-1] if state.stack else None
    return isinstance(top, Save) or (isinstance(top, Attack) and top.stage > ROLL)


def engine_hit_chance(game: Tactics, state: TacticsState, action: str) -> Fraction:
    """Apply ``action`` for the character on turn (attacks of opportunity it provokes are passed)
    and add up the attack d20's outcomes that hit."""
    state = _answer_reactions(game, game.apply_action(state, game.sides[state.actor], action))
    outs, event = _outcomes(game, state)
    if event.name != f"d{D20}":
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

_KIND = {"attack": "main", "twoweapon": "main_tw", "fullattack": "main", "shoot": "shoot", "throw": "throw",
         "trip": "trip", "hamstring": "hamstring", "punch": "unarmed"}


def _attack_rolls(game: Tactics, state: TacticsState, action: str) -> list[tuple[Attack, Fraction]]:
    """Apply ``action`` (provoked attacks of opportunity passed) and walk its attack rolls one
    after the other, each time on the branch where the roll before missed (a natural 1), so every
    roll of a two-weapon or full attack is met: (the attack step, the engine's chance it hits)."""
    state = _answer_reactions(game, game.apply_action(state, game.sides[state.actor], action))
    out = []
    while state.stack and isinstance(state.stack[-1], Attack) and state.stack[-1].stage == ROLL:
        step = state.stack[-1]
        outs, event = _outcomes(game, state)
        out.append((step, sum((p for _, p, s in outs if _hit_pending(s)), Fraction(0))))
        state = _answer_reactions(game, next(s for r, _, s in outs if r == 1))
        if state.stack and isinstance(state.stack[-1], GoOn):  # go on with the full attack (rule 68)
            state = game.apply_action(state, game.sides[state.actor], action)
    if not out:
        raise OddsError(f"{action} makes no attack roll")
    return out


def _profile_json(game: Tactics, state: TacticsState, step: Attack, chance: Fraction) -> dict:
    prof = game._profile_of(state, step)
    return {"weapon": "off hand" if "off" in step.attack else "main hand", "bonus": prof.bonus,
            "bonus_parts": [list(n) for n in prof.notes], "ac": prof.ac,
            "ac_parts": [list(n) for n in prof.ac_notes], "hit_chance": str(chance),
            "crit_chance": str(crit_chance(prof)), "damage": prof.dice, "damage_parts": [list(n) for n in prof.damage_notes],
            "nonlethal": prof.nonlethal, "sneak_d6": prof.sneak}


def attack_odds(attacker: str, target: str, action: str = "attack", feet: int = 5, level: int = 5,
                target_flat_footed: bool = False, target_prone: bool = False, options: dict | None = None,
                between: str = "none", ally_engaged: bool = False, attacker_prone: bool = False) -> dict:
    """Hit and critical chances (and the follow-up save) of ``action`` (attack, twoweapon,
    fullattack, shoot, throw, trip, hamstring, punch, cast:<spell>) by one ready character on
    another ``feet`` away, under the game ``options`` given (cover, shooting into melee, ...), with
    what ``between`` them and whether a friend of the attacker is in melee with the target
    (``ally_engaged``).  ``bonus_parts``, ``ac_parts`` and ``damage_parts`` name every modifier,
    those the options apply included; ``attacks`` lists every roll of a two-weapon or full attack."""
    try:
        game, state = duel(attacker, target, feet, level, target_flat_footed, target_prone, options, between,
                           ally_engaged, attacker_prone)
    except ValueError as exc:  # a bad option value
        raise OddsError(str(exc)) from None
    ti = len(game.sheets) - 1
    tid = game.ids[ti]
    distance = distance_feet(state.units[0].pos, state.units[ti].pos)
    verb, _, spell = action.partition(":")
    if verb == "cast":
        from .data import SPELLS
        if spell not in SPELLS:
            raise OddsError(f"unknown spell {spell!r}; spells: {', '.join(SPELLS)}")
        s = SPELLS[spell]
        if s.key == "fireball":
            dc = game.sheets[0].spell_dc(spell)
            bonus = game.save_bonus(state, ti, "ref")
            return {"action": action, "save": "Reflex", "save_bonus": bonus, "dc": dc,
                    "save_chance": str(save_chance(bonus, dc, True)),
                    "fail_chance": str(1 - save_chance(bonus, dc, True))}
        if s.target not in ("enemy_ranged_touch", "enemy_melee_touch"):
            raise OddsError(f"{s.name} makes no attack roll")
        full = f"cast:{spell}:{tid}"
    elif verb in _KIND:
        full = f"{verb}:{tid}"
    else:
        raise OddsError(f"unknown action {action!r}; actions: {', '.join(_KIND)}, cast:<spell>")
    legal = game.legal_actions(state, 0)
    if full not in legal:
        why = {"fullattack": " (a full attack needs the iterative attacks option and base attack +6)",
               "punch": " (punching needs the unarmed strikes option)"}.get(verb, "")
        raise OddsError(f"{game.sheets[0].name} cannot {action} {game.sheets[ti].name} from {distance} ft with this "
                        f"gear{why}")
    rolls = _attack_rolls(game, state, full)
    attacks = [_profile_json(game, state, step, chance) for step, chance in rolls]
    first = attacks[0]
    out = {"attacker": game.sheets[0].name, "target": game.sheets[ti].name, "action": action, "feet": distance,
           "options": dict(options or {}), "between": between,
           # engaged as rule 62 reads the board: a friend in the way at 10 ft stands next to the target
           "ally_engaged": engaged_with_friend(game, state, 0, ti),
           "touch": game._profile_of(state, rolls[0][0]).touch, **{k: first[k] for k in (
               "bonus", "ac", "bonus_parts", "ac_parts", "hit_chance", "crit_chance", "damage", "damage_parts",
               "nonlethal", "sneak_d6")}}
    if len(attacks) > 1:
        out["attacks"] = attacks
    if verb == "trip":
        out["trip_dc"] = game.trip_dc(0)
        out["resist_chance"] = str(save_chance(game.trip_save(state, ti), game.trip_dc(0), False))
    return out
