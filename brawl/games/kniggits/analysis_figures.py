"""The figures of ``brawl analyze kniggits`` (:mod:`.analysis`): the exact fight by token counts
(a zero-sum matrix game solved as a linear programme) and the plot of each of the report's sections."""

from __future__ import annotations

import itertools

import numpy as np

from ...analysis.common import errorbars, mean_text, rate_text, save, wilson
from ...core.game import BrawlError
from .analysis_runs import BIG, SMALL, _merged, _score, summarise
from .fight_odds import equilibrium

# -- the fight by token counts: exact ------------------------------------------------------------

def zero_sum(payoff: np.ndarray) -> tuple[np.ndarray, float]:
    """The row player's maximin mix and the value of the matrix game (:func:`.fight_odds.equilibrium`)."""
    x, value = equilibrium(payoff)
    if value != value:  # NaN: the solver found nothing
        raise BrawlError("the fight's linear programme found no solution")
    return x, value


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


# -- the sections' plots ----------------------------------------------------------------------------

def armies_figure(plt, out, army_rows, points: int, games: int, ref_count: int) -> tuple[str, str, str]:
    """Which armies win against the reference army (``army_rows``: (group, label, score))."""
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
    return (save(fig, out, "armies.png"), "Which armies win",
            f"Each army is played by the heuristic bot against the heuristic's own choice (the ready-made "
            f"army it takes), {games} games each, half in each seat; a draw counts half. Blue rows share "
            f"{points} points between more kniggits (5 points each) and fewer tokens; orange rows keep "
            f"{ref_count} kniggits and put twice the tokens in one colour; green rows use the ready-made "
            "army an advanced rule unlocks, with that rule on. The grey line is an even match.")


def rules_section(plt, out, runs, index, rule_rows, duel: bool, big, small, games: int):
    """Each advanced rule changed alone: (rows for data.json, the big army's score and the run's summary
    under the rules as given, the figure or None)."""
    rule_data = []
    base_bs = base_run = figure = None
    if rule_rows:
        base_bs = _score(runs, index["bigsmall:base"]) if duel else None
        base_run = summarise(_merged(runs, index["bigsmall:base"])) if duel else None
        fig, axes = plt.subplots(1, 3, figsize=(11, 0.5 * len(rule_rows) + 2.2), sharey=True)
        labels = [f"{r.replace('_', ' ')} {'on' if v else 'off'}" for r, v in rule_rows]
        ys = np.arange(len(rule_rows))
        for k, (rule, v) in enumerate(rule_rows):
            s = _score(runs, index[f"bigsmall:{rule}"])
            summ = summarise(_merged(runs, index[f"bigsmall:{rule}"]))
            rule_data.append({"rule": rule, "on": v, "big_army_score": s, "first_mover": summ["first_mover"],
                              "mean_turns": summ["mean_turns"], "at_limit": summ["at_limit"], "games": summ["games"]})
            for a, r, c in ((axes[0], s, "tab:blue"), (axes[1], summ["first_mover"], "tab:purple"),
                            (axes[2], summ["mean_turns"], "tab:green")):
                a.errorbar([r[0]], [k], xerr=[[r[0] - r[1]], [r[2] - r[0]]], fmt="o", color=c, capsize=3)
        if duel:
            for a, r in ((axes[0], base_bs), (axes[1], base_run["first_mover"]), (axes[2], base_run["mean_turns"])):
                a.axvspan(r[1], r[2], color="0.88", zorder=0)
                a.axvline(r[0], color="0.5", lw=0.8)
        axes[0].set_yticks(ys)
        axes[0].set_yticklabels(labels, fontsize=9)
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
        figure = (save(fig, out, "rules.png"), "Advanced rules", caption)
    return rule_data, base_bs, base_run, figure


TERRAIN_STYLE = {"open": ("tab:olive", "o"), "forest": ("tab:green", "s"), "village": ("tab:brown", "^")}


