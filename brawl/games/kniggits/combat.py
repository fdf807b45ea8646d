"""Sword and shield: what each hand may do in a fight, and what the revealed hands do.

A fight is one attacker against one defender.  Each side shows two hands at once (seed, Playing,
Phase three): the sword hand and the shield hand.  A hand shows a height (``high``, ``middle``,
``low``) or ``none``; with double defense the sword hand may instead guard a height
(``guard-high`` ...); a two-sword kniggit's second hand is a second sword.  A hand showing
``none`` has no effect (the seed's fumble).

Fight kinds: ``melee`` (the attacker faces the defender), ``second`` (a magic sword's second
attack on another enemy, who strikes back if he faces the attacker), ``again`` (a magic sword's second attack on the same enemy: he strikes back only
if he too has a magic sword; seed, Magic Swords) and ``shot`` (an archer's arrow: the target only
defends).
"""

from __future__ import annotations

from ...core.values import replace
from .mechanics import TOKENS_PER_BLOW, has_power
from .model import COLOURS, HEIGHT_TOKEN, HEIGHTS, Kniggit

GUARDS = tuple("guard-" + h for h in HEIGHTS)
NONE = "none"


def horses_on(opts) -> bool:
    return bool(opts.horses or opts.scenario == "joust")


def mounted(k: Kniggit, opts) -> bool:
    """On horseback: 5 or more movement tokens, until the horse is lost (seed, Horses)."""
    return horses_on(opts) and has_power(k.move) and "horse" not in k.lost


def magic_sword(k: Kniggit, opts) -> bool:
    """5 or more attack tokens, never together with two swords (seed, Magic Swords, Two Swords)."""
    return bool(opts.magic_swords) and has_power(k.attack) and not k.two_swords and not k.archer and "magic" not in k.lost


def double_defense(k: Kniggit, opts) -> bool:
    """5 or more defense tokens: the sword hand may guard (seed, Double Defense)."""
    return (bool(opts.double_defense) and has_power(k.defense) and "double" not in k.lost
            and not k.archer and not k.two_swords)


def can_defend(k: Kniggit, opts=None, shot: bool = False) -> bool:
    """A shield hand that can defend: defense tokens left, the hand free, and a shield, except
    that an archer shot at gets a normal defense (seed, Archers: "the opponent gets a normal
    defense"; "Archers are defenseless in hand-to-hand combat") unless the option ``archer_defense``
    is ``never``."""
    if k.defense <= 0 or k.two_swords or k.hand == "shield" or k.status == "gone":
        return False
    if k.archer:
        return shot and archer_defends_shots(opts)
    return True


def archer_defends_shots(opts) -> bool:
    """Whether an archer shot at defends (option ``archer_defense``: ``shots``, the default, or ``never``)."""
    return getattr(opts, "archer_defense", "shots") == "shots"


def can_strike(k: Kniggit, kind: str = "melee") -> bool:
    """Able to attack now: not fleeing, attack tokens left, a free weapon hand, not guarding."""
    if not k.active or k.attack <= 0 or k.guarded:
        return False
    if kind == "shot":
        return k.archer and not k.carrying  # a bow needs both hands (seed, Scenarios)
    if k.archer:
        return False  # archers are defenseless hand to hand and carry no sword (ruling)
    if k.two_swords:
        return True  # one object at most, so one sword hand is always free
    return k.hand != "sword"


def strikes_back(attacker: Kniggit, defender: Kniggit, kind: str, opts) -> bool:
    if kind == "shot":
        return False
    if defender.facing != attacker.id or not can_strike(defender):
        return False
    if kind == "again":
        return magic_sword(defender, opts)
    return True


def _heights(k: Kniggit, other: Kniggit, opts) -> list[str]:
    if horses_on(opts) and mounted(other, opts) and not mounted(k, opts):
        return ["middle", "low"]  # cannot reach a horseman high (seed, Horses)
    return list(HEIGHTS)


