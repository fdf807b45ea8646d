"""What the games' exact odds share: distributions as dicts of exact fractions, made JSON-ready,
and printed as one table.  Each game's own odds live in its package (``brawl/games/<game>/odds.py``,
named in its entry) and are built from :mod:`brawl.core.dice` chance events and the game's
mechanics, so they agree with the rules by construction.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any


def add(dist: dict, key: Any, p: Fraction) -> None:
    dist[key] = dist.get(key, Fraction(0)) + p


def sorted_dist(dist: dict) -> dict:
    return {k: dist[k] for k in sorted(dist)}


def jsonable(report: dict) -> dict:
    """Fractions as floats, beside their exact text."""
    out = {}
    for k, v in report.items():
        if isinstance(v, Fraction):
            out[k] = float(v)
            out[k + "_exact"] = str(v)
        elif isinstance(v, dict):
            out[k] = {str(a): float(b) for a, b in v.items()}
        else:
            out[k] = v
    return out


def show(game: str, title: str, columns: list[tuple[str, dict]], rows: list[tuple[str, str]],
         dists: list[tuple[str, str]], as_json: bool) -> None:
    """Print ``columns`` (name, report) as JSON, or as a table: a row per ``(label, key)`` of
    ``rows`` and a row per value of each distribution in ``dists``."""
    if as_json:
        print(json.dumps({"game": game, "cases": [jsonable(c) for _, c in columns]}))
        return
    from rich.table import Table

    from ..cli.app import console

    console.print(title, markup=False)
    table = Table(show_header=True, header_style="bold")
    table.add_column("")
    for name, _ in columns:
        table.add_column(name, justify="right")
    for label, key in rows:
        table.add_row(label, *(f"{float(c[key]):.4f} ({c[key]})" for _, c in columns))
    for label, key in dists:
        values = sorted(set().union(*(c[key] for _, c in columns)))
        for v in values:
            table.add_row(f"{label} {v}", *(f"{float(c[key].get(v, 0)):.4f}" for _, c in columns))
    console.print(table)
