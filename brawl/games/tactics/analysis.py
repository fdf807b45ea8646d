"""``brawl analyze tactics``: a report for designers, HTML with PNG plots and ``data.json``.

Every figure is played by the ``heuristic`` bot.  The games behind the figures of wins and lengths
run on the compiled batch kernel (:mod:`.batch`, the engine's rules and bot decision for decision,
hundreds of battles a second; options it does not play run on the engine, which says so), so the
defaults give each point 200 battles; the decisions and spells chosen are counted on the rules
engine, on a tenth of the base games (at least 40).  Every figure carries its 95% interval (Wilson for rates,
normal for means), and the page says how many games each rests on.

- Class against class: one character of each class (the default sheet at the level given) in a
  duel on the map given, half the games on each side.
- Party against party: the ready-made four-member parties, half the games on each side.
- Maps and levels, with the first side's share (the side whose character acts first) and the
  length of a battle; the first side and length under the options as given.
- How often each kind of decision and each spell is chosen, per battle.
- A sweep over one option, and the bot ladder (:mod:`brawl.sim.ladder`).
"""

from __future__ import annotations

import html
import json
import time
from pathlib import Path

import numpy as np

from ...analysis.common import (
    EngineRun,
    check_backend,
    engine_report_from_cli,
    errorbars,
    figure_html,
    ladder_bots,
    ladder_figure,
    ladder_section,
    mean_ci,
    mean_text,
    page_head,
    pyplot,
    rate_text,
    run_engine,
    save,
    table,
    wilson,
    write_page,
)
from ...core.game import BrawlError
from .. import make_game

GAMES = 200  # games per point at the defaults (the kernel plays them; the engine counts decisions on a tenth)
CLASSES = ("fighter", "rogue", "wizard", "cleric")
PARTIES = ("heroes", "raiders", "wardens")
MAPS = ("arena", "pillars", "bridge")
LEVELS = (1, 3, 5, 10, 20)
SWEEPS: dict[str, list] = {
    "map": list(MAPS),
    "level": list(LEVELS),
    "max_rounds": [5, 10, 30],
    "flat_footed": [False, True],
    "two_weapon_penalty": ["wielding", "both_attacks"],
    "prone_damage": ["all", "melee"],
    "cover": [False, True],
    "shooting_into_melee": [False, True],
    "unarmed_strikes": [False, True],
    "iterative_attacks": [False, True],
    "surprise_round": ["none", "first", "second"],
}
DEFAULT_SWEEP = "cover"
LADDER_BOTS = ("heuristic", "random")
H = "heuristic"


def decision_kind(game, state, seat: int, action: str) -> str:
    """The kind of a decision for the counts: its first word, a spell by name (``cast:fireball``)."""
    parts = action.split(":")
    if parts[0] == "cast" and len(parts) > 1:
        return "cast:" + parts[1]
    return parts[0]


def _swap(specs: list, index: dict, key: str, opts_ab: dict, opts_ba: dict, bots: list, games: int, seed: int) -> None:
    """Half the games with options ``opts_ab`` (side A first in the options), half with ``opts_ba``
    (the sides swapped); ``index[key]`` records which seat side A holds in each run."""
    first = (games + 1) // 2
    index.setdefault(key, []).append((len(specs), 0))
    specs.append((opts_ab, bots, first, seed))
    if games - first:
        index[key].append((len(specs), 1))
        specs.append((opts_ba, bots, games - first, seed + 7919))


def _score(runs, parts) -> tuple[float, float, float]:
    won = n = 0.0
    for k, seat in parts:
        won += runs[k].wins[seat] + 0.5 * runs[k].draws
        n += runs[k].games
    return wilson(won, n)


def _merged(runs, parts) -> EngineRun:
    total = EngineRun(runs[parts[0][0]].options, runs[parts[0][0]].bots)
    for k, _ in parts:
        total.merge(runs[k])
    return total


