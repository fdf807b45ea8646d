"""Kniggits refusals about armies on a Spanish page: a ready-made army the player asked for is named
in Spanish, never by its typed code ("cavalry"); where a refusal lists what may be typed, each code
stays and its Spanish name stands beside it ("horde (horda)")."""

from __future__ import annotations

import itertools
import re

import pytest

from brawl.core.game import IllegalAction
from brawl.games.kniggits.army import PRESETS, preset_names
from brawl.games.kniggits.lang import ES
from brawl.games.kniggits.words import PRESET_WORDS
from brawl.games.lang import catalogue
from tests.games.kniggits.helpers import game

# the Spanish name beside each code, as the army's label in the catalogue names it
PRESET_CODES_ES = {"balanced": "equilibrado", "heavy": "pesado", "horde": "horda", "archers": "con arqueros",
                   "cavalry": "caballería", "duelists": "duelistas", "jouster": "justador"}
CODE = re.compile(r"\b(" + "|".join(PRESETS) + r")\b")
RULES = ("archers", "horses", "two_swords")  # the options that add ready-made armies
OPTION_SETS = [dict(zip(RULES, on)) for on in itertools.product((False, True), repeat=len(RULES))]
OPTION_SETS.append({"scenario": "joust"})


@pytest.fixture(scope="module")
def cat():
    return catalogue("es", ("kniggits",))


def refusal(g, action: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        g.apply_action(g.initial_state(), 0, action)
    return str(refused.value)


def codes_only_beside_their_names(spanish: str) -> None:
    """Every army code in ``spanish`` is a code to type, with its Spanish name in brackets after it."""
    for m in CODE.finditer(spanish):
        beside = f" ({PRESET_CODES_ES[m.group(1)]})"
        assert spanish[m.end():].startswith(beside), (m.group(1), spanish)


def test_every_ready_made_army_has_a_spanish_name():
    assert set(PRESET_CODES_ES) == set(PRESETS) == set(PRESET_WORDS)
    for code in PRESETS:  # the name beside a code is the one the army's label gives it
        assert PRESET_CODES_ES[code].split()[-1] in ES[PRESET_WORDS[code]], code


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(k for k, v in o.items() if v) or "plain")
def test_an_army_not_on_offer_is_named_in_spanish(cat, options):
    g = game(**options)
    offered = preset_names(g.options)
    for code in PRESETS:
        if code in offered:
            continue
        text = refusal(g, f"army:{code}")
        assert text.startswith(f"the ready-made {code} army is not available"), text
        spanish = cat.translate(text)
        assert spanish is not None and ("no está disponible" in spanish or "no están disponibles" in spanish), text
        head, listed = spanish.split("; ejércitos ya hechos: ")
        assert not CODE.search(head), spanish  # the army asked for: by its Spanish name
        assert PRESET_CODES_ES[code] in head, spanish
        # the armies on offer: the codes to type, each with its Spanish name
        assert listed == ", ".join(f"{c} ({PRESET_CODES_ES[c]})" for c in offered), spanish
        codes_only_beside_their_names(spanish)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(k for k, v in o.items() if v) or "plain")
def test_the_armies_to_type_keep_their_codes_with_spanish_names(cat, options):
    g = game(**options)
    offered = preset_names(g.options)
    for action in ("rock", "army:nonsense"):  # no army yet; an army written wrong
        text = refusal(g, action)
        assert ", ".join(offered) in text, text
        spanish = cat.translate(text)
        assert spanish is not None, text
        for code in offered:
            assert f"{code} ({PRESET_CODES_ES[code]})" in spanish, spanish
        codes_only_beside_their_names(spanish)
        assert not re.search(r"\b(ready-made|army|choose|take)\b", spanish), spanish


def test_the_browser_gets_the_same_words(cat):
    """The page translates with the catalogue's JSON: the codes' entries and the templates are in it."""
    data = cat.to_json()
    assert data["exact"]["cavalry"] == "cavalry (caballería)"
    patterns = [re.compile(t[0]) for t in data["templates"]]
    text = "the ready-made duelists army is not available with these options; ready-made armies: balanced, heavy"
    assert any(p.match(text) and "duelistas" in t[1] for p, t in zip(patterns, data["templates"]))