def grid_figure(plt, out, name: str, title: str, caption: str, groups: list[str], terrains: list[str],
                cells: dict) -> tuple[str, str, str]:
    """Three panels (first mover's share, mean turns, share decided at the turn limit), a column of
    points per group (a scenario or an army) and a point per terrain, each terrain its own colour
    and marker; ``cells[(group, terrain)]`` is a summary of :func:`.analysis_runs.summarise`."""
    fig, axes = plt.subplots(1, 3, figsize=(10.5, 4.6))
    xs = np.arange(len(groups))
    width = 0.22
    panels = (("first_mover", "first mover wins (95% CI)", (-0.02, 1.02)),
              ("mean_turns", "mean turns (95% CI)", None),
              ("at_limit", "decided at the turn limit (95% CI)", (-0.02, 1.02)))
    for a, (key, label, lim) in zip(axes, panels):
        for k, ter in enumerate(terrains):
            colour, marker = TERRAIN_STYLE.get(ter, ("tab:grey", "D"))
            pts = [(x, cells[(g, ter)][key]) for x, g in zip(xs, groups) if (g, ter) in cells]
            if pts:
                errorbars(a, [x + (k - (len(terrains) - 1) / 2) * width for x, _ in pts], [p for _, p in pts],
                          fmt=marker, color=colour, label=ter, ms=5)
        a.set_xticks(xs)
        a.set_xticklabels(groups, fontsize=9, rotation=25 if len(groups) > 3 else 0)
        a.tick_params(axis="y", labelsize=9)
        a.set_ylabel(label, fontsize=10)
        if lim:
            a.set_ylim(*lim)
        if key == "first_mover":
            a.axhline(0.5, color="grey", lw=0.8)
        a.grid(axis="y", color="0.9")
    # the key above the first panel, outside every plot: never over a point, and on a phone (where the
    # figure scrolls sideways) in sight at once
    axes[0].legend(title="terrain:", fontsize=9, title_fontsize=9, loc="lower left", bbox_to_anchor=(0.0, 1.01),
                   ncol=len(terrains), frameon=False, borderaxespad=0.0, alignment="left")
    fig.suptitle(title, fontsize=11)
    return save(fig, out, name), title, caption


def median_text(m) -> str:
    """A median with its 95% interval (:func:`.analysis_runs.median_ci`)."""
    return f"{m[0]:.0f} ({m[1]:.0f} to {m[2]:.0f})"


def scene_findings(scene: dict, by_army: dict, cells: dict, scenarios, terrains) -> list[str]:
    """Key findings of the scenario-and-terrain grid: where terrain moves the length of a game
    beyond the noise (intervals apart), and the scenario most decided by the turn limit."""
    out = []
    moved = []
    for (sc, ter0), armies in cells.items():
        for a in armies:
            for ter in terrains:
                if ter <= ter0 or (sc, ter) not in cells:
                    continue
                m0, m1 = by_army[(sc, ter0, a)]["mean_turns"], by_army[(sc, ter, a)]["mean_turns"]
                if m0[2] < m1[1] or m1[2] < m0[1]:
                    moved.append((abs(m0[0] - m1[0]), sc, a, ter0, m0, ter, m1))
    if moved:
        _, sc, a, t0, m0, t1, m1 = max(moved, key=lambda r: r[0])
        out.append(f"Terrain matters: {len(moved)} army-and-scenario pairs of terrains differ in game length beyond "
                   f"their intervals; the most, <b>{a}</b> in {sc}: {mean_text(m0)} turns on {t0}, {mean_text(m1)} "
                   f"on {t1}.")
    else:
        out.append("No terrain moves the length of a game beyond the intervals of these samples.")
    keys = [(sc, ter) for sc in scenarios for ter in terrains if (sc, ter) in cells]
    lop = max(keys, key=lambda c: abs(scene[c]["first_mover"][0] - 0.5))
    fm = scene[lop]["first_mover"]
    out.append(f"The first mover's share is furthest from even in <b>{lop[0]}</b> on {lop[1]}: {rate_text(fm)}"
               + (" (the interval leaves out 50%)." if fm[1] > 0.5 or fm[2] < 0.5 else ", within the noise."))
    worst = max(keys, key=lambda c: scene[c]["at_limit"][0])
    out.append(f"The turn limit decides {rate_text(scene[worst]['at_limit'])} of {worst[0]} games on {worst[1]}, the most "
               "of any scenario and terrain.")
    return out


