"""The ``brawl`` command.  Each group of subcommands lives in its own module and registers itself
on :data:`app`; the list below names them."""

from __future__ import annotations

from importlib import import_module

from .app import app

COMMAND_MODULES = [
    "brawl.cli.play",
    "brawl.cli.sim",
    "brawl.cli.solve",
    "brawl.cli.serve",
    "brawl.cli.ladder",
    "brawl.cli.review",
]

for _name in COMMAND_MODULES:
    import_module(_name)


def main() -> None:
    app()


__all__ = ["app", "main"]
