"""What every ``brawl analyze`` report shares: 95% intervals, running batch simulations (here or
as one Ray sweep), plot helpers and the HTML page."""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from ..core.game import BrawlError

Z = 1.959963984540054
BACKENDS = ("local", "ray")


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """Rate and 95% Wilson interval."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = k / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def quantile(values: Iterable[float], q: float) -> float:
    """The value at share ``q`` of the sorted ``values`` (0.5 the median, 0.9 the 90th percentile;
    0.0 when there are none): the time-per-decision figures of the bot benchmarks."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def options_from_pairs(pairs: Iterable[str]) -> dict:
    """Game options from ``key=value`` words, each value read as JSON when it is JSON (``hp=8``,
    ``classes=true``) and as text otherwise (``terrain=open``)."""
    import json

    options: dict = {}
    for item in pairs:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def mean_ci(counts: dict[int, int]) -> tuple[float, float, float]:
    """Mean and 95% normal interval of a distribution given as ``{value: count}``."""
    n = sum(counts.values())
    if n == 0:
        return 0.0, 0.0, 0.0
    t = np.array(list(counts.keys()), float)
    c = np.array(list(counts.values()), float)
    m = float((t * c).sum() / n)
    var = float(((t - m) ** 2 * c).sum() / max(1, n - 1))
    half = Z * math.sqrt(var / n)
    return m, m - half, m + half


def median(counts: dict[int, int]) -> int:
    """The smallest value with at least half the counts at or below it."""
    n = sum(counts.values())
    seen = 0
    for v in sorted(counts):
        seen += counts[v]
        if 2 * seen >= n:
            return v
    return 0


def pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def rate_text(r: Sequence[float]) -> str:
    """A rate with its interval: ``52.10% (51.60% to 52.60%)``."""
    return f"{pct(r[0])} ({pct(r[1])} to {pct(r[2])})"


def mean_text(m: Sequence[float]) -> str:
    return f"{m[0]:.2f} ({m[1]:.2f} to {m[2]:.2f})"


def check_backend(backend: str) -> None:
    if backend not in BACKENDS:
        raise BrawlError(f"unknown backend {backend!r}; use local or ray")


def run_batch(game: str, specs: list, workers: int | None = None, backend: str = "local",
              address: str | None = None) -> list:
    """Batch runs ``(options, bots, games, seed)`` of ``game``: here, or all at once on a Ray cluster."""
    check_backend(backend)
    if backend == "ray":
        from ..sim.ray_backend import sweep_ray

        return sweep_ray(game, specs, address)
    from ..games import entry

    batch = entry(game).load("batch")
    return [batch.run_range(o, list(b), s, 0, n, workers) for o, b, n, s in specs]


# -- plots -----------------------------------------------------------------------------------------

