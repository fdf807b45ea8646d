"""KtOG in words for people: prompts, the reasons a decision is refused, what each decision does,
its odds, the status table and the summary.  :class:`KtogWords` is mixed into the rules
(:class:`.rules.Ktog`), whose state and legal decisions it reads."""

from __future__ import annotations

from ...core.game import IllegalAction
from . import mechanics as M
from .state import _BARE, _CRIT_DICE, _D6, FIGHTER, MAGIC_USER, KtogState, hit_threshold


class KtogWords:
    """The people-facing methods of :class:`.rules.Ktog`."""

    def _turn_prompt(self, state: KtogState) -> str:
        me = state.to_act
        who = self.seat_name(me)
        verbs = {a.partition(":")[0] for a in self.legal_actions(state, me)}
        if state.disarmed[me]:
            n = state.disarmed[me]
            what = ["scramble for the weapon"] + (["cast Haste to scramble twice"] if "haste" in verbs else [])
            what += ["fight bare-handed"] + (["cast Cure"] if "cure" in verbs else [])
            return f"{who}: you are disarmed ({n} scramble turn{'s' if n != 1 else ''} to go): {_or(what)}?"
        first = [name for verb, name in (("haste", "Haste"), ("bless", "Bless")) if verb in verbs]
        what = "attack or try to disarm an opponent" + (f" (you may cast {_or(first)} first)" if first else "")
        return f"{who}: {what}" + (", or cast Cure instead?" if "cure" in verbs else "?")

    # -- input checks --------------------------------------------------------------------------
    def check_action(self, state: KtogState, seat: int, action: str) -> None:
        legal = self.legal_actions(state, seat)
        if action in legal:
            return
        reason = self._why_not(state, seat, action)
        who = self.seat_name(seat)
        may = f"{who} may {self._choices_words(state, seat, legal)}" if legal else f"{who} has nothing to decide now"
        raise IllegalAction(f"that is not legal now{': ' + reason if reason else ''}; {may}", legal)

    def _doing(self, state: KtogState, seat: int, action: str) -> tuple[str, str]:
        """(verb phrase, whom) of a decision, as the player would be told to do it: ("attack", "Player 3")."""
        verb, _, num = action.partition(":")
        if num.isdigit():
            target = int(num) - 1
            whom = "yourself" if target == seat else self.seat_name(target)
            return {"attack": "attack", "disarm": "try to disarm", "fight": "fight bare-handed",
                    "cure": "cast Cure on"}.get(verb, verb), whom
        if action == "none":
            return ("let the hit land" if state.phase == "dodge?" else "do without Mighty Blow"), ""
        return {"haste": "cast Haste", "bless": "cast Bless", "scramble": "scramble for the weapon",
                "dodge": "cast Dodge", "mighty_blow": "cast Mighty Blow", FIGHTER: "be a fighter",
                MAGIC_USER: "be a magic-user"}.get(action, "something KtOG does not know"), ""

    def _choices_words(self, state: KtogState, seat: int, legal: list[str]) -> str:
        """The legal decisions in words, targets of one verb together: "attack Player 2 or Player 3,
        cast Cure on yourself, Player 2 or Player 3, or cast Haste"."""
        groups: dict[str, list[str]] = {}
        for a in legal:
            verb, whom = self._doing(state, seat, a)
            groups.setdefault(verb, [])
            if whom:
                groups[verb].append(whom)
        phrases = []
        for verb, whoms in groups.items():
            if verb == "fight bare-handed":
                phrases.append("fight " + _or(whoms) + " bare-handed")
            else:
                phrases.append(verb + (" " + _or(whoms) if whoms else ""))
        return _or(phrases, ", or ") if len(phrases) > 1 else phrases[0]

    def _why_not(self, state: KtogState, seat: int, action: str) -> str:
        verb = action.partition(":")[0]
        if state.phase == "action" and verb in ("cure", "haste", "bless"):
            return "Haste and Bless are cast at the start of a turn, Cure instead of an attack"
        spell = {"haste": "Haste", "bless": "Bless", "cure": "Cure", "dodge": "Dodge", "mighty_blow": "Mighty Blow"}.get(verb)
        if spell:
            if state.role[seat] == FIGHTER:
                return "a fighter casts no spells"
            if state.cast[seat]:
                return "only one spell per player per round"
        if verb == "disarm" and state.disarmed[seat]:
            return "no disarm attempts bare-handed"
        if verb == "attack" and state.disarmed[seat]:
            return "disarmed: scramble, cure or fight bare-handed"
        return ""

    # -- for people ----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def describe_action(self, state: KtogState, seat: int, action: str) -> str:
        who = self.seat_name(seat)
        verb, _, num = action.partition(":")
        target = int(num) - 1 if num.isdigit() else -1
        whom = self.seat_name(target)
        if verb == "attack":
            return f"{who} attacks {whom}"
        if verb == "disarm":
            return f"{who} tries to disarm {whom}"
        if verb == "fight":
            return f"{who} fights {whom} bare-handed"
        if verb == "cure":
            return f"{who} casts Cure on " + ("themselves" if target == seat else whom)
        if action == "none":
            return f"{who} does not dodge" if state.phase == "dodge?" else f"{who} does without Mighty Blow"
        return {
            "haste": f"{who} casts Haste" + (" to scramble twice" if state.disarmed[seat] else ": two attacks"),
            "bless": f"{who} casts Bless",
            "scramble": f"{who} scrambles for the weapon",
            "dodge": f"{who} casts Dodge: the hit does nothing",
            "mighty_blow": f"{who} casts Mighty Blow",
            FIGHTER: f"{who} picks fighter",
            MAGIC_USER: f"{who} picks magic-user",
        }.get(action, f"{who} makes a decision KtOG does not know")

    def action_odds(self, state: KtogState, seat: int, action: str) -> str | None:
        verb, _, num = action.partition(":")
        if verb in ("attack", "fight") and num.isdigit():
            t = hit_threshold(state, self.options.to_hit, seat, int(num) - 1, state.blessed)
            dmg = _BARE if verb == "fight" else _D6
            return (f"need {max(t, M.NATURAL_MISS + 1)}+: {_percent(M.attack_faces(t))} ({M.NATURAL_CRITICAL}: "
                    f"critical {_CRIT_DICE}, {M.NATURAL_MISS}: critical miss); damage {dmg}")
        if verb == "disarm" and num.isdigit():
            t = M.disarm_target(state.blessed)
            return f"need {t}+: {_percent(M.disarm_faces(t))}"
        if verb == "cure" and num.isdigit():
            t = int(num) - 1
            room = state.max_hp[t] - state.hp[t]
            cap = ""
            if self.options.cure_cap and room <= 0:
                cap = f", but {self.seat_name(t)} is at the cap ({state.max_hp[t]})"
            elif self.options.cure_cap and room < M.CURE_SIDES:
                cap = f", at most {room} here (cap {state.max_hp[t]})"
            touch = ""
            if self.options.cure_touch_roll and t != seat:
                th = hit_threshold(state, self.options.to_hit, seat, t, False)
                faces = sum(M.touch_succeeds(face, th) for face in range(1, M.D20 + 1))
                touch = f"; touch roll need {th}+: {_percent(faces)}"
            return f"heals {M.CURE_MIN}-{M.CURE_SIDES}{cap}{touch}"
        if action == "haste":
            if state.disarmed[seat]:
                left = M.scramble_left(state.disarmed[seat], M.HASTE_SWINGS)
                return f"scramble twice: {state.disarmed[seat]} turns to go -> {left}"
            return "two attacks or disarm attempts this turn"
        if action == "bless":
            to_hit = M.hit_threshold(self.options.to_hit, True, False, False, False)
            return (f"this turn: need {max(M.NATURAL_MISS + 1, to_hit)}+ to hit (before other modifiers), "
                    f"{M.disarm_target(True)}+ to disarm")
        if action == "scramble":
            left = M.scramble_left(state.disarmed[seat], 1)
            return "weapon back from your next turn" if left <= 0 else f"{left} scramble turn{'s' if left != 1 else ''} left after this"
        if action == "dodge":
            crit = f" (a critical: {_CRIT_DICE}, x{M.MIGHTY_MULTIPLIER} with Mighty Blow)"
            return "the hit does nothing" + (crit if state.critical else "")
        if action == "mighty_blow":
            base = _CRIT_DICE if state.critical else (_BARE if state.action == "fight" else _D6)
            return f"damage {base} x{M.MIGHTY_MULTIPLIER}"
        return None

    def view(self, state: KtogState, seat: int | None) -> dict:
        """Nothing in KtOG is hidden: every seat sees the whole state, plus the names."""
        data = self.state_to_json(state)
        data["names"] = [self.seat_name(s) for s in range(len(state.hp))]
        return data

    def status_rows(self, state: KtogState) -> list[dict]:
        rows = []
        # the order of turns this round (rules page, Round and Initiative): from the initiative's
        # winner round the table, conscious players only; none while initiative is being rolled
        order: dict[int, int] = {}
        if state.leader >= 0 and state.phase not in ("init", "class", "over"):
            for k in range(len(state.hp)):
                seat = (state.leader + k) % len(state.hp)
                if state.up[seat]:
                    order[seat] = len(order) + 1
        for s in range(len(state.hp)):
            if state.phase == "over":
                mark = "winner" if s == state.winner else "out"
            elif not state.up[s]:
                mark = "out"
            else:
                mark = "on turn" if s == state.to_act and state.phase not in ("init", "class") else ""
            spells = []
            if state.haste[s]:
                spells.append(f"Haste×{state.haste[s]}")
            spells += [name for name, have in (("Cure", state.cure[s]), ("Bless", state.bless[s]),
                                                ("Mighty Blow", state.mighty[s]), ("Dodge", state.dodge[s])) if have]
            row = {"Player": self.seat_name(s)}
            if self.options.classes:
                row["Class"] = {FIGHTER: "fighter", MAGIC_USER: "magic-user"}.get(state.role[s], "not yet chosen")
            row.update({
                "Hit points": f"{state.hp[s]}/{state.max_hp[s]}",
                "Spells left": ", ".join(spells) or "none",
                "Spell cast this round": "yes" if state.cast[s] else "",
                "Disarmed": f"{state.disarmed[s]} scramble turn{'s' if state.disarmed[s] != 1 else ''} to go" if state.disarmed[s] else "",
                "Turn order": str(order[s]) if s in order else "",
                "Status": mark,
            })
            rows.append(row)
        return rows

    def summary(self, state: KtogState) -> str:
        parts = []
        for s in range(len(state.hp)):
            flag = "" if state.up[s] else " (out)"
            if state.disarmed[s]:
                flag += f", disarmed ({state.disarmed[s]} to go)"
            parts.append(f"{self.seat_name(s)}: {state.hp[s]} hit points{flag}")
        return " | ".join(parts)


def _percent(faces: int) -> str:
    """Faces of the d20 as a percentage: 7 -> "35%"."""
    return f"{faces * 100 // M.D20}%"


def _or(items: list[str], last: str = " or ") -> str:
    """["a", "b", "c"] -> "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + last + items[-1]
