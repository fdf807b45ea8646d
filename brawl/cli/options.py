"""Game options from the command line: ``--hp 15 --edition article --stand-at-zero --no-cure-cap``.

Every game's options are a Pydantic model; this turns the leftover command-line words into a dict
for it, so each game's options appear as flags without the CLI knowing them one by one."""

from __future__ import annotations

from typing import Any

from ..core.game import BrawlError, Game


class CliOptionError(BrawlError):
    pass


def _is_bool(game_cls: type[Game], name: str) -> bool:
    field = game_cls.Options.model_fields[name]
    return field.annotation is bool


def parse_game_options(game_cls: type[Game], args: list[str]) -> dict[str, Any]:
    fields = game_cls.Options.model_fields
    known = ", ".join("--" + n.replace("_", "-") for n in fields) or "(none)"
    out: dict[str, Any] = {}
    i = 0
    while i < len(args):
        word = args[i]
        if not word.startswith("--") or word == "--":
            raise CliOptionError(f"unexpected argument {word!r}; {game_cls.name} options: {known}")
        body = word[2:]
        value: Any = None
        if "=" in body:
            body, value = body.split("=", 1)
        name = body.replace("-", "_")
        negated = False
        if name not in fields and name.startswith("no_") and name[3:] in fields and _is_bool(game_cls, name[3:]):
            name, negated = name[3:], True
        if name not in fields:
            raise CliOptionError(f"unknown option --{body} for {game_cls.name}; options: {known}")
        if _is_bool(game_cls, name):
            if value is None:
                value = not negated
        elif value is None:
            if i + 1 >= len(args) or args[i + 1].startswith("--"):
                raise CliOptionError(f"--{body} needs a value")
            i += 1
            value = args[i]
        out[name] = value
        i += 1
    return out