def length_figure(plt, out, tc: dict, turn_limit, base_sum: dict) -> tuple[str, str, str]:
    """How many turns a game lasts (``tc``: turns -> games)."""
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
    ax.axvline(turn_limit, color="tab:red", lw=0.8, ls="--")
    ax.set_xlabel("turns in the game (both players' turns)")
    ax.set_ylabel("share of games (95% CI)")
    ax.set_title(f"Game length, heuristic vs heuristic ({n} games)", fontsize=10)
    return (save(fig, out, "length.png"), "Game length",
            f"Turns a game lasts, in bins of {width}, with the Wilson interval of each bar. The dashed line is "
            f"the turn limit ({turn_limit}), where the side with more tokens on fighting kniggits wins. "
            f"Mean {mean_text(base_sum['mean_turns'])} turns, median {median_text(base_sum['median_ci'])}; "
            f"{rate_text(base_sum['at_limit'])} of games reach the limit.")


def fight_section(plt, out, options) -> tuple[dict, tuple[str, str, str] | None]:
    """The fight by token counts, exact: the data for data.json and the figure."""
    standard = (3, 3, 3)
    grid = range(0, 7)
    value = np.full((len(grid), len(grid)), np.nan)
    table_rows = []
    for i, att in enumerate(grid):
        for j, dfn in enumerate(grid):
            f = fight((3, att, dfn), standard, options)
            if f is not None:
                value[j, i] = f["value"]
    mid = fight(standard, standard, options)
    fight_data = {"payoff": "defender's loss in blows-to-flee minus the attacker's", "defender": list(standard),
                  "attacker_movement": 3, "attack_axis": list(grid), "defense_axis": list(grid),
                  "value": [[None if np.isnan(v) else float(v) for v in row] for row in value], "standard": mid}
    for att, dfn in (((3, 3, 3), (3, 3, 3)), ((1, 5, 1), (3, 3, 3)), ((3, 3, 3), (1, 5, 1)), ((2, 1, 6), (2, 6, 1)),
                     ((3, 3, 0), (3, 3, 3)), ((3, 3, 3), (3, 0, 3)), ((2, 2, 2), (6, 6, 6)), ((1, 1, 1), (1, 1, 1))):
        f = fight(att, dfn, options)
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
                a1.text(i, j, f"{value[j, i] + 0.0:+.2f}".replace("-0.00", "0.00"), ha="center", va="center", fontsize=8)
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
    return fight_data, (save(fig, out, "fight.png"), "The fight by token counts (exact)",
                        "Both hands are shown at once, so one exchange of blows is a zero-sum matrix game. The payoff "
                        "is what the blows do to each side's distance from fleeing (the fewest blows that leave a "
                        "kniggit one colour): the defender's loss minus the attacker's. Left: the game's value to an "
                        "attacker with 3 movement tokens and the attack and defense tokens shown, against a 3/3/3 "
                        "defender (blue: the attacker gains; blank: no attack tokens, no fight). Right: how often each height is shown at the "
                        "equilibrium when two 3/3/3 kniggits fight. Exact, from the rules' own blow functions; "
                        "no simulation.")


def sweep_figure(plt, out, sw, values, sweep: str, games: int) -> tuple[str, str, str]:
    """The sweep over one option (``sw``: (value, summary))."""
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
    fig.suptitle(f"Sweep over {sweep}: mirror matches of every ready-made army, {games} games per army and point",
                 fontsize=10)
    return (save(fig, out, "sweep.png"), f"Sweep over {sweep}",
            f"The heuristic bot on both sides with the same ready-made army, every army the options allow in turn, "
            f"{games} games each per point, half in each seat; the other options as given.")