def _matrix_plot(plt, names, score, title, out, file, games):
    """A heat map of the row side's share against the column side, with the interval in each cell."""
    n = len(names)
    m = np.full((n, n), np.nan)
    for (a, b), s in score.items():
        m[names.index(a), names.index(b)] = s[0]
    fig, ax = plt.subplots(figsize=(1.6 * n + 2.6, 1.2 * n + 1.4))
    im = ax.imshow(m, cmap="coolwarm_r", vmin=0, vmax=1)
    for (a, b), s in score.items():
        i, j = names.index(a), names.index(b)
        ax.text(j, i, f"{100 * s[0]:.0f}%\n({100 * s[1]:.0f}-{100 * s[2]:.0f})", ha="center", va="center", fontsize=8,
                color="white" if abs(s[0] - 0.5) > 0.3 else "black")  # light text on the dark ends of the scale
    ax.set_xticks(range(n))
    ax.set_xticklabels(names)
    ax.set_yticks(range(n))
    ax.set_yticklabels(names)
    ax.set_xlabel("against")
    ax.set_ylabel("side")
    ax.set_title(f"{title}\n(share won by the row, 95% CI; {games} games a cell)", fontsize=9)
    fig.colorbar(im, ax=ax, fraction=0.046)
    return save(fig, out, file)


