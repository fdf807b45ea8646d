"""Game text in another language: one catalogue of templates, matched and filled in one place.

The rules speak English, built from a finite set of sentences with blanks ("{who} attacks
{whom}").  A catalogue maps each English template to the same sentence in another language, and
:meth:`Catalogue.translate` finds the template a finished text was made from, translates what
fills its blanks, and writes the other sentence with them.  So the rules stay as they are, and a
text can be translated wherever it is shown (the browser does it with the same compiled patterns,
``static/i18n.js``, from :meth:`Catalogue.to_json`).

Blanks are named, and the name says what may fill it:

- ``{n}``, ``{n2}``, ``{hp}``-like names listed in :data:`NUMBERS`: a number, kept as it is;
- ``{who}``, ``{whom}``, ``{name}``, ``{kid}`` (a kniggit) ... (:data:`NAMES`): a name (a seat, a person, a character),
  kept as it is unless the catalogue's ``names`` table translates it (a party called "Heroes"),
  so a name a player chose is never translated;
- anything else: a text, itself translated (a whole text that fails makes the template fail, and
  the next one is tried).

Templates are tried from the most specific (the most fixed characters) to the least.  A text the
rules capitalised (a log line starts with a capital) is also tried with a small first letter.

Each game's entries live in its package (the entry's ``lang`` part: ``ES``, ``NAMES_ES`` and the
English labels of its option values, ``VALUES``), the shared ones in :mod:`brawl.core.words_es`;
:func:`brawl.games.lang.catalogue` puts them together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

NUMBERS = re.compile(r"^(n|m|k|x|y|hp|max|ft|pct)\d*$")
NAMES = re.compile(r"^(who|whom|name|seat|them|kid)\d*$")
NUMBER = r"([-+]?\d+(?:\.\d+)?)"
NAME = r"([^:;|]+?)"  # a name holds no separator, so "{who}: ..." never swallows a list of clauses
TEXT = r"(.+?)"
_BLANK = re.compile(r"\{(\w+)\}")
# a name and its number: "Player 2", or "Duo (2)" (two parties of one name)
_NUMBERED = re.compile(r"(.*?)(\s*\d+|\s\(\d+\))")


PATTERNS = {"number": NUMBER, "name": NAME, "text": TEXT}


def kind(blank: str) -> str:
    """"number", "name" or "text": what may fill the blank ``{blank}``."""
    if NUMBERS.match(blank):
        return "number"
    if NAMES.match(blank):
        return "name"
    return "text"


@dataclass(frozen=True)
class Template:
    english: str
    other: str
    pattern: str  # a regular expression both Python and JavaScript read the same way
    blanks: tuple[str, ...]
    weight: int  # fixed characters: more is more specific

    @classmethod
    def of(cls, english: str, other: str) -> "Template":
        parts = _BLANK.split(english)  # literal, blank, literal, blank, ..., literal
        literals, blanks = parts[0::2], tuple(parts[1::2])
        missing = set(_BLANK.findall(other)) - set(blanks)
        if missing:
            raise ValueError(f"{other!r} uses blanks {sorted(missing)} that {english!r} has not")
        pattern = "^" + "".join(
            re.escape(lit) + (PATTERNS[kind(blanks[i])] if i < len(blanks) else "")
            for i, lit in enumerate(literals)) + "$"
        return cls(english, other, pattern, blanks, sum(len(lit) for lit in literals))


@dataclass
class Catalogue:
    """English text to one other language: exact sentences, templates with blanks, and names."""

    exact: dict[str, str] = field(default_factory=dict)
    templates: list[Template] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def build(cls, entries: Iterable[Mapping[str, str]], names: Iterable[Mapping[str, str]] = ()) -> "Catalogue":
        cat = cls()
        for table in entries:
            for english, other in table.items():
                if _BLANK.search(english):
                    cat.templates.append(Template.of(english, other))
                else:
                    cat.exact[english] = other
        for table in names:
            cat.names.update(table)
        cat.templates.sort(key=lambda t: -t.weight)  # stable: equal weights keep the catalogue's order
        cat._compiled = [(re.compile(t.pattern, re.S), t) for t in cat.templates]
        return cat

    def name(self, text: str) -> str:
        """A name: translated only when the names table has it ("Heroes"), else kept."""
        if text in self.names:
            return self.names[text]
        if ", " in text:  # a list of names: "Player 2, Player 3"
            return ", ".join(self.name(part) for part in text.split(", "))
        m = _NUMBERED.fullmatch(text)  # "Player 2", "Duo (2)": the table's name and the number
        if m and m.group(1) in self.names:
            return self.names[m.group(1)] + m.group(2)
        return text

    def is_name(self, text: str) -> bool:
        """Whether ``text`` is one of the names table's names, or a list of them ("Player 1, Player 3")."""
        def known(part: str) -> bool:
            m = _NUMBERED.fullmatch(part)
            return part in self.names or bool(m and m.group(1) in self.names)
        return all(known(part) for part in text.split(", "))

    def translate(self, text: str, _depth: int = 0) -> str | None:
        """``text`` in the other language, or None when no entry makes it."""
        if text in self.exact:
            return self.exact[text]
        if text == "" or _depth > 12:
            return text if text == "" else None
        if re.fullmatch(NUMBER[1:-1], text):
            return text
        if self.is_name(text):  # a name and nothing else ("Player 2", "Ada", "Player 1, Player 3")
            return self.name(text)
        found = self._match(text, _depth)
        if text[:1].isupper() and text[:1].lower() != text[:1]:
            # a log line capitalised from a small-letter template: that template, unless the
            # capitalised text has one as specific ("Turn 1: A1 moves ..." is "turn {n}: {text}",
            # not the generic "{a} ({b})")
            lower = self._match(text[:1].lower() + text[1:], _depth)
            if lower is not None and (found is None or lower[1] > found[1]):
                found = (lower[0][:1].upper() + lower[0][1:], lower[1])
        return None if found is None else found[0]

    def _match(self, text: str, depth: int) -> tuple[str, float] | None:
        """The translation by the first template that makes it, with that template's weight (an
        exact entry weighs most)."""
        if text in self.exact:
            return self.exact[text], float("inf")
        for regex, t in self._compiled:
            m = regex.match(text)
            if m is None:
                continue
            filled = {}
            for blank, value in zip(t.blanks, m.groups()):
                k = kind(blank)
                if k == "number":
                    filled[blank] = value
                elif k == "name":
                    filled[blank] = self.name(value)
                else:
                    inner = self.translate(value, depth + 1)
                    if inner is None:
                        break
                    filled[blank] = inner
            else:
                return _BLANK.sub(lambda b: filled[b.group(1)], t.other), t.weight
        return None

    def show(self, text: str) -> str:
        """``text`` translated, or as it is when no entry makes it."""
        found = self.translate(text)
        return text if found is None else found

    def to_json(self) -> dict:
        """What the browser needs: the exact sentences, the compiled templates and the names."""
        return {"exact": self.exact, "names": self.names,
                "templates": [[t.pattern, t.other, list(t.blanks), [kind(b) for b in t.blanks], t.weight]
                              for t in self.templates]}