def pyplot():
    """Matplotlib's pyplot on the file-only backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def errorbars(ax, xs, triples, **kwargs):
    """Points ``(value, low, high)`` at ``xs`` with their intervals as error bars."""
    p = np.asarray(triples, float).reshape(-1, 3)
    kwargs.setdefault("capsize", 3)
    return ax.errorbar(xs, p[:, 0], yerr=[p[:, 0] - p[:, 1], p[:, 2] - p[:, 0]], **kwargs)


def save(fig, out: Path, name: str, dpi: int = 110) -> str:
    fig.tight_layout()
    fig.savefig(out / name, dpi=dpi)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return name


# -- the page --------------------------------------------------------------------------------------

STYLE = ("<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 12px;line-height:1.45}"
         "table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto}"
         "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
         "img{max-width:100%;height:auto}.plot{overflow-x:auto}.plot img{display:block}"
         # a phone keeps the plots wide enough to read (they scroll sideways) and the tables' cells whole
         ".plot p{position:sticky;left:0;max-width:calc(100vw - 24px)}"
         "@media (max-width:700px){.plot img{max-width:none;width:760px}td,th{white-space:nowrap}}</style>")


def page_head(title: str) -> list[str]:
    """The page's head: on a phone the page fits the screen, and wide tables scroll inside themselves."""
    return [f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title>", STYLE + "</head><body>"]


def table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    """An HTML table; cells are escaped."""
    e = html.escape
    parts = ["<table><tr>" + "".join(f"<th>{e(str(h))}</th>" for h in header) + "</tr>"]
    for row in rows:
        parts.append("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in row) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def figure_html(file: str, title: str, caption: str) -> str:
    e = html.escape
    return (f"<h2>{e(title)}</h2><div class='plot'><img src='{file}' alt='{e(title)}'><p>{e(caption)}</p></div>")


def write_page(out: Path, parts: list[str]) -> Path:
    """Close the page and write it as ``out/index.html``."""
    page = out / "index.html"
    page.write_text("\n".join(parts + ["</body></html>"]), encoding="utf-8")
    return page


# -- full-engine runs (games without a batch kernel) ------------------------------------------------

class EngineRun:
    """The totals of one engine run: seat wins, draws, first-mover wins, game lengths, and
    decisions counted by kind (``{seat: {kind: count}}``) when a counter was given."""

    def __init__(self, options: dict, bots: list, games: int = 0) -> None:
        self.options = options
        self.bots = [b if isinstance(b, str) else getattr(b, "label", repr(b)) for b in bots]
        self.games = games
        self.wins = [0] * len(bots)
        self.draws = 0
        self.first_mover_wins = 0
        self.turn_counts: dict[int, int] = {}
        self.decisions: dict[int, dict[str, int]] = {}
        self.per_game: dict[str, dict[int, int]] = {}  # kind -> {times in one game (1 or more): games}

    def merge(self, other: "EngineRun") -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.draws += other.draws
        self.first_mover_wins += other.first_mover_wins
        for k, v in other.turn_counts.items():
            self.turn_counts[k] = self.turn_counts.get(k, 0) + v
        for seat, counts in other.decisions.items():
            mine = self.decisions.setdefault(seat, {})
            for kind, c in counts.items():
                mine[kind] = mine.get(kind, 0) + c
        for kind, dist in other.per_game.items():
            mine = self.per_game.setdefault(kind, {})
            for k, v in dist.items():
                mine[k] = mine.get(k, 0) + v

    def per_game_counts(self, kind: str) -> dict[int, int]:
        """``{times in one game: games}`` for decisions of ``kind`` (games without one included)."""
        dist = dict(self.per_game.get(kind, {}))
        dist[0] = dist.get(0, 0) + self.games - sum(dist.values())
        return dist

    def summary(self) -> dict:
        """Every rate with its 95% interval, as ``data.json`` stores it."""
        n = self.games
        return {"options": self.options, "bots": self.bots, "games": n, "wins": list(self.wins), "draws": self.draws,
                "win_rates": [wilson(w, n) for w in self.wins], "draw_rate": wilson(self.draws, n),
                "first_mover": wilson(self.first_mover_wins, n), "mean_turns": mean_ci(self.turn_counts),
                "median_turns": median(self.turn_counts)}


def _make_bots(game_name: str, game, bot_specs: list, seed: int) -> list:
    from ..bots import make_bot

    out = []
    for k, spec in enumerate(bot_specs):
        s = seed + k + 1
        out.append(make_bot(game_name, spec, seed=s, game=game) if isinstance(spec, str) else spec(seed=s, game=game))
    return out


def engine_slice(game_name: str, options: dict, bot_specs: list, seed: int, start: int, stop: int,
                 kind_of=None) -> EngineRun:
    """Games ``start`` to ``stop`` of an engine run, seeded as :func:`brawl.sim.engine.run_slice`
    (game ``i`` from ``(seed, i)``).  A bot spec is a bot's name or a factory taking ``seed`` and
    ``game`` (a module-level class or a ``functools.partial`` of one, so that it pickles).
    ``kind_of(game, state, seat, action)`` names the kind of each decision to count, or None to
    leave it out."""
    from ..core.sources import SeededDice
    from ..games import make_game
    from ..sim.engine import count_game, game_seed, play_one

    game = make_game(game_name, options)
    run = EngineRun(game.options_json(), list(bot_specs))
    for i in range(start, stop):
        gs = game_seed(seed, i)
        bots = _make_bots(game_name, game, bot_specs, gs)
        tally: dict[str, int] = {}
        note = None
        if kind_of is not None:
            current = {}

            class Counting:
                def __init__(self, bot):
                    self.bot = bot

                def choose(self, g, state, seat):
                    action = self.bot.choose(g, state, seat)
                    current["state"] = state
                    return action

            bots = [Counting(b) for b in bots]

            def note(seat: int, action: str) -> None:
                kind = kind_of(game, current["state"], seat, action)
                if kind:
                    run.decisions.setdefault(seat, {})
                    run.decisions[seat][kind] = run.decisions[seat].get(kind, 0) + 1
                    tally[kind] = tally.get(kind, 0) + 1
        state = play_one(game, bots, SeededDice(gs), on_decision=note)
        count_game(run, game, state)
        for kind, c in tally.items():
            dist = run.per_game.setdefault(kind, {})
            dist[c] = dist.get(c, 0) + 1
    return run


def kernel_seats(bots: list) -> tuple[list, list]:
    """Each seat as the batch kernel takes it: a bot's name, and what the seat is given besides
    (``None``; a factory's ``kernel`` attribute names both, as a report's bot with its own army)."""
    names, extra = [], []
    for b in bots:
        name, more = (b, None) if isinstance(b, str) else (getattr(b, "kernel", None) or (None, None))
        names.append(name)
        extra.append(more)
    return names, extra


def kernel_runs(game: str, specs: list) -> set[int]:
    """The runs the game's compiled kernel plays: every seat a bot the kernel knows (by name, or a
    factory saying which), and options it plays where a seat is given more than its bot."""
    from ..games import entry

    batch = entry(game).load("batch")
    if batch is None:
        return set()
    out = set()
    for k, (o, b, n, _) in enumerate(specs):
        names, extra = kernel_seats(b)
        if n <= 0 or None in names or not batch.can_run(names):
            continue
        unsupported = getattr(batch, "unsupported", None)  # optional: what of the options the kernel lacks
        if unsupported(o) if unsupported is not None else any(x is not None for x in extra):
            continue
        out.add(k)
    return out


def kernel_run(game: str, options: dict, bots: list, games: int, seed: int, workers: int | None = None) -> EngineRun:
    """``games`` games of ``bots`` played by the game's batch kernel, as an :class:`EngineRun`: the
    same rules and bots as the engine's games (the agreement tests play both on one tape), other dice.
    Options the kernel does not play run on the engine inside ``run_range``, which says so."""
    from ..games import entry

    names, extra = kernel_seats(bots)
    more = {"given": tuple(extra)} if any(x is not None for x in extra) else {}
    result = entry(game).load("batch").run_range(options, names, seed, 0, games, workers, **more)
    run = EngineRun(dict(result.options), list(bots), result.games)  # the bots' labels, as the engine's runs
    run.wins = list(result.wins)
    run.draws = result.draws
    run.first_mover_wins = result.first_mover_wins
    run.turn_counts = dict(result.turn_counts)
    return run


def run_engine(game: str, specs: list, workers: int | None = None, backend: str = "local",
               address: str | None = None, kind_of=None, progress=None, piece: int = 4) -> list[EngineRun]:
    """Runs ``(options, bots, games, seed)`` of ``game``.  A run of bots the game's compiled kernel
    plays, with no decisions to count (``kind_of``), is played by the kernel here
    (:func:`kernel_run`); the others by the engine cut into pieces of ``piece`` games:
    in processes here (``workers``, default every core), or as tasks on a Ray cluster.  Each run's
    totals are the same however it is cut (every game has its own seeds).  ``progress(games)`` is
    told as pieces finish (locally)."""
    import os

    check_backend(backend)
    out = [EngineRun(dict(o), list(b)) for o, b, _, _ in specs]
    fast = set() if kind_of is not None else kernel_runs(game, specs)
    for k in sorted(fast):
        o, b, n, s = specs[k]
        out[k] = kernel_run(game, o, b, n, s, workers)
        if progress:
            progress(n)
    tasks = []  # (run index, start, stop)
    for k, (_, _, n, _) in enumerate(specs):
        if k not in fast:
            tasks.extend((k, a, min(a + piece, n)) for a in range(0, n, piece))
    parts: list = []
    if backend == "ray":
        from ..sim.ray_backend import connect

        ray = connect(address)
        remote = ray.remote(engine_slice)
        refs = [remote.remote(game, specs[k][0], specs[k][1], specs[k][3], a, b, kind_of) for k, a, b in tasks]
        parts = ray.get(refs)
    else:
        workers = workers if workers is not None else (os.cpu_count() or 1)
        if workers <= 1 or len(tasks) <= 1:
            for k, a, b in tasks:
                parts.append(engine_slice(game, specs[k][0], specs[k][1], specs[k][3], a, b, kind_of))
                if progress:
                    progress(b - a)
        else:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(engine_slice, game, specs[k][0], specs[k][1], specs[k][3], a, b, kind_of)
                           for k, a, b in tasks]
                for fut, (k, a, b) in zip(futures, tasks):
                    parts.append(fut.result())
                    if progress:
                        progress(b - a)
    for (k, _, _), part in zip(tasks, parts):
        if out[k].games == 0:
            out[k].options = part.options
        out[k].merge(part)
    return out


def ladder_section(ladder) -> tuple[str, dict]:
    """The bot ladder (:mod:`brawl.sim.ladder`) as an HTML table and its JSON."""
    data = ladder.to_json()
    rows = [[k, r["bot"], f"{r['rating']:+.0f}", f"{r['ci95'][0]:+.0f} to {r['ci95'][1]:+.0f}",
             pct(r["score"]), r["games"]] for k, r in enumerate(data["ratings"], 1)]
    order = [r["bot"] for r in data["ratings"]]
    grid = []
    for a in order:
        cells = [a]
        for b in order:
            if a == b:
                cells.append("")
                continue
            points, n = ladder.pairing(a, b)
            cells.append(rate_text(wilson(points, n)))
        grid.append(cells)
    text = (table(["rank", "bot", "rating (Elo scale)", "95% interval", "score", "games"], rows)
            + f"<p>{html.escape(str(ladder.games_per_pairing))} games per pair of bots; {html.escape(data['pairing_rule'])}. "
            "Bradley-Terry strengths fitted by maximum likelihood, 95% intervals from the Fisher information, "
            "draws counted half. The score of each row's bot against each column's:</p>"
            + table(["", *order], grid))
    return text, data


def ladder_figure(plt, out: Path, ladder, games: int, unit: str = "game") -> tuple[str, str, str]:
    """The bot ladder's ratings with their intervals, as (file, title, caption) for the page;
    ``unit`` is what the report calls one game (a Tactics report plays battles)."""
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(ladder.ratings) + 1.5))
    for k, r in enumerate(ladder.ratings):
        ax.errorbar([r.rating], [k], xerr=[[r.rating - r.low], [r.high - r.rating]], fmt="o", capsize=3, color="tab:blue")
    ax.set_yticks(range(len(ladder.ratings)))
    ax.set_yticklabels([r.bot for r in ladder.ratings])
    ax.invert_yaxis()
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("rating, Elo scale (mean bot 0; 95% CI)")
    ax.set_title(f"Bot ladder ({games} {unit}s per pair)", fontsize=10)
    return (save(fig, out, "ladder.png"), "Bot ladder",
            "A round robin between the bots, seats swapped, rated by a Bradley-Terry model (maximum likelihood, "
            f"95% intervals from the Fisher information). A bot that won every {unit} has a wide interval on the "
            "open side.")


