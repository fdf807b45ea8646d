"""``brawl analyze kniggits``: a report for designers, HTML with PNG plots and ``data.json``.

Every simulated figure is played by the ``heuristic`` bot (its fights at their equilibrium), with
an army of its own where a figure gives one.  Runs the compiled batch kernel plays (:mod:`.batch`:
the engine's rules and bot, decision for decision, hundreds of games a second) get ``games`` games
a point (100 at the defaults); runs of options it does not play (:func:`.batch.unsupported`) go to
the rules engine with a tenth of that (:data:`ENGINE_SHARE`).  Every
simulated figure carries its 95% interval (Wilson for rates, normal for means), and the page says
how many games each rests on; ``--games`` buys narrower intervals with time.

- Armies: armies of one's own (tokens split evenly or weighted to one colour, positions along the
  own edge) played by the heuristic against the heuristic's own pick (the ready-made army it takes),
  half the games in each seat: the points split between figures and tokens, and the colours.
- Advanced rules: each rule turned on (or off) alone; a few big kniggits against many small ones,
  since the rules' powers need 5 tokens of a colour; the rule's own ready-made army against the
  reference; and what the rule does to the first mover's share and the game's length.
- First-mover advantage and game length (the heuristic's own army), with the share of games the
  turn limit decides (rule 33).
- Scenarios and terrain: every scenario on every terrain, mirror matches of every ready-made army
  on the same seeds, so cells differ by their options alone.  (The heuristic alone always takes the
  heavy army, whose two kniggits meet in the open middle of every layout: on its own it plays the
  same games on every terrain.)  The sweep over one option plays the same armies.
- The fight by token counts: exact.  Both hands are shown at once, so a fight is a zero-sum matrix
  game; its payoff is what the blows do to each side's distance from fleeing (the fewest blows
  that leave one colour, :func:`.mechanics.blows_to_flee`), worked out by the rules' own
  :mod:`.combat` functions and solved as a linear programme (SciPy).
- The bot ladder (:mod:`brawl.sim.ladder`).
"""

from __future__ import annotations

import html
import json
import time
from pathlib import Path

from ...analysis.common import (
    check_backend,
    engine_report_from_cli,
    figure_html,
    ladder_bots,
    ladder_figure,
    ladder_section,
    mean_text,
    page_head,
    pyplot,
    rate_text,
    kernel_runs,
    run_engine,
    table,
    write_page,
)
from ...core.game import BrawlError
from .. import make_game
from .analysis_figures import (
    armies_figure,
    median_text,
    scene_findings,
    fight,
    fight_section,
    grid_figure,
    hand_shares,
    length_figure,
    rules_section,
    sweep_figure,
    zero_sum,
)
from .analysis_runs import (
    BIG,
    COLOURS,
    COUNTS,
    DEFAULT_SWEEP,
    GAMES,
    LADDER_BOTS,
    RULE_ARMY,
    RULES,
    SCENARIOS,
    SMALL,
    SWEEPS,
    Army,
    ArmyBot,
    Preset,
    PresetBot,
    _merged,
    _mirror,
    _score,
    _swap,
    army_tokens,
    split,
    summarise,
)
from .geometry import TERRAINS

ENGINE_SHARE = 10  # runs the kernel cannot play get this share of the games a point

__all__ = ["BIG", "COLOURS", "COUNTS", "DEFAULT_SWEEP", "GAMES", "LADDER_BOTS", "RULE_ARMY", "RULES", "SCENARIOS", "SMALL",
           "SWEEPS", "Army", "ArmyBot", "Preset", "PresetBot", "army_tokens", "build_from_cli", "build_report", "fight",
           "hand_shares", "split", "zero_sum"]


