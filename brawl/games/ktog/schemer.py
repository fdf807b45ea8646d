"""The KtOG ``schemer`` bot: a free-for-all player for 2 to 8 players that lets the others fight
each other (the KtOG rule text, as its rules page reads it).

In a free-for-all the last one standing wins, so what counts is to reach the final duel strong
against a weak opponent.  Most players go for the weakest opponent; the schemer does the opposite:

- **Targets**: it attacks the *strongest* conscious opponent (most hit points; ties go to the
  first after itself in seat order), so the leaders are worn down while the others finish the weak.
  Against three ``brute`` bots this one choice lifts it from about 46% to 75% of the games.
- **Not the weakest**: players who go for the weakest would all come for it, so it casts **Dodge**
  on a hit that would leave it the weakest player still in (or on a critical, or when the blow
  could knock it out), and **Cure** on itself when it is the weakest with a Cure's worth of hit
  points missing, or down to half its starting hit points.
- **Spells that add damage**: **Haste** whenever it has one (a second attack, or two scramble
  turns when disarmed), **Mighty Blow** on a critical or when doubling turns a likely survival
  into a likely knock-out, **Bless** only once Dodge is spent (a spell cast in the round shuts
  the Dodge window until the next round, ruling Spells) or when any landed blow finishes the
  target.
- Disarmed, it scrambles (Haste: twice): bare hands hit less often for less.
- With ``classes`` it picks fighter (better to hit and more hit points outweigh the spells;
  rule 3).

Every number comes from :mod:`.mechanics`; the odds of a landed hit are counted exactly over the
damage dice.  A decision is a few dozen arithmetic steps (well under a millisecond), and the bot
is deterministic: it uses no randomness at all (``seed`` is accepted, as by every bot)."""

from __future__ import annotations

from functools import lru_cache

from . import mechanics as M
from .state import FIGHTER, KtogState, can_cast, hit_threshold, opponents

#: the mean of one damage die and of a Cure (Spells 1.2: 2 to 10)
D6_MEAN = (M.DAMAGE_SIDES + 1) / 2
CURE_MEAN = (M.CURE_MIN + M.CURE_SIDES) / 2


@lru_cache(maxsize=None)
def knockout_chance(hp: int, critical: bool, bare: bool, mighty: bool) -> float:
    """The chance that a landed hit knocks out a player with ``hp`` hit points: the damage dice
    (d6, 2d6 on a critical), bare-handed -2, Mighty Blow x2 (ruling After a hit), counted over
    every face."""
    totals = {0: 1}
    for _ in range(M.damage_dice(critical)):
        nxt: dict[int, int] = {}
        for t, c in totals.items():
            for r in range(1, M.DAMAGE_SIDES + 1):
                nxt[t + r] = nxt.get(t + r, 0) + c
        totals = nxt
    ways = sum(c for t, c in totals.items() if M.knocked_out(hp - M.damage(t, bare, mighty)))
    return ways / sum(totals.values())


class SchemerBot:
    name = "schemer"

    #: Dodge a hit whose blow knocks it out at least this often; Mighty Blow when doubling adds
    #: at least this much to the chance of a knock-out
    DODGE_KNOCKOUT = 0.3
    MIGHTY_GAIN = 0.3
    #: Cure itself at or below this share of its starting hit points
    CURE_SHARE = 0.5

    def __init__(self, seed: int | None = None, game=None) -> None:
        pass

    def choose(self, game, state: KtogState, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        p = state.phase
        if p == "class":
            return FIGHTER
        if p == "dodge?":
            return "dodge" if self.should_dodge(state, seat) else "none"
        if p == "mighty?":
            return "mighty_blow" if self.should_mighty(state) else "none"
        if p == "action":
            return f"attack:{self.target(state, seat) + 1}"
        return self.opening(game, state, seat, legal)

    # -- whom to attack ------------------------------------------------------------------------
    @staticmethod
    def target(state: KtogState, me: int) -> int:
        """The conscious opponent with the most hit points; ties: the first after ``me`` in seat
        order."""
        n = len(state.hp)
        return max(opponents(state, me), key=lambda s: (state.hp[s], -((s - me) % n)))

    @staticmethod
    def weakest_after(state: KtogState, me: int, hp: float) -> bool:
        """Whether ``me`` at ``hp`` would have fewer hit points than every other player still in
        (with two or more of them: in a duel there is no one else to come for)."""
        others = [state.hp[s] for s in opponents(state, me)]
        return len(others) > 1 and hp < min(others)

    # -- reactions -----------------------------------------------------------------------------
    def should_dodge(self, state: KtogState, me: int) -> bool:
        """Dodge a critical, a blow that may well knock it out, or one that would leave it the
        weakest when it is not so now."""
        if state.critical:
            return True
        attacker = state.to_act
        mighty = bool(state.mighty[attacker] and can_cast(state, attacker))
        if knockout_chance(state.hp[me], False, state.action == "fight", mighty) >= self.DODGE_KNOCKOUT:
            return True
        mean = M.damage(D6_MEAN, state.action == "fight", mighty)
        return not self.weakest_after(state, me, state.hp[me]) and self.weakest_after(state, me, state.hp[me] - mean)

    def should_mighty(self, state: KtogState) -> bool:
        """Mighty Blow a critical, or when doubling the damage adds :attr:`MIGHTY_GAIN` or more to
        the chance of a knock-out."""
        if state.critical:
            return True
        hp, bare = state.hp[state.target], state.action == "fight"
        gain = knockout_chance(hp, False, bare, True) - knockout_chance(hp, False, bare, False)
        return gain >= self.MIGHTY_GAIN

    # -- the opening decision of a turn --------------------------------------------------------
    def opening(self, game, state: KtogState, me: int, legal: list[str]) -> str:
        hp = state.hp[me]
        cure = f"cure:{me + 1}"
        if cure in legal and (hp <= state.max_hp[me] * self.CURE_SHARE
                              or (self.weakest_after(state, me, hp) and state.max_hp[me] - hp >= CURE_MEAN)):
            return cure
        target = self.target(state, me)
        if state.disarmed[me]:
            return "haste" if "haste" in legal else "scramble"
        if "haste" in legal:
            return "haste"
        if "bless" in legal and (not state.dodge[me] or self._bless_finishes(game, state, me, target)):
            return "bless"
        return f"attack:{target + 1}"

    @staticmethod
    def _bless_finishes(game, state: KtogState, me: int, target: int) -> bool:
        """Bless when the target falls to any landed blow and Bless adds hitting faces."""
        to_hit = game.options.to_hit
        plain = M.attack_faces(hit_threshold(state, to_hit, me, target, False))
        blessed = M.attack_faces(hit_threshold(state, to_hit, me, target, True))
        return blessed > plain and knockout_chance(state.hp[target], False, False, False) >= 1
