"""``brawl analyze ktog``: a report for game designers, HTML with PNG plots.

Simulated figures come from the batch simulator (:mod:`brawl.games.ktog.batch`, bots ``brute``,
``random`` and ``optimal``) and carry 95% intervals (Wilson for rates, normal for means, per bin
for the length distribution).  Exact figures come from the duel solver (:mod:`brawl.games.ktog.solver`),
used only at small hit points (``exact_hp``, at most :data:`brawl.games.ktog.solver.QUICK_HP`), where it
takes seconds.  How often bots cast each spell is counted by playing the full engine.  Every number
shown is also written to ``data.json`` beside the page.
"""

from __future__ import annotations

import html
import json
import time
from pathlib import Path

import numpy as np

from ...core.game import BrawlError
from .. import make_game
from ...analysis.common import (Z, check_backend, errorbars, figure_html, mean_ci, mean_text, median, page_head, pct, pyplot,
                     rate_text, run_batch, save, table, wilson, write_page)

PLAYERS = list(range(2, 9))
HP_GRID = list(range(1, 26))
SWEEPS: dict[str, list] = {
    "players": PLAYERS,
    "hp": [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30],
    "to_hit": list(range(8, 21, 2)),
    "initiative": ["once", "every_round"],
    "initiative_die": ["d6", "d10"],
    "stand_at_zero": [False, True],
    "fumble_flying": [False, True],
    "cure_touch_roll": [False, True],
    "classes": [False, True],
    "cure_cap": [False, True],
}
EFFECTS: dict[str, list] = {k: SWEEPS[k] for k in ("initiative", "initiative_die", "stand_at_zero", "fumble_flying",
                                                    "cure_touch_roll", "classes", "cure_cap")}
EFFECTS["to_hit"] = [10, 12, 14, 16, 18]
SPELLS = ("haste", "bless", "cure", "mighty_blow", "dodge")


def _seats(bots: tuple[str, ...], n: int) -> list[str]:
    if len(bots) == 1:
        return list(bots) * n
    if len(bots) != n:
        raise BrawlError(f"--bots needs one bot name (for every seat) or {n} names; got {len(bots)}")
    return list(bots)


def _solver_refusal(opts: dict) -> str | None:
    """Why the duel solver cannot give ``opts`` at once (None when it can)."""
    from ...solve import is_quick_or_saved
    from .solver import unsupported

    bad = unsupported(opts)
    if bad:
        return "the duel solver does not cover " + ", ".join(bad)
    if not is_quick_or_saved("ktog", opts):
        return (f"the duel at hp {opts['hp']} takes minutes to solve; solve it once with "
                f"`brawl solve ktog --hp {opts['hp']} --initiative {opts['initiative']}`")
    return None


def _short(r) -> str:
    """A rate with its interval in few characters: ``50.8% (47.7-53.9)``."""
    return f"{100 * r[0]:.1f}% ({100 * r[1]:.1f}-{100 * r[2]:.1f})"


def _summary(r) -> dict:
    n = r.games
    return {"options": r.options, "bots": list(r.bots), "games": n, "wins": list(r.wins), "draws": r.draws,
            "win_rates": [wilson(w, n) for w in r.wins], "draw_rate": wilson(r.draws, n),
            "first_mover": wilson(r.first_mover_wins, n), "mean_turns": mean_ci(r.turn_counts),
            "median_turns": median(r.turn_counts)}


def count_spells(options: dict, bot_specs: list[str], games: int, seed: int, seats: list[int]) -> dict:
    """Play ``games`` games with the full engine and count the spells the players in ``seats``
    cast: ``{spell: (mean casts per player per game, low, high)}`` with 95% intervals."""
    from ...bots import make_bot
    from ...core.sources import SeededDice
    from ...sim.engine import game_seed, play_one

    game = make_game("ktog", options)
    counts = {s: {} for s in SPELLS}
    for i in range(games):
        gs = game_seed(seed, i)
        bots = [make_bot("ktog", name, seed=gs + k + 1, game=game) for k, name in enumerate(bot_specs)]
        dice = SeededDice(gs)
        tally = np.zeros((game.num_players, len(SPELLS)), int)

        def note(seat: int, action: str) -> None:
            spell = "cure" if action.startswith("cure:") else action
            if spell in SPELLS:
                tally[seat, SPELLS.index(spell)] += 1

        play_one(game, bots, dice, on_decision=note)
        for s in seats:
            for j, name in enumerate(SPELLS):
                c = int(tally[s, j])
                counts[name][c] = counts[name].get(c, 0) + 1
    out = {}
    for name in SPELLS:
        m, lo, hi = mean_ci(counts[name])
        out[name] = (m, max(0.0, lo), min(2.0 if name == "haste" else 1.0, hi))  # a player has 2 Hastes, 1 of the rest
    return out


