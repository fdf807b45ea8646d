"""``brawl analyze kniggits``: a report for designers, HTML with PNG plots and ``data.json``.

Kniggits has no batch kernel: every simulated figure is played on the full rules engine by the
``heuristic`` bot (its fights at their equilibrium), so the samples are small (a few dozen games
a point at the defaults, about a second a game) and every simulated figure carries its 95%
interval (Wilson for rates, normal for means).  The page says how many games each figure rests on;
``--games`` buys narrower intervals with time.

- Armies: armies of one's own (tokens split evenly or weighted to one colour, positions along the
  own edge) played by the heuristic against the heuristic's own pick (the ready-made army it takes),
  half the games in each seat: the points split between figures and tokens, and the colours.
- Advanced rules: each rule turned on (or off) alone; a few big kniggits against many small ones,
  since the rules' powers need 5 tokens of a colour; the rule's own ready-made army against the
  reference; and what the rule does to the first mover's share and the game's length.
- Scenarios, first-mover advantage, game length, a sweep over one option.
- The fight by token counts: exact.  Both hands are shown at once, so a fight is a zero-sum matrix
  game; its payoff is what the blows do to each side's distance from fleeing (the fewest blows
  that leave one colour, :func:`.mechanics.blows_to_flee`), worked out by the rules' own
  :mod:`.combat` functions and solved as a linear programme (SciPy).
- The bot ladder (:mod:`brawl.sim.ladder`).
"""

from __future__ import annotations

import html
import itertools
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...analysis.common import (Z, check_backend, errorbars, figure_html, ladder_section, mean_text, page_head, pct,
                                pyplot, rate_text, run_engine, save, table, wilson, write_page)
from ...core.game import BrawlError
from .. import make_game

GAMES = 10  # games per point at the defaults
RULES = ("horses", "magic_swords", "double_defense", "two_swords", "archers", "potions")
RULE_ARMY = {"horses": "cavalry", "archers": "archers", "two_swords": "duelists"}  # ready-made armies a rule unlocks
SCENARIOS = ("battle", "flag", "princess", "grail", "joust")
COUNTS = (1, 2, 3, 4, 5, 6)  # kniggits in an army of one's own
COLOURS = {"even": (1.0, 1.0, 1.0), "movement": (2.0, 1.0, 1.0), "attack": (1.0, 2.0, 1.0), "defense": (1.0, 1.0, 2.0)}
SWEEPS: dict[str, list] = {
    "points": [25, 50, 75, 100],
    "table": [24.0, 36.0, 48.0],
    "terrain": ["village", "forest", "open"],
    "scenario": list(SCENARIOS),
    "disengage": ["direct", "away"],
    "archer_defense": ["shots", "never"],
    "turn_limit": [20, 40, 60],
    "fight_timer": [10.0, 30.0],
    **{rule: [False, True] for rule in RULES},
}
DEFAULT_SWEEP = "points"
LADDER_BOTS = ("heuristic", "random")
BIG, SMALL = 1, 2  # kniggits in the few-and-big and the many-and-small armies (a close match at 50 points)


def split(total: int, weights) -> list[int]:
    """``total`` shared in proportion to ``weights``, largest remainders first."""
    raw = [total * w / sum(weights) for w in weights]
    out = [int(math.floor(r)) for r in raw]
    for i in sorted(range(len(raw)), key=lambda i: out[i] - raw[i])[: total - sum(out)]:
        out[i] += 1
    return out


def army_tokens(points: int, count: int, weights=(1.0, 1.0, 1.0)) -> list[tuple[int, int, int]] | None:
    """(movement, attack, defense) of ``count`` kniggits bought with ``points``, tokens shared
    evenly between kniggits and by ``weights`` between colours; None when a kniggit would lack a
    colour (it would run away before the battle)."""
    from .mechanics import KNIGGIT_COST, TOKEN_COST

    tokens = (points - KNIGGIT_COST * count) // TOKEN_COST
    if count < 1 or tokens < 3 * count:
        return None
    out = [tuple(split(t, weights)) for t in split(tokens, [1.0] * count)]
    if any(min(k) < 1 for k in out):
        return None
    return out  # type: ignore[return-value]