def hand_options(k: Kniggit, other: Kniggit, strikes: bool, opts, shooting: bool = False,
                 shot_at: bool = False) -> tuple[list[str], list[str]]:
    """(sword hand, shield hand) choices for ``k`` in a fight against ``other``; ``shooting``: ``k``
    looses an arrow, ``shot_at``: ``k`` is the target of one."""
    heights = list(HEIGHTS) if shooting else _heights(k, other, opts)
    first: list[str] = []
    second: list[str] = []
    if strikes and k.hand != "sword":
        first += heights
    if not shooting and double_defense(k, opts) and can_defend(k, opts) and k.hand != "sword":
        first += list(GUARDS)
    if k.two_swords:
        if strikes and k.hand != "shield":
            second += heights
    elif not shooting and can_defend(k, opts, shot=shot_at):
        second += list(HEIGHTS)
    return first + [NONE], second + [NONE]


def has_choice(options: tuple[list[str], list[str]]) -> bool:
    return len(options[0]) > 1 or len(options[1]) > 1


def attacks(k: Kniggit, hands: tuple[str, str]) -> list[str]:
    """The heights ``k``'s hands strike: the sword hand, and a two-sword kniggit's second sword."""
    out = [hands[0]] if hands[0] in HEIGHTS else []
    if k.two_swords and hands[1] in HEIGHTS:
        out.append(hands[1])
    return out


def defends(k: Kniggit, hands: tuple[str, str]) -> set[str]:
    """The heights ``k``'s hands defend: the shield hand, and a sword hand that guards."""
    out = set()
    if not k.two_swords and hands[1] in HEIGHTS:
        out.add(hands[1])
    if hands[0].startswith("guard-"):
        out.add(hands[0][len("guard-"):])
    return out


def blows(tokens: dict[str, int], heights: list[str], defended: set[str]) -> list[str]:
    """The undefended ``heights`` knock down a token each of the colour the height names, while any
    is left (seed, The Results; Sword moves): ``tokens`` (colour -> count) is lowered in place, and
    the colours knocked down are returned."""
    lost = []
    for h in heights:
        if h in defended:
            continue
        colour = HEIGHT_TOKEN[h]
        if tokens[colour] > 0:
            tokens[colour] = max(0, tokens[colour] - TOKENS_PER_BLOW)
            lost.append(colour)
    return lost


def strike(target: Kniggit, attacker_hands: list[str], target_hands: tuple[str, str]) -> tuple[Kniggit, list[str]]:
    """Apply the undefended heights of ``attacker_hands`` to ``target``.  Returns the target and
    the tokens knocked down."""
    tokens = {c: target.tokens(c) for c in COLOURS}
    lost = blows(tokens, attacker_hands, defends(target, target_hands))
    if lost:
        target = replace(target, **{c: tokens[c] for c in lost})
    return target, lost


def resolve(a: Kniggit, d: Kniggit, hands_a: tuple[str, str], hands_d: tuple[str, str]) -> tuple[Kniggit, Kniggit, list[str], list[str]]:
    """Both sides' blows land at once.  Returns (attacker, defender, tokens the attacker lost,
    tokens the defender lost)."""
    new_d, lost_d = strike(d, attacks(a, hands_a), hands_d)
    new_a, lost_a = strike(a, attacks(d, hands_d), hands_a)
    if hands_a[0].startswith("guard-"):
        new_a = replace(new_a, guarded=True)
    if hands_d[0].startswith("guard-"):
        new_d = replace(new_d, guarded=True)
    return new_a, new_d, lost_a, lost_d


def powers_after(before: Kniggit, after: Kniggit, opts) -> Kniggit:
    """Powers lost for good when tokens drop below 5 (seed: the horseman dismounts, the sword loses
    its magic, double defense is lost)."""
    lost = list(after.lost)
    for name, test in (("horse", mounted), ("magic", magic_sword), ("double", double_defense)):
        if name not in lost and test(before, opts) and not test(after, opts):
            lost.append(name)
    return replace(after, lost=tuple(lost)) if tuple(lost) != after.lost else after
