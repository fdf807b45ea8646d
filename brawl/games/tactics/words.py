"""Tactics in a player's words: decision labels, refusals, the odds shown beside a decision, the
status table and the one-line summary.  Nothing here uses a decision's code in what a player
reads; every sentence names characters, deeds and numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .data import FIREBALL_RADIUS, HEAL_DC, SPELLS
from .mechanics import expected_damage, hit_chance, save_chance, sneak_dice
from .steps import Attack, GoOn, Offer

if TYPE_CHECKING:  # pragma: no cover
    from .interface import TacticsGame as Tactics
    from .state import TacticsState


def attack_words(game: Tactics, step: Attack) -> str:
    kind, spell = step.attack, step.spell
    if spell:
        return f"{SPELLS[spell].name} attack roll"
    words = {"aoo": "attack of opportunity roll", "main_tw": "main-hand attack roll",
             "off_tw": "off-hand attack roll", "off": "off-hand attack roll", "shoot": "shot",
             "throw": "throw", "trip": "trip attack roll", "hamstring": "hamstring attack roll",
             "unarmed": "unarmed strike"}.get(kind, "attack roll")
    if step.iterative:
        words = ("second", "third", "fourth")[step.iterative - 1] + " " + words
    return words


def refusal(game: Tactics, state: TacticsState, seat: int, action: str, legal: list[str]) -> str:
    """Why a decision is refused, in a player's words, with what may be done instead."""
    if not legal:
        return f"{game.seat_name(seat)} has nothing to decide now"
    if state.stack and isinstance(state.stack[-1], Offer):
        top = state.stack[-1]
        return (f"{game.name_of(top.actor)} may take the attack of opportunity on {game.name_of(top.target)} "
                f"or let it pass, nothing else")
    wanted = game.describe_action(state, seat, action)
    moves = sum(1 for a in legal if a.startswith("move:"))
    others = [game.describe_action(state, seat, a).removeprefix(game.name_of(state.actor) + " ")
              for a in legal if not a.startswith("move:")]
    offer = ([f"move to one of {moves} squares"] if moves else []) + others
    return f"Not possible now: {wanted}. {game.name_of(state.actor)} may: {'; '.join(offer)}"


def describe(game: Tactics, state: TacticsState, seat: int, action: str) -> str:
    """A decision in a player's words ("Steve moves to square 3,4 (15 ft)", "Mara attacks Brok
    with both weapons"); never the decision's code."""
    if state.stack and isinstance(state.stack[-1], Offer):
        top = state.stack[-1]
        if action == "aoo":
            return f"{game.name_of(top.actor)} takes an attack of opportunity on {game.name_of(top.target)}"
        if action == "pass":
            return f"{game.name_of(top.actor)} lets {game.name_of(top.target)} pass"
    who = game.name_of(state.actor) if state.pos >= 0 else game.seat_name(seat)
    verb, _, rest = action.partition(":")
    if verb == "move":
        sq = game._parse_square(rest)
        if sq is None:
            return f"{who} moves (to a square that cannot be read)"
        route = game.move_route(state, state.actor, sq) if state.pos >= 0 and (not state.stack or _going_on(state)) else None
        if route is None:
            return f"{who} moves to square {sq[0]},{sq[1]}"
        risk = (f", provoking {route.provokes} attack{'s' if route.provokes > 1 else ''} of opportunity"
                if route.provokes else "")
        return f"{who} moves to square {sq[0]},{sq[1]} ({route.feet} ft{risk})"
    if verb == "end_turn":
        return f"{who} ends the turn"
    if rest in game.index:
        whom = game.name_of(game.index[rest])
        text = {"attack": f"{who} attacks {whom}", "twoweapon": f"{who} attacks {whom} with both weapons",
                "shoot": f"{who} shoots at {whom}", "throw": f"{who} throws a weapon at {whom}",
                "trip": f"{who} tries to trip {whom}", "hamstring": f"{who} tries to hamstring {whom}",
                "heal": f"{who} tries to stabilize {whom} (Heal check)",
                "fullattack": (f"{who} goes on with the full attack on {whom}" if _going_on(state)
                               else f"{who} makes a full attack on {whom}"),
                "punch": f"{who} punches {whom} (unarmed strike)"}.get(verb)
        if text:
            return text
    if verb == "stand":
        return f"{who} stands up"
    if verb == "draw":
        return f"{who} draws the sheathed weapon"
    if verb == "hide":
        return f"{who} tries to hide"
    if verb == "cast":
        parts = rest.split(":")
        if parts[0] in SPELLS:
            tail = ""
            if len(parts) > 1:
                sq = game._parse_square(parts[1])
                tail = (" on " + game.name_of(game.index[parts[1]]) if parts[1] in game.index else
                        f" at square {sq[0]},{sq[1]}" if sq else " on someone unknown")
            return f"{who} casts {SPELLS[parts[0]].name}{tail}"
        return f"{who} casts a spell this game does not have"
    return f"{who} does something this game does not know"


