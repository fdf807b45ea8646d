"""The review's judgement labels (best, good, inaccuracy, mistake, blunder) can be read wherever they
show: on a panel and on the highlighted row of the decision shown now, in the light and the dark
scheme (WCAG AA for text: a contrast ratio of at least 4.5).  The browser test with axe meets the
highlighted row only when the game it reviews has that judgement at that step; this reads the
colours from the stylesheets, so every label is checked every time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "brawl" / "web" / "static"
LABELS = ["best", "good", "inaccuracy", "mistake", "blunder", "uncertain"]


def full(colour: str) -> str:
    """``#rgb`` as ``#rrggbb``."""
    return "#" + "".join(c * 2 for c in colour[1:]) if len(colour) == 4 else colour.lower()


def variables(css: str) -> dict[str, dict[str, str]]:
    """The light and the dark scheme's colour variables of style.css (``--name: #rrggbb``)."""
    light = css[:css.index("prefers-color-scheme: dark")]
    dark = css[css.index("prefers-color-scheme: dark"):]
    dark = dark[:dark.index("}") + 1]
    found = {}
    for scheme, text in (("light", light), ("dark", dark)):
        found[scheme] = {name: full(colour) for name, colour in re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b", text)}
    found["dark"] = {**found["light"], **found["dark"]}
    return found


def label_colours(css: str, palette: dict[str, str], scheme: str) -> dict[str, str]:
    """Each judgement label's text colour in one scheme (a variable or a literal; the dark block's
    own rules after the light ones)."""
    colours = {}
    dark = re.compile(r"@media \(prefers-color-scheme: dark\)\s*\{(.*?)\n\}", re.S)
    blocks = [dark.sub("", css)]
    if scheme == "dark":
        blocks += dark.findall(css)
    for block in blocks:
        for selector, colour in re.findall(r"(\.judgement\.[\w\s.,]+?)\{\s*color:\s*([^;]+);", block):
            value = palette[colour[6:-1]] if colour.startswith("var(") else full(colour.strip())
            for name in re.findall(r"\.judgement\.(\w+)", selector):
                colours[name] = value
    return colours


def channel(c: int) -> float:
    c = c / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def mix(a: str, b: str, share: float) -> str:
    """CSS ``color-mix(in srgb, a share, b)``."""
    return "#" + "".join(f"{round(int(a[i:i + 2], 16) * share + int(b[i:i + 2], 16) * (1 - share)):02x}" for i in (1, 3, 5))


def contrast(a: str, b: str) -> float:
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_judgement_label_reads_on_a_panel_and_on_the_current_row(scheme):
    palette = variables((STATIC / "style.css").read_text())[scheme]
    review = (STATIC / "review.css").read_text()
    share = re.search(r"li\.current\s*\{\s*background:\s*color-mix\(in srgb, var\(--accent\) (\d+)%, transparent\)", review)
    assert share, "the current row's highlight is read from review.css"
    panel = palette["panel"]
    current = mix(palette["accent"], panel, int(share.group(1)) / 100)
    colours = label_colours(review, palette, scheme)
    assert sorted(colours) == sorted(LABELS)
    low = {name: round(min(contrast(c, panel), contrast(c, current)), 2) for name, c in colours.items()}
    assert {name: ratio for name, ratio in low.items() if ratio < 4.5} == {}, low