def build_report(options: dict, out: str | Path, games: int = GAMES, sweep: str = DEFAULT_SWEEP,
                 bots: tuple[str, ...] | None = None, seed: int = 0, workers: int | None = None,
                 backend: str = "local", address: str | None = None, classes=CLASSES, parties=PARTIES,
                 maps=MAPS, levels=LEVELS, sweep_values=None) -> Path:
    """Write ``index.html``, ``data.json`` and the plots into ``out``; returns the page's path.

    ``games`` is the number of battles behind each point (the first-side, length and decision
    figures get four times as many); ``bots`` the ladder's bots (default heuristic and random);
    ``classes``, ``parties``, ``maps`` and ``levels`` choose the rows of those figures."""
    from ...sim.ladder import collect, labels_for, ladder_jobs, rate

    game = make_game("tactics", options)
    base = game.options_json()
    if sweep not in SWEEPS:
        raise BrawlError(f"--sweep is one of tactics' options: {', '.join(SWEEPS)}; not {sweep!r}")
    if games < 2:
        raise BrawlError("--games must be at least 2 (half the games with each side first in the options)")
    check_backend(backend)
    ladder_names = ladder_bots("tactics", game, bots, LADDER_BOTS)
    values = list(sweep_values) if sweep_values is not None else SWEEPS[sweep]
    sweep_opts = [make_game("tactics", dict(base, **{sweep: v})).options_json() for v in values]
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    plt = pyplot()
    t0 = time.perf_counter()

    specs: list = []
    index: dict[str, list] = {}
    base_games = 4 * games
    counted_games = max(min(base_games, 40), base_games // 10)
    specs.append((base, [H, H], counted_games, seed + 8))  # the decisions counted on the engine
    index["base"] = [(1, 0)]
    specs.append((base, [H, H], base_games, seed))
    plain = dict(base, custom1="", custom2="")
    duel_pairs = [(a, b) for i, a in enumerate(classes) for b in classes[i + 1:]]
    for a, b in duel_pairs:
        _swap(specs, index, f"class:{a}:{b}", dict(base, custom1=a, custom2=b), dict(base, custom1=b, custom2=a),
              [H, H], games, seed + 1)
    party_pairs = [(a, b) for i, a in enumerate(parties) for b in parties[i + 1:]]
    for a, b in party_pairs:
        _swap(specs, index, f"party:{a}:{b}", dict(plain, party1=a, party2=b), dict(plain, party1=b, party2=a),
              [H, H], games, seed + 2)
    for m in maps:
        if m != base["map"]:
            index[f"map:{m}"] = [(len(specs), 0)]
            specs.append((dict(base, map=m), [H, H], games, seed + 3))
    for lv in levels:
        if lv != base["level"]:
            index[f"level:{lv}"] = [(len(specs), 0)]
            specs.append((dict(base, level=lv), [H, H], games, seed + 4))
    for v, o in zip(values, sweep_opts):
        index[f"sweep:{v}"] = [(len(specs), 0)]
        specs.append((o, [H, H], games, seed + 5))
    ladder_labels = labels_for(ladder_names)
    ljobs = ladder_jobs(ladder_names, 2, games, seed + 6)
    first_ladder = len(specs)
    for job in ljobs:
        specs.append((base, job[3], job[5], job[4]))
    counted = run_engine("tactics", specs[:1], workers, backend, address, kind_of=decision_kind)
    runs = counted + run_engine("tactics", specs[1:], workers, backend, address)
    ladder = rate("tactics", base, ladder_labels, ladder_names, games, seed + 6, 2,
                  collect(ladder_labels, ljobs, runs[first_ladder:]))

    def summary(key):
        return _merged(runs, index[key]).summary()

    side = [f"{base['party1'] if not base['custom1'] else base['custom1']}",
            f"{base['party2'] if not base['custom2'] else base['custom2']}"]
    figures: list[tuple[str, str, str]] = []
    data: dict = {"options": base, "games_per_point": games, "base_games": base_games, "counted_games": counted_games, "seed": seed, "sweep": sweep,
                  "note": "rates and means are [value, low, high] with 95% intervals"}

    # 1. class against class
    class_score = {}
    for a, b in duel_pairs:
        s = _score(runs, index[f"class:{a}:{b}"])
        class_score[(a, b)] = s
        class_score[(b, a)] = (1 - s[0], 1 - s[2], 1 - s[1])
    data["classes"] = [{"side": a, "against": b, "share": s} for (a, b), s in class_score.items()]
    if duel_pairs:
        figures.append((_matrix_plot(plt, list(classes), class_score, f"Class against class, one each (level {base['level']}, "
                                     f"{base['map']})", out, "classes.png", games),
                        "Class against class",
                        f"One character of each class (the default sheet at level {base['level']}) against one of "
                        f"another on the {base['map']} map, heuristic bots, {games} battles a pair, half on each side; "
                        "a battle still open at the round limit counts half. Read across a row: how often that class "
                        "wins against each column."))

    # 2. party against party
    party_score = {}
    for a, b in party_pairs:
        s = _score(runs, index[f"party:{a}:{b}"])
        party_score[(a, b)] = s
        party_score[(b, a)] = (1 - s[0], 1 - s[2], 1 - s[1])
    data["parties"] = [{"side": a, "against": b, "share": s} for (a, b), s in party_score.items()]
    if party_pairs:
        figures.append((_matrix_plot(plt, list(parties), party_score, f"Party against party (level {base['level']}, "
                                     f"{base['map']})", out, "parties.png", games),
                        "Party against party",
                        f"The ready-made parties of four, heuristic bots, {games} battles a pair, half with each party "
                        "as the first side of the options."))

    # 3. maps and levels: the first party's share, the first side's share, length
    base_sum = summary("base")
    data["base"] = base_sum
    map_rows = [(m, base_sum if m == base["map"] else summary(f"map:{m}")) for m in maps]
    level_rows = [(lv, base_sum if lv == base["level"] else summary(f"level:{lv}")) for lv in levels]
    data["maps"] = {m: s for m, s in map_rows}
    data["levels"] = {str(lv): s for lv, s in level_rows}
    fig, axes = plt.subplots(2, 3, figsize=(10.5, 7.2))  # narrow enough that a phone shows its labels
    for row, (rows, name) in enumerate(((map_rows, "map"), (level_rows, "level"))):
        xs = np.arange(len(rows))
        errorbars(axes[row, 0], xs, [s["win_rates"][0] for _, s in rows], fmt="o", color="tab:blue")
        errorbars(axes[row, 1], xs, [s["first_mover"] for _, s in rows], fmt="o", color="tab:purple")
        errorbars(axes[row, 2], xs, [s["mean_turns"] for _, s in rows], fmt="o", color="tab:green")
        for a in axes[row]:
            a.set_xticks(xs)
            a.set_xticklabels([f"{v}\n({s['games']})" for v, s in rows], fontsize=9)
            a.set_xlabel(f"{name} (games)", fontsize=10)
        for a in axes[row, :2]:
            a.axhline(0.5, color="grey", lw=0.8)
            a.set_ylim(-0.02, 1.02)
        axes[row, 0].set_ylabel(f"{side[0]} win (95% CI)")
        axes[row, 1].set_ylabel("first side wins (95% CI)")
        axes[row, 2].set_ylabel("mean turns (95% CI)")
    fig.suptitle(f"Maps and levels: {side[0]} against {side[1]}, heuristic bots", fontsize=10)
    figures.append((save(fig, out, "maps_levels.png"), "Maps and levels",
                    f"{side[0]} (first in the options) against {side[1]}. Left: how often {side[0]} wins; middle: how often "
                    "the side whose character acts first (initiative) wins; right: the length of a battle in turns. "
                    f"The options as given rest on {base_games} battles, the others on {games}; draws at the round "
                    "limit count as neither side winning."))

    # 4. game length
    tc = _merged(runs, index["base"]).turn_counts
    width = 5
    low, top = (min(tc), max(tc)) if tc else (0, 0)
    bins = np.arange(low // width * width, top + width + 1, width)  # from the shortest game to the longest
    n = sum(tc.values())
    cb = np.array([sum(v for t, v in tc.items() if lo <= t < lo + width) for lo in bins[:-1]])
    p = cb / max(1, n)
    ci = np.array([wilson(int(c), n) for c in cb]).reshape(-1, 3)
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar(bins[:-1] + width / 2, p, width * 0.9, yerr=[p - ci[:, 1], ci[:, 2] - p], capsize=3, color="tab:blue", alpha=0.8)
    ax.set_xlabel("turns in the battle (every character's turn)")
    ax.set_ylabel("share of battles (95% CI)")
    ax.set_title(f"Battle length, {side[0]} vs {side[1]} ({n} battles)", fontsize=10)
    figures.append((save(fig, out, "length.png"), "Battle length",
                    f"Turns a battle lasts, in bins of {width}, with each bar's Wilson interval. Mean "
                    f"{mean_text(base_sum['mean_turns'])}, median {base_sum['median_turns']}; the round limit is "
                    f"{base['max_rounds']} rounds."))
    data["length"] = {"turn_counts": {str(k): v for k, v in sorted(tc.items())}}

    # 5. decisions and spells chosen
    counted_run = runs[0]
    kinds = sorted(set(counted_run.per_game), key=lambda k: (k.startswith("cast:"), k))
    per_game = {k: mean_ci(counted_run.per_game_counts(k)) for k in kinds}
    per_game = {k: (m, max(0.0, lo), hi) for k, (m, lo, hi) in per_game.items()}
    by_side = {str(s): dict(sorted(c.items())) for s, c in sorted(counted_run.decisions.items())}
    data["decisions_per_battle"] = per_game
    data["decisions_by_seat"] = by_side
    actions = [k for k in kinds if not k.startswith("cast:")]
    spells = [k for k in kinds if k.startswith("cast:")]
    if kinds:
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(10.5, 0.34 * max(len(actions), len(spells), 4) + 1.8))
        for a, names, colour in ((a1, actions, "tab:blue"), (a2, spells, "tab:orange")):
            if not names:
                a.set_axis_off()
                continue
            m = np.array([per_game[k] for k in names])
            ys = np.arange(len(names))
            a.barh(ys, m[:, 0], xerr=[m[:, 0] - m[:, 1], m[:, 2] - m[:, 0]], capsize=3, color=colour, alpha=0.85)
            a.set_yticks(ys)
            a.set_yticklabels([k.split(":", 1)[-1].replace("_", " ") for k in names], fontsize=9)
            a.invert_yaxis()
            a.set_xlabel("times per battle, both sides (95% CI)")
        a1.set_title("Decisions by kind", fontsize=10)
        a2.set_title("Spells cast", fontsize=10)
        figures.append((save(fig, out, "decisions.png"), "What the bots choose",
                        f"How often each kind of decision and each spell is chosen in a battle (both sides together), "
                        f"over {counted_games} battles of the options as given on the rules engine, heuristic bots. A spell the bots never "
                        "cast is missing; one rarely cast is one the heuristic seldom finds worth a turn (aoo: an attack "
                        "of opportunity taken or declined)."))

    # 6. sweep
    sw = [(v, summary(f"sweep:{v}")) for v in values]
    data["sweep_runs"] = {str(v): s for v, s in sw}
    fig, (a1, a2, a3) = plt.subplots(1, 3, figsize=(10.5, 4))
    xs = np.arange(len(sw))
    errorbars(a1, xs, [s["win_rates"][0] for _, s in sw], fmt="-o")
    errorbars(a2, xs, [s["first_mover"] for _, s in sw], fmt="-o", color="tab:purple")
    errorbars(a3, xs, [s["mean_turns"] for _, s in sw], fmt="-o", color="tab:green")
    for a in (a1, a2):
        a.axhline(0.5, color="grey", lw=0.8)
        a.set_ylim(-0.02, 1.02)
    a1.set_ylabel(f"{side[0]} wins (95% CI)")
    a2.set_ylabel("first side wins (95% CI)")
    a3.set_ylabel("mean turns (95% CI)")
    for a in (a1, a2, a3):
        a.set_xticks(xs)
        a.set_xticklabels([str(v) for v in values], fontsize=9)
        a.set_xlabel(sweep)
    fig.suptitle(f"Sweep over {sweep}: {side[0]} vs {side[1]}, {games} battles per point", fontsize=10)
    figures.append((save(fig, out, "sweep.png"), f"Sweep over {sweep}",
                    f"Heuristic bots, the other options as given, {games} battles per point."))

    # 7. ladder
    ladder_html, data["ladder"] = ladder_section(ladder)
    figures.append(ladder_figure(plt, out, ladder, games, unit="battle"))

    (out / "data.json").write_text(json.dumps(data, indent=1, default=float), encoding="utf-8")

    # the page
    e = html.escape
    findings = [f"{e(side[0])} against {e(side[1])}: {e(side[0])} wins <b>{rate_text(base_sum['win_rates'][0])}</b>, the side "
                f"acting first wins {rate_text(base_sum['first_mover'])} and a battle lasts "
                f"{mean_text(base_sum['mean_turns'])} turns ({base_games} battles)."]
    if duel_pairs:
        best = max(classes, key=lambda c: np.mean([class_score[(c, o)][0] for o in classes if o != c]))
        findings.append(f"Strongest class in a duel: <b>{e(best)}</b> (" + ", ".join(
            f"{rate_text(class_score[(best, o)])} against the {e(o)}" for o in classes if o != best) + ").")
    if party_pairs:
        bestp = max(parties, key=lambda c: np.mean([party_score[(c, o)][0] for o in parties if o != c]))
        findings.append(f"Strongest party: <b>{e(bestp)}</b> (" + ", ".join(
            f"{rate_text(party_score[(bestp, o)])} against the {e(o)}" for o in parties if o != bestp) + ").")
    if spells:
        top = max(spells, key=lambda k: per_game[k][0])
        findings.append(f"The spell cast most: <b>{e(top[5:].replace('_', ' '))}</b>, {mean_text(per_game[top])} times a battle.")
    lead = ladder.ratings[0]
    findings.append(f"Ladder: <b>{e(lead.bot)}</b> leads at {lead.rating:+.0f} ({lead.low:+.0f} to {lead.high:+.0f}) Elo.")
    opt_text = " ".join(f"<b>{e(k)}</b> {e(str(v))}" for k, v in base.items() if v != "")
    total = sum(s[2] for s in specs)
    head = [f"{side[0]} wins (95% CI)", "first side wins (95% CI)", "draws (95% CI)", "mean turns (95% CI)",
            "median turns", "battles"]

    def row(s):
        return [rate_text(s["win_rates"][0]), rate_text(s["first_mover"]), rate_text(s["draw_rate"]),
                mean_text(s["mean_turns"]), s["median_turns"], s["games"]]

    parts = [
        *page_head("Tactics analysis"),
        f"<h1>Tactics: analysis</h1><p>Options: {opt_text}. Every figure is played by the heuristic bot, "
        f"{total} battles in all: <b>{games} battles per point</b> ({base_games} for the options as given) on the "
        f"compiled kernel, which plays the engine's rules and bot decision for decision, and {counted_games} on the "
        "rules engine for the decisions chosen; <code>--games</code> narrows the intervals. Built in "
        f"{time.perf_counter() - t0:.0f} s; every figure is also in <a href='data.json'>data.json</a>.</p>",
        "<h2>Key findings</h2><ul>" + "".join(f"<li>{f}</li>" for f in findings) + "</ul>",
    ]
    if duel_pairs:
        parts += ["<h2>Class against class</h2>",
                  table(["class", "against", "share won (95% CI)"], [[a, b, rate_text(class_score[(a, b)])] for a, b in duel_pairs])]
    if party_pairs:
        parts += ["<h2>Party against party</h2>",
                  table(["party", "against", "share won (95% CI)"], [[a, b, rate_text(party_score[(a, b)])] for a, b in party_pairs])]
    parts += ["<h2>Maps</h2>", table(["map", *head], [[m, *row(s)] for m, s in map_rows]),
              "<h2>Levels</h2>", table(["level", *head], [[lv, *row(s)] for lv, s in level_rows])]
    if kinds:
        parts += ["<h2>Decisions per battle (both sides)</h2>",
                  table(["decision", "times per battle (95% CI)"],
                        [[k.replace("cast:", "spell: ").replace("_", " "), mean_text(per_game[k])] for k in kinds])]
    parts += [f"<h2>Sweep over {e(sweep)}</h2>", table([sweep, *head], [[v, *row(s)] for v, s in sw]),
              "<h2>Bot ladder</h2>", ladder_html]
    for file, title, caption in figures:
        parts.append(figure_html(file, title, caption))
    return write_page(out, parts)


def build_from_cli(options: dict, out: str | Path, **flags) -> Path:
    """``brawl analyze tactics``: the command's flags (:func:`brawl.analysis.common.engine_report_from_cli`),
    then :func:`build_report`."""
    return engine_report_from_cli(build_report, GAMES, DEFAULT_SWEEP, options, out, **flags)