def odds_line(game: Tactics, state: TacticsState, seat: int, action: str) -> str | None:
    try:
        i = state.actor
        verb, _, rest = action.partition(":")
        if state.stack and isinstance(state.stack[-1], Offer):
            top = state.stack[-1]
            if action != "aoo":
                return None
            p = game.attack_profile(state, top.actor, top.target, "aoo")
            return _pct(hit_chance(p)) + f" to hit (d20{p.bonus:+d} against AC {p.ac})"
        kinds = {"attack": "main" if game.melee_weapon(state.units[i]) == state.units[i].main else "aoo",
                 "shoot": "shoot", "throw": "throw", "trip": "trip", "hamstring": "hamstring",
                 "punch": "unarmed"}
        if verb in ("fullattack", "twoweapon") and rest in game.index:
            j = game.index[rest]
            steps = (_attacks_left(state) if _going_on(state) else
                     game.full_attack_steps(state, i, j, state.units[i].hidden) if verb == "fullattack" else
                     (Attack(i, j, "off_tw"), Attack(i, j, "main_tw", unseen=state.units[i].hidden)))
            parts = []
            for st in reversed(steps):
                p = game._profile_of(state, st)
                parts.append(f"{_pct(hit_chance(p))} (d20{p.bonus:+d}{_extras(p.notes)}, damage {p.dice}"
                             + (f"+{sneak_dice(p.sneak)} sneak" if p.sneak else "") + ")")
            mean = sum(expected_damage(game._profile_of(state, st)) for st in steps)
            return (f"{len(parts)} attacks against AC {p.ac}{_extras(p.ac_notes)}: " + ", ".join(parts)
                    + f"; {mean:.1f} damage on average in all")
        if verb in kinds and rest in game.index:
            j = game.index[rest]
            p = game.attack_profile(state, i, j, kinds[verb])
            text = (f"{_pct(hit_chance(p))} to hit (d20{p.bonus:+d}{_extras(p.notes)} against "
                    f"{'touch ' if p.touch else ''}AC {p.ac}{_extras(p.ac_notes)})")
            if p.dice:
                text += (f", damage {p.dice}" + (f"+{sneak_dice(p.sneak)} sneak" if p.sneak else "")
                         + (" nonlethal" if p.nonlethal else "") + _extras(p.damage_notes))
                text += f"; {expected_damage(p):.1f} damage on average"
            if verb == "trip":
                text += f"; then {game.name_of(j)} resists {_pct(save_chance(game.trip_save(state, j), game.trip_dc(i), False))} (DC {game.trip_dc(i)})"
            if verb == "punch" and game.strikes_back(state, j, i):
                text += f"; {game.name_of(j)} may strike back first"
            return text
        if verb == "cast":
            parts = rest.split(":")
            s = SPELLS[parts[0]]
            if s.target == "enemy_ranged_touch" and len(parts) > 1 and parts[1] in game.index:
                p = game.attack_profile(state, i, game.index[parts[1]], "ray", s.key)
                return (f"{_pct(hit_chance(p))} to hit (ranged touch d20{p.bonus:+d}{_extras(p.notes)} against "
                        f"touch AC {p.ac}{_extras(p.ac_notes)}), damage {s.dice}")
            if s.target == "enemy_melee_touch" and len(parts) > 1 and parts[1] in game.index:
                p = game.attack_profile(state, i, game.index[parts[1]], "touch", s.key)
                return f"{_pct(hit_chance(p))} to hit (touch AC {p.ac}), damage {s.dice}, Will half"
            if s.key == "fireball":
                return f"{s.dice} to everyone within {FIREBALL_RADIUS} ft; Reflex DC {game.sheets[i].spell_dc('fireball')} for none"
            if s.dice:
                return f"{s.dice}"
        if verb == "hide":
            bonus, dc = game.sheets[i].skill("hide"), game.hide_dc(state, i)
            return f"hides {_pct(save_chance(bonus, dc, False))} (Hide {bonus:+d} against DC {dc})"
        if verb == "heal" and rest in game.index:
            return f"stabilizes {_pct(save_chance(game.sheets[i].skill('heal'), HEAL_DC, False))} (Heal {game.sheets[i].skill('heal'):+d} against DC {HEAL_DC})"
    except (KeyError, ValueError, IndexError):
        return None
    return None