class ArmyBot:
    """The heuristic bot with a chosen army: tokens per kniggit, deployed along its own edge.
    Everything after the army decision is the heuristic's."""

    def __init__(self, tokens, seed=None, game=None, base: str = "heuristic") -> None:
        from ...bots import make_bot

        self.tokens = [tuple(t) for t in tokens]
        self.base = make_bot("kniggits", base, seed=seed, game=game)

    def choose(self, game, state, seat: int) -> str:
        if state.phase == "army":
            from .army import deploy

            spots = deploy(game.table, seat, len(self.tokens))
            spec = ";".join(f"{m}/{a}/{d}@{x:.3f},{y:.3f}" for (m, a, d), (x, y) in zip(self.tokens, spots))
            return "army:" + spec
        return self.base.choose(game, state, seat)


@dataclass(frozen=True)
class Army:
    """A picklable factory of :class:`ArmyBot` for the engine runs (``label`` names it)."""

    label: str
    tokens: tuple

    def __call__(self, seed=None, game=None) -> ArmyBot:
        return ArmyBot(self.tokens, seed=seed, game=game)


class PresetBot:
    """The heuristic bot taking a given ready-made army."""

    def __init__(self, preset: str, seed=None, game=None) -> None:
        from ...bots import make_bot

        self.preset = preset
        self.base = make_bot("kniggits", "heuristic", seed=seed, game=game)

    def choose(self, game, state, seat: int) -> str:
        if state.phase == "army":
            return "army:" + self.preset
        return self.base.choose(game, state, seat)


@dataclass(frozen=True)
class Preset:
    label: str
    preset: str

    def __call__(self, seed=None, game=None) -> PresetBot:
        return PresetBot(self.preset, seed=seed, game=game)


# -- the fight by token counts: exact ------------------------------------------------------------

def zero_sum(payoff: np.ndarray) -> tuple[np.ndarray, float]:
    """The row player's maximin mix and the value of the matrix game (linear programme)."""
    from scipy.optimize import linprog

    a = np.asarray(payoff, float)
    n, m = a.shape
    c = np.zeros(n + 1)
    c[-1] = -1.0
    res = linprog(c, A_ub=np.hstack([-a.T, np.ones((m, 1))]), b_ub=np.zeros(m),
                  A_eq=np.hstack([np.ones((1, n)), np.zeros((1, 1))]), b_eq=[1.0],
                  bounds=[(0, None)] * n + [(None, None)], method="highs")
    if not res.success:
        raise BrawlError("the fight's linear programme found no solution")
    x = np.clip(res.x[:n], 0, None)
    return x / x.sum(), float(res.x[-1])


def fight(attacker: tuple[int, int, int], defender: tuple[int, int, int], options) -> dict:
    """The equilibrium of one melee blow exchange between kniggits with these (movement, attack,
    defense) tokens, the defender facing the attacker (None when the attacker cannot strike, so
    there is no fight).  The payoff to the attacker is the
    defender's loss in blows-to-flee minus his own; also each side's expected tokens lost."""
    from . import combat
    from .mechanics import blows_to_flee
    from .model import Kniggit

    a = Kniggit("a", 0, 0.0, 0.0, *attacker, facing="d")
    d = Kniggit("d", 1, 1.0, 0.0, *defender, facing="a")
    if not combat.can_strike(a):
        return None  # no fight: the rules open none for an attacker who cannot strike
    ha = combat.hand_options(a, d, True, options)
    hd = combat.hand_options(d, a, combat.strikes_back(a, d, "melee", options), options)
    rows = list(itertools.product(*ha))
    cols = list(itertools.product(*hd))
    pay = np.zeros((len(rows), len(cols)))
    lost_a = np.zeros_like(pay)
    lost_d = np.zeros_like(pay)
    need_a, need_d = blows_to_flee(*attacker), blows_to_flee(*defender)
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            na, nd, la, ld = combat.resolve(a, d, r, c)
            pay[i, j] = (need_d - blows_to_flee(nd.move, nd.attack, nd.defense)) - (need_a - blows_to_flee(na.move, na.attack, na.defense))
            lost_a[i, j], lost_d[i, j] = len(la), len(ld)
    x, value = zero_sum(pay)
    y, _ = zero_sum(-pay.T)
    return {"attacker": list(attacker), "defender": list(defender), "value": value,
            "attacker_rows": ["/".join(r) for r in rows], "attacker_mix": x.tolist(),
            "defender_cols": ["/".join(c) for c in cols], "defender_mix": y.tolist(),
            "attacker_tokens_lost": float(x @ lost_a @ y), "defender_tokens_lost": float(x @ lost_d @ y)}


def hand_shares(labels: list[str], mix: list[float]) -> dict[str, dict[str, float]]:
    """The chance of each height in the sword hand and in the shield hand."""
    sword: dict[str, float] = {}
    shield: dict[str, float] = {}
    for label, p in zip(labels, mix):
        s, h = label.split("/")
        sword[s] = sword.get(s, 0.0) + p
        shield[h] = shield.get(h, 0.0) + p
    return {"sword": sword, "shield": shield}