def build_report(options: dict, out: str | Path, games: int = 100_000, sweep: str = "hp",
                 bots: tuple[str, ...] = ("brute",), seed: int = 0, workers: int | None = None,
                 backend: str = "local", address: str | None = None, exact_hp: int = 5,
                 spell_games: int = 1000) -> Path:
    """Write ``index.html``, ``data.json`` and the plots into ``out``; returns the page's path.

    ``bots`` is one name for every seat or one per seat; ``exact_hp`` the largest hit points for
    the exact duel figures (0: none); ``spell_games`` the engine games for the spell counts (0: none)."""
    from ...solve import solve
    from .batch import POLICIES
    from .solver import QUICK_HP as QUICK_KTOG_HP

    game = make_game("ktog", options)
    base = game.options_json()
    n = base["players"]
    if sweep not in SWEEPS:
        raise BrawlError(f"--sweep is one of ktog's options: {', '.join(SWEEPS)}; not {sweep!r}")
    bots = tuple(bots)
    for b in bots:
        if b not in POLICIES:
            raise BrawlError(f"the report simulates the reference bots {', '.join(POLICIES)}; not {b!r}")
    if sweep == "players" and len(bots) != 1:
        raise BrawlError("--sweep players needs one bot name for every seat, e.g. --bots brute")
    seats_base = _seats(bots, n)
    if games < 1000:
        raise BrawlError("--games must be at least 1000 for useful intervals")
    if not 0 <= exact_hp <= QUICK_KTOG_HP:
        raise BrawlError(f"--exact-hp is 0 (no exact figures) to {QUICK_KTOG_HP}; larger duels take minutes to solve")
    if spell_games < 0:
        raise BrawlError("--spell-games must be 0 or more")
    check_backend(backend)
    sweep_runs = []
    for v in SWEEPS[sweep]:
        o = make_game("ktog", dict(base, **{sweep: v})).options_json()
        s = _seats(bots, o["players"])
        if "optimal" in s:
            why = _solver_refusal(o)
            if why:
                raise BrawlError(f"the optimal bot cannot play {sweep}={v}: {why}")
        sweep_runs.append((v, o, s))
    # the exact duel figures need the solver's options (apart from hp and players)
    duel = dict(base, players=2)
    exact_hps = list(range(1, exact_hp + 1))
    exact_why = _solver_refusal(dict(duel, hp=1)) if exact_hps else "exact figures were turned off (--exact-hp 0)"
    if exact_why:
        exact_hps = []

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    plt = pyplot()
    t0 = time.perf_counter()
    sim_games = max(1000, games // 4)

    # every simulation of the report, run as one batch (one Ray sweep with --backend ray)
    specs: list = []
    index: dict[str, list[int]] = {}

    def add(key: str, opts: dict, seats: list[str], count: int, s: int) -> None:
        index.setdefault(key, []).append(len(specs))
        specs.append((opts, seats, count, s))

    for p in PLAYERS:
        add("players", dict(base, players=p), ["brute"] * p, sim_games, seed)
    for h in HP_GRID:
        add("hp", dict(duel, hp=h), ["brute", "brute"], sim_games, seed + 1)
    for h in exact_hps:
        add("hp_optimal", dict(duel, hp=h), ["optimal", "optimal"], sim_games, seed + 2)
        add("spell_value", dict(duel, hp=h), ["optimal", "brute"], sim_games, seed + 3)
        add("spell_value", dict(duel, hp=h), ["brute", "optimal"], sim_games, seed + 3)
    effect_rows = [(k, v) for k, values in EFFECTS.items() for v in values]
    for k, v in effect_rows:
        for b in ("brute", "random"):
            add("effects", dict(base, **{k: v}), [b] * n, sim_games, seed + 4)
    length_sets = [["brute"] * n, ["random"] * n, ["brute"] + ["random"] * (n - 1)]
    if n == 2 and _solver_refusal(base) is None:
        length_sets.append(["optimal", "optimal"])
    if seats_base not in length_sets:
        length_sets.append(seats_base)
    for s in length_sets:
        add("lengths", base, s, games, seed + 5)
    for v, o, s in sweep_runs:
        add("sweep", o, s, sim_games, seed + 6)
    results = run_batch("ktog", specs, workers, backend, address)
    res = {k: [_summary(results[i]) for i in idx] for k, idx in index.items()}
    raw = {k: [results[i] for i in idx] for k, idx in index.items()}
    exact = {h: solve("ktog", dict(duel, hp=h)).first_mover_win for h in exact_hps}

    figures: list[tuple[str, str, str]] = []

    # 1. first-mover advantage by number of players
    fm_players = [r["first_mover"] for r in res["players"]]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    errorbars(ax, PLAYERS, fm_players, fmt="-o", color="tab:blue", label="first mover wins (brute play, 95% CI)")
    ax.plot(PLAYERS, [1 / p for p in PLAYERS], "--", color="grey", label="fair share: 1 / players")
    ax.set_xlabel("players")
    ax.set_ylabel("first mover's win probability")
    ax.set_xticks(PLAYERS)
    ax.legend(fontsize=8)
    ax.set_title(f"First-mover advantage by number of players (hp {base['hp']})")
    fm_excess = [fm[0] * p for fm, p in zip(fm_players, PLAYERS)]
    figures.append((save(fig, out, "first_mover_players.png"), "First-mover advantage by number of players",
                    f"Every player plays brute (attack the weakest opponent, never cast), {sim_games:,} games per point. "
                    "The dashed line is what the first mover would win if going first were worth nothing. "
                    f"Going first multiplies the winning chance by {fm_excess[0]:.2f} with 2 players and by "
                    f"{fm_excess[-1]:.2f} with {PLAYERS[-1]} (1.00 would mean going first is worth nothing). "
                    "A likely reason: under brute play everyone hits the weakest player, so whoever takes the first blow "
                    "tends to be the next target, and the first mover seldom is."))

    # 2. first-mover advantage by hit points, duel
    fm_hp = [r["first_mover"] for r in res["hp"]]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    errorbars(ax, HP_GRID, fm_hp, fmt="--s", ms=3, color="tab:blue", alpha=0.8,
              label="brute vs brute (simulated, 95% CI)")
    if exact_hps:
        ax.plot(exact_hps, [exact[h] for h in exact_hps], "-o", color="tab:red", label="optimal play (exact)")
        errorbars(ax, exact_hps, [r["first_mover"] for r in res["hp_optimal"]], fmt="none", color="tab:orange",
                  label="optimal vs optimal (simulated, 95% CI)")
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.set_xlabel("starting hit points")
    ax.set_ylabel("first mover's win probability")
    ax.set_xticks(HP_GRID)
    ax.legend(fontsize=8)
    ax.set_title("First-mover advantage in the duel by hit points")
    exact_caption = (f"The solid line is the exact value when both play perfectly (hit points 1 to {exact_hp}; "
                     "the orange bars are simulated games of the solved policy, which must cover it)."
                     if exact_hps else f"No exact line: {exact_why}.")
    figures.append((save(fig, out, "first_mover_hp.png"), "First-mover advantage by hit points",
                    f"Two players, {sim_games:,} games per point. {exact_caption} With few hit points one lucky "
                    "blow decides, so going first matters most; with more the dice even out."))

    # 3. the effect of each option
    eff = res["effects"]
    labels = [f"{k}={v}" + (" (as given)" if base[k] == v else "") for k, v in effect_rows]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 0.35 * len(labels) + 1.5), sharey=True)
    ys = np.arange(len(labels))
    for j, (b, colour) in enumerate((("brute", "tab:blue"), ("random", "tab:orange"))):
        rows = eff[j::2]
        off = ys + (0.15 if j else -0.15)
        p = np.array([r["first_mover"] for r in rows])
        a1.errorbar(p[:, 0], off, xerr=[p[:, 0] - p[:, 1], p[:, 2] - p[:, 0]], fmt="o", ms=3, capsize=2,
                    color=colour, label=f"all {b}")
        m = np.array([r["mean_turns"] for r in rows])
        a2.errorbar(m[:, 0], off, xerr=[m[:, 0] - m[:, 1], m[:, 2] - m[:, 0]], fmt="o", ms=3, capsize=2,
                    color=colour, label=f"all {b}")
    group = 0
    for i in range(len(effect_rows)):
        if i and effect_rows[i][0] != effect_rows[i - 1][0]:
            group += 1
        if group % 2:  # every other option on a grey band, to keep its rows together
            for a in (a1, a2):
                a.axhspan(i - 0.5, i + 0.5, color="0.93", zorder=0)
    a1.axvline(1 / n, color="grey", lw=0.8)
    a1.set_yticks(ys)
    a1.set_yticklabels(labels, fontsize=8)
    a1.invert_yaxis()
    a1.set_xlabel("first mover's win probability (95% CI)")
    a2.set_xlabel("mean turns per game (95% CI)")
    a1.legend(fontsize=8)
    fig.suptitle(f"Each option changed alone ({n} players, hp {base['hp']}, {sim_games:,} games per point)")
    figures.append((save(fig, out, "options.png"), "The effect of each option",
                    "Each row changes one option from the set-up given and keeps the rest. Blue: every player brute; "
                    "orange: every player random (casts, cures and disarms at random). Brute never casts, so Cure's "
                    "options cannot move its figures, and it picks magic-user under classes; random picks fighter "
                    "half the time. The grey line is the fair share. Options that move the game length a lot "
                    "change the feel of the game; options that move the first mover's share change its fairness."))

    # 4. game-length distribution
    fig, ax = plt.subplots(figsize=(8, 4.5))
    xmax = 1
    for r, s in zip(raw["lengths"], length_sets):
        turns = np.array(sorted(r.turn_counts))
        counts = np.array([r.turn_counts[t] for t in turns])
        p = counts / r.games
        ax.errorbar(turns, p, yerr=Z * np.sqrt(p * (1 - p) / r.games), fmt="-", lw=1, capsize=1,
                    label=" vs ".join(s) if len(set(s)) > 1 else f"all {s[0]}")
        xmax = max(xmax, int(turns[np.searchsorted(np.cumsum(counts), 0.995 * r.games)]))
    ax.set_xlim(0, xmax + 1)
    ax.set_xlabel("turns in the game (all players' turns together)")
    ax.set_ylabel("share of games (95% CI per bar)")
    ax.legend(fontsize=8)
    ax.set_title(f"Game length ({n} players, hp {base['hp']}, {games:,} games per line)")
    figures.append((save(fig, out, "length.png"), "Game length",
                    "How many turns a game lasts, counting every player's turn. The spread shows how long a "
                    "table should plan for: the median is in the table above, the long tail here."))

    # 5. the value of spells
    spells_data: dict = {}
    if spell_games:
        spells_data["heuristic"] = count_spells(base, ["heuristic"] * n, spell_games, seed + 7, list(range(n)))
        if exact_hps:
            spells_data["optimal"] = count_spells(dict(duel, hp=exact_hps[-1]), ["optimal", "brute"],
                                                  max(1, spell_games // 4), seed + 8, [0])
    optimal_vs_brute = []
    for k, h in enumerate(exact_hps):
        r1, r2 = raw["spell_value"][2 * k], raw["spell_value"][2 * k + 1]
        optimal_vs_brute.append(wilson(r1.wins[0] + r2.wins[1], r1.games + r2.games))
    if exact_hps or spells_data:
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 4.5))
        if exact_hps:
            errorbars(a1, exact_hps, optimal_vs_brute, fmt="-o", color="tab:purple")
            a1.axhline(0.5, color="grey", lw=0.8)
            a1.set_xticks(exact_hps)
        a1.set_xlabel("starting hit points (duel)")
        a1.set_ylabel("optimal's win probability against brute (95% CI)")
        a1.set_title("What spells and disarming are worth")
        width = 0.8 / max(1, len(spells_data))
        for j, (who, d) in enumerate(spells_data.items()):
            xs = np.arange(len(SPELLS)) + (j - (len(spells_data) - 1) / 2) * width
            m = np.array([d[s] for s in SPELLS])
            a2.bar(xs, m[:, 0], width, yerr=[m[:, 0] - m[:, 1], m[:, 2] - m[:, 0]], capsize=3,
                   label=(f"heuristic ({n} players, hp {base['hp']})" if who == "heuristic"
                          else f"optimal against brute (duel, hp {exact_hps[-1]})"))
        a2.set_xticks(np.arange(len(SPELLS)))
        a2.set_xticklabels(SPELLS)
        a2.set_ylabel("casts per player per game (95% CI)")
        a2.set_title("How often each spell is cast")
        if spells_data:
            a2.legend(fontsize=8)
        figures.append((save(fig, out, "spells.png"), "The value of spells",
                        "Left: the solved policy (casting, disarming, curing at the best moments) against brute, "
                        f"which only attacks; {2 * sim_games:,} duels per point, half with each seating. The gap "
                        "above 50% is what the spells and the disarm are worth to a player who uses them well. "
                        f"Right: spells cast per player per game, counted over {spell_games:,} full-engine games "
                        "for the heuristic bot (and a quarter as many for the optimal one); Haste can be cast "
                        "twice, every other spell once. A spell rarely cast is one players save for a moment "
                        "that seldom comes."))

    # 6. the sweep
    sw = res["sweep"]
    values = SWEEPS[sweep]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4))
    xs = np.arange(len(values))
    errorbars(a1, xs, [r["first_mover"] for r in sw], fmt="-o")
    a1.plot(xs, [1 / o["players"] for _, o, _ in sweep_runs], "--", color="grey", lw=0.8)
    a1.set_ylabel("first mover wins (95% CI)")
    errorbars(a2, xs, [r["mean_turns"] for r in sw], fmt="-o", color="tab:green")
    a2.set_ylabel("mean turns (95% CI)")
    for a in (a1, a2):
        a.set_xticks(xs)
        a.set_xticklabels([str(v) for v in values])
        a.set_xlabel(sweep)
    who = " vs ".join(bots) if len(bots) > 1 else f"all {bots[0]}"
    fig.suptitle(f"Sweep over {sweep}: {who}, {sim_games:,} games per point")
    figures.append((save(fig, out, "sweep.png"), f"Sweep over {sweep}",
                    f"{who}, the other options as given. Left: the first mover's share (grey: the fair share); "
                    "right: the mean length of a game in turns."))

    # data.json: every figure of the page
    data = {"options": base, "games": games, "sim_games": sim_games, "seed": seed, "bots": list(bots),
            "sweep": sweep, "runs": res, "exact_first_mover": {str(h): v for h, v in exact.items()},
            "optimal_vs_brute": {str(h): v for h, v in zip(exact_hps, optimal_vs_brute)},
            "spells": spells_data}
    (out / "data.json").write_text(json.dumps(data, indent=1), encoding="utf-8")

    # the page
    e = html.escape
    two = res["players"][0]
    big = res["players"][-1]
    opt_text = " ".join(f"<b>{e(k)}</b> {e(str(v))}" for k, v in base.items())
    findings = []
    if base["hp"] <= HP_GRID[-1]:
        findings.append(f"In a brute duel at {base['hp']} hit points the first mover wins "
                        f"<b>{rate_text(res['hp'][base['hp'] - 1]['first_mover'])}</b>.")
    findings.append(f"With {PLAYERS[-1]} players the first mover wins {rate_text(big['first_mover'])} against a fair "
                    f"share of {pct(1 / PLAYERS[-1])}; with 2 players {rate_text(two['first_mover'])}.")
    if exact_hps:
        findings.append(f"Under perfect play the duel's first mover wins {pct(exact[exact_hps[-1]])} at "
                        f"{exact_hps[-1]} hit points and {pct(exact[1])} at 1 (exact).")
        findings.append(f"Spells and disarming well used: the solved policy beats brute in "
                        f"{rate_text(optimal_vs_brute[-1])} of duels at {exact_hps[-1]} hit points.")
    # compare with the set-up as given, played with the same dice (the first "as given" row)
    given = next(eff[2 * i] for i, (k, v) in enumerate(effect_rows) if base[k] == v)

    def biggest(measure: str, noun: str, fmt) -> str:
        k = max(range(len(effect_rows)), key=lambda i: abs(eff[2 * i][measure][0] - given[measure][0]))
        r = eff[2 * k][measure]
        g = given[measure]
        if r[1] <= g[2] and g[1] <= r[2]:
            return f"No option changes the {noun} under brute play beyond the simulation's noise."
        return (f"Under brute play, the option that changes the {noun} most is <b>{e(labels[k])}</b>: "
                f"{fmt(r)} against {fmt(g)} as given.")

    findings.append(biggest("mean_turns", "mean game length in turns", mean_text))
    findings.append(biggest("first_mover", "first mover's share", rate_text))

    def run_rows(rows, first):
        return [[*first(i), rate_text(r["first_mover"]), " / ".join(_short(w) for w in r["win_rates"]),
                 mean_text(r["mean_turns"]), r["median_turns"]] for i, r in enumerate(rows)]

    head = ["first mover wins (95% CI)", "each seat's wins (95% CI)", "mean turns (95% CI)", "median turns"]
    parts = [
        *page_head("KtOG analysis"),
        f"<h1>KtOG: analysis</h1><p>Options: {opt_text}. Bots for the sweep: {e(who)}. "
        f"Rules as the KtOG rules page reads them (<code>brawl rules ktog</code>). Built in {time.perf_counter() - t0:.1f} s; every figure is also in "
        "<a href='data.json'>data.json</a>.</p>",
        "<h2>Key findings</h2><ul>" + "".join(f"<li>{f}</li>" for f in findings) + "</ul>",
        "<h2>First-mover advantage by number of players (brute)</h2>",
        table(["players", "fair share", *head], run_rows(res["players"], lambda i: (PLAYERS[i], pct(1 / PLAYERS[i])))),
        "<h2>First-mover advantage in the duel by hit points</h2>",
        table(["hp", "exact, optimal play", "optimal vs optimal (95% CI)", "brute vs brute (95% CI)", "mean turns, brute (95% CI)"],
              [[h, pct(exact[h]) if h in exact else "",
                rate_text(res["hp_optimal"][exact_hps.index(h)]["first_mover"]) if h in exact else "",
                rate_text(r["first_mover"]), mean_text(r["mean_turns"])] for h, r in zip(HP_GRID, res["hp"])]),
        "<h2>Each option changed alone</h2>",
        table(["option", "bots", *head],
              run_rows(eff, lambda i: (labels[i // 2], "all brute" if i % 2 == 0 else "all random"))),
        "<h2>Game length and results by bots</h2>",
        table(["bots", *head], run_rows(res["lengths"], lambda i: (" vs ".join(length_sets[i]),))),
    ]
    if exact_hps:
        parts.append("<h2>Optimal against brute</h2>")
        parts.append(table(["hp", "optimal wins (95% CI)"], [[h, rate_text(v)] for h, v in zip(exact_hps, optimal_vs_brute)]))
    if spells_data:
        parts.append("<h2>Spells cast per player per game</h2>")
        parts.append(table(["bot", *SPELLS], [[who_, *(mean_text(d[s]) for s in SPELLS)] for who_, d in spells_data.items()]))
    parts.append(f"<h2>Sweep over {e(sweep)}</h2>")
    parts.append(table([sweep, *head], run_rows(sw, lambda i: (values[i],))))
    for file, title, caption in figures:
        parts.append(figure_html(file, title, caption))
    return write_page(out, parts)


def build_from_cli(options: dict, out: str | Path, *, sweep: str, bots: str | None, games: int | None, seed: int,
                   workers: int | None, backend: str, address: str | None, exact_hp: int, spell_games: int) -> Path:
    """``brawl analyze ktog``: the command's flags, then :func:`build_report`."""
    names = tuple(b.strip() for b in (bots or "brute").split(","))
    return build_report(options, out, games=games or 100_000, sweep=sweep, bots=names, seed=seed, workers=workers,
                        backend=backend, address=address, exact_hp=exact_hp, spell_games=spell_games)
