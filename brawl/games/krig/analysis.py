"""``brawl analyze krig``: a report for game designers, HTML with PNG plots.

Exact figures come from the solver (:mod:`brawl.solve`); simulated ones from the batch simulator
(:mod:`brawl.games.krig.batch`) and carry 95% confidence intervals (Wilson for rates, normal for
means, per bin for the length distribution).
"""

from __future__ import annotations

import html
import time
from pathlib import Path

import numpy as np

from ...core.game import BrawlError
from .. import make_game
from ...analysis.common import Z, mean_ci, page_head, pct as _pct, pyplot, run_batch, wilson, write_page

__all__ = ["Z", "build_report", "mean_ci", "run_all", "wilson"]

def run_all(specs: list, workers: int | None = None, backend: str = "local", address: str | None = None) -> list:
    """Batch runs ``(options, bots, games, seed)``: here, or all at once on a Ray cluster."""
    return run_batch("krig", specs, workers, backend, address)


def build_report(options: dict, out: str | Path, games: int = 200_000, sweep: str = "hp",
                 bots: tuple[str, str] = ("optimal", "optimal"), seed: int = 0, workers: int | None = None,
                 backend: str = "local", address: str | None = None) -> Path:
    """Write ``index.html`` and its plots into ``out``; returns the path of the page.  Simulations
    run here or, with ``backend="ray"``, as one sweep on a Ray cluster."""
    plt = pyplot()
    import matplotlib

    from ...solve import solve
    from .batch import POLICIES

    game = make_game("krig", options)
    opts = game.options_json()
    if sweep not in ("hp", "edition"):
        raise BrawlError(f"--sweep is one of krig's options: hp or edition, not {sweep!r}")
    for b in bots:
        if b not in POLICIES:
            raise BrawlError(f"the report simulates the reference bots {', '.join(POLICIES)}; not {b!r}")
    if games < 1000:
        raise BrawlError("--games must be at least 1000 for useful intervals")
    if backend not in ("local", "ray"):
        raise BrawlError(f"unknown backend {backend!r}; use local or ray")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    editions = ("author", "article")
    hps = list(range(1, 21))
    figures: list[tuple[str, str, str]] = []  # (file, title, caption)

    # 1. first-mover advantage by edition and hit points: exact (optimal) and simulated (attacker)
    exact = {e: [solve("krig", {"edition": e, "hp": h}).first_mover_win for h in hps] for e in editions}
    sim_games = max(1000, games // 4)
    grid = [({"edition": e, "hp": h}, ["attacker", "attacker"], sim_games, seed) for e in editions for h in hps]
    pairs = list(dict.fromkeys([("attacker", "attacker"), ("optimal", "optimal"), ("random", "random"), tuple(bots)]))
    lengths = [(opts, list(pair), games, seed + 1) for pair in pairs]
    values = hps if sweep == "hp" else list(editions)
    sweeps = [(dict(opts, **{sweep: v}), list(bots), sim_games, seed + 2) for v in values]
    results = run_all(grid + lengths + sweeps, workers, backend, address)
    grid_res, length_res, sweep_res = (results[:len(grid)], results[len(grid):len(grid) + len(lengths)],
                                       results[len(grid) + len(lengths):])
    simulated = {e: [wilson(r.first_mover_wins, r.games) for r in grid_res[i * len(hps):(i + 1) * len(hps)]]
                 for i, e in enumerate(editions)}
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for e, colour in zip(editions, ("tab:blue", "tab:orange")):
        ax.plot(hps, exact[e], "-o", color=colour, ms=4, label=f"{e}: optimal play (exact)")
        p = np.array(simulated[e])
        ax.errorbar(hps, p[:, 0], yerr=[p[:, 0] - p[:, 1], p[:, 2] - p[:, 0]], fmt="--s", color=colour, ms=3,
                    alpha=0.7, capsize=2, label=f"{e}: attacker vs attacker (simulated, 95% CI)")
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.set_xlabel("starting hit points")
    ax.set_ylabel("first mover's win probability")
    ax.set_xticks(hps)
    ax.legend(fontsize=8)
    ax.set_title("First-mover advantage by edition and hit points")
    fig.tight_layout()
    fig.savefig(out / "first_mover.png", dpi=110)
    plt.close(fig)
    figures.append(("first_mover.png", "First-mover advantage",
                    "Solid: the first mover's exact win probability when both sides play perfectly. Dashed: "
                    f"both players always attack, {sim_games:,} simulated games per point with 95% intervals (the attacker "
                    "never charges, so the two editions coincide there)."))

    # 2. the value of each action by state, from the solver
    sol = solve("krig", opts)
    H = opts["hp"]
    from . import solver as K

    art = opts["edition"] == "article"
    q = np.full((3, H, H), np.nan)
    for hm in range(1, H + 1):
        for ho in range(1, H + 1):
            q[0, hm - 1, ho - 1] = K.q_attack(sol.value, hm, ho, 0, 0, 0, 0, art)
            q[1, hm - 1, ho - 1] = K.q_defend(sol.value, hm, ho, 0, 0, 0, 0)
            q[2, hm - 1, ho - 1] = K.q_charge(sol.value, hm, ho, 0, 0, 0, 0, art)
    fig, axes = plt.subplots(1, 4, figsize=(15, 4))
    names = ("attack", "defend", "charge")
    for i in range(3):
        im = axes[i].imshow(q[i], origin="lower", extent=(0.5, H + 0.5, 0.5, H + 0.5), vmin=0, vmax=1, cmap="viridis")
        axes[i].set_title(f"win probability after {names[i]}")
        axes[i].set_xlabel("opponent's hit points")
        axes[i].set_ylabel("own hit points")
    fig.colorbar(im, ax=axes[2], fraction=0.046)
    best = np.argmax(q, axis=0)
    cmap = matplotlib.colors.ListedColormap(["tab:red", "tab:green", "tab:purple"])
    axes[3].imshow(best, origin="lower", extent=(0.5, H + 0.5, 0.5, H + 0.5), cmap=cmap, vmin=0, vmax=2)
    axes[3].set_title("best: red attack, green defend,\npurple charge", fontsize=9)
    axes[3].set_xlabel("opponent's hit points")
    axes[3].set_ylabel("own hit points")
    fig.suptitle(f"Value of each action on turn, nobody defending or charging ({opts['edition']}, hp {H})")
    fig.tight_layout()
    fig.savefig(out / "action_values.png", dpi=100)
    plt.close(fig)
    figures.append(("action_values.png", "The value of each action",
                    "Exact win probability of the player on turn after each action, for every pair of hit points, "
                    "with neither player defending or charging; the right panel shows the best choice."))

    # parry or take, by attack d6 and own defense
    fig, ax = plt.subplots(figsize=(7, 4))
    gain = np.zeros((6, 9))
    for b in range(1, 7):
        for do in range(9):
            take = K.take_value(sol.value, H, H, 0, do, 0, 0, b)
            par = K.parry_value(sol.value, H, H, 0, do, 0, 0, b)
            gain[b - 1, do] = take - par  # the defender's gain from parrying
    im = ax.imshow(gain, origin="lower", extent=(-0.5, 8.5, 0.5, 6.5), cmap="coolwarm",
                   vmin=-abs(gain).max(), vmax=abs(gain).max(), aspect="auto")
    ax.set_xlabel("defender's active defense")
    ax.set_ylabel("attack d6")
    ax.set_title(f"Defender's gain in win probability from parrying (both at {H} hp)")
    fig.colorbar(im, ax=ax)
    fig.tight_layout()
    fig.savefig(out / "parry.png", dpi=110)
    plt.close(fig)
    figures.append(("parry.png", "When to parry",
                    "Blue: parrying is better than taking the blow; red: taking it is better. Both players at full hit points, "
                    "the attacker without defense."))

    # 3. game-length distribution
    length_rows = []
    xmax = 1
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for pair, r in zip(pairs, length_res):
        turns = np.array(sorted(r.turn_counts))
        counts = np.array([r.turn_counts[t] for t in turns])
        p = counts / r.games
        half = Z * np.sqrt(p * (1 - p) / r.games)
        ax.errorbar(turns, p, yerr=half, fmt="-", lw=1, capsize=1, label=f"{pair[0]} vs {pair[1]}")
        m, lo, hi = mean_ci(r.turn_counts)
        xmax = max(xmax, int(turns[np.searchsorted(np.cumsum(counts), 0.995 * r.games)]))
        med = int(np.searchsorted(np.cumsum(counts), r.games / 2) + turns[0]) if len(turns) else 0
        length_rows.append((f"{pair[0]} vs {pair[1]}", m, lo, hi, med, wilson(r.first_mover_wins, r.games), wilson(r.wins[0], r.games)))
    ax.set_xlabel("turns in the game")
    ax.set_ylabel("share of games (95% CI per bar)")
    ax.set_xlim(0, xmax + 1)
    ax.legend(fontsize=8)
    ax.set_title(f"Game length ({opts['edition']}, hp {H}, {games:,} games per pair)")
    fig.tight_layout()
    fig.savefig(out / "length.png", dpi=110)
    plt.close(fig)
    figures.append(("length.png", "Game length", "How many turns a game lasts, by pair of bots."))

    # 4. a sweep over one option
    sweep_rows = []
    for v, r in zip(values, sweep_res):
        sweep_rows.append((v, wilson(r.first_mover_wins, r.games), wilson(r.wins[0], r.games), mean_ci(r.turn_counts)))
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4))
    xs = np.arange(len(values))
    fm = np.array([row[1] for row in sweep_rows])
    a1.errorbar(xs, fm[:, 0], yerr=[fm[:, 0] - fm[:, 1], fm[:, 2] - fm[:, 0]], fmt="-o", capsize=3)
    a1.axhline(0.5, color="grey", lw=0.8)
    a1.set_ylabel("first mover wins (95% CI)")
    ml = np.array([row[3] for row in sweep_rows])
    a2.errorbar(xs, ml[:, 0], yerr=[ml[:, 0] - ml[:, 1], ml[:, 2] - ml[:, 0]], fmt="-o", capsize=3, color="tab:green")
    a2.set_ylabel("mean turns (95% CI)")
    for a in (a1, a2):
        a.set_xticks(xs)
        a.set_xticklabels([str(v) for v in values])
        a.set_xlabel(sweep)
    fig.suptitle(f"Sweep over {sweep}: {bots[0]} vs {bots[1]}, {sim_games:,} games per point")
    fig.tight_layout()
    fig.savefig(out / "sweep.png", dpi=110)
    plt.close(fig)
    figures.append(("sweep.png", f"Sweep over {sweep}", f"{bots[0]} (seat 1) against {bots[1]} (seat 2), other options as given."))

    # the page
    from .rules import KrigState

    opening = sol.action_values(KrigState(hp=(H, H), phase="turn"), 0)
    best_open = max(opening, key=opening.get)
    e = html.escape
    parts = [
        *page_head("Krig analysis"),
        f"<h1>Krig: analysis</h1><p>Options: edition <b>{e(opts['edition'])}</b>, hit points <b>{H}</b>. "
        f"Rules as the Krig rules page reads them (<code>brawl rules krig</code>). Built in {time.perf_counter() - t0:.1f} s.</p>",
        "<h2>Key findings</h2><ul>",
        f"<li>Under perfect play the first mover wins <b>{_pct(sol.first_mover_win)}</b> "
        f"(exact; author {_pct(exact['author'][H - 1])}, article {_pct(exact['article'][H - 1])}).</li>",
        f"<li>The best opening is <b>{e(best_open)}</b>: " + ", ".join(f"{e(a)} {_pct(v)}" for a, v in opening.items()) + ".</li>",
        f"<li>With fewer hit points the first move matters more: at 1 hit point the first mover wins {_pct(exact[opts['edition']][0])}.</li>",
        "</ul>",
        "<h2>First-mover advantage, exact and simulated</h2><table><tr><th>hp</th>"
        + "".join(f"<th>{ed} exact</th><th>{ed} attackers (95% CI)</th>" for ed in editions) + "</tr>",
    ]
    for i, h in enumerate(hps):
        parts.append(f"<tr><td>{h}</td>" + "".join(
            f"<td>{_pct(exact[ed][i])}</td><td>{_pct(simulated[ed][i][0])} ({_pct(simulated[ed][i][1])} to {_pct(simulated[ed][i][2])})</td>"
            for ed in editions) + "</tr>")
    parts.append("</table>")
    parts.append("<h2>Game length and results by pair of bots</h2><table><tr><th>bots</th><th>mean turns (95% CI)</th>"
                 "<th>median</th><th>first mover wins (95% CI)</th><th>seat 1 wins (95% CI)</th></tr>")
    for name, m, lo, hi, med, fmw, w0 in length_rows:
        parts.append(f"<tr><td>{e(name)}</td><td>{m:.2f} ({lo:.2f} to {hi:.2f})</td><td>{med}</td>"
                     f"<td>{_pct(fmw[0])} ({_pct(fmw[1])} to {_pct(fmw[2])})</td><td>{_pct(w0[0])} ({_pct(w0[1])} to {_pct(w0[2])})</td></tr>")
    parts.append("</table>")
    parts.append(f"<h2>Sweep over {e(sweep)}</h2><table><tr><th>{e(sweep)}</th><th>first mover wins (95% CI)</th>"
                 "<th>seat 1 wins (95% CI)</th><th>mean turns (95% CI)</th></tr>")
    for v, fmw, w0, ml_ in sweep_rows:
        parts.append(f"<tr><td>{e(str(v))}</td><td>{_pct(fmw[0])} ({_pct(fmw[1])} to {_pct(fmw[2])})</td>"
                     f"<td>{_pct(w0[0])} ({_pct(w0[1])} to {_pct(w0[2])})</td><td>{ml_[0]:.2f} ({ml_[1]:.2f} to {ml_[2]:.2f})</td></tr>")
    parts.append("</table>")
    for file, title, caption in figures:
        parts.append(f"<h2>{e(title)}</h2><img src='{file}' alt='{e(title)}'><p>{e(caption)}</p>")
    return write_page(out, parts)


def build_from_cli(options: dict, out: str | Path, *, sweep: str, bots: str | None, games: int | None, seed: int,
                   workers: int | None, backend: str, address: str | None, exact_hp: int, spell_games: int) -> Path:
    """``brawl analyze krig``: the command's flags checked, then :func:`build_report`."""
    if exact_hp != 5 or spell_games != 1000:
        raise BrawlError("--exact-hp and --spell-games are ktog options")
    pair = tuple(b.strip() for b in (bots or "optimal,optimal").split(","))
    if len(pair) != 2:
        raise BrawlError("--bots needs two bot names, e.g. optimal,attacker")
    return build_report(options, out, games=games or 200_000, sweep=sweep, bots=pair, seed=seed,
                        workers=workers, backend=backend, address=address)