def build_report(options: dict, out: str | Path, games: int = GAMES, sweep: str = DEFAULT_SWEEP,
                 bots: tuple[str, ...] | None = None, seed: int = 0, workers: int | None = None,
                 backend: str = "local", address: str | None = None, rules=RULES, scenarios=SCENARIOS,
                 counts=COUNTS, colours=tuple(COLOURS), sweep_values=None, fights: bool = True,
                 terrains=TERRAINS) -> Path:
    """Write ``index.html``, ``data.json`` and the plots into ``out``; returns the page's path.

    ``games`` is the number of games behind each point (the first-mover and length figures get four
    times as many); ``bots`` the ladder's bots (default heuristic and random); ``rules``,
    ``scenarios``, ``terrains``, ``counts`` and ``colours`` choose the rows of the army, rule and
    scenario figures.  The scenario-and-terrain grid and the sweep play mirror matches of every
    ready-made army (:func:`.analysis_runs._mirror`), ``games`` games each."""
    from ...sim.ladder import collect, labels_for, ladder_jobs, rate

    game = make_game("kniggits", options)
    base = game.options_json()
    if sweep not in SWEEPS:
        raise BrawlError(f"--sweep is one of kniggits' options: {', '.join(SWEEPS)}; not {sweep!r}")
    if games < 2:
        raise BrawlError("--games must be at least 2 (half the games with each army in each seat)")
    check_backend(backend)
    ladder_names = ladder_bots("kniggits", game, bots, LADDER_BOTS)
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
        if sc not in SCENARIOS:
            raise BrawlError(f"unknown scenario {sc!r}; scenarios: {', '.join(SCENARIOS)}")
    cells: dict = {}  # (scenario, terrain) -> the ready-made armies played there
    for ter in terrains:
        try:
            make_game("kniggits", dict(base, terrain=ter))
        except BrawlError:
            continue  # a layout too big for this table (rule 3): the table refuses it
        for sc in scenarios:
            cells[(sc, ter)] = _mirror(specs, f"scene:{sc}:{ter}", dict(base, scenario=sc, terrain=ter), games,
                                       seed + 3, index)
    for v, o in zip(values, sweep_opts):
        _mirror(specs, f"sweep:{v}", o, games, seed + 4, index)
    ladder_labels = labels_for(ladder_names)
    ljobs = ladder_jobs(ladder_names, 2, games, seed + 5)
    first_ladder = len(specs)
    for job in ljobs:
        specs.append((battle, job[3], job[5], job[4]))
    fast = kernel_runs("kniggits", specs)
    engine_games = max(2, games // ENGINE_SHARE)
    specs = [sp if k in fast else (sp[0], sp[1], max(1, -(-sp[2] * engine_games // games)), sp[3])
             for k, sp in enumerate(specs)]
    runs = run_engine("kniggits", specs, workers, backend, address)

    def per(*prefixes: str) -> str:
        """The games behind each point of the figure whose runs' keys start so: one number, or the
        kernel's and the engine's ("100 (10 where the engine plays)")."""
        parts = {k for key, ks in index.items() if key.startswith(prefixes) for k, _ in ks}
        kinds = {k in fast for k in parts}
        if kinds == {True} or not parts:
            return str(games)
        if kinds == {False}:
            return str(engine_games)
        return f"{games} ({engine_games} where the engine plays)"
    ladder = rate("kniggits", battle, ladder_labels, ladder_names, games, seed + 5, 2,
                  collect(ladder_labels, ljobs, runs[first_ladder:]))

    def merged(key):
        return _merged(runs, index[key])

    figures: list[tuple[str, str, str]] = []
    data: dict = {"options": base, "games_per_point": games, "engine_games_per_point": engine_games,
                  "first_mover_games": base_games, "seed": seed,
                  "sweep": sweep, "note": "rates are [value, low, high] with 95% intervals"}

    # 1. armies
    army_rows = [(group, label, _score(runs, index["army:" + label])) for group, label, _ in armies]
    data["armies"] = [{"group": g, "army": lab, "score_vs_reference": s,
                       "tokens": list(map(list, f.tokens)) if isinstance(f, Army) else f.preset}
                      for (g, lab, s), (_, _, f) in zip(army_rows, armies)]
    if army_rows:
        figures.append(armies_figure(plt, out, army_rows, points, per("army:"), ref_count))

    # 2. advanced rules
    rule_data, base_bs, base_run, rules_fig = rules_section(plt, out, runs, index, rule_rows, duel, big, small,
                                                             per("bigsmall:"))
    if rules_fig is not None:
        figures.append(rules_fig)
    data["rules"] = rule_data
    data["big_vs_small"] = {"big": big, "small": small, "as_given": _score(runs, index["bigsmall:base"]) if duel else None}

    # 3. first mover; scenarios and terrain
    base_sum = summarise(merged("base"))
    data["first_mover"] = base_sum
    used = [t for t in terrains if any(c[1] == t for c in cells)]
    scene = {c: summarise(merged(f"scene:{c[0]}:{c[1]}")) for c in cells}
    by_army = {(sc, ter, a): summarise(merged(f"scene:{sc}:{ter}|{a}")) for (sc, ter), armies_ in cells.items()
               for a in armies_}
    data["scenarios"] = {sc: {ter: dict(scene[(sc, ter)], by_army={a: by_army[(sc, ter, a)] for a in cells[(sc, ter)]})
                              for ter in used if (sc, ter) in cells} for sc in scenarios}
    if cells:
        army_names = sorted({a for v in cells.values() for a in v}, key=lambda a: (a == "jouster", a))
        figures.append(grid_figure(
            plt, out, "scenarios.png", f"Scenarios and terrain: mirror matches, {per('scene:')} games per army and cell",
            f"Each scenario on each terrain, the heuristic bot on both sides with the same ready-made army, every "
            f"army the options allow in turn ({', '.join(army_names)}; a joust has only the jouster), {per('scene:')} games "
            f"each, half in each seat. Every cell plays the same seeds, so what differs between cells is the "
            f"options' doing, not luck. Left: the first mover's share (the "
            f"winner of the rock-paper-scissors); middle: the length of a game in turns; right: the share of games "
            f"decided at the turn limit ({base['turn_limit']} turns, rule 33) rather than by a rout or an "
            f"objective. The princess and the grail are one rule (rule 38), so they play the same games.",
            list(scenarios), used, scene))
        sc0 = scenarios[0]
        armies0 = next((cells[(sc0, t)] for t in used if (sc0, t) in cells), [])
        figures.append(grid_figure(
            plt, out, "terrain.png", f"Terrain by army: {sc0}, mirror matches, {per(f'scene:{sc0}:')} games per point",
            f"The {sc0} cells of the figure above, army by army: both sides take the same ready-made army. The "
            f"heavy army (two kniggits, the heuristic's own pick) meets in the open middle of every layout, so "
            f"no terrain changes its games (they come out the same on the same seeds); armies of more kniggits "
            f"run into the obstacles (and archers' sight lines, when their rule is on, into the obstacles' "
            f"shadows). {per(f'scene:{sc0}:')} games a point, half in each seat, the same seeds on every terrain.",
            armies0, used, {(a, t): by_army[(sc0, t, a)] for t in used if (sc0, t) in cells for a in cells[(sc0, t)]}))

    # 4. game length
    tc = merged("base").turn_counts
    figures.append(length_figure(plt, out, tc, base["turn_limit"], base_sum))
    data["length"] = {"turn_counts": {str(k): v for k, v in sorted(tc.items())}, "mean": base_sum["mean_turns"],
                      "median": base_sum["median_turns"]}

    # 5. the fight by token counts (exact)
    fight_data: dict = {}
    if fights:
        fight_data, fight_fig = fight_section(plt, out, game.options)
        figures.append(fight_fig)
    data["fight"] = fight_data

    # 6. sweep
    sw = [(v, summarise(merged(f"sweep:{v}"))) for v in values]
    data["sweep_runs"] = {str(v): s for v, s in sw}
    figures.append(sweep_figure(plt, out, sw, values, sweep, per("sweep:")))

    # 7. the ladder
    ladder_html, data["ladder"] = ladder_section(ladder)
    figures.append(ladder_figure(plt, out, ladder, games))

    (out / "data.json").write_text(json.dumps(data, indent=1, default=float), encoding="utf-8")

    # the page
    e = html.escape
    findings = [f"The first mover (who wins the rock-paper-scissors) wins <b>{rate_text(base_sum['first_mover'])}</b> of "
                f"{base_games} heuristic games; a game lasts {mean_text(base_sum['mean_turns'])} turns, and "
                f"{rate_text(base_sum['at_limit'])} of games are decided at the turn limit."]
    if cells:
        findings += scene_findings(scene, by_army, cells, scenarios, used)
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
    if rule_data:
        slow = max(rule_data, key=lambda r: r["at_limit"][0])
        findings.append(f"The rule that leaves most games to the turn limit: <b>{e(slow['rule'].replace('_', ' '))}</b> "
                        f"{'on' if slow['on'] else 'off'}, {rate_text(slow['at_limit'])} of its games.")
    if fight_data:
        findings.append(f"A fight between two 3/3/3 kniggits is worth {abs(fight_data['standard']['value']) if abs(fight_data['standard']['value']) < 5e-10 else fight_data['standard']['value']:+.3f} blows-to-flee "
                        f"to the attacker at the equilibrium (exact); each side loses "
                        f"{fight_data['standard']['attacker_tokens_lost']:.2f} and "
                        f"{fight_data['standard']['defender_tokens_lost']:.2f} tokens an exchange.")
    top = ladder.ratings[0]
    findings.append(f"Ladder: <b>{e(top.bot)}</b> leads at {top.rating:+.0f} ({top.low:+.0f} to {top.high:+.0f}) Elo.")
    opt_text = " ".join(f"<b>{e(k)}</b> {e(str(v))}" for k, v in base.items())
    total_games = sum(s[2] for s in specs)
    head = ["first mover wins (95% CI)", "Red (first seat) wins (95% CI)", "mean turns (95% CI)", "median turns (95% CI)",
            "decided at the turn limit (95% CI)", "games"]

    def row(s):
        return [rate_text(s["first_mover"]), rate_text(s["win_rates"][0]), mean_text(s["mean_turns"]),
                median_text(s["median_ci"]), rate_text(s["at_limit"]), s["games"]]

    parts = [
        *page_head("Kniggits analysis"),
        f"<h1>Kniggits: analysis</h1><p>Options: {opt_text}. Every simulated figure is played by the heuristic "
        f"bot, {total_games} games in all: <b>{games} games per point</b> ({base_games} for the first mover and game "
        f"length) on the compiled kernel, which plays the engine's rules and bot decision for decision, and "
        f"<b>{engine_games}</b> per point on the rules engine where the kernel does not play the options (the advanced "
        f"rules and the scenarios other than battle); <code>--games</code> narrows the intervals. Built in "
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
                         "mean turns (95% CI)", "decided at the turn limit (95% CI)", "games"],
                        ([["as given", rate_text(base_bs), rate_text(base_run["first_mover"]), mean_text(base_run["mean_turns"]),
                           rate_text(base_run["at_limit"]), base_run["games"]]] if duel else [])
                        + [[f"{r['rule'].replace('_', ' ')} {'on' if r['on'] else 'off'}", rate_text(r["big_army_score"]) if duel else "",
                            rate_text(r["first_mover"]), mean_text(r["mean_turns"]), rate_text(r["at_limit"]), r["games"]]
                           for r in rule_data])]
    parts += [f"<h2>First mover and game length ({base['scenario'] if base['scenario'] != 'joust' else 'battle'}, "
              f"the heuristic's own army)</h2>", table(["terrain", *head], [[battle["terrain"], *row(base_sum)]])]
    if cells:
        parts += ["<h2>Scenarios and terrain (mirror matches of every ready-made army)</h2>",
                  table(["scenario", "terrain", *head], [[sc, ter, *row(scene[(sc, ter)])] for sc in scenarios for ter in used
                                                         if (sc, ter) in cells]),
                  f"<h3>By army: {e(scenarios[0])}</h3>",
                  table(["army", "terrain", *head], [[a, ter, *row(by_army[(scenarios[0], ter, a)])] for a in armies0
                                                     for ter in used if (scenarios[0], ter) in cells])]
    if fight_data:
        parts += ["<h2>Fights at the equilibrium (exact)</h2>",
                  table(["attacker m/a/d", "defender m/a/d", "value to the attacker (blows-to-flee)",
                         "attacker's tokens lost", "defender's tokens lost"], fight_data["table"])]
    parts += [f"<h2>Sweep over {e(sweep)} (mirror matches of every ready-made army)</h2>",
              table([sweep, *head], [[v, *row(s)] for v, s in sw]),
              "<h2>Bot ladder</h2>", ladder_html]
    for file, title, caption in figures:
        parts.append(figure_html(file, title, caption))
    return write_page(out, parts)


def build_from_cli(options: dict, out: str | Path, **flags) -> Path:
    """``brawl analyze kniggits``: the command's flags (:func:`brawl.analysis.common.engine_report_from_cli`),
    then :func:`build_report`."""
    return engine_report_from_cli(build_report, GAMES, DEFAULT_SWEEP, options, out, **flags)