def status_rows(game: Tactics, state: TacticsState) -> list[dict]:
    """One row per character, in a player's words (public information only)."""
    rows = []
    for i, u in enumerate(state.units):
        s = game.sheets[i]
        cond = ("dead" if u.dead else "stabilized" if u.stable else "incapacitated" if u.hp <= 0 else
                "knocked out" if u.knocked_out else "conscious")
        flags = [f for f, on in (("prone", u.prone and not u.dead), ("staggered", u.staggered),
                                 ("hamstrung", u.hamstrung), ("blur", u.blur),
                                 ("flat-footed", game.flat_footed(state, i) and not u.dead),
                                 ("hidden", u.hidden and not u.dead)) if on]
        hp = f"{u.hp}/{s.max_hp}" + (f", {u.nonlethal} nonlethal" if u.nonlethal else "")
        rows.append({"character": s.name, "side": game.seat_name(game.sides[i]),
                     "class": f"{s.cls}, level {s.level}", "hp": hp, "square": f"{u.x},{u.y}",
                     "condition": ", ".join([cond] + flags),
                     "": "on turn" if i == state.actor and not state.over else ""})
    return rows


def summary(game: Tactics, state: TacticsState) -> str:
    parts = ["surprise round" if state.round == 0 else f"round {state.round}"]
    for side in (0, 1):
        alive = [f"{game.name_of(i)} {u.hp}" for i, u in enumerate(state.units) if game.sides[i] == side and not u.dead]
        parts.append(f"{game.seat_name(side)}: " + (", ".join(alive) or "none"))
    return " | ".join(parts)


#: modifiers every attack has; the odds name the others ("cover +4", "shooting into melee -4")
_PLAIN_NOTES = ("base attack", "Str", "Dex", "base", "armor", "shield")


def _extras(notes) -> str:
    """The modifiers beyond the plain ones, in words: ": two weapons -4, cover +4"."""
    extra = [k if "lost" in k else f"{k} {v:+d}" for k, v in notes if k not in _PLAIN_NOTES and (v or "lost" in k)]
    return (" with " + ", ".join(extra)) if extra else ""


def _pct(p: Fraction) -> str:
    v = float(p) * 100
    return f"{v:.0f}%" if abs(v - round(v)) < 1e-9 else f"{v:.1f}%"


def _going_on(state) -> bool:
    """The decision after a full attack's first attack (option iterative_attacks): go on or move."""
    return bool(state.stack) and isinstance(state.stack[-1], GoOn)


def _attacks_left(state) -> tuple:
    """The attacks of a full attack still to come below its :class:`.steps.GoOn`, in stack order."""
    out = []
    for st in reversed(state.stack[:-1]):
        if not (isinstance(st, Attack) and st.actor == state.stack[-1].actor):
            break
        out.append(st)
    return tuple(reversed(out))