# -- the report ------------------------------------------------------------------------------------

def _swap(specs: list, key: str, opts: dict, a, b, games: int, seed: int, index: dict) -> None:
    """Half the games with ``a`` in the first seat, half with it in the second."""
    first = (games + 1) // 2
    index.setdefault(key, []).append((len(specs), 0))
    specs.append((opts, [a, b], first, seed))
    if games - first:
        index[key].append((len(specs), 1))
        specs.append((opts, [b, a], games - first, seed + 7919))


def _score(runs, parts) -> tuple[float, float, float]:
    """The first bot's share (wins and half the draws) over a seat-swapped pair of runs."""
    won = n = 0.0
    for k, seat in parts:
        r = runs[k]
        won += r.wins[seat] + 0.5 * r.draws
        n += r.games
    return wilson(won, n)


def _merged(runs, parts):
    from ...analysis.common import EngineRun

    total = EngineRun(runs[parts[0][0]].options, runs[parts[0][0]].bots)
    for k, _ in parts:
        total.merge(runs[k])
    return total


def build_report(options: dict, out: str | Path, games: int = GAMES, sweep: str = DEFAULT_SWEEP,
                 bots: tuple[str, ...] | None = None, seed: int = 0, workers: int | None = None,
                 backend: str = "local", address: str | None = None, rules=RULES, scenarios=SCENARIOS,
                 counts=COUNTS, colours=tuple(COLOURS), sweep_values=None, fights: bool = True) -> Path:
    """Write ``index.html``, ``data.json`` and the plots into ``out``; returns the page's path.

    ``games`` is the number of games behind each point (the first-mover and length figures get four
    times as many); ``bots`` the ladder's bots (default heuristic and random); ``rules``,
    ``scenarios``, ``counts`` and ``colours`` choose the rows of the army and rule figures."""
    from ...bots import bot_names, make_bot
    from ...sim.ladder import labels_for, ladder_jobs, collect, rate

    game = make_game("kniggits", options)
    base = game.options_json()
    if sweep not in SWEEPS:
        raise BrawlError(f"--sweep is one of kniggits' options: {', '.join(SWEEPS)}; not {sweep!r}")
    if games < 2:
        raise BrawlError("--games must be at least 2 (half the games with each army in each seat)")
    check_backend(backend)
    ladder_bots = list(bots) if bots else [b for b in LADDER_BOTS if b in bot_names("kniggits")]
    for b in ladder_bots:
        make_bot("kniggits", b, seed=0, game=game)
    if len(ladder_bots) < 2:
        raise BrawlError("the ladder needs at least two bots, e.g. --bots heuristic,random")
    for r in rules:
        if r not in RULES:
            raise BrawlError(f"unknown advanced rule {r!r}; rules: {', '.join(RULES)}")
    values = list(sweep_values) if sweep_values is not None else SWEEPS[sweep]
    sweep_opts = [make_game("kniggits", dict(base, **{sweep: v})).options_json() for v in values]
    battle = dict(base, scenario="battle") if base["scenario"] == "joust" else dict(base)
    points = base["points"]
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    plt = pyplot()
    t0 = time.perf_counter()
    H = "heuristic"

    specs: list = []
    index: dict[str, list] = {}
    base_games = 4 * games
    _swap(specs, "base", battle, H, H, base_games, seed, index)
    armies: list[tuple[str, str, object]] = []  # (group, label, factory)
    for n in counts:
        t = army_tokens(points, n)
        if t:
            armies.append(("figures", f"{n} kniggit{'s' * (n > 1)} of {sum(t[0])}{'' if len({sum(k) for k in t}) == 1 else '+'} tokens",
                           Army(f"{n}x", tuple(t))))
    ref_count = max(1, points // 14)
    for name in colours:
        t = army_tokens(points, ref_count, COLOURS[name])
        if t:
            armies.append(("colours", f"{ref_count} kniggits, {name}" + (" (each colour alike)" if name == "even" else " first"),
                           Army(f"{name}", tuple(t))))
    for group, label, factory in armies:
        _swap(specs, "army:" + label, battle, factory, H, games, seed + 1, index)
    big, small = army_tokens(points, BIG), army_tokens(points, SMALL)
    duel = big is not None and small is not None
    rule_rows = []  # (rule, value)
    if duel:
        _swap(specs, "bigsmall:base", battle, Army("big", tuple(big)), Army("small", tuple(small)), games, seed + 2, index)
    for rule in rules:
        v = not base[rule]
        o = dict(battle, **{rule: v})
        rule_rows.append((rule, v))
        if duel:
            _swap(specs, f"bigsmall:{rule}", o, Army("big", tuple(big)), Army("small", tuple(small)), games, seed + 2, index)
        else:
            _swap(specs, f"bigsmall:{rule}", o, H, H, games, seed + 2, index)
        if v and rule in RULE_ARMY:
            label = f"ready-made {RULE_ARMY[rule]} ({rule.replace('_', ' ')} on)"
            armies.append(("rules", label, Preset(label, RULE_ARMY[rule])))
            _swap(specs, "army:" + label, o, Preset(label, RULE_ARMY[rule]), H, games, seed + 1, index)
    for sc in scenarios:
        if sc != battle["scenario"]:
            _swap(specs, f"scenario:{sc}", dict(base, scenario=sc), H, H, games, seed + 3, index)
    for v, o in zip(values, sweep_opts):
        _swap(specs, f"sweep:{v}", o, H, H, games, seed + 4, index)
    ladder_labels = labels_for(ladder_bots)
    ljobs = ladder_jobs(ladder_bots, 2, games, seed + 5)
    first_ladder = len(specs)
    for job in ljobs:
        specs.append((battle, job[3], job[5], job[4]))
    runs = run_engine("kniggits", specs, workers, backend, address)
    ladder = rate("kniggits", battle, ladder_labels, ladder_bots, games, seed + 5, 2,
                  collect(ladder_labels, ljobs, runs[first_ladder:]))

    def merged(key):
        return _merged(runs, index[key])

    figures: list[tuple[str, str, str]] = []
    data: dict = {"options": base, "games_per_point": games, "first_mover_games": base_games, "seed": seed,
                  "sweep": sweep, "note": "rates are [value, low, high] with 95% intervals"}

    # 1. armies
    army_rows = [(group, label, _score(runs, index["army:" + label])) for group, label, _ in armies]
    data["armies"] = [{"group": g, "army": lab, "score_vs_reference": s,
                       "tokens": list(map(list, f.tokens)) if isinstance(f, Army) else f.preset}
                      for (g, lab, s), (_, _, f) in zip(army_rows, armies)]
    if army_rows:
        fig, ax = plt.subplots(figsize=(8.5, 0.42 * len(army_rows) + 1.6))
        ys = np.arange(len(army_rows))
        colour = {"figures": "tab:blue", "colours": "tab:orange", "rules": "tab:green"}
        for y, (g, label, s) in zip(ys, army_rows):
            ax.errorbar([s[0]], [y], xerr=[[s[0] - s[1]], [s[2] - s[0]]], fmt="o", color=colour[g], capsize=3)
        ax.set_yticks(ys)
        ax.set_yticklabels([r[1] for r in army_rows], fontsize=8)
        ax.invert_yaxis()
        ax.axvline(0.5, color="grey", lw=0.8)
        ax.set_xlim(-0.02, 1.02)
        ax.set_xlabel("share of games won against the reference army (95% CI)")
        ax.set_title(f"Which armies win ({points} points, {games} games each)", fontsize=10)
        for g, c in colour.items():
            ax.plot([], [], "o", color=c, label={"figures": "points split: kniggits vs tokens",
                                                  "colours": "token colours", "rules": "an advanced rule's army"}[g])
        ax.legend(fontsize=7, loc="lower right")
        figures.append((save(fig, out, "armies.png"), "Which armies win",
                        f"Each army is played by the heuristic bot against the heuristic's own choice (the ready-made "
                        f"army it takes), {games} games each, half in each seat; a draw counts half. Blue rows share "
                        f"{points} points between more kniggits (5 points each) and fewer tokens; orange rows keep "
                        f"{ref_count} kniggits and put twice the tokens in one colour; green rows use the ready-made "
                        "army an advanced rule unlocks, with that rule on. The grey line is an even match."))

    # 2. advanced rules
    rule_data = []
    if rule_rows:
        base_bs = _score(runs, index["bigsmall:base"]) if duel else None
        base_run = merged("bigsmall:base").summary() if duel else None
        fig, axes = plt.subplots(1, 3, figsize=(12, 0.45 * len(rule_rows) + 2.2), sharey=True)
        labels = [f"{r.replace('_', ' ')} {'on' if v else 'off'}" for r, v in rule_rows]
        ys = np.arange(len(rule_rows))
        for k, (rule, v) in enumerate(rule_rows):
            s = _score(runs, index[f"bigsmall:{rule}"])
            summ = merged(f"bigsmall:{rule}").summary()
            rule_data.append({"rule": rule, "on": v, "big_army_score": s, "first_mover": summ["first_mover"],
                              "mean_turns": summ["mean_turns"], "games": summ["games"]})
            for a, r, c in ((axes[0], s, "tab:blue"), (axes[1], summ["first_mover"], "tab:purple"),
                            (axes[2], summ["mean_turns"], "tab:green")):
                a.errorbar([r[0]], [k], xerr=[[r[0] - r[1]], [r[2] - r[0]]], fmt="o", color=c, capsize=3)
        if duel:
            for a, r in ((axes[0], base_bs), (axes[1], base_run["first_mover"]), (axes[2], base_run["mean_turns"])):
                a.axvspan(r[1], r[2], color="0.88", zorder=0)
                a.axvline(r[0], color="0.5", lw=0.8)
        axes[0].set_yticks(ys)
        axes[0].set_yticklabels(labels, fontsize=8)
        axes[0].invert_yaxis()
        axes[0].set_xlim(-0.02, 1.02)
        axes[1].set_xlim(-0.02, 1.02)
        axes[0].set_xlabel(f"the {BIG}-kniggit army's share against {SMALL}" if duel else "")
        axes[1].set_xlabel("first mover wins")
        axes[2].set_xlabel("mean turns")
        fig.suptitle(f"Each advanced rule changed alone ({games} games per row; grey: the rules as given, 95% CI)",
                     fontsize=10)
        caption = (f"Each row turns one advanced rule on (or off, if it was on) and keeps the rest. The rules' powers "
                   f"need 5 or more tokens of a colour, so each row plays an army of {BIG} big kniggit{'s' * (BIG > 1)} "
                   f"({'/'.join(map(str, big[0]))} tokens) against {SMALL} ({'/'.join(map(str, small[0]))} tokens each), "
                   "half the games in each seat; the grey band is the same "
                   "match under the rules as given. Middle: the first mover's share in those games; right: their "
                   "length in turns. Every row plays the same seeds, so a rule that changes nothing for these armies "
                   "(two swords needs a kniggit without defense tokens, archers an archer) plays the very same games." if duel else
                   "Each row turns one advanced rule on (or off) and keeps the rest; heuristic against heuristic.")
        figures.append((save(fig, out, "rules.png"), "Advanced rules", caption))
    data["rules"] = rule_data
    data["big_vs_small"] = {"big": big, "small": small, "as_given": _score(runs, index["bigsmall:base"]) if duel else None}

    # 3. first mover and scenarios
    base_sum = merged("base").summary()
    data["first_mover"] = base_sum
    sc_rows = [(battle["scenario"], base_sum)] + [(sc, merged(f"scenario:{sc}").summary())
                                                  for sc in scenarios if sc != battle["scenario"]]
    data["scenarios"] = {sc: s for sc, s in sc_rows}
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4))
    xs = np.arange(len(sc_rows))
    errorbars(a1, xs, [s["first_mover"] for _, s in sc_rows], fmt="o", color="tab:purple")
    a1.axhline(0.5, color="grey", lw=0.8)
    a1.set_ylim(-0.02, 1.02)
    a1.set_ylabel("first mover wins (95% CI)")
    errorbars(a2, xs, [s["mean_turns"] for _, s in sc_rows], fmt="o", color="tab:green")
    a2.set_ylabel("mean turns (95% CI)")
    for a in (a1, a2):
        a.set_xticks(xs)
        a.set_xticklabels([f"{sc}\n({s['games']} games)" for sc, s in sc_rows], fontsize=8)
    fig.suptitle("First-mover advantage and game length by scenario (heuristic vs heuristic)", fontsize=10)
    figures.append((save(fig, out, "scenarios.png"), "First mover and scenarios",
                    f"The first mover (the winner of the rock-paper-scissors) and the length of a game in turns, "
                    f"heuristic against heuristic. The {battle['scenario']} point rests on {base_games} games, the others "
                    f"on {games} each. Joust armies are one kniggit on horseback."))

    # 4. game length
    tc = merged("base").turn_counts
    width = 5
    low, top = (min(tc), max(tc)) if tc else (0, 0)
    bins = np.arange(low // width * width, top + width + 1, width)  # from the shortest game to the longest
    n = sum(tc.values())
    counts_b = np.array([sum(v for t, v in tc.items() if lo <= t < lo + width) for lo in bins[:-1]])
    p = counts_b / max(1, n)
    lo_hi = np.array([wilson(int(c), n) for c in counts_b]).reshape(-1, 3)
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar(bins[:-1] + width / 2, p, width * 0.9, yerr=[p - lo_hi[:, 1], lo_hi[:, 2] - p], capsize=3,
           color="tab:blue", alpha=0.8)
    ax.axvline(base["turn_limit"], color="tab:red", lw=0.8, ls="--")
    ax.set_xlabel("turns in the game (both players' turns)")
    ax.set_ylabel("share of games (95% CI)")
    ax.set_title(f"Game length, heuristic vs heuristic ({n} games)", fontsize=10)
    figures.append((save(fig, out, "length.png"), "Game length",
                    f"Turns a game lasts, in bins of {width}, with the Wilson interval of each bar. The dashed line is "
                    f"the turn limit ({base['turn_limit']}), where the side with more tokens on fighting kniggits wins. "
                    f"Mean {mean_text(base_sum['mean_turns'])} turns, median {base_sum['median_turns']}."))
    data["length"] = {"turn_counts": {str(k): v for k, v in sorted(tc.items())}, "mean": base_sum["mean_turns"],
                      "median": base_sum["median_turns"]}

    # 5. the fight by token counts (exact)
    fight_data: dict = {}
    if fights:
        standard = (3, 3, 3)
        grid = range(0, 7)
        value = np.full((len(grid), len(grid)), np.nan)
        table_rows = []
        for i, att in enumerate(grid):
            for j, dfn in enumerate(grid):
                f = fight((3, att, dfn), standard, game.options)
                if f is not None:
                    value[j, i] = f["value"]
        mid = fight(standard, standard, game.options)
        fight_data = {"payoff": "defender's loss in blows-to-flee minus the attacker's", "defender": list(standard),
                      "attacker_movement": 3, "attack_axis": list(grid), "defense_axis": list(grid),
                      "value": [[None if np.isnan(v) else float(v) for v in row] for row in value], "standard": mid}
        for att, dfn in (((3, 3, 3), (3, 3, 3)), ((1, 5, 1), (3, 3, 3)), ((3, 3, 3), (1, 5, 1)), ((2, 1, 6), (2, 6, 1)),
                         ((3, 3, 0), (3, 3, 3)), ((3, 3, 3), (3, 0, 3)), ((2, 2, 2), (6, 6, 6)), ((1, 1, 1), (1, 1, 1))):
            f = fight(att, dfn, game.options)
            table_rows.append(["/".join(map(str, att)), "/".join(map(str, dfn)), f"{f['value'] + 0.0:+.3f}".replace("-0.000", "0.000"),
                               f"{f['attacker_tokens_lost']:.3f}", f"{f['defender_tokens_lost']:.3f}"])
            fight_data.setdefault("examples", []).append(f)
        fight_data["table"] = table_rows
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 4.6), gridspec_kw={"width_ratios": [1.1, 1]})
        lim = np.nanmax(np.abs(value)) or 1
        im = a1.imshow(value, origin="lower", cmap="coolwarm_r", vmin=-lim, vmax=lim,
                       extent=(-0.5, len(grid) - 0.5, -0.5, len(grid) - 0.5))
        for i in grid:
            for j in grid:
                if not np.isnan(value[j, i]):
                    a1.text(i, j, f"{value[j, i] + 0.0:+.2f}".replace("-0.00", "0.00"), ha="center", va="center", fontsize=7)
        a1.set_xlabel("attacker's attack tokens")
        a1.set_ylabel("attacker's defense tokens")
        a1.set_title("Value of one exchange to the attacker\n(3 movement tokens; defender 3/3/3)", fontsize=9)
        fig.colorbar(im, ax=a1, fraction=0.046, label="blows-to-flee gained")
        shares = hand_shares(mid["attacker_rows"], mid["attacker_mix"])
        dshares = hand_shares(mid["defender_cols"], mid["defender_mix"])
        heights = ["high", "middle", "low", "none"]
        xs = np.arange(len(heights))
        w = 0.2
        for k, (lab, sh) in enumerate((("attacker's sword", shares["sword"]), ("attacker's shield", shares["shield"]),
                                       ("defender's sword", dshares["sword"]), ("defender's shield", dshares["shield"]))):
            a2.bar(xs + (k - 1.5) * w, [sh.get(h, 0.0) for h in heights], w, label=lab)
        a2.set_xticks(xs)
        a2.set_xticklabels(heights)
        a2.set_ylim(0, 1)
        a2.set_ylabel("probability at the equilibrium")
        a2.set_title("Equilibrium hands, 3/3/3 against 3/3/3", fontsize=9)
        a2.legend(fontsize=7)
        figures.append((save(fig, out, "fight.png"), "The fight by token counts (exact)",
                        "Both hands are shown at once, so one exchange of blows is a zero-sum matrix game. The payoff "
                        "is what the blows do to each side's distance from fleeing (the fewest blows that leave a "
                        "kniggit one colour): the defender's loss minus the attacker's. Left: the game's value to an "
                        "attacker with 3 movement tokens and the attack and defense tokens shown, against a 3/3/3 "
                        "defender (blue: the attacker gains; blank: no attack tokens, no fight). Right: how often each height is shown at the "
                        "equilibrium when two 3/3/3 kniggits fight. Exact, from the rules' own blow functions; "
                        "no simulation."))
    data["fight"] = fight_data

    # 6. sweep
    sw = [(v, merged(f"sweep:{v}").summary()) for v in values]
    data["sweep_runs"] = {str(v): s for v, s in sw}
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4))
    xs = np.arange(len(sw))
    errorbars(a1, xs, [s["first_mover"] for _, s in sw], fmt="-o")
    a1.axhline(0.5, color="grey", lw=0.8)
    a1.set_ylim(-0.02, 1.02)
    a1.set_ylabel("first mover wins (95% CI)")
    errorbars(a2, xs, [s["mean_turns"] for _, s in sw], fmt="-o", color="tab:green")
    a2.set_ylabel("mean turns (95% CI)")
    for a in (a1, a2):
        a.set_xticks(xs)
        a.set_xticklabels([str(v) for v in values])
        a.set_xlabel(sweep)
    fig.suptitle(f"Sweep over {sweep}: heuristic vs heuristic, {games} games per point", fontsize=10)
    figures.append((save(fig, out, "sweep.png"), f"Sweep over {sweep}",
                    f"Heuristic against heuristic, the other options as given, {games} games per point."))

    # 7. the ladder
    ladder_html, data["ladder"] = ladder_section(ladder)
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(ladder.ratings) + 1.5))
    for k, r in enumerate(ladder.ratings):
        ax.errorbar([r.rating], [k], xerr=[[r.rating - r.low], [r.high - r.rating]], fmt="o", capsize=3, color="tab:blue")
    ax.set_yticks(range(len(ladder.ratings)))
    ax.set_yticklabels([r.bot for r in ladder.ratings])
    ax.invert_yaxis()
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("rating, Elo scale (mean bot 0; 95% CI)")
    ax.set_title(f"Bot ladder ({games} games per pair)", fontsize=10)
    figures.append((save(fig, out, "ladder.png"), "Bot ladder",
                    "A round robin between the bots, seats swapped, rated by a Bradley-Terry model (maximum likelihood, "
                    "95% intervals from the Fisher information). A bot that won every game has a wide interval on the "
                    "open side."))

    (out / "data.json").write_text(json.dumps(data, indent=1, default=float), encoding="utf-8")

    # the page
    e = html.escape
    findings = [f"The first mover (who wins the rock-paper-scissors) wins <b>{rate_text(base_sum['first_mover'])}</b> of "
                f"{base_games} heuristic games; a game lasts {mean_text(base_sum['mean_turns'])} turns."]
    if army_rows:
        best = max(army_rows, key=lambda r: r[2][0])
        worst = min(army_rows, key=lambda r: r[2][0])
        findings.append(f"Best army against the reference: <b>{e(best[1])}</b>, {rate_text(best[2])}; worst: "
                        f"<b>{e(worst[1])}</b>, {rate_text(worst[2])}.")
    if duel and rule_data:
        moved = max(rule_data, key=lambda r: abs(r["big_army_score"][0] - base_bs[0]))
        sep = moved["big_army_score"][1] > base_bs[2] or moved["big_army_score"][2] < base_bs[1]
        text = (f"An army of {BIG} kniggit{'s' * (BIG > 1)} against one of {SMALL} wins {rate_text(base_bs)} under the rules "
                "as given; ")
        if moved["big_army_score"][0] == base_bs[0]:
            text += "no advanced rule changes that in these samples."
        else:
            text += (f"the rule that moves this most is <b>{e(moved['rule'].replace('_', ' '))}</b> "
                     f"({rate_text(moved['big_army_score'])})" + ("." if sep else ", within the noise of these samples."))
        findings.append(text)
    if fight_data:
        findings.append(f"A fight between two 3/3/3 kniggits is worth {abs(fight_data['standard']['value']) if abs(fight_data['standard']['value']) < 5e-10 else fight_data['standard']['value']:+.3f} blows-to-flee "
                        f"to the attacker at the equilibrium (exact); each side loses "
                        f"{fight_data['standard']['attacker_tokens_lost']:.2f} and "
                        f"{fight_data['standard']['defender_tokens_lost']:.2f} tokens an exchange.")
    top = ladder.ratings[0]
    findings.append(f"Ladder: <b>{e(top.bot)}</b> leads at {top.rating:+.0f} ({top.low:+.0f} to {top.high:+.0f}) Elo.")
    opt_text = " ".join(f"<b>{e(k)}</b> {e(str(v))}" for k, v in base.items())
    total_games = sum(s[2] for s in specs)
    head = ["first mover wins (95% CI)", "seat 1 wins (95% CI)", "mean turns (95% CI)", "median turns", "games"]

    def row(s):
        return [rate_text(s["first_mover"]), rate_text(s["win_rates"][0]), mean_text(s["mean_turns"]),
                s["median_turns"], s["games"]]

    parts = [
        *page_head("Kniggits analysis"),
        f"<h1>Kniggits: analysis</h1><p>Options: {opt_text}. Every simulated figure is played on the full rules "
        f"engine by the heuristic bot: {total_games} games in all, <b>{games} games per point</b> ({base_games} for the "
        f"first mover and game length), so the intervals are wide; <code>--games</code> narrows them. Built in "
        f"{time.perf_counter() - t0:.0f} s; every figure is also in <a href='data.json'>data.json</a>.</p>",
        "<h2>Key findings</h2><ul>" + "".join(f"<li>{f}</li>" for f in findings) + "</ul>",
        "<h2>Armies against the reference army</h2>",
        table(["army", "tokens per kniggit (movement/attack/defense)", "share won (95% CI)"],
              [[lab, ", ".join("/".join(map(str, t)) for t in f.tokens) if isinstance(f, Army) else f.preset, rate_text(s)]
               for (_, lab, s), (_, _, f) in zip(army_rows, armies)]),
    ]
    if rule_data:
        parts += ["<h2>Advanced rules, one at a time</h2>",
                  table(["rule", f"{BIG} against {SMALL} kniggits: the {BIG}'s share (95% CI)" if duel else "", "first mover wins (95% CI)",
                         "mean turns (95% CI)", "games"],
                        ([["as given", rate_text(base_bs), rate_text(base_run["first_mover"]), mean_text(base_run["mean_turns"]),
                           base_run["games"]]] if duel else [])
                        + [[f"{r['rule'].replace('_', ' ')} {'on' if r['on'] else 'off'}", rate_text(r["big_army_score"]) if duel else "",
                            rate_text(r["first_mover"]), mean_text(r["mean_turns"]), r["games"]] for r in rule_data])]
    parts += ["<h2>Scenarios (heuristic vs heuristic)</h2>", table(["scenario", *head], [[sc, *row(s)] for sc, s in sc_rows])]
    if fight_data:
        parts += ["<h2>Fights at the equilibrium (exact)</h2>",
                  table(["attacker m/a/d", "defender m/a/d", "value to the attacker (blows-to-flee)",
                         "attacker's tokens lost", "defender's tokens lost"], fight_data["table"])]
    parts += [f"<h2>Sweep over {e(sweep)}</h2>", table([sweep, *head], [[v, *row(s)] for v, s in sw]),
              "<h2>Bot ladder</h2>", ladder_html]
    for file, title, caption in figures:
        parts.append(figure_html(file, title, caption))
    return write_page(out, parts)


def build_from_cli(options: dict, out: str | Path, *, sweep: str, bots: str | None, games: int | None, seed: int,
                   workers: int | None, backend: str, address: str | None, exact_hp: int, spell_games: int) -> Path:
    """``brawl analyze kniggits``: the command's flags checked, then :func:`build_report`.  The
    command's default sweep (``hp``, a Krig and KtOG option) means this report's default
    (:data:`DEFAULT_SWEEP`); ``--bots`` names the ladder's bots."""
    if exact_hp != 5 or spell_games != 1000:
        raise BrawlError("--exact-hp and --spell-games are ktog options")
    names = tuple(b.strip() for b in bots.split(",") if b.strip()) if bots else None
    return build_report(options, out, games=games or GAMES, sweep=DEFAULT_SWEEP if sweep == "hp" else sweep,
                        bots=names, seed=seed, workers=workers, backend=backend, address=address)
