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

STYLE = ("<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;line-height:1.45}"
         "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
         "img{max-width:100%}</style>")


def page_head(title: str) -> list[str]:
    return [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
            STYLE + "</head><body>"]


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
    return f"<h2>{e(title)}</h2><img src='{file}' alt='{e(title)}'><p>{e(caption)}</p>"


def write_page(out: Path, parts: list[str]) -> Path:
    """Close the page and write it as ``out/index.html``."""
    page = out / "index.html"
    page.write_text("\n".join(parts + ["</body></html>"]), encoding="utf-8")
    return page