def engine_report_from_cli(build_report, games_default: int, sweep_default: str, options: dict, out, *,
                           sweep: str, bots: str | None, games: int | None, seed: int, workers: int | None,
                           backend: str, address: str | None, exact_hp: int, spell_games: int):
    """``brawl analyze`` for a report played on the full engine (Kniggits, Tactics): the command's
    flags checked, then the game's ``build_report``.  The command's default sweep (``hp``, a Krig
    and KtOG option) means the report's own default; ``--bots`` names the ladder's bots."""
    from ..core.game import BrawlError

    if exact_hp != 5 or spell_games != 1000:
        raise BrawlError("--exact-hp and --spell-games are ktog options")
    names = tuple(b.strip() for b in bots.split(",") if b.strip()) if bots else None
    return build_report(options, out, games=games or games_default, sweep=sweep_default if sweep == "hp" else sweep,
                        bots=names, seed=seed, workers=workers, backend=backend, address=address)


def ladder_bots(game_name: str, game, bots, preferred) -> list[str]:
    """The bots of a report's ladder: those asked for, else the ``preferred`` ones the game has;
    each is made once so an unknown name is refused before any game is played."""
    from ..bots import bot_names, make_bot
    from ..core.game import BrawlError

    names = list(bots) if bots else [b for b in preferred if b in bot_names(game_name)]
    for b in names:
        make_bot(game_name, b, seed=0, game=game)
    if len(names) < 2:
        raise BrawlError("the ladder needs at least two bots, e.g. --bots heuristic,random")
    return names
